import Diagnostics
import Files
import Fixing
import Foundation
import Output
import Rules

/// What `componentize fix` is asked for.
public struct FixRequest: Sendable {
    public var today: String
    /// The rules whose findings are fixed.
    public var rules: Set<RuleID>
    /// Print the diffs, write nothing.
    public var dryRun: Bool
    public var toolVersion: String

    /// The rules `fix` edits manifests for.
    public static let fixableRules: [RuleID] = [.implicitDependency, .unusedDependency, .podPackageMismatch, .unresolved]

    public init(today: String, rules: Set<RuleID> = Set(fixableRules), dryRun: Bool = false, toolVersion: String) {
        self.today = today
        self.rules = rules
        self.dryRun = dryRun
        self.toolVersion = toolVersion
    }
}

extension Project {
    /// `componentize fix`: the findings `check` reports for the requested rules, each fixed by an edit of its manifest or
    /// left with the reason; every edited file is written at once (after checking that none changed since it was read),
    /// or none is, and nothing with `dryRun`.
    public func fix(_ request: FixRequest) throws -> FixOutcome {
        guard case .report(let report, let check) = try check(CheckRequest(today: request.today, toolVersion: request.toolVersion)) else {
            return FixOutcome()
        }
        var planner = FixPlanner(repository: fixRepository, graph: check.graph)
        for finding in report.result.findings where request.rules.contains(finding.rule) && planner.edits(for: finding) { planner.plan(finding) }
        var outcome = FixOutcome()
        outcome.notFixed = planner.notFixed
        outcome.baselined = report.baselined.filter { request.rules.contains($0.rule) && planner.edits(for: $0) }.count
        var written: [(path: String, before: String, after: String)] = []
        for (path, plan, file) in planner.made(reader: reader.staticReader) {
            outcome.fixed += file.fixed
            outcome.notFixed += file.notFixed
            if let after = file.after, let before = file.before, after != before {
                outcome.changes.append(FixOutcome.Change(path: plan.shown, before: before, after: after))
                written.append((path, before, after))
            }
        }
        outcome.notFixed.sort { $0.finding.location < $1.finding.location }
        outcome.fixed.sort { $0.finding.location < $1.finding.location }
        if !request.dryRun, !written.isEmpty {
            try write(written)
            outcome.written = true
        }
        return outcome
    }

    /// Every file written atomically, all of them or none, after checking that none changed since it was read.
    private func write(_ files: [(path: String, before: String, after: String)]) throws {
        for file in files where fileSystem.contents(of: file.path, upTo: Int.max).map({ String(decoding: $0, as: UTF8.self) }) != file.before {
            throw InputError("\(file.path) changed since fix read it; nothing was written (run fix again)")
        }
        try AtomicFile.writeAll(files.map { (Data($0.after.utf8), $0.path) })
    }

    /// How many of `findings` `fix` would fix (for `check`'s closing line); 0 when none is of a rule it edits for.
    public func fixableCount(_ findings: [Finding], graph check: ProjectCheck) -> Int {
        var planner = FixPlanner(repository: fixRepository, graph: check.graph)
        let fixable = findings.filter { FixRequest.fixableRules.contains($0.rule) && planner.edits(for: $0) }
        guard !fixable.isEmpty else { return 0 }
        for finding in fixable { planner.plan(finding) }
        return planner.made(reader: reader.staticReader).reduce(0) { $0 + $1.file.fixed.count }
    }

    /// What `fix` plans on.
    var fixRepository: FixRepository {
        FixRepository(workspace: workspace, layering: layering.configuration, fileSystem: fileSystem)
    }
}

