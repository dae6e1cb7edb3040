/// A pod's spec, subspecs and test specs as CocoaPods walks them, with what each inherits: the one walk both the graph's
/// package (``PodManifest``) and `migrate-pods` read a pod through.
///
/// A subspec inherits its parents' dependencies (less a dependency on itself) and their `prefix_header_contents`; a
/// test spec tests its spec and inherits the spec's dependencies, not its prefix header. A spec's product holds the spec
/// and its default subspecs (`default_subspecs`, else every subspec) with everything below them; test specs are in no
/// product.
public struct PodSpecTree: Sendable {
    public struct Node: Sendable {
        public var spec: PodSpec
        /// `NXUI`, `NXUI/Core`, `NXUI/Tests`.
        public var name: String
        /// The node this one is a subspec or test spec of, by index; nil for the pod's root spec.
        public var parent: Int?
        public var isTest: Bool
        /// The parents' dependencies it inherits, outermost first.
        public var inherited: [PodDependency]
        /// The parents' `prefix_header_contents` attributes it inherits.
        public var inheritedPrefix: [PodAttribute]
        /// Subspecs (not test specs) by index, in order.
        public var subspecs: [Int] = []
        /// Whether its parent's product holds it.
        public var isDefault = true

        /// What it depends on: what it inherits (less a dependency on itself), then its own `s.dependency` lines.
        public var dependencies: [PodDependency] {
            inherited.filter { $0.name != name } + spec.dependencies
        }

        /// Its own and its parents' `prefix_header_contents`, outermost first.
        public var prefix: [PodAttribute] {
            inheritedPrefix + spec.attributes.filter { $0.key == "prefix_header_contents" || $0.key.hasSuffix(".prefix_header_contents") }
        }
    }

    /// In CocoaPods' order: a spec, then each subspec with everything below it, then the spec's test specs.
    public private(set) var nodes: [Node] = []

    public init(_ spec: PodSpec, podName: String) {
        add(spec, name: podName, parent: nil, isTest: false, inherited: [], inheritedPrefix: [])
    }

    private mutating func add(_ spec: PodSpec, name: String, parent: Int?, isTest: Bool, inherited: [PodDependency], inheritedPrefix: [PodAttribute]) {
        let index = nodes.count
        nodes.append(Node(spec: spec, name: name, parent: parent, isTest: isTest, inherited: inherited, inheritedPrefix: inheritedPrefix))
        guard !isTest else { return }
        let node = nodes[index]
        let chosen = (spec.attribute("default_subspecs")?.value ?? spec.attribute("default_subspec")?.value)?.strings
            .filter { $0 != "none" && $0 != ":none" }
        for subspec in spec.subspecs {
            let child = nodes.count
            nodes[index].subspecs.append(child)
            add(subspec, name: "\(name)/\(subspec.subspecName ?? "")", parent: index, isTest: false, inherited: node.dependencies,
                inheritedPrefix: node.prefix)
            nodes[child].isDefault = chosen.map { $0.contains(subspec.subspecName ?? "") } ?? true
        }
        for test in spec.testSpecs {
            add(test, name: "\(name)/\(test.subspecName ?? "Tests")", parent: index, isTest: true, inherited: node.dependencies, inheritedPrefix: [])
        }
    }

    /// The nodes of a spec's product, by index: the spec, and each default subspec with every subspec below it.
    public func product(of index: Int) -> [Int] {
        [index] + nodes[index].subspecs.filter { nodes[$0].isDefault }.flatMap(subtree)
    }

    /// A subspec and every subspec below it, in order.
    public func subtree(_ index: Int) -> [Int] {
        [index] + nodes[index].subspecs.flatMap(subtree)
    }
}
