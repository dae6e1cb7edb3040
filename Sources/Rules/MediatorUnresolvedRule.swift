import Configuration
import DependencyGraph
import Diagnostics
import RuntimeWiring
import SourceImports

/// A call through a mediator to a target's action, a service or a route that no component provides.
public struct MediatorUnresolvedRule: Rule {
    public init() {}

    static let video = ("Business/ComponentVideo", RuleExample.package("ComponentVideo"))
    static let image = ("Business/ComponentImage", RuleExample.package("ComponentImage"))
    static let target = ("Business/ComponentVideo/Sources/ComponentVideo/Target_ComponentVideo.swift", """
        import Foundation

        @objc final class Target_ComponentVideo: NSObject {
            @objc func Action_showDetail(_ params: [AnyHashable: Any]) -> Any? { nil }
        }

        """)

    /// ComponentVideo's route registration, under the pattern `pattern` as the code writes it.
    static func videoRoutes(_ pattern: String) -> String {
        "@implementation VideoRoutes\n+ (void)load {\n    [MGJRouter registerURLPattern:\(pattern) toHandler:^(NSDictionary *info) {}];\n}\n@end\n"
    }

    /// A file of ComponentImage that calls `code` (one line).
    static func caller(_ code: String) -> (String, String) {
        ("Business/ComponentImage/Sources/ComponentImage/Open.swift", "import CTMediator\n\nfunc open() {\n    \(code)\n}\n")
    }

