import Files
import Foundation
import Paths
import SwiftEvaluation

/// Reading the evaluated values a project needs: each one present, known and of its type, else a decline at the place
/// of the call it belongs to.
enum TuistValues {
    static func decline(_ construct: String, at object: ManifestObject) -> Decline {
        var decline = Decline(construct, line: object.position.line, column: object.position.column)
        decline.file = object.file
        return decline
    }

    static func required(_ value: Value?, _ what: String, in object: ManifestObject) throws(Decline) -> Value {
        switch value {
        case .unknown(let decline)?: throw decline
        case nil, .null?: throw Self.decline("\(what): missing", at: object)
        case let value?: return value
        }
    }

    static func list(_ value: Value?, _ what: String, in object: ManifestObject) throws(Decline) -> [Value] {
        switch value {
        case nil, .null?: return []
        case .unknown(let decline)?: throw decline
        case .array(let items)?:
            for item in items { if case .unknown(let decline) = item { throw decline } }
            return items
        case let other?: throw Self.decline("\(what) given as \(other.typeDescription)", at: object)
        }
    }

    static func object(_ value: Value, _ what: String) throws(Decline) -> ManifestObject {
        switch value {
        case .object(let object): return object
        case .unknown(let decline): throw decline
        case .enumCase(let enumCase):
            throw Decline("\(what) given as \(enumCase.type).\(enumCase.name), a case of the project's own enum", line: 1, column: 1)
        default: throw Decline("\(what) given as \(value.typeDescription)", line: 1, column: 1)
        }
    }

    static func string(_ value: Value?, _ what: String, in object: ManifestObject) throws(Decline) -> String {
        guard case .string(let text) = try required(value, what, in: object) else {
            throw decline("\(what) that is not a string", at: object)
        }
        return text
    }

    /// The name of an API value written as a member (`.framework`, `Product.app`); a case of a declared enum of the same
    /// name stands for it.
    static func objectName(_ value: Value, _ what: String, at object: ManifestObject) throws(Decline) -> String {
        switch value {
        case .object(let named) where named.arguments.isEmpty: return named.kind
        case .enumCase(let enumCase) where enumCase.associated.isEmpty: return enumCase.name
        case .unknown(let decline): throw decline
        default: throw decline("\(what) given as \(value.typeDescription)", at: object)
        }
    }
}

/// ProjectDescription's `Path`: a string (relative to `Project.swift`'s folder), `.relativeToManifest`, `.relativeToRoot`,
/// `.path`, `Path(…)`.
struct TuistPaths {
    var folder: String
    var root: String

    func resolve(_ value: Value, at object: ManifestObject) throws(Decline) -> String {
        switch value {
        case .string(let written): return PathArithmetic.resolve(written, from: folder)
        case .unknown(let decline): throw decline
        case .object(let path):
            guard path.arguments.count == 1, case .string(let written) = path.arguments[0].value else {
                throw TuistValues.decline("a path given as '.\(path.kind)(…)'", at: path)
            }
            switch path.kind {
            case "relativeToManifest", "path", "Path", "init": return PathArithmetic.resolve(written, from: folder)
            case "relativeToRoot": return PathArithmetic.resolve(written, from: root)
            default: throw TuistValues.decline("a path given as '.\(path.kind)(…)'", at: path)
            }
        default:
            throw TuistValues.decline("a path given as \(value.typeDescription)", at: object)
        }
    }
}

/// A target's files from its `sources:` (globs, `.glob(_:excluding:)`, `.sourceFilesList(globs:)`, `.paths`) and its
/// `buildableFolders:` (every file of each folder), relative to the project's folder; Swift and C-family files only.
struct TuistSources {
    var folder: String
    var root: String
    var fileSystem: any FileSystem
    /// Why some files cannot be known.
    var unknown: String?

    static let compiled: Set<String> = ["swift", "h", "m", "mm", "c", "cc", "cpp", "cxx", "hpp"]

