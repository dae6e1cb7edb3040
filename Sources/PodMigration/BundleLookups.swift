import Foundation
import SourceText
import SwiftParser
import SwiftSyntax

/// Code that finds a pod's resource bundle the way CocoaPods lays it out, `NXUI.bundle` beside the class's code:
/// `[NSBundle bundleForClass:…]` in Objective-C, `Bundle(for: …)` in Swift. SwiftPM builds a target's resources into
/// a bundle of its own (`SWIFTPM_MODULE_BUNDLE`, `Bundle.module`), so such code compiles and finds nothing.
/// Lookups in a branch SwiftPM does not compile (`#if !SWIFT_PACKAGE`, the `#else` of `#if SWIFT_PACKAGE`) are
/// already handled and not reported.
public enum BundleLookups {
    public struct Lookup: Sendable, Equatable {
        /// `bundleForClass:` or `Bundle(for:)`.
        public var call: String
        public var line: Int
        public var column: Int
    }

    public static func find(in text: String, swift: Bool) -> [Lookup] {
        // Most files name neither: only those that do are parsed.
        guard text.contains(swift ? "Bundle" : "bundleForClass") else { return [] }
        return swift ? findSwift(text) : findC(text)
    }

    static func findSwift(_ text: String) -> [Lookup] {
        let tree = Parser.parse(source: text)
        let visitor = SwiftLookupVisitor(converter: SourceLocationConverter(fileName: "", tree: tree))
        visitor.walk(tree)
        return visitor.lookups
    }

    private final class SwiftLookupVisitor: SyntaxVisitor {
        let converter: SourceLocationConverter
        var lookups: [Lookup] = []

        init(converter: SourceLocationConverter) {
            self.converter = converter
            super.init(viewMode: .sourceAccurate)
        }

        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            SwiftLookupVisitor.compiledBySwiftPM(node) ? .visitChildren : .skipChildren
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let callee = node.calledExpression.trimmedDescription
            if callee == "Bundle" || callee == "Bundle.init" || callee == "Foundation.Bundle", node.arguments.first?.label?.text == "for" {
                let location = node.startLocation(converter: converter)
                lookups.append(Lookup(call: "Bundle(for:)", line: location.line, column: location.column))
            }
            return .visitChildren
        }

        /// False for the clauses SwiftPM never compiles: `#if !SWIFT_PACKAGE`, and the others of `#if SWIFT_PACKAGE`.
        static func compiledBySwiftPM(_ clause: IfConfigClauseSyntax) -> Bool {
            guard let block = clause.parent?.as(IfConfigClauseListSyntax.self) else { return true }
            for earlier in block {
                let condition = earlier.condition?.trimmedDescription
                if earlier.id == clause.id { return condition != "!SWIFT_PACKAGE" }
                if condition == "SWIFT_PACKAGE" { return false }
            }
            return true
        }
    }

    /// `bundleForClass` among the file's identifiers (``CFamilyTokens``), outside the branches SwiftPM does not compile.
    static func findC(_ text: String) -> [Lookup] {
        let tokens = CFamilyTokens(Array(text.utf8))
        return tokens.tokens.filter { token in
            token.kind == .identifier && token.text == "bundleForClass" && tokens.conditionSets[token.conditions].allSatisfy(compiledBySwiftPM)
        }.map { Lookup(call: "bundleForClass:", line: $0.line, column: $0.column) }
    }

    /// False for a condition SwiftPM's builds never meet: one of its `&&` terms is `!SWIFT_PACKAGE` (written as
    /// `#ifndef`, `#if !defined(…)`, or the `#else`/`#elif` of `#if SWIFT_PACKAGE`).
    static func compiledBySwiftPM(_ condition: String) -> Bool {
        let positive: Set<String> = ["SWIFT_PACKAGE", "defined(SWIFT_PACKAGE)", "definedSWIFT_PACKAGE"]
        return condition.filter { !$0.isWhitespace }.components(separatedBy: "&&").allSatisfy { term in
            guard term.hasPrefix("!") else { return true }
            var negated = term.dropFirst()
            if negated.hasPrefix("("), negated.hasSuffix(")") { negated = negated.dropFirst().dropLast() }
            return !positive.contains(String(negated))
        }
    }
}
