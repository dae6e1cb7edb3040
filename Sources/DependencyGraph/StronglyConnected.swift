/// Strongly connected components of a graph over nodes numbered `0..<successors.count`.
public enum StronglyConnected {
    /// Every strongly connected component (single nodes too), each with its members in ascending order, by Tarjan's
    /// algorithm, iterative: a component comes after every component it reaches (sinks first).
    public static func components(_ successors: [[Int]]) -> [[Int]] {
        let count = successors.count
        let unvisited = -1
        var index = 0
        var indices = [Int](repeating: unvisited, count: count), lowLinks = [Int](repeating: 0, count: count)
        var stack: [Int] = [], onStack = [Bool](repeating: false, count: count)
        var result: [[Int]] = []
        for root in 0..<count where indices[root] == unvisited {
            var work: [(node: Int, next: Int)] = [(root, 0)]
            indices[root] = index; lowLinks[root] = index; index += 1
            stack.append(root); onStack[root] = true
            while let (node, next) = work.last {
                if next < successors[node].count {
                    work[work.count - 1].next += 1
                    let successor = successors[node][next]
                    if indices[successor] == unvisited {
                        indices[successor] = index; lowLinks[successor] = index; index += 1
                        stack.append(successor); onStack[successor] = true
                        work.append((successor, 0))
                    } else if onStack[successor] {
                        lowLinks[node] = min(lowLinks[node], indices[successor])
                    }
                } else {
                    work.removeLast()
                    if let parent = work.last?.node { lowLinks[parent] = min(lowLinks[parent], lowLinks[node]) }
                    if lowLinks[node] == indices[node] {
                        var component: [Int] = []
                        while let member = stack.popLast() {
                            onStack[member] = false
                            component.append(member)
                            if member == node { break }
                        }
                        result.append(component.sorted())
                    }
                }
            }
        }
        return result
    }
}
