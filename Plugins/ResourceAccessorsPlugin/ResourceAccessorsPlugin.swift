import Foundation
import PackagePlugin

/// Generates `<Target>Resources.swift` at build time for a target with resources, instead of committing it:
/// runs `componentize resources --target <Target> --output-dir <plugin work directory>` before compiling.
@main
struct ResourceAccessorsPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        let resources = module.sourceFiles.filter { $0.type == .resource }.map(\.url)
        // A target without resources has no Bundle.module: generating nothing is the only correct output.
        guard !resources.isEmpty else { return [] }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)Resources.swift")
        let manifest = context.package.directoryURL.appendingPathComponent("Package.swift")
        return [
            .buildCommand(
                displayName: "Generating resource accessors for \(target.name)",
                executable: try context.tool(named: "componentize").url,
                arguments: [
                    "resources", context.package.directoryURL.path, "--target", target.name,
                    "--output-dir", context.pluginWorkDirectoryURL.path, "--reader", "static",
                ],
                inputFiles: resources + [manifest],
                outputFiles: [output]
            ),
        ]
    }
}
