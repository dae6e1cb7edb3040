import Diagnostics
import Foundation
import SwiftIfConfig
import SwiftSyntax

/// What a reader tells the evaluator about the API its descriptions call.
public struct EvaluationPolicy: Sendable {
    /// Whether a call of an uppercase name nothing declares makes an object of the API (`Package(…)`, `Project(…)`,
    /// `Target(…)`); else the call is unknown.
    public var makesObject: @Sendable (String) -> Bool
    /// Whether the types the description declares are evaluated (their cases, instances, members) and `inout`
    /// arguments followed; else a call of one, or an `inout` argument, is unknown (PackageDescription's reader declines
    /// them, see docs/manifest-reader.md).
    public var declaredTypes = false
    /// The type of an API call's argument by its label, for the implicit members written there
    /// (`dependencies: [.feature(.home)]` is a list of `TargetDependency`).
    public var argumentTypes: [String: String]

    public init(makesObject: @escaping @Sendable (String) -> Bool, argumentTypes: [String: String] = [:], declaredTypes: Bool = false) {
        self.makesObject = makesObject
        self.argumentTypes = argumentTypes
        self.declaredTypes = declaredTypes
    }

    /// PackageDescription's: only `Package(…)`.
    public static let packageDescription = EvaluationPolicy(makesObject: { $0 == "Package" })
}

/// Evaluates the statements of a description (a `Package.swift`, a Tuist `Project.swift` and its helpers) without
/// compiling it.
///
/// It understands the subset of Swift real descriptions use to build their package or project: constants, arrays,
/// dictionaries and `+`, string interpolation, `#if` (through SwiftIfConfig), `if`/`guard`/`switch`/ternaries on
/// decidable conditions, environment lookups, `for` loops over known arrays, closures passed to `map`-like methods,
/// functions and static members the description declares, and the enums, structs and extensions it declares (cases
/// with raw and associated values, stored and computed properties, initializers, methods, protocol extensions).
/// Everything else evaluates to `.unknown` with the reason; state that an undecidable branch might change becomes
/// `.unknown` too, so the decoder declines if and only if the graph depends on it.
public final class Interpreter {
    enum Flow {
        case normal
        case returned(Value)
        case breakLoop
        case continueLoop
    }

    /// Each parsed file's converter, by its tree's root, with its path as messages name it (nil: the evaluated file).
    private var files: [SyntaxIdentifier: (path: String?, converter: SourceLocationConverter)] = [:]
    let configuration: any BuildConfiguration
    let environment: [String: String]
    let policy: EvaluationPolicy
    public let globals = Scope(parent: nil)
    /// Static functions and properties declared in `extension`/`struct`/`enum` bodies, by member name.
    var staticMembersByName: [String: [Callable]] = [:]
    var declaredTypes: Set<String> = []
    /// Methods the manifest adds to existing types in extensions, by name, with the extended type.
    var instanceMethods: [String: [(type: String, callable: Callable)]] = [:]
    /// The types the evaluated files declare or extend.
    let types = TypeTable()
    /// The declared types whose members are being evaluated, innermost last: where type names resolve from, and `Self`.
    var owners: [String] = []
    /// The arguments of the call being made that are `inout` (`block(&copy)`), by index, and what the callee left in
    /// their parameters.
    var inoutRequest: (call: SyntaxIdentifier, arguments: Set<Int>)?
    var inoutResults: [Int: Value] = [:]
    /// Every `Package(...)` the manifest creates, in order.
    public var createdPackages: [ManifestObject] = []
    /// Set when a construct could have changed state the interpreter cannot track; the whole reading declines.
    public private(set) var poison: Decline?
    var depth = 0
    static let maximumDepth = 200
    /// The calls made so far; past ``maximumCalls`` the description is declined, not followed: an evaluation that
    /// branches at every level (an implicit member resolved to another type's member of that name, which names it again)
    /// would otherwise run for hours.
    var calls = 0
    static let maximumCalls = 200_000
    /// Static stored properties' values by their initializer, once evaluated, and those being evaluated.
    var staticValues: [SyntaxIdentifier: Value] = [:]
    var evaluatingStatics: Set<SyntaxIdentifier> = []

