import SourceText

/// A top-level `extension` that adds conformances: `extension TimetableClient: DependencyKey { … }`.
public struct ExtensionConformance: Sendable, Hashable {
    /// The extended type's first name as written (`Outer` for `Outer.Inner`, `TimetableClient`).
    public var type: String
    /// Each conformance's last name as written (`DependencyKey` for `Dependencies.DependencyKey`), attributes left out.
    public var protocols: [String]

    public init(type: String, protocols: [String]) {
        self.type = type
        self.protocols = protocols
    }
}

/// The conformances a Swift module adds to types it does not declare, to protocols it does not declare (a retroactive
/// conformance: `extension TimetableClient: DependencyKey { static var liveValue … }` in a module holding only live
/// implementations). Swift finds conformances at run time (`as? any P`, a dependency container looking a live value up
/// through its key's conformance), so a module holding one is linked for it: what links it uses it, import or not.
///
/// A conformance to a protocol the toolchain's modules declare (`Codable`, `Identifiable`, `Hashable`, the marker
/// protocols such as `Sendable` that have no run-time record) is not counted: code uses those where it names the type
/// (a module adding `extension Message: Identifiable` to another module's type is imported for it, not linked for it).
///
/// One pass over a file's bytes, knowing comments, string literals and braces; only top-level extensions are read. A
/// file it cannot follow (an unclosed literal) gives what was found before.
enum ExtensionConformances {
    /// Whether a target whose files hold `heads` and declare the types of `words` adds a conformance of a type it does
    /// not declare to a protocol it does not declare.
    static func registers(_ heads: [ExtensionConformance], words: [SourceWords?]) -> Bool {
        guard !heads.isEmpty else { return false }
        let declared = words.compactMap { $0 }
        func isOwn(_ name: String) -> Bool {
            let hash = SourceWords.hash(name)
            return declared.contains { $0.declaresType(hash) }
        }
        return heads.contains { head in
            !isOwn(head.type) && head.protocols.contains { !ToolchainNames.names.contains(Substring($0)) && !isOwn($0) }
        }
    }

    /// The file's top-level extensions with a conformance list.
    static func heads(in bytes: [UInt8]) -> [ExtensionConformance] {
        bytes.withUnsafeBufferPointer { buffer in
            var heads: [ExtensionConformance] = []
            var index = 0, depth = 0
            while index < buffer.count {
                let byte = buffer[index], next = index + 1 < buffer.count ? buffer[index + 1] : 0
                switch byte {
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                    while index < buffer.count, buffer[index] != UInt8(ascii: "\n") { index += 1 }
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                    guard let end = SwiftLiterals.blockCommentEnd(buffer, from: index) else { return heads }
                    index = end
                case UInt8(ascii: "\""), UInt8(ascii: "#"):
                    var hashes = 0
                    while index + hashes < buffer.count, buffer[index + hashes] == UInt8(ascii: "#") { hashes += 1 }
                    guard index + hashes < buffer.count, buffer[index + hashes] == UInt8(ascii: "\"") else {
                        index += max(hashes, 1)
                        continue
                    }
                    guard let end = SwiftLiterals.stringEnd(buffer, from: index + hashes, hashes: hashes) else { return heads }
                    index = end
                case UInt8(ascii: "{"):
                    depth += 1
                    index += 1
                case UInt8(ascii: "}"):
                    depth = max(depth - 1, 0)
                    index += 1
                default:
                    guard isWordByte(byte) else {
                        index += 1
                        continue
                    }
                    let start = index
                    while index < buffer.count, isWordByte(buffer[index]) { index += 1 }
                    guard depth == 0, spells(buffer, start..<index, "extension"), start == 0 || !isWordByte(buffer[start - 1]) else { continue }
                    if let head = head(buffer, after: index) { heads.append(head) }
                }
            }
            return heads
        }
    }

    /// `Type[.Inner][<…>]: A, @retroactive B, Module.C` after the word `extension`, up to its `{` or `where`.
    private static func head(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> ExtensionConformance? {
        var index = LoadTimeRegistration.skipSpaces(bytes, from: start)
        guard let (type, afterType) = path(bytes, at: index) else { return nil }
        index = skipGenerics(bytes, from: LoadTimeRegistration.skipSpaces(bytes, from: afterType))
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
        var protocols: [String] = []
        index += 1
        while true {
            index = LoadTimeRegistration.skipSpaces(bytes, from: index)
            // Attributes (`@retroactive`, `@unchecked`, `@preconcurrency`) and suppressions (`~Copyable`).
            // (`~Copyable` names a marker protocol: left out with them.)
            while index < bytes.count, bytes[index] == UInt8(ascii: "@") || bytes[index] == UInt8(ascii: "~") {
                let isAttribute = bytes[index] == UInt8(ascii: "@")
                index += 1
                while isAttribute, index < bytes.count, isWordByte(bytes[index]) { index += 1 }
                index = LoadTimeRegistration.skipSpaces(bytes, from: index)
            }
            guard let (name, after) = path(bytes, at: index) else { break }
            protocols.append(String(name.split(separator: ".").last ?? Substring(name)))
            index = LoadTimeRegistration.skipSpaces(bytes, from: skipGenerics(bytes, from: LoadTimeRegistration.skipSpaces(bytes, from: after)))
            guard index < bytes.count, bytes[index] == UInt8(ascii: ",") || bytes[index] == UInt8(ascii: "&") else { break }
            index += 1
        }
        guard !protocols.isEmpty, let first = type.split(separator: ".").first else { return nil }
        return ExtensionConformance(type: String(first), protocols: protocols)
    }

    /// A dotted name at `index` (`Outer.Inner`), and the index after it.
    private static func path(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        var index = start
        while index < bytes.count, isWordByte(bytes[index]) || (bytes[index] == UInt8(ascii: ".") && index > start) { index += 1 }
        guard index > start, bytes[start] > UInt8(ascii: "9") else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), index)
    }

    /// After a `<…>` generic clause at `index` (nested ones included), or `index` itself.
    private static func skipGenerics(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return start }
        var index = start, depth = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<") { depth += 1 }
            if bytes[index] == UInt8(ascii: ">") {
                depth -= 1
                if depth == 0 { return index + 1 }
            }
            if bytes[index] == UInt8(ascii: "{") { return index }
            index += 1
        }
        return index
    }

    private static func spells(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ word: StaticString) -> Bool {
        range.count == word.utf8CodeUnitCount && zip(bytes[range], UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)).allSatisfy { $0 == $1 }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
