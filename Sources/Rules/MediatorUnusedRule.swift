import Configuration
import DependencyGraph
import Diagnostics
import RuntimeWiring
import SourceImports

/// A mediator action, service or route that nothing in the repository calls. Off by default: an app is called from
/// outside too (push notifications, universal links, other apps).
public struct MediatorUnusedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .mediatorUnused,
        name: "Mediator name nothing calls",
        summary: "A Target_ action, registered service or route pattern that no call in the repository reaches.",
        rationale: "Code reachable only by a string nobody sends is dead code that still has to build, and often the other half of a rename.",
        details: "an `Action_<name>:` method of a `Target_` class, a registered service protocol or a route pattern that no decided call of the repository names; not reported for a mechanism while calls of it are undecided (one of them may be the caller). Off by default: turn it on with `rules: {mediator-unused: warning}`",
        remedy: "remove it, or keep it with an exception when it is called from outside the app",
        defaultSeverity: .off,
        cost: .everyImport,
        nonTriggeringExamples: [
            RuleExample(configuration: "rules:\n  mediator-unused: warning\n", [MediatorUnresolvedRule.video, MediatorUnresolvedRule.image],
                        sources: [MediatorUnresolvedRule.target, MediatorUnresolvedRule.caller("CTMediator.sharedInstance().performTarget(\"ComponentVideo\", action: \"showDetail\", params: nil, shouldCacheTarget: false)")]),
        ],
        triggeringExamples: [
            RuleExample(configuration: "rules:\n  mediator-unused: warning\n", [MediatorUnresolvedRule.video], sources: [
                ("Business/ComponentVideo/Sources/ComponentVideo/Target_ComponentVideo.swift", """
                    import Foundation

                    @objc final class Target_ComponentVideo: NSObject {
                        @objc func ↓Action_showDetail(_ params: [AnyHashable: Any]) -> Any? { nil }
                    }

                    """),
            ]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        guard let mediators = graph.mediators else { return [] }
        let undecided = Set(mediators.undecided.compactMap { call in mediators.provisions.isEmpty ? nil : call.api })
        let called = Set(mediators.calls.map(\.key))
        var reached: Set<FileLocation> = []
        for call in mediators.calls { for provider in call.providers { reached.insert(provider.location) } }
        return mediators.provisions.filter { !$0.target.isTest }.filter { provision in
            // A Target_ class is used through its actions.
            !(provision.key.mechanism == .targetAction && provision.key.action == nil) && !reached.contains(provision.location) && !called.contains(provision.key)
                && !Self.mayBeCalled(provision.key.mechanism, undecidedAPIs: undecided)
        }.map { provision in
            finding("\(provision.target.label) provides \(provision.key), which nothing in the repository calls",
                    fix: "remove it if nothing outside the app calls it either; else keep it and add an exception for it",
                    at: provision.location, from: provision.target.id.name, to: provision.key.description)
        }
    }

    /// Whether an undecided call of the mechanism may reach it.
    static func mayBeCalled(_ mechanism: WiringMechanism, undecidedAPIs: Set<String>) -> Bool {
        let apis: Set<String> = switch mechanism {
        case .targetAction: ["performTarget:action:params:", "performTarget(_:action:params:)"]
        case .service: ["createService:", "createService(_:)", "resolve(_:)"]
        case .route: ["openURL:", "openURL(_:)", "objectForURL:", "objectForURL(_:)"]
        }
        // A clone's own entry point, named by its labels (`perform(_:target:action:params:)`).
        if mechanism == .targetAction, undecidedAPIs.contains(where: { $0.contains("target:") && $0.contains("action:") }) { return true }
        return !apis.isDisjoint(with: undecidedAPIs)
    }
}

extension RuleID {
    public static let mediatorUnused: RuleID = "mediator-unused"
}
