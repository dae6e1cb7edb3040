import Configuration
import Diagnostics
import Discovery
import Files
import PackageModel
import Parallel
import RuntimeWiring
import SourceImports
import Templates

extension ImportFacts {
    /// What the graph's import edges are made from: the source pass over `packages` (marking the files the wiring stage
    /// reads), with the outside packages' checkouts read beside it, and the notes of both.
    public static func read(of packages: [SourcePackage], workspace: Workspace, reader: any PackageManifestReading, fileSystem: any FileSystem,
                            configuration: Configuration) -> (ImportFacts, [Note]) {
        let ((checkouts, checkoutNotes), (imports, notes)) = concurrently(
            { Checkouts.read(of: workspace, reader: reader, fileSystem: fileSystem) },
            { SourcePass.imports(of: packages, fileSystem: fileSystem, marking: WiringPass.markers) })
        var facts = ImportFacts(targets: imports, external: ExternalModules(checkouts.map(ExternalPackage.init)),
                                systemModules: DependencyGraph.systemModules.union(configuration.imports.system), ignore: configuration.imports.ignore,
                                reexports: reexports(configuration))
        facts.codelessFiles = codelessFiles(of: workspace, read: imports, fileSystem: fileSystem)
        return (facts, notes + checkoutNotes)
    }

    /// By component mid-migration (a podspec beside a Package.swift), the sources only one of its two builds compiles
    /// that hold no code (a placeholder file): what the pod and the package compile is compared without them.
    static func codelessFiles(of workspace: Workspace, read: [TargetImports], fileSystem: any FileSystem) -> [String: Set<String>] {
        var codeless: [String: Set<String>] = [:]
        for package in workspace.packages {
            guard let pod = package.origin.podspecBeside, pod.otherPods.isEmpty else { continue }
            let packageFiles = Set(read.filter { $0.package == package.relativeDirectory }.flatMap(\.files))
            let podFiles = Set(pod.manifest.targets.flatMap { $0.sources ?? [] })
            let differing = packageFiles.symmetricDifference(podFiles).filter(isCompared).sorted()
            guard !differing.isEmpty else { continue }
            let found = SourcePass.codelessFiles(differing, in: package.folder, fileSystem: fileSystem)
            if !found.isEmpty { codeless[package.relativeDirectory] = found }
        }
        return codeless
    }

    /// The built-in table of well-known re-exports (`imports/known-reexports.yml`), with `imports.reexports` over it.
    public static func reexports(_ configuration: Configuration) -> [String: Set<String>] {
        let path = "imports/known-reexports.yml"
        let table = (try? EmbeddedTemplates.files[path].map { try ConfigurationLoader(knownRules: []).parse($0, path: path).imports.reexports }) ?? nil
        var reexports = (table ?? [:]).mapValues(Set.init)
        for (module, modules) in configuration.imports.reexports { reexports[module] = Set(modules) }
        return reexports
    }

    /// Frees the facts on another thread (a large repository's take a while to free, and nothing waits for it).
    public consuming func releaseInBackground() {
        Parallel.releaseInBackground(self)
    }
}

extension DependencyGraph {
    /// Frees the graph on another thread (a large repository's takes a while to free, and nothing waits for it).
    public consuming func releaseInBackground() {
        Parallel.releaseInBackground(self)
    }

    /// The graph with the sources' imports (its calls not matched yet), built while the runtime wiring stage reads
    /// `sources`: the wiring stage needs only the source pass, and the graph needs the wiring only to match calls.
    public static func building(workspace: Workspace, model configuration: Configuration, imports facts: ImportFacts,
                                besideWiringOf sources: [WiringSources], fileSystem: any FileSystem,
                                timings: StageTimings?) -> (graph: DependencyGraph, wiring: [TargetWiring]) {
        let (wiring, graph) = concurrently(
            { timings.measure("runtime wiring") { WiringPass.wiring(of: sources, fileSystem: fileSystem) } },
            { timings.measure("graph") { DependencyGraph(workspace: workspace, model: configuration, imports: facts) } })
        return (graph, wiring)
    }
}