    public init(converter: SourceLocationConverter, tree: SourceFileSyntax, configuration: any BuildConfiguration,
                environment: [String: String], policy: EvaluationPolicy = .packageDescription) {
        self.configuration = configuration
        self.environment = environment
        self.policy = policy
        files[tree.id] = (nil, converter)
    }

    /// Adds a file whose declarations the evaluated one uses (a Tuist helper): its types, functions and globals.
    /// Its declarations are collected when the evaluated file is run, after every file's type aliases.
    public func addLibrary(_ tree: SourceFileSyntax, shownAs path: String, converter: SourceLocationConverter? = nil) {
        files[tree.id] = (path, converter ?? SourceLocationConverter(fileName: path, tree: tree))
        libraries.append(tree)
    }

    /// The files added by ``addLibrary(_:shownAs:converter:)`` whose declarations are not collected yet, in order.
    private var libraries: [SourceFileSyntax] = []

    // MARK: - Positions and declines

    /// The file a node is in, as messages name it; nil for the evaluated file.
    func file(of node: some SyntaxProtocol) -> String? {
        files[node.root.id]?.path
    }

    public func position(of node: some SyntaxProtocol) -> SourcePosition {
        Self.position(node.positionAfterSkippingLeadingTrivia, converter: converter(of: node))
    }

    /// The converter of a node's file (the evaluated file's when the node is in none of them).
    func converter(of node: some SyntaxProtocol) -> SourceLocationConverter? {
        files[node.root.id]?.converter ?? files.values.first(where: { $0.path == nil })?.converter
    }

    static func position(_ offset: AbsolutePosition, converter: SourceLocationConverter?) -> SourcePosition {
        guard let converter else { return SourcePosition(line: 1, column: 1) }
        let location = converter.location(for: offset)
        return SourcePosition(line: location.line, column: location.column)
    }

    /// Where the manifest's own helpers were called from, outermost first.
    var callSites: [SourcePosition] = []

    /// Where a description's value is placed: its own position, or, when a helper function or computed property
    /// of the manifest made it (`func feature(_ name: String) -> Target.Dependency`), where that helper was called.
    func objectPosition(of node: some SyntaxProtocol) -> SourcePosition {
        callSites.first ?? position(of: node)
    }

    public func decline(_ construct: String, at node: some SyntaxProtocol) -> Decline {
        let position = position(of: node)
        var decline = Decline(construct, line: position.line, column: position.column)
        decline.file = file(of: node)
        return decline
    }

    func unknown(_ construct: String, at node: some SyntaxProtocol) -> Value {
        .unknown(decline(construct, at: node))
    }

    func snippet(_ node: some SyntaxProtocol) -> String {
        let text = node.trimmedDescription.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        return text.count > 60 ? "`\(text.prefix(57))...`" : "`\(text)`"
    }

    func poison(_ decline: Decline) {
        if poison == nil { poison = decline }
    }

    // MARK: - Statements

    /// Where each string literal that is not a labeled argument stands, by its value: candidates for the position
    /// of bare-string target dependencies.
    public private(set) var stringElementPositions: [String: [(offset: Int, position: SourcePosition)]] = [:]

    public func run(_ file: SourceFileSyntax) {
        let collector = StringLiteralCollector(viewMode: .sourceAccurate)
        collector.walk(file)
        // Every literal is in this file: its converter is looked up once, not by walking each literal to the root.
        let converter = files[file.root.id]?.converter ?? files.values.first(where: { $0.path == nil })?.converter
        for literal in collector.literals {
            guard let value = Self.literalValue(literal) else { continue }
            let start = literal.positionAfterSkippingLeadingTrivia
            let location = converter.map { $0.location(for: start) }
            stringElementPositions[value, default: []].append((start.utf8Offset, location.map { SourcePosition(line: $0.line, column: $0.column) } ?? SourcePosition(line: 1, column: 1)))
        }
        if policy.declaredTypes {
            for library in libraries { collectAliases(library.statements, context: nil) }
            collectAliases(file.statements, context: nil)
        }
        for library in libraries { collectDeclarations(library.statements, context: nil, isLibrary: true) }
        libraries = []
        collectDeclarations(file.statements, context: nil, isLibrary: false)
        switch execute(file.statements, in: globals) {
        case .normal:
            break
        case .returned(.unknown(let decline)):
            // An undecidable `guard`, or a `continue` under an undecidable condition: the rest may not have run.
            poison(decline)
        default:
            poison(Decline("control flow leaving the top level early", line: 1, column: 1))
        }
    }

