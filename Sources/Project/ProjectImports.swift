import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import RuntimeWiring
import SourceImports

extension Project {
    /// The graph with what every target's sources import, as the configuration's `imports:` section says, and notes on
    /// the files that could not be read. The checkouts of outside packages are read while the sources are.
    func readImports() -> (graph: DependencyGraph, notes: [Note]) {
        graph(with: layering.configuration)
    }

    /// The graph of the repository in the layers of `configuration`, with the sources' imports: the source pass (beside
    /// the checkouts), the runtime wiring stage (beside the graph), the calls matched, then the use stage.
    func graph(with configuration: Configuration) -> (graph: DependencyGraph, notes: [Note]) {
        let packages = workspace.packages.map {
            SourcePackage(key: $0.relativeDirectory, directory: $0.folder, manifestPath: $0.manifestPath, targets: $0.manifest.targets, kind: $0.kind)
        }
        var (facts, notes) = timings.measure("sources and imports") {
            ImportFacts.read(of: packages, workspace: workspace, reader: reader, fileSystem: fileSystem, configuration: configuration)
        }
        facts.keepsResolution = retainsImportFacts
        let sources = WiringSources.taking(from: &facts.targets, in: packages)
        let (unwired, wiring) = DependencyGraph.building(workspace: workspace, model: configuration, imports: facts, besideWiringOf: sources,
                                                         fileSystem: fileSystem, timings: timings)
        var graph = timings.measure("calls matched") { unwired.withWiring(wiring) }
        // The use stage: which dependencies nothing imports the code uses nonetheless (a member of their extensions).
        if let unimported = graph.imports?.unimported, !unimported.isEmpty {
            let uses = timings.measure("uses without import") {
                DependencyGraph.usesWithoutImport(unimported, read: facts.targets, workspace: workspace, fileSystem: fileSystem)
            }
            graph = graph.withUses(uses)
        }
        if retainsImportFacts { retainedImports = (facts, wiring) } else { facts.releaseInBackground() }
        return (graph, notes)
    }
}
