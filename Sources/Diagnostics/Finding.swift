/// How much a finding matters: errors fail the run, warnings are reported, `off` turns a rule off.
public enum Severity: String, Sendable, Hashable, CaseIterable, Comparable {
    case error, warning, off

    private var rank: Int {
        switch self {
        case .error: return 0
        case .warning: return 1
        case .off: return 2
        }
    }

    public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
}

/// One thing a rule found, with everything every report format needs.
///
/// Produced by the rules, consumed unchanged by the text, JSON, SARIF, GitHub and JUnit reporters.
public struct Finding: Sendable, Hashable {
    /// The rule's identifier, e.g. `upward`.
    public var rule: RuleID
    public var severity: Severity
    /// What is wrong, naming both ends and their layers.
    public var message: String
    /// Why the rule exists, one sentence for the person who hits it.
    public var rationale: String
    /// What to do, computed from the layer model.
    public var fix: String
    public var location: FileLocation
    /// The dependency edge (or thing) the finding is about: stable across edits that move lines.
    public var key: FindingKey
    /// The manifest edit that fixes it, when the rule states one (`fix` makes it); reports do not show it.
    public var manifestFix: ManifestFix?

    public init(rule: RuleID, severity: Severity, message: String, rationale: String, fix: String,
                location: FileLocation, key: FindingKey, manifestFix: ManifestFix? = nil) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.rationale = rationale
        self.fix = fix
        self.location = location
        self.key = key
        self.manifestFix = manifestFix
    }

    /// Report order: file, line, column, rule, message.
    public static func reportOrder(_ lhs: Finding, _ rhs: Finding) -> Bool {
        if lhs.location != rhs.location { return lhs.location < rhs.location }
        if lhs.rule != rhs.rule { return lhs.rule < rhs.rule }
        return lhs.message < rhs.message
    }
}

/// What a finding is about, independent of line numbers: used for baselines and SARIF fingerprints.
public struct FindingKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var rule: RuleID
    public var from: String
    public var to: String

    public init(rule: RuleID, from: String, to: String = "") {
        self.rule = rule
        self.from = from
        self.to = to
    }

    public var description: String { to.isEmpty ? "\(rule):\(from)" : "\(rule):\(from)->\(to)" }

    public static func < (lhs: FindingKey, rhs: FindingKey) -> Bool {
        (lhs.rule, lhs.from, lhs.to) < (rhs.rule, rhs.from, rhs.to)
    }
}
