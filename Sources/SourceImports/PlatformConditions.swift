import SwiftParser
import SwiftSyntax

/// The platform tests of an `#if` condition (`os(iOS)`, `targetEnvironment(macCatalyst)`) decided for the platforms a
/// target builds for; every other test (`canImport`, `DEBUG`, `arch`, `targetEnvironment(simulator)`) is unknown, so a
/// condition is only ever decided false by its platform tests.
enum PlatformConditions {
    enum Truth { case yes, no, unknown }

    /// Whether a condition tests the platform at all.
    static func testsPlatform(_ condition: String) -> Bool {
        condition.contains("os(") || condition.contains("targetEnvironment(")
    }

    /// Whether every condition of the list may hold on one of the platforms (all of them, else the import is not built).
    static func mayHold(_ conditions: [String], onAnyOf platforms: Set<String>) -> Bool {
        let expressions = conditions.filter(testsPlatform).compactMap(expression(of:))
        guard !expressions.isEmpty else { return true }
        return platforms.contains { platform in expressions.allSatisfy { evaluate($0, on: platform) != .no } }
    }

    private static func expression(of condition: String) -> ExprSyntax? {
        let file = Parser.parse(source: "#if \(condition)\n#endif\n")
        return file.statements.first?.item.as(IfConfigDeclSyntax.self)?.clauses.first?.condition
    }

    static func evaluate(_ expression: ExprSyntax, on platform: String) -> Truth {
        if let tuple = expression.as(TupleExprSyntax.self), tuple.elements.count == 1, let inner = tuple.elements.first {
            return evaluate(inner.expression, on: platform)
        }
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            switch evaluate(prefix.expression, on: platform) {
            case .yes: return .no
            case .no: return .yes
            case .unknown: return .unknown
            }
        }
        if let sequence = expression.as(SequenceExprSyntax.self) { return evaluate(sequence, on: platform) }
        if let literal = expression.as(BooleanLiteralExprSyntax.self) { return literal.literal.text == "true" ? .yes : .no }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.arguments.count == 1,
              let function = call.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text,
              let argument = call.arguments.first?.expression.as(DeclReferenceExprSyntax.self)?.baseName.text else { return .unknown }
        switch function {
        case "os":
            let system = platform == "macCatalyst" ? "iOS" : platform
            return system == argument || (argument == "OSX" && system == "macOS") ? .yes : .no
        case "targetEnvironment" where argument == "macCatalyst":
            return platform == "macCatalyst" ? .yes : .no
        default:
            return .unknown
        }
    }

    /// `a || b && c`: `&&` binds tighter; any other operator leaves the whole unknown.
    private static func evaluate(_ sequence: SequenceExprSyntax, on platform: String) -> Truth {
        var disjuncts: [[ExprSyntax]] = [[]]
        for element in sequence.elements {
            if let op = element.as(BinaryOperatorExprSyntax.self) {
                switch op.operator.text {
                case "||": disjuncts.append([])
                case "&&": continue
                default: return .unknown
                }
            } else {
                disjuncts[disjuncts.count - 1].append(element)
            }
        }
        let values = disjuncts.map { conjuncts -> Truth in
            let truths = conjuncts.map { evaluate($0, on: platform) }
            return truths.contains(.no) ? .no : truths.allSatisfy { $0 == .yes } ? .yes : .unknown
        }
        return values.contains(.yes) ? .yes : values.allSatisfy { $0 == .no } ? .no : .unknown
    }
}

extension SourceImport {
    /// Whether its `#if` platform tests are false on every platform the target builds for (`#if os(iOS)` in a file a
    /// watchOS target compiles): it is not built there. Never for a target of any platform (nil: a package's).
    public func isLeftOut(onPlatforms platforms: Set<String>?) -> Bool {
        guard let platforms, !platforms.isEmpty, conditions.contains(where: PlatformConditions.testsPlatform) else { return false }
        return !PlatformConditions.mayHold(conditions, onAnyOf: platforms)
    }

    /// Whether it is under a platform test and the target's platforms are not known (empty: an Xcode target whose
    /// settings do not say): whether it is built cannot be told.
    public func isPlatformUndecided(_ platforms: Set<String>?) -> Bool {
        platforms?.isEmpty == true && conditions.contains(where: PlatformConditions.testsPlatform)
    }
}
