import Foundation
import PackagePlugin

/// `swift package componentize <subcommand> …`: runs componentize on this package's folder with the arguments as
/// given. It only reads (check, graph, why, manifest, and the writing subcommands' --dry-run / --check forms);
/// subcommands that write files go through `componentize-write`, which asks for permission to write.
@main
struct ComponentizeCommand: CommandPlugin {
    static let writing: Set<String> = ["new", "resources", "init"]

    func performCommand(context: PluginContext, arguments: [String]) async throws {
        if let subcommand = arguments.first, Self.writing.contains(subcommand),
           !arguments.contains("--dry-run"), !arguments.contains("--check") {
            throw PluginFailure("'\(subcommand)' writes files: run it as 'swift package --allow-writing-to-package-directory componentize-write \(arguments.joined(separator: " "))'")
        }
        try run(context: context, arguments: arguments)
    }
}
