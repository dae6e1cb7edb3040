import ArgumentParser
import Diagnostics
import Foundation

@main
struct Componentize: ParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "componentize",
        abstract: "Keep a componentized Swift app's packages in their layers.",
        discussion: """
            componentize reads every Package.swift of a repository split into layered SwiftPM \
            components (kit, common, account, business, app) and tells you when a dependency \
            points the wrong way; it creates new components in their layer and generates typed \
            accessors for their resource bundles. Start with 'componentize init' (or 'componentize init --infer' \
            in an existing repository), then 'componentize new <Name>' and 'componentize check'.

            Exit status: 0 success, 1 findings, 2 bad input or usage.
            """,
        version: "\(version) (\(BuildRevision.current))",
        groupedSubcommands: [
            CommandGroup(name: "Check", subcommands: [CheckCommand.self, FixCommand.self, GraphCommand.self, WhyCommand.self]),
            CommandGroup(name: "Create", subcommands: [InitCommand.self, NewCommand.self, MigratePodsCommand.self]),
            CommandGroup(name: "Generate", subcommands: [ResourcesCommand.self]),
            CommandGroup(name: "Inspect", subcommands: [ManifestCommand.self, RulesCommand.self]),
        ]
    )

    /// Runs the command and maps every failure to the documented exit codes: 2 for usage and input errors.
    static func main() {
        do {
            try refuseMisspeltSubcommand()
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            Terminal.printError(error.description)
            Foundation.exit(2)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                print(fullMessage(for: error))
                Foundation.exit(0)
            }
            if code == .validationFailure {
                Terminal.printError(fullMessage(for: error))
                Terminal.printError("Run 'componentize --help' for usage.")
                Foundation.exit(2)
            }
            if let exit = error as? ExitCode { Foundation.exit(exit.rawValue) }
            // Anything else is a file or system failure (a folder that cannot be created, a tool that will not
            // run): bad input or environment, never "findings", so exit 2 with what went wrong.
            let message = fullMessage(for: error)
            Terminal.printError(message.hasPrefix("error:") ? message : "error: \(message)")
            Foundation.exit(2)
        }
    }
}

extension Componentize {
    /// `componentize chek`: the nearest subcommand, instead of the parser's "unexpected argument".
    static func refuseMisspeltSubcommand() throws {
        guard let first = CommandLine.arguments.dropFirst().first, !first.hasPrefix("-") else { return }
        let names = configuration.groupedSubcommands.flatMap(\.subcommands).map { $0.configuration.commandName ?? "" } + ["help"]
        guard !names.contains(first), let nearest = EditDistance.nearest(to: first, in: names) else { return }
        throw InputError("unknown command '\(first)'; did you mean '\(nearest)'? ('componentize --help' lists them)")
    }
}

enum Terminal {
    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }

    /// Ends the process with `code` once every output stream is flushed, without releasing `values` first (the
    /// operating system takes the memory back at once).
    static func exit(_ code: Int32, keeping values: Any...) -> Never {
        withExtendedLifetime(values) {
            fflush(nil)
            Foundation.exit(code)
        }
    }
}
