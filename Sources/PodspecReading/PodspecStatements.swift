/// What a podspec's lines hold, as the Ruby lexer reads them (strings, comments and heredocs understood): the one
/// place an editor asks before it changes a line.
public struct PodspecStatements {
    private let tokens: [RubyToken]

    /// Nil when the source does not lex (an editor then edits nothing).
    public init?(source: String) {
        guard let tokens = try? RubyLexer.tokens(of: source) else { return nil }
        self.tokens = tokens
    }

    /// The receiver of the one statement on line `line` (1-based) when it is `x.dependency 'Name'[, 'version'…]`,
    /// parentheses and a comment after it allowed; nil for any other line.
    public func dependencyReceiver(atLine line: Int) -> String? {
        guard let first = tokens.firstIndex(where: { $0.line == line }), first == 0 || tokens[first - 1].kind == .newline else { return nil }
        let statement = tokens[first...].prefix { $0.kind != .newline && $0.kind != .end }
        guard statement.allSatisfy({ $0.line == line }), statement.count >= 4,
              case .identifier(let receiver) = statement[first].kind, statement[first + 1].kind == .punctuation("."),
              statement[first + 2].kind == .identifier("dependency") else { return nil }
        var arguments = statement.dropFirst(3)
        if arguments.first?.kind == .punctuation("("), arguments.last?.kind == .punctuation(")") { arguments = arguments.dropFirst().dropLast() }
        for (offset, token) in arguments.enumerated() {
            switch (offset.isMultiple(of: 2), token.kind) {
            case (true, .string), (false, .punctuation(",")): continue
            default: return nil
            }
        }
        return arguments.isEmpty || arguments.count.isMultiple(of: 2) ? nil : receiver
    }
}
