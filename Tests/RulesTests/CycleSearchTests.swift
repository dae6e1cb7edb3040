import Testing
@testable import Rules

/// The cycle search on numbered nodes: only components holding a cycle, members sorted, components in order.
struct CycleSearchTests {
    @Test func onlyComponentsThatHoldACycle() {
        // 0 → 1 → 2 → 0, 3 → 3, 4 → 5 (no cycle), 6 → 7 → 6.
        let successors = [[1], [2], [0], [3], [5], [], [7], [6]]
        #expect(CycleRule.cycles(successors) == [[0, 1, 2], [3], [6, 7]])
        #expect(CycleRule.cycles([[1], [2], []]) == [])
    }

    @Test func shortestPathInsideTheCycle() {
        // 0 → 1 → 2 → 0 and 0 → 2: the shortest way from 0 to 2 is direct; from 1 back to 1 is nothing to walk.
        let successors = [[1, 2], [2], [0]]
        #expect(CycleRule.shortestPath(from: 0, to: 2, within: [0, 1, 2], successors: successors) == [0, 2])
        #expect(CycleRule.shortestPath(from: 2, to: 1, within: [0, 1, 2], successors: successors) == [2, 0, 1])
        #expect(CycleRule.shortestPath(from: 1, to: 1, within: [0, 1, 2], successors: successors) == [1])
    }

    @Test func removingTheUpwardEdgesBreaksTheCycle() {
        #expect(CycleRule.breaksEveryCycle([(0, 1), (1, 0)], removing: [(1, 0)]))
        #expect(!CycleRule.breaksEveryCycle([(0, 1), (1, 0), (1, 2), (2, 1)], removing: [(1, 0)]))
    }

    @Test func fewestEdgesBreakingEveryCycle() {
        // Two cycles sharing the edge 1 → 0: removing it alone breaks both.
        let edges = [(0, 1), (1, 0), (1, 2), (2, 1), (2, 0)]
        let (removal, exact) = CycleRule.fewestEdgesBreakingCycles([(0, 1), (1, 0), (0, 2), (2, 1)])
        #expect(exact)
        #expect(removal.map { [$0.0, $0.1] } == [[1, 0]])
        let (two, exactTwo) = CycleRule.fewestEdgesBreakingCycles(edges)
        #expect(exactTwo)
        #expect(two.count == 2)
    }
}
