import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Files
import Fixing
import Foundation
import Output
import PackageModel
import Paths
import Rules

/// What `componentize fix` is asked for.
public struct FixRequest: Sendable {
    public var today: Day
    /// The rules whose findings are fixed.
    public var rules: Set<RuleID>
    /// Print the diffs, write nothing.
    public var dryRun: Bool
    public var toolVersion: String

    /// The rules `fix` edits manifests for.
    public static let fixableRules: [RuleID] = [.implicitDependency, .unusedDependency, .podPackageMismatch, .unresolved]

    public init(today: Day, rules: Set<RuleID> = Set(fixableRules), dryRun: Bool = false, toolVersion: String) {
        self.today = today
        self.rules = rules
        self.dryRun = dryRun
        self.toolVersion = toolVersion
    }
}

extension Project {
    /// How many times the planned manifests are checked before `fix` gives up on every edit: each review cancels at
    /// least one edit, and a plan still adding findings after this many is dropped whole.
    static let fixReviews = 4

    /// `componentize fix`: the findings `check` reports for the requested rules, each fixed by an edit of its manifest or
    /// left with the reason. Before anything is written the planned manifests are checked as `check` would (laid over the
    /// disk, with the sources as read): an edit that would leave an import unprovided or make `check` report something
    /// new is cancelled, with the finding it would cause. Every edited file is written at once (after checking that none
    /// changed since it was read), or none is, and nothing with `dryRun`.
    public func fix(_ request: FixRequest) throws -> FixOutcome {
        retainsImportFacts = true
        guard case .report(let report, let check) = try check(CheckRequest(today: request.today, toolVersion: request.toolVersion)) else {
            return FixOutcome()
        }
        var planner = FixPlanner(repository: fixRepository, graph: check.graph)
        for finding in FixPlanner.planningOrder(report.result.findings) where request.rules.contains(finding.rule) { planner.plan(finding) }
        let (made, cancelled, after) = try reviewed(planner, before: check, today: request.today)
        var outcome = planner.outcome(of: made, cancelled: cancelled)
        if let after { outcome.settle(remaining: after) }
        outcome.baselined = report.baselined.filter { request.rules.contains($0.rule) }.count
        let written = made.filter(\.changes).compactMap { file in file.before.flatMap { before in file.after.map { (file.path, before, $0) } } }
        if !request.dryRun, !written.isEmpty {
            try write(written)
            outcome.written = true
        }
        return outcome
    }

    /// The planned files made, checked as `check` would, with the edits to cancel made again without them until the
    /// check adds nothing; and the findings `check` reports then (nil when nothing is edited).
    private func reviewed(_ planner: FixPlanner, before check: ProjectCheck,
                          today: Day) throws -> ([FileFix.Made], [PlannedEdit: NotFixable], [Finding]?) {
        let staticReader = reader.staticReader
        var made = timings.measure("fix: edits made") { planner.made(reader: staticReader) }
        guard made.contains(where: { !$0.placed.isEmpty }) else { return (made, [:], nil) }
        let before = scopeIsRoot ? check.result.findings : LayerChecker(configuration: layering.configuration, today: today).check(check.graph).findings
        let needs = planner.needs
        var cancelled: [PlannedEdit: NotFixable] = [:]
        for _ in 0..<Self.fixReviews {
            let changed = made.filter(\.changes)
            let after = changed.isEmpty ? before : try timings.measure("fix: planned manifests checked") {
                try findings(withPlanned: changed, today: today, check: check.graph)
            }
            let review = FixReview(before: before, after: after, made: made, needs: needs)
            guard !review.cancellations.isEmpty else { return (made, cancelled, after) }
            cancelled.merge(review.cancellations) { first, _ in first }
            made = planner.made(reader: staticReader, cancelled: Set(cancelled.keys))
        }
        // Still adding findings after every review: nothing is written.
        for file in made {
            for edit in file.placed where cancelled[edit] == nil {
                cancelled[edit] = NotFixable("the planned edits together would make check report something new; fix one rule at a time (--rule)", kind: .worsens)
            }
        }
        return (planner.made(reader: staticReader, cancelled: Set(cancelled.keys)), cancelled, nil)
    }

