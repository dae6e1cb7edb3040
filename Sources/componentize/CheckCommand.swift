import ArgumentParser
import Diagnostics
import Foundation
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

            Exit status: 0 clean (warnings allowed; --fail-on warning fails on them too), 1 findings that fail the run, 2 bad \
            input (a wrong path, a folder with nothing to check, a configuration that does not load).
            Rules and their rationale: docs/rules.md. Formats: docs/check-formats.md.
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(help: ArgumentHelp("Report format: \(ReporterRegistry.formatList)."))
    var format: ReportFormat = .text

    @Option(name: .shortAndLong, help: "Write the report to this file instead of standard output.", completion: .file())
    var output: String?

    @Option(help: "Findings listed in this file do not fail the run; entries that match nothing are reported. Default: the file componentize.yml names under 'baseline:'.", completion: .file())
    var baseline: String?

    @Flag(name: .customLong("no-baseline"), help: "Apply no baseline this run, not even the one componentize.yml names: every finding counts.")
    var noBaseline = false

    @Option(name: .customLong("write-baseline"), help: "Write every current finding to this file (sorted, keyed by rule and edge) and exit 0.", completion: .file())
    var writeBaseline: String?

    @Flag(name: .customLong("no-imports"), help: "Do not read the sources' imports this run (componentize.yml: imports.check).")
    var noImports = false

    @Option(name: .customLong("changed-since"), help: ArgumentHelp(
        "Report only findings in files changed since this git revision (committed, modified or new), for fast local runs.",
        discussion: "The whole repository is still read, so every finding shown is exactly the one a full check reports.",
        valueName: "ref"))
    var changedSince: String?

    @Option(name: .customLong("fail-on"), help: ArgumentHelp(
        "Which findings fail the run (exit 1): error, warning (errors and warnings) or never.",
        discussion: "never still exits 2 on bad input; the report is the same whatever the level.", valueName: "level"))
    var failOn: FailureLevel = .error

    @Flag(name: .customLong("timings"), help: "Print how long each stage took, on standard error.")
    var showTimings = false

    @Flag(name: .customLong("list-undecided"), help: ArgumentHelp(
        "List each undecided import at its place in the text report (what would decide it follows).",
        discussion: "JSON and SARIF always list them; the text report counts them on one line otherwise."))
    var listUndecided = false

    func validate() throws {
        if noBaseline && baseline != nil { throw ValidationError("--no-baseline applies no baseline; it takes no --baseline FILE") }
    }

    func run() throws {
        let timings = showTimings ? StageTimings() : nil
        let project = try project.open(timings: timings)
        var request = CheckRequest(today: try Project.today(), imports: !noImports, baseline: baseline, writeBaseline: writeBaseline,
                                   changedSince: changedSince, toolVersion: Componentize.version)
        let needs = try format.reporter.needs
        request.countFixable = needs.contains(.fixableCount)
        request.ignoresBaseline = noBaseline
        request.drawsArchitecture = needs.contains(.architecture)
        let outcome = try project.check(request)
        if let timings { Terminal.printError(timings.report) }
        switch outcome {
        case .baselineWritten(let path, let count):
            Terminal.printError("componentize: wrote \(count) finding\(count == 1 ? "" : "s") to \(path)" + Self.applyingAdvice(path, configured: project.baselinePath))
        case .report(var report, let check):
            report.listsUndecided = listUndecided
            let text = try report.render(format, colored: output == nil && Terminal.wantsColor)
            if let output {
                try Project.writeFile(Data((text + "\n").utf8), to: output)
                print("\(report.summaryLine); report written to \(output)")
            } else {
                print(text)
            }
            // Freeing a large repository's graph object by object takes longer than the rest of the exit: end here.
            Terminal.exit(report.failingCount(at: failOn) > 0 ? 1 : 0, keeping: project, check)
        }
    }
}

extension CheckCommand {
    /// What makes `check` apply a baseline just written: nothing when componentize.yml already names it.
    static func applyingAdvice(_ written: String, configured: String?) -> String {
        func absolute(_ path: String) -> String { URL(fileURLWithPath: path).standardizedFileURL.path }
        if let configured, absolute(configured) == absolute(written) { return " (componentize.yml names it under 'baseline:': check applies it)" }
        return "; check applies it with --baseline \(written), or on every run once componentize.yml says 'baseline: "
            + "\((written as NSString).lastPathComponent)' (the path relative to componentize.yml's folder)"
            + (configured.map { " instead of \($0)" } ?? "")
    }
}

extension ReportFormat: ExpressibleByArgument {
    public static var allValueStrings: [String] { all.map(\.rawValue) }
    public var defaultValueDescription: String { rawValue }
}
extension FailureLevel: ExpressibleByArgument {}

extension Terminal {
    /// Colour only when standard output is a terminal and `NO_COLOR` is not set.
    static var wantsColor: Bool {
        isatty(STDOUT_FILENO) == 1 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
            && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }
}
