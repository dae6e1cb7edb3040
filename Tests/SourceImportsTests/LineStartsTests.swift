import SwiftParser
import SwiftSyntax
import Testing
import SourceText

/// A use's line and column, counted from the bytes, are SwiftSyntax's whatever the line ends and characters.
struct LineStartsTests {
    @Test func everyTokenIsWhereTheConverterPutsIt() {
        let text = "import A\r\nlet café = 1\rlet x = \"é\\n\".count\n\n  value.apiClient()\r\n\tend\n"
        let bytes = Array(text.utf8)
        let tree = Parser.parse(source: text)
        let converter = SourceLocationConverter(fileName: "F.swift", tree: tree)
        let lines = LineStarts(bytes)
        let tokens = Array(tree.tokens(viewMode: .sourceAccurate))
        #expect(tokens.count > 10)
        for token in tokens {
            let position = token.positionAfterSkippingLeadingTrivia
            let expected = converter.location(for: position)
            let found = lines.lineAndColumn(of: position.utf8Offset)
            #expect(found.line == expected.line && found.column == expected.column, "\(token.text)")
        }
    }
}
