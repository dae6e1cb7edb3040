/// Whether an Objective-C or C file runs code when its image is loaded: a class or category method `+ (void)load`, or a
/// function marked `__attribute__((constructor))`. A library whose files do is linked for that code (a module that
/// registers itself with a mediator from `+load`), not only for what its importers call: an application that links it
/// without importing it uses it. Comments are not told apart: one that spells either only withholds an
/// `unused-dependency`, never makes a finding.
enum LoadTimeRegistration {
    static func isIn(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "+"), isLoadMethod(bytes, after: index + 1) { return true }
            if byte == UInt8(ascii: "_"), isConstructor(bytes, at: index) { return true }
            index += 1
        }
        return false
    }

    /// After the spaces and line breaks from `start`.
    static func skipSpaces(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var index = start
        while index < bytes.count, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[index]) { index += 1 }
        return index
    }

    /// `word` at `index`, and the index after it.
    private static func word(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let length = word.utf8CodeUnitCount
        guard index + length <= bytes.count else { return nil }
        for offset in 0..<length where bytes[index + offset] != word.utf8Start[offset] { return nil }
        return index + length
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// `+ (void)load` followed by `{` or `;` (spaces anywhere between the tokens).
    private static func isLoadMethod(_ bytes: UnsafeBufferPointer<UInt8>, after start: Int) -> Bool {
        var index = skipSpaces(bytes, from: start)
        guard let open = word("(", in: bytes, at: index) else { return false }
        index = skipSpaces(bytes, from: open)
        guard let void = word("void", in: bytes, at: index) else { return false }
        index = skipSpaces(bytes, from: void)
        guard let close = word(")", in: bytes, at: index) else { return false }
        index = skipSpaces(bytes, from: close)
        guard let load = word("load", in: bytes, at: index) else { return false }
        return load == bytes.count || !isIdentifierByte(bytes[load])
    }

    /// `__attribute__((constructor` (spaces between the parentheses allowed).
    private static func isConstructor(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        guard start == 0 || !isIdentifierByte(bytes[start - 1]), var index = word("__attribute__", in: bytes, at: start) else { return false }
        for _ in 0..<2 {
            index = skipSpaces(bytes, from: index)
            guard let open = word("(", in: bytes, at: index) else { return false }
            index = open
        }
        index = skipSpaces(bytes, from: index)
        return word("constructor", in: bytes, at: index) != nil
    }
}