    func execute(_ items: CodeBlockItemListSyntax, in scope: Scope) -> Flow {
        for item in items {
            let flow: Flow
            switch item.item {
            case .decl(let decl): flow = execute(decl: decl, in: scope)
            case .stmt(let stmt): flow = execute(stmt: stmt, in: scope)
            case .expr(let expr): flow = execute(expressionStatement: expr, in: scope)
            }
            if case .normal = flow { continue }
            return flow
        }
        return .normal
    }

    func execute(decl: DeclSyntax, in scope: Scope) -> Flow {
        if let variable = decl.as(VariableDeclSyntax.self) {
            for binding in variable.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    if binding.pattern.is(WildcardPatternSyntax.self), let value = binding.initializer?.value {
                        _ = evaluate(value, in: scope)
                        continue
                    }
                    poison(decline("pattern \(snippet(binding.pattern)) in a declaration", at: binding))
                    continue
                }
                if let accessors = binding.accessorBlock {
                    scope.declare(name, .function(Callable(name: name, body: .computed(accessors), scope: scope)))
                } else if let initializer = binding.initializer {
                    let declared = policy.declaredTypes ? TypeReference(binding.typeAnnotation?.type) : nil
                    scope.declare(name, coerce(evaluate(initializer.value, in: scope), to: declared, at: initializer))
                    if let declared { scope.declareType(name, declared) }
                } else {
                    scope.declare(name, unknown("'\(name)' read before it is assigned", at: binding))
                }
            }
            return .normal
        }
        if let function = decl.as(FunctionDeclSyntax.self) {
            scope.declare(function.name.text, .function(Callable(name: function.name.text, body: .function(function), scope: scope)))
            return .normal
        }
        if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            let (clause, diagnostics) = ifConfig.activeClause(in: configuration)
            if let error = diagnostics.first(where: { $0.diagMessage.severity == .error }) {
                let construct = "#if condition (\(error.message))"
                let decline = decline(construct, at: error.node)
                taint(Syntax(ifConfig), in: scope, because: decline)
                return .normal
            }
            switch clause?.elements {
            case .statements(let items)?: return execute(items, in: scope)
            case nil: return .normal
            default:
                poison(decline("#if around members or attributes", at: ifConfig))
                return .normal
            }
        }
        if decl.is(ImportDeclSyntax.self) || decl.is(ExtensionDeclSyntax.self) || decl.is(StructDeclSyntax.self)
            || decl.is(EnumDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(TypeAliasDeclSyntax.self)
            || decl.is(ProtocolDeclSyntax.self) {
            return .normal
        }
        poison(decline("declaration \(snippet(decl))", at: decl))
        return .normal
    }

    func execute(stmt: StmtSyntax, in scope: Scope) -> Flow {
        if let expression = stmt.as(ExpressionStmtSyntax.self) {
            return execute(expressionStatement: expression.expression, in: scope)
        }
        if let returnStmt = stmt.as(ReturnStmtSyntax.self) {
            return .returned(returnStmt.expression.map { evaluate($0, in: scope) } ?? .null)
        }
        if stmt.is(BreakStmtSyntax.self) { return .breakLoop }
        if stmt.is(ContinueStmtSyntax.self) { return .continueLoop }
        if let guardStmt = stmt.as(GuardStmtSyntax.self) {
            switch evaluate(conditions: guardStmt.conditions, in: scope) {
            case .bool(true): return .normal
            case .bool(false): return execute(guardStmt.body.statements, in: Scope(parent: scope))
            case .unknown(let decline):
                return .returned(.unknown(decline))
            default: return .returned(unknown("guard condition", at: guardStmt))
            }
        }
        if let forStmt = stmt.as(ForStmtSyntax.self) {
            return execute(for: forStmt, in: scope)
        }
        poison(decline("statement \(snippet(stmt))", at: stmt))
        return .normal
    }

    func execute(expressionStatement expr: ExprSyntax, in scope: Scope) -> Flow {
        if let ifExpr = expr.as(IfExprSyntax.self) {
            return execute(if: ifExpr, in: scope)
        }
        if let switchExpr = expr.as(SwitchExprSyntax.self) {
            return execute(switch: switchExpr, in: scope)
        }
        if let infix = expr.as(InfixOperatorExprSyntax.self), let op = assignmentOperator(infix) {
            let rhs = evaluate(infix.rightOperand, in: scope)
            mutate(infix.leftOperand, in: scope) { old in
                switch op {
                case "=": return rhs
                case "+=": return self.add(old, rhs, at: infix)
                default: return self.unknown("operator \(op)", at: infix)
                }
            }
            return .normal
        }
        if let call = expr.as(FunctionCallExprSyntax.self),
           let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            if Self.mutatingMethods.contains(name) {
                var arguments = evaluateArguments(call, in: scope)
                if policy.declaredTypes, let variable = base.as(DeclReferenceExprSyntax.self), case .array(let element)? = scope.declaredType(of: variable.baseName.text.description) {
                    // `dependencies.append(.feature(.home))`: the element takes the type the variable was declared with.
                    arguments = arguments.map { ($0.label, $0.label == "contentsOf" ? coerce($0.value, to: .array(element), at: call) : coerce($0.value, to: element, at: call)) }
                }
                mutate(base, in: scope) { old in self.applyMutation(name, arguments, to: old, at: call) }
                return .normal
            }
            if name == "forEach" {
                let receiver = evaluate(base, in: scope)
                let arguments = evaluateArguments(call, in: scope)
                guard case .array(let items) = receiver, arguments.count == 1, case .function(let body) = arguments[0].value else {
                    taint(Syntax(call), in: scope, because: receiver.decline ?? decline("forEach \(snippet(call))", at: call))
                    return .normal
                }
                for item in items { _ = invoke(body, with: [(nil, item)], at: call) }
                return .normal
            }
            let result = evaluate(expr, in: scope)
            if case .unknown(let decline) = result, !isPure(name) {
                mutate(base, in: scope) { _ in .unknown(decline) }
            }
            return .normal
        }
        _ = evaluate(expr, in: scope)
        for ampersand in expr.tokens(viewMode: .sourceAccurate) where ampersand.tokenKind == .prefixAmpersand && !policy.declaredTypes {
            poison(decline("inout argument", at: ampersand))
        }
        return .normal
    }

    func execute(if ifExpr: IfExprSyntax, in scope: Scope) -> Flow {
        let conditionScope = Scope(parent: scope)
        switch evaluate(conditions: ifExpr.conditions, in: conditionScope) {
        case .bool(true):
            return execute(ifExpr.body.statements, in: Scope(parent: conditionScope))
        case .bool(false):
            switch ifExpr.elseBody {
            case .ifExpr(let next)?: return execute(if: next, in: scope)
            case .codeBlock(let block)?: return execute(block.statements, in: Scope(parent: scope))
            case nil: return .normal
            }
        case let value:
            let decline = value.decline ?? decline("condition \(snippet(ifExpr.conditions)) (\(value.typeDescription))", at: ifExpr.conditions)
            return undecidable(Syntax(ifExpr), in: scope, because: decline)
        }
    }

    func execute(switch switchExpr: SwitchExprSyntax, in scope: Scope) -> Flow {
        let subject = evaluate(switchExpr.subject, in: scope)
        guard subject.decline == nil else {
            return undecidable(Syntax(switchExpr), in: scope, because: subject.decline ?? decline("switch subject", at: switchExpr.subject))
        }
        switch matchingCase(of: switchExpr, subject: subject, in: scope) {
        case .matched(let switchCase, let caseScope):
            let flow = execute(switchCase.statements, in: caseScope)
            if case .breakLoop = flow { return .normal }
            return flow
        case .none:
            return .normal
        case .undecidable(let decline):
            return undecidable(Syntax(switchExpr), in: scope, because: decline)
        }
    }

    /// A branch that may or may not run: whatever it could change becomes unknown.
    func undecidable(_ node: Syntax, in scope: Scope, because decline: Decline) -> Flow {
        taint(node, in: scope, because: decline)
        if containsControlTransfer(node) { return .returned(.unknown(decline)) }
        return .normal
    }

    func execute(for forStmt: ForStmtSyntax, in scope: Scope) -> Flow {
        let sequence = evaluate(forStmt.sequence, in: scope)
        guard case .array(let items) = sequence, forStmt.tryKeyword == nil, forStmt.awaitKeyword == nil,
              forStmt.caseKeyword == nil else {
            let decline = sequence.decline ?? decline("for loop over \(snippet(forStmt.sequence))", at: forStmt.sequence)
            taint(Syntax(forStmt.body), in: scope, because: decline)
            return .normal
        }
        let variable = forStmt.pattern.as(IdentifierPatternSyntax.self)?.identifier.text
        guard variable != nil || forStmt.pattern.is(WildcardPatternSyntax.self) else {
            taint(Syntax(forStmt.body), in: scope, because: decline("for loop pattern \(snippet(forStmt.pattern))", at: forStmt.pattern))
            return .normal
        }
        for item in items {
            let iterationScope = Scope(parent: scope)
            if let variable { iterationScope.declare(variable, item) }
            if let whereClause = forStmt.whereClause {
                switch evaluate(whereClause.condition, in: iterationScope) {
                case .bool(true): break
                case .bool(false): continue
                case let value:
                    let decline = value.decline ?? decline("where clause \(snippet(whereClause.condition))", at: whereClause)
                    if case .returned(let result) = undecidable(Syntax(forStmt.body), in: iterationScope, because: decline) {
                        return .returned(result)
                    }
                    continue
                }
            }
            switch execute(forStmt.body.statements, in: iterationScope) {
            case .normal, .continueLoop: continue
            case .breakLoop: return .normal
            case .returned(let value): return .returned(value)
            }
        }
        return .normal
    }

    // MARK: - Mutation

    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeSubrange",
        "replaceSubrange", "sort", "reverse", "shuffle", "formUnion", "subtract", "swapAt",
    ]

    func assignmentOperator(_ infix: InfixOperatorExprSyntax) -> String? {
        if infix.operator.is(AssignmentExprSyntax.self) { return "=" }
        guard let binary = infix.operator.as(BinaryOperatorExprSyntax.self) else { return nil }
        let text = binary.operator.text
        guard text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) else { return nil }
        return text
    }

    func applyMutation(_ name: String, _ arguments: [(label: String?, value: Value)], to old: Value, at node: some SyntaxProtocol) -> Value {
        if let decline = old.decline { return .unknown(decline) }
        guard case .array(var items) = old else { return unknown("\(name) on \(old.typeDescription)", at: node) }
        if let decline = arguments.lazy.compactMap({ $0.value.decline }).first { return .unknown(decline) }
        switch (name, arguments.map(\.label)) {
        case ("append", [nil]):
            items.append(arguments[0].value)
        case ("append", ["contentsOf"]):
            guard case .array(let more) = arguments[0].value else { return unknown("append(contentsOf:) of \(arguments[0].value.typeDescription)", at: node) }
            items.append(contentsOf: more)
        case ("insert", [nil, "at"]):
            guard case .int(let index) = arguments[1].value, index >= 0, index <= items.count else { return unknown("insert(_:at:)", at: node) }
            items.insert(arguments[0].value, at: index)
        case ("insert", ["contentsOf", "at"]):
            guard case .array(let more) = arguments[0].value, case .int(let index) = arguments[1].value,
                  index >= 0, index <= items.count else { return unknown("insert(contentsOf:at:)", at: node) }
            items.insert(contentsOf: more, at: index)
        case ("removeAll", []):
            items.removeAll()
        case ("removeAll", ["where"]):
            guard case .function(let predicate) = arguments[0].value else { return unknown("removeAll(where:)", at: node) }
            var kept: [Value] = []
            for item in items {
                switch invoke(predicate, with: [(nil, item)], at: node) {
                case .bool(true): continue
                case .bool(false): kept.append(item)
                case let other: return .unknown(other.decline ?? decline("removeAll(where:) predicate", at: node))
                }
            }
            items = kept
        default:
            return unknown("\(name)(\(arguments.map { ($0.label ?? "_") + ":" }.joined()))", at: node)
        }
        return .array(items)
    }

    /// Replaces the value an lvalue (`x`, `x.p`, `x.p[i]`) designates.
    func mutate(_ lvalue: ExprSyntax, in scope: Scope, _ transform: (Value) -> Value) {
        if let reference = lvalue.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            guard let old = scope.lookup(name) else {
                poison(decline("assignment to undeclared '\(name)'", at: lvalue))
                return
            }
            scope.assign(name, transform(old))
            return
        }
        if let member = lvalue.as(MemberAccessExprSyntax.self), let base = member.base {
            let name = member.declName.baseName.text
            switch evaluate(base, in: scope) {
            case .object(let object):
                object.setProperty(name, transform(object.property(name) ?? .null))
            case .instance where policy.declaredTypes:
                // A struct is a value: the variable (or property) holding it gets the changed copy.
                mutate(base, in: scope) { old in
                    guard case .instance(var instance) = old else { return self.unknown("assignment to \(self.snippet(lvalue))", at: lvalue) }
                    instance[name] = transform(instance[name] ?? .null)
                    return .instance(instance)
                }
            case .unknown(let decline):
                taintUnresolved(lvalue, property: name, because: decline)
            default:
                mutate(base, in: scope) { _ in self.unknown("assignment to \(self.snippet(lvalue))", at: lvalue) }
            }
            return
        }
        if let subscriptCall = lvalue.as(SubscriptCallExprSyntax.self), subscriptCall.arguments.count == 1,
           let indexExpr = subscriptCall.arguments.first?.expression {
            let index = evaluate(indexExpr, in: scope)
            mutate(subscriptCall.calledExpression, in: scope) { old in
                guard case .array(var items) = old, case .int(let i) = index, items.indices.contains(i) else {
                    return self.unknown("subscript assignment \(self.snippet(lvalue))", at: lvalue)
                }
                items[i] = transform(items[i])
                return .array(items)
            }
            return
        }
        if let optional = lvalue.as(OptionalChainingExprSyntax.self) {
            mutate(optional.expression, in: scope) { old in
                if case .null = old { return old }
                return transform(old)
            }
            return
        }
        if let force = lvalue.as(ForceUnwrapExprSyntax.self) {
            mutate(force.expression, in: scope, transform)
            return
        }
        poison(decline("assignment to \(snippet(lvalue))", at: lvalue))
    }

    /// Properties a manifest may change that do not affect the dependency graph.
    static let graphNeutralProperties: Set<String> = [
        "swiftSettings", "cSettings", "cxxSettings", "linkerSettings", "plugins", "exclude", "resources", "path",
        "sources", "publicHeadersPath", "platforms", "swiftLanguageVersions", "swiftLanguageModes",
        "cLanguageStandard", "cxxLanguageStandard", "defaultLocalization", "pkgConfig", "providers",
        "packageAccess", "url", "checksum",
    ]

    /// A property of an object the interpreter cannot name: harmless for settings, fatal for the graph.
    func taintUnresolved(_ lvalue: ExprSyntax, property: String, because decline: Decline) {
        if !Self.graphNeutralProperties.contains(property) { poison(decline) }
    }

    /// Makes everything `node` could assign or mutate unknown.
    func taint(_ node: Syntax, in scope: Scope, because decline: Decline) {
        let locals = declaredNames(in: node)
        for candidate in node.preOrderDescendants() {
            var lvalue: ExprSyntax?
            if let infix = candidate.as(InfixOperatorExprSyntax.self), assignmentOperator(infix) != nil {
                lvalue = infix.leftOperand
            } else if let call = candidate.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.base {
                    if !isPure(member.declName.baseName.text) { lvalue = base }
                } else if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self),
                          case .function? = scope.lookup(reference.baseName.text) {
                    poison(self.decline("call to '\(reference.baseName.text)' under an undecidable condition (\(decline.construct))", at: call))
                }
            } else if let inoutExpr = candidate.as(InOutExprSyntax.self) {
                lvalue = inoutExpr.expression
            }
            guard let lvalue else { continue }
            let (root, property) = rootAndLastProperty(of: lvalue)
            guard let root else {
                poison(decline)
                continue
            }
            if locals.contains(root) {
                if let property, !Self.graphNeutralProperties.contains(property) { poison(decline) }
                continue
            }
            guard scope.lookup(root) != nil else { continue }
            mutate(lvalue, in: scope) { _ in .unknown(decline) }
        }
    }

    func rootAndLastProperty(of lvalue: ExprSyntax) -> (root: String?, property: String?) {
        var current = lvalue
        var property: String?
        while true {
            if let reference = current.as(DeclReferenceExprSyntax.self) { return (reference.baseName.text, property) }
            if let member = current.as(MemberAccessExprSyntax.self), let base = member.base {
                if property == nil { property = member.declName.baseName.text }
                current = base
            } else if let subscriptCall = current.as(SubscriptCallExprSyntax.self) {
                current = subscriptCall.calledExpression
            } else if let optional = current.as(OptionalChainingExprSyntax.self) {
                current = optional.expression
            } else if let force = current.as(ForceUnwrapExprSyntax.self) {
                current = force.expression
            } else if let call = current.as(FunctionCallExprSyntax.self) {
                current = call.calledExpression
            } else {
                return (nil, property)
            }
        }
    }

    func declaredNames(in node: Syntax) -> Set<String> {
        var names: Set<String> = []
        for candidate in node.preOrderDescendants() {
            if let pattern = candidate.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
            if let binding = candidate.as(OptionalBindingConditionSyntax.self),
               let pattern = binding.pattern.as(IdentifierPatternSyntax.self) { names.insert(pattern.identifier.text) }
            if let parameter = candidate.as(ClosureShorthandParameterSyntax.self) { names.insert(parameter.name.text) }
            if let parameter = candidate.as(ClosureParameterSyntax.self) { names.insert((parameter.secondName ?? parameter.firstName).text) }
        }
        return names
    }

    func containsControlTransfer(_ node: Syntax) -> Bool {
        node.preOrderDescendants().contains { $0.is(ReturnStmtSyntax.self) || $0.is(BreakStmtSyntax.self) || $0.is(ContinueStmtSyntax.self) }
    }

    /// Methods of the standard library known not to change their receiver.
    static let pureMethods: Set<String> = [
        "map", "flatMap", "compactMap", "filter", "contains", "first", "last", "allSatisfy", "reduce", "sorted",
        "joined", "lowercased", "uppercased", "hasPrefix", "hasSuffix", "split", "reversed", "appending",
        "union", "intersection", "isEmpty", "count", "starts", "dropFirst", "dropLast", "prefix", "suffix",
    ]

    func isPure(_ name: String) -> Bool {
        Self.pureMethods.contains(name)
    }
}

