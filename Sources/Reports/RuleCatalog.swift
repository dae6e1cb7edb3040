import Diagnostics
import Output
import Rules

/// Every rule componentize knows, as `componentize rules` prints it: for people, for docs/rules.md (Markdown, with each
/// rule's first triggering example), or as JSON.
public struct RuleCatalog: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, markdown, json
    }

    public var descriptions: [RuleDescription]

    public init(descriptions: [RuleDescription] = RuleRegistry.descriptions) {
        self.descriptions = descriptions
    }

    public func render(_ format: Format) -> String {
        switch format {
        case .text: return text()
        case .markdown: return markdown()
        case .json: return json()
        }
    }

    private func text() -> String {
        descriptions.map { rule in
            "\(rule.identifier) (\(rule.defaultSeverity.rawValue)): \(rule.summary)\n    why: \(rule.rationale)\n    fix: \(rule.remedy)"
        }.joined(separator: "\n")
    }

    private func json() -> String {
        JSONValue.array(descriptions.map { rule in
            .object([
                ("id", .string(rule.identifier.rawValue)), ("name", .string(rule.name)), ("defaultSeverity", .string(rule.defaultSeverity.rawValue)),
                ("summary", .string(rule.summary)), ("details", .string(rule.details)), ("rationale", .string(rule.rationale)),
                ("remedy", .string(rule.remedy)),
            ])
        }).rendered()
    }

    /// The table of rules, then each rule with its rationale and one example where `↓` marks what the finding points at.
    private func markdown() -> String {
        var lines = ["| id | default | reports | fix it suggests |", "|---|---|---|---|"]
        lines += descriptions.map { "| `\($0.identifier)` | \($0.defaultSeverity.rawValue) | \(Self.cell($0.details)) | \(Self.cell($0.remedy)) |" }
        for rule in descriptions {
            lines += ["", "### `\(rule.identifier)`: \(rule.name)", "", rule.summary + " " + rule.rationale]
            if let example = rule.triggeringExamples.first { lines += Self.files(of: example) }
        }
        return lines.joined(separator: "\n")
    }

    /// An example's files, each in a code block headed by its path.
    private static func files(of example: RuleExample) -> [String] {
        var files: [(String, String, String)] = []
        if let configuration = example.configuration { files.append(("componentize.yml", "yaml", configuration)) }
        files += example.podspecs.map { ($0.path, "ruby", $0.text) }
        files += example.packages.map { ($0.directory == "." ? "Package.swift" : $0.directory + "/Package.swift", "swift", $0.manifest) }
        files += example.sources.map { ($0.path, $0.path.hasSuffix(".swift") ? "swift" : "objc", $0.text) }
        files += example.checkouts.map { (".build/checkouts/\($0.identity)/Package.swift", "swift", $0.manifest) }
        return files.flatMap { path, language, text in
            ["", "`\(path)`:", "", "```\(language)", text.hasSuffix("\n") ? String(text.dropLast()) : text, "```"]
        }
    }

    /// Text for a table cell: one line, no bar that would end the cell.
    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