    public static let description = RuleDescription(
        identifier: .mediatorUnresolved,
        name: "Mediator call nothing provides",
        summary: "A call through a mediator names a target or action, a service protocol or a route that no component provides.",
        rationale: "A mediator call is a string the compiler does not check: a typo, a renamed action or a removed target builds and then does nothing at run time.",
        details: "a CTMediator `performTarget:action:params:` (or a Swift clone's own entry point: any call, whatever its name, whose `target:` argument is a string literal and whose `action:` one is a literal or a constant, read as CTMediator's naming where the repository has `Target_` classes; labels alone are no call where it has none, and `target: self` or `action: #selector(…)` (UIKit's `addTarget(_:action:for:)`) never are) whose `Target_<name>` class or `Action_<action>:` method no component has; a BeeHive `createService:` or registry `resolve(_:)` of a protocol no component registers; an `openURL:` of a route no registered pattern matches. Names given as literals or string constants of the calling target; a computed name is undecided (counted in the summary), and so is a call nothing provides while a package of the repository cannot be read, or while every registration of its mechanism is computed (route patterns or protocols built at run time: one may be the one it names)",
        remedy: "names the nearest provided name when the call looks like a typo of it; else says what to add where",
        cost: .everyImport,
        nonTriggeringExamples: [
            RuleExample([video, image], sources: [target, caller("CTMediator.sharedInstance().performTarget(\"ComponentVideo\", action: \"showDetail\", params: nil, shouldCacheTarget: false)")]),
            // A name computed at run time is undecided, never a finding.
            RuleExample([video, image], sources: [target, caller("CTMediator.sharedInstance().performTarget(name(), action: \"showDetail\", params: nil, shouldCacheTarget: false)")]),
            // No class of the repository follows CTMediator's naming at all: the providers are named otherwise (a clone's
            // macro, a naming not configured), so the call is undecided.
            RuleExample([video, image], sources: [caller("CTMediator.sharedInstance().performTarget(\"ComponentVideo\", action: \"showDetail\", params: nil, shouldCacheTarget: false)")]),
            // A provider declared through a macro that does not paste a name: whoever it is may answer the call, so a call
            // nothing else provides is undecided.
            RuleExample([video, image], sources: [
                target,
                ("Business/ComponentVideo/Sources/ComponentVideo/Target_Share.m",
                 "#define _TARGET(name) NSClassFromString(name)\n@implementation _TARGET(Share)\n- (id)Action_post:(NSDictionary *)params { return nil; }\n@end\n"),
                caller("CTMediator.sharedInstance().performTarget(\"Share\", action: \"post\", params: nil, shouldCacheTarget: false)"),
            ]),
            // A clone whose own implementation builds its names differently (`Action_%@` without the params colon).
            RuleExample([video, image], sources: [
                ("Business/ComponentVideo/Sources/ComponentVideo/Target_ComponentVideo.m", "@implementation Target_ComponentVideo\n- (id)Action_showDetail { return nil; }\n@end\n"),
                ("Business/ComponentImage/Sources/ComponentImage/AppMediator.m", """
                    @implementation AppMediator
                    - (id)performTarget:(NSString *)name action:(NSString *)action params:(NSDictionary *)params {
                        Class target = NSClassFromString([NSString stringWithFormat:@"Target_%@", name]);
                        SEL selector = NSSelectorFromString([NSString stringWithFormat:@"Action_%@", action]);
                        return [[target new] performSelector:selector];
                    }
                    @end
                    - (id)open { return [[AppMediator sharedInstance] performTarget:@"ComponentVideo" action:@"showDetail" params:nil]; }

                    """),
            ]),
            // Every route is registered under a pattern the code computes: one may be the one a URL opens, so the call is
            // undecided.
            RuleExample([video, image], sources: [
                ("Business/ComponentVideo/Sources/ComponentVideo/VideoRoutes.m", videoRoutes("[NSString stringWithFormat:@\"app://%@/detail\", self.host]")),
                ("Business/ComponentImage/Sources/ComponentImage/Open.m", "@implementation ImageOpener\n- (void)open {\n    [MGJRouter openURL:@\"app://video/detail\"];\n}\n@end\n"),
            ]),
        ],
        triggeringExamples: [
            RuleExample([video, image], sources: [target, caller("CTMediator.sharedInstance().↓performTarget(\"ComponentVideo\", action: \"showDetial\", params: nil, shouldCacheTarget: false)")]),
            RuleExample([video, image], sources: [
                ("Business/ComponentVideo/Sources/ComponentVideo/VideoRoutes.m", videoRoutes("@\"app://video/:id\"")),
                ("Business/ComponentImage/Sources/ComponentImage/Open.m", "@implementation ImageOpener\n- (void)open {\n    [MGJRouter ↓openURL:@\"app://vidoe/42\"];\n}\n@end\n"),
            ]),
            RuleExample([video, image], sources: [target, caller("CTMediator.sharedInstance().↓performTarget(\"ComponentViedo\", action: \"showDetail\", params: nil, shouldCacheTarget: false)")]),
            RuleExample([video, image], sources: [caller("_ = BeeHive.shareInstance().↓createService(VideoServiceProtocol.self)")]),
            // A clone whose entry point is not `performTarget`, named by its labels.
            RuleExample([video, image], sources: [target, caller("_ = Router.shared.↓perform(\"Video\", target: \"ComponentVideo\", action: \"showDetial\", params: nil)")]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        guard let mediators = graph.mediators else { return [] }
        // Tests look up what is not there on purpose (and register mocks): only the components' own code is judged.
        return mediators.calls.filter { $0.providers.isEmpty && !$0.from.isTest }.map { call in
            finding("\(call.from.label) \(Self.verb(call.key.mechanism)) \(call.key) (\(call.api))\(Self.under(call.conditions)), \(Self.missing(call, in: mediators))",
                    fix: fix(call, in: mediators), at: call.location, from: call.from.id.name, to: call.key.description)
        }
    }

    static func verb(_ mechanism: WiringMechanism) -> String {
        switch mechanism {
        case .targetAction: return "calls"
        case .service: return "resolves"
        case .route: return "opens"
        }
    }

    /// " under #if DEBUG" for a call some builds leave out.
    static func under(_ conditions: [String]) -> String {
        conditions.isEmpty ? "" : " under #if \(conditions.joined(separator: " && "))"
    }

    private static func missing(_ call: WiringCall, in mediators: MediatorIndex) -> String {
        switch call.key.mechanism {
        case .targetAction:
            let className = call.key.naming.targetPrefix + call.key.name
            if let owner = mediators.provisions.first(where: { $0.key == WiringKey(.targetAction, call.key.name, naming: call.key.naming) }) {
                return "which \(className) (\(owner.target.id.name)) does not have"
            }
            return "and no component has a class \(className)"
        case .service: return "which no component registers"
        case .route: return "which no registered pattern matches"
        }
    }

    private func fix(_ call: WiringCall, in mediators: MediatorIndex) -> String {
        let consequence: String
        switch call.key.mechanism {
        case .targetAction:
            let naming = call.key.naming
            consequence = "add it (an @objc method \(naming.actionPrefix)\(call.key.action ?? "name")\(naming.selector == .bare ? "" : ":") in \(naming.targetPrefix)\(call.key.name)) to the component that owns it, or remove the call: \(naming == .ctmediator ? "CTMediator" : "the mediator") returns nil for it at run time"
        case .service: consequence = "register an implementation (registerService:service:, @BeeHiveService or register(_:factory:)) in the component that owns \(call.key.name): until then the lookup returns nil"
        case .route: consequence = "register the pattern (registerURLPattern:toHandler:) in the component that owns it, or fix the URL: an unregistered route does nothing"
        }
        guard let nearest = mediators.nearest(to: call.key) else { return consequence }
        let naming = call.key.naming
        let name = call.key.mechanism == .targetAction && call.key.action != nil && nearest.key.action != nil
            ? "\(naming.actionPrefix)\(nearest.key.action ?? "")\(naming.selector == .bare ? "" : ":")" : nearest.key.description
        return "did you mean \(name) (\(nearest.target.id.name), \(nearest.location))? Else \(consequence)"
    }
}

extension RuleID {
    public static let mediatorUnresolved: RuleID = "mediator-unresolved"
}
