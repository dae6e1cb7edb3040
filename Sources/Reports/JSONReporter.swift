import DependencyGraph
import Diagnostics
import Output

/// `--format json`: the schema is in docs/check-formats.md.
public struct JSONReporter: Sendable {
    public init() {}

    static func value(_ finding: Finding) -> JSONValue {
        .object([
            ("rule", .string(finding.rule.rawValue)),
            ("severity", .string(finding.severity.rawValue)),
            ("message", .string(finding.message)),
            ("rationale", .string(finding.rationale)),
            ("fix", .string(finding.fix)),
            ("file", .string(finding.location.path)),
            ("line", finding.location.line.map(JSONValue.int) ?? .null),
            ("column", finding.location.column.map(JSONValue.int) ?? .null),
            ("from", .string(finding.key.from)),
            ("to", finding.key.to.isEmpty ? .null : .string(finding.key.to)),
        ])
    }

    /// An undecided import at its place, with the packages that would decide it.
    static func undecidedValue(_ item: UndecidedImport) -> JSONValue {
        .object([("file", .string(item.location.path)), ("line", item.location.line.map(JSONValue.int) ?? .null),
                 ("column", item.location.column.map(JSONValue.int) ?? .null), ("from", .string(item.from.id.name)), ("module", .string(item.module)),
                 ("decidedBy", .array(item.deciders.map { .string($0.description) }))])
    }

    public func render(_ report: Report) -> String {
        let result = report.result
        let undecided = UndecidedImports(result.undecided.imports)
        return JSONValue.object([
            ("version", .int(1)),
            ("summary", .object([
                ("errors", .int(result.errorCount)),
                ("warnings", .int(result.warningCount)),
                ("packages", .int(result.packageCount)),
                ("targets", .int(result.targetCount)),
                ("excused", .int(result.excused.count)),
                ("baselined", .int(report.baselined.count)),
                ("undecidedImports", .int(undecided.count)),
                ("undecidedMediatorCalls", .int(result.undecided.calls.count)),
                ("undecidedUses", .int(result.undecided.uses.count)),
            ])),
            ("findings", .array(result.findings.map(Self.value))),
            ("excused", .array(result.excused.map(Self.value))),
            ("baselined", .array(report.baselined.map(Self.value))),
            ("staleBaselineEntries", .array(report.staleBaselineEntries.map { key in
                .object([("rule", .string(key.rule.rawValue)), ("from", .string(key.from)), ("to", key.to.isEmpty ? .null : .string(key.to))])
            })),
            ("undecided", .array(undecided.packages.map { entry in
                .object([("package", .string(entry.package.package)), ("why", .string(entry.package.description)), ("imports", .int(entry.imports))])
            })),
            ("undecidedImports", .array(undecided.imports.map(Self.undecidedValue))),
            ("undecidedMediatorCalls", .array(UndecidedWiring(result.undecided.calls).calls.map { call in
                .object([("file", .string(call.location.path)), ("line", call.location.line.map(JSONValue.int) ?? .null),
                         ("column", call.location.column.map(JSONValue.int) ?? .null), ("from", .string(call.from.id.name)), ("api", .string(call.api)),
                         ("written", .string(call.written)), ("decidedBy", .string(call.decider))])
            })),
            ("undecidedUses", .array(result.undecided.uses.map { use in
                .object([("file", .string(use.location.path)), ("line", use.location.line.map(JSONValue.int) ?? .null),
                         ("column", use.location.column.map(JSONValue.int) ?? .null), ("from", .string(use.from.id.name)), ("module", .string(use.module)),
                         ("name", .string(use.name)), ("mayBeDeclaredBy", .array(use.undecidedBy.map(JSONValue.string)))])
            })),
        ]).rendered()
    }
}

extension JSONReporter: Reporter {
    public var format: String { "json" }
}
