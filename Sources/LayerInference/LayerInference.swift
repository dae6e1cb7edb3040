import DependencyGraph
import Discovery
import ManifestReading
import Paths

/// A layering proposed for a repository that has none, from what depends on what today.
public struct InferredLayering: Sendable, Equatable {
    /// One proposed layer.
    public struct Layer: Sendable, Equatable {
        public var name: String
        /// Whether the name comes from the repository's folders (else it is `level-N`).
        public var namedFromFolders: Bool
        /// Globs of package folders relative to the root (`Modules/Features/*`), when the layer's members are packages.
        public var paths: [String]
        /// Target names, when the repository is one package and its targets are the components.
        public var members: [String]
        /// The components in the layer: package names, or target names.
        public var components: [String]
        /// No member depends on another today.
        public var independent: Bool
    }

    /// Top first.
    public var layers: [Layer]
    /// Components that depend on each other in a circle, each cycle's names sorted; they share a layer.
    public var cycles: [[String]]
    /// For each package from outside the repository, the layers that use it today.
    public var thirdParty: [(package: String, layers: [String])]
    /// Packages (or, for a one-package repository, targets) the layering is made of.
    public var componentCount: Int
    public var componentsArePackages: Bool

    public static func == (lhs: InferredLayering, rhs: InferredLayering) -> Bool {
        lhs.layers == rhs.layers && lhs.cycles == rhs.cycles && lhs.componentCount == rhs.componentCount
            && lhs.thirdParty.map(\.package) == rhs.thirdParty.map(\.package) && lhs.thirdParty.map(\.layers) == rhs.thirdParty.map(\.layers)
    }
}

/// Proposes layers for a repository from its dependency graph (`componentize init --infer`).
///
/// Components are the local packages (the targets, when the repository is a single package). A set of components
/// that depend on each other in a circle counts as one. Each component's depth is the longest chain of
/// dependencies below it; components of one depth form a layer, lowest depth at the bottom. Consecutive depths are
/// merged into one layer when one folder of the repository (`Modules/Features/*`), or one folder and name ending
/// (`LocalPackages/*Kit`), holds exactly their components. Layers are named after those folders when they agree,
/// else `level-N` (1 at the bottom).
public struct LayerInference: Sendable {
    public init() {}

    public func infer(_ graph: DependencyGraph) -> InferredLayering {
        let units = Units(graph)
        let depths = Self.depths(units.successors)
        let levelCount = (depths.max() ?? -1) + 1
        var levels = [[Int]](repeating: [], count: levelCount)
        for unit in units.names.indices { levels[depths[unit]].append(unit) }
        let groups = units.componentsArePackages ? Self.groups(units) : []
        let ranges = Self.mergedRanges(levels: levels, groups: groups, unitCount: units.names.count)
        var layers: [InferredLayering.Layer] = []
        for (position, range) in ranges.enumerated() {
            let members = range.flatMap { levels[$0] }.sorted { units.names[$0] < units.names[$1] }
            layers.append(Self.layer(members, level: position + 1, units: units, groups: groups))
        }
        Self.makeNamesUnique(&layers)
        var layerOfUnit = [Int](repeating: 0, count: units.names.count)
        for (position, range) in ranges.enumerated() { for level in range { for unit in levels[level] { layerOfUnit[unit] = position } } }
        for (position, range) in ranges.enumerated() {
            let members = Set(range.flatMap { levels[$0] })
            layers[position].independent = members.count > 1 && !members.contains { units.successors[$0].contains(where: members.contains) }
        }
        let cycles = StronglyConnected.components(units.successors)
            .filter { $0.count > 1 || units.successors[$0[0]].contains($0[0]) }
            .map { $0.map { units.names[$0] }.sorted() }
            .sorted { $0.lexicographicallyPrecedes($1) }
        var thirdParty: [String: Set<Int>] = [:]
        for edge in graph.edges {
            guard case let .external(package, product) = edge.to, let unit = units.unitOfTarget[edge.fromNumber] else { continue }
            thirdParty[package ?? product, default: []].insert(layerOfUnit[unit])
        }
        return InferredLayering(
            layers: layers.reversed(),
            cycles: cycles,
            thirdParty: thirdParty.keys.sorted().map { key in
                (key, thirdParty[key, default: []].sorted(by: >).map { layers[$0].name })
            },
            componentCount: units.names.count,
            componentsArePackages: units.componentsArePackages
        )
    }

