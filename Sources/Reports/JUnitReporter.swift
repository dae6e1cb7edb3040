import Diagnostics
import Output
import Rules

/// JUnit XML for CI dashboards: one test case per rule, failing with the rule's findings.
public struct JUnitReporter: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        let descriptions = RuleRegistry.descriptions
        let findings = report.result.findings
        let failures = descriptions.filter { description in findings.contains { $0.rule == description.identifier && $0.severity == .error } }.count
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"componentize\" tests=\"\(descriptions.count)\" failures=\"\(failures)\" errors=\"0\">",
            "  <testsuite name=\"componentize.check\" tests=\"\(descriptions.count)\" failures=\"\(failures)\" errors=\"0\" skipped=\"0\">",
        ]
        for description in descriptions {
            let own = findings.filter { $0.rule == description.identifier }
            let errors = own.filter { $0.severity == .error }
            let name = MarkupText.attribute(description.identifier.rawValue)
            if own.isEmpty {
                lines.append("    <testcase classname=\"componentize.rules\" name=\"\(name)\"/>")
                continue
            }
            lines.append("    <testcase classname=\"componentize.rules\" name=\"\(name)\">")
            let body = own.map { "\($0.location): \($0.severity.rawValue): \($0.message)\n  fix: \($0.fix)" }.joined(separator: "\n")
            if errors.isEmpty {
                lines.append("      <system-out>\(MarkupText.attribute(body))</system-out>")
            } else {
                let message = "\(errors.count) \(errors.count == 1 ? "violation" : "violations"): \(description.summary)"
                lines.append("      <failure type=\"\(name)\" message=\"\(MarkupText.attribute(message))\">\(MarkupText.attribute(body))</failure>")
            }
            lines.append("    </testcase>")
        }
        if !report.staleBaselineEntries.isEmpty {
            lines.append("    <system-out>\(MarkupText.attribute(report.staleBaselineEntries.map(Report.staleNote).joined(separator: "\n")))</system-out>")
        }
        lines.append("  </testsuite>")
        lines.append("</testsuites>")
        return lines.joined(separator: "\n")
    }
}

extension JUnitReporter: Reporter {
    public var format: String { "junit" }
}
