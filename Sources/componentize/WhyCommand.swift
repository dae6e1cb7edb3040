import ArgumentParser
import Project
import Reports

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

    @Argument(help: "Where the chain starts: a component or target name, e.g. App.")
    var from: String

    @Argument(help: "Where it ends, e.g. NXKit.")
    var to: String

    @OptionGroup var project: ProjectOptions

    @Option(help: "text or json.")
    var format: ChainReporter.Format = .text

    @Flag(name: .customLong("no-imports"), help: "Follow manifest entries only, not the sources' imports.")
    var noImports = false

    func run() throws {
        let chain = try project.open().why(from: from, to: to, imports: !noImports)
        print(ChainReporter(from: from, to: to).render(chain, format: format))
        if chain == nil { throw ExitCode(1) }
    }
}

extension ChainReporter.Format: ExpressibleByArgument {}
