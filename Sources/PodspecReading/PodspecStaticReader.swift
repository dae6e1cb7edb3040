import Diagnostics
import Files
import Foundation
import Paths

/// The static reader met something it does not evaluate: the construct and where. It never returns a partial spec.
public struct PodspecReadDeclined: Error, Sendable, CustomStringConvertible {
    public var construct: String
    public var location: FileLocation

    public var reason: String { "the static podspec reader cannot evaluate \(construct)" }
    public var description: String { "\(location): error: \(reason)" }
}

/// Reads a `.podspec` (Ruby) without Ruby, for the subset real podspecs use: `Pod::Spec.new do |s| … end`; attribute
/// assignments and calls (`s.x = v`, `s.x v, w`, platform-scoped `s.ios.x`); `s.dependency`; nested
/// `s.subspec 'Name' do |ss| … end`; string, symbol, number, boolean, nil, array, hash, `%w[]` and heredoc literals;
/// interpolation and `+` of strings and arrays; local variables assigned from those; `.to_s` and `.freeze`. Anything
/// else (a method it does not know, `File.read`, `ENV`, a condition) declines with the construct and its place.
public struct PodspecStaticReader: Sendable {
    /// Larger podspecs are refused: no real one comes near.
    public static let maximumBytes = 1 << 20

    public init() {}

    public func read(path: String, fileSystem: any FileSystem) throws -> PodSpec {
        try read(source: PodspecFile.text(of: path, fileSystem: fileSystem, maximumBytes: Self.maximumBytes), path: path) {
            fileSystem.text(of: $0, upTo: Self.maximumBytes)
        }
    }

    /// `files`: the text of a file the podspec reads in (`require_relative`), by its path (written from the podspec's).
    public func read(source: String, path: String, files: (String) -> String? = { _ in nil }) throws -> PodSpec {
        let tokens: [RubyToken]
        do {
            tokens = try RubyLexer.tokens(of: source)
        } catch let error as RubySyntaxError {
            throw InputError("\(error.message)", at: FileLocation(path: path, line: error.line, column: error.column))
        }
        var evaluator = PodspecEvaluator(tokens: tokens, path: path)
        return try evaluator.program(files: files)
    }
}

/// Walks the tokens once, evaluating as it goes.
private struct PodspecEvaluator {
    let tokens: [RubyToken]
    let path: String
    var position = 0
    var locals: [String: PodValue] = [:]
    /// Every spec met, the root first; `children` by index.
    var specs: [PodSpec] = []
    var children: [[Int]] = []
    /// The test specs of each spec, by index.
    var testChildren: [[Int]] = []
    /// Block variables (`s`, `ss`) and the spec each names.
    var blockVariables: [String: Int] = [:]
    /// Brackets, braces and parentheses open around the current token: bounded, so no input can exhaust the stack.
    var nesting = 0
    /// The methods of the modules the podspec reads in (``PodspecHelpers``).
    var helpers = PodspecHelpers()
    /// How many helper calls the current token is inside: bounded as nesting is.
    var calls = 0
    static let maximumNesting = 128

    init(tokens: [RubyToken], path: String) {
        self.tokens = tokens
        self.path = path
    }

    /// What an expression can be besides a value: a spec, or a spec seen through a platform (`s.ios`).
    enum Evaluated {
        case value(PodValue)
        case spec(Int, platform: String?)
    }

    static let platforms: [String: String] = ["ios": "ios", "osx": "osx", "macos": "osx", "tvos": "tvos", "watchos": "watchos", "visionos": "visionos"]

    var current: RubyToken { tokens[position] }
    /// The token after the current one (the last token, the end, repeats).
    var next: RubyToken { tokens[min(position + 1, tokens.count - 1)] }

    func location(_ token: RubyToken) -> FileLocation {
        FileLocation(path: path, line: token.line, column: token.column)
    }

