import Paths

/// What a statement that reads in another Ruby file names: `load 'modules.rb'`, `require_relative 'helpers'`,
/// `require './helpers'`, `eval(File.read('pods.rb'))`, `instance_eval(File.read(File.join(__dir__, 'pods.rb')))`.
///
/// Only plainly written paths are read: a string literal, or one built from the file's own folder (`__dir__`,
/// `File.dirname(__FILE__)`, `File.expand_path('x', __dir__)`, `File.join(__dir__, 'x')`, `"#{__dir__}/x"`). Anything
/// else is `computed`, and what the file declares is not known.
enum RubyLoadedFile: Equatable {
    /// A file, as written, relative to the folder Ruby resolves it from: the reading file's own folder (`fromFile`:
    /// `require_relative`, `__dir__`), else the folder the tool runs in (the Podfile's or podspec's folder).
    case file(String, fromFile: Bool)
    /// `require 'json'`: a library of Ruby's or a gem, no file of the repository.
    case library
    /// A path the reader cannot evaluate.
    case computed

    /// The words that read in another file, as a statement's first word.
    static let keywords: Set<String> = ["load", "require", "require_relative", "eval", "instance_eval"]

    /// The file the statement `keyword` names, its arguments being `arguments` (the tokens up to the line's end).
    static func named(by keyword: String, arguments: [RubyToken]) -> RubyLoadedFile {
        var tokens = ArraySlice(arguments)
        unwrap(&tokens)
        // The first argument (`instance_eval(text, path)`, `load(path, wrap)`).
        tokens = split(tokens).first ?? []
        if keyword == "eval" || keyword == "instance_eval" {
            // `eval(File.read(path))`, `instance_eval File.read(path), path`: the file read.
            guard let read = call(["File", "IO"], "read", in: tokens) else { return .computed }
            tokens = read.first ?? []
        }
        guard var (path, fromFile) = path(of: tokens) else { return .computed }
        if keyword == "require_relative" { fromFile = true }
        if keyword == "require" || keyword == "require_relative" {
            // `require 'json'`: Ruby's load path, not a file of the repository.
            if keyword == "require", !fromFile, !path.hasPrefix("./"), !path.hasPrefix("../"), !path.hasPrefix("/") { return .library }
            if !path.hasSuffix(".rb") { path += ".rb" }
        }
        return .file(path, fromFile: fromFile)
    }

    /// Removes parentheses around the whole of `tokens` (`(File.read(x))`).
    private static func unwrap(_ tokens: inout ArraySlice<RubyToken>) {
        while tokens.first?.kind == .punctuation("("), tokens.last?.kind == .punctuation(")"), closing(of: tokens.startIndex, in: tokens) == tokens.endIndex - 1 {
            tokens = tokens.dropFirst().dropLast()
        }
    }

    /// The index of the bracket closing the one at `open`.
    private static func closing(of open: Int, in tokens: ArraySlice<RubyToken>) -> Int? {
        var depth = 0
        for index in open..<tokens.endIndex {
            switch tokens[index].kind {
            case .punctuation("("), .punctuation("["): depth += 1
            case .punctuation(")"), .punctuation("]"):
                depth -= 1
                if depth == 0 { return index }
            default: continue
            }
        }
        return nil
    }

    /// `Constant.method(a, b)` or `Constant.method a, b` as the whole of `tokens`: its arguments.
    private static func call(_ receivers: Set<String>, _ method: String, in tokens: ArraySlice<RubyToken>) -> [ArraySlice<RubyToken>]? {
        let start = tokens.startIndex
        guard tokens.count >= 3, case .constant(let receiver) = tokens[start].kind, receivers.contains(receiver),
              tokens[start + 1].kind == .punctuation("."), tokens[start + 2].kind == .identifier(method) else { return nil }
        var rest = tokens[(start + 3)...]
        if rest.first?.kind == .punctuation("(") {
            guard closing(of: rest.startIndex, in: rest) == rest.endIndex - 1 else { return nil }
            rest = rest.dropFirst().dropLast()
        }
        return split(rest)
    }

