import Configuration
import DependencyGraph
import Diagnostics

/// A package from outside the repository used by a layer the third-party policy does not allow.
public struct ThirdPartyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .thirdParty,
        name: "Third-party package outside its layers",
        summary: "A module uses a package from outside the repository in a layer that may not.",
        rationale: "Third-party libraries are wrapped by the common layer (as NXService wraps the HTTP library), so one place changes when the library does.",
        details: "a package from outside the repository used in a layer that may not (`thirdParty`)",
        remedy: "wrap it in a component of an allowed layer, or allow it per package",
        nonTriggeringExamples: [
            RuleExample([
                ("Common/NXService", RuleExample.package("NXService", targets: [("NXService", [".product(name: \"Logging\", package: \"swift-log\")"])],
                                                         packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")"])),
            ]),
            RuleExample(configuration: """
                preset: four-layer
                thirdParty:
                  layers: [common]
                  packages:
                    swift-log: [business, common]
                """, [
                ("Business/ComponentVideo", RuleExample.package("ComponentVideo", targets: [("ComponentVideo", [".product(name: \"Logging\", package: \"swift-log\")"])],
                                                                packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")"])),
            ]),
            // A local pod whose podspec cannot be read is still a local pod, never an outside package.
            RuleExample(configuration: "preset: four-layer\nthirdParty:\n  layers: [kit]\n", [], podspecs: [
                ("Kit/NXKit/NXKit.podspec", UnreadableManifestRule.declinedPodspec.replacingOccurrences(of: "↓", with: "")),
                ("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI", dependencies: ["NXKit"])),
            ]),
        ],
        triggeringExamples: [
            RuleExample([
                ("Business/ComponentVideo", RuleExample.package("ComponentVideo", targets: [("ComponentVideo", ["↓.product(name: \"Logging\", package: \"swift-log\")"])],
                                                                packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")"])),
            ]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        var findings: [Finding] = []
        for edge in graph.edges {
            guard case let .external(package, product) = edge.to, case let from = graph.sortedTargets[edge.fromNumber], let layer = from.layer else { continue }
            if from.isTest && context.configuration.testSupport.contains(where: { $0.matches(product) }) { continue }
            let identity = package ?? product
            let allowedLayers = context.configuration.thirdParty.allowedLayers(package: package, product: product)
            guard !allowedLayers.contains(layer) else { continue }
            let source = package.map { "package \($0)" } ?? "a third-party package"
            let who = allowedLayers.isEmpty ? "which no layer may use" : "which only \(allowedLayers.joined(separator: ", ")) may use"
            findings.append(finding(
                "\(from.label) uses \(product) from \(source), \(who)",
                fix: "wrap \(identity) in a \(allowedLayers.first ?? "common") component and depend on that, "
                    + "or allow it in componentize.yml: thirdParty.packages.\(identity): [\(layer)]",
                at: edge.location, from: from.id.name, to: identity))
        }
        return findings
    }
}

extension RuleID {
    public static let thirdParty: RuleID = "third-party"
}
