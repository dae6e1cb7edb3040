import SwiftParser
import SwiftSyntax

/// Edits a Package.swift on its own syntax tree: entries added to a target's `dependencies:` or to
/// `Package(dependencies:)`, an entry removed, each as a ``TextEdit`` that touches only its own lines. Entries go in the
/// list's order when it is sorted, else at its end, in the list's indentation and trailing-comma style. What the edit
/// cannot place exactly (a list that is not written in the target, a variable, a `#if` branch) is ``NotFixable``.
public struct PackageManifestEditor {
    public let source: String
    let tree: SourceFileSyntax
    let converter: SourceLocationConverter
    let bytes: [UInt8]
    /// The calls and the list elements of the manifest, by the offset where they start (one walk of the tree).
    private let calls: [Int: FunctionCallExprSyntax]
    private let elements: [Int: ArrayElementSyntax]

    public init(source: String, path: String) {
        self.source = source
        tree = Parser.parse(source: source)
        converter = SourceLocationConverter(fileName: path, tree: tree)
        bytes = Array(source.utf8)
        let index = NodeIndex(viewMode: .sourceAccurate)
        index.walk(tree)
        calls = index.calls
        elements = index.elements
    }
    /// Adds `elements` (Swift expressions, such as `.product(name: "NXKit", package: "NXKit")`) to the `dependencies:`
    /// of the target whose entry starts at `line`:`column`; those already there are left out.
    public func addingTargetDependencies(_ elements: [String], toTargetAt line: Int, column: Int) throws(NotFixable) -> [TextEdit] {
        try made(elements.map { .addToTarget(line: line, column: column, entry: $0) })
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
        try made(elements.map { .addPackage($0) })
    }

    /// Removes the entry of a `dependencies:` list that starts at `line`:`column`: its whole line (with a comment after
    /// it) when it is alone on it, else the entry and its comma. It must be written in the list of a target or of
    /// `Package(…)`, not in a shared variable or a `#if` branch.
    public func removingEntry(at line: Int, column: Int) throws(NotFixable) -> [TextEdit] {
        try made([.remove(line: line, column: column)])
    }

    /// Replaces the path of the `.package(path: "…")` entry that starts at `line`:`column` with `path`.
    public func replacingPath(at line: Int, column: Int, with path: String) throws(NotFixable) -> [TextEdit] {
        try made([.replacePath(line: line, column: column, path: path)])
    }

    /// The edits of `changes`, or the first refusal.
    private func made(_ changes: [ManifestChange]) throws(NotFixable) -> [TextEdit] {
        let composed = composing(changes)
        if let refusal = composed.refused.sorted(by: { $0.key < $1.key }).first { throw refusal.value }
        return composed.edits
    }

    /// The place of the `Package(dependencies:)` entry of the package `identity` (its path's or URL's last component, or
    /// its `name:`) when no other part of the manifest names it any more (`package: "…"`, a bare name); nil otherwise.
    func unnamedPackageEntry(identity: String) -> (line: Int, column: Int)? {
        guard let call = packageCall,
              let list = call.arguments.first(where: { $0.label?.text == "dependencies" })?.expression.as(ArrayExprSyntax.self),
              let entry = list.elements.first(where: { Self.identities(of: $0.expression).contains(identity.lowercased()) }) else { return nil }
        let names = Self.identities(of: entry.expression)
        let entryRange = entry.position.utf8Offset..<entry.endPosition.utf8Offset
        let stillNamed = tree.all(StringLiteralExprSyntax.self).contains { literal in
            !entryRange.contains(literal.position.utf8Offset) && names.contains((literal.representedLiteralValue ?? "").lowercased())
        }
        guard !stillNamed else { return nil }
        let place = converter.location(for: entry.expression.positionAfterSkippingLeadingTrivia)
        return (line: place.line, column: place.column)
    }

    /// The `Package(dependencies:)` entries of `identities` that no other part of the manifest names any more, removed
    /// together.
    public func removingPackages(identities: [String]) -> [TextEdit] {
        let places = identities.compactMap(unnamedPackageEntry(identity:))
        return composing(places.map { .remove(line: $0.line, column: $0.column) }).edits
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
        guard let call = packageCall,
              let list = call.arguments.first(where: { $0.label?.text == "dependencies" })?.expression.as(ArrayExprSyntax.self) else { return nil }
        return list.elements.first { Self.identities(of: $0.expression).contains(identity.lowercased()) }?.expression.trimmedDescription
    }

