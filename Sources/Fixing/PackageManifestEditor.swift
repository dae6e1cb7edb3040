import SwiftParser
import SwiftSyntax

/// Edits a Package.swift on its own syntax tree: entries added to a target's `dependencies:` or to
/// `Package(dependencies:)`, an entry removed, each as a ``TextEdit`` that touches only its own lines. Entries go in the
/// list's order when it is sorted, else at its end, in the list's indentation and trailing-comma style. What the edit
/// cannot place exactly (a list that is not written in the target, a variable, a `#if` branch) is ``NotFixable``.
public struct PackageManifestEditor {
    public let source: String
    private let tree: SourceFileSyntax
    private let converter: SourceLocationConverter
    private let bytes: [UInt8]

    public init(source: String, path: String) {
        self.source = source
        tree = Parser.parse(source: source)
        converter = SourceLocationConverter(fileName: path, tree: tree)
        bytes = Array(source.utf8)
    }

    /// Adds `elements` (Swift expressions, such as `.product(name: "NXKit", package: "NXKit")`) to the `dependencies:`
    /// of the target whose entry starts at `line`:`column`; those already there are left out.
    public func addingTargetDependencies(_ elements: [String], toTargetAt line: Int, column: Int) throws(NotFixable) -> [TextEdit] {
        guard let call = call(at: line, column: column), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
              Self.targetKinds.contains(member.declName.baseName.text) else {
            throw NotFixable("the target is not written as .target(name: …) in the manifest (a helper builds it)")
        }
        try refuseInsideIfConfig(call)
        return try adding(elements, toListOf: call, after: "name")
    }

    /// Adds `elements` to the `dependencies:` of the target written as `.target(name: "name", …)`.
    public func addingTargetDependencies(_ elements: [String], toTargetNamed name: String) throws(NotFixable) -> [TextEdit] {
        let target = tree.all(FunctionCallExprSyntax.self).first { call in
            guard let member = call.calledExpression.as(MemberAccessExprSyntax.self), Self.targetKinds.contains(member.declName.baseName.text),
                  let written = call.arguments.first(where: { $0.label?.text == "name" })?.expression.as(StringLiteralExprSyntax.self) else { return false }
            return written.representedLiteralValue == name
        }
        guard let target else { throw NotFixable("the manifest has no target written as .target(name: \"\(name)\", …)") }
        let position = converter.location(for: target.positionAfterSkippingLeadingTrivia)
        return try addingTargetDependencies(elements, toTargetAt: position.line, column: position.column)
    }

    /// Adds `elements` (`.package(path: "../NXKit")`) to `Package(dependencies:)`; those already there are left out.
    public func addingPackageDependencies(_ elements: [String]) throws(NotFixable) -> [TextEdit] {
        guard let call = tree.all(FunctionCallExprSyntax.self).first(where: { $0.calledExpression.trimmedDescription == "Package" }) else {
            throw NotFixable("the manifest has no Package(…) call to add the package to")
        }
        return try adding(elements, toListOf: call, before: "targets")
    }

    /// Removes the entry of a `dependencies:` list that starts at `line`:`column`: its whole line (with a comment after
    /// it) when it is alone on it, else the entry and its comma. It must be written in the list of a target or of
    /// `Package(…)`, not in a shared variable or a `#if` branch.
    public func removingEntry(at line: Int, column: Int) throws(NotFixable) -> TextEdit {
        let offset = converter.position(ofLine: line, column: column).utf8Offset
        guard let element = tree.all(ArrayElementSyntax.self).first(where: { $0.expression.positionAfterSkippingLeadingTrivia.utf8Offset == offset }) else {
            throw NotFixable("the entry is not an element of a literal list in the manifest")
        }
        guard let list = element.parent?.parent?.as(ArrayExprSyntax.self), let argument = list.parent?.as(LabeledExprSyntax.self),
              argument.label?.text == "dependencies", argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true else {
            throw NotFixable("the entry is in a list shared through a variable or built by code; remove it by hand")
        }
        try refuseInsideIfConfig(element)
        return removal(of: element, in: list)
    }

