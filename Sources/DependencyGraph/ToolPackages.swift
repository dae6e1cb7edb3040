extension DependencyGraph {
    /// The packages that only build tools: every target but the tests an executable or a plugin, and no target of
    /// another package or project depending on one of them (`swift run` runs them; the app does not ship them). By
    /// index in ``packages``.
    public var toolPackages: Set<Int> {
        var onlyTools: [Int: Bool] = [:]
        for target in sortedTargets where !target.isTest {
            let tool = target.productKind == .executableModule || target.productKind == .pluginModule
            onlyTools[target.packageIndex] = (onlyTools[target.packageIndex] ?? true) && tool
        }
        var used = Set<Int>()
        for (_, from, to) in localEdges where from.packageIndex != to.packageIndex { used.insert(to.packageIndex) }
        return Set(onlyTools.filter { $0.value && !used.contains($0.key) && !packages[$0.key].isXcodeProject }.map(\.key))
    }
}
