import SourceText
import SwiftParser
import SwiftSyntax

/// The run-time wiring a Swift file holds, as SwiftParser reads it (comments and strings are not calls): CTMediator's
/// `performTarget(_:action:params:…)` and `@objc` `Target_`/`Action_` providers, BeeHive's `registerService` /
/// `createService`, the generated registry's `register(P.self, factory:)` / `resolve(P.self)`, URL routes, and string
/// constants (`let kTarget = "A"`).
///
/// The files of a batch that nothing can carry from one into the next (``JoinedParse/isSelfContained(_:)``) are parsed
/// as one text, up to 256 KiB a text: one parse instead of one a file, each fact then given back to its file.
enum SwiftWiringScanner {
    static let joinedBytes = 1 << 18

    static func wiring(in bytes: [UInt8]) -> FileWiring {
        wirings(of: [bytes])[0]
    }

    /// Each file's wiring, SwiftParser reading only the places ``SwiftCodeMap`` finds (all of them joined in one
    /// text); a file the map cannot follow is read whole.
    static func wirings(of files: [[UInt8]]) -> [FileWiring] {
        var results = [FileWiring](repeating: FileWiring(), count: files.count)
        var whole: [Int] = []
        var pieces = WindowText()
        for (index, bytes) in files.enumerated() {
            let map = bytes.withUnsafeBufferPointer { SwiftCodeMap($0) }
            guard map.isUsable else {
                whole.append(index)
                continue
            }
            for window in map.windows { pieces.add(window, of: index, from: bytes) }
        }
        if !pieces.text.isEmpty { pieces.parse(files: files, into: &results) }
        for (index, wiring) in zip(whole, wholeFiles(of: whole.map { files[$0] })) { results[index] = wiring }
        return results
    }

    /// Files read whole; those nothing can carry from one into the next parsed as one text.
    static func wholeFiles(of files: [[UInt8]]) -> [FileWiring] {
        var results = [FileWiring](repeating: FileWiring(), count: files.count)
        var joined: [UInt8] = [], members: [(index: Int, start: Int)] = []
        for (index, bytes) in files.enumerated() {
            guard JoinedParse.isSelfContained(bytes) else {
                parse(bytes, members: [(index, 0)], into: &results)
                continue
            }
            members.append((index, joined.count))
            joined += bytes
            if bytes.last != UInt8(ascii: "\n") { joined.append(UInt8(ascii: "\n")) }
            if joined.count >= joinedBytes {
                parse(joined, members: members, into: &results)
                joined.removeAll(keepingCapacity: true)
                members.removeAll()
            }
        }
        if !members.isEmpty { parse(joined, members: members, into: &results) }
        return results
    }

    /// Parses a text made of `members` (file index, first byte) and adds each fact and constant to its file, with the
    /// line counted in that file.
    private static func parse(_ text: [UInt8], members: [(index: Int, start: Int)], into results: inout [FileWiring]) {
        let tree = text.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let visitor = WiringVisitor()
        visitor.walk(tree)
        let lines = LineStarts(text)
        let firstLines = members.map { lines.lineAndColumn(of: $0.start).line }
        let member = { (offset: Int) in (members.lastIndex { $0.start <= offset } ?? 0) }
        for (offset, fact) in visitor.facts {
            let index = member(offset)
            var fact = fact
            if fact.mechanism == .targetAction, fact.role == .uses, fact.mediatorCategory != nil, fact.receiver == nil || fact.receiver == "self" {
                fact.receiver = "CTMediator"
            }
            (fact.line, fact.column) = lines.lineAndColumn(of: offset)
            fact.line -= firstLines[index] - 1
            results[members[index].index].facts.append(fact)
        }
        for (offset, name, value) in visitor.constants where results[members[member(offset)].index].constants[name] == nil {
            results[members[member(offset)].index].constants[name] = value
        }
    }
}

/// The windows of several files joined in one text (each on lines of its own), and where each came from.
private struct WindowText {
    var text: [UInt8] = []
    var pieces: [(textStart: Int, file: Int, window: SwiftCodeMap.Window)] = []

    mutating func add(_ window: SwiftCodeMap.Window, of file: Int, from bytes: [UInt8]) {
        pieces.append((text.count, file, window))
        text += bytes[window.range.lowerBound..<window.parsedEnd]
        if window.call?.cut != nil { text.append(UInt8(ascii: ")")) }
        text.append(UInt8(ascii: "\n"))
    }

