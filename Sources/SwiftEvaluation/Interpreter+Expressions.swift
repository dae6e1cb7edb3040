import Foundation
import SwiftSyntax

extension Interpreter {
    func evaluate(_ expr: ExprSyntax, in scope: Scope) -> Value {
        switch expr.as(ExprSyntaxEnum.self) {
        case .stringLiteralExpr(let literal):
            return evaluate(string: literal, in: scope)
        case .integerLiteralExpr(let literal):
            guard let value = Int(literal.literal.text.replacingOccurrences(of: "_", with: "")) else {
                return unknown("integer literal \(literal.literal.text)", at: literal)
            }
            return .int(value)
        case .booleanLiteralExpr(let literal):
            return .bool(literal.literal.tokenKind == .keyword(.true))
        case .nilLiteralExpr:
            return .null
        case .arrayExpr(let array):
            return .array(array.elements.map { evaluate($0.expression, in: scope) })
        case .declReferenceExpr(let reference):
            return evaluate(reference: reference, in: scope)
        case .memberAccessExpr(let member):
            return evaluate(member: member, in: scope)
        case .functionCallExpr(let call):
            return evaluate(call: call, in: scope)
        case .subscriptCallExpr(let subscriptCall):
            return evaluate(subscript: subscriptCall, in: scope)
        case .infixOperatorExpr(let infix):
            return evaluate(infix: infix, in: scope)
        case .prefixOperatorExpr(let prefix):
            let operand = evaluate(prefix.expression, in: scope)
            switch (prefix.operator.text, operand) {
            case ("!", .bool(let value)): return .bool(!value)
            case ("-", .int(let value)): return .int(-value)
            case (_, .unknown): return operand
            default: return unknown("operator \(prefix.operator.text) on \(operand.typeDescription)", at: prefix)
            }
        case .ternaryExpr(let ternary):
            switch evaluate(ternary.condition, in: scope) {
            case .bool(true): return evaluate(ternary.thenExpression, in: scope)
            case .bool(false): return evaluate(ternary.elseExpression, in: scope)
            case .unknown(let decline): return .unknown(decline)
            case let other: return unknown("ternary condition (\(other.typeDescription))", at: ternary.condition)
            }
        case .tupleExpr(let tuple):
            guard tuple.elements.count == 1, let element = tuple.elements.first, element.label == nil else {
                return unknown("tuple \(snippet(tuple))", at: tuple)
            }
            return evaluate(element.expression, in: scope)
        case .optionalChainingExpr(let optional):
            return evaluate(optional.expression, in: scope)
        case .forceUnwrapExpr(let force):
            let value = evaluate(force.expression, in: scope)
            if case .null = value { return unknown("force unwrap of nil", at: force) }
            return value
        case .asExpr(let cast):
            guard cast.questionOrExclamationMark == nil else { return unknown("cast \(snippet(cast))", at: cast) }
            return evaluate(cast.expression, in: scope)
        case .closureExpr(let closure):
            return .function(Callable(name: "closure", body: .closure(closure), scope: scope))
        case .ifExpr(let ifExpr):
            return evaluate(ifExpression: ifExpr, in: scope)
        case .switchExpr(let switchExpr):
            return evaluate(switchExpression: switchExpr, in: scope)
        case .tryExpr(let tryExpr) where tryExpr.questionOrExclamationMark == nil:
            return evaluate(tryExpr.expression, in: scope)
        case .inOutExpr(let inOut) where policy.declaredTypes:
            return evaluate(inOut.expression, in: scope)
        case .dictionaryExpr(let dictionary):
            guard case .elements(let elements) = dictionary.content else { return .dictionary([]) }
            return .dictionary(elements.map { (evaluate($0.key, in: scope), evaluate($0.value, in: scope)) })
        case .keyPathExpr(let keyPath) where keyPath.root == nil:
            var names: [String] = []
            for component in keyPath.components {
                guard case .property(let property) = component.component else { return unknown("key path \(snippet(keyPath))", at: keyPath) }
                names.append(property.declName.baseName.text)
            }
            return .keyPath(names)
        default:
            return unknown("expression \(snippet(expr))", at: expr)
        }
    }

    private func evaluate(string literal: StringLiteralExprSyntax, in scope: Scope) -> Value {
        if let value = literal.representedLiteralValue { return .string(value) }
        var result = ""
        for segment in literal.segments {
            switch segment {
            case .stringSegment(let text):
                guard !text.content.text.contains("\\") else { return unknown("escape sequence in an interpolated string", at: text) }
                result += text.content.text
            case .expressionSegment(let interpolation):
                guard interpolation.expressions.count == 1, let element = interpolation.expressions.first, element.label == nil else {
                    return unknown("string interpolation \(snippet(interpolation))", at: interpolation)
                }
                switch evaluate(element.expression, in: scope) {
                case .string(let value): result += value
                case .int(let value): result += String(value)
                case .bool(let value): result += String(value)
                case .unknown(let decline): return .unknown(decline)
                case let other:
                    guard policy.declaredTypes, let text = described(other) else { return unknown("interpolation of \(other.typeDescription)", at: interpolation) }
                    result += text
                }
            }
        }
        return .string(result)
    }

