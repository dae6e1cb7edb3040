import SwiftParser
import SwiftSyntax

/// One change to the dependency lists of a Package.swift, made with others by ``PackageManifestEditor/composing(_:)``.
public enum ManifestChange: Sendable, Hashable {
    /// `entry` added to the `dependencies:` of the target whose call starts at `line`:`column` (the list written when
    /// the target has none).
    case addToTarget(line: Int, column: Int, entry: String)
    /// `entry` (`.package(path: "../Kit")`) added to `Package(dependencies:)`.
    case addPackage(String)
    /// The entry of a `dependencies:` list that starts at `line`:`column` removed.
    case remove(line: Int, column: Int)
    /// The path of the `.package(path: "…")` that starts at `line`:`column` replaced.
    case replacePath(line: Int, column: Int, path: String)
    /// The name of the entry that starts at `line`:`column` (`"Name"`, `.product(name:…)`, `.target(name:)`,
    /// `.byName(name:)`) replaced.
    case replaceName(line: Int, column: Int, name: String)
}

/// The edits that make changes together, and the changes refused (by their index in the changes given) with why.
public struct ComposedEdits: Sendable {
    public var edits: [TextEdit] = []
    public var refused: [Int: NotFixable] = [:]
}

extension PackageManifestEditor {
    /// `changes` made together. Every change to one list (entries added, others removed, a path or a name replaced
    /// inside one) is planned as one edit of that list, so the edits of a list never overlap. A change the edit cannot
    /// place exactly, or that another change of the same list contradicts (an entry one change removes and another
    /// edits), is refused with the reason; the others are made. An entry the list already holds (by what it names:
    /// `.product(name: "X", package: "Y")` however it is spaced) is not added again.
    public func composing(_ changes: [ManifestChange]) -> ComposedEdits {
        var plans: [Int: ListPlan] = [:]
        var order: [Int] = []
        var result = ComposedEdits()
        for (index, change) in changes.enumerated() {
            do throws(NotFixable) {
                let (place, operation) = try locate(change)
                let key = place.key
                if plans[key] == nil {
                    order.append(key)
                    plans[key] = ListPlan(place: place)
                }
                plans[key]?.operations.append((operation, index))
            } catch {
                result.refused[index] = error
            }
        }
        for key in order {
            guard let plan = plans[key] else { continue }
            let made = compose(plan)
            result.edits += made.edits
            result.refused.merge(made.refused) { first, _ in first }
        }
        return result
    }

    /// Where a change is made: a literal list, the call that has no `dependencies:` yet, or a lone entry.
    enum Place {
        case list(ArrayExprSyntax, LabeledExprSyntax)
        case missing(FunctionCallExprSyntax, isPackage: Bool)
        case alone(Int)

        var key: Int {
            switch self {
            case .list(let array, _): array.position.utf8Offset
            case .missing(let call, _): -1 - call.position.utf8Offset
            case .alone(let offset): Int.min / 2 + offset
            }
        }
    }

    enum Operation {
        case add(String)
        case remove(ArrayElementSyntax)
        /// A replacement inside an entry (its path or name), and the element it is in when it is one.
        case inner(ArrayElementSyntax?, TextEdit)
    }

    struct ListPlan {
        var place: Place
        var operations: [(operation: Operation, index: Int)] = []
    }

    private func locate(_ change: ManifestChange) throws(NotFixable) -> (Place, Operation) {
        switch change {
        case .addToTarget(let line, let column, let entry):
            guard let call = call(at: line, column: column), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
                  Self.targetKinds.contains(member.declName.baseName.text) else {
                throw NotFixable("the target is not written as .target(name: …) in the manifest (a helper builds it)")
            }
            try refuseInsideIfConfig(call)
            return (try listPlace(of: call, isPackage: false), .add(entry))
        case .addPackage(let entry):
            guard let call = packageCall else { throw NotFixable("the manifest has no Package(…) call to add the package to") }
            return (try listPlace(of: call, isPackage: true), .add(entry))
        case .remove(let line, let column):
            let element = try listElement(at: line, column: column)
            guard let list = element.parent?.parent?.as(ArrayExprSyntax.self), let argument = list.parent?.as(LabeledExprSyntax.self),
                  argument.label?.text == "dependencies", argument.parent?.parent?.is(FunctionCallExprSyntax.self) == true else {
                throw NotFixable("the entry is in a list shared through a variable or built by code; remove it by hand")
            }
            try refuseInsideIfConfig(element)
            return (.list(list, argument), .remove(element))
        case .replacePath(let line, let column, let path):
            guard let call = call(at: line, column: column), let segment = Self.plainSegment(of: call, label: "path") else {
                throw NotFixable("the entry is not a .package(path:) with a plain string; edit it by hand")
            }
            try refuseInsideIfConfig(call)
            return (place(of: call), .inner(call.parent?.as(ArrayElementSyntax.self), replacing(segment, with: path)))
        case .replaceName(let line, let column, let name):
            let element = try listElement(at: line, column: column)
            let expression = element.expression
            guard let segment = expression.as(StringLiteralExprSyntax.self).flatMap(Self.plainSegment(of:))
                    ?? expression.as(FunctionCallExprSyntax.self).flatMap({ Self.plainSegment(of: $0, label: "name") }) else {
                throw NotFixable("the entry's name is not a plain string; edit it by hand")
            }
            try refuseInsideIfConfig(element)
            return (place(of: expression), .inner(element, replacing(segment, with: name)))
        }
    }

