import Foundation

/// The one reader of C, Objective-C and C++ text: imports, run-time wiring, bundle lookups and prefix-header uses all
/// take their words from it. Identifiers, string literals, `@` keywords and single punctuation characters, located;
/// comments, character literals and numbers left out (a number is one punctuation token `0`); preprocessor lines read
/// for their `#if` conditions, `#define NAME @"text"` constants, paste macros and `#import`/`#include`s.
public struct CFamilyTokens: Sendable {
    public enum Kind: Sendable, Equatable { case identifier, string, keyword, punctuation }

    /// What is kept: every token, or only the preprocessor's lines and `@import`s (what an import scan needs; the text
    /// is walked alike, nothing else is stored).
    public enum Detail: Sendable { case tokens, directives }

    public struct Token: Sendable {
        public var kind: Kind
        /// A string literal's text without quotes (escapes kept as written, but `\"`).
        public var text: String
        public var line: Int
        public var column: Int
        public var firstOnLine: Bool
        /// Index in ``conditionSets``.
        public var conditions: Int
        /// Its bytes in the file (a string literal's with its quotes).
        public var range: Range<Int> = 0..<0
    }

    /// `#import <X/Y.h>`, `#include "Y.h"`, `@import X.Sub;`: what a line brings in, at its `#` or `@`.
    public struct Inclusion: Sendable, Equatable {
        public enum Form: Sendable, Equatable {
            /// `#import <…>` / `#include <…>`: the path between the brackets.
            case angled(String)
            /// `#import "…"` / `#include "…"`: the path between the quotes.
            case quoted(String)
            /// `@import X.Sub;`: the module path.
            case module([String])
        }

        public var form: Form
        public var line: Int
        public var column: Int
        /// Index in ``conditionSets``: the `#if` conditions around it.
        public var conditions: Int = 0
        /// `#include` / `#include_next` (not `#import` or `@import`): a C habit of finding headers through search paths.
        public var isInclude = false
    }

    public private(set) var tokens: [Token] = []
    /// The `#if` conditions around a token, outermost first, by ``Token/conditions``.
    public private(set) var conditionSets: [[String]] = [[]]
    public private(set) var defines: [String: String] = [:]
    /// `#define _Target(name) Target_##name`: function-like macros that paste their one argument between two texts.
    public private(set) var pasteMacros: [String: PasteMacro] = [:]
    public private(set) var inclusions: [Inclusion] = []
    /// Macros `#define`d only where a header may be missing (`#elif __has_include(<X/X.h>)` then `#define HAS_X 1`):
    /// a branch under one is built only when that header is there.
    public private(set) var optionalMacros: Set<String> = []
    /// Every preprocessor line as written after its `#` (continuations joined, a trailing `//` comment left out); kept
    /// with every token only.
    public private(set) var directives: [String] = []
    /// By open `#if`: the conditions of its branches so far.
    private var chains: [[String]] = []
    /// By open `#if`: the condition of the branch being read; nil for an include guard.
    private var open: [String?] = []
    /// The name an `#ifndef` just tested, while nothing but a `#define` of it may follow to make it an include guard.
    private var includeGuard: String?
    private let detail: Detail

    public init(_ bytes: [UInt8], keeping detail: Detail = .tokens) {
        self = bytes.withUnsafeBufferPointer { CFamilyTokens($0, keeping: detail) }
    }

    public init(_ bytes: UnsafeBufferPointer<UInt8>, keeping detail: Detail = .tokens) {
        self.detail = detail
        var lexer = Lexer(bytes: bytes)
        while let token = lexer.next(into: &self) {
            includeGuard = nil
            if lexer.lastKeywordIsImport, let path = lexer.modulePath() {
                inclusions.append(Inclusion(form: .module(path), line: token.line, column: token.column, conditions: token.conditions))
            }
            if detail == .tokens { tokens.append(lexer.make(token)) }
        }
    }

    /// The identifiers outside comments and string and character literals, the preprocessor's lines included.
    public var identifiers: Set<String> {
        var names = Set(tokens.lazy.filter { $0.kind == .identifier }.map(\.text))
        for directive in directives {
            names.formUnion(CFamilyTokens(Array(directive.utf8)).tokens.lazy.filter { $0.kind == .identifier }.map(\.text))
        }
        return names
    }

