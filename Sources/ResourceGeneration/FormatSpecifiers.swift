/// The arguments a localized format string takes (`%@`, `%d`, `%1$@`, `%.2f`, `%lld`), in order.
public enum FormatSpecifiers {
    public enum ArgumentType: String, Sendable, Hashable {
        case string = "String"
        case int = "Int"
        case unsignedInt = "UInt"
        case double = "Double"
        case character = "UInt16"
        case pointer = "UnsafeRawPointer"
    }

    /// Parses the printf-style conversions of `format`; nil when they are inconsistent (one position used with
    /// two types, or a gap in positional arguments), which the caller reports.
    public static func arguments(in format: String) -> [ArgumentType]? {
        var byPosition: [Int: ArgumentType] = [:]
        var nextPosition = 1
        let characters = Array(format)
        var index = 0
        while index < characters.count {
            guard characters[index] == "%" else { index += 1; continue }
            index += 1
            guard index < characters.count else { break }
            if characters[index] == "%" { index += 1; continue }
            var position: Int?
            var digits = ""
            var lookahead = index
            while lookahead < characters.count, characters[lookahead].isASCII, characters[lookahead].isNumber {
                digits.append(characters[lookahead])
                lookahead += 1
            }
            if !digits.isEmpty, lookahead < characters.count, characters[lookahead] == "$" {
                position = Int(digits)
                index = lookahead + 1
            }
            while index < characters.count, "-+ #0123456789.*'".contains(characters[index]) { index += 1 }
            while index < characters.count, "hlqLzjt".contains(characters[index]) { index += 1 }
            guard index < characters.count else { break }
            let type: ArgumentType?
            switch characters[index] {
            case "@": type = .string
            case "d", "i": type = .int
            case "u", "x", "X", "o": type = .unsignedInt
            case "f", "F", "e", "E", "g", "G", "a", "A": type = .double
            case "c", "C": type = .character
            case "s", "S", "p": type = .pointer
            default: type = nil
            }
            index += 1
            guard let type else { continue }
            let slot = position ?? nextPosition
            if position == nil { nextPosition += 1 }
            if let existing = byPosition[slot], existing != type { return nil }
            byPosition[slot] = type
        }
        guard let maximum = byPosition.keys.max() else { return [] }
        var result: [ArgumentType] = []
        for slot in 1...maximum {
            guard let type = byPosition[slot] else { return nil }
            result.append(type)
        }
        return result
    }
}
