#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics

/// A shell-style pattern: `*` any run of characters (not `/` in paths), `**` any run including `/`,
/// `?` one character, `[abc]` / `[a-z]` / `[!a]` one of a set. Matching uses the C library's `fnmatch`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    public let pattern: String
    public var location: FileLocation?
    /// No wildcard, set or escape: matching is string equality.
    private let isLiteral: Bool
    /// For patterns whose only wildcard is `*` (`Component*`, `*Kit`, `*Part*`): the literal parts between the stars,
    /// matched on bytes without the C library.
    private let starParts: [[UInt8]]?
    /// What `fnmatch` is given for a path, and how: `**` as `*` without `FNM_PATHNAME`, else the pattern with it.
    private let pathPattern: (text: String, flags: Int32)

    /// Fails with the reason when `pattern` is not a valid glob.
    public init(_ pattern: String, location: FileLocation? = nil) throws(InputError) {
        if let problem = Self.problem(in: pattern) {
            throw InputError("'\(pattern)' is not a valid glob: \(problem)", at: location)
        }
        self.pattern = pattern
        self.location = location
        let shape = Self.shape(of: pattern.utf8)
        isLiteral = !shape.hasSetOrEscape && shape.starParts.count == 1
        starParts = shape.hasSetOrEscape ? nil : shape.starParts
        pathPattern = shape.pathPattern
    }

    /// In one pass over the pattern: whether it has a set or an escape, its parts between `*`s, and what `fnmatch` is
    /// given for a path (each `**` made `*` and matched without `FNM_PATHNAME`, so that it crosses folders; else the
    /// pattern as written with it).
    private static func shape(of pattern: String.UTF8View)
        -> (hasSetOrEscape: Bool, starParts: [[UInt8]], pathPattern: (text: String, flags: Int32))
    {
        var text: [UInt8] = [], parts: [[UInt8]] = [[]], previousStar = false, crosses = false, hasSetOrEscape = false
        text.reserveCapacity(pattern.count)
        for byte in pattern {
            let star = byte == UInt8(ascii: "*"), doubled = star && previousStar
            previousStar = star && !doubled
            crosses = crosses || doubled
            hasSetOrEscape = hasSetOrEscape || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "[") || byte == UInt8(ascii: "\\")
            if star { parts.append([]) } else { parts[parts.count - 1].append(byte) }
            if !doubled { text.append(byte) }
        }
        return (hasSetOrEscape, parts, (String(decoding: text, as: UTF8.self), crosses ? 0 : FNM_PATHNAME))
    }

    public var description: String { pattern }

    public static func == (lhs: Glob, rhs: Glob) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }

    /// Matches a module name (no path semantics).
    public func matches(_ name: String) -> Bool {
        if isLiteral { return name == pattern }
        if let starParts {
            var name = name
            return name.withUTF8 { Self.matches(starParts, $0) }
        }
        return fnmatch(pattern, name, 0) == 0
    }

    /// `parts` joined by `*` matches `name`: the first part is a prefix, the last a suffix, the others appear in
    /// order between them (leftmost first, which is enough when `*` is the only wildcard).
    static func matches(_ parts: [[UInt8]], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = parts.first, let last = parts.last, parts.count > 1 else { return parts.first?.elementsEqual(name) ?? false }
        guard name.count >= first.count + last.count, name.starts(with: first), name.suffix(last.count).elementsEqual(last) else {
            return false
        }
        var position = first.count
        let end = name.count - last.count
        for part in parts.dropFirst().dropLast() where !part.isEmpty {
            guard let found = firstIndex(of: part, in: name, from: position, before: end) else { return false }
            position = found + part.count
        }
        return true
    }

    private static func firstIndex(of part: [UInt8], in name: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int? {
        guard end - start >= part.count else { return nil }
        for index in start...(end - part.count) where name[index] == part[0] {
            if name[index..<(index + part.count)].elementsEqual(part) { return index }
        }
        return nil
    }

    /// Matches a relative path: `*` stays within one folder, `**` crosses folders.
    public func matchesPath(_ path: String) -> Bool {
        if isLiteral { return path == pattern }
        return fnmatch(pathPattern.text, path, pathPattern.flags) == 0
    }

    private static func problem(in pattern: String) -> String? {
        if pattern.isEmpty { return "it is empty" }
        var inSet = false
        var setLength = 0
        var escaped = false
        for character in pattern.utf8 {
            if escaped { escaped = false; if inSet { setLength += 1 }; continue }
            switch character {
            case UInt8(ascii: "\\"): escaped = true
            case UInt8(ascii: "[") where !inSet: inSet = true; setLength = 0
            case UInt8(ascii: "]") where inSet:
                if setLength == 0 { setLength += 1 } else { inSet = false }
            case UInt8(ascii: "{"), UInt8(ascii: "}"): return "braces are not supported; list the alternatives as separate globs"
            default: if inSet { setLength += 1 }
            }
        }
        if escaped { return "it ends with a lone backslash" }
        if inSet { return "a '[' is never closed" }
        return nil
    }
}