    /// Parses the text once and gives each fact and constant to its file, at its place in the file, under the
    /// conditions and in the extension its window is in.
    func parse(files: [[UInt8]], into results: inout [FileWiring]) {
        let tree = text.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let visitor = WiringVisitor()
        visitor.walk(tree)
        var lineTables: [Int: LineStarts] = [:]
        for (offset, fact) in visitor.facts {
            let piece = self.piece(at: offset)
            let fileOffset = piece.window.range.lowerBound + offset - piece.textStart
            let table = lineTables[piece.file] ?? LineStarts(files[piece.file])
            lineTables[piece.file] = table
            var fact = fact
            (fact.line, fact.column) = table.lineAndColumn(of: fileOffset)
            fact.conditions = piece.window.conditions + fact.conditions
            if piece.window.inMediatorExtension, fact.mediatorCategory == nil { fact.mediatorCategory = "" }
            if let call = piece.window.call, offset == piece.textStart, fact.mechanism != .service, fact.role == .uses { fact.receiver = call.receiver }
            if fact.mechanism == .targetAction, fact.role == .uses, fact.mediatorCategory != nil, fact.receiver == nil || fact.receiver == "self" {
                fact.receiver = "CTMediator"
            }
            results[piece.file].facts.append(fact)
        }
        for (offset, name, value) in visitor.constants where !piece(at: offset).window.isLocal && results[piece(at: offset).file].constants[name] == nil {
            results[piece(at: offset).file].constants[name] = value
        }
    }

    private func piece(at offset: Int) -> (textStart: Int, file: Int, window: SwiftCodeMap.Window) {
        var low = 0, high = pieces.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if pieces[middle].textStart <= offset { low = middle } else { high = middle - 1 }
        }
        return pieces[low]
    }
}

