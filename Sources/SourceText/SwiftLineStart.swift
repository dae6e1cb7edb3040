/// What a Swift line starts with, after spaces, attributes (`@testable`, `@_spi(X)`) and an access level.
public enum LineStart {
    case importDeclaration, ifDirective, endifDirective, other

    @inlinable public var depthChange: Int {
        switch self {
        case .ifDirective: return 1
        case .endifDirective: return -1
        case .importDeclaration, .other: return 0
        }
    }

    @usableFromInline static let accessLevels: [[UInt8]] = ["open", "public", "package", "internal", "fileprivate", "private"].map { Array($0.utf8) }
    @usableFromInline static let importWord = Array("import".utf8), ifWord = Array("if".utf8), endifWord = Array("endif".utf8)

    /// Inlinable: it runs on every line of every Swift file's header.
    @inlinable public init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        var index = start
        func skipSpaces() { while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 } }
        /// The identifier at `index` (consumed), as a range of `bytes`.
        func word() -> Range<Int> {
            let begin = index
            while index < end, Self.isIdentifierByte(bytes[index]) { index += 1 }
            return begin..<index
        }
        func equal(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
            range.count == word.count && zip(bytes[range], word).allSatisfy { $0 == $1 }
        }
        skipSpaces()
        if index < end, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let directive = word()
            self = equal(directive, Self.ifWord) ? .ifDirective : equal(directive, Self.endifWord) ? .endifDirective : .other
            return
        }
        while index < end, bytes[index] == UInt8(ascii: "@") {
            index += 1
            _ = word()
            if index < end, bytes[index] == UInt8(ascii: "(") {
                while index < end, bytes[index] != UInt8(ascii: ")") { index += 1 }
                index += 1
            }
            skipSpaces()
        }
        var current = word()
        if Self.accessLevels.contains(where: { equal(current, $0) }) {
            skipSpaces()
            current = word()
        }
        let isImport = equal(current, Self.importWord) && (index >= end || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t"))
        self = isImport ? .importDeclaration : .other
    }

    @usableFromInline static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }
}
