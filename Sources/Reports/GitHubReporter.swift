import Diagnostics

/// GitHub Actions workflow commands: each finding becomes an annotation on the pull request's diff.
public struct GitHubReporter: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        var lines: [String] = report.result.findings.map { finding in
            var properties = ["file=\(Self.escapeProperty(finding.location.path))"]
            if let line = finding.location.line { properties.append("line=\(line)") }
            if let column = finding.location.column { properties.append("col=\(column)") }
            properties.append("title=\(Self.escapeProperty("componentize [\(finding.rule)]"))")
            let command = finding.severity == .error ? "error" : "warning"
            return "::\(command) \(properties.joined(separator: ","))::\(Self.escapeData("\(finding.message)\nwhy: \(finding.rationale)\nfix: \(finding.fix)"))"
        }
        for key in report.staleBaselineEntries {
            lines.append("::notice title=componentize baseline::\(Self.escapeData(Report.staleNote(key)))")
        }
        lines.append("componentize: " + TextReporter.summary(report))
        return lines.joined(separator: "\n")
    }

    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

extension GitHubReporter: Reporter {
    public var format: String { "github" }
    public var purpose: String? { "workflow annotations" }
}
