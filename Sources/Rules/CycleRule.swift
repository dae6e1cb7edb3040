import Configuration
import DependencyGraph
import Diagnostics

/// A cycle among local targets (within a package or across packages).
public struct CycleRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "cycle",
        name: "Dependency cycle",
        summary: "Local modules depend on each other in a circle.",
        rationale: "Modules in a cycle can only be built, tested and understood together: they are one module in disguise.",
        nonTriggeringExamples: [
            RuleExample([("App", RuleExample.package("App", targets: [("ComponentVideo", ["\"NXKit\""]), ("NXKit", [])]))]),
        ],
        triggeringExamples: [
            RuleExample([("App", RuleExample.package("App", targets: [("NXUI", ["\"NXService\""]), ("NXService", ["↓\"NXUI\""])]))]),
        ]
    )

    /// Cycles with more edges than this get a greedy (not necessarily smallest) set of edges to remove.
    static let exhaustiveSearchLimit = 24

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        let successors = graph.successors
        let name = { (node: Int) in graph.sortedTargets[node].id.name }
        var findings: [Finding] = []
        for component in Self.cycles(successors) {
            let start = component[0]
            let members = Set(component)
            let path = Self.shortestCycle(from: start, within: members, successors: successors)
            let edges = component.flatMap { from in successors[from].filter(members.contains).map { (from, $0) } }
            let (removal, exact) = Self.fewestEdgesBreakingCycles(edges)
            let pathText = path.map(name).joined(separator: " → ")
            let removalText = removal.map { "\(name($0.0)) → \(name($0.1))" }.joined(separator: ", ")
            let firstEdge = graph.localEdges.first { local in
                path.count > 1 && local.from === graph.sortedTargets[path[0]] && local.to === graph.sortedTargets[path[1]]
            }?.edge
            let location = firstEdge?.location ?? graph.sortedTargets[start].location
            findings.append(finding(
                "dependency cycle: \(pathText)" + (members.count > path.count - 1 ? " (\(members.count) modules are caught in it)" : ""),
                fix: "remove \(removal.count == 1 ? "this dependency" : "these dependencies") to break every cycle here: \(removalText)"
                    + (exact ? "" : " (found greedily; a smaller set may exist)"),
                at: location, from: component.map(name).sorted().joined(separator: ",")))
        }
        return findings
    }

    /// The strongly connected components that hold a cycle, components ordered by their first member.
    static func cycles(_ successors: [[Int]]) -> [[Int]] {
        StronglyConnected.components(successors).filter { $0.count > 1 || successors[$0[0]].contains($0[0]) }.sorted { $0[0] < $1[0] }
    }

    /// The shortest path from `start` back to itself inside `members` (breadth first), as a closed list.
    static func shortestCycle(from start: Int, within members: Set<Int>, successors: [[Int]]) -> [Int] {
        var previous: [Int: Int] = [:]
        var queue = [start], head = 0
        var seen: Set<Int> = []
        while head < queue.count {
            let node = queue[head]; head += 1
            for next in successors[node].sorted() where members.contains(next) {
                if next == start {
                    var path = [node]
                    while let before = previous[path[0]] { path.insert(before, at: 0) }
                    if path.first != start { path.insert(start, at: 0) }
                    return path + [start]
                }
                if seen.insert(next).inserted {
                    previous[next] = node
                    queue.append(next)
                }
            }
        }
        return [start, start]
    }

    /// The fewest edges whose removal leaves no cycle: exhaustive up to three edges for small cycles, else greedy.
    static func fewestEdgesBreakingCycles(_ edges: [(Int, Int)]) -> (edges: [(Int, Int)], exact: Bool) {
        let nodes = Set(edges.flatMap { [$0.0, $0.1] }).sorted()
        var local: [Int: Int] = [:]
        for (index, node) in nodes.enumerated() { local[node] = index }
        func acyclic(without removed: Set<Int>) -> Bool {
            var successors = [[Int]](repeating: [], count: nodes.count)
            for (index, edge) in edges.enumerated() where !removed.contains(index) {
                if let from = local[edge.0], let to = local[edge.1] { successors[from].append(to) }
            }
            return cycles(successors).isEmpty
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
