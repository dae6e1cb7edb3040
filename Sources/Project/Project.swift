import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Foundation
import ManifestReading
import Paths
import ResourceGeneration
import Rules
import Scaffolding

/// A repository opened once: its configuration found and loaded, its packages discovered and read. Every
/// command asks it (`check`, `graph`, `new`, `resources`); the dependency graph is built the first time a use
/// case needs it.
public final class Project {
    /// The repository root as the user gave it; paths in messages start with it.
    public let root: String
    public let model: LayerModel
    public let reader: ManifestReader
    public let workspace: Workspace
    public let timings: StageTimings?

    /// Every local target in its layer, and the edges between them.
    public private(set) lazy var graph: DependencyGraph = timings.measure("graph") {
        DependencyGraph(workspace: workspace, model: model)
    }

    /// The rule identifiers a configuration may name.
    public static var knownRules: Set<String> { RuleRegistry.identifiers }

    init(root: String, model: LayerModel, reader: ManifestReader, workspace: Workspace, timings: StageTimings?) {
        self.root = root
        self.model = model
        self.reader = reader
        self.workspace = workspace
        self.timings = timings
    }

    /// Loads the configuration (`configuration`, else `<root>/componentize.yml`, else the four-layer preset)
    /// and reads every package under `root` and every package they reach by path.
    public static func open(at root: String, configuration: String? = nil, reader: ManifestReader,
                            timings: StageTimings? = nil) throws -> Project {
        let model = try timings.measure("configuration") { try loadModel(root: root, configuration: configuration) }
        let workspace = try timings.measure("discovery and manifests") {
            try PackageDiscovery(reader: reader, exclude: model.exclude).discover(root: root)
        }
        return Project(root: root, model: model, reader: reader, workspace: workspace, timings: timings)
    }

    static func loadModel(root: String, configuration: String?) throws -> LayerModel {
        let loader = ConfigurationLoader(knownRules: knownRules)
        if let configuration {
            guard FileManager.default.fileExists(atPath: configuration) else {
                throw InputError("no such configuration file", at: FileLocation(path: configuration))
            }
            guard let text = try? String(contentsOfFile: configuration, encoding: .utf8) else {
                throw InputError("cannot read the configuration as UTF-8 text", at: FileLocation(path: configuration))
            }
            return try loader.parse(text, path: configuration)
        }
        var model = try loader.load(repositoryRoot: root)
        if model.source.hasSuffix(ConfigurationLoader.fileName) {
            // Locations name the file as the user would: relative to where they pointed.
            model.relocate(to: PathArithmetic.join(root, ConfigurationLoader.fileName))
        }
        return model
    }

    // MARK: Use cases

    /// The layering check: every rule over the graph, with configured severities and exceptions applied.
    public func check(today: String) throws -> ProjectCheck {
        let graph = self.graph
        if model.strict { try Self.checkGlobsMatch(graph) }
        let result = timings.measure("rules") { LayerChecker(today: today).check(graph) }
        let notes = workspace.declines.map { declined in
            Note("read with swift package dump-package: \(declined.reason)", at: declined.location)
        } + workspace.notes
        return ProjectCheck(graph: graph, result: result, notes: notes)
    }

    /// What `componentize new` would write, refused when `check` would reject it.
    public func plan(newComponent request: ScaffoldRequest, today: String) throws -> ScaffoldPlan {
        try Scaffolder(root: root, model: model, workspace: workspace, graph: graph, today: today,
                       toolchainVersion: reader.staticReader.toolchainVersion).plan(request)
    }

    /// Generates (or, with `options.check`, compares) the resource accessors of every package inside the root.
    public func generateResources(_ options: ResourceGenerationRun.Options) throws -> ResourceGenerationRun.Outcome {
        var options = options
        if options.outputDirectory == nil { options.outputDirectory = model.resourcesOutputDirectory }
        let packages = workspace.packages.filter { !$0.relativeDirectory.hasPrefix("..") }.map {
            ResourceGenerationRun.Package(manifestPath: $0.manifestPath, manifest: $0.manifest)
        }
        return try ResourceGenerationRun(root: root, options: options).run(packages: packages)
    }

    /// With `strict: true`, a layer glob that matches no target, package or folder is a configuration error.
    static func checkGlobsMatch(_ graph: DependencyGraph) throws {
        let names = graph.targetNames.union(graph.workspace.packages.map(\.manifest.name))
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

    /// Today in UTC as `YYYY-MM-DD`, or `COMPONENTIZE_TODAY` when set (for reproducible runs).
    public static func today(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let fixed = environment["COMPONENTIZE_TODAY"], !fixed.isEmpty {
            guard ConfigurationLoader.isDate(fixed) else {
                throw InputError("COMPONENTIZE_TODAY='\(fixed)' is not a date: write it as YYYY-MM-DD, e.g. 2026-06-01")
            }
            return fixed
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

/// The outcome of `Project.check`: the graph it ran on, the findings, and notes on how packages were read.
public struct ProjectCheck {
    public var graph: DependencyGraph
    public var result: CheckResult
    /// Not findings: e.g. a manifest SwiftPM read because the static reader declined it.
    public var notes: [Note]
}

extension LayerModel {
    /// Points every location at `path` (the configuration as the user names it).
    mutating func relocate(to path: String) {
        source = path
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