    func decline(_ construct: String, at token: RubyToken? = nil) -> PodspecReadDeclined {
        PodspecReadDeclined(construct: construct, location: location(token ?? current))
    }

    func describe(_ token: RubyToken) -> String {
        switch token.kind {
        case .identifier(let name): return "'\(name)'"
        case .constant(let name): return "'\(name)'"
        case .symbol(let name): return "the symbol :\(name)"
        case .string: return "a string"
        case .words: return "a %w[] array"
        case .integer(let value): return "the number \(value)"
        case .float(let value): return "the number \(value)"
        case .punctuation(let text): return "'\(text)'"
        case .newline: return "the end of the line"
        case .end: return "the end of the file"
        }
    }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    func isPunctuation(_ text: String, _ token: RubyToken? = nil) -> Bool {
        (token ?? current).kind == .punctuation(text)
    }

    func isIdentifier(_ name: String) -> Bool {
        current.kind == .identifier(name)
    }

    mutating func skipNewlines() {
        while current.kind == .newline || isPunctuation(";") { advance() }
    }

    mutating func expect(_ text: String) throws {
        guard isPunctuation(text) else { throw decline("\(describe(current)) where '\(text)' was expected") }
        advance()
    }

    mutating func expectEndOfStatement() throws {
        guard current.kind == .newline || isPunctuation(";") || current.kind == .end || isIdentifier("end") else {
            throw decline("\(describe(current)) after a complete statement")
        }
    }

    // MARK: Statements

    mutating func program(files: (String) -> String?) throws -> PodSpec {
        var root: Int?
        skipNewlines()
        while current.kind != .end {
            if case .identifier(let keyword) = current.kind, ["require", "require_relative", "load"].contains(keyword), !isPunctuation("=", next) {
                readIn(keyword, files: files)
            } else if case .constant("Pod") = current.kind {
                guard root == nil else { throw decline("a second Pod::Spec.new in one file") }
                root = try specNew()
            } else if case .identifier(let name) = current.kind, isPunctuation("=", next) {
                try localAssignment(name)
            } else {
                throw decline("\(describe(current)) at the top of the file (only local variables and Pod::Spec.new are read)")
            }
            try expectEndOfStatement()
            skipNewlines()
        }
        guard let root else {
            throw InputError("no Pod::Spec.new in this file", at: FileLocation(path: path))
        }
        return assemble(root)
    }

    /// `require_relative '../Config/config_podspec.rb'`: the methods of the modules the file defines are kept; a file not
    /// read, or a library (`require 'json'`), adds none (a call of one then declines).
    mutating func readIn(_ keyword: String, files: (String) -> String?) {
        advance()
        var arguments: [RubyToken] = []
        while current.kind != .newline && current.kind != .end && !isPunctuation(";") {
            arguments.append(current)
            advance()
        }
        guard case .file(let written, _) = RubyLoadedFile.named(by: keyword, arguments: arguments) else { return }
        // Read from the podspec's folder (`pod` runs in it, and `require_relative` is written from it).
        let folder = PathArithmetic.lexical(PathArithmetic.join(path, ".."))
        let file = RubyLoadedFile.resolve(written, from: folder)
        guard let text = files(file), let tokens = try? RubyLexer.tokens(of: text) else { return }
        helpers.add(tokens, path: file)
    }

