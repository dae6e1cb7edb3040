import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Files
import Foundation
import Output
import Paths
import Reports
import Rules

/// The outcome of `Project.check`: the graph it ran on, the findings, and notes on how packages were read.
public struct ProjectCheck {
    public var graph: DependencyGraph
    public var result: CheckResult
    /// Not findings: e.g. a manifest SwiftPM read because the static reader declined it.
    public var notes: [Note]
}

/// What `componentize check` is asked for.
public struct CheckRequest: Sendable {
    public var today: Day
    /// Read the sources' imports (when the configuration's `imports.check` agrees).
    public var imports: Bool
    /// Apply this baseline instead of the one the configuration names.
    public var baseline: String?
    /// Write every current finding to this file instead of reporting them.
    public var writeBaseline: String?
    /// Report only findings in files changed since this git revision.
    public var changedSince: String?
    /// Named in the reports that carry it (SARIF, JSON).
    public var toolVersion: String
    /// Count the findings `componentize fix` would fix (the text report's closing line).
    public var countFixable = false
    /// Give the report the components and links the HTML page draws.
    public var drawsArchitecture = false
    /// Apply no baseline, not even the configured one (`--no-baseline`).
    public var ignoresBaseline = false

    public init(today: Day, imports: Bool = true, baseline: String? = nil, writeBaseline: String? = nil, changedSince: String? = nil,
                toolVersion: String) {
        self.today = today
        self.imports = imports
        self.baseline = baseline
        self.writeBaseline = writeBaseline
        self.changedSince = changedSince
        self.toolVersion = toolVersion
    }
}

/// What `componentize check` ends with.
public enum CheckOutcome {
    /// The report to print, the baseline applied.
    case report(Report, ProjectCheck)
    /// Every finding written to a baseline file.
    case baselineWritten(path: String, count: Int)
}

extension Project {
    /// The layering check: every rule over the graph, with configured severities and exceptions applied. With
    /// `imports` (and `imports.check` in the configuration), the sources are read too.
    public func check(today: Day, imports: Bool = true) throws -> ProjectCheck {
        if configuration.strict { try configuration.requireGlobsMatch(workspace) }
        let (graph, importNotes) = imports && configuration.imports.check ? graphWithImports : (self.graph, [])
        var result = timings.measure("rules") { LayerChecker(configuration: layering.configuration, today: today).check(graph) }
        var notes = workspace.declines.map { declined in
            Note("read with swift package dump-package: \(declined.reason)", at: declined.location)
        } + workspace.notes + importNotes + (layering.note.map { [$0] } ?? [])
        if !scopeIsRoot {
            result = result.limited(to: inScope)
            notes = notes.filter { $0.location.map { inScope($0.path) } ?? true }
            let packages = workspace.packages.filter(inScope)
            result.packageCount = packages.count
            result.packageKinds = PackageCounts(packages: packages.filter { !$0.isXcodeProject && $0.manifest.kind != .pod }.count,
                                                pods: packages.filter { $0.manifest.kind == .pod }.count,
                                                projects: packages.filter(\.isXcodeProject).count)
            result.targetCount = packages.reduce(0) { $0 + $1.manifest.targets.count }
        }
        return ProjectCheck(graph: graph, result: result, notes: notes)
    }

