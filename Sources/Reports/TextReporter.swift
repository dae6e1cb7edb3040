import Diagnostics

/// Xcode / SwiftLint style: one `path:line:col: error: [rule] message` line a finding, then why and how to fix it.
public struct TextReporter: Sendable {
    public var colored: Bool

    public init(colored: Bool = false) {
        self.colored = colored
    }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    public func render(_ report: Report) -> String {
        var lines: [String] = []
        for finding in report.result.findings {
            let severity = finding.severity == .error ? paint("error", "1;31") : paint("warning", "1;33")
            lines.append("\(finding.location): \(severity): [\(finding.rule)] \(finding.message)")
            lines.append("    why: \(finding.rationale)")
            lines.append("    fix: \(finding.fix)")
        }
        lines += report.notes.map(\.description)
        for key in report.staleBaselineEntries {
            lines.append("note: " + Report.staleNote(key))
        }
        lines.append(paint("componentize: " + Self.summary(report), report.result.errorCount > 0 ? "1" : "0"))
        lines += UndecidedImports(report.result.undecided.imports).lines(listed: report.listsUndecided)
        lines += UndecidedWiring(report.result.undecided.calls).lines
        lines += UndecidedUses(report.result.undecided.uses).lines
        if report.fixable > 0 {
            lines.append("componentize: \(Self.count(report.fixable, "finding")) can be fixed with `componentize fix` (`--dry-run` shows the edits)")
        }
        return lines.joined(separator: "\n")
    }

    /// `1 error, 0 warnings in 2 packages (2 targets)`, and what exceptions and the baseline excused.
    static func summary(_ report: Report) -> String {
        let result = report.result
        let kinds = result.packageKinds
        let packages = kinds.packages + kinds.pods + kinds.projects == result.packageCount ? kinds.description : count(result.packageCount, "package")
        var summary = "\(count(result.errorCount, "error")), \(count(result.warningCount, "warning")) in \(packages) (\(count(result.targetCount, "target")))"
        if !result.excused.isEmpty { summary += "; \(count(result.excused.count, "finding")) excused by exceptions" }
        if !report.baselined.isEmpty { summary += "; \(count(report.baselined.count, "finding")) already in the baseline" }
        if let (leftOut, revision) = report.leftOut { summary += "; \(count(leftOut, "finding")) in files not changed since \(revision) left out" }
        return summary
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        "\(value) \(noun)\(value == 1 ? "" : "s")"
    }
}

extension TextReporter: Reporter {
    public var format: String { "text" }
    public var purpose: String? { "for people" }
    public var needs: ReportNeeds { .fixableCount }
    public func coloured(_ colored: Bool) -> any Reporter { TextReporter(colored: colored) }
}