    /// `Config.version`, `Config.settings(s)` (a statement too): the helper's body evaluated with its parameters bound to the arguments
    /// (a spec as a block variable), what it sets on specs kept; its value is its last expression's.
    mutating func callHelper(_ module: String, at token: RubyToken) throws -> Evaluated {
        advance()
        try expect(".")
        guard case .identifier(let name) = current.kind, let method = helpers.methods[module + "." + name] else {
            throw decline("\(module).\(describe(current)) (a method of a file the podspec reads in that the static reader does not know)")
        }
        advance()
        var arguments: [Evaluated] = []
        if isPunctuation("("), !current.spaced {
            advance()
            while !isPunctuation(")") {
                arguments.append(try expression())
                if isPunctuation(",") { advance() } else { break }
            }
            try expect(")")
        }
        guard arguments.count == method.parameters.count else { throw decline("\(module).\(name) called with \(arguments.count) arguments", at: token) }
        guard calls < 16 else { throw decline("helper calls nested more than 16 deep", at: token) }
        let ending = [RubyToken(kind: .newline, line: token.line, column: token.column), RubyToken(kind: .end, line: token.line, column: token.column)]
        var inner = PodspecEvaluator(tokens: Array(method.tokens[method.body]) + ending, path: method.path)
        inner.specs = specs
        inner.children = children
        inner.testChildren = testChildren
        inner.helpers = helpers
        inner.calls = calls + 1
        for (parameter, argument) in zip(method.parameters, arguments) {
            switch argument {
            case .spec(let spec, _): inner.blockVariables[parameter] = spec
            case .value(let value): inner.locals[parameter] = value
            }
        }
        let result = try inner.body()
        specs = inner.specs
        children = inner.children
        testChildren = inner.testChildren
        return result
    }

    /// A helper's statements: spec statements and local assignments as in a spec block, and expressions, the last of
    /// which (or a `return`'s) is its value.
    mutating func body() throws -> Evaluated {
        var last = Evaluated.value(.null)
        skipNewlines()
        while current.kind != .end {
            if case .identifier(let name) = current.kind, blockVariables[name] != nil || isPunctuation("=", next) {
                try statement()
                last = .value(.null)
            } else {
                if isIdentifier("return") { advance() }
                last = try expression()
            }
            try expectEndOfStatement()
            skipNewlines()
        }
        return last
    }

    func assemble(_ index: Int) -> PodSpec {
        var spec = specs[index]
        spec.subspecs = children[index].map(assemble)
        spec.testSpecs = testChildren[index].map(assemble)
        return spec
    }

    /// `Pod::Spec.new do |s| … end` (also `Pod::Spec.new(…) do`).
    mutating func specNew() throws -> Int {
        let start = current
        advance()
        try expect("::")
        guard case .constant("Spec") = current.kind else { throw decline("Pod::\(describe(current)) (only Pod::Spec is read)") }
        advance()
        try expect(".")
        guard isIdentifier("new") else { throw decline("Pod::Spec.\(describe(current))") }
        advance()
        if isPunctuation("(") {
            advance()
            try expect(")")
        }
        let index = newSpec(name: nil, at: start, parent: nil)
        try block(for: index)
        return index
    }

    mutating func newSpec(name: String?, at token: RubyToken, parent: Int?, test: Bool = false) -> Int {
        specs.append(PodSpec(subspecName: name, location: location(token)))
        children.append([])
        testChildren.append([])
        if let parent {
            if test { testChildren[parent].append(specs.count - 1) } else { children[parent].append(specs.count - 1) }
        }
        return specs.count - 1
    }

    /// `do |name| statements end`, the statements applying to spec `index`.
    mutating func block(for index: Int) throws {
        guard isIdentifier("do") else { throw decline("\(describe(current)) where a 'do |spec|' block was expected") }
        advance()
        try expect("|")
        guard case .identifier(let variable) = current.kind else { throw decline("\(describe(current)) as a block variable") }
        advance()
        try expect("|")
        let saved = blockVariables[variable]
        let savedLocals = locals
        blockVariables[variable] = index
        skipNewlines()
        while !isIdentifier("end") {
            guard current.kind != .end else { throw InputError("a 'do' block that is never closed with 'end'", at: location(current)) }
            try statement()
            try expectEndOfStatement()
            skipNewlines()
        }
        advance()
        blockVariables[variable] = saved
        // Locals assigned in a block stay in it (Ruby's block scope); outer ones keep their new values.
        locals = locals.filter { savedLocals[$0.key] != nil }
    }

