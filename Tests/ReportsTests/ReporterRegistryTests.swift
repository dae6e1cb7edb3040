import Diagnostics
import Foundation
import Rules
import Testing
@testable import Reports

/// A format is one reporter: registered, `--format` takes its name, its help lists it, and the report is its output.
struct ReporterRegistryTests {
    /// A format nobody ships: one line a report.
    struct TallyReporter: Reporter {
        var format: String { "tally" }
        var purpose: String? { "one line of counts" }
        func render(_ report: Report) -> String {
            "tally: \(report.result.errorCount) errors in \(report.result.packageCount) packages"
        }
    }

    private let report = Report(result: CheckResult(findings: [], packageCount: 3, targetCount: 5), toolVersion: "test")

    @Test func aRegisteredReporterIsAFormat() throws {
        #expect(ReportFormat(rawValue: "tally-never-registered") == nil)
        ReporterRegistry.register(TallyReporter())
        let format = try #require(ReportFormat(rawValue: "tally"))
        #expect(try report.render(format) == "tally: 0 errors in 3 packages")
        #expect(ReportFormat.all.map(\.rawValue).contains("tally"))
        #expect(ReporterRegistry.formatList.contains("tally (one line of counts)"))
    }

    @Test func theBuiltInFormatsInTheirOrder() {
        #expect(ReporterRegistry.builtIn.map(\.format) == ["text", "json", "sarif", "github", "junit", "codeclimate", "xcode", "html"])
        #expect(ReporterRegistry.formatList(ReporterRegistry.builtIn) == ("text (for people), json, sarif (code scanning), github (workflow annotations), junit, "
            + "codeclimate (GitLab Code Quality), xcode (one line a finding, for a Run Script phase) or html (one interactive page: the layers, "
            + "the components, the findings)"))
    }

    /// A page Stencil cannot render is an error naming the template, never an empty page.
    @Test func aTemplateErrorIsAnError() throws {
        var templates = HTMLReporter().templates
        templates["report/check.html.stencil"] = "<html>{% for x in %}</html>"
        #expect(throws: InputError.self) { try HTMLReporter(templates: templates).render(report) }
        do {
            _ = try HTMLReporter(templates: templates).render(report)
        } catch {
            #expect("\(error)".contains("templates/report/check.html.stencil"))
        }
        #expect(try !HTMLReporter().render(report).isEmpty)
    }

    /// The docs' table of formats and the README's synopsis name the built-in formats, in the registry's order.
    @Test func theDocsListTheRegisteredFormats() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let names = ReporterRegistry.builtIn.map(\.format)
        let formats = try String(contentsOf: root.appendingPathComponent("docs/check-formats.md"), encoding: .utf8)
        let rows = formats.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "`")[1] }
        #expect(rows.map(String.init) == names, "docs/check-formats.md: one row a format, in ReporterRegistry.builtIn's order")
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("--format " + names.joined(separator: "|") + "]"), "README.md: check's synopsis lists every format")
    }
}
