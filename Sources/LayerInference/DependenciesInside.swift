import DependencyGraph

extension InferredLayering {
    /// Each independent layer's dependencies between members, counted from `targets` (the target each `horizontal`
    /// finding starts at, declared or imported); a layer with any is not independent after all (imports the inference
    /// did not see), unless it is a folder the team made and they are at most half its members. True when a layer stopped being independent.
    public mutating func countDependenciesInside(from targets: [String], graph: DependencyGraph) -> Bool {
        var inside: [String: Int] = [:]
        for target in targets {
            guard let layer = layerOfComponent(target, graph: graph) else { continue }
            inside[layer, default: 0] += 1
        }
        var changed = false
        for index in layers.indices where layers[index].independent {
            let count = max(inside[layers[index].name] ?? 0, layers[index].dependenciesInside)
            layers[index].dependenciesInside = count
            if count * 2 > layers[index].components.count || (count > 0 && !layers[index].teamFolder) {
                layers[index].independent = false
                changed = true
            }
        }
        return changed
    }

    /// The layer of a target's component: its package, or the target itself (an Xcode target, or one of a one-package
    /// repository).
    private func layerOfComponent(_ target: String, graph: DependencyGraph) -> String? {
        let package = graph.targets(named: target).first.map { !$0.productKind.isXcode && componentsArePackages ? $0.packageName : target }
        return layers.first { $0.components.contains(package ?? target) }?.name
    }
}
