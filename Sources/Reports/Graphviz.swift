import Diagnostics
import Foundation

/// Graphviz's `dot`, for `graph --format svg|png`.
public struct Graphviz: Sendable {
    /// The `dot` executable.
    public var executable: String

    /// Finds `dot` on PATH, or fails saying how to install it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment, format: String) throws {
        let found = (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/dot" }.first(where: FileManager.default.isExecutableFile(atPath:))
        guard let found else {
            throw InputError("--format \(format) needs Graphviz's 'dot': install it (apt-get install graphviz, brew install graphviz) or use --format dot")
        }
        executable = found
    }

    /// Renders DOT source to `format` (`svg`, `png`).
    public func render(_ dotSource: String, format: String) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-T\(format)"]
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data(dotSource.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw InputError("dot failed with status \(process.terminationStatus)") }
        return data
    }
}
