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

/// Facts about the installed Swift toolchain.
public enum Toolchain {
    /// The `lib/swift/<os>` folders of the `swift` found on PATH, where `canImport` looks for modules.
    public static func moduleSearchPaths(environment: [String: String]) -> [String] {
        guard let swift = executable(named: "swift", environment: environment) else { return [] }
        let resolved = (try? FileManager.default.destinationOfSymbolicLink(atPath: swift)).map {
            $0.hasPrefix("/") ? $0 : ((swift as NSString).deletingLastPathComponent as NSString).appendingPathComponent($0)
        } ?? swift
        let usr = ((resolved as NSString).deletingLastPathComponent as NSString).deletingLastPathComponent
        #if os(Linux)
        let platform = "linux"
        #else
        let platform = "macosx"
        #endif
        return ["\(usr)/lib/swift/\(platform)", "\(usr)/lib/swift_static/\(platform)", "\(usr)/lib/swift/pm/ManifestAPI"]
    }

    public static func executable(named name: String, environment: [String: String]) -> String? {
        for directory in (environment["PATH"] ?? "").split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }
}

/// Where readers keep what a helper tool printed, so an unchanged input costs no second run.
public enum ToolCache {
    /// `$COMPONENTIZE_CACHE_DIR`, else `$XDG_CACHE_HOME/componentize`, else `~/.cache/componentize`.
    public static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let explicit = environment["COMPONENTIZE_CACHE_DIR"], !explicit.isEmpty { return explicit }
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/componentize" }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.cache/componentize" }
        return nil
    }
}

/// A 128-bit FNV-1a style hash, stable across runs and platforms (Swift's `Hasher` is seeded per process).
public struct StableHasher: Sendable {
    public init() {}

    private var a: UInt64 = 0xcbf2_9ce4_8422_2325
    private var b: UInt64 = 0x8422_2325_cbf2_9ce4

    public mutating func combine(_ text: String) {
        for byte in text.utf8 { add(byte) }
        for byte in withUnsafeBytes(of: UInt64(text.utf8.count).littleEndian, Array.init) { add(byte) }
    }

    private mutating func add(_ byte: UInt8) {
        a = (a ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        b = (b ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 ^ (b >> 29)
    }

    public var hexDigest: String {
        String(a, radix: 16).leftPadded(16) + String(b, radix: 16).leftPadded(16)
    }
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
