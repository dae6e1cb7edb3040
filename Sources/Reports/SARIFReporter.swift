import DependencyGraph
import Diagnostics
import Output
import Rules

/// SARIF 2.1.0 for code-scanning tools. Fingerprints are keyed on the dependency edge, not the line, so a
/// finding keeps its identity when the manifest is edited above it.
public struct SARIFReporter: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        let descriptions = RuleRegistry.descriptions
        let rules: [JSONValue] = descriptions.map { description in
            .object([
                ("id", .string(description.identifier.rawValue)),
                ("name", .string(Self.pascalCase(description.name))),
                ("shortDescription", .object([("text", .string(description.summary))])),
                ("fullDescription", .object([("text", .string(description.rationale))])),
                ("defaultConfiguration", .object([("level", .string(Self.level(description.defaultSeverity)))])),
            ])
        }
        let results: [JSONValue] = report.result.findings.map { finding in
            var region: [(String, JSONValue)] = []
            if let line = finding.location.line { region.append(("startLine", .int(line))) }
            if let column = finding.location.column { region.append(("startColumn", .int(column))) }
            var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(report.pathFromRoot(finding.location.path))), ("uriBaseId", .string("%SRCROOT%"))]))]
            if !region.isEmpty { physical.append(("region", .object(region))) }
            return .object([
                ("ruleId", .string(finding.rule.rawValue)),
                ("ruleIndex", .int(descriptions.firstIndex { $0.identifier == finding.rule } ?? 0)),
                ("level", .string(Self.level(finding.severity))),
                ("message", .object([("text", .string("\(finding.message). Fix: \(finding.fix)"))])),
                ("locations", .array([.object([("physicalLocation", .object(physical))])])),
                ("partialFingerprints", .object([("componentizeEdge/v1", .string(finding.key.description))])),
            ])
        }
        let undecided = UndecidedImports(report.result.undecided.imports)
        // Each undecided import is a note of the run at its place: a notification, never a result (an alert).
        let invocations: [(String, JSONValue)] = undecided.imports.isEmpty ? [] : [("invocations", .array([.object([
            ("executionSuccessful", .bool(true)),
            ("toolExecutionNotifications", .array(undecided.imports.map { notification($0, report) })),
        ])]))]
        return JSONValue.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([.object([
                ("tool", .object([("driver", .object([
                    ("name", .string("componentize")),
                    ("version", .string(report.toolVersion)),
                    ("rules", .array(rules)),
                ]))])),
                ("originalUriBaseIds", .object([("%SRCROOT%", .object([("description", .object([("text", .string("The repository root: the folder of componentize.yml, else the folder componentize check was given."))]))]))])),
                ("results", .array(results)),
            ] + invocations + [
                ("properties", .object([("undecidedImports", .int(undecided.count)),
                                         ("undecidedMediatorCalls", .int(report.result.undecided.calls.count)),
                                         ("undecidedUses", .int(report.result.undecided.uses.count)),
                                         ("staleBaselineEntries", .array(report.staleBaselineEntries.map { .string(Report.staleNote($0)) }))])),
            ])])),
        ]).rendered()
    }

    /// An undecided import as a note of the run at its place.
    private func notification(_ item: UndecidedImport, _ report: Report) -> JSONValue {
        var region: [(String, JSONValue)] = []
        if let line = item.location.line { region.append(("startLine", .int(line))) }
        if let column = item.location.column { region.append(("startColumn", .int(column))) }
        var physical: [(String, JSONValue)] = [("artifactLocation", .object([("uri", .string(report.pathFromRoot(item.location.path))), ("uriBaseId", .string("%SRCROOT%"))]))]
        if !region.isEmpty { physical.append(("region", .object(region))) }
        return .object([
            ("descriptor", .object([("id", .string("undecided-import"))])),
            ("level", .string("note")),
            ("message", .object([("text", .string("\(item.from.id.name) imports \(item.module): undecided (never a finding), \(item.reason)"))])),
            ("locations", .array([.object([("physicalLocation", .object(physical))])])),
        ])
    }

    /// `Upward dependency` → `UpwardDependency`, SARIF's convention for rule names.
    static func pascalCase(_ text: String) -> String {
        text.split(whereSeparator: { !$0.isLetter && !$0.isNumber }).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: return "error"
        case .warning: return "warning"
        case .off: return "none"
        }
    }
}

extension SARIFReporter: Reporter {
    public var format: String { "sarif" }
    public var purpose: String? { "code scanning" }
}
