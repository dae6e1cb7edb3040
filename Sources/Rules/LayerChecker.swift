import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Foundation
import ManifestReading

/// Every rule componentize knows, in report order.
public enum RuleRegistry {
    public static let graphRules: [any Rule.Type] = [
        UpwardDependencyRule.self, HorizontalDependencyRule.self, CycleRule.self, ThirdPartyRule.self,
        UnassignedRule.self, UnresolvedDependencyRule.self,
    ]

    public static var descriptions: [RuleDescription] {
        graphRules.map { $0.description } + [ExceptionExpiredRule.description, ExceptionStaleRule.description]
    }

    public static var identifiers: Set<String> { Set(descriptions.map(\.identifier)) }
}

/// The outcome of a check: findings to report, and what the exceptions excused.
public struct CheckResult: Sendable {
    /// Sorted in report order; severities as configured; `off` rules removed.
    public var findings: [Finding]
    /// Findings an exception excused (not reported as errors).
    public var excused: [Finding]
    public var packageCount: Int
    public var targetCount: Int
    public var declines: [StaticReadDeclined]

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// Runs the rules over a graph and applies the configuration: severities and exceptions.
public struct LayerChecker: Sendable {
    public var today: String

    public init(today: String) {
        self.today = today
    }

    public func check(_ graph: DependencyGraph) -> CheckResult {
        let model = graph.model
        let context = RuleContext(today: today)
        var raw: [Finding] = []
        for rule in RuleRegistry.graphRules {
            raw.append(contentsOf: rule.init().findings(in: graph, context: context))
        }
        var findings: [Finding] = []
        var excused: [Finding] = []
        var usedExceptions: Set<Int> = []
        for finding in raw {
            let match = model.exceptions.indices.first { index in
                let exception = model.exceptions[index]
                return exception.rule == finding.rule && exception.from == finding.key.from && exception.to == finding.key.to
            }
            if let match {
                // An expired exception still names the finding; it is reported once, as exception-expired.
                usedExceptions.insert(match)
                excused.append(finding)
            } else {
                findings.append(finding)
            }
        }
        for (index, exception) in model.exceptions.enumerated() {
            if let expires = exception.expires, expires < today {
                findings.append(ExceptionExpiredRule.finding(for: exception))
            } else if !usedExceptions.contains(index) {
                findings.append(ExceptionStaleRule.finding(for: exception))
            }
        }
        findings = Self.deduplicated(findings).compactMap { finding in
            var finding = finding
            let severity = model.severities[finding.rule] ?? finding.severity
            guard severity != .off else { return nil }
            finding.severity = severity
            return finding
        }
        return CheckResult(
            findings: findings.sorted(by: Finding.reportOrder), excused: Self.deduplicated(excused).sorted(by: Finding.reportOrder),
            packageCount: graph.workspace.packages.count, targetCount: graph.targets.count, declines: graph.workspace.declines)
    }

    /// One finding per rule, edge and place (a product with several targets yields one edge each).
    static func deduplicated(_ findings: [Finding]) -> [Finding] {
        var seen: Set<String> = []
        return findings.filter { seen.insert("\($0.key)|\($0.location)|\($0.message)").inserted }
    }

    /// Today in UTC as `YYYY-MM-DD`, or `COMPONENTIZE_TODAY` when set (for reproducible runs).
    public static func today(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let fixed = environment["COMPONENTIZE_TODAY"], !fixed.isEmpty { return fixed }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

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
