import ArgumentParser
import Foundation
import Output
import Project

struct WhyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "why",
        abstract: "Show the shortest chain of dependencies from one component or target to another.",
        discussion: """
            Each step is a manifest entry (a target of the same package, or a product of another) or an import \
            the manifest does not declare, with its file, line and column. Exit status: 0 when a chain exists, \
            1 when none does, 2 on bad input.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json
    }

    @Argument(help: "Where the chain starts: a component or target name, e.g. App.")
    var from: String

    @Argument(help: "Where it ends, e.g. NXKit.")
    var to: String

    @OptionGroup var project: ProjectOptions

    @Option(help: "text or json.")
    var format: Format = .text

    @Flag(name: .customLong("no-imports"), help: "Follow manifest entries only, not the sources' imports.")
    var noImports = false

    func run() throws {
        let chain = try project.open().why(from: from, to: to, imports: !noImports)
        switch format {
        case .json:
            let steps: [JSONValue] = (chain?.steps ?? []).map { step in
                .object([
                    ("from", .string(step.from.id.name)), ("to", .string(step.to.id.name)), ("kind", .string(step.kind.rawValue)),
                    ("written", .string(step.written)), ("file", .string(step.location.path)),
                    ("line", step.location.line.map(JSONValue.int) ?? .null), ("column", step.location.column.map(JSONValue.int) ?? .null),
                ])
            }
            print(JSONValue.object([("from", .string(from)), ("to", .string(to)), ("found", .bool(chain != nil)), ("steps", .array(steps))]).rendered())
        case .text:
            guard let chain else {
                print("\(from) does not depend on \(to), directly or through anything else")
                break
            }
            if chain.steps.isEmpty { print("\(from) is \(to)") }
            print(([from] + chain.steps.map(\.to.id.name)).joined(separator: " → "))
            for step in chain.steps {
                print("  \(step.from.id.name) → \(step.to.id.name)  \(step.kind.rawValue) \(step.written)  \(step.location)")
            }
        }
        if chain == nil { throw ExitCode(1) }
    }
}
