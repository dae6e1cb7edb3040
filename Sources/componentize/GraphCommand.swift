import ArgumentParser
import Foundation
import Project
import Reports

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the components and their dependencies, layer by layer.",
        discussion: """
            Layers are clusters from top to bottom, each component appears once, and dependencies that \
            break a rule are red, orange when the baseline records them. A package whose manifest cannot be read is \
            not drawn (a note names it). svg and png are rendered by Graphviz's dot, which must be installed.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, json, svg, png
    }

    enum External: String, ExpressibleByArgument, CaseIterable {
        case show, hide
    }

    @OptionGroup var project: ProjectOptions

    @Option(help: "dot, mermaid, json, or svg/png (through Graphviz).")
    var format: Format = .dot

    @Option(help: "Show third-party packages as a group, or hide them.")
    var external: External = .hide

    @Option(help: "Draw only this component and its direct neighbours.")
    var focus: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (required for png).", completion: .file())
    var output: String?

    func validate() throws {
        if format == .png && output == nil {
            throw ValidationError("--format png writes binary data: add --output FILE.png")
        }
    }

    func run() throws {
        let graphviz = format == .svg || format == .png ? try Graphviz(format: format.rawValue) : nil
        let opened = try project.open()
        guard case .report(let report, let check) = try opened.check(CheckRequest(today: try Project.today(), toolVersion: Componentize.version)) else { return }
        for note in opened.undrawnPackages { Terminal.printError(note) }
        let renderer = GraphRenderer(showExternal: external == .show, focus: focus, scope: opened.components(inScopeOf: check.graph))
        let textFormat: GraphRenderer.Format = switch format {
        case .mermaid: .mermaid
        case .json: .json
        default: .dot
        }
        let text = try renderer.render(check.graph, findings: report.result.findings, baselined: report.baselined, format: textFormat)
        let data = try graphviz?.render(text, format: format.rawValue) ?? Data((text + "\n").utf8)
        if let output {
            try Project.writeFile(data, to: output)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }
}
