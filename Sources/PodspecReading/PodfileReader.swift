import Diagnostics
import Files
import Foundation

/// A `pod` line of a Podfile that names a local pod: `pod 'NXKit', :path => '../NXKit'` (or `path: '…'`).
public struct PodfilePathPod: Sendable, Equatable {
    public var name: String
    /// As written, relative to the Podfile's folder.
    public var path: String
    /// The `target` blocks it is inside, outermost first (`abstract_target`s included).
    public var targets: [String]
    public var location: FileLocation
}

/// What componentize needs of a Podfile: its local (`:path`) pods, inside `target` and `abstract_target` blocks or not.
/// Other `pod` lines (versions, `:git`) and settings (`platform`, `use_frameworks!`, `source`, …) are read past;
/// `pre_install` / `post_install` hooks and `def` helpers are skipped whole. A construct it cannot follow (a `pod` whose
/// path is computed, a condition around pods) declines with its place.
public struct PodfileReader: Sendable {
    public init() {}

    public func read(path: String, fileSystem: any FileSystem) throws -> [PodfilePathPod] {
        guard let text = fileSystem.text(of: path, upTo: PodspecStaticReader.maximumBytes) else {
            throw InputError("cannot read this Podfile as UTF-8 text", at: FileLocation(path: path))
        }
        return try read(source: text, path: path)
    }

    public func read(source: String, path: String) throws -> [PodfilePathPod] {
        let tokens: [RubyToken]
        do {
            tokens = try RubyLexer.tokens(of: source)
        } catch let error as RubySyntaxError {
            throw InputError(error.message, at: FileLocation(path: path, line: error.line, column: error.column))
        }
        var walker = PodfileWalker(tokens: tokens, path: path)
        try walker.statements(until: nil)
        return walker.pods
    }
}

private struct PodfileWalker {
    let tokens: [RubyToken]
    let path: String
    var position = 0
    var targets: [String] = []
    var pods: [PodfilePathPod] = []
    var locals: [String: PodValue] = [:]

    var current: RubyToken { tokens[position] }
    /// The token after the current one (the last token, the end, repeats).
    var next: RubyToken { tokens[min(position + 1, tokens.count - 1)] }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    func location(_ token: RubyToken) -> FileLocation {
        FileLocation(path: path, line: token.line, column: token.column)
    }

    func decline(_ construct: String, at token: RubyToken? = nil) -> PodspecReadDeclined {
        PodspecReadDeclined(construct: construct, location: location(token ?? current))
    }

    /// Keywords that open a block closed by `end` when they start a statement.
    static let openers: Set<String> = ["do", "def", "class", "module", "begin", "case", "while", "until", "for", "if", "unless"]

    mutating func statements(until closer: String?) throws {
        while true {
            while current.kind == .newline || current.kind == .punctuation(";") { advance() }
            if current.kind == .end {
                guard closer == nil else { throw InputError("a 'do' block that is never closed with 'end'", at: location(current)) }
                return
            }
            if let closer, current.kind == .identifier(closer) {
                advance()
                return
            }
            try statement()
        }
    }

    mutating func statement() throws {
        let start = current
        guard case .identifier(let word) = current.kind else {
            return skipLine()
        }
        switch word {
        case "target", "abstract_target":
            advance()
            let names = try values(untilBlock: true)
            guard case .string(let name)? = names.first else { throw decline("a \(word) whose name is not a string", at: start) }
            guard current.kind == .identifier("do") else { throw decline("a \(word) without a 'do' block", at: start) }
            advance()
            if current.kind == .punctuation("|") { skipBlockParameters() }
            targets.append(name)
            try statements(until: "end")
            targets.removeLast()
        case "pod":
            advance()
            let arguments = try values(untilBlock: false)
            guard case .string(let name)? = arguments.first else { throw decline("a pod whose name is not a string", at: start) }
            for case .hash(let options) in arguments.dropFirst() {
                guard let pathValue = options.first(where: { $0.0 == "path" })?.1 else { continue }
                guard case .string(let podPath) = pathValue else { throw decline("a pod :path that is not a string", at: start) }
                pods.append(PodfilePathPod(name: name, path: podPath, targets: targets, location: location(start)))
            }
        case "if", "unless", "case", "while", "until", "for":
            // A condition around settings only (`if Gem::Version.new(Pod::VERSION) >= …`) hides no pod.
            guard try blockNamesNoPod(at: start) else { throw decline("a condition ('\(word)') around the Podfile's pods", at: start) }
        case "def", "pre_install", "post_install", "post_integrate", "pre_integrate", "begin":
            try skipBlock(at: start)
        default:
            if next.kind == .punctuation("="), case .identifier(let name) = current.kind {
                advance()
                advance()
                // A value the reader cannot evaluate (`Gem::Version.new('1.10')`) leaves the name unknown: a pod that
                // uses it as its path is declined there.
                guard let assigned = try? values(untilBlock: false) else { return skipLine() }
                if assigned.count == 1 { locals[name] = assigned[0] }
                return
            }
            // A setting (`platform :ios, '13.0'`, `use_frameworks!`, `source '…'`, `inhibit_all_warnings!`): read past it,
            // and past a block it opens.
            advance()
            while current.kind != .newline && current.kind != .end {
                if current.kind == .identifier("do") { return try skipBlock(at: start) }
                advance()
            }
        }
    }

