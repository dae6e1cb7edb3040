import Paths

/// The files a pod's `source_files` / `exclude_files` patterns select, as CocoaPods globs them: `*` within a folder,
/// `**/` any number of folders (none included), `{h,m}` alternatives, and a folder named without a wildcard meaning
/// every file under it.
public enum PodSourceFiles {
    /// The files of `files` (relative to the pod's folder) that any of `patterns` selects, in `files`' order.
    public static func select(_ patterns: [String], from files: [String], folders: Set<String>) -> [String] {
        let globs = patterns.flatMap { pattern -> [String] in
            let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
            if !trimmed.contains(where: { "*?[{".contains($0) }), folders.contains(trimmed) { return [trimmed + "/**/*"] }
            return [trimmed]
        }.flatMap(expandBraces).flatMap(zeroFolderVariants).compactMap { try? Glob($0) }
        return files.filter { file in globs.contains { $0.matchesPath(file) } }
    }

    /// `a.{h,m}` → `a.h`, `a.m` (several and nested groups too).
    static func expandBraces(_ pattern: String) -> [String] {
        guard let open = pattern.firstIndex(of: "{") else { return [pattern] }
        var depth = 0
        var close: String.Index?
        var commas: [String.Index] = []
        var index = open
        while index < pattern.endIndex {
            switch pattern[index] {
            case "{": depth += 1
            case "}":
                depth -= 1
                if depth == 0 { close = index }
            case "," where depth == 1: commas.append(index)
            default: break
            }
            if close != nil { break }
            index = pattern.index(after: index)
        }
        guard let close else { return [pattern] }
        var alternatives: [Substring] = []
        var start = pattern.index(after: open)
        for comma in commas {
            alternatives.append(pattern[start..<comma])
            start = pattern.index(after: comma)
        }
        alternatives.append(pattern[start..<close])
        let prefix = pattern[..<open], suffix = pattern[pattern.index(after: close)...]
        return alternatives.flatMap { expandBraces(String(prefix) + $0 + suffix) }
    }

    /// `a/**/b` also matches `a/b`: each `**/` may stand for no folder.
    static func zeroFolderVariants(_ pattern: String) -> [String] {
        guard let range = pattern.range(of: "**/") else { return [pattern] }
        let rest = String(pattern[range.upperBound...])
        return zeroFolderVariants(rest).flatMap { tail in [String(pattern[..<range.lowerBound]) + "**/" + tail, String(pattern[..<range.lowerBound]) + tail] }
    }
}