    mutating func files(_ value: Value?, at target: ManifestObject) throws(Decline) -> [String] {
        var result: [String] = []
        for (pattern, excluding) in try globs(value, at: target) {
            result += expand(pattern, excluding: excluding)
        }
        return result
    }

    mutating func folders(_ value: Value?, at target: ManifestObject) throws(Decline) -> [String] {
        var result: [String] = []
        for item in try TuistValues.list(value, "buildable folders", in: target) {
            let written: Value
            if case .object(let object) = item, object.arguments.count == 1 { written = object.arguments[0].value } else { written = item }
            let path = try TuistPaths(folder: folder, root: root).resolve(written, at: target)
            result += expand(path + "/**", excluding: [])
        }
        return result
    }

    /// Each glob (absolute) with the globs it excludes.
    private func globs(_ value: Value?, at target: ManifestObject) throws(Decline) -> [(String, [String])] {
        let paths = TuistPaths(folder: folder, root: root)
        switch value {
        case nil, .null?: return []
        case .unknown(let decline)?: throw decline
        case .string(let glob)?: return [(try paths.resolve(.string(glob), at: target), [])]
        case .array(let items)?:
            var result: [(String, [String])] = []
            for item in items {
                if case .object(let glob) = item, glob.kind == "glob" || glob.kind == "SourceFileGlob" {
                    let pattern = try paths.resolve(try TuistValues.required(glob.arguments.first?.value, "a source glob", in: glob), at: glob)
                    var excluded: [String] = []
                    for exclusion in try TuistValues.list(glob.argument("excluding"), "excluded sources", in: glob) {
                        excluded.append(try paths.resolve(exclusion, at: glob))
                    }
                    result.append((pattern, excluded))
                } else {
                    result.append((try paths.resolve(item, at: target), []))
                }
            }
            return result
        case .object(let list)?:
            guard ["sourceFilesList", "SourceFilesList", "init", "paths"].contains(list.kind), let inner = list.arguments.first?.value else {
                throw TuistValues.decline("sources given as '.\(list.kind)(…)'", at: list)
            }
            return try globs(inner, at: target)
        case let other?:
            throw TuistValues.decline("sources given as \(other.typeDescription)", at: target)
        }
    }

    /// The compiled files an absolute glob names, relative to the project's folder: from the folder before its first
    /// wildcard, `**/` also matching no folder.
    private func expand(_ pattern: String, excluding: [String]) -> [String] {
        let parts = pattern.split(separator: "/").map(String.init)
        let fixed = parts.prefix { !$0.contains("*") && !$0.contains("?") && !$0.contains("[") }
        let base = "/" + fixed.joined(separator: "/")
        guard fixed.count < parts.count else {
            return fileSystem.status(of: base).isFile && Self.compiled.contains(Self.fileExtension(of: base)) ? [PathArithmetic.relative(base, to: folder)] : []
        }
        let globs = Self.variants(of: parts.dropFirst(fixed.count).joined(separator: "/")).compactMap { try? Glob($0) }
        let exclusions = excluding.flatMap { Self.variants(of: $0) }.compactMap { try? Glob($0) }
        return fileSystem.regularFiles(under: base).filter { relative in
            Self.compiled.contains(Self.fileExtension(of: relative)) && globs.contains { $0.matchesPath(relative) }
                && !exclusions.contains { $0.matchesPath(PathArithmetic.join(base, relative)) }
        }.map { PathArithmetic.relative(PathArithmetic.join(base, $0), to: folder) }
    }

    /// A glob and its forms where a `**/` matches no folder.
    static func variants(of pattern: String) -> [String] {
        var result = [pattern]
        if pattern.hasPrefix("**/") { result.append(String(pattern.dropFirst(3))) }
        if pattern.contains("/**/") { result.append(pattern.replacingOccurrences(of: "/**/", with: "/")) }
        return result
    }

    static func fileExtension(of path: String) -> String {
        let name = PathArithmetic.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
