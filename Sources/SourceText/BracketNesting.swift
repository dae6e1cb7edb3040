/// Brackets nested past what SwiftParser handles in reasonable time: too deep exhausts its stack, and directly nested
/// `[[[…` make its array/dictionary lookahead exponential (20 deep: seconds). Checked on the bytes, before parsing.
public enum BracketNesting {
    public static let maximumDepth = 100
    public static let maximumDirectlyNestedSquareBrackets = 8

    public enum Excess: Sendable { case tooDeep, squareBracketsDirectlyNested }

    /// The first bracket past either limit (line and column counted from 1), or nil.
    public static func firstExcess(in text: String) -> (kind: Excess, line: Int, column: Int)? {
        var text = text
        return text.withUTF8 { firstExcess(in: $0) }
    }

    /// The same on UTF-8 bytes. Not generic: it runs on every source file's header, and iterating through protocol
    /// witnesses made it a tenth of the import scan.
    public static func firstExcess(in bytes: UnsafeBufferPointer<UInt8>) -> (kind: Excess, line: Int, column: Int)? {
        var depth = 0, squareRun = 0, line = 1, column = 0
        for byte in bytes {
            column += 1
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
                column = 0
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                squareRun = byte == UInt8(ascii: "[") ? squareRun + 1 : 0
                if depth > maximumDepth { return (.tooDeep, line, column) }
                if squareRun > maximumDirectlyNestedSquareBrackets { return (.squareBracketsDirectlyNested, line, column) }
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth = max(0, depth - 1)
                squareRun = 0
            default:
                squareRun = 0
            }
        }
        return nil
    }
}
