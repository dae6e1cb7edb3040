import Configuration
import DependencyGraph
import Diagnostics

/// What the HTML report draws: the components layer by layer (as `graph` models them, outside packages included),
/// each with its kind and folder, and the links between them with the rule each breaks.
public struct ArchitectureModel: Sendable {
    public struct Component: Sendable {
        public var name: String
        /// Nil for a component no layer places, and for an outside package.
        public var layer: String?
        /// `package`, `pod`, `xcode` (a target of an Xcode project), `target` (of a one-package repository) or
        /// `external`.
        public var kind: String
        /// Relative to the repository root; empty for an outside package.
        public var folder: String
        /// Its non-test targets.
        public var targets: [String]
    }

    public struct Link: Sendable {
        public var from: String
        public var to: String
        /// `declared`, `import` (only an import makes it) or `mediator` (a call through a mediator).
        public var style: String
        public var violation: String?
        public var baselined: Bool
    }

    public var layers: [(name: String, independent: Bool)]
    public var components: [Component]
    public var links: [Link]
    /// The component of each target, for placing findings.
    public var componentOfTarget: [String: String]

    public init(graph: DependencyGraph, findings: [Finding], baselined: [Finding]) throws {
        let (nodes, links) = try GraphRenderer(showExternal: true).model(graph, findings: findings, baselined: baselined)
        layers = graph.layers.map { ($0.name, $0.independent) }
        var targetsOf: [String: [GraphTarget]] = [:]
        var componentOfTarget: [String: String] = [:]
        for target in graph.sortedTargets {
            componentOfTarget[target.id.name] = componentOfTarget[target.id.name] ?? target.component
            if !target.isTest { targetsOf[target.component, default: []].append(target) }
        }
        self.componentOfTarget = componentOfTarget
        components = nodes.map { node in
            guard !node.external, let first = targetsOf[node.name]?.first else {
                return Component(name: node.name, layer: nil, kind: "external", folder: "", targets: [])
            }
            let package = graph.packages[first.packageIndex]
            let kind = package.isXcodeProject ? "xcode" : package.manifest.kind == .pod ? "pod"
                : graph.packages.count == 1 && node.name != package.manifest.name ? "target" : "package"
            return Component(name: node.name, layer: node.layer, kind: kind, folder: package.relativeDirectory,
                             targets: (targetsOf[node.name] ?? []).map(\.id.name))
        }
        self.links = links.map { link in
            Link(from: link.from, to: link.to, style: link.viaMediator ? "mediator" : link.viaImport ? "import" : "declared",
                 violation: link.violation, baselined: link.baselined)
        }
    }
}
