import Diagnostics
import SwiftParser
import SwiftSyntax

/// Adds a path dependency and a product to a target of an existing Package.swift, keeping its formatting:
/// SwiftSyntax finds the arrays, the new entries are inserted as text beside their neighbours with the same
/// indentation, nothing else moves.
public struct ManifestEditor {
    public var source: String
    public var path: String

    public init(source: String, path: String) {
        self.source = source
        self.path = path
    }

    /// The manifest with `.package(path:)` and `.product(name:package:)` added to `target`.
    public func addingDependency(packagePath: String, product: String, package: String, to target: String) throws(InputError) -> String {
        let tree = Parser.parse(source: source)
        let calls = Self.calls(in: tree)
        guard let packageCall = calls.first(where: { $0.calledExpression.trimmedDescription == "Package" }) else {
            throw InputError("cannot find 'Package(' to add \(package) to; add .package(path: \"\(packagePath)\") by hand", at: FileLocation(path: path))
        }
        guard let targetCall = calls.first(where: { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  ["target", "executableTarget"].contains(member.declName.baseName.text),
                  let name = call.arguments.first(where: { $0.label?.text == "name" })?.expression.as(StringLiteralExprSyntax.self) else { return false }
            return name.representedLiteralValue == target
        }) else {
            throw InputError("cannot find the target '\(target)' written as .target(name: \"\(target)\", ...); add \(product) to it by hand", at: FileLocation(path: path))
        }
        var insertions: [(offset: Int, text: String)] = []
        if let edit = try insertion(of: ".package(path: \"\(packagePath)\")", into: packageCall, before: "targets") { insertions.append(edit) }
        if let edit = try insertion(of: ".product(name: \"\(product)\", package: \"\(package)\")", into: targetCall, after: "name") { insertions.append(edit) }
        var bytes = Array(source.utf8)
        for edit in insertions.sorted(by: { $0.offset > $1.offset }) {
            bytes.insert(contentsOf: Array(edit.text.utf8), at: edit.offset)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text that adds `element` to the `dependencies:` array of `call`; nil when it is there already. A missing
    /// `dependencies:` argument is created before the argument `before` or after the argument `after`.
    private func insertion(of element: String, into call: FunctionCallExprSyntax, before: String? = nil, after: String? = nil) throws(InputError) -> (offset: Int, text: String)? {
        guard let argument = call.arguments.first(where: { $0.label?.text == "dependencies" }) else {
            if let before, let next = call.arguments.first(where: { $0.label?.text == before }) {
                let indent = indentation(at: next.positionAfterSkippingLeadingTrivia.utf8Offset)
                return (next.positionAfterSkippingLeadingTrivia.utf8Offset, "dependencies: [\n\(indent)    \(element),\n\(indent)],\n\(indent)")
            }
            if let after, let previous = call.arguments.first(where: { $0.label?.text == after }) {
                let end = previous.endPositionBeforeTrailingTrivia.utf8Offset
                if previous.trailingComma == nil { return (end, ", dependencies: [\(element)]") }
                return (end, " dependencies: [\(element)],")
            }
            throw InputError("cannot find where to add 'dependencies:'; add \(element) by hand", at: FileLocation(path: path))
        }
        guard let array = argument.expression.as(ArrayExprSyntax.self) else {
            throw InputError("'dependencies:' is not a literal array; add \(element) to it by hand", at: location(of: argument))
        }
        if array.elements.contains(where: { $0.expression.trimmedDescription == element }) { return nil }
        let open = array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
        guard let last = array.elements.last else {
            let indent = indentation(at: argument.positionAfterSkippingLeadingTrivia.utf8Offset)
            let close = array.rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset
            let multiline = contains(newlineBetween: open, and: close)
            return (open, multiline ? "\n\(indent)    \(element)," : "\n\(indent)    \(element),\n\(indent)")
        }
        let end = last.endPositionBeforeTrailingTrivia.utf8Offset
        if !contains(newlineBetween: open, and: last.positionAfterSkippingLeadingTrivia.utf8Offset) {
            return last.trailingComma == nil ? (end, ", \(element)") : (end, " \(element),")
        }
        let indent = indentation(at: last.positionAfterSkippingLeadingTrivia.utf8Offset)
        return last.trailingComma == nil ? (end, ",\n\(indent)\(element)") : (end, "\n\(indent)\(element),")
    }

    private func location(of node: some SyntaxProtocol) -> FileLocation {
        let converter = SourceLocationConverter(fileName: path, tree: Parser.parse(source: source))
        let position = converter.location(for: node.positionAfterSkippingLeadingTrivia)
        return FileLocation(path: path, line: position.line, column: position.column)
    }

    private func contains(newlineBetween start: Int, and end: Int) -> Bool {
        let bytes = Array(source.utf8)
        return bytes[max(0, start)..<min(end, bytes.count)].contains(UInt8(ascii: "\n"))
    }

    /// The spaces and tabs that start the line holding `offset`.
    private func indentation(at offset: Int) -> String {
        let bytes = Array(source.utf8)
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    private static func calls(in tree: SourceFileSyntax) -> [FunctionCallExprSyntax] {
        final class Collector: SyntaxVisitor {
            var calls: [FunctionCallExprSyntax] = []
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                calls.append(node)
                return .visitChildren
            }
        }
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.calls
    }
}
