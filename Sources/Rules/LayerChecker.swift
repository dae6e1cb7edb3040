import Configuration
import DependencyGraph
import Diagnostics
import Parallel

/// Every rule componentize knows, in report order.
public enum RuleRegistry {
    public static let graphRules: [any Rule.Type] = [
        UpwardDependencyRule.self, HorizontalDependencyRule.self, CycleRule.self, ThirdPartyRule.self,
        UnassignedRule.self, UnresolvedDependencyRule.self, UnreadableManifestRule.self, ImplicitDependencyRule.self,
        UnusedDependencyRule.self, PodPackageMismatchRule.self,
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

    public init(findings: [Finding], excused: [Finding] = [], packageCount: Int, targetCount: Int) {
        self.findings = findings
        self.excused = excused
        self.packageCount = packageCount
        self.targetCount = targetCount
    }

    public var errorCount: Int { findings.filter { $0.severity == .error }.count }
    public var warningCount: Int { findings.filter { $0.severity == .warning }.count }
}

/// Runs the rules over a graph and applies the configuration: severities and exceptions. A pure function of the
/// graph (with its layer model and exceptions) and the day.
public struct LayerChecker: Sendable {
    public var today: String

    public init(today: String) {
        self.today = today
    }

    /// The registry's rules in the order they start: the two that go through every import first, so that neither
    /// starts last and runs alone. Their findings are still joined in the registry's order.
    static let startOrder: [Int] = {
        let first: [any Rule.Type] = [UnusedDependencyRule.self, ImplicitDependencyRule.self]
        let rules = RuleRegistry.graphRules
        let leading = first.compactMap { rule in rules.firstIndex { $0 == rule } }
        return leading + rules.indices.filter { !leading.contains($0) }
    }()

    public func check(_ graph: DependencyGraph) -> CheckResult {
        let model = graph.model
        let context = RuleContext(today: today)
        let rules = RuleRegistry.graphRules
        let order = Self.startOrder
        let raw = inSlices(of: rules.count, minimumSliceSize: 1, slicesPerCore: rules.count) { slice in
            slice.map { (order[$0], rules[order[$0]].init().findings(in: graph, context: context)) }
        }.sorted { $0.0 < $1.0 }.flatMap(\.1)
        var findings: [Finding] = []
        var excused: [Finding] = []
        var usedExceptions: Set<Int> = []
        for finding in Self.onePerPlace(raw) {
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
            packageCount: graph.packageCount, targetCount: graph.sortedTargets.count)
    }

    /// One finding per rule, destination and place: the subspecs of a pod inherit its `s.dependency` lines, and the
    /// pod (whose name sorts first) speaks for them.
    static func onePerPlace(_ findings: [Finding]) -> [Finding] {
        var kept: [String: Int] = [:]
        var result: [Finding] = []
        for finding in findings {
            guard finding.location.line != nil else {
                result.append(finding)
                continue
            }
            let place = "\(finding.rule)|\(finding.location)|\(finding.key.to)"
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
        var seen: Set<String> = []
        return findings.filter { seen.insert("\($0.key)|\($0.location)|\($0.message)").inserted }
    }
}
