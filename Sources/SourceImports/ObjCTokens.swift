/// The tokens of an Objective-C file that wiring is read from: identifiers, string literals, `@` keywords and single
/// punctuation characters, located; comments, character literals and numbers left out; preprocessor lines read for
/// their `#if` conditions and `#define NAME @"text"` constants.
struct ObjCTokens {
    enum Kind: Equatable { case identifier, string, keyword, punctuation }

    struct Token {
        var kind: Kind
        /// A string literal's text without quotes (escapes kept as written, but `\"`).
        var text: String
        var line: Int
        var column: Int
        var firstOnLine: Bool
        /// Index in ``conditionSets``.
        var conditions: Int
        /// Its bytes in the file (a string literal's with its quotes).
        var range: Range<Int> = 0..<0
    }

    private(set) var tokens: [Token] = []
    /// The `#if` conditions around a token, outermost first, by ``Token/conditions``.
    private(set) var conditionSets: [[String]] = [[]]
    private(set) var defines: [String: String] = [:]
    /// `#define _Target(name) Target_##name`: function-like macros that paste their one argument between two texts.
    private(set) var pasteMacros: [String: PasteMacro] = [:]

    init(_ bytes: [UInt8]) {
        var lexer = Lexer(bytes: bytes)
        while var token = lexer.next(into: &self) {
            token.range = lexer.tokenStart..<lexer.index
            tokens.append(token)
        }
    }

    /// The preprocessor directives read: conditions and `#define`; `#import`, `#pragma` and the rest are not.
    private static let directives: [String] = ["if", "ifdef", "ifndef", "elif", "else", "endif", "define"]

    fileprivate mutating func directive(_ bytes: [UInt8]) {
        var start = 1
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        var end = start
        while end < bytes.count, Lexer.continuesIdentifier(bytes[end]) { end += 1 }
        guard Self.directives.contains(where: { $0.utf8.elementsEqual(bytes[start..<end]) }) else { return }
        let line = String(decoding: bytes, as: UTF8.self)
        let words = line.dropFirst().split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        guard let keyword = words.first else { return }
        let rest = words.count > 1 ? words[1].trimmingSpaces() : ""
        var stack = conditionSets[conditionSets.count - 1]
        switch keyword {
        case "if": stack.append(rest)
        case "ifdef": stack.append("defined(\(rest))")
        case "ifndef": stack.append("!defined(\(rest))")
        case "elif", "else":
            guard let last = stack.popLast() else { return }
            stack.append(keyword == "else" ? "!(\(last))" : rest)
        case "endif": _ = stack.popLast()
        case "define": define(rest)
        default: return
        }
        conditionSets.append(stack)
    }

    private mutating func define(_ rest: String) {
        let parts = rest.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2 else { return }
        if let open = parts[0].firstIndex(of: "("), parts[0].hasSuffix(")") {
            return pasteMacro(name: String(parts[0][..<open]), parameter: String(parts[0][parts[0].index(after: open)..<parts[0].index(before: parts[0].endIndex)]),
                              body: parts[1].trimmingSpaces())
        }
        var value = parts[1].trimmingSpaces()
        if value.hasPrefix("@") { value.removeFirst() }
        guard value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\""), !value.dropFirst().dropLast().contains("\"") else { return }
        defines[String(parts[0])] = String(value.dropFirst().dropLast())
    }

    /// `Target_##name`, `name##_Target`, `Target_##name##_`: the texts around the one parameter, when they are names.
    private mutating func pasteMacro(name: String, parameter: String, body: String) {
        let pieces = body.components(separatedBy: "##").map { $0.trimmingSpaces() }
        guard !parameter.isEmpty, !parameter.contains(","), pieces.count >= 2, pieces.count <= 3,
              let at = pieces.firstIndex(of: parameter), pieces.filter({ $0 == parameter }).count == 1 else { return }
        let around = pieces.enumerated().filter { $0.offset != at }.map(\.element)
        guard around.allSatisfy({ $0.utf8.allSatisfy(Lexer.continuesIdentifier) }) else { return }
        pasteMacros[name] = PasteMacro(prefix: pieces[..<at].joined(), suffix: pieces[(at + 1)...].joined())
    }
}

