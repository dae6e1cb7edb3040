import Diagnostics
import Files
import Foundation
import PackageModel

/// Picks the manifest file SwiftPM would load for a package directory.
///
/// SwiftPM's rule, checked against `swift package dump-package` (see docs/manifest-reader.md):
/// 1. `Package@swift-X.Y.Z.swift`, `Package@swift-X.Y.swift`, `Package@swift-X.swift` that name the
///    toolchain version exactly win, in that order.
/// 2. Otherwise the newest `Package@swift-…` not newer than the toolchain is used when its own
///    `swift-tools-version` is greater than `Package.swift`'s, or when `Package.swift` needs a newer toolchain.
/// 3. Otherwise `Package.swift`.
public struct ManifestLocator: Sendable {
    public var toolchainVersion: ToolsVersion

    public init(toolchainVersion: ToolsVersion = .current) {
        self.toolchainVersion = toolchainVersion
    }

    /// The manifest file SwiftPM would read in `directory`.
    public func manifestPath(inPackageDirectory directory: String, fileSystem: any FileSystem) throws -> String {
        let entries = try Self.listing(ofPackageDirectory: directory, fileSystem: fileSystem)
        let file = try manifestFileName(among: entries) { name in
            try ToolsVersionParser.parse(fileAt: (directory as NSString).appendingPathComponent(name), fileSystem: fileSystem)
        }
        return (directory as NSString).appendingPathComponent(file)
    }

    /// "; did you mean 'Kit/NXKit'?" for a misspelt folder (`Kit/NXKt`): the nearest folder beside it, as the path was
    /// written; else "".
    public static func folderSuggestion(for path: String, fileSystem: any FileSystem) -> String {
        let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
        let name = (trimmed as NSString).lastPathComponent, parent = (trimmed as NSString).deletingLastPathComponent
        let folders = fileSystem.listing(of: parent.isEmpty ? "." : parent)?.entries.filter { $0.kind == .folder || $0.kind == .linkToFolder }.map(\.name) ?? []
        return EditDistance.nearest(to: name, in: folders).map { "; did you mean '\((parent as NSString).appendingPathComponent($0))'?" } ?? ""
    }

    /// The names in a package folder; an error when it is not a folder or has no `Package.swift`.
    private static func listing(ofPackageDirectory directory: String, fileSystem: any FileSystem) throws -> [String] {
        switch fileSystem.status(of: directory) {
        case .folder: break
        case .missing, .brokenLink, .linkLoop:
            throw InputError("no such directory\(Self.folderSuggestion(for: directory, fileSystem: fileSystem))", at: FileLocation(path: directory))
        case .file, .other: throw InputError("not a directory: give the folder that holds Package.swift", at: FileLocation(path: directory))
        }
        guard let listing = fileSystem.listing(of: directory) else {
            throw InputError("cannot list directory (check its permissions)", at: FileLocation(path: directory))
        }
        // A broken link named Package.swift counts: reading it then says what is wrong with it.
        guard listing.entry(named: "Package.swift") != nil else {
            throw InputError("no Package.swift in this directory", at: FileLocation(path: directory))
        }
        return listing.entries.map(\.name)
    }

    /// The chosen file name among `names` (a package folder's); `toolsVersionOf` reads a file's `swift-tools-version`.
    public func manifestFileName(among names: [String], toolsVersionOf: (String) throws -> ToolsVersion) throws -> String {
        let fileNames = names
        var variants: [ToolsVersion: String] = [:]
        for name in fileNames {
            if let version = Self.variantVersion(ofFileName: name) { variants[version] = name }
        }
        guard !variants.isEmpty else { return "Package.swift" }

        let exactSuffixes = [
            "\(toolchainVersion.major).\(toolchainVersion.minor).\(toolchainVersion.patch)",
            "\(toolchainVersion.major).\(toolchainVersion.minor)",
            "\(toolchainVersion.major)",
        ]
        for suffix in exactSuffixes where fileNames.contains("Package@swift-\(suffix).swift") {
            return "Package@swift-\(suffix).swift"
        }
        guard let candidate = variants.keys.sorted(by: >).first(where: { $0 <= toolchainVersion }),
              let candidateFile = variants[candidate] else {
            return "Package.swift"
        }
        let candidateTools = candidate < ToolsVersion(4) ? ToolsVersion(3, 1) : try toolsVersionOf(candidateFile)
        let regularTools = try toolsVersionOf("Package.swift")
        if regularTools > toolchainVersion { return candidateFile }
        return candidateTools > regularTools ? candidateFile : "Package.swift"
    }

