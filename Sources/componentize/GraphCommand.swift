import Output
import ArgumentParser
import Diagnostics
import Foundation
import ManifestReading
import Reports
import Rules

struct GraphCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "graph",
        abstract: "Draw the components and their dependencies, layer by layer.",
        discussion: """
            Layers are clusters from top to bottom, each component appears once, and dependencies that \
            break a rule are red. svg and png are rendered by Graphviz's dot, which must be installed.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case dot, mermaid, json, svg, png
    }

    enum External: String, ExpressibleByArgument, CaseIterable {
        case show, hide
    }

    @Argument(help: "The repository root (default: the current directory).", completion: .directory)
    var path: String = "."

    @Option(help: "dot, mermaid, json, or svg/png (through Graphviz).")
    var format: Format = .dot

    @Option(help: "Show third-party packages as a group, or hide them.")
    var external: External = .hide

    @Option(help: "Draw only this component and its direct neighbours.")
    var focus: String?

    @Option(name: .shortAndLong, help: "Write to this file instead of standard output (required for png).", completion: .file())
    var output: String?

    @Option(name: .customLong("config"), help: "A configuration file other than PATH/componentize.yml.", completion: .file())
    var configurationPath: String?

    @Option(help: "How to read manifests: auto, static or swiftpm.")
    var reader: ReaderStrategy = .auto

    func validate() throws {
        if format == .png && output == nil {
            throw ValidationError("--format png writes binary data: add --output FILE.png")
        }
    }

    func run() throws {
        var dotPath: String?
        if format == .svg || format == .png {
            dotPath = Toolchain.executable(named: "dot", environment: ProcessInfo.processInfo.environment)
            guard dotPath != nil else {
                throw InputError("--format \(format.rawValue) needs Graphviz's 'dot': install it (apt-get install graphviz, brew install graphviz) or use --format dot")
            }
        }
        let check = RepositoryCheck(root: path, reader: ManifestReader(strategy: reader), today: LayerChecker.today(),
                                    configurationPath: configurationPath)
        let (graph, result) = try check.run()
        let renderer = GraphRenderer(showExternal: external == .show, focus: focus)
        let textFormat: GraphRenderer.Format = switch format {
        case .mermaid: .mermaid
        case .json: .json
        default: .dot
        }
        let text = try renderer.render(graph, findings: result.findings, format: textFormat)
        var data = Data((text + "\n").utf8)
        if let dotPath {
            data = try render(text, with: dotPath)
        }
        if let output {
            try AtomicFile.write(data, to: output)
        } else {
            FileHandle.standardOutput.write(data)
        }
    }

    private func render(_ dotSource: String, with dot: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: dot)
        process.arguments = ["-T\(format.rawValue)"]
        let input = Pipe(), outputPipe = Pipe()
        process.standardInput = input
        process.standardOutput = outputPipe
        try process.run()
        input.fileHandleForWriting.write(Data(dotSource.utf8))
        try input.fileHandleForWriting.close()
        let data = outputPipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw InputError("dot failed with status \(process.terminationStatus)") }
        return data
    }
}
