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
                case let other: return unknown("interpolation of \(other.typeDescription)", at: interpolation)
                }
            }
        }
        return .string(result)
    }

    private func evaluate(reference: DeclReferenceExprSyntax, in scope: Scope) -> Value {
        let name = reference.baseName.text
        if let value = scope.lookup(name) {
            if case .function(let callable) = value, case .computed = callable.body {
                return invoke(callable, with: [], at: reference)
            }
            return value
        }
        if let first = name.first, first.isUppercase { return .type(name) }
        return unknown("reference to '\(name)'", at: reference)
    }

    private func evaluate(member: MemberAccessExprSyntax, in scope: Scope) -> Value {
        let name = member.declName.baseName.text
        guard let baseExpr = member.base else {
            if let callable = staticMember(name, labels: nil) { return invoke(callable, with: [], at: member) }
            return .object(ManifestObject(kind: name, arguments: [], position: objectPosition(of: member)))
        }
        let base = evaluate(baseExpr, in: scope)
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
        let lhs = evaluate(infix.leftOperand, in: scope)
        let rhs = evaluate(infix.rightOperand, in: scope)
        if let decline = lhs.decline ?? rhs.decline { return .unknown(decline) }
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

    private func evaluateBranch(_ items: CodeBlockItemListSyntax, in scope: Scope, at node: some SyntaxProtocol) -> Value {
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
        let object = ManifestObject(kind: kind, qualifier: qualifier, arguments: arguments, position: objectPosition(of: call))
        object.range = call.positionAfterSkippingLeadingTrivia.utf8Offset..<call.endPositionBeforeTrailingTrivia.utf8Offset
        object.argumentPositions = call.arguments.map { position(of: $0) } + (call.trailingClosure.map { [position(of: $0)] } ?? [])
            + call.additionalTrailingClosures.map { position(of: $0) }
        return object
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
        let callee = call.calledExpression
        if let reference = callee.as(DeclReferenceExprSyntax.self) {
            let name = reference.baseName.text
            let arguments = evaluateArguments(call, in: scope)
            if let value = scope.lookup(name) {
                guard case .function(let callable) = value else { return unknown("call of \(value.typeDescription)", at: call) }
                return invoke(callable, with: arguments, at: call)
            }
            switch name {
            case "Package":
                let package = makeObject(kind: "Package", arguments: arguments, at: call)
                createdPackages.append(package)
                return .object(package)
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
            return unknown("call to '\(name)'", at: call)
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
        staticMembers(named: name).first { callable in
            switch callable.body {
            case .computed, .closure: return labels == nil
            case .function(let function):
                guard let labels else { return false }
                return bind(parameters: function.signature.parameterClause.parameters, labels: labels) != nil
            }
        }
    }

    /// Maps call labels to parameters: the parameter index each argument binds to, nil when they do not fit.
    private func bind(parameters: FunctionParameterListSyntax, labels: [String?]) -> [Int]? {
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

    func invoke(_ callable: Callable, with arguments: [(label: String?, value: Value)], at node: some SyntaxProtocol) -> Value {
        guard enterCall() else { return unknown("recursion deeper than the static reader follows", at: node) }
        defer { leaveCall() }
        let scope = Scope(parent: callable.scope)
        if case .closure = callable.body {} else {
            callSites.append(position(of: node))
        }
        defer { if case .closure = callable.body {} else { callSites.removeLast() } }
        switch callable.body {
        case .computed(let accessors):
            guard case .getter(let items) = accessors.accessors else { return unknown("property with accessors", at: accessors) }
            return evaluateBody(items, in: scope, at: node)
        case .closure(let closure):
            if let signature = closure.signature {
                var names: [String] = []
                switch signature.parameterClause {
                case .simpleInput(let shorthand)?: names = shorthand.map(\.name.text)
                case .parameterClause(let clause)?: names = clause.parameters.map { ($0.secondName ?? $0.firstName).text }
                case nil: break
                }
                guard names.count == arguments.count else { return unknown("closure called with \(arguments.count) arguments", at: closure) }
                for (name, argument) in zip(names, arguments) { scope.declare(name, argument.value) }
            } else {
                for (index, argument) in arguments.enumerated() { scope.declare("$\(index)", argument.value) }
            }
            return evaluateBody(closure.statements, in: scope, at: node)
        case .function(let function):
            let parameters = Array(function.signature.parameterClause.parameters)
            guard let body = function.body,
                  let binding = bind(parameters: function.signature.parameterClause.parameters, labels: arguments.map(\.label)) else {
                return unknown("call to '\(callable.name)' with these arguments", at: node)
            }
            for (parameterIndex, parameter) in parameters.enumerated() {
                let name = (parameter.secondName ?? parameter.firstName).text
                if let argumentIndex = binding.firstIndex(of: parameterIndex) {
                    scope.declare(name, arguments[argumentIndex].value)
                } else if let defaultValue = parameter.defaultValue {
                    scope.declare(name, evaluate(defaultValue.value, in: callable.scope))
                }
            }
            return evaluateBody(body.statements, in: scope, at: node)
        }
    }

    private func evaluateBody(_ items: CodeBlockItemListSyntax, in scope: Scope, at node: some SyntaxProtocol) -> Value {
        if items.count == 1, let only = items.first {
            if case .expr(let expr) = only.item { return evaluate(expr, in: scope) }
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
