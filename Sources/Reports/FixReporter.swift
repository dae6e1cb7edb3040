import Diagnostics
import Fixing
import Output

/// What `componentize fix` prints: with `--dry-run` each file's unified diff first; then each finding fixed with its edit,
/// each finding not fixed with its place and why, and a closing summary.
public struct FixReporter: Sendable {
    public var dryRun: Bool

    public init(dryRun: Bool) {
        self.dryRun = dryRun
    }

    public func render(_ outcome: FixOutcome) -> String {
        var lines: [String] = []
        if dryRun {
            for change in outcome.changes {
                lines.append(UnifiedDiff.make(old: change.before, new: change.after, oldName: Self.side("a", change.path), newName: Self.side("b", change.path))
                    .trimmingSuffix("\n"))
            }
        }
        let verb = dryRun ? "would fix" : "fixed"
        for fixed in outcome.fixed {
            lines.append("\(fixed.finding.location): \(verb): [\(fixed.finding.rule)] \(fixed.edit)")
        }
        for left in outcome.notFixed {
            lines.append("\(left.finding.location): not fixed: [\(left.finding.rule)] \(left.finding.message)\n    why: \(left.reason)")
        }
        if !outcome.notFixed.isEmpty { lines.append(reasons(outcome)) }
        lines.append(summary(outcome))
        return lines.joined(separator: "\n")
    }

    /// `a/Kit/NXKit/Package.swift`, and `a/tmp/x/Package.swift` for an absolute path, as git writes a side of a diff.
    static func side(_ side: String, _ path: String) -> String {
        side + (path.hasPrefix("/") ? "" : "/") + path
    }

    /// The findings not fixed, counted by why: `    3 in an Xcode project, which fix does not edit`, a line each.
    func reasons(_ outcome: FixOutcome) -> String {
        var counts: [LeftBecause: Int] = [:]
        for left in outcome.notFixed { counts[left.kind, default: 0] += 1 }
        return (["componentize fix: not fixed, by reason:"] + counts.keys.sorted().map { "    \(counts[$0, default: 0]) \($0.summary)" })
            .joined(separator: "\n")
    }

    /// `componentize fix: fixed 3 findings (2 implicit-dependency, 1 unused-dependency) in 2 files; 1 not fixed`.
    func summary(_ outcome: FixOutcome) -> String {
        func counted(_ findings: [Finding]) -> String {
            var counts: [RuleID: Int] = [:]
            for finding in findings { counts[finding.rule, default: 0] += 1 }
            return counts.keys.sorted().map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ")
        }
        let files = outcome.changes.count
        var text = "componentize fix: \(dryRun ? "would fix" : "fixed") \(outcome.fixed.count) finding\(outcome.fixed.count == 1 ? "" : "s")"
        if !outcome.fixed.isEmpty { text += " (\(counted(outcome.fixed.map(\.finding)))) in \(files) file\(files == 1 ? "" : "s")" }
        if !outcome.notFixed.isEmpty { text += "; \(outcome.notFixed.count) not fixed (\(counted(outcome.notFixed.map(\.finding))))" }
        if outcome.baselined > 0 {
            text += "; \(outcome.baselined) finding\(outcome.baselined == 1 ? "" : "s") the baseline records left as \(outcome.baselined == 1 ? "it is" : "they are")"
                + " (remove \(outcome.baselined == 1 ? "its entry" : "their entries") from the baseline to have them fixed)"
        }
        return text
    }
}

private extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