    /// The components and the dependencies between them.
    struct Units {
        var names: [String]
        /// Package folders relative to the root (for packages).
        var directories: [String]
        var successors: [[Int]]
        /// For each target number, its unit (test targets too: a test belongs to its package's unit, or to the unit
        /// of the target it tests).
        var unitOfTarget: [Int?]
        var componentsArePackages: Bool

        init(_ graph: DependencyGraph) {
            let packages = graph.packages
            let targets = graph.sortedTargets
            componentsArePackages = packages.count != 1 || targets.filter { !$0.isTest }.count < 2
            if componentsArePackages {
                names = packages.map(\.manifest.name)
                directories = packages.map(\.relativeDirectory)
                var packageIndex: [String: Int] = [:]
                for (index, package) in packages.enumerated() { packageIndex[package.relativeDirectory] = index }
                unitOfTarget = targets.map { packageIndex[$0.id.package] }
            } else {
                let libraries = targets.filter { !$0.isTest }
                names = libraries.map(\.id.name)
                directories = libraries.map { _ in packages[0].relativeDirectory }
                var unitOfNumber: [Int: Int] = [:]
                for (unit, target) in libraries.enumerated() { unitOfNumber[target.number] = unit }
                unitOfTarget = targets.map { target in
                    unitOfNumber[target.number] ?? (target.isTest ? graph.successors[target.number].lazy.compactMap { unitOfNumber[$0] }.first : nil)
                }
            }
            successors = [[Int]](repeating: [], count: names.count)
            for (_, from, to) in graph.localEdges where !from.isTest {
                guard let source = unitOfTarget[from.number], let destination = unitOfTarget[to.number] else { continue }
                if source != destination, !successors[source].contains(destination) { successors[source].append(destination) }
            }
            for index in successors.indices { successors[index].sort() }
        }
    }

    /// The longest chain of dependencies below each unit, over the graph with each strongly connected set collapsed.
    static func depths(_ successors: [[Int]]) -> [Int] {
        let components = StronglyConnected.components(successors)
        var componentOf = [Int](repeating: 0, count: successors.count)
        for (index, component) in components.enumerated() { for unit in component { componentOf[unit] = index } }
        var componentDepth = [Int](repeating: 0, count: components.count)
        // Tarjan's order puts every component after the ones it reaches.
        for (index, component) in components.enumerated() {
            var depth = 0
            for unit in component {
                for successor in successors[unit] where componentOf[successor] != index {
                    depth = max(depth, componentDepth[componentOf[successor]] + 1)
                }
            }
            componentDepth[index] = depth
        }
        return componentOf.map { componentDepth[$0] }
    }

    /// A set of packages the repository's folders group: one folder's packages, or those of one folder whose names
    /// end the same way.
    struct Group {
        var glob: String
        /// The layer name it suggests.
        var name: String
        var units: Set<Int>
    }

    static func groups(_ units: Units) -> [Group] {
        var byFolder: [String: Set<Int>] = [:], bySuffix: [String: Set<Int>] = [:]
        for (unit, directory) in units.directories.enumerated() {
            let parent = parentFolder(of: directory)
            guard !parent.isEmpty else { continue }
            byFolder[parent, default: []].insert(unit)
            if let suffix = nameSuffix(of: lastComponent(of: directory)) { bySuffix[parent + "/*" + suffix, default: []].insert(unit) }
        }
        var groups = byFolder.map { Group(glob: $0.key + "/*", name: lastComponent(of: $0.key), units: $0.value) }
        for (glob, members) in bySuffix where members.count > 1 && members != byFolder[parentFolder(of: glob)] {
            groups.append(Group(glob: glob, name: String(glob[glob.index(after: glob.lastIndex(of: "*") ?? glob.startIndex)...]), units: members))
        }
        return groups.sorted { $0.glob < $1.glob }
    }