    mutating func localAssignment(_ name: String) throws {
        advance()
        advance()
        skipNewlines()
        guard case .value(let value) = try expression() else { throw decline("a spec assigned to a local variable") }
        locals[name] = value
    }

    /// One statement inside a spec block.
    mutating func statement() throws {
        let start = current
        if case .constant(let module) = current.kind, helpers.modules.contains(module) { return _ = try callHelper(module, at: start) }
        guard case .identifier(let name) = current.kind else { throw decline("\(describe(current)) at the start of a statement") }
        if blockVariables[name] == nil {
            guard isPunctuation("=", next) else {
                throw decline(name == "if" || name == "unless" || name == "case" ? "a condition ('\(name)')" : "'\(name)' (a method the static reader does not know)")
            }
            return try localAssignment(name)
        }
        advance()
        var spec = blockVariables[name] ?? 0
        var platform: String?
        try expect(".")
        guard case .identifier(var method) = current.kind else { throw decline("\(describe(current)) after '\(name).'") }
        advance()
        if let named = Self.platforms[method], isPunctuation("."), platform == nil {
            platform = named
            advance()
            guard case .identifier(let scoped) = current.kind else { throw decline("\(describe(current)) after '\(name).\(method).'") }
            method = scoped
            advance()
        }
        if isPunctuation("=") {
            advance()
            skipNewlines()
            let values = try argumentList()
            try set(method, values.count == 1 ? values[0] : .array(values), on: spec, platform: platform, at: start)
            return
        }
        switch method {
        case "subspec":
            guard platform == nil else { throw decline("a platform-scoped subspec") }
            let parenthesised = consumeOpeningParenthesis()
            guard case .value(.string(let subspecName)) = try expression() else { throw decline("a subspec name that is not a string", at: start) }
            if parenthesised { try expect(")") }
            let child = newSpec(name: subspecName, at: start, parent: spec)
            try block(for: child)
            spec = child
        case "test_spec":
            // CocoaPods names a test spec without a name 'Tests'.
            guard platform == nil else { throw decline("a platform-scoped test spec") }
            let parenthesised = consumeOpeningParenthesis()
            var testName = "Tests"
            if !isIdentifier("do") {
                guard case .value(.string(let name)) = try expression() else { throw decline("a test spec name that is not a string", at: start) }
                testName = name
            }
            if parenthesised { try expect(")") }
            let child = newSpec(name: testName, at: start, parent: spec, test: true)
            try block(for: child)
            spec = child
        case "dependency":
            let parenthesised = consumeOpeningParenthesis()
            let values = try argumentList()
            if parenthesised { try expect(")") }
            guard case .string(let dependency)? = values.first else { throw decline("a dependency whose name is not a string", at: start) }
            var requirements: [String] = []
            for value in values.dropFirst() {
                switch value {
                case .string(let requirement): requirements.append(requirement)
                case .array(let items) where items.allSatisfy({ if case .string = $0 { return true } else { return false } }):
                    requirements += value.strings
                default:
                    throw decline("a dependency requirement that is not a string (options such as :path belong in the Podfile)", at: start)
                }
            }
            specs[spec].dependencies.append(PodDependency(name: dependency, requirements: requirements, platform: platform, location: location(start)))
        default:
            if current.kind == .newline || current.kind == .end || isPunctuation(";") { return }  // a read with no effect
            let parenthesised = consumeOpeningParenthesis()
            let values = parenthesised && isPunctuation(")") ? [] : try argumentList()
            if parenthesised { try expect(")") }
            if isIdentifier("do") || isPunctuation("{") {
                throw decline("a block given to '\(method)' (only subspec and test_spec blocks are read; app specs are not)")
            }
            try set(method, values.count == 1 ? values[0] : .array(values), on: spec, platform: platform, at: start)
        }
    }

