import Foundation
import PackagePlugin

/// Runs the componentize tool in the package's folder; fails when it exits non-zero (1: findings, 2: bad input).
func run(context: PluginContext, arguments: [String]) throws {
    let process = Process()
    process.executableURL = try context.tool(named: "componentize").url
    process.arguments = arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw PluginFailure("componentize \(arguments.first ?? "") exited with status \(process.terminationStatus)"
                            + (process.terminationStatus == 1 ? " (findings)" : " (bad input or usage)"))
    }
}

struct PluginFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
