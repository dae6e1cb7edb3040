import Files
import Foundation
import Paths

/// One target's build settings as Xcode resolves them for one configuration: the project's `.xcconfig`, the project's
/// settings, the target's `.xcconfig`, the target's settings, each over the one before; `$(inherited)` is the value
/// below, `$(NAME)`, `${NAME}` and `$NAME` another setting (`TARGET_NAME`, `PROJECT_NAME` and the project's source root
/// `SRCROOT`, `PROJECT_DIR`, `SOURCE_ROOT` are built in: the root as `.`, so a path under it comes out relative to the
/// project's `projectDirPath`), `$(NAME:c99extidentifier)` the same made an identifier. A reference to what is not set
/// stays as written, so a value that still holds `$` after ``value(_:)`` is not known here.
struct BuildSettings {
    /// Lowest first.
    var levels: [[String: String]]
    var builtIn: [String: String]

    init(levels: [[String: String]], targetName: String, projectName: String) {
        self.levels = levels
        builtIn = ["TARGET_NAME": targetName, "PROJECT_NAME": projectName, "SRCROOT": ".", "PROJECT_DIR": ".", "SOURCE_ROOT": "."]
    }

    /// The setting with every reference that can be resolved here expanded; nil when no level sets it.
    func value(_ key: String) -> String? {
        resolve(key, below: levels.count, depth: 0)
    }

    private func resolve(_ key: String, below top: Int, depth: Int) -> String? {
        guard let level = (0..<top).last(where: { levels[$0][key] != nil }), let raw = levels[level][key] else { return builtIn[key] }
        guard depth < 16 else { return raw }
        return expand(raw, key: key, level: level, depth: depth)
    }

    private func expand(_ raw: String, key: String, level: Int, depth: Int) -> String {
        var result = ""
        var rest = Substring(raw)
        while let dollar = rest.firstIndex(of: "$") {
            result += rest[..<dollar]
            let afterDollar = rest.index(after: dollar)
            if afterDollar < rest.endIndex, rest[afterDollar] == "_" || rest[afterDollar].isLetter {
                // `$NAME`: the name runs to the first character that cannot be in one.
                let end = rest[afterDollar...].firstIndex { !($0 == "_" || $0.isLetter || $0.isNumber) } ?? rest.endIndex
                let name = String(rest[afterDollar..<end])
                result += resolve(name, below: levels.count, depth: depth + 1).map { Substring($0) } ?? rest[dollar..<end]
                rest = rest[end...]
                continue
            }
            guard afterDollar < rest.endIndex, let close = Self.closer(of: rest[afterDollar]),
                  let end = rest[afterDollar...].firstIndex(of: close) else {
                result += rest[dollar...]
                return result
            }
            let reference = rest[rest.index(after: afterDollar)..<end]
            let parts = reference.split(separator: ":", maxSplits: 1)
            let name = parts.first.map(String.init) ?? ""
            let expanded = name == "inherited" ? resolve(key, below: level, depth: depth + 1) ?? ""
                : resolve(name, below: levels.count, depth: depth + 1)
            if let expanded, !(parts.count > 1 && parts[1] != "c99extidentifier") {
                result += parts.count > 1 ? Self.identifier(expanded) : expanded
            } else {
                result += rest[dollar...end]
            }
            rest = rest[rest.index(after: end)...]
        }
        return result + rest
    }

    private static func closer(of opener: Character) -> Character? {
        opener == "(" ? ")" : opener == "{" ? "}" : nil
    }

    /// What Xcode's `c99extidentifier` makes of a name: every character that cannot be in an identifier made `_`.
    static func identifier(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "$" ? $0 : "_" })
    }
}

/// An `.xcconfig` file: `KEY = value` lines (a later one wins), `//` comments, `#include "other.xcconfig"` (and
/// `#include?`) read where they stand, relative to the including file. Conditional assignments (`KEY[sdk=…]`) are
/// left out: they hold for some builds only.
enum XCConfigFile {
    static func settings(at path: String, fileSystem: any FileSystem) -> [String: String]? {
        var visited: Set<String> = []
        return read(path, fileSystem: fileSystem, visited: &visited)
    }

    private static func read(_ path: String, fileSystem: any FileSystem, visited: inout Set<String>) -> [String: String]? {
        guard visited.count < 32, visited.insert(path).inserted, let text = fileSystem.text(of: path, upTo: 1 << 20) else { return nil }
        var settings: [String: String] = [:]
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        for rawLine in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            let line = rawLine.range(of: "//").map { rawLine[..<$0.lowerBound] } ?? rawLine[...]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#include") {
                guard let included = includedPath(trimmed, from: folder),
                      let inner = read(included, fileSystem: fileSystem, visited: &visited) else { continue }
                settings.merge(inner) { _, new in new }
                continue
            }
            guard let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, !key.contains("["), key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            var value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasSuffix(";") { value = String(value.dropLast()).trimmingCharacters(in: .whitespaces) }
            settings[key] = value
        }
        return settings
    }

    /// The file an `#include "x.xcconfig"` line names, absolute; nil for a path into the developer folder (`<DEVELOPER_DIR>`).
    private static func includedPath(_ line: String, from folder: String) -> String? {
        guard let open = line.firstIndex(of: "\""), let close = line[line.index(after: open)...].firstIndex(of: "\"") else { return nil }
        let written = String(line[line.index(after: open)..<close])
        guard !written.isEmpty, !written.hasPrefix("<") else { return nil }
        return PathArithmetic.lexical(PathArithmetic.join(folder, written))
    }
}
