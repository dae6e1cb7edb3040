/// One token of the Ruby subset podspecs are written in.
struct RubyToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        /// `Pod`, `Spec`: a name starting with a capital letter.
        case constant(String)
        case symbol(String)
        case string([StringPart])
        /// `%w[a b]`: the words.
        case words([String])
        case integer(Int)
        case float(Double)
        /// `=`, `=>`, `,`, `.`, `::`, `(`, `)`, `[`, `]`, `{`, `}`, `|`, `+`, `:`, `;` and anything else of punctuation.
        case punctuation(String)
        case newline
        case end
    }

    /// A piece of a string literal: text, or the tokens of an interpolation `#{…}`.
    enum StringPart: Equatable {
        case text(String)
        case code([RubyToken])
    }

    var kind: Kind
    var line: Int
    var column: Int
    /// Whether spaces come before it (a `[` after a space starts an array argument, not an index).
    var spaced = false
}

/// A place the lexer or the reader cannot go past.
struct RubySyntaxError: Error, Equatable {
    var message: String
    var line: Int
    var column: Int
}

/// Splits podspec source into tokens: strings with escapes, interpolation and heredocs (`<<-EOS`, `<<~EOS`), `%w[]`
/// word arrays, symbols, numbers, names and punctuation; comments and `=begin`/`=end` blocks are skipped.
struct RubyLexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    /// Heredocs opened on the current line, read when the line ends: the token index to fill, the terminator,
    /// whether it is squiggly (`<<~`) or dashed (`<<-`), and whether it interpolates.
    private var pendingHeredocs: [(token: Int, terminator: String, squiggly: Bool, indented: Bool, interpolates: Bool)] = []
    private var tokens: [RubyToken] = []

    init(_ source: String) {
        bytes = Array(source.utf8)
    }

    /// How many interpolations this lexer is inside: bounded, so nested `#{"#{…}"}` cannot exhaust the stack.
    private var interpolationLevel = 0

    init(bytes: [UInt8], line: Int, column: Int, interpolationLevel: Int = 0) {
        self.bytes = bytes
        self.interpolationLevel = interpolationLevel
        self.line = line
        lineStart = -(column - 1)
    }

    static func tokens(of source: String) throws -> [RubyToken] {
        var lexer = RubyLexer(source)
        return try lexer.run()
    }

    private var column: Int { index - lineStart + 1 }

    private func peek(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private func error(_ message: String) -> RubySyntaxError {
        RubySyntaxError(message: message, line: line, column: column)
    }

    mutating func run() throws -> [RubyToken] {
        var spaced = false
        while let byte = peek() {
            let startLine = line, startColumn = column
            func add(_ kind: RubyToken.Kind) {
                tokens.append(RubyToken(kind: kind, line: startLine, column: startColumn, spaced: spaced))
                spaced = false
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                index += 1
                spaced = true
            case UInt8(ascii: "\\") where peek(1) == UInt8(ascii: "\n") || (peek(1) == UInt8(ascii: "\r") && peek(2) == UInt8(ascii: "\n")):
                index += peek(1) == UInt8(ascii: "\n") ? 2 : 3
                newLine()
                spaced = true
            case UInt8(ascii: "\n"):
                add(.newline)
                index += 1
                newLine()
                try readPendingHeredocs()
                spaced = true
            case UInt8(ascii: "#"):
                while let next = peek(), next != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "=") where column == 1 && startsWith("=begin"):
                try skipBlockComment()
            case UInt8(ascii: "'"):
                add(.string([.text(try singleQuoted(close: UInt8(ascii: "'")))]))
            case UInt8(ascii: "\""):
                index += 1
                add(.string(try interpolated(close: UInt8(ascii: "\""), open: nil)))
            case UInt8(ascii: "%") where percentLiteral:
                add(try percent())
            case UInt8(ascii: "<") where peek(1) == UInt8(ascii: "<") && heredocStart:
                add(.string([]))
                try openHeredoc(token: tokens.count - 1)
            case UInt8(ascii: ":") where peek(1) == UInt8(ascii: ":"):
                index += 2
                add(.punctuation("::"))
            case UInt8(ascii: ":") where peek(1).map(isNameStart) == true:
                index += 1
                add(.symbol(name()))
            case UInt8(ascii: ":") where peek(1) == UInt8(ascii: "\"") || peek(1) == UInt8(ascii: "'"):
                index += 1
                let quote = bytes[index]
                var parts: [RubyToken.StringPart]
                if quote == UInt8(ascii: "'") {
                    parts = [.text(try singleQuoted(close: quote))]
                } else {
                    index += 1
                    parts = try interpolated(close: quote, open: nil)
                }
                guard case .text(let text)? = parts.first, parts.count <= 1 else { throw error("an interpolated symbol") }
                add(.symbol(text))
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                add(number())
            case _ where isNameStart(byte):
                let word = name()
                if let first = word.unicodeScalars.first, ("A"..."Z").contains(first) { add(.constant(word)) } else { add(.identifier(word)) }
            default:
                let two = peek(1).map { String(decoding: [byte, $0], as: UTF8.self) } ?? ""
                if ["=>", "==", "!=", "||", "&&", "<<", "+=", "||="].contains(two) {
                    index += 2
                    add(.punctuation(two))
                } else {
                    index += 1
                    add(.punctuation(String(decoding: [byte], as: UTF8.self)))
                }
            }
        }
        guard pendingHeredocs.isEmpty else { throw error("a heredoc without its closing line") }
        tokens.append(RubyToken(kind: .newline, line: line, column: column))
        tokens.append(RubyToken(kind: .end, line: line, column: column))
        return tokens
    }

    private mutating func newLine() {
        line += 1
        lineStart = index
    }

    private func startsWith(_ text: String) -> Bool {
        let needle = Array(text.utf8)
        return index + needle.count <= bytes.count && Array(bytes[index..<(index + needle.count)]) == needle
    }

    private func isNameStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// A name, with a trailing `?` or `!` (`empty?`).
    private mutating func name() -> String {
        let start = index
        while let byte = peek(), isNameByte(byte) { index += 1 }
        if let byte = peek(), byte == UInt8(ascii: "?") || byte == UInt8(ascii: "!"), peek(1) != UInt8(ascii: "=") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func number() -> RubyToken.Kind {
        let start = index
        while let byte = peek(), isNameByte(byte) || (byte == UInt8(ascii: ".") && peek(1).map { $0 >= 48 && $0 <= 57 } == true) {
            index += 1
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self).replacingOccurrences(of: "_", with: "")
        if let integer = Int(text) { return .integer(integer) }
        if let float = Double(text) { return .float(float) }
        return .identifier(text)
    }

    private mutating func skipBlockComment() throws {
        while index < bytes.count {
            while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
            guard peek() != nil else { throw error("=begin without =end") }
            index += 1
            newLine()
            if startsWith("=end") {
                while let byte = peek(), byte != UInt8(ascii: "\n") { index += 1 }
                return
            }
        }
        throw error("=begin without =end")
    }

    /// `'…'`: only `\'` and `\\` are escapes.
    private mutating func singleQuoted(close: UInt8, open: UInt8? = nil) throws -> String {
        let startLine = line, startColumn = column
        index += 1
        var text: [UInt8] = []
        var depth = 0
        while let byte = peek() {
            if byte == UInt8(ascii: "\\"), let next = peek(1), next == close || next == UInt8(ascii: "\\") || (open != nil && next == open) {
                text.append(next)
                index += 2
                continue
            }
            if let open, byte == open { depth += 1 }
            if byte == close {
                if depth == 0 {
                    index += 1
                    return String(decoding: text, as: UTF8.self)
                }
                depth -= 1
            }
            text.append(byte)
            index += 1
            if byte == UInt8(ascii: "\n") { newLine() }
        }
        throw RubySyntaxError(message: "a string that is never closed", line: startLine, column: startColumn)
    }

    /// `"…"` after its opening quote (or a heredoc body): escapes and `#{…}` interpolation, up to `close`.
    private mutating func interpolated(close: UInt8?, open: UInt8?) throws -> [RubyToken.StringPart] {
        let startLine = line, startColumn = column - 1
        var parts: [RubyToken.StringPart] = []
        var text: [UInt8] = []
        var depth = 0
        while let byte = peek() {
            if let open, byte == open { depth += 1 }
            if let close, byte == close {
                if depth == 0 {
                    index += 1
                    if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
                    return parts
                }
                depth -= 1
            }
            if byte == UInt8(ascii: "\\"), let next = peek(1) {
                index += 2
                switch next {
                case UInt8(ascii: "n"): text.append(10)
                case UInt8(ascii: "t"): text.append(9)
                case UInt8(ascii: "r"): text.append(13)
                case UInt8(ascii: "e"): text.append(27)
                case UInt8(ascii: "s"): text.append(32)
                case UInt8(ascii: "0"): text.append(0)
                case UInt8(ascii: "\n"): newLine()
                case UInt8(ascii: "u"), UInt8(ascii: "x"):
                    throw RubySyntaxError(message: "a \\\(Character(UnicodeScalar(next))) escape in a string", line: line, column: column - 2)
                default: text.append(next)
                }
                continue
            }
            if byte == UInt8(ascii: "#"), peek(1) == UInt8(ascii: "{") {
                if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
                text = []
                index += 2
                let codeLine = line, codeColumn = column
                let start = index
                var braces = 0
                while let inner = peek(), !(inner == UInt8(ascii: "}") && braces == 0) {
                    if inner == UInt8(ascii: "{") { braces += 1 }
                    if inner == UInt8(ascii: "}") { braces -= 1 }
                    if inner == UInt8(ascii: "\n") { throw error("an interpolation that spans lines") }
                    index += 1
                }
                guard peek() != nil else { break }
                guard interpolationLevel < 32 else { throw error("interpolations nested more than 32 deep") }
                var inner = RubyLexer(bytes: Array(bytes[start..<index]), line: codeLine, column: codeColumn, interpolationLevel: interpolationLevel + 1)
                let code = try inner.run().filter { $0.kind != .newline && $0.kind != .end }
                parts.append(.code(code))
                index += 1
                continue
            }
            text.append(byte)
            index += 1
            if byte == UInt8(ascii: "\n") { newLine() }
        }
        if close == nil {
            if !text.isEmpty { parts.append(.text(String(decoding: text, as: UTF8.self))) }
            return parts
        }
        throw RubySyntaxError(message: "a string that is never closed", line: startLine, column: startColumn)
    }

    /// Whether `%` here starts a literal (`%w[`, `%q(`, `%(`) rather than the modulo operator.
    private var percentLiteral: Bool {
        guard let next = peek(1) else { return false }
        if [UInt8(ascii: "w"), UInt8(ascii: "W"), UInt8(ascii: "q"), UInt8(ascii: "Q"), UInt8(ascii: "i"), UInt8(ascii: "I")].contains(next) {
            return peek(2).map { [UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{"), UInt8(ascii: "<"), UInt8(ascii: "|")].contains($0) } ?? false
        }
        return [UInt8(ascii: "["), UInt8(ascii: "("), UInt8(ascii: "{")].contains(next)
    }

    private mutating func percent() throws -> RubyToken.Kind {
        index += 1
        var kind = UInt8(ascii: "Q")
        if let letter = peek(), isNameStart(letter) {
            kind = letter
            index += 1
        }
        guard let open = peek() else { throw error("an unfinished % literal") }
        let pairs: [UInt8: UInt8] = [UInt8(ascii: "["): UInt8(ascii: "]"), UInt8(ascii: "("): UInt8(ascii: ")"),
                                      UInt8(ascii: "{"): UInt8(ascii: "}"), UInt8(ascii: "<"): UInt8(ascii: ">")]
        let close = pairs[open] ?? open
        let nests = pairs[open] != nil ? open : nil
        switch kind {
        case UInt8(ascii: "w"), UInt8(ascii: "i"), UInt8(ascii: "W"), UInt8(ascii: "I"):
            let text = try singleQuoted(close: close, open: nests)
            if (kind == UInt8(ascii: "W") || kind == UInt8(ascii: "I")) && text.contains("#{") {
                throw error("an interpolated %\(Character(UnicodeScalar(kind))) word list")
            }
            return .words(text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init))
        case UInt8(ascii: "q"):
            return .string([.text(try singleQuoted(close: close, open: nests))])
        case UInt8(ascii: "Q"):
            index += 1
            return .string(try interpolated(close: close, open: nests))
        default:
            throw error("a %\(Character(UnicodeScalar(kind))) literal")
        }
    }

    /// Whether `<<` here opens a heredoc (`<<-EOS`, `<<~EOS`, `<<EOS`, `<<-'EOS'`), not an append.
    private var heredocStart: Bool {
        var offset = 2
        if let byte = peek(offset), byte == UInt8(ascii: "-") || byte == UInt8(ascii: "~") { offset += 1 }
        guard let byte = peek(offset) else { return false }
        if byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") { return true }
        return byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    private mutating func openHeredoc(token: Int) throws {
        index += 2
        var squiggly = false, indented = false
        if peek() == UInt8(ascii: "~") { squiggly = true; indented = true; index += 1 } else if peek() == UInt8(ascii: "-") { indented = true; index += 1 }
        var interpolates = true
        var terminator: String
        if let quote = peek(), quote == UInt8(ascii: "'") || quote == UInt8(ascii: "\"") {
            interpolates = quote == UInt8(ascii: "\"")
            terminator = try singleQuoted(close: quote)
        } else {
            terminator = name()
        }
        pendingHeredocs.append((token, terminator, squiggly, indented, interpolates))
    }

    /// The bodies of the heredocs opened on the line just ended, in order.
    private mutating func readPendingHeredocs() throws {
        let pending = pendingHeredocs
        pendingHeredocs = []
        for heredoc in pending {
            var lines: [[UInt8]] = []
            var closed = false
            while index < bytes.count {
                var end = index
                while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
                let content = Array(bytes[index..<end])
                let trimmed = String(decoding: content, as: UTF8.self).trimmingCharacters(in: .whitespaces)
                let isTerminator = heredoc.indented ? trimmed == heredoc.terminator
                    : String(decoding: content, as: UTF8.self).trimmingCharacters(in: ["\r"]) == heredoc.terminator
                index = min(end + 1, bytes.count)
                newLine()
                if isTerminator { closed = true; break }
                lines.append(content + [UInt8(ascii: "\n")])
            }
            guard closed else {
                throw RubySyntaxError(message: "a heredoc <<\(heredoc.terminator) without its closing line", line: tokens[heredoc.token].line,
                                      column: tokens[heredoc.token].column)
            }
            if heredoc.squiggly {
                let indents = lines.filter { !$0.allSatisfy { $0 == 32 || $0 == 9 || $0 == 10 } }.map { $0.prefix { $0 == 32 || $0 == 9 }.count }
                let strip = indents.min() ?? 0
                lines = lines.map { line in Array(line.dropFirst(min(strip, line.prefix { $0 == 32 || $0 == 9 }.count))) }
            }
            let body = lines.flatMap { $0 }
            let bodyLine = tokens[heredoc.token].line + 1
            if heredoc.interpolates {
                var inner = RubyLexer(bytes: body, line: bodyLine, column: 1)
                tokens[heredoc.token].kind = .string(try inner.interpolated(close: nil, open: nil))
            } else {
                tokens[heredoc.token].kind = .string([.text(String(decoding: body, as: UTF8.self))])
            }
        }
    }
}

import Foundation
