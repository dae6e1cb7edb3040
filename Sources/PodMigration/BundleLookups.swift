import Foundation
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

    /// Identifiers outside comments, string and character literals, and the branches SwiftPM does not compile.
    static func findC(_ text: String) -> [Lookup] {
        var lookups: [Lookup] = []
        /// Each open `#if`: whether SwiftPM compiles the branch being read, and the branches after it.
        var frames: [(compiled: Bool, later: Bool)] = []
        var line = 1
        var lineStart = true
        var current = ""
        var start = (line: 1, column: 1)
        var scalars = Array(text.unicodeScalars)[...]
        var column = 1
        func advance() -> Unicode.Scalar? {
            guard let scalar = scalars.first else { return nil }
            scalars = scalars.dropFirst()
            if scalar == "\n" { line += 1; column = 1; lineStart = true } else { column += 1 }
            return scalar
        }
        func flush() {
            if current == "bundleForClass", frames.allSatisfy(\.compiled) {
                lookups.append(Lookup(call: "bundleForClass:", line: start.line, column: start.column))
            }
            current = ""
        }
        while let scalar = scalars.first {
            if lineStart, scalar == "#" {
                flush()
                var directive = ""
                while let c = scalars.first, c != "\n" { directive.unicodeScalars.append(c); _ = advance() }
                let body = directive.dropFirst().trimmingCharacters(in: .whitespaces)
                let keyword = String(body.prefix { $0.isLetter })
                let condition = body.dropFirst(keyword.count).split(separator: "/").first.map { $0.filter { !$0.isWhitespace } } ?? ""
                switch keyword {
                case "if", "ifdef", "ifndef":
                    let positive: Set<String> = ["SWIFT_PACKAGE", "defined(SWIFT_PACKAGE)", "definedSWIFT_PACKAGE"]
                    if keyword == "ifdef" ? condition == "SWIFT_PACKAGE" : keyword == "if" && positive.contains(condition) {
                        frames.append((compiled: true, later: false))
                    } else if keyword == "ifndef" ? condition == "SWIFT_PACKAGE" : condition.hasPrefix("!") && positive.contains(String(condition.dropFirst())) {
                        frames.append((compiled: false, later: true))
                    } else {
                        frames.append((compiled: true, later: true))
                    }
                case "elif", "else":
                    if let last = frames.popLast() { frames.append((compiled: last.later, later: last.later)) }
                case "endif":
                    _ = frames.popLast()
                default:
                    break
                }
                continue
            }
            if scalar != " " && scalar != "\t" && scalar != "\n" { lineStart = false }
            let next = scalars.dropFirst().first
            if scalar == "/", next == "/" {
                flush()
                while let c = scalars.first, c != "\n" { _ = advance() }
            } else if scalar == "/", next == "*" {
                flush()
                _ = advance(); _ = advance()
                while let c = advance() {
                    if c == "*", scalars.first == "/" { _ = advance(); break }
                }
                lineStart = false
            } else if scalar == "\"" || scalar == "'" {
                flush()
                _ = advance()
                while let c = advance() {
                    if c == "\\" { _ = advance(); continue }
                    if c == scalar || c == "\n" { break }
                }
            } else if scalar.properties.isAlphabetic || scalar == "_" || ("0"..."9").contains(scalar) {
                if current.isEmpty { start = (line, column) }
                current.unicodeScalars.append(scalar)
                _ = advance()
            } else {
                flush()
                _ = advance()
            }
        }
        flush()
        return lookups
    }
}
