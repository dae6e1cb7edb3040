import Paths

/// The files a pod's `source_files` / `exclude_files` patterns select, as CocoaPods globs them: `*` within a folder,
/// `**/` any number of folders (none included), `{h,m}` alternatives, and a folder named without a wildcard meaning
/// every file under it.
public enum PodSourceFiles {
    /// The files of `files` (relative to the pod's folder) that any of `patterns` selects, in `files`' order.
    public static func select(_ patterns: [String], from files: [String], folders: Set<String>) -> [String] {
        let globs = patterns.flatMap { pattern -> [String] in
            let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
            let wildcards: [UInt8] = [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "{")]
            if !trimmed.utf8.contains(where: wildcards.contains), folders.contains(trimmed) { return [trimmed + "/**/*"] }
            return [trimmed]
        }.flatMap(expandBraces).flatMap(zeroFolderVariants).compactMap { try? Glob($0) }
        return files.filter { file in globs.contains { $0.matchesPath(file) } }
    }

    /// `a.{h,m}` → `a.h`, `a.m` (several and nested groups too).
    static func expandBraces(_ pattern: String) -> [String] {
        guard pattern.utf8.contains(UInt8(ascii: "{")) else { return [pattern] }
        return expandBraces(Array(pattern.utf8)).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func expandBraces(_ pattern: [UInt8]) -> [[UInt8]] {
        guard let open = pattern.firstIndex(of: UInt8(ascii: "{")) else { return [pattern] }
        var depth = 0
        var cuts: [Int] = [open]
        for index in open..<pattern.count {
            switch pattern[index] {
            case UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ","): if depth == 1 { cuts.append(index) }
            case UInt8(ascii: "}"):
                depth -= 1
                guard depth == 0 else { continue }
                cuts.append(index)
                let prefix = pattern[..<open], suffix = pattern[(index + 1)...]
                return zip(cuts, cuts.dropFirst()).flatMap { start, end in expandBraces(Array(prefix + pattern[(start + 1)..<end] + suffix)) }
            default: continue
            }
        }
        return [pattern]
    }

    /// `a/**/b` also matches `a/b`: each `**/` may stand for no folder. The common `a/**/*.m` is one glob, `a/**.m`
    /// (`**` crosses folders, none included), when nothing before it and nothing after its `*` has a wildcard or a `/`.
    static func zeroFolderVariants(_ pattern: String) -> [String] {
        let bytes = Array(pattern.utf8)
        guard let start = (bytes.indices.dropLast(2)).first(where: { bytes[$0] == UInt8(ascii: "*") && bytes[$0 + 1] == UInt8(ascii: "*")
            && bytes[$0 + 2] == UInt8(ascii: "/") }) else { return [pattern] }
        let head = String(decoding: bytes[..<start], as: UTF8.self)
        let rest = bytes[(start + 3)...]
        if rest.first == UInt8(ascii: "*"), !bytes[..<start].contains(where: isWildcard),
           !rest.dropFirst().contains(where: { isWildcard($0) || $0 == UInt8(ascii: "/") }) {
            return [head + "**" + String(decoding: rest.dropFirst(), as: UTF8.self)]
        }
        return zeroFolderVariants(String(decoding: rest, as: UTF8.self)).flatMap { tail in [head + "**/" + tail, head + tail] }
    }

    private static func isWildcard(_ byte: UInt8) -> Bool {
        [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "\\")].contains(byte)
    }
}
