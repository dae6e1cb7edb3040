import Configuration
import DependencyGraph
import Diagnostics

/// A business component calling `performTarget:` itself where the configuration says calls go through the
/// provider's CTMediator category.
public struct MediatorBypassRule: Rule {
    public init() {}

    static let required = "mediators:\n  categories: required\n"
    static let call = "CTMediator.sharedInstance().performTarget(\"ComponentVideo\", action: \"showDetail\", params: nil, shouldCacheTarget: false)"

    public static let description = RuleDescription(
        identifier: .mediatorBypass,
        name: "Mediator call outside a category",
        summary: "A business component calls performTarget:action:params: directly instead of through the provider's CTMediator category.",
        rationale: "The category is the provider's published interface: it keeps the target and action strings in one place, next to the component that owns them, so a rename changes one file.",
        details: "with `mediators: {categories: required}`, a CTMediator call from a component of an independent (business) layer to another component, outside an `@implementation CTMediator (…)` category or a Swift `extension CTMediator`",
        remedy: "call the provider's category method (CTMediator+<Component>), or add one there",
        defaultSeverity: .warning,
        cost: .everyImport,
        nonTriggeringExamples: [
            RuleExample(configuration: required, [MediatorUnresolvedRule.video, MediatorUnresolvedRule.image], sources: [
                MediatorUnresolvedRule.target,
                ("Business/ComponentImage/Sources/ComponentImage/Video.swift", "import CTMediator\n\nextension CTMediator {\n    func video_detail() -> Any? {\n        \(call)\n    }\n}\n"),
            ]),
            // Categories are optional by default.
            RuleExample([MediatorUnresolvedRule.video, MediatorUnresolvedRule.image], sources: [MediatorUnresolvedRule.target, MediatorUnresolvedRule.caller(call)]),
        ],
        triggeringExamples: [
            RuleExample(configuration: required, [MediatorUnresolvedRule.video, MediatorUnresolvedRule.image],
                        sources: [MediatorUnresolvedRule.target, MediatorUnresolvedRule.caller(call.replacingOccurrences(of: ".performTarget", with: ".↓performTarget"))]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        guard context.configuration.mediators.categories == .required, let mediators = graph.mediators else { return [] }
        return mediators.calls.filter { call in
            guard call.key.mechanism == .targetAction, !call.inMediatorCategory, !call.from.isTest, let rank = call.from.rank,
                  context.configuration.layers[rank].independent else { return false }
            return !call.providers.isEmpty && !call.providers.contains { $0.target.component == call.from.component }
        }.map { call in
            finding("\(call.from.label) calls \(call.key) with \(call.api) directly, not through a CTMediator category",
                    fix: "call the method of the CTMediator category of the component that provides Target_\(call.key.name) (add one there if it has none), so that the target and action names live in that component",
                    at: call.location, from: call.from.id.name, to: call.key.description)
        }
    }
}

extension RuleID {
    public static let mediatorBypass: RuleID = "mediator-bypass"
}