    private func evaluate(reference: DeclReferenceExprSyntax, in scope: Scope) -> Value {
        let name = reference.baseName.text
        if let value = scope.lookup(name) {
            if case .function(let callable) = value {
                switch callable.body {
                case .computed, .expression: return invoke(callable, with: [], at: reference)
                default: break
                }
            }
            return value
        }
        if policy.declaredTypes {
            // In a protocol extension's member, `Self` is the type of the value it is called on.
            if name == "Self", let owner = scope.lookup("self").flatMap(declaredType(of:)) ?? owners.last { return .type(owner) }
            if let value = implicitSelfMember(name, in: scope, at: reference) { return value }
            if let resolved = types.resolve(name, from: owners.last) { return .type(resolved) }
        }
        if let first = name.first, first.isUppercase { return .type(types.unaliased(name, from: owners.last)) }
        return unknown("reference to '\(name)'", at: reference)
    }

    private func evaluate(member: MemberAccessExprSyntax, in scope: Scope) -> Value {
        let name = member.declName.baseName.text
        guard let baseExpr = member.base else {
            if policy.declaredTypes { return implicitMember(name, arguments: nil, at: member) }
            if let callable = staticMember(name, labels: nil) { return invoke(callable, with: [], at: member) }
            return .object(ManifestObject(kind: name, arguments: [], position: objectPosition(of: member)))
        }
        let base = evaluate(baseExpr, in: scope)
        if policy.declaredTypes, let value = memberOfDeclared(name, of: base, at: member) { return value }
        switch base {
        case .unknown:
            return base
        case .null where baseExpr.is(OptionalChainingExprSyntax.self):
            return .null
        case .type(let type):
            switch (type, name) {
            case ("ProcessInfo", "processInfo"): return .type("ProcessInfo.processInfo")
            case ("ProcessInfo.processInfo", "environment"), ("Context", "environment"): return .environment
            default: break
            }
            if let callable = staticMember(name, labels: nil) { return invoke(callable, with: [], at: member) }
            if let first = name.first, first.isUppercase { return .type(type + "." + name) }
            if Self.isHostAPI(type) { return .type(type + "." + name) }
            if declaredTypes.contains(type) { return unknown("\(type).\(name)", at: member) }
            return .object(ManifestObject(kind: name, qualifier: type, arguments: [], position: objectPosition(of: member)))
        case .object(let object):
            if let value = object.property(name) { return value }
            // An absent PackageDescription property is nil; anything else may be a property a manifest's own
            // extension computes, which the reader does not evaluate.
            return Self.packageDescriptionProperties.contains(name) ? .null : unknown("property '\(name)'", at: member)
        case .array(let items):
            switch name {
            case "count": return .int(items.count)
            case "isEmpty": return .bool(items.isEmpty)
            case "first": return items.first ?? .null
            case "last": return items.last ?? .null
            default: return unknown("property '\(name)' of an array", at: member)
            }
        case .environment where name == "keys":
            return .array(environment.keys.sorted().map(Value.string))
        case .string(let text):
            switch name {
            case "isEmpty": return .bool(text.isEmpty)
            case "count": return .int(text.count)
            case "capitalized" where policy.declaredTypes: return .string(text.capitalized)
            case "description" where policy.declaredTypes: return .string(text)
            default: return unknown("property '\(name)' of a string", at: member)
            }
        default:
            return unknown("property '\(name)' of \(base.typeDescription)", at: member)
        }
    }

    private func evaluate(subscript subscriptCall: SubscriptCallExprSyntax, in scope: Scope) -> Value {
        let base = evaluate(subscriptCall.calledExpression, in: scope)
        guard subscriptCall.arguments.count == 1, let argument = subscriptCall.arguments.first, argument.label == nil else {
            return unknown("subscript \(snippet(subscriptCall))", at: subscriptCall)
        }
        let index = evaluate(argument.expression, in: scope)
        switch (base, index) {
        case (.unknown, _): return base
        case (_, .unknown): return index
        case (.environment, .string(let key)): return environment[key].map(Value.string) ?? .null
        case (.array(let items), .int(let i)):
            return items.indices.contains(i) ? items[i] : unknown("index \(i) out of range", at: subscriptCall)
        case (.dictionary(let entries), _):
            for entry in entries {
                let equal = equals(entry.key, index, at: subscriptCall)
                if case .bool(true) = equal { return entry.value }
                if equal.decline != nil { return equal }
            }
            return .null
        default:
            return unknown("subscript of \(base.typeDescription) with \(index.typeDescription)", at: subscriptCall)
        }
    }

