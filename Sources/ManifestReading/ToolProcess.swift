import Foundation

/// Runs a helper tool (`swift package dump-package`, `pod ipc spec`) to the end: its standard output from a pipe, its
/// messages through a temporary file (so a tool that writes much to both never blocks), no standard input.
public enum ToolProcess {
    public struct Outcome: Sendable {
        public var status: Int32
        public var output: Data
        /// Standard error, trimmed.
        public var messages: String
    }

    /// Throws when the tool cannot be started or the temporary file cannot be made; the description says which.
    public static func run(_ executable: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String]) throws -> Outcome {
        let errorPath = NSTemporaryDirectory() + "componentize-tool-\(ProcessInfo.processInfo.processIdentifier)-\(UInt64.random(in: 0...UInt64.max)).err"
        guard FileManager.default.createFile(atPath: errorPath, contents: nil), let errorHandle = FileHandle(forWritingAtPath: errorPath) else {
            throw ToolProcessError(description: "cannot create a temporary file for \((executable as NSString).lastPathComponent)'s messages in \(NSTemporaryDirectory())")
        }
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = errorHandle
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? errorHandle.close()
            throw ToolProcessError(description: "cannot run \(([(executable as NSString).lastPathComponent] + arguments.prefix(2)).joined(separator: " ")): \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try? errorHandle.close()
        let messages = String(decoding: FileManager.default.contents(atPath: errorPath) ?? Data(), as: UTF8.self)
        return Outcome(status: process.terminationStatus, output: data, messages: messages.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

public struct ToolProcessError: Error, CustomStringConvertible {
    public var description: String
}
