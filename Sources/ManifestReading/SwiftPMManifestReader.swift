import Files
import HelperTools
import Output
import Diagnostics
import Foundation
import PackageModel

/// Reads a manifest the way SwiftPM does: runs `swift package dump-package` and maps its JSON.
///
/// Results are cached under ``cacheDirectory``, keyed by the manifest files' contents, the toolchain version and
/// the values of the environment variables the manifests name (see docs/manifest-reader.md), so a second read
/// of an unchanged package costs no compilation.
public struct SwiftPMManifestReader: Sendable {
    public var toolchainVersion: ToolsVersion
    public var environment: [String: String]
    public var cacheDirectory: String?

    public init(
        toolchainVersion: ToolsVersion = .current,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        cacheDirectory: String? = ToolCache.defaultDirectory()
    ) {
        self.toolchainVersion = toolchainVersion
        self.environment = environment
        self.cacheDirectory = cacheDirectory
    }

    /// SwiftPM reads the package from the disk; `fileSystem` finds and reads its manifest for the cache key.
    public func read(packageDirectory directory: String, fileSystem: any FileSystem) throws -> Manifest {
        // dump-package reads the variant the installed toolchain picks, whatever version was asked for.
        let manifestPath = try ManifestLocator(toolchainVersion: .current).manifestPath(inPackageDirectory: directory, fileSystem: fileSystem)
        let manifestText = try ManifestFile.contents(of: manifestPath, fileSystem: fileSystem)
        let toolsVersion = try ToolsVersionParser.parse(manifestText, path: manifestPath)
        let key = cacheKey(directory: directory, manifestText: manifestText, fileSystem: fileSystem)
        let data: Data
        if let cached = cachedDump(key: key) {
            data = cached
        } else if let refusal = cachedRefusal(key: key, manifestPath: manifestPath) {
            throw refusal
        } else {
            do {
                data = try dumpPackage(directory: directory, manifestPath: manifestPath)
            } catch let refusal as CompilerRefusal {
                storeRefusal(refusal, key: key)
                throw refusal.error
            }
            storeDump(data, key: key)
        }
        return try DumpPackageMapper(manifestPath: manifestPath, packageDirectory: directory, toolsVersion: toolsVersion)
            .map(data)
    }

    private func dumpPackage(directory: String, manifestPath: String) throws -> Data {
        guard let swift = Toolchain.executable(named: "swift", environment: environment) else {
            throw InputError("cannot find 'swift' on PATH, needed by --reader swiftpm", at: FileLocation(path: manifestPath))
        }
        let outcome: ToolProcess.Outcome
        do {
            outcome = try ToolProcess.run(swift, ["package", "--package-path", directory, "dump-package"], environment: environment)
        } catch let error as ToolProcessError {
            throw InputError(error.description, at: FileLocation(path: manifestPath))
        }
        guard outcome.status == 0 else {
            if let located = Self.compilerError(in: outcome.messages, manifest: manifestPath) { throw CompilerRefusal(error: located) }
            throw InputError("swift package dump-package failed: \(outcome.messages.isEmpty ? "exit \(outcome.status)" : outcome.messages)",
                             at: FileLocation(path: manifestPath))
        }
        return outcome.output
    }

    /// The compiler's first `path:line:col: error: message` about the manifest in SwiftPM's output (which also
    /// carries the compile command and temporary paths), located in the manifest as the user names it.
    static func compilerError(in output: String, manifest manifestPath: String) -> InputError? {
        let file = (manifestPath as NSString).lastPathComponent
        for line in output.split(separator: "\n") {
            guard let marker = line.range(of: ": error: ") else { continue }
            let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
            guard place.count >= 3, let lineNumber = Int(place[place.count - 2]), let column = Int(place[place.count - 1]),
                  place.dropLast(2).joined(separator: ":").hasSuffix("/" + file) else { continue }
            return InputError("SwiftPM cannot compile the manifest: \(line[marker.upperBound...])",
                              at: FileLocation(path: manifestPath, line: lineNumber, column: column))
        }
        return nil
    }

    // MARK: - Cache

    func cacheKey(directory: String, manifestText: String, fileSystem: any FileSystem) -> String {
        var hasher = StableHasher()
        hasher.combine("componentize-dump-v1")
        hasher.combine(toolchainVersion.description)
        hasher.combine(directory)
        for name in variantFileNames(in: directory, fileSystem: fileSystem) {
            hasher.combine(name)
            hasher.combine((try? ManifestFile.contents(of: (directory as NSString).appendingPathComponent(name), fileSystem: fileSystem)) ?? "")
        }
        for name in EnvironmentNames.mentioned(in: manifestText) {
            hasher.combine(name)
            hasher.combine(environment[name] ?? "\u{0}unset")
        }
        return hasher.hexDigest
    }

    private func variantFileNames(in directory: String, fileSystem: any FileSystem) -> [String] {
        let entries = fileSystem.listing(of: directory)?.entries.map(\.name) ?? []
        return entries.filter { $0 == "Package.swift" || ManifestLocator.variantVersion(ofFileName: $0) != nil }.sorted()
    }

    private func cachePath(key: String) -> String? {
        cacheDirectory.map { "\($0)/dump-package/\(key).json" }
    }

    private func cachedDump(key: String) -> Data? {
        cachePath(key: key).flatMap { FileManager.default.contents(atPath: $0) }
    }

    private func storeDump(_ data: Data, key: String) {
        guard let path = cachePath(key: key) else { return }
        try? AtomicFile.write(data, to: path)
    }

    /// The compiler's located refusal of a manifest is as deterministic as a dump (same files, same toolchain): kept
    /// beside the dumps, so that a broken package costs one compile, not one a run.
    private func cachedRefusal(key: String, manifestPath: String) -> InputError? {
        guard let path = cachePath(key: key).map({ $0 + ".refused" }),
              let data = FileManager.default.contents(atPath: path),
              let stored = try? JSONDecoder().decode(StoredRefusal.self, from: data) else { return nil }
        return InputError(stored.message, at: FileLocation(path: manifestPath, line: stored.line, column: stored.column))
    }

    private func storeRefusal(_ refusal: CompilerRefusal, key: String) {
        guard let path = cachePath(key: key).map({ $0 + ".refused" }) else { return }
        let location = refusal.error.location
        let stored = StoredRefusal(message: refusal.error.message, line: location?.line, column: location?.column)
        guard let data = try? JSONEncoder().encode(stored) else { return }
        try? AtomicFile.write(data, to: path)
    }
}

/// SwiftPM's compiler refused the manifest at a place it names (not a missing tool or a failed process).
private struct CompilerRefusal: Error {
    var error: InputError
}

private struct StoredRefusal: Codable {
    var message: String
    var line: Int?
    var column: Int?
}

/// Names a manifest may read from the environment: every string literal that looks like a variable name.
enum EnvironmentNames {
    static func mentioned(in text: String) -> [String] {
        var names: Set<String> = []
        var current = ""
        var inString = false
        for character in text {
            if character == "\"" {
                if inString, !current.isEmpty { names.insert(current) }
                inString.toggle()
                current = ""
            } else if inString {
                current.append(character)
            }
        }
        return names.filter { name in name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } }.sorted()
    }
}
