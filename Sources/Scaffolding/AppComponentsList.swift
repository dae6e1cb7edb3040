import SwiftParser
import SwiftSyntax

/// The list of components a generated app keeps (`public static let components: [String] = ["NXKit", …]` in
/// `<App>.swift`, and the same list in its test's `XCTAssertEqual(<App>.components, […])`): `new` adds each new
/// component to both, so the list says what the app integrates after later `new` runs too.
enum AppComponentsList {
    /// `source` with `name` appended to every string array literal that is the `components` list: the initializer of a
    /// variable named `components`, or the expected value compared with `<anything>.components`. Nil when there is
    /// none, or `name` is in it already.
    static func adding(_ name: String, to source: String) -> String? {
        let tree = Parser.parse(source: source)
        let finder = ListFinder(viewMode: .sourceAccurate)
        finder.walk(tree)
        var utf8 = Array(source.utf8)
        var changed = false
        // From the end, so that earlier offsets stay valid.
        for list in finder.lists.sorted(by: { $0.position > $1.position }) {
            let names = list.elements.compactMap { $0.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue }
            guard names.count == list.elements.count, !names.contains(name) else { continue }
            let literal = "\"\(name)\""
            let insertion: (offset: Int, text: String)
            if let last = list.elements.last {
                insertion = last.trailingComma == nil ? (last.endPositionBeforeTrailingTrivia.utf8Offset, ", " + literal)
                    : (last.endPositionBeforeTrailingTrivia.utf8Offset, Self.lineBreak(before: last) + literal + ",")
            } else {
                insertion = (list.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset, literal)
            }
            utf8.insert(contentsOf: Array(insertion.text.utf8), at: insertion.offset)
            changed = true
        }
        return changed ? String(decoding: utf8, as: UTF8.self) : nil
    }

    /// The line break and indentation that precede an element written one a line.
    private static func lineBreak(before element: ArrayElementSyntax) -> String {
        let indentation = element.leadingTrivia.pieces.reversed().prefix { !$0.isLineBreak }.map { piece -> String in
            if case .spaces(let count) = piece { return String(repeating: " ", count: count) }
            if case .tabs(let count) = piece { return String(repeating: "\t", count: count) }
            return ""
        }.joined()
        return element.leadingTrivia.contains(where: \.isLineBreak) ? "\n" + indentation : " "
    }

    private final class ListFinder: SyntaxVisitor {
        var lists: [ArrayExprSyntax] = []

        override func visit(_ node: PatternBindingSyntax) -> SyntaxVisitorContinueKind {
            if node.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "components",
               let array = node.initializer?.value.as(ArrayExprSyntax.self) {
                lists.append(array)
            }
            return .visitChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let arguments = Array(node.arguments)
            if node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "XCTAssertEqual", arguments.count >= 2,
               arguments[0].expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "components",
               let array = arguments[1].expression.as(ArrayExprSyntax.self) {
                lists.append(array)
            }
            return .visitChildren
        }
    }
}

private extension TriviaPiece {
    var isLineBreak: Bool {
        switch self {
        case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
        default: false
        }
    }
}
