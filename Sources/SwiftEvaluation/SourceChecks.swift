import Diagnostics
import SourceText
import SwiftSyntax

/// The checks every Swift file the evaluator reads passes before and after parsing (a Package.swift, a Tuist
/// project and its helpers): nesting no real description reaches, and lexer diagnostics swift-syntax cannot describe.
public enum SourceChecks {
    /// Lexer diagnostics SwiftParserDiagnostics cannot describe without stopping the process: found by fuzzing, an
    /// `=` with whitespace it judges inconsistent (`x\u{FFFD}= y`) makes it build a Fix-It with no change, a fatal
    /// error inside swift-syntax. Reported here, before the diagnostics generator sees them.
    public static func checkLexerDiagnostics(_ tree: SourceFileSyntax, path: String) throws {
        guard tree.hasError else { return }
        for token in tree.tokens(viewMode: .sourceAccurate) {
            guard let diagnostic = token.tokenDiagnostic, diagnostic.kind == .equalMustHaveConsistentWhitespaceOnBothSides else { continue }
            let location = SourceLocationConverter(fileName: path, tree: tree).location(for: token.positionAfterSkippingLeadingTrivia)
            throw InputError("'=' must have consistent whitespace on both sides", at: FileLocation(path: path, line: location.line, column: location.column))
        }
    }

    /// Brackets nested deeper than any real manifest (they nest about ten deep) would exhaust the parser's stack.
    public static let maximumNesting = BracketNesting.maximumDepth
    static let maximumDirectlyNestedSquareBrackets = BracketNesting.maximumDirectlyNestedSquareBrackets

    public static func checkNesting(_ source: String, path: String) throws {
        guard let excess = BracketNesting.firstExcess(in: source) else { return }
        let location = FileLocation(path: path, line: excess.line, column: excess.column)
        switch excess.kind {
        case .tooDeep: throw InputError("brackets nested more than \(maximumNesting) deep; no manifest needs that", at: location)
        case .squareBracketsDirectlyNested:
            throw InputError("more than \(maximumDirectlyNestedSquareBrackets) '[' directly nested; no manifest needs that", at: location)
        }
    }
}
