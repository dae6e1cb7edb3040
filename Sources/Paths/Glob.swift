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

    /// Fails with the reason when `pattern` is not a valid glob.
    public init(_ pattern: String, location: FileLocation? = nil) throws(InputError) {
        if let problem = Self.problem(in: pattern) {
            throw InputError("'\(pattern)' is not a valid glob: \(problem)", at: location)
        }
        self.pattern = pattern
        self.location = location
        isLiteral = !pattern.contains { "*?[\\".contains($0) }
        starParts = pattern.contains { "?[\\".contains($0) } ? nil : pattern.split(separator: "*", omittingEmptySubsequences: false).map { Array($0.utf8) }
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
        if pattern.contains("**") {
            return fnmatch(pattern.split(separator: "**", omittingEmptySubsequences: false).joined(separator: "*"), path, 0) == 0
        }
        return fnmatch(pattern, path, FNM_PATHNAME) == 0
    }

    private static func problem(in pattern: String) -> String? {
        if pattern.isEmpty { return "it is empty" }
        var inSet = false
        var setLength = 0
        var escaped = false
        for character in pattern {
            if escaped { escaped = false; if inSet { setLength += 1 }; continue }
            switch character {
            case "\\": escaped = true
            case "[" where !inSet: inSet = true; setLength = 0
            case "]" where inSet:
                if setLength == 0 { setLength += 1 } else { inSet = false }
            case "{", "}": return "braces are not supported; list the alternatives as separate globs"
            default: if inSet { setLength += 1 }
            }
        }
        if escaped { return "it ends with a lone backslash" }
        if inSet { return "a '[' is never closed" }
        return nil
    }
}
