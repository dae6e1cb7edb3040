/// Whether a Swift file can be parsed joined to others without changing what it says: no block comment, multi-line
/// string, raw string or `#/` regex literal (the lexer would carry them into the next file), every single-line string
/// closed on its line, and its brackets and `#if`s balanced (a declaration left open would take in the next file).
///
/// The one such check: import headers and wiring texts are both joined by it.
public enum JoinedParse {
    public static func isSelfContained(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var brackets = 0, conditions = 0, lineStart = 0, index = 0
            while index < buffer.count {
                let byte = buffer[index]
                let next = index + 1 < buffer.count ? buffer[index + 1] : 0
                switch byte {
                case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                    while index < buffer.count, buffer[index] != UInt8(ascii: "\n") { index += 1 }
                    continue
                case UInt8(ascii: "/") where next == UInt8(ascii: "*"): return false
                case UInt8(ascii: "#") where next == UInt8(ascii: "\"") || next == UInt8(ascii: "/"): return false
                case UInt8(ascii: "\""):
                    guard let end = closingQuote(buffer, after: index) else { return false }
                    index = end
                case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): brackets += 1
                case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"):
                    brackets -= 1
                    if brackets < 0 { return false }
                case UInt8(ascii: "\n"):
                    conditions += LineStart(buffer, from: lineStart, to: index).depthChange
                    if conditions < 0 { return false }
                    lineStart = index + 1
                default: break
                }
                index += 1
            }
            if lineStart < buffer.count { conditions += LineStart(buffer, from: lineStart, to: buffer.count).depthChange }
            return brackets == 0 && conditions == 0
        }
    }

    /// The closing quote of a single-line string opened at `open` (escapes skipped; an interpolation's own strings
    /// too); nil for a multi-line string or one the line does not close.
    private static func closingQuote(_ buffer: UnsafeBufferPointer<UInt8>, after open: Int) -> Int? {
        if open + 2 < buffer.count, buffer[open + 1] == UInt8(ascii: "\""), buffer[open + 2] == UInt8(ascii: "\"") { return nil }
        var index = open + 1, interpolation = 0
        while index < buffer.count, buffer[index] != UInt8(ascii: "\n") {
            switch buffer[index] {
            case UInt8(ascii: "\\"):
                if index + 1 < buffer.count, buffer[index + 1] == UInt8(ascii: "(") { interpolation += 1 }
                index += 1
            case UInt8(ascii: "(") where interpolation > 0: interpolation += 1
            case UInt8(ascii: ")") where interpolation > 0: interpolation -= 1
            case UInt8(ascii: "\"") where interpolation > 0:
                guard let end = closingQuote(buffer, after: index) else { return nil }
                index = end
            case UInt8(ascii: "\""): return index
            default: break
            }
            index += 1
        }
        return nil
    }
}