    mutating func consumeOpeningParenthesis() -> Bool {
        guard isPunctuation("("), !current.spaced else { return false }
        advance()
        return true
    }

    mutating func set(_ attribute: String, _ value: PodValue, on spec: Int, platform: String?, at token: RubyToken) throws {
        if ["subspec", "dependency", "new"].contains(attribute) { throw decline("'\(attribute)' assigned as an attribute", at: token) }
        specs[spec].set(platform.map { "\($0).\(attribute)" } ?? attribute, value, at: location(token))
    }

    /// `a, b, c` up to the end of the line (or a `do` / `)`), values only.
    mutating func argumentList() throws -> [PodValue] {
        var values: [PodValue] = []
        while true {
            guard case .value(let value) = try expression() else { throw decline("a spec used as a value") }
            values.append(value)
            guard isPunctuation(",") else { return values }
            advance()
            skipNewlines()
        }
    }

    // MARK: Expressions

    mutating func expression() throws -> Evaluated {
        var left = try postfix()
        while isPunctuation("+") {
            let operatorToken = current
            advance()
            skipNewlines()
            let right = try postfix()
            switch (left, right) {
            case let (.value(.string(a)), .value(.string(b))): left = .value(.string(a + b))
            case let (.value(.array(a)), .value(.array(b))): left = .value(.array(a + b))
            default: throw decline("'+' of values other than two strings or two arrays", at: operatorToken)
            }
        }
        return left
    }

    /// A primary followed by `.to_s`, `.freeze`, or (for a spec) `.attribute` / `.ios`.
    mutating func postfix() throws -> Evaluated {
        var value = try primary()
        while isPunctuation(".") {
            advance()
            guard case .identifier(let method) = current.kind else { throw decline("\(describe(current)) after '.'") }
            let methodToken = current
            advance()
            switch value {
            case .spec(let spec, let platform):
                if platform == nil, let named = Self.platforms[method] {
                    value = .spec(spec, platform: named)
                } else {
                    let key = platform.map { "\($0).\(method)" } ?? method
                    value = .value(specs[spec].attribute(key)?.value ?? .null)
                }
            case .value(let plain):
                switch method {
                case "to_s": value = .value(.string(try text(of: plain, at: methodToken)))
                case "freeze", "to_str": break
                default: throw decline("the method '\(method)'", at: methodToken)
                }
            }
        }
        return value
    }

