/// Path arithmetic on `/`-separated strings, without touching the file system: the one place relative paths
/// are computed, for manifests (`.package(path:)`), reports and scaffolding.
public enum PathArithmetic {
    /// `path` as seen from the folder `base`: `../../Kit/NXKit` for `Packages/Kit/NXKit` from
    /// `Packages/Business/ComponentVideo`, `.` for the folder itself. Both absolute or both relative to the same folder;
    /// `.` components are ignored.
    public static func relative(_ path: String, to base: String) -> String {
        let from = components(base), to = components(path)
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let parts = Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The components of a `/`-separated path, without empty and `.` components (split on bytes: a path is
    /// split at every `/`, whatever characters surround it).
    static func components(_ path: String) -> [Substring] {
        path.utf8.split(separator: slash).filter { !($0.count == 1 && $0.first == dot) }.map(Substring.init)
    }

    private static let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")

    /// A relative path without empty and `.` components: `Sources/A` for `./Sources//A/`, empty for `.`.
    public static func normalized(_ path: String) -> String {
        isNormalized(path) ? path : components(path).joined(separator: "/")
    }

    /// The text after the last `/` (the whole path when there is none).
    public static func lastComponent(of path: String) -> String {
        guard let slashIndex = path.utf8.lastIndex(of: slash) else { return path }
        return String(Substring(path.utf8[path.utf8.index(after: slashIndex)...]))
    }

    /// No empty or `.` component: `normalized` would return the path as it is.
    private static func isNormalized(_ path: String) -> Bool {
        var componentStart = true, previousDot = false
        for byte in path.utf8 {
            if byte == slash, componentStart || previousDot { return false }
            previousDot = byte == dot && componentStart
            componentStart = byte == slash
        }
        return !componentStart && !previousDot
    }

    /// A relative path with `.` components, `name/..` detours and a trailing `/` removed, as SwiftPM writes a package
    /// path: `../Utils` for `../Utils/` or `./../Kit/../Utils`; `.` for an empty result.
    public static func lexical(_ path: String) -> String {
        var kept: [Substring] = []
        for part in components(path) {
            if part == "..", let last = kept.last, last != ".." { kept.removeLast() } else { kept.append(part) }
        }
        return kept.isEmpty ? "." : (path.hasPrefix("/") ? "/" : "") + kept.joined(separator: "/")
    }

    /// `path` resolved from the absolute folder `directory`, with `.` and `..` removed lexically (links are not
    /// followed): `/repo/Packages/Kit/NXKit` for `../../Kit/NXKit` from `/repo/Packages/Business/ComponentVideo`.
    public static func resolve(_ path: String, from directory: String) -> String {
        var full = path.utf8.first == slash ? path : directory + "/" + path
        return full.withUTF8 { bytes in
            // The byte ranges of the components kept so far.
            var kept: [Range<Int>] = []
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == slash {
                switch end - start {
                case 0: break
                case 1 where bytes[start] == dot: break
                case 2 where bytes[start] == dot && bytes[start + 1] == dot: _ = kept.popLast()
                default: kept.append(start..<end)
                }
                start = end + 1
            }
            guard !kept.isEmpty else { return "/" }
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 1)
            for range in kept {
                result.append(slash)
                result.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// The folders from the top down to `path` itself: `a`, `a/b`, `a/b/c` for `a/b/c` (none for `.`).
    public static func prefixes(of path: String) -> [String] {
        var result: [String] = []
        for part in components(path) { result.append(result.last.map { $0 + "/" + part } ?? String(part)) }
        return result
    }

    /// `directory/path`; `path` alone when it is absolute or `directory` is empty or `.`.
    public static func join(_ directory: String, _ path: String) -> String {
        if path.hasPrefix("/") || directory.isEmpty || directory == "." { return path }
        if path.isEmpty || path == "." { return directory }
        return directory.hasSuffix("/") ? directory + path : directory + "/" + path
    }

    /// A path under `root` (absolute) as messages name it: relative to the folder the user pointed at, written as
    /// they wrote it (`displayRoot`), like the compiler prints paths.
    /// A `displayRoot` above the current folder (`../..`) gives the shortest path from there (`NXKit/Package.swift`,
    /// not `../../Packages/kit/NXKit/Package.swift`); `currentFolder` is the absolute current folder.
    /// A path outside `root` (a package reached by `../`) is named from the current folder too, never `Home/../Kit`;
    /// from an absolute `displayRoot`, absolute.
    public static func display(_ path: String, root: String, displayRoot: String, currentFolder: String? = nil) -> String {
        let relative = relative(path, to: root)
        if displayRoot == "." { return relative }
        let outside = relative == ".." || relative.hasPrefix("../")
        if outside && displayRoot.hasPrefix("/") { return path }
        if let currentFolder, outside || displayRoot == ".." || displayRoot.hasPrefix("../") {
            return Self.relative(path, to: currentFolder)
        }
        return relative == "." ? displayRoot : join(displayRoot, relative)
    }

    /// Every folder holding one of `files` (paths relative to one folder), at any depth: `a/b/c.txt` gives `a` and `a/b`.
    public static func folders(of files: [String]) -> Set<String> {
        var folders: Set<String> = []
        for file in files {
            var folder = Substring(file)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(String(folder)).inserted else { break }
            }
        }
        return folders
    }
}
