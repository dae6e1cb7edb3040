import Foundation
import Files
import Paths

/// The files a target's `sources:` give it, relative to the project's folder: each entry a file or a folder (every file
/// under it), narrowed by its `includes:` globs, less its `excludes:` globs (both relative to the entry's path, `**`
/// crossing folders); entries built into no phase (`buildPhase: none`, `resources`, a `type: folder` reference) add
/// none. Only Swift and C-family files matter to the graph; the others are kept out.
struct SpecSources {
    var fileSystem: any FileSystem
    /// The project's folder (absolute).
    var folder: String

    static let compiled: Set<String> = ["swift", "h", "m", "mm", "c", "cc", "cpp", "cxx", "hpp"]
    static let uncompiledPhases: Set<String> = ["none", "resources", "copyFiles", "headers"]

    struct Selection {
        var files: [String] = []
        var unknown: String?
    }

    mutating func files(of sources: SpecNode?) -> Selection {
        var selection = Selection()
        guard let sources else { return selection }
        let entries = sources.string != nil ? [sources] : sources.items ?? []
        var files: Set<String> = []
        for entry in entries {
            guard let written = entry.string ?? entry["path"]?.string else { continue }
            let node = entry.string != nil ? entry : entry["path"] ?? entry
            if let phase = entry["buildPhase"]?.string ?? entry["buildPhase"]?.entries?.first?.key, Self.uncompiledPhases.contains(phase) { continue }
            if entry["type"]?.string == "folder" { continue }
            let absolute = node.path(written)
            let excludes = globs(entry["excludes"]), includes = globs(entry["includes"])
            let found: [String]
            if written.contains("*") {
                found = matching(written, from: node.origin.base)
            } else {
                switch fileSystem.status(of: absolute) {
                case .folder:
                    found = fileSystem.regularFiles(under: absolute).filter { relative in
                        !excludes.contains { $0.matchesPath(relative) || Self.isInside(relative, matchedFolderOf: $0) }
                            && (includes.isEmpty || includes.contains { $0.matchesPath(relative) })
                    }.map { PathArithmetic.join(absolute, $0) }
                case .file:
                    found = [absolute]
                default:
                    if entry["optional"]?.bool != true {
                        selection.unknown = selection.unknown ?? "its source '\(written)' is not there (XcodeGen stops on a missing source that is not optional: true)"
                    }
                    found = []
                }
            }
            for file in found where Self.compiled.contains(Self.fileExtension(of: file)) {
                files.insert(PathArithmetic.relative(file, to: folder))
            }
        }
        selection.files = files.sorted()
        return selection
    }

    /// Globs as XcodeGen matches them: a leading `**/` also matches no folder at all (`**/*.md` matches `README.md`).
    func globs(_ node: SpecNode?) -> [Glob] {
        (node?.strings ?? []).compactMap(\.string).flatMap { pattern in
            let patterns = pattern.hasPrefix("**/") ? [pattern, String(pattern.dropFirst(3))] : [pattern]
            return patterns.compactMap { try? Glob($0) }
        }
    }

    /// A folder an exclude glob names excludes every file in it.
    static func isInside(_ relative: String, matchedFolderOf glob: Glob) -> Bool {
        PathArithmetic.prefixes(of: relative).dropLast().contains { glob.matchesPath($0) }
    }

    /// The files a source path written as a glob names (`Sources/*/Public`), from the folder before its first wildcard.
    func matching(_ pattern: String, from base: String) -> [String] {
        let parts = pattern.split(separator: "/").map(String.init)
        let fixed = parts.prefix { !$0.contains("*") && !$0.contains("?") && !$0.contains("[") }
        let root = PathArithmetic.resolve(fixed.joined(separator: "/"), from: base)
        guard let glob = try? Glob(parts.dropFirst(fixed.count).joined(separator: "/")) else { return [] }
        return fileSystem.regularFiles(under: root).filter { relative in
            glob.matchesPath(relative) || PathArithmetic.prefixes(of: relative).contains { glob.matchesPath($0) }
        }.map { PathArithmetic.join(root, $0) }
    }

    static func fileExtension(of path: String) -> String {
        let name = PathArithmetic.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}

/// The build settings a spec gives a target, as far as they name its module: the target's `settings:` (flat, or
/// `base:` and `configs:`, the `Debug` configuration first, with their `groups:`), its `configFiles:` (`.xcconfig`
/// lines `KEY = value`), then the project's.
struct SpecSettings {
    var spec: SpecNode
    var fileSystem: any FileSystem

    func value(of key: String, target: SpecNode) -> String? {
        value(of: key, in: target["settings"]) ?? configFiles(target["configFiles"], key: key)
            ?? value(of: key, in: spec["settings"]) ?? configFiles(spec["configFiles"], key: key)
    }

    func value(of key: String, in settings: SpecNode?, depth: Int = 0) -> String? {
        guard let settings, depth < 8 else { return nil }
        let configs = settings["configs"]?.entries ?? []
        let debug = configs.first { $0.key.lowercased() == "debug" } ?? configs.first
        for candidate in [debug?.node, settings["base"], settings] {
            if let value = candidate?[key]?.string { return value }
        }
        for group in (settings["groups"]?.strings ?? []).compactMap(\.string) {
            if let value = value(of: key, in: spec["settingGroups"]?[group], depth: depth + 1) { return value }
        }
        return nil
    }

    func configFiles(_ node: SpecNode?, key: String) -> String? {
        let entries = node?.entries ?? []
        let debug = entries.first { $0.key.lowercased() == "debug" } ?? entries.first
        guard let file = debug?.node, let written = file.string else { return nil }
        return XCConfig(fileSystem: fileSystem).value(of: key, in: file.path(written))
    }
}

/// A `.xcconfig` file's plain assignments (`KEY = value`, `#include` followed), enough to name a module.
struct XCConfig {
    var fileSystem: any FileSystem

    func value(of key: String, in path: String, depth: Int = 0) -> String? {
        guard depth < 8, let text = fileSystem.text(of: path, upTo: 1 << 20) else { return nil }
        var found: String?
        for line in text.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                let quoted = trimmed.split(separator: "\"")
                if quoted.count >= 2, let included = value(of: key, in: PathArithmetic.resolve(String(quoted[1]), from: PathArithmetic.resolve("..", from: path)), depth: depth + 1) {
                    found = included
                }
                continue
            }
            let withoutComment = trimmed.components(separatedBy: "//")[0]
            let parts = withoutComment.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key else { continue }
            found = parts[1].trimmingCharacters(in: .whitespaces)
        }
        return found
    }
}