    mutating func primary() throws -> Evaluated {
        let token = current
        if isPunctuation("[") || isPunctuation("{") || isPunctuation("(") {
            guard nesting < Self.maximumNesting else { throw decline("brackets nested more than \(Self.maximumNesting) deep") }
            nesting += 1
        }
        defer { if case .punctuation(let text) = token.kind, ["[", "{", "("].contains(text) { nesting -= 1 } }
        switch token.kind {
        case .string(let parts):
            advance()
            var text = ""
            for part in parts {
                switch part {
                case .text(let piece): text += piece
                case .code(let code): text += try interpolate(code, at: token)
                }
            }
            // Adjacent literals are one string in Ruby: 'a' 'b', and across a `\` line continuation (no line end between).
            if case .string = current.kind, !isArgumentBoundary {
                guard case .value(.string(let next)) = try primary() else { throw decline("a string followed by a spec") }
                return .value(.string(text + next))
            }
            return .value(.string(text))
        case .words(let words):
            advance()
            return .value(.array(words.map(PodValue.string)))
        case .symbol(let name):
            advance()
            return .value(.string(name))
        case .integer(let value):
            advance()
            return .value(.integer(value))
        case .float(let value):
            advance()
            return .value(.float(value))
        case .identifier("true"):
            advance()
            return .value(.bool(true))
        case .identifier("false"):
            advance()
            return .value(.bool(false))
        case .identifier("nil"):
            advance()
            return .value(.null)
        case .identifier(let name):
            if let spec = blockVariables[name] {
                advance()
                return .spec(spec, platform: nil)
            }
            if let value = locals[name] {
                advance()
                return .value(value)
            }
            throw decline("'\(name)' (not a local variable the reader knows)")
        case .constant(let module) where helpers.modules.contains(module):
            return try callHelper(module, at: token)
        // `String(s.version)`: Ruby's conversion to text.
        case .constant("String") where isPunctuation("(", next) && !next.spaced:
            advance()
            advance()
            guard case .value(let value) = try expression() else { throw decline("a spec turned into text", at: token) }
            try expect(")")
            return .value(.string(try text(of: value, at: token)))
        case .constant(let name):
            throw decline(name == "File" || name == "Dir" || name == "ENV" || name == "JSON" ? "\(name) (it reads outside the podspec)" : "the constant \(name)")
        case .punctuation("["):
            advance()
            var items: [PodValue] = []
            skipNewlines()
            while !isPunctuation("]") {
                guard case .value(let item) = try expression() else { throw decline("a spec inside an array") }
                items.append(item)
                try endOfElement(closing: "]", inside: "an array")
            }
            advance()
            return .value(.array(items))
        case .punctuation("{"):
            advance()
            var members: [(String, PodValue)] = []
            skipNewlines()
            while !isPunctuation("}") {
                let key: String
                if case .identifier(let label) = current.kind, isPunctuation(":", next) {
                    key = label
                    advance()
                    advance()
                } else {
                    guard case .value(let keyValue) = try expression() else { throw decline("a spec as a hash key") }
                    guard case .string(let keyText) = keyValue else { throw decline("a hash key that is not a string or a symbol") }
                    key = keyText
                    if isPunctuation(":") { advance() } else { try expect("=>") }
                }
                skipNewlines()
                guard case .value(let value) = try expression() else { throw decline("a spec as a hash value") }
                if let index = members.firstIndex(where: { $0.0 == key }) { members[index].1 = value } else { members.append((key, value)) }
                try endOfElement(closing: "}", inside: "a hash")
            }
            advance()
            return .value(.hash(members))
        case .punctuation("("):
            advance()
            skipNewlines()
            let inner = try expression()
            skipNewlines()
            try expect(")")
            return inner
        default:
            throw decline(describe(token))
        }
    }

    /// After an element of an array or hash: a comma (then maybe more), or the closing bracket.
    mutating func endOfElement(closing: String, inside container: String) throws {
        skipNewlines()
        if isPunctuation(",") {
            advance()
            skipNewlines()
        } else if !isPunctuation(closing) {
            throw decline("\(describe(current)) inside \(container)")
        }
    }

    /// Whether the current token ends an argument (so a string after it starts the next statement, not a continuation).
    var isArgumentBoundary: Bool {
        current.kind == .newline || isPunctuation(",")
    }

    /// The text `#{…}` gives: the expression's value as Ruby's `to_s` would print it.
    mutating func interpolate(_ code: [RubyToken], at token: RubyToken) throws -> String {
        var inner = PodspecEvaluator(tokens: code + [RubyToken(kind: .newline, line: token.line, column: token.column),
                                                     RubyToken(kind: .end, line: token.line, column: token.column)], path: path)
        inner.locals = locals
        inner.specs = specs
        inner.children = children
        inner.testChildren = testChildren
        inner.blockVariables = blockVariables
        inner.helpers = helpers
        guard case .value(let value) = try inner.expression() else { throw decline("a spec interpolated into a string", at: token) }
        guard inner.current.kind == .newline else { throw inner.decline("\(inner.describe(inner.current)) inside an interpolation") }
        return try text(of: value, at: token)
    }

    func text(of value: PodValue, at token: RubyToken) throws -> String {
        switch value {
        case .string(let text): return text
        case .integer(let number): return String(number)
        case .float(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .array, .hash: throw decline("an array or hash turned into text", at: token)
        }
    }
}
