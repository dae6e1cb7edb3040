import Diagnostics
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Renders DOT source to `format` (`svg`, `png`). A `dot` that fails, or exits before reading all of its input, is an
    /// input error with what it said on standard error; never a signal (a write to a pipe nobody reads is an error
    /// here, not SIGPIPE).
    public func render(_ dotSource: String, format: String) throws -> Data {
        signal(SIGPIPE, SIG_IGN)
        // Only while `dot` is fed: a reader of componentize's own output that goes away ends it as usual.
        defer { signal(SIGPIPE, SIG_DFL) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["-T\(format)"]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Output and complaints are read while the input is written, so that a large drawing cannot fill a pipe and stall.
        let collected = Collected()
        let group = DispatchGroup()
        for (handle, isOutput) in [(output.fileHandleForReading, true), (errors.fileHandleForReading, false)] {
            DispatchQueue.global().async(group: group) {
                let data = handle.readDataToEndOfFile()
                collected.set(data, output: isOutput)
            }
        }
        var writeFailed = false
        do {
            try input.fileHandleForWriting.write(contentsOf: Data(dotSource.utf8))
        } catch {
            writeFailed = true
        }
        try? input.fileHandleForWriting.close()
        group.wait()
        process.waitUntilExit()
        let said = String(decoding: collected.errors, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        let saying = said.isEmpty ? "" : ": \(said)"
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let how = process.terminationReason == .exit ? "exited with status \(process.terminationStatus)" : "was stopped by signal \(process.terminationStatus)"
            throw InputError("\(executable) \(how)\(saying)")
        }
        let drawing = collected.output
        guard !writeFailed, !drawing.isEmpty else { throw InputError("\(executable) exited without drawing the graph\(saying)") }
        return drawing
    }

    /// What the process wrote, gathered from two reading threads.
    private final class Collected: @unchecked Sendable {
        private let lock = NSLock()
        private var outputData = Data(), errorData = Data()
        var output: Data { lock.withLock { outputData } }
        var errors: Data { lock.withLock { errorData } }
        func set(_ data: Data, output isOutput: Bool) {
            lock.withLock { if isOutput { outputData = data } else { errorData = data } }
        }
    }
}
