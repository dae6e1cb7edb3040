@testable import DependencyGraph
import Testing

/// Reports list the packages that would decide undecided imports in one order whatever order they were found in.
struct UnreadPackageOrderTests {
    @Test func twoSpellingsOfOneMissingFolderSortTheSameWay() {
        let lower = UnreadPackage(package: "tunnelkit", reason: .missing("../external/tunnelkit"))
        let upper = UnreadPackage(package: "TunnelKit", reason: .missing("../external/tunnelkit"))
        #expect(lower.description == upper.description)
        #expect([lower, upper].sorted() == [upper, lower].sorted())
        #expect([lower, upper].sorted().map(\.package) == ["TunnelKit", "tunnelkit"])
    }
}