    mutating func skipLine() {
        while current.kind != .newline && current.kind != .end { advance() }
    }

    mutating func skipBlockParameters() {
        advance()
        while current.kind != .punctuation("|") && current.kind != .newline && current.kind != .end { advance() }
        advance()
    }

    /// Skips a block opened by a condition or loop to its `end`; false when a statement in it names a pod or target.
    mutating func blockNamesNoPod(at start: RubyToken) throws -> Bool {
        let first = position
        try skipBlock(at: start)
        return !tokens[first..<position].indices.contains { index in
            guard case .identifier(let word) = tokens[index].kind, ["pod", "target", "abstract_target"].contains(word) else { return false }
            return index == first || tokens[index - 1].kind == .newline || tokens[index - 1].kind == .punctuation(";")
        }
    }

    /// Skips a block to its matching `end`, counting the keywords that open one (a modifier `if` after code opens none).
    mutating func skipBlock(at start: RubyToken) throws {
        var depth = 0
        var atStatementStart = true
        while current.kind != .end {
            if case .identifier(let word) = current.kind {
                if word == "end" {
                    depth -= 1
                    advance()
                    if depth == 0 { return }
                    atStatementStart = false
                    continue
                }
                if word == "do" || word == "def" || word == "class" || word == "module" || word == "begin" || word == "case"
                    || ((word == "if" || word == "unless" || word == "while" || word == "until" || word == "for") && atStatementStart) {
                    depth += 1
                }
            }
            atStatementStart = current.kind == .newline || current.kind == .punctuation(";") || current.kind == .punctuation("(")
                || current.kind == .punctuation("=")
            advance()
        }
        throw InputError("a block that is never closed with 'end'", at: location(start))
    }

    /// Comma-separated literal values up to the end of the line (or a `do`): strings, symbols, hashes of them.
    mutating func values(untilBlock: Bool) throws -> [PodValue] {
        var result: [PodValue] = []
        var pendingLabel: String?
        var hash: [(String, PodValue)] = []
        func flushHash() {
            if !hash.isEmpty { result.append(.hash(hash)); hash = [] }
        }
        while current.kind != .newline && current.kind != .end && !(untilBlock && current.kind == .identifier("do")) {
            let token = current
            var value: PodValue?
            switch token.kind {
            case .string(let parts):
                var text = ""
                for part in parts {
                    guard case .text(let piece) = part else { throw decline("an interpolated string in a pod line", at: token) }
                    text += piece
                }
                value = .string(text)
            case .symbol(let name): value = .string(name)
            case .identifier("true"): value = .bool(true)
            case .identifier("false"): value = .bool(false)
            case .identifier(let name) where locals[name] != nil: value = locals[name]
            case .identifier(let name) where next.kind == .punctuation(":"):
                pendingLabel = name
                advance()
            case .punctuation(","), .punctuation("=>"), .punctuation("("), .punctuation(")"):
                break
            case .punctuation("["):
                // An array of configurations (`:configurations => ['Debug']`): its strings.
                advance()
                var items: [PodValue] = []
                while current.kind != .punctuation("]") && current.kind != .end && current.kind != .newline {
                    if case .string(let parts) = current.kind, case .text(let piece)? = parts.first { items.append(.string(piece)) }
                    advance()
                }
                value = .array(items)
            default:
                throw decline("\(token.kind) in a Podfile line", at: token)
            }
            if let value {
                if let label = pendingLabel {
                    hash.append((label, value))
                    pendingLabel = nil
                } else if next.kind == .punctuation("=>"), case .string(let key) = value {
                    pendingLabel = key
                } else {
                    flushHash()
                    result.append(value)
                }
            }
            advance()
        }
        flushHash()
        return result
    }
}