    /// Runs of consecutive levels that stay one layer each: a run longer than one level is exactly one group's
    /// packages. A group holding half the packages or more (every package in `Packages/`) says nothing of layers.
    static func mergedRanges(levels: [[Int]], groups: [Group], unitCount: Int) -> [ClosedRange<Int>] {
        var levelOf: [Int: Int] = [:]
        for (level, members) in levels.enumerated() { for unit in members { levelOf[unit] = level } }
        var runs: [ClosedRange<Int>] = []
        for group in groups where group.units.count > 1 && group.units.count * 2 < unitCount {
            let occupied = group.units.compactMap { levelOf[$0] }
            guard let low = occupied.min(), let high = occupied.max(), high > low,
                  (low...high).reduce(0, { $0 + levels[$1].count }) == group.units.count else { continue }
            runs.append(low...high)
        }
        var result: [ClosedRange<Int>] = []
        var level = 0
        while level < levels.count {
            let run = runs.filter { $0.lowerBound == level }.max { $0.count < $1.count } ?? level...level
            result.append(run)
            level = run.upperBound + 1
        }
        return result
    }

    static func layer(_ members: [Int], level: Int, units: Units, groups: [Group]) -> InferredLayering.Layer {
        let names = members.map { units.names[$0] }
        guard units.componentsArePackages else {
            return .init(name: "level-\(level)", namedFromFolders: false, paths: [], members: names, components: names, independent: false)
        }
        let memberSet = Set(members)
        let directories = members.map { units.directories[$0] }.sorted()
        if let group = groups.first(where: { $0.units == memberSet }) {
            return .init(name: layerName(group.name), namedFromFolders: true, paths: [group.glob], members: [], components: names, independent: false)
        }
        let parents = Set(directories.map(parentFolder))
        if parents.count == 1, let parent = parents.first, !parent.isEmpty {
            // One folder holds them, with other packages too: named from the folder, listed one by one.
            return .init(name: layerName(lastComponent(of: parent)), namedFromFolders: true, paths: directories, members: [], components: names,
                         independent: false)
        }
        if directories.count == 1 {
            let folder = directories[0] == "." || directories[0].isEmpty ? names[0] : lastComponent(of: directories[0])
            return .init(name: layerName(folder), namedFromFolders: true, paths: directories, members: [], components: names, independent: false)
        }
        return .init(name: "level-\(level)", namedFromFolders: false, paths: directories, members: [], components: names, independent: false)
    }

    /// Two layers a folder would name alike are both named by level instead.
    static func makeNamesUnique(_ layers: inout [InferredLayering.Layer]) {
        var counts: [String: Int] = [:]
        for layer in layers { counts[layer.name, default: 0] += 1 }
        for index in layers.indices where counts[layers[index].name, default: 0] > 1 || layers[index].name.isEmpty
            || (layers[index].namedFromFolders && layers[index].name.hasPrefix("level-")) {
            layers[index].name = "level-\(index + 1)"
            layers[index].namedFromFolders = false
        }
    }

    /// `Features` → `features`, `Shared UI` → `shared-ui`.
    static func layerName(_ folder: String) -> String {
        var name = ""
        for scalar in folder.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                name.unicodeScalars.append(scalar)
            } else if !name.isEmpty, !name.hasSuffix("-") {
                name += "-"
            }
        }
        while name.hasSuffix("-") { name.removeLast() }
        return name
    }

    static func parentFolder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func lastComponent(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The last capitalized word of a CamelCase name: `Kit` for `NetworkingKit`, `UI` for `CoreUI`; nil when the name is
    /// that word alone.
    static func nameSuffix(of name: String) -> String? {
        let characters = Array(name)
        guard var start = characters.indices.last else { return nil }
        if characters[start].isUppercase {
            while start > 0, characters[start - 1].isUppercase { start -= 1 }
        } else {
            while start > 0, !characters[start].isUppercase { start -= 1 }
        }
        guard start > 0, characters[start].isUppercase else { return nil }
        return String(characters[start...])
    }
}
