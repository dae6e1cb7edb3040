/// The methods of the modules a podspec reads in (`require_relative '../Config/config_podspec.rb'`, whose
/// `module Config` defines `def self.version` returning `"1.0"` and `def self.settings(s)` setting attributes of the spec
/// it is given): what the static reader evaluates where the podspec calls them (`Config.version`,
/// `Config.settings(s)`). Only `def self.name` methods of a top-level `module` are kept; whatever else the file holds is
/// read past, and a call of anything not kept declines as before.
struct PodspecHelpers {
    struct Method {
        /// The file's tokens and its path as messages name it.
        var tokens: [RubyToken]
        var path: String
        var parameters: [String]
        /// The tokens of its body, up to (not including) its `end`.
        var body: Range<Int>
    }

    /// By `Module.method`.
    var methods: [String: Method] = [:]
    /// The modules some method is kept of.
    var modules: Set<String> = []

    /// Keeps the `def self.…` methods of the top-level modules of a file's tokens.
    mutating func add(_ tokens: [RubyToken], path: String) {
        var index = 0, module: (name: String, depth: Int)?, depth = 0, atStatementStart = true
        while index < tokens.count, tokens[index].kind != .end {
            let token = tokens[index]
            if case .identifier(let word) = token.kind {
                if word == "end" {
                    depth -= 1
                    if let open = module, depth < open.depth { module = nil }
                } else if word == "module", depth == 0, index + 1 < tokens.count, case .constant(let name) = tokens[index + 1].kind {
                    depth += 1
                    module = (name, depth)
                    index += 2
                    atStatementStart = false
                    continue
                } else if word == "def", let open = module, depth == open.depth, let method = Self.method(at: index, in: tokens, path: path) {
                    methods[open.name + "." + method.name] = method.method
                    modules.insert(open.name)
                    index = method.method.body.upperBound + 1
                    atStatementStart = true
                    continue
                } else if Self.opens(word, atStatementStart: atStatementStart) {
                    depth += 1
                }
            }
            atStatementStart = token.kind == .newline || token.kind == .punctuation(";") || token.kind == .punctuation("(") || token.kind == .punctuation("=")
            index += 1
        }
    }

    /// `def self.name(a, b)` at `index`: its name and method, its body running to the `end` that closes it.
    private static func method(at index: Int, in tokens: [RubyToken], path: String) -> (name: String, method: Method)? {
        guard index + 3 < tokens.count, tokens[index + 1].kind == .identifier("self"), tokens[index + 2].kind == .punctuation("."),
              case .identifier(let name) = tokens[index + 3].kind else { return nil }
        var at = index + 4, parameters: [String] = []
        while at < tokens.count, tokens[at].kind != .newline, tokens[at].kind != .end, tokens[at].kind != .punctuation(";") {
            if case .identifier(let parameter) = tokens[at].kind { parameters.append(parameter) }
            at += 1
        }
        let start = at
        var depth = 1, atStatementStart = true
        while at < tokens.count, tokens[at].kind != .end {
            if case .identifier(let word) = tokens[at].kind {
                if word == "end" {
                    depth -= 1
                    if depth == 0 { return (name, Method(tokens: tokens, path: path, parameters: parameters, body: start..<at)) }
                } else if opens(word, atStatementStart: atStatementStart) {
                    depth += 1
                }
            }
            atStatementStart = tokens[at].kind == .newline || tokens[at].kind == .punctuation(";") || tokens[at].kind == .punctuation("(")
                || tokens[at].kind == .punctuation("=")
            at += 1
        }
        return nil
    }

    /// Whether a word opens a block closed by `end` (a modifier `if` after code opens none).
    static func opens(_ word: String, atStatementStart: Bool) -> Bool {
        ["do", "def", "class", "module", "begin", "case"].contains(word)
            || (["if", "unless", "while", "until", "for"].contains(word) && atStatementStart)
    }
}
