import Diagnostics
import Files
import SwiftParser
import SwiftSyntax

/// A comma missing between two entries of a list: `.package(path: "../B")` then `.package(path: "../C")` on the next
/// line. Swift reads the second entry as a member of the first, so swiftc complains of a "static member 'package'
/// cannot be used on instance of type 'Package.Dependency'" and the static reader of a method it cannot evaluate; when
/// a manifest cannot be read and has such a place, the message names it first, in words about the file.
enum MissingComma {
    /// The entry lacking its comma: where it ends and what to say. Nil when no entry of a list continues on a new line
    /// with `.member` after a call.
    static func find(in text: String, path: String) -> (location: FileLocation, message: String)? {
        let tree = Parser.parse(source: text)
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        guard let (base, member) = finder.found else { return nil }
        let converter = SourceLocationConverter(fileName: path, tree: tree)
        let end = converter.location(for: base.endPositionBeforeTrailingTrivia)
        let next = converter.location(for: member.positionAfterSkippingLeadingTrivia)
        return (FileLocation(path: path, line: end.line, column: end.column),
                "a comma is probably missing after the entry that ends on line \(end.line): the entry on line \(next.line), "
                    + ".\(member.text)(…), reads as a member of it")
    }

    /// The reader's error with the missing comma named first, when the manifest has one; else the error as it was.
    static func explaining(_ error: InputError, manifest path: String, fileSystem: any FileSystem) -> InputError {
        guard let text = fileSystem.text(of: path), let (location, message) = find(in: text, path: error.location?.path ?? path) else { return error }
        return InputError("\(message) (\(error.message))", at: location)
    }

    private final class Finder: SyntaxVisitor {
        var found: (base: FunctionCallExprSyntax, member: TokenSyntax)?

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            guard found == nil else { return .skipChildren }
            if let base = node.base?.as(FunctionCallExprSyntax.self), node.period.leadingTrivia.contains(where: \.isNewline),
               Self.isListEntry(node) {
                found = (base, node.declName.baseName)
            }
            return .visitChildren
        }

        /// Whether the expression is (part of) an element of an array literal or an argument of a call.
        private static func isListEntry(_ node: some SyntaxProtocol) -> Bool {
            var current: Syntax? = node.parent
            while let syntax = current {
                if syntax.is(ArrayElementSyntax.self) || syntax.is(LabeledExprSyntax.self) { return true }
                if syntax.is(CodeBlockItemSyntax.self) || syntax.is(MemberBlockItemSyntax.self) { return false }
                current = syntax.parent
            }
            return false
        }
    }
}

private extension TriviaPiece {
    var isNewline: Bool {
        switch self {
        case .newlines, .carriageReturns, .carriageReturnLineFeeds: true
        default: false
        }
    }
}