    private func evaluate(infix: InfixOperatorExprSyntax, in scope: Scope) -> Value {
        guard let op = infix.operator.as(BinaryOperatorExprSyntax.self)?.operator.text else {
            if let isExpr = infix.operator.as(UnresolvedIsExprSyntax.self) { return unknown("'is' test", at: isExpr) }
            return unknown("operator \(snippet(infix.operator))", at: infix)
        }
        switch op {
        case "&&", "||":
            let lhs = evaluate(infix.leftOperand, in: scope)
            if case .bool(let value) = lhs, value == (op == "||") { return lhs }
            let rhs = evaluate(infix.rightOperand, in: scope)
            switch (lhs, rhs) {
            case (.bool, .bool): return rhs
            case (.unknown, .bool(let value)) where value == (op == "||"): return rhs
            case (.unknown, _): return lhs
            case (_, .unknown): return rhs
            default: return unknown("operator \(op) on \(lhs.typeDescription) and \(rhs.typeDescription)", at: infix)
            }
        case "??":
            let lhs = evaluate(infix.leftOperand, in: scope)
            if case .null = lhs { return evaluate(infix.rightOperand, in: scope) }
            return lhs
        default:
            break
        }
        var lhs = evaluate(infix.leftOperand, in: scope)
        var rhs = evaluate(infix.rightOperand, in: scope)
        if let decline = lhs.decline ?? rhs.decline { return .unknown(decline) }
        if policy.declaredTypes, op == "==" || op == "!=" {
            rhs = inTypeOf(lhs, infix.rightOperand, in: scope) ?? rhs
            lhs = inTypeOf(rhs, infix.leftOperand, in: scope) ?? lhs
        }
        switch op {
        case "+": return add(lhs, rhs, at: infix)
        case "==": return equals(lhs, rhs, at: infix)
        case "!=":
            let equal = equals(lhs, rhs, at: infix)
            if case .bool(let value) = equal { return .bool(!value) }
            return equal
        case "<", ">", "<=", ">=":
            let result: Bool
            switch (lhs, rhs) {
            case let (.int(a), .int(b)):
                result = op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b
            case let (.string(a), .string(b)):
                result = op == "<" ? a < b : op == ">" ? a > b : op == "<=" ? a <= b : a >= b
            default:
                return unknown("operator \(op) on \(lhs.typeDescription)", at: infix)
            }
            return .bool(result)
        case "-", "*":
            guard case .int(let a) = lhs, case .int(let b) = rhs else { return unknown("operator \(op)", at: infix) }
            return .int(op == "-" ? a - b : a * b)
        default:
            return unknown("operator \(op)", at: infix)
        }
    }

    func add(_ lhs: Value, _ rhs: Value, at node: some SyntaxProtocol) -> Value {
        switch (lhs, rhs) {
        case (.unknown, _): return lhs
        case (_, .unknown): return rhs
        case let (.string(a), .string(b)): return .string(a + b)
        case let (.int(a), .int(b)): return .int(a + b)
        case let (.array(a), .array(b)): return .array(a + b)
        // `.ThirdParty.UI + [...]`: the chain's array, spliced in where it stands once the context names its type.
        case let (.object(chain), .array(b)) where chain.deferredMember != nil:
            return .array([.object(deferred(chain, member: chain.deferredMember ?? "", spliced: true))] + b)
        case let (.array(a), .object(chain)) where chain.deferredMember != nil:
            return .array(a + [.object(deferred(chain, member: chain.deferredMember ?? "", spliced: true))])
        default: return unknown("+ on \(lhs.typeDescription) and \(rhs.typeDescription)", at: node)
        }
    }

    func equals(_ lhs: Value, _ rhs: Value, at node: some SyntaxProtocol) -> Value {
        switch (lhs, rhs) {
        case (.unknown, _): return lhs
        case (_, .unknown): return rhs
        case (.null, .null): return .bool(true)
        case (.null, .string), (.string, .null), (.null, .bool), (.bool, .null), (.null, .int), (.int, .null),
             (.null, .object), (.object, .null), (.null, .array), (.array, .null):
            return .bool(false)
        case let (.string(a), .string(b)): return .bool(a == b)
        case let (.int(a), .int(b)): return .bool(a == b)
        case let (.bool(a), .bool(b)): return .bool(a == b)
        case let (.object(a), .object(b)) where a.arguments.isEmpty && b.arguments.isEmpty:
            return .bool(a.kind == b.kind)
        case (.enumCase, _), (_, .enumCase), (.instance, _), (_, .instance), (.type, .type), (.null, .type), (.type, .null),
             (.dictionary, _), (_, .dictionary):
            return equalsDeclared(lhs, rhs, at: node)
        case let (.array(a), .array(b)):
            guard a.count == b.count else { return .bool(false) }
            for (x, y) in zip(a, b) {
                let equal = equals(x, y, at: node)
                guard case .bool(true) = equal else { return equal }
            }
            return .bool(true)
        default:
            return unknown("== on \(lhs.typeDescription) and \(rhs.typeDescription)", at: node)
        }
    }

    private func evaluate(ifExpression ifExpr: IfExprSyntax, in scope: Scope) -> Value {
        let conditionScope = Scope(parent: scope)
        switch evaluate(conditions: ifExpr.conditions, in: conditionScope) {
        case .bool(true):
            return evaluateBranch(ifExpr.body.statements, in: Scope(parent: conditionScope), at: ifExpr)
        case .bool(false):
            switch ifExpr.elseBody {
            case .ifExpr(let next)?: return evaluate(ifExpression: next, in: scope)
            case .codeBlock(let block)?: return evaluateBranch(block.statements, in: Scope(parent: scope), at: ifExpr)
            case nil: return unknown("if expression without else", at: ifExpr)
            }
        case let other:
            return .unknown(other.decline ?? decline("if condition", at: ifExpr.conditions))
        }
    }

