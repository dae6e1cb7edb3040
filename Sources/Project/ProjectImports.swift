import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Parallel
import RuntimeWiring
import Scaffolding
import SourceImports

extension Project {
    /// The graph with what every target's sources import, as the configuration's `imports:` section says, and notes on
    /// the files that could not be read. The checkouts of outside packages are read while the sources are.
    func readImports() -> (graph: DependencyGraph, notes: [Note]) {
        graph(with: layering.configuration)
    }

    /// The graph of the repository in the layers of `configuration`, with the sources' imports.
    func graph(with configuration: Configuration) -> (graph: DependencyGraph, notes: [Note]) {
        let packages = workspace.packages.map {
            SourcePackage(key: $0.relativeDirectory, directory: $0.folder, manifestPath: $0.manifestPath, targets: $0.manifest.targets, kind: $0.kind)
        }
        var (facts, notes) = timings.measure("sources and imports") { importFacts(of: packages, for: configuration) }
        // The runtime wiring stage needs only the source pass; the graph needs it only to match calls: they run side by side.
        let (sources, fileSystem, timings) = (Self.wiringSources(taking: &facts.targets, in: packages), self.fileSystem, self.timings)
        let (wiring, unwired) = concurrently(
            { timings.measure("runtime wiring") { WiringPass.wiring(of: sources, fileSystem: fileSystem) } },
            { timings.measure("graph") { [facts, workspace] in DependencyGraph(workspace: workspace, model: configuration, imports: facts) } })
        var graph = timings.measure("calls matched") { unwired.withWiring(wiring) }
        // The use stage: which dependencies nothing imports the code uses nonetheless (a member of their extensions).
        if let unimported = graph.imports?.unimported, !unimported.isEmpty {
            let uses = timings.measure("uses without import") {
                Self.usesWithoutImport(unimported, read: facts.targets, workspace: workspace, fileSystem: fileSystem)
            }
            graph = graph.withUses(uses)
        }
        if retainsImportFacts { retainedImports = (facts, wiring) } else { releaseInBackground(facts) }
        return (graph, notes)
    }

    private func importFacts(of packages: [SourcePackage], for configuration: Configuration) -> (ImportFacts, [Note]) {
        let (workspace, reader, fileSystem) = (self.workspace, self.reader, self.fileSystem)
        let ((checkouts, checkoutNotes), (imports, notes)) = concurrently(
            { Checkouts.read(of: workspace, reader: reader, fileSystem: fileSystem) },
            { SourcePass.imports(of: packages, fileSystem: fileSystem, marking: WiringPass.markers) })
        let facts = ImportFacts(targets: imports, external: ExternalModules(checkouts.map(ExternalPackage.init)),
                                systemModules: DependencyGraph.systemModules.union(configuration.imports.system), ignore: configuration.imports.ignore,
                                reexports: Self.reexports(configuration))
        return (facts, notes + checkoutNotes)
    }

    /// The files the source pass marked as holding wiring words (their bytes taken out of `imports`, which no later
    /// stage needs), and the service lists, of each target that has some.
    static func wiringSources(taking imports: inout [TargetImports], in packages: [SourcePackage]) -> [WiringSources] {
        let byKey = Dictionary(packages.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var sources: [WiringSources] = []
        for index in imports.indices where !imports[index].markedFiles.isEmpty || !imports[index].servicePlists.isEmpty {
            let target = imports[index]
            imports[index].markedFiles = []
            guard let package = byKey[target.package] else { continue }
            sources.append(WiringSources(
                package: target.package, target: target.target, directory: package.directory,
                files: target.markedFiles.map { WiringSources.File(path: $0.path, shown: package.shownPath(of: $0.path), bytes: $0.bytes) },
                servicePlists: target.servicePlists.map { WiringSources.File(path: $0, shown: package.shownPath(of: $0)) },
                constantFiles: otherCFamilyFiles(of: target).map { WiringSources.File(path: $0, shown: package.shownPath(of: $0)) }))
        }
        return sources
    }

    /// A target's Objective-C and C files the source pass did not mark: where the constants its wiring names may be.
    private static func otherCFamilyFiles(of target: TargetImports) -> [String] {
        let marked = Set(target.markedFiles.map(\.path))
        return target.files.filter { file in
            !marked.contains(file) && ["h", "m", "mm", "c", "hpp", "hh"].contains { file.hasSuffix("." + $0) }
        }
    }

    /// The built-in table of well-known re-exports (`imports/known-reexports.yml`), with `imports.reexports` over it.
    static func reexports(_ configuration: Configuration) -> [String: Set<String>] {
        let path = "imports/known-reexports.yml"
        let table = (try? TemplateLibrary().files[path].map { try ConfigurationLoader(knownRules: knownRules).parse($0, path: path).imports.reexports }) ?? nil
        var reexports = (table ?? [:]).mapValues(Set.init)
        for (module, modules) in configuration.imports.reexports { reexports[module] = Set(modules) }
        return reexports
    }
}
