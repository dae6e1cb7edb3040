/// Text placed in HTML or XML: the one escaper of both markup languages the reports write.
public enum MarkupText {
    /// For an element's content: `&`, `<` and `>` escaped.
    public static func content(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }

    /// For an attribute value, or content that must keep an XML file well-formed whatever it holds: quotes and
    /// apostrophes escaped too, and the control characters XML 1.0 cannot hold replaced by `?`.
    public static func attribute(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20: result += "?"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
