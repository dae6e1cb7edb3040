import Diagnostics
import Files
import Fixing
import Foundation
import ManifestReading
import Output
import Parallel
import Paths
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
        var planner = FixPlanner(project: self, graph: check.graph)
        for finding in report.result.findings where request.rules.contains(finding.rule) && planner.edits(for: finding) { planner.plan(finding) }
        var outcome = FixOutcome()
        outcome.notFixed = planner.notFixed
        outcome.baselined = report.baselined.filter { request.rules.contains($0.rule) && planner.edits(for: $0) }.count
        var written: [(path: String, before: String, after: String)] = []
        for (path, plan, file) in made(planner) {
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
        var planner = FixPlanner(project: self, graph: check.graph)
        let fixable = findings.filter { FixRequest.fixableRules.contains($0.rule) && planner.edits(for: $0) }
        guard !fixable.isEmpty else { return 0 }
        for finding in fixable { planner.plan(finding) }
        return made(planner).reduce(0) { $0 + $1.file.fixed.count }
    }

    /// Each planned file's edits made, files in path order, on both cores.
    private func made(_ planner: FixPlanner) -> [(path: String, plan: FixPlanner.FilePlan, file: FileFix.Made)] {
        let files = planner.files.keys.sorted().compactMap { path in planner.files[path].map { (path, $0) } }
        let (fileSystem, reader) = (self.fileSystem, self.reader.staticReader)
        let made = inSlices(of: files.count, minimumSliceSize: 8, slicesPerCore: 4) { slice in
            slice.map { FileFix(path: files[$0].0, plan: files[$0].1, fileSystem: fileSystem, reader: reader).made() }
        }
        return zip(files, made).map { ($0.0, $0.1, $1) }
    }
}

/// One file's planned edits made on its text: the needs that could be placed, and those that could not.
struct FileFix {
    let path: String
    let plan: FixPlanner.FilePlan
    let fileSystem: any FileSystem
    let reader: StaticManifestReader

    struct Made: Sendable {
        var before: String?
        var after: String?
        var fixed: [FixOutcome.Fixed] = []
        var notFixed: [FixOutcome.NotFixed] = []
    }

    func made() -> Made {
        var made = Made()
        guard let bytes = fileSystem.contents(of: path, upTo: 1 << 22), let source = String(validating: bytes, as: UTF8.self) else {
            made.notFixed = allNeeds.map { FixOutcome.NotFixed(finding: $0.finding, reason: "\(plan.shown) cannot be read as UTF-8 text") }
            return made
        }
        made.before = source
        let (edits, placed, refused) = plan.isPodspec ? podspecEdits(source) : manifestEdits(source)
        made.notFixed = refused
        guard var after = TextEdit.apply(edits, to: source) else {
            made.notFixed += placed.map { FixOutcome.NotFixed(finding: $0.finding, reason: "its edit overlaps another in \(plan.shown)") }
            return made
        }
        if !plan.isPodspec { after = removingUnusedPackages(after) }
        if let problem = problem(reading: after) {
            made.notFixed += placed.map { FixOutcome.NotFixed(finding: $0.finding, reason: "the edited manifest would not read (\(problem)); edit it by hand") }
            return made
        }
        made.after = after
        made.fixed = placed.map { FixOutcome.Fixed(finding: $0.finding, edit: $0.description) }
        return made
    }

    private var allNeeds: [FixPlanner.Need] {
        plan.targetAdds.values.flatMap { $0.map(\.need) } + plan.removals.map(\.need) + plan.podAdds.values.flatMap { $0.map(\.need) }
            + plan.podRemovals.map(\.need) + plan.pathReplacements.map(\.need)
    }

    private typealias Edits = (edits: [TextEdit], placed: [FixPlanner.Need], refused: [FixOutcome.NotFixed])

    private func manifestEdits(_ source: String) -> Edits {
        let editor = PackageManifestEditor(source: source, path: plan.shown)
        var result: Edits = ([], [], [])
        var refusedPackages: Set<String> = []
        let packages = plan.packageAdds.keys.sorted()
        do {
            result.edits += try editor.addingPackageDependencies(packages)
        } catch {
            refusedPackages = Set(packages)
            result.refused += plan.packageAdds.values.flatMap { $0 }.map { FixOutcome.NotFixed(finding: $0.finding, reason: error.reason) }
        }
        for position in plan.targetAdds.keys.sorted() {
            let adds = (plan.targetAdds[position] ?? []).filter { $0.package.map { !refusedPackages.contains($0) } ?? true }
            do {
                result.edits += try editor.addingTargetDependencies(adds.map(\.element), toTargetAt: position.line, column: position.column)
                result.placed += adds.map(\.need)
            } catch {
                result.refused += adds.map { FixOutcome.NotFixed(finding: $0.need.finding, reason: error.reason) }
            }
        }
        for removal in plan.removals {
            do {
                result.edits.append(try editor.removingEntry(at: removal.position.line, column: removal.position.column))
                result.placed.append(removal.need)
            } catch {
                result.refused.append(FixOutcome.NotFixed(finding: removal.need.finding, reason: error.reason))
            }
        }
        for replacement in plan.pathReplacements {
            do {
                result.edits.append(try editor.replacingPath(at: replacement.position.line, column: replacement.position.column, with: replacement.path))
                result.placed.append(replacement.need)
            } catch {
                result.refused.append(FixOutcome.NotFixed(finding: replacement.need.finding, reason: error.reason))
            }
        }
        return result
    }

    private func podspecEdits(_ source: String) -> Edits {
        let editor = PodspecEditor(source: source)
        var result: Edits = ([], [], [])
        for line in plan.podAdds.keys.sorted() {
            let adds = plan.podAdds[line] ?? []
            do {
                result.edits.append(try editor.addingDependencies(Array(Set(adds.map(\.name))).sorted(), afterLine: line))
                result.placed += adds.map(\.need)
            } catch {
                result.refused += adds.map { FixOutcome.NotFixed(finding: $0.need.finding, reason: error.reason) }
            }
        }
        for removal in plan.podRemovals {
            do {
                result.edits.append(try editor.removingDependency(at: removal.line))
                result.placed.append(removal.need)
            } catch {
                result.refused.append(FixOutcome.NotFixed(finding: removal.need.finding, reason: error.reason))
            }
        }
        return result
    }

    /// The `Package(dependencies:)` entries of the removed entries' packages that nothing names any more, removed too.
    private func removingUnusedPackages(_ source: String) -> String {
        let identities = Set(plan.removals.compactMap(\.package))
        guard !identities.isEmpty else { return source }
        let editor = PackageManifestEditor(source: source, path: plan.shown)
        return TextEdit.apply(identities.sorted().compactMap { editor.removingPackage(identity: $0) }, to: source) ?? source
    }

    /// Why the edited manifest would not read with the static reader, if it would not.
    private func problem(reading source: String) -> String? {
        guard !plan.isPodspec else { return nil }
        let overlay = InMemoryFileSystem(files: [path: source])
        let directory = (path as NSString).deletingLastPathComponent
        do {
            _ = try reader.read(packageDirectory: directory, fileSystem: OverlayFileSystem(base: fileSystem, overlay: overlay))
            return nil
        } catch {
            return "\(error)"
        }
    }
}
