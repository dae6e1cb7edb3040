/// Where Swift's comments and string literals end, on UTF-8 bytes: what the scans that choose the text SwiftParser reads
/// (the runtime wiring's code map, the use pass's extension text) need to step over them.
public enum SwiftLiterals {
    /// After a (nested) block comment opened at `start`.
    public static func blockCommentEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start + 2, nesting = 1
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "*") {
                nesting += 1
                index += 2
            } else if bytes[index] == UInt8(ascii: "*"), bytes[index + 1] == UInt8(ascii: "/") {
                nesting -= 1
                index += 2
                if nesting == 0 { return index }
            } else {
                index += 1
            }
        }
        return nil
    }

    /// After the string literal whose first quote is at `quote`, opened with `hashes` `#` before it: single-line or
    /// `"""` multi-line, escapes (`\` then as many `#`) and interpolations (code, with strings of its own) skipped.
    public static func stringEnd(_ bytes: UnsafeBufferPointer<UInt8>, from quote: Int, hashes: Int) -> Int? {
        let quote3 = quote + 2 < bytes.count && bytes[quote + 1] == UInt8(ascii: "\"") && bytes[quote + 2] == UInt8(ascii: "\"")
        var index = quote + (quote3 ? 3 : 1)
        while index < bytes.count {
            let current = bytes[index]
            if current == UInt8(ascii: "\n"), !quote3 { return nil }
            if current == UInt8(ascii: "\\"), (0..<hashes).allSatisfy({ index + 1 + $0 < bytes.count && bytes[index + 1 + $0] == UInt8(ascii: "#") }) {
                let after = index + 1 + hashes
                if after < bytes.count, bytes[after] == UInt8(ascii: "(") {
                    guard let close = matching(bytes, from: after) else { return nil }
                    index = close
                } else {
                    index = after + 1
                }
                continue
            }
            if current == UInt8(ascii: "\"") {
                let closes = !quote3 || (index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\""))
                let end = index + (quote3 ? 3 : 1)
                if closes, (0..<hashes).allSatisfy({ end + $0 < bytes.count && bytes[end + $0] == UInt8(ascii: "#") }) { return end + hashes }
            }
            index += 1
        }
        return nil
    }

    /// After the bracket matching the one at `open` (strings and comments inside skipped).
    public static func matching(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int) -> Int? {
        var index = open, depth = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                depth -= 1
                if depth == 0 { return index + 1 }
            case UInt8(ascii: "\""):
                guard let end = stringEnd(bytes, from: index, hashes: 0) else { return nil }
                index = end
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            case UInt8(ascii: "/") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "*"):
                guard let end = blockCommentEnd(bytes, from: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: "#") where index + 1 < bytes.count && (bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "#")):
                return nil
            default: break
            }
            index += 1
        }
        return nil
    }
}