    /// The preprocessor directives read for conditions and constants; `#pragma` and the rest are kept as text only.
    private static let directiveNames: [(name: String, bytes: [UInt8])] = [
        "if", "ifdef", "ifndef", "elif", "else", "endif", "define", "import", "include", "include_next",
    ].map { ($0, Array($0.utf8)) }

    fileprivate mutating func directive(_ bytes: [UInt8], line: Int, column: Int) {
        if detail == .tokens { directives.append(String(decoding: bytes.dropFirst(), as: UTF8.self)) }
        let guarded = includeGuard
        includeGuard = nil
        var start = 1
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
        var end = start
        while end < bytes.count, Lexer.continuesIdentifier(bytes[end]) { end += 1 }
        guard let keyword = Self.directiveNames.first(where: { $0.bytes.elementsEqual(bytes[start..<end]) })?.name else { return }
        let rest = String(decoding: bytes[end...], as: UTF8.self).trimmingSpaces()
        switch keyword {
        case "if", "ifdef", "ifndef":
            let condition = keyword == "if" ? rest : keyword == "ifdef" ? "defined(\(rest))" : "!defined(\(rest))"
            open.append(condition)
            chains.append([condition])
            if keyword == "ifndef" { includeGuard = rest }
        case "elif", "else":
            guard !open.isEmpty, let chain = chains.popLast() else { return }
            open.removeLast()
            open.append(Self.branch(after: chain, condition: keyword == "else" ? nil : rest))
            chains.append(chain + [rest])
        case "endif":
            _ = open.popLast()
            _ = chains.popLast()
        case "define":
            define(rest)
            if open.contains(where: { $0?.contains("__has_include") == true || $0?.contains("canImport(") == true }),
               let name = rest.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" }).first {
                optionalMacros.insert(String(name))
            }
            // `#ifndef NAME_H` then `#define NAME_H`: an include guard, true wherever the header is read.
            guard let guarded, rest.split(whereSeparator: { $0 == " " || $0 == "\t" }).first.map(String.init) == guarded, !open.isEmpty else { return }
            open[open.count - 1] = nil
        default: return include(rest, line: line, column: column, isInclude: keyword.hasPrefix("include"))
        }
        conditionSets.append(open.compactMap { $0 })
    }

    /// The condition of an `#elif` (or, without one, `#else`) branch: none of the earlier branches, and its own.
    private static func branch(after earlier: [String], condition: String?) -> String {
        (earlier.map { "!(\($0))" } + (condition.map { [$0] } ?? [])).joined(separator: " && ")
    }

    /// `<X/Y.h>` or `"Y.h"` after `#import`/`#include`.
    private mutating func include(_ rest: String, line: Int, column: Int, isInclude: Bool) {
        guard let open = rest.firstIndex(where: { $0 == "<" || $0 == "\"" }) else { return }
        let body = rest[rest.index(after: open)...]
        guard let close = body.firstIndex(of: rest[open] == "<" ? ">" : "\"") else { return }
        let path = String(body[..<close])
        inclusions.append(Inclusion(form: rest[open] == "<" ? .angled(path) : .quoted(path), line: line, column: column,
                                    conditions: conditionSets.count - 1, isInclude: isInclude))
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

/// A function-like macro that pastes its argument between two texts: `Target_##name` is prefix `Target_`, no suffix.
public struct PasteMacro: Sendable, Equatable {
    public var prefix: String
    public var suffix: String

    public init(prefix: String, suffix: String) {
        self.prefix = prefix
        self.suffix = suffix
    }

    public func expand(_ argument: String) -> String { prefix + argument + suffix }
}

/// A token found, before its text is made (only kept tokens get one).
private struct Lexed {
    var kind: CFamilyTokens.Kind
    var range: Range<Int>
    var line: Int
    var column: Int
    var firstOnLine: Bool
    var conditions: Int
}

/// Walks bytes that outlive it (the buffer `CFamilyTokens.init` was given).
private struct Lexer {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    var line = 1
    var lineStart = 0
    var sawTokenOnLine = false
    /// Whether the last token returned is the keyword `@import`.
    var lastKeywordIsImport = false

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func next(into tokens: inout CFamilyTokens) -> Lexed? {
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x0A: newline()
            case 0x20, 0x09, 0x0D, 0x0C, 0x0B: index += 1
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "/"): skipLine()
            case UInt8(ascii: "/") where peek(1) == UInt8(ascii: "*"): skipBlockComment()
            case UInt8(ascii: "#") where !sawTokenOnLine:
                let (line, column) = (line, index - lineStart + 1)
                tokens.directive(readDirective(), line: line, column: column)
            case UInt8(ascii: "'"): skipQuoted(UInt8(ascii: "'"))
            default: return token(conditions: tokens.conditionSets.count - 1)
            }
        }
        return nil
    }

    /// The token with its text.
    func make(_ lexed: Lexed) -> CFamilyTokens.Token {
        let text: String
        switch lexed.kind {
        case .string:
            let open = bytes[lexed.range.lowerBound] == UInt8(ascii: "@") ? lexed.range.lowerBound + 1 : lexed.range.lowerBound
            text = Self.unescapingQuotes(bytes[(open + 1)..<max(open + 1, lexed.range.upperBound - 1)])
        case .punctuation:
            let byte = bytes[lexed.range.lowerBound]
            text = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? "0" : String(UnicodeScalar(byte))
        case .identifier, .keyword:
            text = String(decoding: UnsafeBufferPointer(rebasing: bytes[lexed.range]), as: UTF8.self)
        }
        return CFamilyTokens.Token(kind: lexed.kind, text: text, line: lexed.line, column: lexed.column, firstOnLine: lexed.firstOnLine,
                                   conditions: lexed.conditions, range: lexed.range)
    }

    /// After `@import`: `X.Sub` up to `;`, without moving on; nil when no name follows.
    func modulePath() -> [String]? {
        var position = index, path: [String] = []
        while true {
            while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
            let start = position
            while position < bytes.count, Self.continuesIdentifier(bytes[position]) { position += 1 }
            guard position > start else { return path.isEmpty ? nil : path }
            path.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
            guard position < bytes.count, bytes[position] == UInt8(ascii: ".") else { return path }
            position += 1
        }
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

    private mutating func token(conditions: Int) -> Lexed? {
        let start = index, column = index - lineStart + 1, first = !sawTokenOnLine
        sawTokenOnLine = true
        lastKeywordIsImport = false
        let kind: CFamilyTokens.Kind
        let byte = bytes[index]
        if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "@") && peek(1) == UInt8(ascii: "\"")) {
            if byte == UInt8(ascii: "@") { index += 1 }
            skipQuoted(UInt8(ascii: "\""))
            kind = .string
        } else if byte == UInt8(ascii: "@"), let next = peek(1), Self.startsIdentifier(next) {
            index += 1
            readIdentifier()
            kind = .keyword
            lastKeywordIsImport = index - start == 7 && bytes[(start + 1)..<index].elementsEqual("import".utf8)
        } else if Self.startsIdentifier(byte) {
            readIdentifier()
            kind = .identifier
        } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            while index < bytes.count, Self.continuesIdentifier(bytes[index]) || bytes[index] == UInt8(ascii: ".") { index += 1 }
            kind = .punctuation
        } else {
            index += 1
            kind = .punctuation
        }
        return Lexed(kind: kind, range: start..<index, line: line, column: column, firstOnLine: first, conditions: conditions)
    }

    /// A string literal's body with each `\"` made `"` (other escapes kept as written).
    private static func unescapingQuotes(_ body: Slice<UnsafeBufferPointer<UInt8>>) -> String {
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
    /// Without the spaces and tabs around it (and a line's closing `\r`).
    public func trimmingSpaces() -> String {
        var trimmed = Substring(self)
        while let first = trimmed.first, first == " " || first == "\t" { trimmed.removeFirst() }
        while let last = trimmed.last, last == " " || last == "\t" || last == "\r" { trimmed.removeLast() }
        return String(trimmed)
    }
}
