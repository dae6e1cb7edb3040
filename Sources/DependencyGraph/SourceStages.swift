import Configuration
import Diagnostics
import Discovery
import Files
import ManifestReading
import Parallel
import RuntimeWiring
import SourceImports
import Templates

extension ImportFacts {
    /// What the graph's import edges are made from: the source pass over `packages` (marking the files the wiring stage
    /// reads), with the outside packages' checkouts read beside it, and the notes of both.
    public static func read(of packages: [SourcePackage], workspace: Workspace, reader: ManifestReader, fileSystem: any FileSystem,
                            configuration: Configuration) -> (ImportFacts, [Note]) {
        let ((checkouts, checkoutNotes), (imports, notes)) = concurrently(
            { Checkouts.read(of: workspace, reader: reader, fileSystem: fileSystem) },
            { SourcePass.imports(of: packages, fileSystem: fileSystem, marking: WiringPass.markers) })
        let facts = ImportFacts(targets: imports, external: ExternalModules(checkouts.map(ExternalPackage.init)),
                                systemModules: DependencyGraph.systemModules.union(configuration.imports.system), ignore: configuration.imports.ignore,
                                reexports: reexports(configuration))
        return (facts, notes + checkoutNotes)
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