    func evaluateBranch(_ items: CodeBlockItemListSyntax, in scope: Scope, at node: some SyntaxProtocol) -> Value {
        if items.count == 1, case .expr(let expr)? = items.first?.item { return evaluate(expr, in: scope) }
        if case .returned(let value) = execute(items, in: scope) { return value }
        return unknown("branch without a value", at: node)
    }

    /// `.bool` for decidable conditions (all of a comma list), `.unknown` otherwise; binds `if let` names in `scope`.
    func evaluate(conditions: ConditionElementListSyntax, in scope: Scope) -> Value {
        for element in conditions {
            switch element.condition {
            case .expression(let expr):
                let value = evaluate(expr, in: scope)
                switch value {
                case .bool(true): continue
                case .bool(false): return value
                case .unknown: return value
                default: return unknown("condition of type \(value.typeDescription)", at: expr)
                }
            case .optionalBinding(let binding):
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else {
                    return unknown("optional binding \(snippet(binding))", at: binding)
                }
                let value: Value
                if let initializer = binding.initializer {
                    value = evaluate(initializer.value, in: scope)
                } else {
                    value = scope.lookup(name) ?? unknown("reference to '\(name)'", at: binding)
                }
                switch value {
                case .null: return .bool(false)
                case .unknown: return value
                default: scope.declare(name, value)
                }
            default:
                return unknown("condition \(snippet(element))", at: element)
            }
        }
        return .bool(true)
    }

    /// Stored properties of PackageDescription's `Package`, `Target`, `Product` and dependency types.
    static let packageDescriptionProperties: Set<String> = [
        "name", "targets", "products", "dependencies", "platforms", "swiftLanguageVersions", "swiftLanguageModes",
        "cLanguageStandard", "cxxLanguageStandard", "defaultLocalization", "pkgConfig", "providers", "traits", "type",
        "path", "url", "exclude", "sources", "resources", "publicHeadersPath", "swiftSettings", "cSettings",
        "cxxSettings", "linkerSettings", "plugins", "packageAccess", "checksum", "capability", "condition", "package",
        "moduleAliases", "requirement", "kind", "id", "targetNames", "settings",
    ]

    /// Foundation and PackageDescription APIs that read the machine (files, processes, git); never evaluated.
    static func isHostAPI(_ type: String) -> Bool {
        ["ProcessInfo", "Context", "FileManager", "URL", "Process", "Bundle", "NSString", "Host"].contains {
            type == $0 || type.hasPrefix($0 + ".")
        }
    }

    // MARK: - Calls

    private func makeObject(kind: String, qualifier: String? = nil, arguments: [(label: String?, value: Value)], at call: FunctionCallExprSyntax) -> ManifestObject {
        let object = ManifestObject(kind: kind, qualifier: qualifier, arguments: typedArguments(arguments, at: call), position: objectPosition(of: call))
        annotate(object, call)
        return object
    }

    /// Where an object's call is written: its range, its arguments' places, its file when not the evaluated one.
    func annotate(_ object: ManifestObject, _ call: FunctionCallExprSyntax) {
        object.range = call.positionAfterSkippingLeadingTrivia.utf8Offset..<call.endPositionBeforeTrailingTrivia.utf8Offset
        // One look-up of the call's file for all its arguments; their lines and columns are computed when asked (only a
        // refused argument's message reads them).
        let offsets = call.arguments.map(\.positionAfterSkippingLeadingTrivia)
            + (call.trailingClosure.map { [$0.positionAfterSkippingLeadingTrivia] } ?? [])
            + call.additionalTrailingClosures.map(\.positionAfterSkippingLeadingTrivia)
        let converter = converter(of: call)
        object.setArgumentPositions { offsets.map { Self.position($0, converter: converter) } }
        if callSites.isEmpty { object.file = file(of: call) }
    }

    func evaluateArguments(_ call: FunctionCallExprSyntax, in scope: Scope) -> [(label: String?, value: Value)] {
        var arguments = call.arguments.map { (label: $0.label?.text, value: evaluate($0.expression, in: scope)) }
        if let closure = call.trailingClosure {
            arguments.append((label: nil, value: .function(Callable(name: "closure", body: .closure(closure), scope: scope))))
        }
        for extra in call.additionalTrailingClosures {
            arguments.append((label: extra.label.text, value: .function(Callable(name: "closure", body: .closure(extra.closure), scope: scope))))
        }
        return arguments
    }

    private func evaluate(call: FunctionCallExprSyntax, in scope: Scope) -> Value {
        let inout_ = call.arguments.enumerated().compactMap { index, argument in argument.expression.as(InOutExprSyntax.self).map { (index, $0.expression) } }
        guard policy.declaredTypes, !inout_.isEmpty else { return evaluate(directCall: call, in: scope) }
        // An `inout` argument: the callee's parameter, as the call leaves it, is written back (else it is unknown).
        inoutRequest = (call.id, Set(inout_.map(\.0)))
        inoutResults = [:]
        let result = evaluate(directCall: call, in: scope)
        let results = inoutResults
        inoutRequest = nil
        for (index, lvalue) in inout_ {
            let written = results[index] ?? unknown("inout argument to \(snippet(call.calledExpression))", at: lvalue)
            mutate(lvalue, in: scope) { _ in written }
        }
        return result
    }