    /// Replaces the path of the `.package(path: "…")` entry that starts at `line`:`column` with `path`.
    public func replacingPath(at line: Int, column: Int, with path: String) throws(NotFixable) -> TextEdit {
        guard let call = call(at: line, column: column),
              let argument = call.arguments.first(where: { $0.label?.text == "path" }),
              let literal = argument.expression.as(StringLiteralExprSyntax.self), literal.segments.count == 1,
              let segment = literal.segments.first?.as(StringSegmentSyntax.self) else {
            throw NotFixable("the entry is not a .package(path:) with a plain string; edit it by hand")
        }
        try refuseInsideIfConfig(call)
        let start = segment.positionAfterSkippingLeadingTrivia.utf8Offset
        return TextEdit(range: start..<segment.endPositionBeforeTrailingTrivia.utf8Offset, replacement: path)
    }

    /// Removes the `Package(dependencies:)` entry of the package `identity` (its path's or URL's last component, or its
    /// `name:`) when no other part of the manifest names it any more (`package: "…"`, a bare name); nil otherwise.
    public func removingPackage(identity: String) -> TextEdit? {
        guard let call = tree.all(FunctionCallExprSyntax.self).first(where: { $0.calledExpression.trimmedDescription == "Package" }),
              let list = call.arguments.first(where: { $0.label?.text == "dependencies" })?.expression.as(ArrayExprSyntax.self),
              let entry = list.elements.first(where: { Self.identities(of: $0.expression).contains(identity.lowercased()) }) else { return nil }
        let names = Self.identities(of: entry.expression)
        let entryRange = entry.position.utf8Offset..<entry.endPosition.utf8Offset
        let stillNamed = tree.all(StringLiteralExprSyntax.self).contains { literal in
            !entryRange.contains(literal.position.utf8Offset) && names.contains((literal.representedLiteralValue ?? "").lowercased())
        }
        return stillNamed ? nil : removal(of: entry, in: list)
    }

    /// How a `.package(…)` entry may be named: its `name:`, and the last component of its path or URL (without `.git`).
    private static func identities(of expression: ExprSyntax) -> Set<String> {
        guard let call = expression.as(FunctionCallExprSyntax.self) else { return [] }
        var names: Set<String> = []
        for argument in call.arguments {
            guard let label = argument.label?.text, ["name", "path", "url", "id"].contains(label),
                  let value = argument.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue else { continue }
            let last = value.split(separator: "/").last.map(String.init) ?? value
            names.insert((label == "name" || label == "id" ? value : last.hasSuffix(".git") ? String(last.dropLast(4)) : last).lowercased())
        }
        return names
    }

    /// The source text of the `.package(…)` entry of `Package(dependencies:)` for `identity`, to copy into another manifest.
    public func packageEntry(identity: String) -> String? {
        guard let call = tree.all(FunctionCallExprSyntax.self).first(where: { $0.calledExpression.trimmedDescription == "Package" }),
              let list = call.arguments.first(where: { $0.label?.text == "dependencies" })?.expression.as(ArrayExprSyntax.self) else { return nil }
        return list.elements.first { Self.identities(of: $0.expression).contains(identity.lowercased()) }?.expression.trimmedDescription
    }

    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    private func call(at line: Int, column: Int) -> FunctionCallExprSyntax? {
        let offset = converter.position(ofLine: line, column: column).utf8Offset
        return tree.all(FunctionCallExprSyntax.self).first { $0.positionAfterSkippingLeadingTrivia.utf8Offset == offset }
    }

    private func refuseInsideIfConfig(_ node: some SyntaxProtocol) throws(NotFixable) {
        var parent = node.parent
        while let current = parent {
            if current.is(IfConfigClauseSyntax.self) { throw NotFixable("the entry is inside a #if branch; edit it by hand") }
            parent = current.parent
        }
    }

