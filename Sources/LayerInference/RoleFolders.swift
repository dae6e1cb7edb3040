import DependencyGraph

/// Folders that group packages by role (`libraries/Foundations/*`) even where those packages sit at several depths: a
/// folder whose packages the packages of another folder use, and which uses none of them, is one layer. Its packages
/// are given one depth (as a cycle would be), and a level it shares with other packages is split, the folder's layer
/// below, so the folder's packages are exactly one layer, named after the folder.
struct RoleFolders {
    /// The groups taken as layers, each a folder's packages.
    var groups: [Set<Int>] = []

    init(units: LayerInference.Units, groups candidates: [LayerInference.Group]) {
        let folders = candidates.filter { !$0.glob.dropLast(2).contains("*") && $0.units.count > 1 }
        let reach = units.successors.indices.map { Self.reachable(from: $0, units.successors) }
        for group in folders where folders.contains(where: { other in
            other.glob != group.glob && other.units.isDisjoint(with: group.units) && Self.isBelow(group.units, other.units, reach: reach)
        }) {
            if Self.staysApart(group.units, successors: units.successors, reach: reach) { groups.append(group.units) }
        }
    }

    /// `successors` with each group's packages joined in a cycle, so that the depth computation gives them one depth.
    func joined(_ successors: [[Int]]) -> [[Int]] {
        var joined = successors
        for group in groups {
            let members = group.sorted()
            for (index, unit) in members.enumerated() { joined[unit].append(members[(index + 1) % members.count]) }
        }
        return joined
    }

    /// Levels where a group shares its level with other packages split in two: the group's, then the others'.
    func split(_ levels: [[Int]]) -> [[Int]] {
        levels.flatMap { level -> [[Int]] in
            guard let group = groups.first(where: { !$0.isDisjoint(with: level) }), level.contains(where: { !group.contains($0) }) else { return [level] }
            return [level.filter(group.contains), level.filter { !group.contains($0) }]
        }
    }

    /// Whether `other`'s packages use `group`'s and none of `group`'s reaches `other`'s.
    static func isBelow(_ group: Set<Int>, _ other: Set<Int>, reach: [Set<Int>]) -> Bool {
        other.contains { !reach[$0].isDisjoint(with: group) } && !group.contains { !reach[$0].isDisjoint(with: other) }
    }

    /// Whether no package outside the group lies between two of its packages (then joining them would pull it in).
    static func staysApart(_ group: Set<Int>, successors: [[Int]], reach: [Set<Int>]) -> Bool {
        !group.contains { unit in
            successors[unit].contains { next in !group.contains(next) && !reach[next].isDisjoint(with: group) }
        }
    }

    static func reachable(from start: Int, _ successors: [[Int]]) -> Set<Int> {
        var seen: Set<Int> = []
        var pending = successors[start]
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            pending += successors[next]
        }
        return seen
    }
}
