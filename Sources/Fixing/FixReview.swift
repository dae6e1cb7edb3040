import Diagnostics
import Foundation
import Rules

/// What `fix` learns by checking the planned manifests as `check` would, before writing them: the edits to cancel.
///
/// A finding `check` would report after the edits that it does not report before (by rule, ends and file: lines move)
/// cancels the edits it comes from: those of the target it is about (else of the other end, else of its file, else all),
/// and among them, for an import left unprovided, those that take something away, for anything else those that declare
/// something. An edit after which every finding it was to fix is still reported is cancelled too.
public struct FixReview {
    public private(set) var cancellations: [PlannedEdit: NotFixable] = [:]
    /// The findings the edits would add, before cancelling.
    public private(set) var added: [Finding] = []

    /// A finding's identity across edits that move lines.
    struct Identity: Hashable {
        var key: FindingKey
        var path: String

        init(_ finding: Finding) {
            key = finding.key
            path = finding.location.path
        }
    }

    public init(before: [Finding], after: [Finding], made: [FileFix.Made], needs: [PlannedEdit: [FixPlanner.Need]]) {
        var counts: [Identity: Int] = [:]
        for finding in before { counts[Identity(finding), default: 0] += 1 }
        for finding in after {
            let identity = Identity(finding)
            if counts[identity, default: 0] > 0 { counts[identity, default: 0] -= 1 } else { added.append(finding) }
        }
        let folders = Dictionary(made.map { ($0.path, ($0.shown as NSString).deletingLastPathComponent) }, uniquingKeysWith: { first, _ in first })
        let placed = made.flatMap(\.placed)
        for finding in added {
            for edit in Self.culprits(of: finding, among: placed, folders: folders) where cancellations[edit] == nil {
                cancellations[edit] = Self.reason(finding, edit)
            }
        }
        let remaining = Set(after.map(Identity.init))
        for edit in placed where cancellations[edit] == nil {
            let findings = (needs[edit] ?? []).map(\.finding)
            guard let first = findings.first, findings.allSatisfy({ remaining.contains(Identity($0)) }) else { continue }
            cancellations[edit] = NotFixable("check would still report it after the edit; \(first.fix)", kind: .forAPerson)
        }
    }

    /// The edits a new finding comes from (see the type's description).
    static func culprits(of finding: Finding, among placed: [PlannedEdit], folders: [String: String]) -> [PlannedEdit] {
        func inFolder(_ edit: PlannedEdit) -> Bool {
            guard let folder = folders[edit.file] else { return false }
            return folder.isEmpty || finding.location.path == folder || finding.location.path.hasPrefix(folder + "/")
        }
        let candidates = [
            placed.filter { $0.target == finding.key.from && inFolder($0) },
            placed.filter { $0.target == finding.key.from },
            placed.filter { $0.target == finding.key.to },
            placed.filter(inFolder),
            placed,
        ].first { !$0.isEmpty } ?? []
        let unprovided = [RuleID.implicitDependency, .missingImport, .unresolved].contains(finding.rule)
        let preferred = candidates.filter { unprovided ? $0.intent.takesAway : $0.intent.declares }
        return preferred.isEmpty ? candidates : preferred
    }

    static func reason(_ finding: Finding, _ edit: PlannedEdit) -> NotFixable {
        let place = "\(finding.location)"
        if edit.intent.takesAway, [RuleID.implicitDependency, .missingImport].contains(finding.rule) {
            return NotFixable("without it an import would be left unprovided: \(finding.message) (\(place))", kind: .worsens)
        }
        return NotFixable("the edit would make check report something new: [\(finding.rule)] \(finding.message) (\(place))", kind: .worsens)
    }
}

extension FixPlanner {
    /// Each planned edit's findings.
    public var needs: [PlannedEdit: [Need]] {
        files.values.reduce(into: [:]) { result, plan in result.merge(plan.needs) { first, _ in first } }
    }

    /// What `fix` did (or would do), from the files made and the edits cancelled after review: each finding fixed with
    /// its edit, or left with the reason; each file's text before and after.
    public func outcome(of made: [FileFix.Made], cancelled: [PlannedEdit: NotFixable]) -> FixOutcome {
        var outcome = FixOutcome()
        outcome.notFixed = notFixed
        for file in made {
            let placed = Set(file.placed)
            for edit in files[file.path]?.edits ?? [] {
                let needs = files[file.path]?.needs[edit] ?? []
                if let reason = cancelled[edit] ?? file.refused[edit] {
                    outcome.notFixed += needs.map { FixOutcome.NotFixed(finding: $0.finding, reason) }
                } else if placed.contains(edit) {
                    outcome.fixed += needs.map { FixOutcome.Fixed(finding: $0.finding, edit: $0.description) }
                }
            }
            if file.changes, let before = file.before, let after = file.after {
                outcome.changes.append(FixOutcome.Change(path: file.shown, before: before, after: after))
            }
        }
        outcome.notFixed.sort { Finding.reportOrder($0.finding, $1.finding) }
        outcome.fixed.sort { Finding.reportOrder($0.finding, $1.finding) }
        return outcome
    }
}

extension FixOutcome {
    /// Findings left that `check` no longer reports once the edits are made (another edit took away what caused them):
    /// fixed by those edits, so that what is left is exactly what `check` still reports.
    public mutating func settle(remaining: [Finding]) {
        var counts: [FixReview.Identity: Int] = [:]
        for finding in remaining { counts[FixReview.Identity(finding), default: 0] += 1 }
        var left: [NotFixed] = []
        for item in notFixed {
            let identity = FixReview.Identity(item.finding)
            if counts[identity, default: 0] > 0 {
                counts[identity, default: 0] -= 1
                left.append(item)
            } else {
                fixed.append(Fixed(finding: item.finding, edit: "no longer reported once the other edits are made"))
            }
        }
        guard left.count != notFixed.count else { return }
        notFixed = left
        fixed.sort { Finding.reportOrder($0.finding, $1.finding) }
    }
}