private struct Lexer {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var lineStart = 0
    var sawTokenOnLine = false
    /// Where the last token returned starts.
    var tokenStart = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next(into tokens: inout ObjCTokens) -> ObjCTokens.Token? {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A: newline()
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B: index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"): skipLine()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"): skipBlockComment()
            case UInt8(ascii: "#") where !sawTokenOnLine: tokens.directive(readDirective())
            case UInt8(ascii: "'"): skipQuoted(UInt8(ascii: "'"))
            default: return token(conditions: tokens.conditionSets.count - 1)
            }
        }
        return nil
    }

    private func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private mutating func newline() {
        index += 1
        line += 1
        lineStart = index
        sawTokenOnLine = false
    }

    private mutating func skipLine() {
        while index < bytes.count, bytes[index] != 0x0A { index += 1 }
    }

    private mutating func skipBlockComment() {
        index += 2
        while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/")) {
            if bytes[index] == 0x0A { newline() } else { index += 1 }
        }
        index = min(index + 2, bytes.count)
    }

    /// A character literal or string literal body from its opening quote; `\` escapes the next byte.
    private mutating func skipQuoted(_ quote: UInt8) {
        index += 1
        while index < bytes.count, bytes[index] != quote, bytes[index] != 0x0A {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        index = min(index + 1, bytes.count)
    }

    /// A preprocessor line, continuation lines joined, a `//` comment at its end left out (not one inside a string:
    /// `#define kURL @"app://home"`).
    private mutating func readDirective() -> [UInt8] {
        var text: [UInt8] = []
        var inString = false
        while index < bytes.count, bytes[index] != 0x0A {
            if bytes[index] == UInt8(ascii: "\\"), peek(1) == 0x0A {
                index += 1
                newline()
                continue
            }
            if !inString, bytes[index] == UInt8(ascii: "/"), peek(1) == UInt8(ascii: "/") { break }
            if bytes[index] == UInt8(ascii: "\""), text.last != UInt8(ascii: "\\") { inString.toggle() }
            text.append(bytes[index])
            index += 1
        }
        skipLine()
        return text
    }

    private mutating func token(conditions: Int) -> ObjCTokens.Token? {
        let start = index, line = line, column = index - lineStart + 1, first = !sawTokenOnLine
        tokenStart = start
        sawTokenOnLine = true
        let make = { (kind: ObjCTokens.Kind, text: String) in
            ObjCTokens.Token(kind: kind, text: text, line: line, column: column, firstOnLine: first, conditions: conditions)
        }
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "@") && peek(1) == UInt8(ascii: "\"")) {
            if byte == UInt8(ascii: "@") { index += 1 }
            let open = index
            skipQuoted(UInt8(ascii: "\""))
            return make(.string, Self.unescapingQuotes(bytes[(open + 1)..<max(open + 1, index - 1)]))
        }
        if byte == UInt8(ascii: "@"), let next = peek(1), Self.startsIdentifier(next) {
            index += 1
            readIdentifier()
            return make(.keyword, String(decoding: bytes[start..<index], as: UTF8.self))
        }
        if Self.startsIdentifier(byte) {
            readIdentifier()
            return make(.identifier, String(decoding: bytes[start..<index], as: UTF8.self))
        }
        if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            while index < bytes.count, Self.continuesIdentifier(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
            return make(.punctuation, "0")
        }
        index += 1
        return make(.punctuation, String(UnicodeScalar(byte)))
    }

    /// A string literal's body with each `\"` made `"` (other escapes kept as written).
    private static func unescapingQuotes(_ body: ArraySlice<UInt8>) -> String {
        guard body.contains(UInt8(ascii: "\\")) else { return String(decoding: body, as: UTF8.self) }
        var text: [UInt8] = []
        text.reserveCapacity(body.count)
        var previous: UInt8 = 0
        for byte in body {
            if byte == UInt8(ascii: "\""), previous == UInt8(ascii: "\\") { text[text.count - 1] = byte } else { text.append(byte) }
            previous = previous == UInt8(ascii: "\\") && byte == UInt8(ascii: "\\") ? 0 : byte
        }
        return String(decoding: text, as: UTF8.self)
    }

    private mutating func readIdentifier() {
        while index < bytes.count, Self.continuesIdentifier(bytes[index]) { index += 1 }
    }

    static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
    }

    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }
}

extension StringProtocol {
    func trimmingSpaces() -> String {
        var trimmed = Substring(self)
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed.removeLast() }
        return String(trimmed)
    }
}
