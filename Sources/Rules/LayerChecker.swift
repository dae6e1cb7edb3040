import Configuration
import DependencyGraph
import Diagnostics
import Parallel

/// Every rule componentize knows, in report order.
public enum RuleRegistry {
    public static let graphRules: [any Rule.Type] = [
        UpwardDependencyRule.self, HorizontalDependencyRule.self, CycleRule.self, ThirdPartyRule.self,
        UnassignedRule.self, UnresolvedDependencyRule.self, UnreadableManifestRule.self, UnreadSourcesRule.self, ImplicitDependencyRule.self,
        UnusedDependencyRule.self, MissingImportRule.self, PodPackageMismatchRule.self, MediatorUnresolvedRule.self, MediatorDuplicateRule.self,
        MediatorUnusedRule.self, MediatorBypassRule.self,
    ]

    public static var descriptions: [RuleDescription] {
        graphRules.map { $0.description } + [ExceptionExpiredRule.description, ExceptionStaleRule.description]
    }

    public static var identifiers: Set<RuleID> { Set(descriptions.map(\.identifier)) }
}

/// The outcome of a check: findings to report, and what the exceptions excused.
public struct CheckResult: Sendable {
    /// Sorted in report order; severities as configured; `off` rules removed.
    public var findings: [Finding]
    /// Findings an exception excused (not reported as errors).
    public var excused: [Finding]
    public var packageCount: Int
    public var targetCount: Int
    /// What no rule decides (never a finding), in one list: the imports, then the mediator calls, then the uses.
    public var undecided: [Undecided]
    /// The packages by kind: Swift packages, pods, Xcode projects.
    public var packageKinds = PackageCounts()

    public init(findings: [Finding], excused: [Finding] = [], packageCount: Int, targetCount: Int, undecided: [Undecided] = []) {
        self.findings = findings
        self.excused = excused
        self.packageCount = packageCount
        self.targetCount = targetCount
        self.undecided = undecided
    }

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }

    /// Only the findings, excused findings and undecided items whose path `keeps` (a path as messages name it); the
    /// counts stay those of the whole check.
    public func limited(to keeps: (String) -> Bool) -> CheckResult {
        var limited = self
        limited.findings = findings.filter { keeps($0.location.path) }
        limited.excused = excused.filter { keeps($0.location.path) }
        limited.undecided = undecided.filter { keeps($0.location.path) }
        return limited
    }
}

/// Runs the rules over a graph and applies the configuration: severities and exceptions. A pure function of the
/// graph, the configuration it was built with, and the day.
public struct LayerChecker: Sendable {
    public var configuration: Configuration
    public var today: Day

    public init(configuration: Configuration, today: Day) {
        self.configuration = configuration
        self.today = today
    }

    /// The registry's rules in the order they start, on every core: the costly ones first, so that none starts last and
    /// runs alone. Their findings are joined in the registry's order.
    static let startOrder: [Int] = RuleRegistry.graphRules.indices.sorted { first, second in
        let costs = (RuleRegistry.graphRules[first].description.cost, RuleRegistry.graphRules[second].description.cost)
        return costs.0 != costs.1 ? costs.0 > costs.1 : first < second
    }

    public func check(_ graph: DependencyGraph) -> CheckResult {
        let context = RuleContext(configuration: configuration, today: today)
        let rules = RuleRegistry.graphRules
        let order = Self.startOrder.filter { !isSilent(rules[$0].description) }
        let raw = inSlices(of: order.count, minimumSliceSize: 1, slicesPerCore: max(1, order.count)) { slice in
            slice.map { (order[$0], rules[order[$0]].init().findings(in: graph, context: context)) }
        }.sorted { $0.0 < $1.0 }.flatMap(\.1)
        var (findings, excused) = applyExceptions(to: Self.onePerPlace(raw))
        findings = Self.deduplicated(findings).compactMap { finding in
            var finding = finding
            let severity = configuration.severities[finding.rule] ?? finding.severity
            guard severity != .off else { return nil }
            finding.severity = severity
            return finding
        }
        var result = CheckResult(
            findings: findings.sorted(by: Finding.reportOrder), excused: Self.deduplicated(excused).sorted(by: Finding.reportOrder),
            packageCount: graph.packageCount, targetCount: graph.sortedTargets.count,
            undecided: (graph.imports?.undecided ?? []).map(Undecided.import) + (graph.mediators?.undecided ?? []).map(Undecided.call)
                + (graph.imports?.usesWithoutImport ?? []).filter { !$0.undecidedBy.isEmpty }.sorted { $0.location < $1.location }.map(Undecided.use))
        result.packageKinds = graph.packageKinds
        return result
    }

    /// A rule that is off and that no exception names: what it would find is dropped, so it does not run.
    private func isSilent(_ rule: RuleDescription) -> Bool {
        (configuration.severities[rule.identifier] ?? rule.defaultSeverity) == .off && !configuration.exceptions.contains { $0.rule == rule.identifier }
    }

    /// The findings no exception excuses, with a finding for each expired or stale exception; and those excused.
    private func applyExceptions(to raw: [Finding]) -> (findings: [Finding], excused: [Finding]) {
        var findings: [Finding] = []
        var excused: [Finding] = []
        var usedExceptions: Set<Int> = []
        let exceptions = configuration.exceptions
        for finding in raw {
            let match = exceptions.indices.first { index in
                exceptions[index].rule == finding.rule && exceptions[index].from == finding.key.from && exceptions[index].to == finding.key.to
            }
            if let match {
                // An expired exception still names the finding; it is reported once, as exception-expired.
                usedExceptions.insert(match)
                excused.append(finding)
            } else {
                findings.append(finding)
            }
        }
        for (index, exception) in exceptions.enumerated() {
            if let expires = exception.expires, expires < today {
                findings.append(ExceptionExpiredRule.finding(for: exception))
            } else if !usedExceptions.contains(index) {
                findings.append(ExceptionStaleRule.finding(for: exception, raw: raw))
            }
        }
        return (findings, excused)
    }

    /// One finding per rule, destination and place for a pod and its subspecs: the subspecs inherit its `s.dependency`
    /// lines, and the pod (whose name sorts first) speaks for them. Targets of different names (two Xcode targets
    /// compiling one file) each keep theirs: each has its own fix and baseline entry.
    static func onePerPlace(_ findings: [Finding]) -> [Finding] {
        struct Place: Hashable {
            var rule: RuleID
            var location: FileLocation
            var to: String
            /// The pod a subspec `Pod/Sub` belongs to; any other target's own name.
            var family: Substring
        }
        var kept: [Place: Int] = [:]
        var result: [Finding] = []
        for finding in findings {
            guard finding.location.line != nil else {
                result.append(finding)
                continue
            }
            let family = finding.key.from.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).first ?? Substring(finding.key.from)
            let place = Place(rule: finding.rule, location: finding.location, to: finding.key.to, family: family)
            if let index = kept[place] {
                if finding.key.from < result[index].key.from { result[index] = finding }
            } else {
                kept[place] = result.count
                result.append(finding)
            }
        }
        return result
    }

    /// One finding per rule, edge and place (a product with several targets yields one edge each).
    static func deduplicated(_ findings: [Finding]) -> [Finding] {
        struct Seen: Hashable {
            var key: FindingKey
            var location: FileLocation
            var message: String
        }
        var seen: Set<Seen> = []
        return findings.filter { seen.insert(Seen(key: $0.key, location: $0.location, message: $0.message)).inserted }
    }
}