    /// `dependencies:` goes after a target's `name:`, and before `Package(targets:)` (SwiftPM's argument order).
    private func adding(_ elements: [String], toListOf call: FunctionCallExprSyntax, after label: String? = nil,
                        before next: String? = nil) throws(NotFixable) -> [TextEdit] {
        guard let argument = call.arguments.first(where: { $0.label?.text == "dependencies" }) else {
            let list = "dependencies: [" + elements.sorted().joined(separator: ", ") + "]"
            if let next, let following = call.arguments.first(where: { $0.label?.text == next }) {
                let start = following.positionAfterSkippingLeadingTrivia.utf8Offset
                guard bytes[lineStart(of: start)..<start].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
                    return [TextEdit(inserting: list + ", ", at: start)]
                }
                // One entry a line, as the arguments are.
                let indent = indentation(at: start)
                let entries = elements.sorted().map { "\(indent)    \($0),\n" }.joined()
                return [TextEdit(inserting: "dependencies: [\n" + entries + indent + "],\n" + indent, at: start)]
            }
            guard let label, let previous = call.arguments.first(where: { $0.label?.text == label }) else {
                throw NotFixable("the call has no argument to place dependencies: beside")
            }
            let end = previous.endPositionBeforeTrailingTrivia.utf8Offset
            return [TextEdit(inserting: previous.trailingComma == nil ? ", " + list : " " + list + ",", at: end)]
        }
        guard let array = argument.expression.as(ArrayExprSyntax.self) else {
            let place = converter.location(for: argument.positionAfterSkippingLeadingTrivia)
            throw NotFixable("dependencies: is not a literal list (a variable or an expression builds it); add the entry by hand",
                             line: place.line, column: place.column)
        }
        let present = Set(array.elements.map(\.expression.trimmedDescription))
        let new = Array(Set(elements.filter { !present.contains($0) })).sorted()
        guard !new.isEmpty else { return [] }
        return insertions(of: new, into: array, argument: argument)
    }

    /// In a sorted list each entry goes before the first greater one; otherwise all go at the end.
    private func insertions(of new: [String], into array: ArrayExprSyntax, argument: LabeledExprSyntax) -> [TextEdit] {
        let existing = Array(array.elements)
        let texts = existing.map(\.expression.trimmedDescription)
        let sorted = texts.count > 1 && zip(texts, texts.dropFirst()).allSatisfy { $0 <= $1 }
        guard sorted else { return appending(new, to: array, argument: argument) }
        var byPlace: [Int: [String]] = [:]
        for element in new { byPlace[texts.firstIndex { $0 > element } ?? texts.count, default: []].append(element) }
        return byPlace.keys.sorted().flatMap { place in
            place == texts.count ? appending(byPlace[place] ?? [], to: array, argument: argument)
                : [inserting(byPlace[place] ?? [], before: existing[place], in: array)]
        }
    }

    private func inserting(_ new: [String], before element: ArrayElementSyntax, in array: ArrayExprSyntax) -> TextEdit {
        let start = element.positionAfterSkippingLeadingTrivia.utf8Offset
        guard isOnItsOwnLine(element, in: array) else {
            return TextEdit(inserting: new.map { $0 + ", " }.joined(), at: start)
        }
        let indent = indentation(at: start)
        let lineStart = self.lineStart(of: start)
        return TextEdit(inserting: new.map { indent + $0 + ",\n" }.joined(), at: lineStart)
    }

    private func appending(_ new: [String], to array: ArrayExprSyntax, argument: LabeledExprSyntax) -> [TextEdit] {
        let open = array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
        guard let last = array.elements.last else {
            let close = array.rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset
            guard containsNewline(open, close) else { return [TextEdit(inserting: new.joined(separator: ", "), at: open)] }
            let indent = indentation(at: argument.positionAfterSkippingLeadingTrivia.utf8Offset)
            return [TextEdit(inserting: new.map { "\n\(indent)    \($0)," }.joined(), at: open)]
        }
        let end = last.endPositionBeforeTrailingTrivia.utf8Offset
        guard isOnItsOwnLine(last, in: array) else {
            return [last.trailingComma == nil ? TextEdit(inserting: new.map { ", " + $0 }.joined(), at: end)
                : TextEdit(inserting: new.map { " " + $0 + "," }.joined(), at: end)]
        }
        // After the last entry's line (and a comment on it), in the list's trailing-comma style.
        // At the start of the next line, so that removing the last entry's line in the same run does not overlap.
        let indent = indentation(at: last.positionAfterSkippingLeadingTrivia.utf8Offset)
        let lineEnd = self.lineEnd(of: end)
        let withCommas = last.trailingComma != nil
        let lines = new.enumerated().map { index, element in
            "\(indent)\(element)" + (withCommas || index < new.count - 1 ? "," : "") + "\n"
        }
        guard lineEnd < bytes.count else { return [TextEdit(inserting: (withCommas ? "" : ",") + "\n" + lines.joined().dropLast(), at: lineEnd)] }
        return (withCommas ? [] : [TextEdit(inserting: ",", at: end)]) + [TextEdit(inserting: lines.joined(), at: lineEnd + 1)]
    }

    private func removal(of element: ArrayElementSyntax, in array: ArrayExprSyntax) -> TextEdit {
        let start = element.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = element.endPositionBeforeTrailingTrivia.utf8Offset
        if isOnItsOwnLine(element, in: array) {
            let lineStart = self.lineStart(of: start), lineEnd = self.lineEnd(of: end)
            return TextEdit(range: lineStart..<min(lineEnd + 1, bytes.count), replacement: "")
        }
        if element.trailingComma != nil {
            var after = end
            while after < bytes.count, bytes[after] == UInt8(ascii: " ") { after += 1 }
            return TextEdit(range: start..<after, replacement: "")
        }
        // The last entry on a shared line: take the comma before it.
        let elements = Array(array.elements)
        guard let index = elements.firstIndex(where: { $0.id == element.id }), index > 0 else {
            return TextEdit(range: start..<end, replacement: "")
        }
        return TextEdit(range: elements[index - 1].expression.endPositionBeforeTrailingTrivia.utf8Offset..<end, replacement: "")
    }

    /// Whether nothing but whitespace (and a comment after it) shares the element's line within the list.
    private func isOnItsOwnLine(_ element: ArrayElementSyntax, in array: ArrayExprSyntax) -> Bool {
        let start = element.positionAfterSkippingLeadingTrivia.utf8Offset
        let end = element.endPosition.utf8Offset
        let before = bytes[lineStart(of: start)..<start].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let rest = String(decoding: bytes[end..<lineEnd(of: end)], as: UTF8.self).trimmingPrefix { $0 == " " || $0 == "\t" }
        return before && (rest.isEmpty || rest.hasPrefix("//"))
    }

    private func lineStart(of offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset of the newline ending the line that holds `offset` (or the end of the file).
    private func lineEnd(of offset: Int) -> Int {
        var end = min(offset, bytes.count)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    private func containsNewline(_ start: Int, _ end: Int) -> Bool {
        bytes[max(0, start)..<min(end, bytes.count)].contains(UInt8(ascii: "\n"))
    }

    private func indentation(at offset: Int) -> String {
        let start = lineStart(of: offset)
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension SyntaxProtocol {
    /// Every node of type `kind` in the tree, in source order.
    func all<Node: SyntaxProtocol>(_ kind: Node.Type) -> [Node] {
        let collector = NodeCollector<Node>(viewMode: .sourceAccurate)
        collector.walk(self)
        return collector.nodes
    }
}

private final class NodeCollector<Node: SyntaxProtocol>: SyntaxAnyVisitor {
    var nodes: [Node] = []

    override func visitAny(_ node: Syntax) -> SyntaxVisitorContinueKind {
        if let match = node.as(Node.self) { nodes.append(match) }
        return .visitChildren
    }
}
