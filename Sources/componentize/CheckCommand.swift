import Output
import ArgumentParser
import Diagnostics
import Foundation
import ManifestReading
import Reports
import Rules

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Fail when a dependency breaks the layering.",
        discussion: """
            Reads every Package.swift under PATH (and the packages they reference by path), places each \
            target in its layer from componentize.yml (or the four-layer preset when there is none), and \
            reports dependencies that point up a layer, sideways between business components, in a cycle, \
            to a third-party package a layer may not use, or to nothing at all.

            Exit status: 0 clean (warnings allowed), 1 errors found, 2 bad input.
            Rules and their rationale: docs/rules.md. Formats: docs/check-formats.md.
            """
    )

    @Argument(help: "The repository root (default: the current directory).", completion: .directory)
    var path: String = "."

    @Option(help: "Report format: text (for people), json, sarif (code scanning), github (workflow annotations) or junit.")
    var format: ReportFormat = .text

    @Option(name: .customLong("config"), help: "A configuration file other than PATH/componentize.yml.", completion: .file())
    var configurationPath: String?

    @Option(help: "Findings listed in this file do not fail the run; entries that match nothing are reported.", completion: .file())
    var baseline: String?

    @Option(name: .customLong("write-baseline"), help: "Write every current finding to this file (sorted, keyed by rule and edge) and exit 0.", completion: .file())
    var writeBaseline: String?

    @Flag(name: .customLong("timings"), help: "Print how long each stage took, on standard error.")
    var showTimings = false

    @Option(help: "How to read manifests: auto (static, then swift package dump-package when static declines), static or swiftpm.")
    var reader: ReaderStrategy = .auto

    func run() throws {
        let check = RepositoryCheck(root: path, reader: ManifestReader(strategy: reader), today: LayerChecker.today(),
                                    configurationPath: configurationPath)
        let timings = showTimings ? StageTimings() : nil
        let (_, result) = try check.run(timings: timings)
        if let timings { Terminal.printError(timings.report) }
        if let writeBaseline {
            let baselineFile = Baseline(findings: result.findings)
            try AtomicFile.write(Data(baselineFile.rendered().utf8), to: writeBaseline)
            Terminal.printError("componentize: wrote \(baselineFile.keys.count) findings to \(writeBaseline)")
            return
        }
        var report = Report(result: result, toolVersion: Componentize.version)
        if let baseline {
            let (new, known, stale) = try Baseline.load(path: baseline).apply(to: result.findings)
            report.result.findings = new
            report.baselined = known
            report.staleBaselineEntries = stale
        }
        print(report.render(format, colored: format == .text && Terminal.wantsColor))
        if report.failingErrorCount > 0 { throw ExitCode(1) }
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
