/// JSON with keys in the order given, for stable, documented output.
public indirect enum JSONValue: Sendable, Equatable {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// Structural: objects are equal when their members are equal in the same order.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.int(a), .int(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// Two-space indented, one key per line, `\n` line ends, no trailing newline.
    public func rendered() -> String {
        var output = ""
        render(into: &output, indent: "")
        return output
    }

    private func render(into output: inout String, indent: String) {
        switch self {
        case .string(let text): output += Self.quoted(text)
        case .int(let value): output += String(value)
        case .bool(let value): output += value ? "true" : "false"
        case .null: output += "null"
        case .array(let items):
            if items.isEmpty { output += "[]"; return }
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += indent + "  "
                item.render(into: &output, indent: indent + "  ")
                output += index == items.count - 1 ? "\n" : ",\n"
            }
            output += indent + "]"
        case .object(let members):
            if members.isEmpty { output += "{}"; return }
            output += "{\n"
            for (index, (key, value)) in members.enumerated() {
                output += indent + "  " + Self.quoted(key) + ": "
                value.render(into: &output, indent: indent + "  ")
                output += index == members.count - 1 ? "\n" : ",\n"
            }
            output += indent + "}"
        }
    }

    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
