import ArgumentParser
import Configuration
import Diagnostics
import Foundation
import Output
import Project
import Reports

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail when a dependency breaks the layering.",
        discussion: """
            Reads every Package.swift under PATH (and the packages they reference by path), places each \
            target in its layer from componentize.yml (or the four-layer preset when there is none), and \
            reports dependencies that point up a layer, sideways between business components, in a cycle, \
            to a third-party package a layer may not use, or to nothing at all. It also reads what every \
            target's sources import: an import no manifest declares is checked like a dependency, at the import \
            (implicit-dependency when the layers allow it), and a declared dependency nothing imports is a warning.

            Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad input.
            Rules and their rationale: docs/rules.md. Formats: docs/check-formats.md.
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(help: "Report format: text (for people), json, sarif (code scanning), github (workflow annotations), junit, codeclimate (GitLab Code Quality) or xcode (one line a finding, for a Run Script phase).")
    var format: ReportFormat = .text

    @Option(help: "Findings listed in this file do not fail the run; entries that match nothing are reported. Default: the file componentize.yml names under 'baseline:'.", completion: .file())
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write every current finding to this file (sorted, keyed by rule and edge) and exit 0.", completion: .file())
    var writeBaseline: String?

    @Flag(name: .customLong("no-imports"), help: "Do not read the sources' imports this run (componentize.yml: imports.check).")
    var noImports = false

    @Option(name: .customLong("changed-since"), help: ArgumentHelp(
        "Report only findings in files changed since this git revision (committed, modified or new), for fast local runs.",
        discussion: "The whole repository is still read, so every finding shown is exactly the one a full check reports.",
        valueName: "ref"))
    var changedSince: String?

    @Flag(name: .customLong("timings"), help: "Print how long each stage took, on standard error.")
    var showTimings = false

    func run() throws {
        let today = try Project.today()
        let timings = showTimings ? StageTimings() : nil
        let project = try project.open(timings: timings)
        var check = try project.check(today: today, imports: !noImports)
        if let changedSince {
            check = check.limited(to: try ChangedFiles.since(changedSince, in: project.absoluteRoot))
        }
        let result = check.result
        if let timings { Terminal.printError(timings.report) }
        if let writeBaseline {
            let baselineFile = Baseline(findings: result.findings)
            try AtomicFile.write(Data(baselineFile.rendered().utf8), to: writeBaseline)
            Terminal.printError("componentize: wrote \(baselineFile.keys.count) findings to \(writeBaseline)")
            return
        }
        var report = Report(result: result, notes: check.notes, toolVersion: Componentize.version)
        report.folders = (project.absoluteRoot, ConfigurationSearch.absolute(FileManager.default.currentDirectoryPath))
        if let baseline = try project.baseline(path: baseline) {
            let (new, known, stale) = baseline.apply(to: result.findings)
            report.result.findings = new
            report.baselined = known
            report.staleBaselineEntries = stale
        }
        print(report.render(format, colored: format == .text && Terminal.wantsColor))
        // Freeing a large repository's graph object by object takes longer than the rest of the exit: end here.
        Terminal.exit(report.failingErrorCount > 0 ? 1 : 0, keeping: project, check)
    }
}

extension ReportFormat: ExpressibleByArgument {}

extension Terminal {
    /// Colour only when standard output is a terminal and `NO_COLOR` is not set.
    static var wantsColor: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}
