import Configuration
import DependencyGraph
import Diagnostics

/// Two components that provide the same mediator target, service protocol or route.
public struct MediatorDuplicateRule: Rule {
    public init() {}

    static let owner = ("Business/ComponentOwner", RuleExample.package("ComponentOwner"))

    public static let description = RuleDescription(
        identifier: .mediatorDuplicate,
        name: "Mediator name provided twice",
        summary: "Two components provide the same Target_ class, service protocol or route pattern.",
        rationale: "The mediator finds one provider by name at run time: with two, which one answers depends on link or registration order, and one component's screens open for another's calls.",
        details: "a `Target_<name>` class, a registered service protocol (`registerService:service:`, `@BeeHiveService`, `register(_:factory:)`) or a route pattern (`registerURLPattern:toHandler:`) provided by targets of two components; reported at each provider after the first (by file and line)",
        remedy: "keep one provider; names the other",
        cost: .everyImport,
        nonTriggeringExamples: [
            RuleExample([MediatorUnresolvedRule.video, MediatorUnresolvedRule.image], sources: [MediatorUnresolvedRule.target]),
            // One class registered for one protocol twice (an annotation, and a BeeHive plist in another component): one provider.
            RuleExample([MediatorUnresolvedRule.video, owner], sources: [
                ("Business/ComponentVideo/Sources/ComponentVideo/VideoService.m", "@BeeHiveService(VideoServiceProtocol, VideoService)\n@implementation VideoService\n@end\n"),
                ("Business/ComponentOwner/Sources/ComponentOwner/BHService.plist", """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0"><array><dict><key>service</key><string>VideoServiceProtocol</string><key>impl</key><string>VideoService</string></dict></array></plist>

                    """),
            ]),
        ],
        triggeringExamples: [
            RuleExample([MediatorUnresolvedRule.video, owner], sources: [
                // Reported at the provider whose file comes second.
                ("Business/ComponentVideo/Sources/ComponentVideo/Target.swift", "import Foundation\n\n@objc final class ↓Target_ComponentVideo: NSObject {}\n"),
                ("Business/ComponentOwner/Sources/ComponentOwner/Target.swift", "import Foundation\n\n@objc final class Target_ComponentVideo: NSObject {}\n"),
            ]),
            RuleExample([MediatorUnresolvedRule.video, owner], sources: [
                ("Business/ComponentVideo/Sources/ComponentVideo/Routes.swift", "func routes() {\n    MGJRouter.↓registerURLPattern(\"app://video/:id\") { _ in }\n}\n"),
                ("Business/ComponentOwner/Sources/ComponentOwner/Routes.swift", "func routes() {\n    MGJRouter.registerURLPattern(\"app://video/:id\") { _ in }\n}\n"),
            ]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        guard let mediators = graph.mediators else { return [] }
        var byKey: [WiringKey: [WiringProvision]] = [:]
        for provision in mediators.provisions where provision.key.action == nil && !provision.target.isTest {
            byKey[provision.key, default: []].append(provision)
        }
        var findings: [Finding] = []
        for (key, provisions) in byKey.filter({ $0.value.count > 1 }).sorted(by: { $0.key < $1.key }) {
            let sorted = provisions.sorted { $0.location < $1.location }
            guard let first = sorted.first else { continue }
            // A file two targets compile provides once; one class registered twice for a protocol (a plist and an
            // annotation) is one provider.
            for other in sorted.dropFirst() where other.target.component != first.target.component && other.location != first.location
                && !(other.implementation != nil && other.implementation == first.implementation) {
                findings.append(finding("\(other.target.label) provides \(key), which \(first.target.label) provides too (\(first.location))",
                                        fix: "keep one provider of \(key): remove it from \(other.target.component) or from \(first.target.component), or rename one",
                                        at: other.location, from: other.target.id.name, to: key.description))
            }
        }
        return findings
    }
}

extension RuleID {
    public static let mediatorDuplicate: RuleID = "mediator-duplicate"
}