    /// `name(arguments)`: a function or closure in scope, a declared type's initializer, an API object, `Set`/`Array`/
    /// `String`, a method of `self`, a static member of the type being evaluated.
    private func evaluate(namedCall reference: DeclReferenceExprSyntax, _ call: FunctionCallExprSyntax, in scope: Scope) -> Value {
        let name = reference.baseName.text
        let arguments = evaluateArguments(call, in: scope)
        if let value = scope.lookup(name) {
            guard case .function(let callable) = value else { return unknown("call of \(value.typeDescription)", at: call) }
            return invoke(callable, with: arguments, at: call)
        }
        if policy.declaredTypes, let value = callOfDeclared(name, arguments, at: call) { return value }
        if policy.makesObject(name), !["Set", "Array", "String"].contains(name) {
            let object = makeObject(kind: name, arguments: arguments, at: call)
            if name == "Package" { createdPackages.append(object) }
            return .object(object)
        }
        switch name {
        case "Set", "Array":
            if arguments.count == 1, arguments[0].label == nil {
                if case .array = arguments[0].value { return arguments[0].value }
                if case .unknown = arguments[0].value { return arguments[0].value }
            }
            if arguments.isEmpty { return .array([]) }
        case "String":
            if arguments.count == 1, arguments[0].label == nil {
                switch arguments[0].value {
                case .string, .unknown: return arguments[0].value
                case .int(let value): return .string(String(value))
                default: break
                }
            }
        default:
            break
        }
        if let receiver = scope.lookup("self") {
            return callMethod(name, on: receiver, arguments, at: call, argumentSyntax: call.arguments)
        }
        if policy.declaredTypes, let owner = owners.last, let callable = staticMember(of: owner, name, labels: arguments.map(\.label)) {
            return invoke(callable, with: arguments, at: call)
        }
        return unknown("call to '\(name)'", at: call)
    }

