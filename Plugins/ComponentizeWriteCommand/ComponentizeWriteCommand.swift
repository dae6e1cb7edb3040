import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory componentize-write <subcommand> …`: the subcommands that
/// write files in the package (new, resources, init), with the permission SwiftPM asks the user for.
@main
struct ComponentizeWriteCommand: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try run(context: context, arguments: arguments)
    }
}
