import SwiftSyntax

/// `switch` cases matched against a value: expression patterns compared with `==`, and (with declared types) enum case
/// patterns that bind associated values (`case let .feature(module):`), `where` clauses, and a `switch` used as a value.
extension Interpreter {
    enum CaseMatch {
        case matched(SwitchCaseSyntax, Scope)
        case none
        case undecidable(Decline)
    }

    func matchingCase(of switchExpr: SwitchExprSyntax, subject: Value, in scope: Scope) -> CaseMatch {
        for element in switchExpr.cases {
            guard case .switchCase(let switchCase) = element else { return .undecidable(decline("#if inside switch", at: element)) }
            let caseScope = Scope(parent: scope)
            var matches: Value = .bool(false)
            switch switchCase.label {
            case .default: matches = .bool(true)
            case .case(let label):
                for item in label.caseItems {
                    matches = match(item, subject, in: caseScope, scope: scope)
                    if case .bool(false) = matches { continue }
                    break
                }
            }
            switch matches {
            case .bool(true): return .matched(switchCase, caseScope)
            case .bool(false): continue
            default: return .undecidable(matches.decline ?? decline("switch", at: switchCase))
            }
        }
        return .none
    }

    private func match(_ item: SwitchCaseItemSyntax, _ subject: Value, in caseScope: Scope, scope: Scope) -> Value {
        guard policy.declaredTypes else {
            guard item.whereClause == nil, let pattern = item.pattern.as(ExpressionPatternSyntax.self) else {
                return unknown("case pattern \(snippet(item))", at: item)
            }
            return equals(subject, evaluate(pattern.expression, in: scope), at: item)
        }
        let matched = match(item.pattern, subject, in: caseScope, scope: scope)
        guard case .bool(true) = matched, let whereClause = item.whereClause else { return matched }
        switch evaluate(whereClause.condition, in: caseScope) {
        case .bool(let value): return .bool(value)
        case .unknown(let decline): return .unknown(decline)
        case let other: return unknown("where clause of \(other.typeDescription)", at: whereClause)
        }
    }

    private func match(_ pattern: PatternSyntax, _ subject: Value, in caseScope: Scope, scope: Scope) -> Value {
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return match(binding.pattern, subject, in: caseScope, scope: scope) }
        if pattern.is(WildcardPatternSyntax.self) { return .bool(true) }
        if let identifier = pattern.as(IdentifierPatternSyntax.self) {
            caseScope.declare(identifier.identifier.text, subject)
            return .bool(true)
        }
        guard let expression = pattern.as(ExpressionPatternSyntax.self)?.expression else { return unknown("case pattern \(snippet(pattern))", at: pattern) }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self),
           call.arguments.contains(where: { Self.boundName($0.expression) != nil || $0.expression.is(DiscardAssignmentExprSyntax.self) }) {
            return matchCase(member.declName.baseName.text, arguments: call.arguments, subject, in: caseScope, scope: scope)
        }
        let candidate = inTypeOf(subject, expression, in: scope) ?? evaluate(expression, in: scope)
        return equals(subject, candidate, at: pattern)
    }

    /// `.feature(let module)` against a case: the case's name compared, its associated values bound or compared.
    private func matchCase(_ name: String, arguments: LabeledExprListSyntax, _ subject: Value, in caseScope: Scope, scope: Scope) -> Value {
        let values: [Value]
        switch subject {
        case .enumCase(let enumCase):
            guard enumCase.name == name else { return .bool(false) }
            values = enumCase.associated.map(\.value)
        case .object(let object) where object.isImplicit:
            guard object.kind == name else { return .bool(false) }
            values = object.arguments.map(\.value)
        case .unknown:
            return subject
        default:
            return unknown("case pattern .\(name)(…) on \(subject.typeDescription)", at: arguments)
        }
        guard values.count == arguments.count else { return .bool(false) }
        for (argument, value) in zip(arguments, values) {
            if argument.expression.is(DiscardAssignmentExprSyntax.self) { continue }
            if let bound = Self.boundName(argument.expression) {
                caseScope.declare(bound, value)
                continue
            }
            let equal = equals(value, evaluate(argument.expression, in: scope), at: argument)
            guard case .bool(true) = equal else { return equal }
        }
        return .bool(true)
    }

    /// The name a pattern argument binds: `let module`, `module` under a `case let`, `module as any P`.
    static func boundName(_ expression: ExprSyntax) -> String? {
        if let cast = expression.as(AsExprSyntax.self) { return boundName(cast.expression) }
        guard let pattern = expression.as(PatternExprSyntax.self)?.pattern else { return nil }
        if let binding = pattern.as(ValueBindingPatternSyntax.self) { return binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        return pattern.as(IdentifierPatternSyntax.self)?.identifier.text
    }

    /// A `switch` whose value is used (`let product: Product = switch kind { … }`, a computed property's one switch).
    func evaluate(switchExpression switchExpr: SwitchExprSyntax, in scope: Scope) -> Value {
        let subject = evaluate(switchExpr.subject, in: scope)
        if case .unknown = subject { return subject }
        switch matchingCase(of: switchExpr, subject: subject, in: scope) {
        case .matched(let switchCase, let caseScope): return evaluateBranch(switchCase.statements, in: caseScope, at: switchCase)
        case .none: return unknown("switch with no case matching \(subject.typeDescription)", at: switchExpr)
        case .undecidable(let decline): return .unknown(decline)
        }
    }

    /// An implicit member (`.dev`, `.feature(.home)`) read in the declared type of `other`, the value it is compared with.
    func inTypeOf(_ other: Value, _ expression: ExprSyntax, in scope: Scope) -> Value? {
        guard policy.declaredTypes, let type = declaredType(of: other) else { return nil }
        if let member = expression.as(MemberAccessExprSyntax.self), member.base == nil {
            return self.member(member.declName.baseName.text, ofType: type, at: member)
        }
        if let call = expression.as(FunctionCallExprSyntax.self), let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil {
            return self.call(member.declName.baseName.text, ofType: type, evaluateArguments(call, in: scope), at: call)
        }
        return nil
    }
}
