import SwiftSyntax

/// A node's text as written, without building a trimmed copy of its tree (`trimmedDescription` makes one, which the
/// declarations of every helper file paid for once per project evaluated).
enum SyntaxText {
    /// The same text as `node.trimmedDescription`: the node's source without its first token's leading trivia and its
    /// last token's trailing trivia.
    static func trimmed(_ node: some SyntaxProtocol) -> String {
        let text = node.description
        let leading = node.leadingTriviaLength.utf8Length, trailing = node.trailingTriviaLength.utf8Length
        guard leading + trailing <= text.utf8.count else { return node.trimmedDescription }
        return String(decoding: text.utf8.dropFirst(leading).dropLast(trailing), as: UTF8.self)
    }

    /// The trimmed text with every space removed (`[String: Int]` → `[String:Int]`), as type names are compared.
    static func withoutSpaces(_ node: some SyntaxProtocol) -> String {
        let text = node.description
        let leading = node.leadingTriviaLength.utf8Length, trailing = node.trailingTriviaLength.utf8Length
        guard leading + trailing <= text.utf8.count else { return node.trimmedDescription.replacingOccurrences(of: " ", with: "") }
        return String(decoding: text.utf8.dropFirst(leading).dropLast(trailing).filter { $0 != UInt8(ascii: " ") }, as: UTF8.self)
    }
}
