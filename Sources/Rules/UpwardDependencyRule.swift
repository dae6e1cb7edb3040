import Configuration
import DependencyGraph
import Diagnostics

/// A dependency from a lower layer to a higher one.
public struct UpwardDependencyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .upward,
        name: "Upward dependency",
        summary: "A module depends on a module of a higher layer.",
        rationale: "Dependencies point down only: a lower layer must build, test and ship without the layers above it.",
        details: "a module depending on a module of a higher layer; a test bundle's dependency on an application (the app hosting it) is "
            + "not judged, nor a test target's on `testSupport` modules",
        remedy: "move the code down, or invert the dependency with a protocol in the lower layer; lists what the layer may depend on",
        nonTriggeringExamples: [
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ]),
            RuleExample([
                ("App", RuleExample.package("App", targets: [("App", ["\"ComponentVideo\""]), ("ComponentVideo", ["\"NXKit\""]), ("NXKit", [])])),
            ]),
        ],
        triggeringExamples: [
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI")),
            ], sources: [("Kit/NXKit/Sources/NXKit/Colors.swift", "#if os(iOS)\n↓import NXUI\n#endif\n")]),
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit", targets: [("NXKit", ["↓.product(name: \"NXUI\", package: \"NXUI\")"])],
                                                  packages: [".package(path: \"../../Common/NXUI\")"])),
                ("Common/NXUI", RuleExample.package("NXUI")),
            ]),
            RuleExample([
                ("App", RuleExample.package("App", targets: [("NXKit", ["↓\"ComponentVideo\""]), ("ComponentVideo", [])])),
            ]),
            // Through a mediator: a run-time dependency is a dependency too.
            RuleExample([("Kit/NXKit", RuleExample.package("NXKit")), MediatorUnresolvedRule.video], sources: [
                MediatorUnresolvedRule.target,
                ("Kit/NXKit/Sources/NXKit/Open.swift", "func open() {\n    CTMediator.sharedInstance().↓performTarget(\"ComponentVideo\", action: \"showDetail\", params: nil, shouldCacheTarget: false)\n}\n"),
            ]),
        ]
    )

    /// Whether a dependency from `from` to `to` points up a layer.
    static func applies(from: GraphTarget, to: GraphTarget) -> Bool {
        guard let fromRank = from.rank, let toRank = to.rank, !LayeringVerdict.isHost(of: from, to) else { return false }
        return toRank < fromRank
    }

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for (edge, from, to) in context.checkedLocalEdges(of: graph) {
            guard Self.applies(from: from, to: to), let fromLayer = from.layer else { continue }
            guard let layer = context.configuration.layer(named: fromLayer) else { continue }
            let allowed = graph.describeAllowed(for: layer, below: context.configuration.layers(below: fromLayer))
            let fix = "move what \(from.id.name) needs from \(to.id.name) down to \(fromLayer) or below, or invert the dependency "
                + "(a protocol in \(fromLayer) that \(to.id.name) implements); \(fromLayer) may depend on: \(allowed)"
            let message = edge.viaMediator ? "\(from.label) calls \(to.label) through a mediator (\(edge.written))"
                : "\(from.label) \(edge.verb) \(to.label)\(graph.alsoIn(edge))"
            findings.append(finding(message, fix: fix, at: edge.location, from: from.id.name, to: to.id.name))
        }
        return findings
    }
}

extension RuleID {
    public static let upward: RuleID = "upward"
}