extension Interpreter {
    /// A literal's value: a plain one-line literal of one segment without a backslash is its text as written (most of a
    /// manifest's strings; computing the represented value is costlier), any other as SwiftSyntax represents it.
    static func literalValue(_ literal: StringLiteralExprSyntax) -> String? {
        if !literal.hasError, literal.openingPounds == nil, literal.openingQuote.tokenKind == .stringQuote, literal.segments.count == 1,
           case .stringSegment(let segment) = literal.segments.first, !segment.content.text.utf8.contains(UInt8(ascii: "\\")) {
            return segment.content.text
        }
        return literal.representedLiteralValue
    }
}

/// String literals that are not labeled arguments, in source order.
private final class StringLiteralCollector: SyntaxVisitor {
    var literals: [StringLiteralExprSyntax] = []

    override func visit(_ node: StringLiteralExprSyntax) -> SyntaxVisitorContinueKind {
        if node.parent?.as(LabeledExprSyntax.self)?.label == nil { literals.append(node) }
        return .skipChildren
    }
}

extension Syntax {
    func preOrderDescendants() -> [Syntax] {
        var result: [Syntax] = []
        var stack: [Syntax] = [self]
        while let node = stack.popLast() {
            result.append(node)
            stack.append(contentsOf: node.children(viewMode: .sourceAccurate).reversed())
        }
        return result
    }
}

extension Interpreter {
    func staticMembers(named name: String) -> [Callable] {
        staticMembersByName[name] ?? []
    }

    func enterCall() -> Bool {
        guard depth < Self.maximumDepth, calls < Self.maximumCalls else { return false }
        calls += 1
        depth += 1
        return true
    }

    func leaveCall() {
        depth -= 1
    }
}
