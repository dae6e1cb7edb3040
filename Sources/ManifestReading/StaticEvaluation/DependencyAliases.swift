import Diagnostics
import SwiftSyntax

/// Target dependencies written once as a static member and used by name (`static let tca: Target.Dependency =
/// .product(…)` in an extension, `.tca` in a target's `dependencies:`): where each alias's value starts, and where each
/// implicit member (`.tca`) is written, so that an entry is located at its use in the target, not at the alias.
struct DependencyAliases {
    /// The alias's name by where its value starts (the position of what evaluating it creates).
    var names: [SourcePosition: String] = [:]
    /// Each implicit member's uses, by name, in file order.
    var uses: [String: [(offset: Int, position: SourcePosition)]] = [:]

    init() {}

    init(_ file: SourceFileSyntax, converter: SourceLocationConverter) {
        let collector = Collector(viewMode: .sourceAccurate)
        collector.walk(file)
        func position(_ node: some SyntaxProtocol) -> SourcePosition {
            let location = converter.location(for: node.positionAfterSkippingLeadingTrivia)
            return SourcePosition(line: location.line, column: location.column)
        }
        for (name, value) in collector.aliases { names[position(value)] = name }
        for member in collector.members {
            uses[member.declName.baseName.text, default: []].append((member.positionAfterSkippingLeadingTrivia.utf8Offset, position(member)))
        }
    }

    /// Where the target's call uses the alias whose value was created at `created`, if it does.
    func use(createdAt created: SourcePosition?, within range: Range<Int>) -> SourcePosition? {
        guard let created, let name = names[created] else { return nil }
        return uses[name]?.first { range.contains($0.offset) }?.position
    }

    private final class Collector: SyntaxVisitor {
        var aliases: [(String, ExprSyntax)] = []
        var members: [MemberAccessExprSyntax] = []

        override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
            guard node.modifiers.contains(where: { $0.name.tokenKind == .keyword(.static) }) else { return .visitChildren }
            for binding in node.bindings {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text, let value = binding.initializer?.value else { continue }
                aliases.append((name.trimmingCharacters(in: ["`"]), value))
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            if node.base == nil { members.append(node) }
            return .visitChildren
        }
    }
}