    static let targetKinds: Set<String> = ["target", "executableTarget", "testTarget", "macro", "plugin"]

    func call(at line: Int, column: Int) -> FunctionCallExprSyntax? {
        calls[converter.position(ofLine: line, column: column).utf8Offset]
    }

    /// The list element whose expression starts at `line`:`column`.
    func element(at line: Int, column: Int) -> ArrayElementSyntax? {
        elements[converter.position(ofLine: line, column: column).utf8Offset]
    }

    func refuseInsideIfConfig(_ node: some SyntaxProtocol) throws(NotFixable) {
        var parent = node.parent
        while let current = parent {
            if current.is(IfConfigClauseSyntax.self) { throw NotFixable("the entry is inside a #if branch; edit it by hand") }
            parent = current.parent
        }
    }

    /// A `dependencies:` list written where the call has none: after a target's `name:`, and before `Package(targets:)`
    /// (SwiftPM's argument order).
    func writingList(_ elements: [String], in call: FunctionCallExprSyntax, after label: String? = nil,
                     before next: String? = nil) throws(NotFixable) -> [TextEdit] {
        let list = "dependencies: [" + elements.joined(separator: ", ") + "]"
        if let next, let following = call.arguments.first(where: { $0.label?.text == next }) {
            let start = following.positionAfterSkippingLeadingTrivia.utf8Offset
            guard bytes[lineStart(of: start)..<start].allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) else {
                return [TextEdit(inserting: list + ", ", at: start)]
            }
            // One entry a line, as the arguments are.
            let indent = indentation(at: start)
            let entries = elements.map { "\(indent)    \($0),\n" }.joined()
            return [TextEdit(inserting: "dependencies: [\n" + entries + indent + "],\n" + indent, at: start)]
        }
        guard let label, let previous = call.arguments.first(where: { $0.label?.text == label }) else {
            throw NotFixable("the call has no argument to place dependencies: beside")
        }
        let end = previous.endPositionBeforeTrailingTrivia.utf8Offset
        return [TextEdit(inserting: previous.trailingComma == nil ? ", " + list : " " + list + ",", at: end)]
    }

    /// Entries written into an empty list: on its line, or one a line when the brackets are on lines of their own.
    func appending(_ new: [String], toEmpty array: ArrayExprSyntax, argument: LabeledExprSyntax) -> [TextEdit] {
        let open = array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
        let close = array.rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset
        guard containsNewline(open, close) else { return [TextEdit(inserting: new.joined(separator: ", "), at: open)] }
        let indent = indentation(at: argument.positionAfterSkippingLeadingTrivia.utf8Offset)
        return [TextEdit(inserting: new.map { "\n\(indent)    \($0)," }.joined(), at: open)]
    }

    func lineStart(of offset: Int) -> Int {
        var start = min(offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        return start
    }

    /// The offset of the newline ending the line that holds `offset` (or the end of the file).
    func lineEnd(of offset: Int) -> Int {
        var end = min(offset, bytes.count)
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return end
    }

    func containsNewline(_ start: Int, _ end: Int) -> Bool {
        bytes[max(0, start)..<min(end, bytes.count)].contains(UInt8(ascii: "\n"))
    }

    func indentation(at offset: Int) -> String {
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

/// The calls and list elements of a tree by where they start (the first of several calls starting at one offset: the
/// outermost, `.product(…)` rather than a call inside its name).
private final class NodeIndex: SyntaxVisitor {
    var calls: [Int: FunctionCallExprSyntax] = [:]
    var elements: [Int: ArrayElementSyntax] = [:]

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let offset = node.positionAfterSkippingLeadingTrivia.utf8Offset
        if calls[offset] == nil { calls[offset] = node }
        return .visitChildren
    }

    override func visit(_ node: ArrayElementSyntax) -> SyntaxVisitorContinueKind {
        let offset = node.expression.positionAfterSkippingLeadingTrivia.utf8Offset
        if elements[offset] == nil { elements[offset] = node }
        return .visitChildren
    }
}