    /// The findings `check` reports with the planned manifests in place of those on disk, the sources as read. Unless
    /// the repository is discovered again, the check's graph (`check`) lends what the planned manifests cannot change:
    /// the share of the code read (the sources are as read, and an edited manifest adds or removes no package), the
    /// placements and edges of the packages whose manifests are unchanged, and the imports' resolution of every target
    /// whose manifest and declared dependencies are unchanged.
    func findings(withPlanned planned: [FileFix.Made], today: Day, check: DependencyGraph? = nil) throws -> [Finding] {
        let (workspace, rediscovered) = try plannedWorkspace(planned)
        let configuration = layering.configuration
        var graph: DependencyGraph
        if let (facts, wiring) = retainedImports {
            graph = DependencyGraph(workspace: workspace, model: configuration, imports: facts, coverage: rediscovered ? nil : check?.coverage,
                                    previous: rediscovered ? nil : check)
                .withWiring(wiring)
            if let unimported = graph.imports?.unimported, !unimported.isEmpty {
                graph = graph.withUses(DependencyGraph.usesWithoutImport(unimported, read: facts.targets, workspace: workspace, fileSystem: fileSystem))
            }
        } else {
            graph = DependencyGraph(workspace: workspace, model: configuration, previous: rediscovered ? nil : check)
        }
        let findings = LayerChecker(configuration: configuration, today: today).check(graph).findings
        graph.releaseInBackground()
        return findings
    }

    /// The workspace with the planned manifests read in place of those on disk (see
    /// ``Workspace/replacingManifests(_:fileSystem:)``), or discovered again over the planned files when that is not
    /// enough (then `rediscovered`).
    private func plannedWorkspace(_ planned: [FileFix.Made]) throws -> (workspace: Workspace, rediscovered: Bool) {
        if let replaced = workspace.replacingManifests(planned.map { ($0.path, $0.manifest) }, fileSystem: fileSystem) { return (replaced, false) }
        return (try discoveredAgain(over: planned), true)
    }

    private func discoveredAgain(over planned: [FileFix.Made]) throws -> Workspace {
        let overlay = InMemoryFileSystem(files: Dictionary(planned.compactMap { file in file.after.map { (file.path, $0) } }, uniquingKeysWith: { first, _ in first }))
        let xcode = XcodeSelection(check: configuration.xcode.check, projects: configuration.xcode.projects, ignoreTargets: configuration.xcode.ignoreTargets)
        return try PackageDiscovery(reader: reader, exclude: configuration.exclude, xcode: xcode)
            .discover(root: root, fileSystem: OverlayFileSystem(base: fileSystem, overlay: overlay))
    }

    /// Every file written atomically, all of them or none, after checking that none changed since it was read.
    private func write(_ files: [(path: String, before: String, after: String)]) throws {
        for file in files where fileSystem.contents(of: file.path, upTo: Int.max).map({ String(decoding: $0, as: UTF8.self) }) != file.before {
            throw InputError("\(file.path) changed since fix read it; nothing was written (run fix again)")
        }
        try AtomicFile.writeAll(files.map { (Data($0.after.utf8), $0.path) })
    }

    /// How many of `findings` `fix` would fix (for `check`'s closing line): the edits planned and placed, not checked
    /// again (`fix` checks the planned manifests, and may cancel a few); 0 when none is of a rule it edits for.
    public func fixableCount(_ findings: [Finding], graph check: ProjectCheck) -> Int {
        var planner = FixPlanner(repository: fixRepository, graph: check.graph)
        let fixable = findings.filter { FixRequest.fixableRules.contains($0.rule) }
        guard !fixable.isEmpty else { return 0 }
        for finding in FixPlanner.planningOrder(fixable) { planner.plan(finding) }
        return planner.outcome(of: planner.made(reader: reader.staticReader), cancelled: [:]).fixed.count
    }

    /// What `fix` plans on.
    var fixRepository: FixRepository {
        FixRepository(workspace: workspace, layering: layering.configuration, fileSystem: fileSystem)
    }
}
