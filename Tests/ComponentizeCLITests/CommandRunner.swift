import Foundation
import XCTest

/// Runs the built `componentize` executable, as a user would.
struct CommandResult {
    var status: Int32
    var stdout: String
    var stderr: String
}

enum Componentize {
    /// The `componentize` built next to this test bundle.
    static var executable: URL {
        let directory = Bundle.main.executableURL?.deletingLastPathComponent()
            ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let beside = directory.appendingPathComponent("componentize")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        // macOS: the .xctest bundle sits in the products folder.
        return Bundle(for: BundleToken.self).bundleURL.deletingLastPathComponent().appendingPathComponent("componentize")
    }

    /// The repository root (for fixtures/).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil) throws -> CommandResult {
        try runTool(executable.path, arguments, in: directory, environment: environment)
    }

    /// Runs any program, feeding `input` on standard input.
    static func runTool(_ path: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String]? = nil,
                        input: String? = nil) throws -> CommandResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let temporary = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: temporary) }
        let outURL = temporary.appendingPathComponent("out"), errURL = temporary.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        process.standardOutput = try FileHandle(forWritingTo: outURL)
        process.standardError = try FileHandle(forWritingTo: errURL)
        let inputURL = temporary.appendingPathComponent("in")
        try Data((input ?? "").utf8).write(to: inputURL)
        process.standardInput = try FileHandle(forReadingFrom: inputURL)
        try process.run()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self)
        )
    }
}

private final class BundleToken {}

/// Every file and folder under a root with its content (empty for folders), to prove a refusal changed nothing.
enum FileSnapshot {
    static func of(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let item = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = root.appendingPathComponent(item).path
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            result[item] = isDirectory.boolValue ? Data() : try Data(contentsOf: URL(fileURLWithPath: path))
        }
        return result
    }
}
