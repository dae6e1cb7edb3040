import Configuration
import DependencyGraph
import Diagnostics

/// A dependency between two members of an independent layer (business components), other than on an interface.
public struct HorizontalDependencyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .horizontal,
        name: "Horizontal dependency",
        summary: "A member of an independent layer depends on another member of that layer.",
        rationale: "Business components do not depend on each other: they talk through interfaces or a mediator, so each can be built, tested and removed alone.",
        details: "two different components of an independent layer depending on each other (not through an interface); an interface module depending on anything in its own layer",
        remedy: "depend on `<Name>Interface` (and create it with `componentize new <Name> --interface` when missing), or move the shared code down",
        nonTriggeringExamples: [
            // Business to business through a mediator is the allowed way.
            RuleExample([MediatorUnresolvedRule.video, MediatorUnresolvedRule.image], sources: [MediatorUnresolvedRule.target, MediatorUnresolvedRule.caller(MediatorBypassRule.call)]),
            RuleExample([
                ("App", RuleExample.package("App", targets: [
                    ("ComponentOwner", ["\"ComponentImageInterface\""]), ("ComponentImageInterface", []),
                    ("ComponentImage", ["\"ComponentImageInterface\""]),
                ])),
            ]),
            RuleExample([
                ("Business/ComponentVideo", RuleExample.package("ComponentVideo", targets: [
                    ("ComponentVideo", ["\"ComponentVideoCore\""]), ("ComponentVideoCore", []),
                ])),
            ]),
        ],
        triggeringExamples: [
            // An import no manifest declares: reported at the import.
            RuleExample([
                ("Business/ComponentVideo", RuleExample.package("ComponentVideo")),
                ("Business/ComponentImage", RuleExample.package("ComponentImage")),
            ], sources: [("Business/ComponentVideo/Sources/ComponentVideo/Player.swift", "import Foundation\n↓import ComponentImage\n")]),
            RuleExample([
                ("Business/ComponentOwner", RuleExample.package("ComponentOwner", targets: [("ComponentOwner", ["↓.product(name: \"ComponentImage\", package: \"ComponentImage\")"])],
                                                                packages: [".package(path: \"../ComponentImage\")"])),
                ("Business/ComponentImage", RuleExample.package("ComponentImage")),
            ]),
            RuleExample([
                ("App", RuleExample.package("App", targets: [
                    ("ComponentImageInterface", ["↓\"ComponentVideo\""]), ("ComponentVideo", []),
                ])),
            ]),
        ]
    )

    /// Whether a dependency from `from` to `to` joins two components of an independent layer, other than through an
    /// interface.
    static func applies(from: GraphTarget, to: GraphTarget, in configuration: Configuration) -> Bool {
        guard let rank = from.rank, to.rank == rank, configuration.layers[rank].independent, from.component != to.component,
              !LayeringVerdict.isHost(of: from, to) else { return false }
        return !(from.interfaceOf == nil && to.interfaceOf != nil)
    }

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        // Business to business through a mediator is the way the layers allow.
        for (edge, from, to) in context.checkedLocalEdges(of: graph) where !edge.viaMediator {
            guard Self.applies(from: from, to: to, in: context.configuration), let rank = from.rank else { continue }
            let layer = context.configuration.layers[rank]
            let layerName = layer.name
            let lower = context.configuration.layers(below: layerName).first?.name
            let moveDown = lower.map { "move the shared code down to \($0)" } ?? "move the shared code into a lower layer"
            var fix: String
            if from.interfaceOf != nil {
                fix = "an interface module may depend only on lower layers: \(moveDown)"
            } else if graph.packages[to.packageIndex].manifest.kind == .pod {
                // Pods talk the articles' way: CTMediator and a category pod (an interface module is a SwiftPM package).
                let category = "CTMediator+\(to.component)"
                fix = "call \(to.component) through CTMediator: depend on \(category) instead"
                    + (graph.targetNames.contains(category) ? "" : " (create it with 'componentize new \(to.component) --mediator ctmediator')")
                    + ", or \(moveDown)"
            } else if let interface = layer.interfaceName(of: to.component) {
                let exists = graph.targetNames.contains(interface)
                fix = "\(to.component) may be reached through \(interface) (protocols and value types only): depend on it instead"
                    + (exists ? "" : " (create it with 'componentize new \(to.component) --interface')")
                    + ", or \(moveDown)"
            } else {
                fix = "\(moveDown), or talk through a mediator"
            }
            var found = finding("\(from.label) \(edge.verb) \(to.label)\(graph.alsoIn(edge))", fix: fix, at: edge.location, from: from.id.name, to: to.id.name)
            found.rationale = Self.rationale(of: layerName)
            findings.append(found)
        }
        return findings
    }
}

extension HorizontalDependencyRule {
    /// The rationale in the words of the layer it is about: "Business components" only in a layer named so.
    static func rationale(of layer: String) -> String {
        guard layer != "business" else { return description.rationale }
        return "Members of the independent layer \(layer) do not depend on each other: they talk through interfaces or a mediator, so each can be "
            + "built, tested and removed alone."
    }
}

extension RuleID {
    public static let horizontal: RuleID = "horizontal"
}