/// Line and column (UTF-8 bytes, from 1) of an offset in a file, as SwiftParser counts them.
/// The wiring of a parsed text; each fact located by its offset in the text (its line and column left for the caller,
/// who knows which file the text came from).
private final class WiringVisitor: SyntaxVisitor {
    /// By the offset of the node they were read from.
    var facts: [(offset: Int, fact: WiringFact)] = []
    var constants: [(offset: Int, name: String, value: String)] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind {
        let name = node.name.text
        guard name.hasPrefix("Target_"), name.count > 7 else { return .visitChildren }
        let target = String(name.dropFirst(7))
        add(.provides, .targetAction, "Target_ class", .literal(target), className: .literal(name), at: Syntax(node.name))
        let allObjC = Self.has("objcMembers", node.attributes)
        // Every method the Objective-C runtime sees, by its selector's first part: a mediator's naming picks its actions.
        for member in node.memberBlock.members {
            guard let function = member.decl.as(FunctionDeclSyntax.self), allObjC || Self.has("objc", function.attributes) else { continue }
            add(.provides, .targetAction, "Action_ method", .literal(target), action: .literal(function.name.text),
                takesArgument: !function.signature.parameterClause.parameters.isEmpty, className: .literal(name), at: Syntax(function.name))
        }
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        // A `let` in a function, accessor or closure is that body's: another function's name is not it.
        guard node.bindingSpecifier.tokenKind == .keyword(.let), !Self.isInCode(Syntax(node)) else { return .visitChildren }
        for binding in node.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text,
                  let literal = binding.initializer?.value.as(StringLiteralExprSyntax.self), let value = Self.text(of: literal) else { continue }
            constants.append((binding.positionAfterSkippingLeadingTrivia.utf8Offset, name, value))
        }
        return .visitChildren
    }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        let (receiver, name) = Self.callee(node.calledExpression)
        let arguments = Array(node.arguments)
        // A call is located at its name (`performTarget` in `CTMediator.sharedInstance().performTarget(…)`).
        let place = Syntax((node.calledExpression.as(MemberAccessExprSyntax.self)?.declName).map(Syntax.init) ?? Syntax(node.calledExpression))
        let labels = arguments.map { $0.label?.text }
        switch name {
        case "performTarget" where labels.count >= 2 && labels[0] == nil && labels[1] == "action":
            add(.uses, .targetAction, "performTarget(_:action:params:)", Self.value(arguments[0].expression),
                action: Self.value(arguments[1].expression), receiver: receiver, at: place)
        case "registerService" where labels.count == 2 && labels[0] == nil && labels[1] == "service":
            add(.provides, .service, "registerService(_:service:)", Self.metatype(arguments[0].expression), at: place)
        case "createService" where labels == [nil]:
            add(.uses, .service, "createService(_:)", Self.metatype(arguments[0].expression), at: place)
        case "register" where labels.first == .some(nil) && (labels.contains("factory") || node.trailingClosure != nil):
            guard Self.isExistentialMetatype(arguments[0].expression) else { break }
            add(.provides, .service, "register(_:factory:)", Self.metatype(arguments[0].expression), at: place)
        case "resolve" where labels == [nil] && Self.isExistentialMetatype(arguments[0].expression):
            add(.uses, .service, "resolve(_:)", Self.metatype(arguments[0].expression), at: place)
        case "registerURLPattern" where labels.first == .some(nil):
            add(.provides, .route, "registerURLPattern(_:toHandler:)", Self.value(arguments[0].expression), at: place)
        case "openURL" where !arguments.isEmpty:
            add(.uses, .route, "openURL(_:)", Self.value(arguments[0].expression), receiver: receiver, at: place)
        case "objectForURL" where !arguments.isEmpty, "object" where labels.first == "forURL":
            add(.uses, .route, "objectForURL(_:)", Self.value(arguments[0].expression), receiver: receiver, at: place)
        default:
            guard let (target, action) = Self.labelledTargetAction(arguments) else { break }
            let api = name + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
            add(.uses, .targetAction, api, target, action: action, receiver: receiver, labelled: true, at: place)
        }
        return .visitChildren
    }

    /// A call of a CTMediator clone's own entry point (`perform("Shop", target: "Cart", action: "show", params: nil)`):
    /// its `target:` argument a string literal, its `action:` one a string literal or a name (a constant); nil for
    /// anything else (UIKit's `addTarget(self, action: #selector(…), for:)`, `target: self`).
    static func labelledTargetAction(_ arguments: [LabeledExprSyntax]) -> (target: WiringValue, action: WiringValue)? {
        guard let target = arguments.first(where: { $0.label?.text == "target" }), let action = arguments.first(where: { $0.label?.text == "action" }),
              case .literal = value(target.expression) else { return nil }
        let actionValue = value(action.expression)
        if case .expression = actionValue { return nil }
        return (value(target.expression), actionValue)
    }

    private func add(_ role: WiringFact.Role, _ mechanism: WiringMechanism, _ api: String, _ name: WiringValue, action: WiringValue? = nil,
                     takesArgument: Bool = true, receiver: String? = nil, className: WiringValue? = nil, labelled: Bool = false, at node: Syntax) {
        var fact = WiringFact(role: role, mechanism: mechanism, api: api, name: name, action: action, receiver: receiver,
                              mediatorCategory: Self.inMediatorExtension(node) ? "" : nil, conditions: Self.conditions(around: node), line: 0, column: 0)
        fact.takesArgument = takesArgument
        fact.className = className
        fact.isLabelledCall = labelled
        facts.append((node.positionAfterSkippingLeadingTrivia.utf8Offset, fact))
    }

    /// `MGJRouter.openURL` → (MGJRouter, openURL); `CTMediator.sharedInstance().performTarget` and
    /// `CTMediator.shared.performTarget` → (CTMediator, performTarget); `mediator.performTarget` → (mediator, …).
    static func callee(_ expression: ExprSyntax) -> (receiver: String?, name: String) {
        if let member = expression.as(MemberAccessExprSyntax.self) {
            var base = member.base
            let called = base?.as(FunctionCallExprSyntax.self)
            if let called, called.arguments.isEmpty, called.trailingClosure == nil { base = called.calledExpression }
            if let inner = base?.as(MemberAccessExprSyntax.self), let type = inner.base?.as(DeclReferenceExprSyntax.self)?.baseName.text,
               type.first?.isUppercase == true {
                return (type, member.declName.baseName.text)
            }
            return (called == nil ? base?.as(DeclReferenceExprSyntax.self)?.baseName.text : nil, member.declName.baseName.text)
        }
        return (nil, expression.as(DeclReferenceExprSyntax.self)?.baseName.text ?? "")
    }

    static func value(_ expression: ExprSyntax) -> WiringValue {
        if let literal = expression.as(StringLiteralExprSyntax.self), let text = text(of: literal) { return .literal(text) }
        if let reference = expression.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil { return .constant(reference.baseName.text) }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base?.is(DeclReferenceExprSyntax.self) == true {
            return .constant(member.declName.baseName.text)
        }
        let written = expression.trimmedDescription
        return .expression(written.count > 40 ? String(written.prefix(39)) + "…" : written)
    }

    /// `P.self`, `(any P).self`.
    static func isMetatype(_ expression: ExprSyntax) -> Bool {
        expression.as(MemberAccessExprSyntax.self)?.declName.baseName.text == "self"
    }

    /// `(any P).self`, the form the generated registry is called with: a DI container's `register(P.self)` /
    /// `resolve(P.self)` (Swinject's, with its forwarding and assemblies) is not read as the registry.
    static func isExistentialMetatype(_ expression: ExprSyntax) -> Bool {
        guard isMetatype(expression), let base = expression.as(MemberAccessExprSyntax.self)?.base?.trimmedDescription else { return false }
        return base.hasPrefix("(any ") && base.hasSuffix(")")
    }

    /// The protocol of `P.self` or `(any P).self`; anything else is an expression.
    static func metatype(_ expression: ExprSyntax) -> WiringValue {
        guard isMetatype(expression), let base = expression.as(MemberAccessExprSyntax.self)?.base else { return value(expression) }
        var written = base.trimmedDescription
        if written.hasPrefix("("), written.hasSuffix(")") { written = String(written.dropFirst().dropLast()) }
        if written.hasPrefix("any ") { written = String(written.dropFirst(4)) }
        return written.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." } ? .literal(written) : value(expression)
    }

    /// The text of a plain one-line literal (`"A"`; not `#"A"#` or `"""`), without interpolation.
    static func text(of literal: StringLiteralExprSyntax) -> String? {
        guard literal.openingPounds == nil, literal.openingQuote.tokenKind == .stringQuote, literal.segments.count == 1, let segment = literal.segments.first?.as(StringSegmentSyntax.self) else { return nil }
        return segment.content.text
    }

    static func has(_ attribute: String, _ attributes: AttributeListSyntax) -> Bool {
        attributes.contains { $0.as(AttributeSyntax.self)?.attributeName.as(IdentifierTypeSyntax.self)?.name.text == attribute }
    }

    /// Whether a node lies in a body of code (a function's, an accessor's, a closure's), not at a file's or type's level.
    static func isInCode(_ node: Syntax) -> Bool {
        var parent = node.parent
        while let current = parent {
            if current.is(CodeBlockSyntax.self) || current.is(ClosureExprSyntax.self) || current.is(AccessorBlockSyntax.self) { return true }
            if current.is(MemberBlockSyntax.self) || current.is(SourceFileSyntax.self) { return false }
            parent = current.parent
        }
        return false
    }

    static func inMediatorExtension(_ node: Syntax) -> Bool {
        var parent = node.parent
        while let current = parent {
            if let extensionDecl = current.as(ExtensionDeclSyntax.self) { return extensionDecl.extendedType.as(IdentifierTypeSyntax.self)?.name.text == "CTMediator" }
            parent = current.parent
        }
        return false
    }

    /// The `#if` conditions around a node, outermost first; an `#else` clause as the negation of those before it.
    static func conditions(around node: Syntax) -> [String] {
        var conditions: [String] = []
        var parent = node.parent
        while let current = parent {
            if let clause = current.as(IfConfigClauseSyntax.self), let list = clause.parent?.as(IfConfigClauseListSyntax.self) {
                var clauseConditions: [String] = []
                for other in list {
                    if other.id == clause.id {
                        if let condition = other.condition { clauseConditions.append(condition.trimmedDescription) }
                        break
                    }
                    if let condition = other.condition { clauseConditions.append("!(\(condition.trimmedDescription))") }
                }
                conditions.insert(contentsOf: clauseConditions, at: 0)
            }
            parent = current.parent
        }
        return conditions
    }
}
