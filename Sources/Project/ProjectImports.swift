import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Parallel
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
        let (facts, notes) = timings.measure("sources and imports") { importFacts(for: configuration) }
        var graph = timings.measure("graph") { DependencyGraph(workspace: workspace, model: configuration, imports: facts) }
        // The use stage: which dependencies nothing imports the code uses nonetheless (a member of their extensions).
        if let unimported = graph.imports?.unimported, !unimported.isEmpty {
            let uses = timings.measure("uses without import") {
                Self.usesWithoutImport(unimported, read: facts.targets, workspace: workspace, fileSystem: fileSystem)
            }
            graph = graph.withUses(uses)
        }
        releaseInBackground(facts)
        return (graph, notes)
    }

    private func importFacts(for configuration: Configuration) -> (ImportFacts, [Note]) {
        let packages = workspace.packages.map {
            SourcePackage(key: $0.relativeDirectory, directory: $0.folder, manifestPath: $0.manifestPath, targets: $0.manifest.targets, kind: $0.kind)
        }
        let (workspace, reader, fileSystem) = (self.workspace, self.reader, self.fileSystem)
        let ((checkouts, checkoutNotes), (imports, notes)) = concurrently(
            { Checkouts.read(of: workspace, reader: reader, fileSystem: fileSystem) },
            { SourcePass.imports(of: packages, fileSystem: fileSystem) })
        let facts = ImportFacts(targets: imports, external: ExternalModules(checkouts.map(ExternalPackage.init)),
                                systemModules: DependencyGraph.systemModules.union(configuration.imports.system), ignore: configuration.imports.ignore,
                                reexports: Self.reexports(configuration))
        return (facts, notes + checkoutNotes)
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