    private func listPlace(of call: FunctionCallExprSyntax, isPackage: Bool) throws(NotFixable) -> Place {
        guard let argument = call.arguments.first(where: { $0.label?.text == "dependencies" }) else { return .missing(call, isPackage: isPackage) }
        guard let array = argument.expression.as(ArrayExprSyntax.self) else {
            let place = converter.location(for: argument.positionAfterSkippingLeadingTrivia)
            throw NotFixable("dependencies: is not a literal list (a variable or an expression builds it); add the entry by hand",
                             line: place.line, column: place.column)
        }
        return .list(array, argument)
    }

    /// The list an entry is an element of, or the entry alone.
    private func place(of node: some SyntaxProtocol) -> Place {
        if let element = node.parent?.as(ArrayElementSyntax.self), let array = element.parent?.parent?.as(ArrayExprSyntax.self),
           let argument = array.parent?.as(LabeledExprSyntax.self) {
            return .list(array, argument)
        }
        return .alone(node.position.utf8Offset)
    }

    private func listElement(at line: Int, column: Int) throws(NotFixable) -> ArrayElementSyntax {
        guard let element = element(at: line, column: column) else {
            throw NotFixable("the entry is not an element of a literal list in the manifest")
        }
        return element
    }

    private static func plainSegment(of call: FunctionCallExprSyntax, label: String) -> StringSegmentSyntax? {
        call.arguments.first(where: { $0.label?.text == label })?.expression.as(StringLiteralExprSyntax.self).flatMap(plainSegment(of:))
    }

    private static func plainSegment(of literal: StringLiteralExprSyntax) -> StringSegmentSyntax? {
        guard literal.segments.count == 1 else { return nil }
        return literal.segments.first?.as(StringSegmentSyntax.self)
    }

    private func replacing(_ segment: StringSegmentSyntax, with text: String) -> TextEdit {
        TextEdit(range: segment.positionAfterSkippingLeadingTrivia.utf8Offset..<segment.endPositionBeforeTrailingTrivia.utf8Offset, replacement: text)
    }

    var packageCall: FunctionCallExprSyntax? {
        tree.all(FunctionCallExprSyntax.self).first { $0.calledExpression.trimmedDescription == "Package" }
    }
}

// MARK: - One list's changes made together

extension PackageManifestEditor {
    private func compose(_ plan: ListPlan) -> ComposedEdits {
        var result = ComposedEdits()
        let adds = plan.operations.compactMap { item -> (String, Int)? in if case .add(let entry) = item.operation { return (entry, item.index) }; return nil }
        switch plan.place {
        case .alone:
            for item in plan.operations { if case .inner(_, let edit) = item.operation { result.edits.append(edit) } }
        case .missing(let call, let isPackage):
            let entries = Self.distinct(adds.map(\.0))
            do throws(NotFixable) {
                result.edits = try isPackage ? writingList(entries, in: call, before: "targets") : writingList(entries, in: call, after: "name")
            } catch {
                for (_, index) in adds { result.refused[index] = error }
            }
        case .list(let array, let argument):
            var list = ListComposition(editor: self, array: array, argument: argument)
            list.take(plan.operations)
            result.refused = list.refused
            do throws(NotFixable) {
                result.edits = try list.edits()
            } catch {
                for item in plan.operations where result.refused[item.index] == nil { result.refused[item.index] = error }
            }
        }
        return result
    }

    /// The entries, each once, sorted.
    static func distinct(_ entries: [String]) -> [String] {
        var seen: Set<String> = []
        return entries.sorted().filter { seen.insert(entryKey(of: $0)).inserted }
    }

    /// What an entry names, however it is written: `product:Name|package`, `name:Name` (a string, `.target(name:)`,
    /// `.byName(name:)`), `package:identity` (a `.package(path:)` or `.package(url:)`), else its tokens.
    static func entryKey(of expression: ExprSyntax) -> String {
        if let value = expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue { return "name:" + value }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self) {
            func string(_ label: String) -> String? {
                call.arguments.first { $0.label?.text == label }?.expression.as(StringLiteralExprSyntax.self)?.representedLiteralValue
            }
            switch member.declName.baseName.text {
            case "product":
                if let name = string("name") { return "product:\(name)|" + (string("package") ?? name).lowercased() }
            case "target", "byName":
                if let name = string("name") { return "name:" + name }
            case "package":
                if let location = string("path") ?? string("url") { return "package:" + identity(ofLocation: location) }
                if let id = string("id") { return "package:" + id.lowercased() }
            default:
                break
            }
        }
        return expression.tokens(viewMode: .sourceAccurate).map(\.text).joined()
    }

    /// The key of an entry written as text.
    static func entryKey(of entry: String) -> String {
        let parsed = Parser.parse(source: "_ = [\(entry)]")
        guard let array = parsed.all(ArrayExprSyntax.self).first, let element = array.elements.first, array.elements.count == 1 else {
            return entry.filter { !$0.isWhitespace }
        }
        return entryKey(of: element.expression)
    }

    /// `kit` for `../Kit/` and for `https://example.com/acme/Kit.git`, as SwiftPM names a package by its location.
    static func identity(ofLocation location: String) -> String {
        var last = location.split(separator: "/").last.map(String.init) ?? location
        if last.hasSuffix(".git") { last.removeLast(4) }
        return last.lowercased()
    }
}
