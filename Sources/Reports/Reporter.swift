import Diagnostics
import Paths
import Rules

/// Which findings fail a run (`check --fail-on`): errors (the default), warnings too, or none.
public enum FailureLevel: String, Sendable, CaseIterable {
    case error, warning, never
}

/// A format `componentize check --format` writes: the name of a registered ``Reporter``.
public struct ReportFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// A registered format; nil for a name no reporter registered.
    public init?(rawValue: String) {
        guard ReporterRegistry.reporter(named: rawValue) != nil else { return nil }
        self.rawValue = rawValue
    }

    private init(builtIn name: String) { rawValue = name }

    public static let text = ReportFormat(builtIn: TextReporter().format)
    public static let html = ReportFormat(builtIn: HTMLReporter().format)

    /// Every registered format's name, in the registry's order.
    public static var all: [ReportFormat] { ReporterRegistry.reporters.map { ReportFormat(builtIn: $0.format) } }

    /// The reporter that writes it.
    public var reporter: any Reporter {
        get throws {
            guard let reporter = ReporterRegistry.reporter(named: rawValue) else { throw InputError("no reporter writes --format \(rawValue)") }
            return reporter
        }
    }

    public var description: String { rawValue }
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

    /// The report in `format` (coloured for a terminal when `colored` and the format has colour); an error when its
    /// reporter cannot write it.
    public func render(_ format: ReportFormat, colored: Bool = false) throws -> String {
        try format.reporter.coloured(colored).render(self)
    }
}
