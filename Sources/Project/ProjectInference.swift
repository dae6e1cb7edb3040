import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Files
import LayerInference
import ManifestReading
import PackageModel
import Paths
import Reports
import Rules
import Scaffolding

/// What `componentize init --infer` proposes for a repository: the configuration text, and the baseline of what
/// breaks it today.
public struct InferredConfiguration {
    public var layering: InferredLayering
    /// The componentize.yml to write.
    public var configuration: String
    /// What the inferred layering reports on the repository as it is: recorded in ``baseline``.
    public var findings: [Finding]
    /// Nil when the repository already follows the inferred layering.
    public var baseline: Baseline?
    /// The folder the configuration goes to.
    public var root: String
    public var workspace: Workspace
}

extension Project {
    /// Reads every package under `path` and proposes layers from what depends on what (see ``LayerInference``), with a
    /// baseline of what the proposal reports today, so that `check` passes on the repository as it is.
    /// Declines unless `allowingUnread` when most code is unread (``InferredConfigurationWriter/declining(read:total:unread:)``).
    public static func inferConfiguration(at path: String, strategy: ReaderStrategy, today: Day, allowingUnread: Bool = false) throws -> InferredConfiguration {
        try inferConfiguration(at: path, reader: ManifestReader(strategy: strategy), today: today, allowingUnread: allowingUnread)
    }

    /// The same with this manifest reader.
    public static func inferConfiguration(at path: String, reader: ManifestReader, today: Day, allowingUnread: Bool = false) throws -> InferredConfiguration {
        let fileSystem = CachedFileSystem()
        guard fileSystem.status(of: path).isFolder else {
            throw InputError("no such folder: init --infer reads the repository in it", at: FileLocation(path: path))
        }
        return try open(at: path, reader: reader, fileSystem: fileSystem, searchingUpwards: false)
            .inferConfiguration(today: today, allowingUnread: allowingUnread)
    }

    func inferConfiguration(today: Day, allowingUnread: Bool = false) throws -> InferredConfiguration {
        guard !workspace.packages.isEmpty else {
            throw InputError("no Package.swift under this folder: nothing to infer layers from (use 'componentize init --preset' to start from a preset)",
                             at: FileLocation(path: root))
        }
        var layering = LayerInference().infer(DependencyGraph(workspace: workspace, model: Configuration(layers: [])),
                                                   appTargets: workspace.podfileAppTargets)
        let first = try reported(by: layering, today: today)
        layering.hasMediator = layering.hasMediator || first.wiresThroughMediator
        var findings = first.findings
        if !allowingUnread, let coverage = first.coverage, let reason = InferredConfigurationWriter.declining(
            read: coverage.read, total: workspace.sourceFiles.count, unread: workspace.unreadable.map(\.relativeManifestPath) + coverage.unreadDescriptions) {
            throw InputError(reason, at: FileLocation(path: root))
        }
        // The inference sees declared dependencies; imports between members of an independent layer count too.
        if layering.countDependenciesInside(from: findings.filter { $0.rule == .horizontal }.map(\.key.from), graph: graph) {
            findings = try reported(by: layering, today: today).findings
        }
        let writer = InferredConfigurationWriter(layering: layering)
        let configurationPath = PathArithmetic.join(root, ConfigurationLoader.fileName)
        let loader = ConfigurationLoader(knownRules: Self.knownRules)
        guard !findings.isEmpty else {
            return InferredConfiguration(layering: layering, configuration: try writer.render(), findings: [], baseline: nil, root: root,
                                         workspace: workspace)
        }
        var counts: [RuleID: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        let summary = counts.keys.sorted().map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ")
        let text = try writer.render(baseline: InferredConfigurationWriter.baselineFileName, baselineSummary: summary)
        _ = try loader.parse(text, path: configurationPath)
        return InferredConfiguration(layering: layering, configuration: text, findings: findings, baseline: Baseline(findings: findings),
                                     root: root, workspace: workspace)
    }

    /// What the layering reports, from the configuration as written and read back as `check` will read it: with the
    /// sources' imports, so an undeclared import today is baselined too.
    private func reported(by layering: InferredLayering, today: Day) throws -> (findings: [Finding], coverage: SourceCoverage?, wiresThroughMediator: Bool) {
        let text = try InferredConfigurationWriter(layering: layering).render()
        let inferred = try ConfigurationLoader(knownRules: Self.knownRules).parse(text, path: PathArithmetic.join(root, ConfigurationLoader.fileName))
        let graph = graph(with: inferred).graph
        return (LayerChecker(configuration: inferred, today: today).check(graph).findings, graph.coverage, graph.mediators.map { !$0.provisions.isEmpty } ?? false)
    }
}

extension InferredConfiguration {
    /// The few lines `init --infer` prints (see ``InferredConfigurationWriter/summary(of:findings:unread:baselined:)``).
    public var summary: [String] {
        InferredConfigurationWriter.summary(of: layering, findings: findings, unread: workspace.unreadable.map(\.relativeDirectory),
                                            baselined: baseline != nil)
    }

    /// The name of the baseline file written beside the configuration.
    public static var baselineFileName: String { InferredConfigurationWriter.baselineFileName }

    /// Writes the configuration (and its baseline) in ``root``, and a `.gitignore` where there is none when the repository
    /// has a SwiftPM package of its own (no build folder to ignore otherwise); returns the paths written. Refuses to
    /// replace a file, or to add a configuration below one that already governs ``root``.
    public func write() throws -> [String] {
        let written = try InferredConfigurationWriter(layering: layering).write(
            root: root, configuration: configuration, baseline: baseline.map { (Self.baselineFileName, $0.rendered()) })
        guard workspace.packages.contains(where: { $0.kind == .package }) else { return written }
        return written + (try GitIgnore.ensure(in: root).map { [$0] } ?? [])
    }
}
