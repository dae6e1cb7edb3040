import Configuration
import DependencyGraph
import Diagnostics

/// A target that no layer claims.
public struct UnassignedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unassigned,
        name: "Module in no layer",
        summary: "A target matches no layer's members or paths.",
        rationale: "A module outside every layer escapes every layering rule; each module must say where it stands.",
        details: "a target that matches no layer",
        remedy: "add it to a layer's members",
        defaultSeverity: .warning,
        nonTriggeringExamples: [
            RuleExample([("Kit/NXKit", RuleExample.package("NXKit"))]),
        ],
        triggeringExamples: [
            RuleExample(configuration: "preset: four-layer\n", [("Tools/Scripts", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Scripts", targets: [↓.target(name: "Scripts")])
                """)]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        let layers = context.configuration.layers.map(\.name).joined(separator: ", ")
        return graph.sortedTargets.filter { $0.layer == nil }.map { target in
            finding("\(target.id.name) (package \(target.packageName)) belongs to no layer",
                    fix: "add \"\(target.id.name)\" (or a glob matching it) to the members of one of the layers in componentize.yml: \(layers)",
                    at: target.location, from: target.id.name)
        }
    }
}

extension RuleID {
    public static let unassigned: RuleID = "unassigned"
}
