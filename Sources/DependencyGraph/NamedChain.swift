import Diagnostics

extension DependencyGraph {
    /// The shortest chain of dependencies from `from` to `to` (components or targets, or an outside package); nil when
    /// there is none. An unknown name is an input error, ending with `missing` (why a name may not be in the graph).
    public func chain(named from: String, to: String, missing unreadableNote: String) throws -> DependencyChain? {
        let graph = self
        let sources = graph.targets(named: from), destinations = graph.targets(named: to)
        let names = Set(graph.sortedTargets.flatMap { [$0.id.name, $0.component] }).sorted()
        if sources.isEmpty {
            throw InputError("no target or component named '\(from)' in this repository\(EditDistance.suggestion(for: from, in: names))\(unreadableNote)")
        }
        guard destinations.isEmpty else { return graph.chain(from: sources, to: destinations) }
        guard graph.edges.contains(where: { edge in
            if case let .external(package, product) = edge.to { return product == to || package == to.lowercased() }
            return false
        }) else {
            throw InputError("no target, component or outside package named '\(to)' in this repository\(EditDistance.suggestion(for: to, in: names))\(unreadableNote)")
        }
        return graph.chain(from: sources, toOutside: to)
    }
}
