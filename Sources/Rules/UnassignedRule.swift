import Configuration
import DependencyGraph
import Diagnostics
import Paths

/// A target that no layer claims.
public struct UnassignedRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unassigned,
        name: "Module in no layer",
        summary: "A target matches no layer's members or paths.",
        rationale: "A module outside every layer escapes every layering rule; each module must say where it stands.",
        details: "a target that matches no layer; not an Xcode command-line tool or script-only aggregate target (build helpers, not shipped in the app), nor a target of a package that only builds tools (every target but the tests an executable or a plugin, and no other package's or project's target depending on it: `swift run` runs them, the app does not ship them), nor a target of a project named like a package or pod whose manifest cannot be read, or lying in its folder (a pod's `Example/` project): where it belongs is undecided, and the `unreadable-manifest` finding stands for it",
        remedy: "add it to a layer's members",
        defaultSeverity: .warning,
        nonTriggeringExamples: [
            RuleExample([("Kit/NXKit", RuleExample.package("NXKit"))]),
            RuleExample(configuration: "preset: four-layer\n", [("Kit/NXKit", RuleExample.package("NXKit")), ("Tools/BuildSystem", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "BuildSystem", targets: [
                    .executableTarget(name: "BuildSystem"),
                    .testTarget(name: "BuildSystemTests", dependencies: ["BuildSystem"]),
                ])
                """)]),
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
        let unread = Self.unreadPackages(in: graph)
        let tools = graph.toolPackages
        return graph.sortedTargets.filter { $0.layer == nil && !unread.holds($0) && !Self.isBuildHelper($0) && !tools.contains($0.packageIndex) }.map { target in
            finding("\(target.id.name) (package \(target.packageName)) belongs to no layer",
                    fix: "add \"\(target.id.name)\" (or a glob matching it) to the members of one of the layers in componentize.yml: \(layers)",
                    at: target.location, from: target.id.name)
        }
    }
}

extension UnassignedRule {
    /// An Xcode command-line tool or aggregate (script-only) target: it builds the app, it is not part of it.
    public static func isBuildHelper(_ target: GraphTarget) -> Bool {
        target.productKind.isBuildHelper
    }

    /// The names and folders of the packages whose manifest cannot be read: a target of a project named like one of
    /// them, or lying in one's folder (a pod's `Example/` project), may well belong where that package does, which no
    /// one can know; its `unreadable-manifest` finding stands for it.
    struct UnreadPackages {
        var names: Set<String> = []
        var folders: [String] = []

        func holds(_ target: GraphTarget) -> Bool {
            names.contains(target.packageName) || folders.contains { target.manifestPath.hasPrefix($0 + "/") }
        }
    }

    static func unreadPackages(in graph: DependencyGraph) -> UnreadPackages {
        var unread = UnreadPackages()
        for manifest in graph.unreadableManifests {
            let file = PathArithmetic.lastComponent(of: manifest.manifestPath)
            let folder = PathArithmetic.resolve("..", from: manifest.manifestPath)
            let stem = file.split(separator: ".").first.map(String.init) ?? file
            unread.names.insert(file == "Package.swift" ? PathArithmetic.lastComponent(of: folder) : stem)
            if manifest.package != "." { unread.folders.append(folder) }
        }
        return unread
    }
}

extension RuleID {
    public static let unassigned: RuleID = "unassigned"
}
