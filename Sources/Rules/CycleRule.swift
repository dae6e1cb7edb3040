import Configuration
import DependencyGraph
import Diagnostics

/// A cycle among local targets (within a package or across packages).
public struct CycleRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .cycle,
        name: "Dependency cycle",
        summary: "Local modules depend on each other in a circle.",
        rationale: "Modules in a cycle can only be built, tested and understood together: they are one module in disguise.",
        details: "local modules depending on each other in a circle (a pod depending on itself, two subspecs depending on each other), one finding for each dependency to cut, located at it and attributed to the module that declares it, printed as the path of the cycle starting with that dependency",
        remedy: "remove the dependencies it names: those that point up a layer when removing them breaks the cycle, else the fewest whose removal breaks every cycle among those modules (when the modules are too many to try every choice, a small set that works, said so)",
        nonTriggeringExamples: [
            RuleExample([("App", RuleExample.package("App", targets: [("ComponentVideo", ["\"NXKit\""]), ("NXKit", [])]))]),
        ],
        triggeringExamples: [
            RuleExample([("App", RuleExample.package("App", targets: [("NXUI", ["\"NXService\""]), ("NXService", ["↓\"NXUI\""])]))]),
            // A pod that depends on itself, and two subspecs of one pod that depend on each other.
            RuleExample([], podspecs: [("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI", dependencies: ["↓NXUI"]))]),
            RuleExample([], podspecs: [("Common/NXUI/NXUI.podspec", """
                Pod::Spec.new do |s|
                  s.name = 'NXUI'
                  s.version = '1.0.0'
                  s.subspec 'Core' do |ss|
                    ss.dependency 'NXUI/Buttons'
                  end
                  s.subspec 'Buttons' do |ss|
                    ↓ss.dependency 'NXUI/Core'
                  end
                end
                """)]),
            // Located at the dependency that points up (kit → common), not at the legal one that sorts first.
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
                ("Kit/NXKit", RuleExample.package("NXKit", targets: [("NXKit", ["↓.product(name: \"NXUI\", package: \"NXUI\")"])],
                                                  packages: [".package(path: \"../../Common/NXUI\")"])),
            ]),
        ]
    )

    /// Cycles with more edges than this get a greedy (not necessarily smallest) set of edges to remove.
    static let exhaustiveSearchLimit = 24

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        let successors = graph.successors
        var findings: [Finding] = []
        for component in Self.cycles(successors) {
            let members = Set(component)
            let edges = component.flatMap { from in successors[from].filter(members.contains).map { (from, $0) } }
            // When layers tell which dependencies of the cycle point up, those are the ones to cut.
            let upward = edges.filter { edge in
                guard let from = graph.sortedTargets[edge.0].rank, let to = graph.sortedTargets[edge.1].rank else { return false }
                return from > to
            }
            let cutsUpward = !upward.isEmpty && Self.breaksEveryCycle(edges, removing: upward)
            let (removal, exact) = cutsUpward ? (upward, true) : Self.fewestEdgesBreakingCycles(edges)
            let cuts = removal.isEmpty ? [(component[0], component[0])] : removal
            for cut in cuts {
                findings.append(finding(cutting: cut, of: cuts, members: members, cutsUpward: cutsUpward, exact: exact, in: graph))
            }
        }
        return findings
    }

    /// The finding of one dependency to cut: located at it, attributed to the module that declares it, naming the
    /// dependency it points at, with the path of the cycle it closes and the other dependencies to cut with it.
    private func finding(cutting cut: (Int, Int), of cuts: [(Int, Int)], members: Set<Int>, cutsUpward: Bool, exact: Bool,
                         in graph: DependencyGraph) -> Finding {
        let name = { (node: Int) in graph.sortedTargets[node].id.name }
        let cutEdge = graph.localEdges.first { $0.from === graph.sortedTargets[cut.0] && $0.to === graph.sortedTargets[cut.1] }?.edge
        let location = cutEdge?.location ?? graph.sortedTargets[cut.0].location
        if cut.0 == cut.1 {
            return finding("\(name(cut.0)) depends on itself", fix: "remove this dependency: a module is always built with its own files",
                           at: location, from: name(cut.0), to: name(cut.1))
        }
        let path = [cut.0] + Self.shortestPath(from: cut.1, to: cut.0, within: members, successors: graph.successors)
        let describe = { (edge: (Int, Int)) in "\(name(edge.0)) → \(name(edge.1))" }
        var fix = "remove this dependency, \(describe(cut))"
        if cutsUpward, let from = graph.sortedTargets[cut.0].layer, let to = graph.sortedTargets[cut.1].layer {
            fix += ", which points up from \(from) to \(to)"
        }
        let others = cuts.filter { $0 != cut }
        if !others.isEmpty {
            fix += "; with \(others.map(describe).joined(separator: ", ")) (each reported at its place) it breaks every cycle here"
                + (exact ? "" : " (found greedily; a smaller set may exist)")
        }
        let caught = members.count > path.count - 1 ? " (\(members.count) modules are caught in it)" : ""
        return finding("dependency cycle: \(path.map(name).joined(separator: " → "))" + caught, fix: fix, at: location,
                       from: name(cut.0), to: name(cut.1))
    }

    /// The strongly connected components that hold a cycle, components ordered by their first member.
    static func cycles(_ successors: [[Int]]) -> [[Int]] {
        StronglyConnected.components(successors).filter { $0.count > 1 || successors[$0[0]].contains($0[0]) }.sorted { $0[0] < $1[0] }
    }

    /// The shortest path from `start` to `end` inside `members` (breadth first), both ends included; `[end]` when they
    /// are the same node.
    static func shortestPath(from start: Int, to end: Int, within members: Set<Int>, successors: [[Int]]) -> [Int] {
        guard start != end else { return [end] }
        var previous: [Int: Int] = [:]
        var queue = [start], head = 0
        var seen: Set<Int> = [start]
        while head < queue.count {
            let node = queue[head]; head += 1
            for next in successors[node].sorted() where members.contains(next) && seen.insert(next).inserted {
                previous[next] = node
                if next == end {
                    var path = [end]
                    while let before = previous[path[0]] { path.insert(before, at: 0) }
                    return path
                }
                queue.append(next)
            }
        }
        return [start, end]
    }

    /// Whether removing `removed` from `edges` leaves no cycle.
    static func breaksEveryCycle(_ edges: [(Int, Int)], removing removed: [(Int, Int)]) -> Bool {
        let removedSet = Set(removed.map { [$0.0, $0.1] })
        return acyclic(edges.filter { !removedSet.contains([$0.0, $0.1]) })
    }

    /// Whether `edges` hold no cycle.
    static func acyclic(_ edges: [(Int, Int)]) -> Bool {
        let nodes = Set(edges.flatMap { [$0.0, $0.1] }).sorted()
        var local: [Int: Int] = [:]
        for (index, node) in nodes.enumerated() { local[node] = index }
        var successors = [[Int]](repeating: [], count: nodes.count)
        for edge in edges { if let from = local[edge.0], let to = local[edge.1] { successors[from].append(to) } }
        return cycles(successors).isEmpty
    }

    /// The fewest edges whose removal leaves no cycle: exhaustive up to three edges for small cycles, else greedy.
    static func fewestEdgesBreakingCycles(_ edges: [(Int, Int)]) -> (edges: [(Int, Int)], exact: Bool) {
        func acyclic(without removed: Set<Int>) -> Bool {
            Self.acyclic(edges.indices.filter { !removed.contains($0) }.map { edges[$0] })
        }
        if edges.count <= exhaustiveSearchLimit {
            for size in 1...min(3, edges.count) {
                if let subset = subsets(of: edges.count, size: size).first(where: { acyclic(without: Set($0)) }) {
                    return (subset.map { edges[$0] }, true)
                }
            }
        }
        var removed: Set<Int> = []
        for index in edges.indices where !acyclic(without: removed) {
            removed.insert(index)
        }
        let minimal = removed.sorted().filter { index in !acyclic(without: removed.subtracting([index])) }
        return (minimal.map { edges[$0] }, false)
    }

    private static func subsets(of count: Int, size: Int) -> [[Int]] {
        if size == 0 { return [[]] }
        guard count >= size else { return [] }
        var result: [[Int]] = []
        func extend(_ current: [Int], from start: Int) {
            if current.count == size { result.append(current); return }
            for next in start..<count { extend(current + [next], from: next + 1) }
        }
        extend([], from: 0)
        return result
    }
}

extension RuleID {
    public static let cycle: RuleID = "cycle"
}