    /// Comma-separated arguments at the outer level.
    private static func split(_ tokens: ArraySlice<RubyToken>) -> [ArraySlice<RubyToken>] {
        var parts: [ArraySlice<RubyToken>] = []
        var depth = 0, start = tokens.startIndex
        for index in tokens.indices {
            switch tokens[index].kind {
            case .punctuation("("), .punctuation("["): depth += 1
            case .punctuation(")"), .punctuation("]"): depth -= 1
            case .punctuation(",") where depth == 0:
                parts.append(tokens[start..<index])
                start = index + 1
            default: continue
            }
        }
        if start < tokens.endIndex { parts.append(tokens[start...]) }
        return parts
    }

    /// A path expression: the path, and whether it is written from the reading file's folder.
    private static func path(of written: ArraySlice<RubyToken>) -> (String, fromFile: Bool)? {
        var tokens = written
        unwrap(&tokens)
        if tokens.count == 1, case .string(let parts) = tokens.first?.kind { return interpolated(parts) }
        if isOwnFolder(tokens) { return (".", true) }
        if let join = call(["File"], "join", in: tokens) {
            var fromFile = false, pieces: [String] = []
            for (index, argument) in join.enumerated() {
                if index == 0, isOwnFolder(argument) {
                    fromFile = true
                    continue
                }
                guard argument.count == 1, case .string(let parts) = argument.first?.kind, case (let piece, false)? = interpolated(parts) else { return nil }
                pieces.append(piece)
            }
            return (pieces.joined(separator: "/"), fromFile)
        }
        if let expand = call(["File"], "expand_path", in: tokens), let first = expand.first,
           first.count == 1, case .string(let parts) = first.first?.kind, case (let relative, false)? = interpolated(parts) {
            guard expand.count > 1 else { return (relative, false) }
            let base = expand[1]
            if isOwnFolder(base) { return (relative, true) }
            // `File.expand_path('../x', __FILE__)`: from the file itself, so its first `..` is the file's folder.
            if base.count == 1, base.first?.kind == .identifier("__FILE__") {
                return (relative.hasPrefix("../") ? String(relative.dropFirst(3)) : relative == ".." ? "." : relative, true)
            }
            return nil
        }
        // `__dir__ + '/x.rb'`
        if let plus = tokens.lastIndex(where: { $0.kind == .punctuation("+") }), isOwnFolder(tokens[..<plus]) {
            let rest = tokens[(plus + 1)...]
            guard rest.count == 1, case .string(let parts) = rest.first?.kind, case (let piece, false)? = interpolated(parts) else { return nil }
            return (String(piece.drop { $0 == "/" }), true)
        }
        return nil
    }

    /// A string literal: plain text, or text after an interpolation of the file's own folder (`"#{__dir__}/x.rb"`).
    private static func interpolated(_ parts: [RubyToken.StringPart]) -> (String, fromFile: Bool)? {
        var text = "", fromFile = false
        for (index, part) in parts.enumerated() {
            switch part {
            case .text(let piece): text += piece
            case .code(let code) where index == 0 && isOwnFolder(ArraySlice(code)): fromFile = true
            case .code: return nil
            }
        }
        if fromFile { text = String(text.drop { $0 == "/" }) }
        return (text.isEmpty ? "." : text, fromFile)
    }

    /// `__dir__`, `File.dirname(__FILE__)`, `File.expand_path(__dir__)`, `File.expand_path(File.dirname(__FILE__))`.
    private static func isOwnFolder(_ written: ArraySlice<RubyToken>) -> Bool {
        var tokens = written
        unwrap(&tokens)
        if tokens.count == 1, tokens.first?.kind == .identifier("__dir__") { return true }
        if let dirname = call(["File"], "dirname", in: tokens) {
            return dirname.count == 1 && dirname[0].count == 1 && dirname[0].first?.kind == .identifier("__FILE__")
        }
        if let expand = call(["File"], "expand_path", in: tokens), expand.count == 1 { return isOwnFolder(expand[0]) }
        return false
    }

    /// The file's path from `folder` (the folder of the file reading it, or the tool's folder), lexically resolved.
    static func resolve(_ written: String, from folder: String) -> String {
        PathArithmetic.lexical(PathArithmetic.join(folder, written))
    }
}