    /// `componentize check`: the check, limited to files changed since a revision when asked, with the baseline
    /// applied; or every finding written to a new baseline.
    public func check(_ request: CheckRequest) throws -> CheckOutcome {
        if request.changedSince != nil, request.writeBaseline != nil {
            throw InputError("--write-baseline writes every finding of the repository, and --changed-since keeps only those of changed files: a baseline written with both would forget the rest; run it without --changed-since")
        }
        let full = try check(today: request.today, imports: request.imports)
        let found = workspace.packages.contains { inScope($0) } || workspace.unreadable.contains { inScope($0.manifestPath) }
        try workspace.requireSomethingToCheck(found: found, scope: scope, currentFolder: currentFolder, fileSystem: fileSystem)
        var check = full
        if let revision = request.changedSince {
            check = check.limited(to: try ChangedFiles.since(revision, in: absoluteRoot).withProjectFiles(of: workspace, fileSystem: fileSystem))
        }
        if let path = request.writeBaseline {
            let baseline = Baseline(findings: check.result.findings)
            try AtomicFile.write(Data(baseline.rendered().utf8), to: path)
            return .baselineWritten(path: path, count: baseline.keys.count)
        }
        var report = Report(result: check.result, notes: check.notes, toolVersion: request.toolVersion)
        report.folders = (absoluteRoot, currentFolder)
        let applied = request.ignoresBaseline ? nil : try baseline(path: request.baseline)
        if let baseline = applied {
            report.baselinePath = request.baseline ?? baselinePath.map { PathArithmetic.relative($0, to: currentFolder) }
            let (new, known, _) = baseline.apply(to: check.result.findings)
            report.result.findings = new
            report.baselined = known
            // Whether an entry still matches is judged on the whole repository, never on the changed files alone.
            report.staleBaselineEntries = baseline.apply(to: full.result.findings).stale
        }
        if let revision = request.changedSince {
            let shown = Set(check.result.findings.map(\.location.path)), everything = full.result.findings.filter { !shown.contains($0.location.path) }
            report.leftOut = (applied.map { $0.apply(to: everything).new.count } ?? everything.count, revision)
        }
        if request.countFixable { report.fixable = fixableCount(report.result.findings, graph: check) }
        if request.drawsArchitecture {
            report.architecture = try ArchitectureModel(graph: check.graph, findings: report.result.findings, baselined: report.baselined)
        }
        return .report(report, check)
    }

    /// The baseline the configuration names (`baseline:`), relative to the configuration's folder.
    public var baselinePath: String? {
        guard let file = configuration.source.path else { return nil }
        return configuration.baseline.map { PathArithmetic.join((file as NSString).deletingLastPathComponent, $0) }
    }

    /// The baseline `check` applies: `path` when given, else the one the configuration names (an error at the
    /// configuration's `baseline:` key when that file is missing), else none.
    func baseline(path: String?) throws -> Baseline? {
        if let path { return try Baseline.load(path: path, fileSystem: fileSystem) }
        guard let configured = baselinePath else { return nil }
        guard fileSystem.status(of: configured).exists else {
            throw InputError("the baseline \(configured) named here does not exist (write it with 'componentize check --write-baseline \(configured)', or remove the key)",
                             at: configuration.baselineLocation)
        }
        return try Baseline.load(path: configured, fileSystem: fileSystem)
    }

    /// The components of the packages in ``scope``, or nil when the scope is the whole repository (for `graph`).
    public func components(inScopeOf graph: DependencyGraph) -> Set<String>? {
        guard !scopeIsRoot else { return nil }
        return Set(graph.sortedTargets.filter { !$0.isTest && inScope($0.manifestPath) }.map(\.component))
    }

    /// The shortest chain of dependencies from `from` to `to` (components or targets), over the manifests and, with
    /// `imports`, the sources' undeclared imports; nil when there is none. An unknown name is an input error.
    public func why(from: String, to: String, imports: Bool = true) throws -> DependencyChain? {
        try (imports && configuration.imports.check ? graphWithImports.graph : graph).chain(named: from, to: to, missing: unreadableNote)
    }

    /// What `graph` cannot draw: each package whose manifest cannot be read, as a located note.
    public var undrawnPackages: [String] {
        workspace.unreadable.map { "\($0.location): note: \($0.relativeDirectory) is not drawn: its manifest cannot be read ('componentize check' says why)" }
    }

    /// The packages in scope a command passes over because their manifest cannot be read: each a located note saying
    /// what the command did not do for it (`consequence`).
    public func passedOver(_ consequence: String, wholeRepository: Bool = false) -> [String] {
        workspace.unreadable.filter { wholeRepository || inScope($0.manifestPath) }.map {
            "\($0.location): note: \($0.relativeDirectory) passed over: its manifest cannot be read, so \(consequence) ('componentize check' says why)"
        }
    }

    /// Why a name may be missing: the packages whose manifests cannot be read (their targets are not in the graph).
    var unreadableNote: String {
        guard let first = workspace.unreadable.first else { return "" }
        let more = workspace.unreadable.count > 1 ? " and \(workspace.unreadable.count - 1) more" : ""
        return " (it may be in a package whose manifest cannot be read: \(first.location)\(more); 'componentize check' says what is wrong there)"
    }
}

extension ProjectCheck {
    /// Only the findings, excused findings and notes located in `files`; the counts stay those of the whole check.
    public func limited(to files: ChangedFiles) -> ProjectCheck {
        var limited = self
        limited.result = result.limited(to: files.contains)
        limited.notes = notes.filter { $0.location.map { files.contains($0.path) } ?? false }
        return limited
    }
}
