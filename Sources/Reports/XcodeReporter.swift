import Diagnostics

/// `--format xcode`: one line a finding, `path:line:col: error: [rule] message (fix: …)`, the form an Xcode Run
/// Script phase turns into an issue in the Issue navigator; notes as `note:` lines; the summary last.
public struct XcodeReporter: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        var lines = report.result.findings.map { finding in
            let severity = finding.severity == .error ? "error" : "warning"
            return "\(finding.location): \(severity): [\(finding.rule)] \(Self.oneLine(finding.message)) (fix: \(Self.oneLine(finding.fix)); why: \(Self.oneLine(finding.rationale)))"
        }
        lines += report.notes.map { Self.oneLine($0.description) }
        for key in report.staleBaselineEntries {
            lines.append("warning: baseline entry \(key) matches nothing any more; rewrite the baseline with --write-baseline")
        }
        lines.append("componentize: " + TextReporter.summary(report))
        return lines.joined(separator: "\n")
    }

    /// Line breaks folded into spaces: Xcode reads a message to the end of its line.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

extension XcodeReporter: Reporter {
    public var format: String { "xcode" }
    public var purpose: String? { "one line a finding, for a Run Script phase" }
}
