import Diagnostics
import Foundation
import Output
import Stencil
import Templates

/// `--format html`: one self-contained page (its style, script and data inline, nothing fetched) that draws the
/// layers as lanes with their components and links, lists the findings with filters, and answers "why does A depend
/// on B". The page is `templates/report/check.html.stencil` around `report.css` and `report.js`; the data is one JSON
/// object (documented in docs/check-formats.md). Deterministic: the same report gives the same bytes.
public struct HTMLReporter: Sendable {
    /// The page's templates by path (`report/…`): the built-in ones unless a test gives others.
    var templates: [String: String]

    public init() { templates = EmbeddedTemplates.files }

    init(templates: [String: String]) { self.templates = templates }

    /// The page; an input error naming the template when Stencil cannot render it (never an empty page).
    public func render(_ report: Report) throws -> String {
        let files = templates
        let context: [String: Any] = [
            "title": MarkupText.content("componentize check: " + TextReporter.summary(report)),
            "style": files["report/report.css"] ?? "",
            "script": files["report/report.js"] ?? "",
            "data": Self.scriptSafe(data(report).rendered()),
        ]
        let environment = Environment(loader: DictionaryLoader(templates: files), trimBehaviour: .smart)
        let name = "report/check.html.stencil"
        do {
            return try environment.renderTemplate(name: name, context: context)
        } catch {
            throw InputError("the HTML report cannot be written: templates/\(name): \(error)")
        }
    }

    /// Everything the page shows, as one JSON object.
    func data(_ report: Report) -> JSONValue {
        let result = report.result
        let model = report.architecture
        func component(ofTarget name: String) -> JSONValue {
            model?.componentOfTarget[name].map(JSONValue.string) ?? .null
        }
        func finding(_ finding: Finding, status: String) -> JSONValue {
            .object([
                ("rule", .string(finding.rule.rawValue)), ("severity", .string(finding.severity.rawValue)), ("status", .string(status)),
                ("message", .string(finding.message)), ("why", .string(finding.rationale)), ("fix", .string(finding.fix)),
                ("file", .string(finding.location.path)), ("line", finding.location.line.map(JSONValue.int) ?? .null),
                ("column", finding.location.column.map(JSONValue.int) ?? .null),
                ("from", .string(finding.key.from)), ("to", finding.key.to.isEmpty ? .null : .string(finding.key.to)),
                ("fromComponent", component(ofTarget: finding.key.from)), ("toComponent", component(ofTarget: finding.key.to)),
            ])
        }
        return .object([
            ("tool", .string("componentize \(report.toolVersion)")),
            ("summary", .object([
                ("text", .string("componentize: " + TextReporter.summary(report))),
                ("errors", .int(result.errorCount)), ("warnings", .int(result.warningCount)), ("baselined", .int(report.baselined.count)),
            ])),
            ("layers", .array((model?.layers ?? []).map { .object([("name", .string($0.name)), ("independent", .bool($0.independent))]) })),
            ("components", .array((model?.components ?? []).map(Self.value))),
            ("links", .array((model?.links ?? []).map(Self.value))),
            ("findings", .array(result.findings.map { finding($0, status: "new") } + report.baselined.map { finding($0, status: "baselined") }
                + result.excused.map { finding($0, status: "excused") })),
            ("undecided", .array(undecided(report))),
            ("staleBaselineEntries", .array(report.staleBaselineEntries.map { .string(Report.staleNote($0)) })),
        ])
    }

    static func value(_ component: ArchitectureModel.Component) -> JSONValue {
        .object([("name", .string(component.name)), ("layer", component.layer.map(JSONValue.string) ?? .null), ("kind", .string(component.kind)),
                 ("folder", .string(component.folder)), ("targets", .array(component.targets.map(JSONValue.string)))])
    }

    static func value(_ link: ArchitectureModel.Link) -> JSONValue {
        .object([("from", .string(link.from)), ("to", .string(link.to)), ("style", .string(link.style)),
                 ("violation", link.violation.map(JSONValue.string) ?? .null), ("baselined", .bool(link.baselined))])
    }

    /// Imports, mediator calls and uses no rule decides, each with what would decide it.
    func undecided(_ report: Report) -> [JSONValue] {
        let result = report.result
        func entry(_ kind: String, _ location: FileLocation, _ what: String, _ decider: String) -> JSONValue {
            .object([("kind", .string(kind)), ("file", .string(location.path)), ("line", location.line.map(JSONValue.int) ?? .null),
                     ("what", .string(what)), ("decidedBy", .string(decider))])
        }
        return result.undecided.map { undecided in
            switch undecided {
            case .import(let item):
                return entry("import", item.location, "\(item.from.id.name) imports \(item.module)",
                             item.decider)
            case .call(let call):
                return entry("mediator call", call.location, "\(call.from.id.name) \(call.api) with \(call.written)", call.decider)
            case .use(let use):
                return entry("use", use.location, "\(use.from.id.name) uses \(use.name), which \(use.module) declares",
                             "reading " + use.undecidedBy.joined(separator: ", "))
            }
        }
    }

    /// JSON that an HTML `<script>` element cannot be ended or confused by: `<`, `>` and `&` as `\u` escapes (they
    /// only occur inside strings).
    static func scriptSafe(_ json: String) -> String {
        json.replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e").replacingOccurrences(of: "&", with: "\\u0026")
    }
}

extension HTMLReporter: Reporter {
    public var format: String { "html" }
    public var purpose: String? { "one interactive page: the layers, the components, the findings" }
    public var needs: ReportNeeds { .architecture }
}
