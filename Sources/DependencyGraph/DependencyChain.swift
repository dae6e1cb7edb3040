import Diagnostics

/// The shortest chain of dependencies from one component or target to another (`componentize why`).
public struct DependencyChain: Sendable {
    /// One step: a manifest entry or an import, from one target to the next.
    public struct Step: Sendable {
        public enum Kind: String, Sendable {
            /// A dependency on a target of the same package, by name.
            case target
            /// `.product(name:package:)`: a product of another package.
            case product
            /// An `import` the manifest does not declare.
            case `import`
            /// A call through a mediator (`written` names what it calls).
            case mediator
        }

        public var from: GraphTarget
        public var to: GraphTarget
        public var kind: Kind
        /// The entry as written: `NXKit from NXKit`, `import ComponentImage`.
        public var written: String
        public var location: FileLocation
    }

    public var steps: [Step]
    /// The last step when the chain ends at a product of an outside package: the target's manifest entry for it.
    public var outside: Outside?

    /// A manifest entry on a product of a package outside the repository.
    public struct Outside: Sendable {
        public var from: GraphTarget
        public var package: String?
        public var product: String
        public var written: String
        public var location: FileLocation
    }

    public init(steps: [Step], outside: Outside? = nil) {
        self.steps = steps
        self.outside = outside
    }
}

extension DependencyGraph {
    /// The non-test targets a name stands for: the targets of that name, else the targets of that component.
    public func targets(named name: String) -> [GraphTarget] {
        let byName = sortedTargets.filter { !$0.isTest && $0.id.name == name }
        return byName.isEmpty ? sortedTargets.filter { !$0.isTest && $0.component == name } : byName
    }

    /// The shortest chain from any target of `from` to a target that declares a product of the outside package (or the
    /// outside product) `name`, ending with that entry; nil when no target declares it or none is reached.
    public func chain(from: [GraphTarget], toOutside name: String) -> DependencyChain? {
        let declaring = edges.compactMap { edge -> (Edge, String?, String)? in
            guard case let .external(package, product) = edge.to, product == name || package == name.lowercased() else { return nil }
            return (edge, package, product)
        }
        let targets = Array(Set(declaring.map(\.0.fromNumber))).sorted().map { sortedTargets[$0] }
        guard !targets.isEmpty, var chain = chain(from: from, to: targets) else { return nil }
        let last = chain.steps.last?.to ?? from.first { source in declaring.contains { $0.0.fromNumber == source.number } }
        guard let last, let (edge, package, product) = declaring.first(where: { $0.0.fromNumber == last.number }) else { return nil }
        chain.outside = DependencyChain.Outside(from: last, package: package, product: product, written: edge.written, location: edge.location)
        return chain
    }

    /// The shortest chain (fewest steps, breadth first over declared edges, undeclared imports and calls through mediators) from any target of
    /// `from` to any target of `to`; nil when there is none. Deterministic: edges are taken in manifest order.
    public func chain(from: [GraphTarget], to: [GraphTarget]) -> DependencyChain? {
        ChainSearch(self).chain(from: from, to: to)
    }
}

/// The shortest chains of one graph, its edges gathered once for as many searches as a caller makes (a rule asking, for
/// each of its findings, whether a dependency would close a cycle).
public struct ChainSearch: Sendable {
    private let graph: DependencyGraph
    private let outgoing: [[(edge: Edge, to: Int)]]

    /// Declared edges, undeclared imports and calls through mediators, in manifest order.
    public init(_ graph: DependencyGraph) {
        self.graph = graph
        var outgoing = [[(edge: Edge, to: Int)]](repeating: [], count: graph.sortedTargets.count)
        for (edge, source, destination) in graph.localEdges + graph.importEdges + graph.mediatorEdges { outgoing[source.number].append((edge, destination.number)) }
        self.outgoing = outgoing
    }

    /// See ``DependencyGraph/chain(from:to:)``.
    public func chain(from: [GraphTarget], to: [GraphTarget]) -> DependencyChain? {
        let goals = Set(to.map(\.number))
        var previous: [Int: (edge: Edge, from: Int)] = [:]
        var queue = from.map(\.number).sorted(), head = 0
        var seen = Set(queue)
        if queue.contains(where: goals.contains) { return DependencyChain(steps: []) }
        while head < queue.count {
            let node = queue[head]; head += 1
            for (edge, next) in outgoing[node] where seen.insert(next).inserted {
                previous[next] = (edge, node)
                if goals.contains(next) { return steps(to: next, previous: previous) }
                queue.append(next)
            }
        }
        return nil
    }

    private func steps(to last: Int, previous: [Int: (edge: Edge, from: Int)]) -> DependencyChain {
        var steps: [DependencyChain.Step] = []
        var current = last
        while let (edge, before) = previous[current] {
            let kind: DependencyChain.Step.Kind = edge.viaMediator ? .mediator : edge.viaImport ? .import : edge.written.contains(" from ") ? .product : .target
            steps.insert(DependencyChain.Step(from: graph.sortedTargets[before], to: graph.sortedTargets[current], kind: kind,
                                              written: edge.written, location: edge.location), at: 0)
            current = before
        }
        return DependencyChain(steps: steps)
    }
}
