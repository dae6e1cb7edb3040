import Diagnostics
import Paths
import Rules

/// Which findings fail a run (`check --fail-on`): errors (the default), warnings too, or none.
public enum FailureLevel: String, Sendable, CaseIterable {
    case error, warning, never
}

/// The formats `componentize check --format` writes.
public enum ReportFormat: String, Sendable, CaseIterable {
    case text, json, sarif, github, junit, codeclimate, xcode, html
}

/// What every reporter gets: the check's result and what the baseline did to it.
public struct Report: Sendable {
    public var result: CheckResult
    /// Findings the baseline already knew (not failing the run).
    public var baselined: [Finding]
    /// Baseline entries that matched nothing.
    public var staleBaselineEntries: [FindingKey]
    /// Not findings: how packages were read, what was skipped (text output only).
    public var notes: [Note]
    public var toolVersion: String
    /// The repository root and the current folder, both absolute: SARIF names files relative to the root
    /// (`%SRCROOT%`), whatever folder the check ran from. Nil: paths as the findings name them.
    public var folders: (root: String, current: String)?
    /// How many of the findings `componentize fix` would fix (text output only).
    public var fixable = 0
    /// The baseline applied, as the user named it (where formats without notes place a stale entry).
    public var baselinePath: String?
    /// The components and links the HTML page draws; nil for the other formats.
    public var architecture: ArchitectureModel?
    /// The text report lists every undecided import at its place (JSON and SARIF always do).
    public var listsUndecided = false
    /// `--changed-since`: how many findings (the baseline does not know) lie in files not changed since the revision.
    public var leftOut: (count: Int, revision: String)?

    /// The closing line of the text report (`componentize: 1 error, 0 warnings in …`), for a terminal when the report
    /// itself goes to a file.
    public var summaryLine: String { "componentize: " + TextReporter.summary(self) }

    /// A finding's path relative to the repository root, when ``folders`` are known.
    public func pathFromRoot(_ path: String) -> String {
        guard let folders else { return path }
        return PathArithmetic.relative(PathArithmetic.resolve(path, from: folders.current), to: folders.root)
    }

    /// A finding's path relative to the folder the check ran in (where a CI job runs: the repository's root), when
    /// ``folders`` are known.
    public func pathFromCurrentFolder(_ path: String) -> String {
        guard let folders else { return path }
        return PathArithmetic.relative(PathArithmetic.resolve(path, from: folders.current), to: folders.current)
    }

    public init(result: CheckResult, notes: [Note] = [], baselined: [Finding] = [], staleBaselineEntries: [FindingKey] = [],
                toolVersion: String) {
        self.result = result
        self.notes = notes
        self.baselined = baselined
        self.staleBaselineEntries = staleBaselineEntries
        self.toolVersion = toolVersion
    }

    /// Errors that fail the run: exit 1 when positive.
    public var failingErrorCount: Int { result.errorCount }

    /// The findings that fail a run at this level: errors, errors and warnings, or none.
    public func failingCount(at level: FailureLevel) -> Int {
        switch level {
        case .error: return result.errorCount
        case .warning: return result.errorCount + result.warningCount
        case .never: return 0
        }
    }

    /// What every format says of a baseline entry that matches no finding of the repository any more.
    public static func staleNote(_ key: FindingKey) -> String {
        "baseline entry \(key) matches nothing any more; rewrite the baseline with --write-baseline"
    }

    public func render(_ format: ReportFormat, colored: Bool = false) -> String {
        switch format {
        case .text: return TextReporter(colored: colored).render(self)
        case .json: return JSONReporter().render(self)
        case .sarif: return SARIFReporter().render(self)
        case .github: return GitHubReporter().render(self)
        case .junit: return JUnitReporter().render(self)
        case .codeclimate: return CodeClimateReporter().render(self)
        case .xcode: return XcodeReporter().render(self)
        case .html: return HTMLReporter().render(self)
        }
    }
}
