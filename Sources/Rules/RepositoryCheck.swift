import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Foundation
import ManifestReading

/// The whole check of a repository: configuration → discovery → manifests → graph → rules.
public struct RepositoryCheck: Sendable {
    public var root: String
    public var reader: ManifestReader
    public var today: String
    /// A configuration file other than `<root>/componentize.yml`.
    public var configurationPath: String?
    public init(root: String, reader: ManifestReader, today: String, configurationPath: String? = nil) {
        self.root = root
        self.reader = reader
        self.today = today
        self.configurationPath = configurationPath
    }

    public func loadModel() throws -> LayerModel {
        let loader = ConfigurationLoader(knownRules: RuleRegistry.identifiers)
        if let configurationPath {
            guard FileManager.default.fileExists(atPath: configurationPath) else {
                throw InputError("no such configuration file", at: FileLocation(path: configurationPath))
            }
            guard let text = try? String(contentsOfFile: configurationPath, encoding: .utf8) else {
                throw InputError("cannot read the configuration as UTF-8 text", at: FileLocation(path: configurationPath))
            }
            return try loader.parse(text, path: configurationPath)
        }
        var model = try loader.load(repositoryRoot: root)
        if model.source.hasSuffix(ConfigurationLoader.fileName) {
            model.source = PackageDiscoveryPaths.display(model.source, root: root)
            model.relocate(to: model.source)
        }
        return model
    }

    public func graph(timings: StageTimings? = nil) throws -> DependencyGraph {
        let model = try timings.measure("configuration") { try loadModel() }
        let workspace = try timings.measure("discovery and manifests") {
            try PackageDiscovery(reader: reader, exclude: model.exclude).discover(root: root)
        }
        let graph = timings.measure("graph") { DependencyGraph(workspace: workspace, model: model) }
        if model.strict { try Self.checkGlobsMatch(graph) }
        return graph
    }

    public func run(timings: StageTimings? = nil) throws -> (DependencyGraph, CheckResult) {
        let graph = try graph(timings: timings)
        let result = timings.measure("rules") { LayerChecker(today: today).check(graph) }
        return (graph, result)
    }

    /// With `strict: true`, a layer glob that matches no target, package or folder is a configuration error.
    static func checkGlobsMatch(_ graph: DependencyGraph) throws {
        let names = Set(graph.targets.values.map(\.id.name)).union(graph.workspace.packages.map(\.manifest.name))
        let folders = graph.workspace.packages.map(\.relativeDirectory)
        for layer in graph.model.layers {
            for glob in layer.members where !names.contains(where: glob.matches) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no target or package (strict is on)", at: glob.location)
            }
            for glob in layer.paths where !folders.contains(where: glob.matchesPath) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no package folder (strict is on)", at: glob.location)
            }
        }
    }
}

enum PackageDiscoveryPaths {
    /// `componentize.yml` relative to where the user pointed (`fixtures/App/componentize.yml`).
    static func display(_ path: String, root: String) -> String {
        let file = (path as NSString).lastPathComponent
        return root == "." ? file : (root as NSString).appendingPathComponent(file)
    }
}

extension LayerModel {
    /// Points every location at `path` (the configuration as the user names it).
    mutating func relocate(to path: String) {
        func moved(_ location: FileLocation?) -> FileLocation? {
            location.map { FileLocation(path: path, line: $0.line, column: $0.column) }
        }
        for index in layers.indices {
            layers[index].location = moved(layers[index].location)
            layers[index].members = layers[index].members.map { var glob = $0; glob.location = moved(glob.location); return glob }
            layers[index].paths = layers[index].paths.map { var glob = $0; glob.location = moved(glob.location); return glob }
        }
        for index in exceptions.indices { exceptions[index].location = moved(exceptions[index].location) }
    }
}

/// Wall-clock time per stage of a check, for `--timings`.
public final class StageTimings: @unchecked Sendable {
    public private(set) var stages: [(name: String, seconds: Double)] = []

    public init() {}

    func record<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer { stages.append((name, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)) }
        return try body()
    }

    public var report: String {
        stages.map { "\($0.name): \(String(format: "%.1f", $0.seconds * 1000)) ms" }.joined(separator: "\n")
    }
}

extension Optional where Wrapped == StageTimings {
    func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        guard let timings = self else { return try body() }
        return try timings.record(name, body)
    }
}
