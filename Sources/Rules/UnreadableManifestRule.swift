import Configuration
import DependencyGraph
import Diagnostics
import ManifestReading

/// A package whose manifest no reader can evaluate: it is left out of the graph, and said so.
public struct UnreadableManifestRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unreadableManifest,
        name: "Unreadable manifest",
        summary: "A Package.swift that neither the static reader nor SwiftPM can evaluate.",
        rationale: "A package componentize cannot read is a package nothing checks: its dependencies could break every rule unseen.",
        details: "a `Package.swift` neither reader can evaluate, with the reader's own message at its place; the package's targets take part in no other rule. A `Package.swift` that creates no package (no `Package(…)` in it) and that no dependency leads to is a placeholder (it keeps a folder out of the package around it, or out of Xcode's index): a note, not a finding",
        remedy: "make the manifest build with `swift package dump-package`",
        nonTriggeringExamples: [
            RuleExample([("Kit/NXKit", RuleExample.package("NXKit"))]),
        ],
        triggeringExamples: [
            RuleExample([
                ("Kit/NXKit", """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(name: "NXKit", targets: [.target(name: "NXKit")↓

                    """),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        graph.unreadableManifests.map { unreadable in
            let pod = unreadable.kind == .pod, project = unreadable.kind == .xcodeProject
            let fix = pod
                ? "write the podspec in the subset the static podspec reader evaluates (literals, interpolation, no File, ENV or conditions: docs/podspecs.md), or fix what it names; until then the pod is not checked"
                : project ? "repair the project file at the place named (Xcode opens a project only when it reads); until then its targets are not checked"
                : "make the manifest build with 'swift package dump-package' in \(unreadable.package); until then its targets are not checked"
            let what = pod ? "podspec of the pod" : project ? "Xcode project" : "manifest of the package"
            return finding("cannot read the \(what) in \(unreadable.package): \(unreadable.message)",
                           fix: fix, at: unreadable.location, from: unreadable.package)
        }
    }
}

extension RuleID {
    public static let unreadableManifest: RuleID = "unreadable-manifest"
}