    /// `5.9` for `Package@swift-5.9.swift`; nil for any other name.
    static func variantVersion(ofFileName name: String) -> ToolsVersion? {
        let prefix = "Package@swift-", suffix = ".swift"
        guard name.hasPrefix(prefix), name.hasSuffix(suffix), name.count > prefix.count + suffix.count else { return nil }
        let version = name.dropFirst(prefix.count).dropLast(suffix.count)
        return ToolsVersion(string: String(version))
    }
}

/// Reads the `// swift-tools-version:X.Y` line of a manifest, by SwiftPM's rule (its `ToolsVersionParser`):
/// - the first line that is not blank is the specification: `//`, spaces, `swift-tools-version:` (any case), spaces,
///   the version, then optional `;`-separated specifiers; before 5.4 only line breaks may precede it, with exactly one
///   space after `//` and none after the colon;
/// - when that line is none, the first later line that is one counts if it declares 6.0 or later (a comment header
///   above it); one declaring an earlier version is refused there; with none, the first line's error stands.
public enum ToolsVersionParser {
    public static func parse(fileAt path: String, fileSystem: any FileSystem) throws -> ToolsVersion {
        try parse(ManifestFile.contents(of: path, fileSystem: fileSystem), path: path)
    }

    public static func parse(_ text: String, path: String) throws -> ToolsVersion {
        var whole = Substring(text)
        if whole.hasPrefix("\u{FEFF}") { whole = whole.dropFirst() }
        do {
            return try specification(in: whole, of: whole, path: path).version
        } catch let firstError {
            var rest = whole
            while let newline = rest.firstIndex(where: \.isNewline) {
                rest = rest[rest.index(after: newline)...]
                guard !rest.isEmpty, let later = try? specification(in: rest, of: whole, path: path) else { continue }
                guard later.version >= ToolsVersion(6) else {
                    throw InputError(
                        "the tools version \(later.version) is declared after the first line, which SwiftPM accepts only from tools version 6.0: move '// swift-tools-version:\(later.version)' to the first line",
                        at: FileLocation(path: path, line: later.line, column: 1)
                    )
                }
                return later.version
            }
            throw firstError
        }
    }

    /// The specification on the first line of `rest` that is not blank (`rest` ends `whole`): its version and line.
    private static func specification(in rest: Substring, of whole: Substring, path: String) throws -> (version: ToolsVersion, line: Int) {
        let start = rest.firstIndex { !$0.isWhitespace } ?? rest.endIndex
        let lineStart = whole[..<start].lastIndex(where: \.isNewline).map { whole.index(after: $0) } ?? whole.startIndex
        let lineNumber = whole[..<start].filter(\.isNewline).count + 1
        let line = rest[start..<(rest[start...].firstIndex(where: \.isNewline) ?? rest.endIndex)]
        let missing = InputError(
            "the manifest must start with a '// swift-tools-version:X.Y' line",
            at: FileLocation(path: path, line: lineNumber, column: 1)
        )
        let markerEnd = line.firstIndex { $0 != "/" && $0 != "*" } ?? line.endIndex
        guard line[..<markerEnd] == "//" else { throw missing }
        let labelStart = line[markerEnd...].firstIndex { !$0.isWhitespace } ?? line.endIndex
        let label = "swift-tools-version:"
        guard line[labelStart...].lowercased().hasPrefix(label) else { throw missing }
        let labelEnd = line.index(labelStart, offsetBy: label.count, limitedBy: line.endIndex) ?? line.endIndex
        let versionStart = line[labelEnd...].firstIndex { !$0.isWhitespace } ?? line.endIndex
        let versionText = line[versionStart...].prefix { $0 != ";" && !$0.isWhitespace }
        guard let version = ToolsVersion(string: String(versionText)) else {
            throw InputError(
                "'\(versionText)' is not a tools version (expected e.g. 5.9 or 6.0)",
                at: FileLocation(path: path, line: lineNumber, column: whole[lineStart..<versionStart].count + 1)
            )
        }
        let compatibleBefore5_4 = rest[..<start].allSatisfy { $0 == "\n" } && line[markerEnd..<labelStart] == " " && labelEnd == versionStart
        guard version >= ToolsVersion(5, 4) || compatibleBefore5_4 else {
            throw InputError(
                "before tools version 5.4 SwiftPM reads only '// swift-tools-version:\(version)' exactly (one space after '//', none after ':', nothing but line breaks above it)",
                at: FileLocation(path: path, line: lineNumber, column: 1)
            )
        }
        return (version, lineNumber)
    }
}