    private func evaluate(directCall call: FunctionCallExprSyntax, in scope: Scope) -> Value {
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            return evaluate(namedCall: reference, call, in: scope)
        }
        if let closure = callee.as(ClosureExprSyntax.self) {
            let callable = Callable(name: "closure", body: .closure(closure), scope: scope)
            return invoke(callable, with: evaluateArguments(call, in: scope), at: call)
        }
        guard let member = callee.as(MemberAccessExprSyntax.self) else {
            return unknown("call \(snippet(call))", at: call)
        }
        let name = member.declName.baseName.text
        let arguments = evaluateArguments(call, in: scope)
        guard let baseExpr = member.base else {
            if policy.declaredTypes {
                let value = implicitMember(name, arguments: arguments, at: call)
                if case .object(let object) = value { annotate(object, call) }
                return value
            }
            if let callable = staticMember(name, labels: arguments.map(\.label)) {
                return invoke(callable, with: arguments, at: call)
            }
            return .object(makeObject(kind: name, arguments: arguments, at: call))
        }
        let base = evaluate(baseExpr, in: scope)
        switch base {
        case .unknown:
            return base
        case .null where baseExpr.is(OptionalChainingExprSyntax.self):
            return .null
        case .type(let type):
            if policy.declaredTypes, types.type(type) != nil, let value = self.call(name, ofType: type, arguments, at: call) { return value }
            if let callable = staticMember(name, labels: arguments.map(\.label)) {
                return invoke(callable, with: arguments, at: call)
            }
            if declaredTypes.contains(type) || Self.isHostAPI(type) {
                return unknown("call to '\(type).\(name)'", at: call)
            }
            if name == "init" { return unknown("initializer \(snippet(callee))", at: call) }
            return .object(makeObject(kind: name, qualifier: type, arguments: arguments, at: call))
        default:
            return callMethod(name, on: base, arguments, at: call, argumentSyntax: call.arguments)
        }
    }

    private func callMethod(
        _ name: String, on receiver: Value, _ arguments: [(label: String?, value: Value)], at call: FunctionCallExprSyntax,
        argumentSyntax: LabeledExprListSyntax
    ) -> Value {
        if let extensionMethod = instanceMethod(name, on: receiver, labels: arguments.map(\.label)) {
            let bound = Callable(name: name, body: extensionMethod.body, scope: Scope(parent: extensionMethod.scope))
            bound.scope.declare("self", receiver)
            return invoke(bound, with: arguments, at: call)
        }
        if policy.declaredTypes, let value = methodOfDeclared(name, on: receiver, arguments, at: call) { return value }
        switch receiver {
        case .unknown: return receiver
        case .null where ["map", "flatMap"].contains(name): return .null
        case .array(let items): return callArrayMethod(name, on: items, arguments, at: call)
        case .string(let text): return callStringMethod(name, on: text, arguments, at: call, argumentSyntax: argumentSyntax)
        default: return unknown("method '\(name)' of \(receiver.typeDescription)", at: call)
        }
    }

    /// A method the manifest declares in an extension of the receiver's type (arrays: `Array`, `[T]`, `Collection`...).
    private func instanceMethod(_ name: String, on receiver: Value, labels: [String?]) -> Callable? {
        let candidates = instanceMethods[name] ?? []
        return candidates.first { type, callable in
            guard case .function(let function) = callable.body,
                  bind(parameters: function.signature.parameterClause.parameters, labels: labels) != nil else { return false }
            switch receiver {
            case .array: return type.hasPrefix("Array") || type.hasPrefix("[") || type.hasPrefix("Collection") || type.hasPrefix("Sequence")
            case .string: return type == "String" || type.hasPrefix("StringProtocol")
            default: return false
            }
        }?.callable
    }

    private func callArrayMethod(_ name: String, on items: [Value], _ arguments: [(label: String?, value: Value)], at call: FunctionCallExprSyntax) -> Value {
        if let decline = arguments.lazy.compactMap({ $0.value.decline }).first { return .unknown(decline) }
        let labels = arguments.map(\.label)
        let arguments = arguments.map { argument in (label: argument.label, value: functionOfKeyPath(argument.value)) }
        if policy.declaredTypes, let value = callMoreArrayMethods(name, on: items, arguments, at: call) { return value }
        if labels == [nil], case .function(let body) = arguments[0].value {
            switch name {
            case "map", "flatMap", "compactMap", "filter":
                var result: [Value] = []
                for item in items {
                    let mapped = invoke(body, with: [(nil, item)], at: call)
                    if case .unknown = mapped { return mapped }
                    switch name {
                    case "map": result.append(mapped)
                    case "compactMap": if case .null = mapped {} else { result.append(mapped) }
                    case "flatMap":
                        guard case .array(let inner) = mapped else { return unknown("flatMap returning \(mapped.typeDescription)", at: call) }
                        result.append(contentsOf: inner)
                    default:
                        guard case .bool(let keep) = mapped else { return unknown("filter predicate", at: call) }
                        if keep { result.append(item) }
                    }
                }
                return .array(result)
            default:
                break
            }
        }
        if ["contains", "allSatisfy", "first"].contains(name), labels == ["where"] || (name == "allSatisfy" && labels == [nil]),
           case .function(let predicate) = arguments[0].value {
            for item in items {
                switch invoke(predicate, with: [(nil, item)], at: call) {
                case .bool(true):
                    if name == "contains" { return .bool(true) }
                    if name == "first" { return item }
                case .bool(false):
                    if name == "allSatisfy" { return .bool(false) }
                case let other:
                    return .unknown(other.decline ?? decline("predicate of \(name)", at: call))
                }
            }
            return name == "first" ? .null : .bool(name == "allSatisfy")
        }
        switch (name, labels) {
        case ("contains", [nil]):
            for item in items {
                let equal = equals(item, arguments[0].value, at: call)
                guard case .bool(let isEqual) = equal else { return equal }
                if isEqual { return .bool(true) }
            }
            return .bool(false)
        case ("joined", ["separator"]), ("joined", []):
            var strings: [String] = []
            for item in items {
                // An element not evaluated says why itself (a chain whose context names neither type that declares it).
                if case .unknown = item { return item }
                guard case .string(let text) = item else { return unknown("joined of \(item.typeDescription)", at: call) }
                strings.append(text)
            }
            guard case .string(let separator)? = arguments.first?.value ?? .string("") else { return unknown("joined separator", at: call) }
            return .string(strings.joined(separator: separator))
        default:
            return unknown("array method '\(name)'", at: call)
        }
    }

    private func callStringMethod(
        _ name: String, on text: String, _ arguments: [(label: String?, value: Value)], at call: FunctionCallExprSyntax,
        argumentSyntax: LabeledExprListSyntax
    ) -> Value {
        if let decline = arguments.lazy.compactMap({ $0.value.decline }).first { return .unknown(decline) }
        switch (name, arguments.map(\.label)) {
        case ("lowercased", []): return .string(text.lowercased())
        case ("uppercased", []): return .string(text.uppercased())
        case ("hasPrefix", [nil]):
            guard case .string(let prefix) = arguments[0].value else { break }
            return .bool(text.hasPrefix(prefix))
        case ("hasSuffix", [nil]):
            guard case .string(let suffix) = arguments[0].value else { break }
            return .bool(text.hasSuffix(suffix))
        case ("contains", [nil]):
            guard case .string(let part) = arguments[0].value else { break }
            return .bool(part.isEmpty || text.contains(part))
        case ("replacingOccurrences", ["of", "with"]) where policy.declaredTypes:
            guard case .string(let target) = arguments[0].value, case .string(let replacement) = arguments[1].value else { break }
            return .string(text.replacingOccurrences(of: target, with: replacement))
        case ("prefix", [nil]) where policy.declaredTypes, ("suffix", [nil]) where policy.declaredTypes,
             ("dropFirst", [nil]) where policy.declaredTypes, ("dropLast", [nil]) where policy.declaredTypes:
            guard case .int(let count) = arguments[0].value, count >= 0 else { break }
            switch name {
            case "prefix": return .string(String(text.prefix(count)))
            case "suffix": return .string(String(text.suffix(count)))
            case "dropFirst": return .string(String(text.dropFirst(count)))
            default: return .string(String(text.dropLast(count)))
            }
        case ("dropFirst", []) where policy.declaredTypes: return .string(String(text.dropFirst()))
        case ("dropLast", []) where policy.declaredTypes: return .string(String(text.dropLast()))
        case ("components", ["separatedBy"]) where policy.declaredTypes, ("split", ["separator"]) where policy.declaredTypes:
            guard case .string(let separator) = arguments[0].value, !separator.isEmpty else { break }
            let parts = text.components(separatedBy: separator)
            return .array((name == "split" ? parts.filter { !$0.isEmpty } : parts).map(Value.string))
        case ("flatMap", [nil]), ("map", [nil]):
            let conversion = argumentSyntax.first?.expression.trimmedDescription
            if conversion == "Bool.init" || conversion == "Bool.init(_:)" {
                return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .null
            }
            if conversion == "Int.init" || conversion == "Int.init(_:)" { return Int(text).map(Value.int) ?? .null }
            if case .function(let body) = arguments[0].value { return invoke(body, with: [(nil, .string(text))], at: call) }
        default:
            break
        }
        return unknown("string method '\(name)'", at: call)
    }

    /// A static member the manifest declares with `name` whose parameters accept `labels` (nil: a property).
    func staticMember(_ name: String, labels: [String?]?) -> Callable? {
        staticMembers(named: name).first { accepts($0, labels: labels) }
    }

    /// Maps call labels to parameters: the parameter index each argument binds to, nil when they do not fit.
    func bind(parameters: FunctionParameterListSyntax, labels: [String?]) -> [Int]? {
        var result: [Int] = []
        var argumentIndex = 0
        for (parameterIndex, parameter) in parameters.enumerated() {
            let label: String? = parameter.firstName.tokenKind == .wildcard ? nil : parameter.firstName.text
            if argumentIndex < labels.count, labels[argumentIndex] == label {
                result.append(parameterIndex)
                argumentIndex += 1
            } else if parameter.defaultValue == nil {
                return nil
            }
        }
        return argumentIndex == labels.count ? result : nil
    }

    func invoke(_ callable: Callable, with arguments: [(label: String?, value: Value)], at node: some SyntaxProtocol, receiver: Value? = nil) -> Value {
        guard enterCall() else {
            return unknown(calls < Self.maximumCalls ? "recursion deeper than the static reader follows"
                           : "more than \(Self.maximumCalls) calls, more than the static reader follows", at: node)
        }
        defer { leaveCall() }
        // Only the call that has the `inout` arguments takes them, not one made while its arguments were evaluated.
        let request = inoutRequest.flatMap { $0.call == Syntax(node).id ? $0.arguments : nil }
        if request != nil { inoutRequest = nil }
        let scope = Scope(parent: callable.scope)
        if let receiver { scope.declare("self", receiver) }
        if let owner = callable.owner { owners.append(owner) }
        defer { if callable.owner != nil { owners.removeLast() } }
        if case .closure = callable.body {} else {
            callSites.append(position(of: node))
        }
        defer { if case .closure = callable.body {} else { callSites.removeLast() } }
        let (result, parameters) = run(callable, with: arguments, in: scope, at: node)
        if let request {
            for index in request where parameters.indices.contains(index) {
                if let name = parameters[index], let value = scope.lookup(name) { inoutResults[index] = value }
            }
        }
        guard policy.declaredTypes else { return result }
        return coerce(result, to: returnType(of: callable), at: node)
    }

    /// A static stored property's value, evaluated once as Swift does; one whose value needs itself (an implicit member
    /// the reader resolved to the property being evaluated) is unknown, never followed again.
    private func staticValue(_ expression: ExprSyntax, in scope: Scope) -> Value {
        if let value = staticValues[expression.id] { return value }
        guard evaluatingStatics.insert(expression.id).inserted else {
            return unknown("a static property whose value needs itself", at: expression)
        }
        let value = evaluate(expression, in: scope)
        evaluatingStatics.remove(expression.id)
        staticValues[expression.id] = value
        return value
    }

    /// The body of a callable run with its arguments bound; the result, and the name each argument was bound to.
    private func run(_ callable: Callable, with arguments: [(label: String?, value: Value)], in scope: Scope,
                     at node: some SyntaxProtocol) -> (Value, [String?]) {
        switch callable.body {
        case .computed(let accessors):
            guard case .getter(let items) = accessors.accessors else { return (unknown("property with accessors", at: accessors), []) }
            return (evaluateBody(items, in: scope, at: node), [])
        case .expression(let expression) where callable.owner != nil:
            return (staticValue(expression, in: scope), [])
        case .expression(let expression):
            return (evaluate(expression, in: scope), [])
        case .keyPath(let names):
            guard arguments.count == 1 else { return (unknown("key path called with \(arguments.count) arguments", at: node), []) }
            return (names.reduce(arguments[0].value) { readProperty($1, of: $0, at: node) }, [])
        case .closure(let closure):
            var names: [String] = []
            if let signature = closure.signature {
                switch signature.parameterClause {
                case .simpleInput(let shorthand)?: names = shorthand.map(\.name.text)
                case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
                case nil: break
                }
                guard names.count == arguments.count else { return (unknown("closure called with \(arguments.count) arguments", at: closure), []) }
            } else {
                names = arguments.indices.map { "$\($0)" }
            }
            for (name, argument) in zip(names, arguments) { scope.declare(name, argument.value) }
            return (evaluateBody(closure.statements, in: scope, at: node), names)
        case .function(let function):
            guard let body = function.body else { return (unknown("call to '\(callable.name)' with these arguments", at: node), []) }
            guard let names = bindArguments(arguments, to: function.signature.parameterClause.parameters, generics: function.genericParameterClause,
                                            of: callable, in: scope, at: node) else {
                return (unknown("call to '\(callable.name)' with these arguments", at: node), [])
            }
            return (evaluateBody(body.statements, in: scope, at: node), names)
        case .initializer(let initializer):
            guard let body = initializer.body,
                  let names = bindArguments(arguments, to: initializer.signature.parameterClause.parameters, generics: initializer.genericParameterClause,
                                            of: callable, in: scope, at: node) else {
                return (unknown("initializer of \(callable.owner ?? "a type") with these arguments", at: node), [])
            }
            if case .returned(let value) = execute(body.statements, in: scope), case .null = value {
                return (.null, names)
            }
            return (scope.lookup("self") ?? .null, names)
        }
    }

    /// Declares each parameter of a function or initializer in `scope`: its argument (given the parameter's declared
    /// type), else its default; a generic parameter is the type of its argument. Nil when the arguments do not fit.
    private func bindArguments(_ arguments: [(label: String?, value: Value)], to parameterList: FunctionParameterListSyntax,
                               generics: GenericParameterClauseSyntax?, of callable: Callable, in scope: Scope,
                               at node: some SyntaxProtocol) -> [String?]? {
        guard let binding = bind(parameters: parameterList, labels: arguments.map(\.label)) else { return nil }
        let parameters = Array(parameterList)
        let genericNames = Set(generics?.parameters.map(\.name.text) ?? [])
        var names: [String?] = Array(repeating: nil, count: arguments.count)
        for (parameterIndex, parameter) in parameters.enumerated() {
            let name = (parameter.secondName ?? parameter.firstName).text
            let declared = policy.declaredTypes ? TypeReference(parameter.type) : nil
            if let argumentIndex = binding.firstIndex(of: parameterIndex) {
                var value = arguments[argumentIndex].value
                if let declared {
                    bindGeneric(declared, to: value, generics: genericNames, in: scope)
                    value = coerce(value, to: declared, at: node)
                }
                scope.declare(name, value)
                names[argumentIndex] = name
            } else if let defaultValue = parameter.defaultValue {
                scope.declare(name, coerce(evaluate(defaultValue.value, in: callable.scope), to: declared, at: node))
            }
        }
        return names
    }

    /// `module: T` or `rootModule: T.Type` with `T` a generic parameter: `T` is the argument's type.
    private func bindGeneric(_ declared: TypeReference, to value: Value, generics: Set<String>, in scope: Scope) {
        switch (declared, value) {
        case (.named(let name), _) where generics.contains(name):
            if let type = declaredType(of: value) { scope.declare(name, .type(type)) }
        case (.metatype(.named(let name)), .type(let type)) where generics.contains(name):
            scope.declare(name, .type(type))
        default:
            break
        }
    }

    /// What a callable's declaration says it returns (`-> TargetDependency`, `var name: String`).
    private func returnType(of callable: Callable) -> TypeReference? {
        switch callable.body {
        case .function(let function): return TypeReference(function.signature.returnClause?.type)
        case .computed, .expression: return callable.type
        case .closure, .initializer, .keyPath: return nil
        }
    }

    static func isAssignment(_ expr: ExprSyntax, of interpreter: Interpreter) -> Bool {
        guard let infix = expr.as(InfixOperatorExprSyntax.self) else { return false }
        return interpreter.assignmentOperator(infix) != nil
    }

    private func evaluateBody(_ items: CodeBlockItemListSyntax, in scope: Scope, at node: some SyntaxProtocol) -> Value {
        if items.count == 1, let only = items.first {
            // `{ $0.sources = … }`: an assignment is run, not read as a value.
            if case .expr(let expr) = only.item, !Self.isAssignment(expr, of: self) { return evaluate(expr, in: scope) }
            // A body of one `switch` (or `if`/`else`) is its value (Swift 5.9), whether its branches return or not.
            if policy.declaredTypes, case .stmt(let stmt) = only.item, let expression = stmt.as(ExpressionStmtSyntax.self)?.expression {
                if let switchExpr = expression.as(SwitchExprSyntax.self) { return evaluate(switchExpression: switchExpr, in: scope) }
                if let ifExpr = expression.as(IfExprSyntax.self), ifExpr.elseBody != nil { return evaluate(ifExpression: ifExpr, in: scope) }
            }
            if case .stmt(let stmt) = only.item, let expression = stmt.as(ExpressionStmtSyntax.self),
               !expression.expression.is(IfExprSyntax.self), !expression.expression.is(SwitchExprSyntax.self) {
                return evaluate(expression.expression, in: scope)
            }
        }
        switch execute(items, in: scope) {
        case .returned(let value): return value
        default: return .null
        }
    }
}
