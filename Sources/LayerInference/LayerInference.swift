import DependencyGraph
import Discovery
import PackageModel
import Paths

/// A layering proposed for a repository that has none, from what depends on what today.
public struct InferredLayering: Sendable, Equatable {
    /// One proposed layer.
    public struct Layer: Sendable, Equatable {
        public var name: String
        /// Whether the layer is named yet (after its folder, its members' name ending, its kind or its place).
        public var namedFromFolders: Bool
        /// Globs of package folders relative to the root (`Modules/Features/*`), when the layer's members are packages.
        public var paths: [String]
        /// Target names, when the repository is one package and its targets are the components.
        public var members: [String]
        /// The components in the layer: package names, or target names.
        public var components: [String]
        /// Kinds of Xcode targets the layer holds every one of (`application`): written for application targets named like
        /// a package, whose name in `members` would place that package here too.
        public var kinds: [String] = []
        /// The Xcode targets placed by ``kinds`` rather than by ``members``.
        public var targetsByKind: [String] = []
        /// Members may not depend on each other: none does today, or only a few (``dependenciesInside``), which the
        /// baseline records.
        public var independent: Bool
        /// Dependencies between members of the layer today.
        public var dependenciesInside = 0
        /// The members are exactly the packages of a folder the team made (`Modules/Features/*`): the only layer where a few
        /// dependencies between members are baselined rather than making it not independent.
        public var teamFolder = false
        /// What the name comes from (`its folder`, `the name ending *Kit`), for the comment `init` writes.
        public var namedBy = ""
        /// Named only by listing members (no folder, name ending, kind or place names it): a name no team would keep.
        var namedByMembers: Bool { components.count > 1 && namedBy.hasPrefix("its members") }
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
    /// The packages by kind, as `check` counts them.
    public var packageKinds = PackageCounts()
    /// The app: the one package or Xcode application target on top of everything; nil when there is none.
    public var app: String?
    /// Modules test targets use that stand in for real code (mocks, fakes, testing toolkits), for `testSupport`.
    public var testSupport: [String] = []
    /// Whether components talk through a mediator: a component or an outside package named `…Mediator…` (the CTMediator
    /// pod), or `Target_` classes, service registrations or routes in the sources. Only then does the configuration name a
    /// registry for `new --interface`.
    public var hasMediator = false
    /// Components placed in no layer by their kind (command-line tools, script-only aggregate targets), each with why.
    public var unplaced: [(component: String, kind: String)] = []

    public static func == (lhs: InferredLayering, rhs: InferredLayering) -> Bool {
        lhs.layers == rhs.layers && lhs.cycles == rhs.cycles && lhs.componentCount == rhs.componentCount
            && lhs.thirdParty.map(\.package) == rhs.thirdParty.map(\.package) && lhs.thirdParty.map(\.layers) == rhs.thirdParty.map(\.layers)
            && lhs.testSupport == rhs.testSupport && lhs.hasMediator == rhs.hasMediator && lhs.unplaced.map(\.component) == rhs.unplaced.map(\.component)
    }
}

/// Proposes layers for a repository from its dependency graph (`componentize init --infer`).
///
/// Components are the local packages (the targets, when the repository is a single package). A set of components
/// that depend on each other in a circle counts as one. Each component's depth is the longest chain of
/// dependencies below it; components of one depth form a layer, lowest depth at the bottom. Consecutive depths are
/// merged into one layer when one folder of the repository (`Modules/Features/*`), or one folder and name ending
/// (`LocalPackages/*Kit`), holds exactly their components, and a folder of packages at several depths that another
/// folder's packages use is one layer (``RoleFolders``). Then a layer of one component merges with the layer below
/// (else above) while more than three layers remain, unless that layer is a folder's, the top one alone, or an
/// independent one of three or more (the features, whose members must stay apart); a merged layer is not independent.
/// Layers are named after the folders that group them when they agree, a layer of one package after its folder, and the
/// others after what they are: `core` at the bottom, `features` for the widest independent layer, `shared` between.
public struct LayerInference: Sendable {
    public init() {}

    /// Layers proposed for the graph; `appTargets` are the app targets the repository names outside its components (a
    /// Podfile's `target` blocks): with one, no pod is the app.
    public func infer(_ graph: DependencyGraph, appTargets: [String] = []) -> InferredLayering {
        let units = Units(graph)
        let groups = units.componentsArePackages ? Self.groups(units) : []
        let plan = units.componentsArePackages ? FolderLayers(units: units).map { Plan(folders: $0, units: units) } : nil
        let (levels, depthRanges, kept, teamFolders) = plan.map { ($0.levels, $0.ranges, $0.kept, $0.teamFolders) } ?? Self.byDepth(units, groups: groups)
        var ranges = depthRanges
        var layers = Self.namedLayers(ranges: ranges, levels: levels, kept: kept, teamFolders: teamFolders, plan: plan, units: units, groups: groups,
                                      appTargets: appTargets)
        // A layer only its members' names could name is depths of packages nothing groups: it joins the layer below (else
        // above), which is then not independent, until every layer has a name a team would keep.
        while plan == nil, let index = layers.firstIndex(where: \.namedByMembers), ranges.count > 1 {
            let low = index == 0 || Self.placedByKind(layers[index - 1]) ? index : index - 1
            guard low + 1 < ranges.count, !Self.placedByKind(layers[low + 1]) || low < index else { break }
            ranges[low] = ranges[low].lowerBound...ranges[low + 1].upperBound
            ranges.remove(at: low + 1)
            layers = Self.namedLayers(ranges: ranges, levels: levels, kept: kept, teamFolders: teamFolders, plan: plan, units: units, groups: groups,
                                      appTargets: appTargets)
        }
        var layerOfUnit = [Int](repeating: 0, count: units.names.count)
        for (position, range) in ranges.enumerated() { for level in range { for unit in levels[level] { layerOfUnit[unit] = position } } }
        let cycleSets = StronglyConnected.components(units.successors).filter { $0.count > 1 || units.successors[$0[0]].contains($0[0]) }
        let applications = ranges.last.map { $0.flatMap { levels[$0] }.filter { units.isApplication[$0] } } ?? []
        let cycles = cycleSets.map { $0.map { units.names[$0] }.sorted() }
            .sorted { $0.lexicographicallyPrecedes($1) }
        var thirdParty: [String: Set<Int>] = [:]
        for edge in graph.edges {
            guard case let .external(package, product) = edge.to, let unit = units.unitOfTarget[edge.fromNumber] else { continue }
            // A local package's product linked as if from outside stays listed: `check` judges the link as the graph has it.
            thirdParty[package ?? product, default: []].insert(layerOfUnit[unit])
        }
        let app = Self.app(on: layers.last, applications: applications, units: units, appTargets: appTargets)
        let mediatorNamed = units.names.contains { $0.contains("Mediator") } || thirdParty.keys.contains { $0.contains("Mediator") }
        var layering = InferredLayering(
            layers: layers.reversed(),
            cycles: cycles,
            thirdParty: thirdParty.keys.sorted().map { key in
                (key, thirdParty[key, default: []].sorted(by: >).map { layers[$0].name })
            },
            componentCount: units.names.count,
            componentsArePackages: units.componentsArePackages,
            packageKinds: graph.packageKinds,
            app: app,
            testSupport: Self.testDoubles(in: graph)
        )
        layering.hasMediator = mediatorNamed
        layering.unplaced = units.unplaced
        return layering
    }

    /// A layer of application targets or of extensions: placed by kind, never merged with another.
    static func placedByKind(_ layer: InferredLayering.Layer) -> Bool {
        ["app", "extensions"].contains(layer.name) && layer.namedFromFolders && !layer.namedByMembers
    }

    /// The layers of `ranges`, bottom first, judged independent and named.
    static func namedLayers(ranges: [ClosedRange<Int>], levels: [[Int]], kept: Set<ClosedRange<Int>>, teamFolders: [Set<Int>], plan: Plan?,
                            units: Units, groups: [Group], appTargets: [String]) -> [InferredLayering.Layer] {
        var layers: [InferredLayering.Layer] = []
        for (position, range) in ranges.enumerated() {
            let members = range.flatMap { levels[$0] }.sorted { units.names[$0] < units.names[$1] }
            layers.append(plan?.layer(at: position, members: members, units: units)
                ?? Self.layer(members, level: position + 1, units: units, groups: groups))
        }
        let cycleSets = StronglyConnected.components(units.successors).filter { $0.count > 1 || units.successors[$0[0]].contains($0[0]) }
        for (position, range) in ranges.enumerated() {
            let members = Set(range.flatMap { levels[$0] })
            // A layer made of merged depths is not independent, whatever its members do today; a package and one it
            // depends on share an independent layer only in a folder the team made.
            layers[position].teamFolder = teamFolders.contains(members)
            Self.judgeIndependence(&layers[position], members: members, ofFolders: kept.contains(range), units: units, inCycle: Set(cycleSets.joined()))
        }
        let applications = ranges.last.map { $0.flatMap { levels[$0] }.filter { units.isApplication[$0] } } ?? []
        if plan == nil { Self.nameTheApp(&layers, top: ranges.last.map { $0.flatMap { levels[$0] } } ?? [], units: units, groups: groups,
                                          hasAppTarget: !appTargets.isEmpty || !applications.isEmpty) }
        for (position, range) in ranges.enumerated() where !layers[position].namedFromFolders {
            let members = range.flatMap { levels[$0] }
            if !members.isEmpty, members.allSatisfy({ units.isExtension[$0] }) {
                (layers[position].name, layers[position].namedFromFolders, layers[position].namedBy) = ("extensions", true, "its kind: app extensions and watch apps")
            }
        }
        for index in layers.indices where layers[index].namedFromFolders && layers[index].namedBy.isEmpty { layers[index].namedBy = "its folder" }
        Self.makeNamesUnique(&layers)
        Self.nameBySharedEnding(&layers)
        Self.nameByWhatTheyAre(&layers)
        Self.placeApplicationsByKind(&layers, units: units)
        return layers
    }

    /// Layers by depth: the levels, the runs of levels that make each layer, the runs left as they were (which may be
    /// independent), and the member sets that are exactly the packages of a folder the team made.
    static func byDepth(_ units: Units, groups: [Group]) -> ([[Int]], [ClosedRange<Int>], Set<ClosedRange<Int>>, [Set<Int>]) {
        let roles = RoleFolders(units: units, groups: groups)
        var depths = Self.depths(roles.joined(units.successors))
        Self.liftSiblings(&depths, units: units, grouped: roles.groups.reduce(into: Set<Int>()) { $0.formUnion($1) })
        // Application targets are the top of the app; their extensions (and watch apps) right below, above everything else.
        let base = depths.indices.filter { !units.isApplication[$0] && !units.isExtension[$0] }.map { depths[$0] }.max() ?? -1
        let extensionDepth = units.isExtension.contains(true) ? base + 1 : base
        for unit in depths.indices where units.isExtension[unit] { depths[unit] = extensionDepth }
        for unit in depths.indices where units.isApplication[unit] { depths[unit] = extensionDepth + 1 }
        let levelCount = (depths.max() ?? -1) + 1
        var levels = [[Int]](repeating: [], count: levelCount)
        for unit in units.names.indices { levels[depths[unit]].append(unit) }
        levels.removeAll(where: \.isEmpty)
        levels = roles.split(levels).filter { !$0.isEmpty }.flatMap(Self.splitByClaimingEnding(units))
        // A folder the team made for members kept apart (`Modules/Features/*`, `Business/*`): not a name ending (`*Kit`), nor a
        // folder of one package, nor one whose name says nothing of apart (`LocalPods/*`: there a declared edge is the design).
        let teamFolders = groups.filter {
            $0.units.count > 1 && $0.glob.hasSuffix("/*") && !$0.glob.dropLast(2).contains("*") && FolderLayers.saysApart($0.name)
        }.map(\.units)
        // Xcode targets lie in no package folder: a folder holding half the packages says nothing of layers, whatever the targets.
        let folderRanges = Self.mergedRanges(levels: levels, groups: groups, unitCount: units.isProjectTarget.filter { !$0 }.count)
        let (joinedRanges, joined) = Self.joiningIndependentLayers(folderRanges, levels: levels, units: units, teamFolders: teamFolders)
        let ranges = Self.mergingSingles(joinedRanges, levels: levels, units: units, groups: groups)
        return (levels, ranges, Set(folderRanges).union(joined), teamFolders)
    }

    /// A depth where two or more members share an ending that says what each is (`…Interface`, `…Feature`) and others do
    /// not (`Data` beside the feature interfaces): the others go right below, in a level of their own, so the layer of the
    /// interfaces holds interfaces. Members of one depth never depend on each other, so the split breaks no dependency.
    static func splitByClaimingEnding(_ units: Units) -> ([Int]) -> [[Int]] {
        { level in
            var counts: [String: Int] = [:]
            for unit in level { if let ending = nameSuffix(of: units.names[unit]), claimingEndings.contains(ending) { counts[ending, default: 0] += 1 } }
            guard let (ending, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 2, count < level.count,
                  !level.contains(where: { units.isApplication[$0] || units.isExtension[$0] }) else { return [level] }
            let claimed = level.filter { nameSuffix(of: units.names[$0]) == ending }
            return [level.filter { !claimed.contains($0) }, claimed]
        }
    }

    /// Modules only the app and its extensions use, and that build on other modules, are siblings (features beside each
    /// other, whatever each uses below): when there are two or more, they share one depth, the highest of theirs, so depth
    /// does not split them. A module that uses none is a base the app uses directly (a `Core`), never lifted.
    static func liftSiblings(_ depths: inout [Int], units: Units, grouped: Set<Int>) {
        let shipped = Set(units.names.indices.filter { units.isApplication[$0] || units.isExtension[$0] })
        var used = Set<Int>()
        for unit in units.names.indices where !shipped.contains(unit) { used.formUnion(units.successors[unit]) }
        // A name two components share (two projects' targets) places both wherever a layer names it: such a one stays put.
        var nameCounts: [String: Int] = [:]
        for name in units.names { nameCounts[name, default: 0] += 1 }
        // A module named like infrastructure (`Data`, `Networking`) is what the app wires at its root, not a feature: it stays
        // at its depth, right above what it uses.
        let siblings = units.names.indices.filter {
            !shipped.contains($0) && !used.contains($0) && !grouped.contains($0) && !units.successors[$0].isEmpty
                && nameCounts[units.names[$0], default: 0] == 1 && !infrastructureWords.contains(nameSuffix(of: units.names[$0]) ?? units.names[$0])
        }
        guard siblings.count >= 2, let top = siblings.map({ depths[$0] }).max() else { return }
        for unit in siblings { depths[unit] = top }
    }

    /// The top layer is `app` when it is one package on top of everything, in no folder of its kind, and not a pod while
    /// the repository has an app target (a pod is a library), or when it holds the Xcode application targets.
    static func nameTheApp(_ layers: inout [InferredLayering.Layer], top: [Int], units: Units, groups: [Group], hasAppTarget: Bool) {
        guard let index = layers.indices.last, !layers.contains(where: { $0.name == "app" }) else { return }
        let onlyApplications = !top.isEmpty && top.allSatisfy { units.isApplication[$0] }
        guard layers.count > 1 || onlyApplications else { return }
        let single = top.count == 1 && !groups.contains(where: { $0.units.count > 1 && $0.glob == layers[index].paths.first })
            && !(units.isPod[top[0]] && hasAppTarget)
        guard single || top.contains(where: { units.isApplication[$0] }) else { return }
        layers[index].name = "app"
        layers[index].namedFromFolders = true
        layers[index].namedBy = onlyApplications ? "its kind: application targets" : "its place: the one package on top"
    }

    /// The host app: the application target of the top layer that uses the most components and is no example (when one
    /// is), else the one component of the top layer (no pod while the repository has an app target), its package named
    /// `App` or `…App`, or a Podfile's app target.
    static func app(on top: InferredLayering.Layer?, applications: [Int], units: Units, appTargets: [String]) -> String? {
        guard let top else { return appTargets.first }
        // The app that uses the most components (a watch app or a tool beside it uses fewer), then by name.
        if let real = applications.filter({ !units.isExample[$0] }).min(by: { first, second in
            (-units.successors[first].count, units.names[first]) < (-units.successors[second].count, units.names[second])
        }) { return units.names[real] }
        let pods = Set(units.names.indices.filter { units.isPod[$0] }.map { units.names[$0] })
        let candidates = top.components.filter { appTargets.isEmpty || !pods.contains($0) }
        if candidates.count == 1, top.components.count == 1 { return candidates[0] }
        return candidates.filter { $0 == "App" || $0.hasSuffix("App") }.sorted().first ?? appTargets.first
            ?? applications.map { units.names[$0] }.sorted().first
    }

    /// An application target named like a package (`BsuirScheduleApp`, the app and the package of its modules) is placed
    /// by its kind: its name in `members` would place the package in the app's layer too.
    static func placeApplicationsByKind(_ layers: inout [InferredLayering.Layer], units: Units) {
        let packageNames = Set(units.names.indices.filter { !units.isProjectTarget[$0] }.map { units.names[$0] })
        let applications = Set(units.names.indices.filter { units.isApplication[$0] }.map { units.names[$0] })
        for index in layers.indices {
            let colliding = layers[index].members.filter { packageNames.contains($0) && applications.contains($0) }
            guard !colliding.isEmpty else { continue }
            layers[index].members.removeAll { colliding.contains($0) }
            layers[index].kinds = ["application"]
            layers[index].targetsByKind = colliding
        }
    }

    /// Whether members that depend on each other `inside` times keep apart: none does, or a few (a quarter of them at
    /// most, in a layer of four or more).
    public static func keepsApart(members: Int, inside: Int) -> Bool {
        inside == 0 ? members > 1 : members >= 4 && inside * 4 <= members
    }

    static func judgeIndependence(_ layer: inout InferredLayering.Layer, members: Set<Int>, ofFolders: Bool, units: Units, inCycle: Set<Int>) {
        let inside = members.reduce(0) { $0 + units.successors[$1].filter(members.contains).count }
        layer.dependenciesInside = inside
        layer.independent = ofFolders && keepsApart(members: members.count, inside: inside)
            && (inside == 0 || (layer.teamFolder && !members.contains(where: inCycle.contains)))
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
        for (unit, directory) in units.directories.enumerated() where !units.isProjectTarget[unit] {
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

    /// A layer of one component right above an independent layer of three or more joins it when the independent layer
    /// still keeps apart with it (it depends on a few of them at most): a feature that uses another feature is a feature,
    /// not a layer of its own. Returns the ranges and those joined so.
    static func joiningIndependentLayers(_ ranges: [ClosedRange<Int>], levels: [[Int]], units: Units,
                                         teamFolders: [Set<Int>]) -> ([ClosedRange<Int>], Set<ClosedRange<Int>>) {
        var ranges = ranges, joined: Set<ClosedRange<Int>> = []
        func members(_ range: ClosedRange<Int>) -> [Int] { range.flatMap { levels[$0] } }
        func inside(_ members: [Int]) -> Int { members.reduce(0) { $0 + units.successors[$1].filter(members.contains).count } }
        var index = 1
        while index < ranges.count - 1 {
            let single = members(ranges[index]), below = members(ranges[index - 1])
            if single.count == 1, !units.isExtension[single[0]], !units.isApplication[single[0]], below.count >= 3, inside(below) == 0, keepsApart(members: below.count + 1, inside: inside(below + single)),
               inside(below + single) == 0 || teamFolders.contains(Set(below + single)) {
                ranges[index - 1] = ranges[index - 1].lowerBound...ranges[index].upperBound
                ranges.remove(at: index)
                joined.insert(ranges[index - 1])
            } else {
                index += 1
            }
        }
        return (ranges, joined)
    }

    /// Layers of one component merged with a neighbour while more than three layers remain: the layer below first, else
    /// the one above. Never a folder's layer (exactly the packages one folder holds), the top layer when it is one
    /// component (the app), or an independent layer of three or more.
    static func mergingSingles(_ ranges: [ClosedRange<Int>], levels: [[Int]], units: Units, groups: [Group]) -> [ClosedRange<Int>] {
        var ranges = ranges
        func members(_ range: ClosedRange<Int>) -> [Int] { range.flatMap { levels[$0] } }
        // Exactly the packages of one folder (or one folder and name ending): a layer the team's folders already make.
        func isFolders(_ range: ClosedRange<Int>) -> Bool { groups.contains { $0.units == Set(members(range)) } }
        func isProtected(_ index: Int) -> Bool {
            let inLayer = members(ranges[index])
            let independent = inLayer.count >= 3 && !inLayer.contains { unit in units.successors[unit].contains(where: inLayer.contains) }
            // A layer of extensions (or of applications) is placed by kind, never merged by depth.
            let byKind = inLayer.allSatisfy { units.isExtension[$0] } || inLayer.allSatisfy { units.isApplication[$0] }
            // A layer whose members all say what they are (`…Interface`) keeps only them (``splitByClaimingEnding``).
            let endings = Set(inLayer.map { nameSuffix(of: units.names[$0]) })
            let claimed = inLayer.count >= 2 && endings.count == 1 && endings.first.flatMap { $0 }.map(claimingEndings.contains) == true
            return isFolders(ranges[index]) || independent || byKind || claimed || (index == ranges.count - 1 && inLayer.count == 1)
        }
        var merged = true
        while merged, ranges.count > 3 {
            merged = false
            for index in ranges.indices where members(ranges[index]).count == 1 && !isProtected(index) {
                guard let neighbour = [index - 1, index + 1].first(where: { ranges.indices.contains($0) && !isProtected($0) }) else { continue }
                let low = min(index, neighbour)
                ranges[low] = ranges[low].lowerBound...ranges[low + 1].upperBound
                ranges.remove(at: low + 1)
                merged = true
                break
            }
        }
        return ranges
    }

    /// A layer no folder names whose components mostly end in one word (three in four, two at least) is named after it:
    /// `HomeFeature`, `FeedFeature` → `features`; `AuthDomain`, `FeedDomain` → `domains`; `CoreUI`, `DesignUI` → `ui`.
    static func nameBySharedEnding(_ layers: inout [InferredLayering.Layer]) {
        for index in layers.indices where !layers[index].namedFromFolders && layers[index].components.count > 1 {
            var counts: [String: Int] = [:]
            for component in layers[index].components { if let ending = nameSuffix(of: component) { counts[ending, default: 0] += 1 } }
            // A name that says what every member is (features, interfaces) is given to an independent layer only when every
            // member is one (its rule would keep apart what is not); to a layer that is not independent, as any other.
            guard let (ending, count) = counts.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), count >= 2,
                  Self.claimingEndings.contains(ending) && layers[index].independent ? count == layers[index].components.count : count * 4 >= layers[index].components.count * 3
            else { continue }
            let name = layerName(ending.allSatisfy(\.isUppercase) || ending.hasSuffix("s") ? ending : ending + "s")
            guard !name.isEmpty, name != "app", !layers.contains(where: { $0.name == name }) else { continue }
            layers[index].name = name
            layers[index].namedFromFolders = true
            layers[index].namedBy = "the name ending *\(ending) of its members"
        }
    }

    /// Name endings whose plural says what every member of a layer is.
    static let claimingEndings: Set<String> = ["Feature", "Features", "Interface", "Interfaces", "Contract", "Contracts", "Protocol", "Protocols", "API"]

    /// Last words of names that say a module is infrastructure, not a feature (`PBLog`, `NetworkKit`, `Haptics`).
    static let infrastructureWords: Set<String> = [
        "Kit", "Core", "Common", "Base", "Utils", "Util", "Utilities", "Helpers", "Extensions", "Foundation", "Log", "Logger", "Logging",
        "Analytics", "Network", "Networking", "Networks", "API", "Client", "Rest", "Storage", "Database", "DB", "Store", "Cache", "Defaults",
        "Interface", "Interfaces", "Contract", "Contracts", "Protocol", "Protocols", "Manager", "DI", "SDK", "Service", "Services", "UI", "System",
        "Theme", "Theming", "Haptics", "Icons", "Resources", "Models", "Model", "Entities", "Domain", "Data", "Auth", "Statistics", "Tools",
        "DevTools", "Testing", "Middleware", "Backend", "Events", "Media", "DataSource", "Source", "Views",
    ]

    /// Whether a layer's components look like features: none of them is named like infrastructure, an extension or an app.
    static func looksLikeFeatures(_ layer: InferredLayering.Layer) -> Bool {
        !layer.components.contains { infrastructureWords.contains(nameSuffix(of: $0) ?? $0) } && layer.targetsByKind.isEmpty
    }

    /// Layers no folder names, named after what they are: `core` at the bottom, `features` for the widest independent
    /// layer, `shared` (then `services`, `support`) for the others below it from the top down; never after one package.
    static func nameByWhatTheyAre(_ layers: inout [InferredLayering.Layer]) {
        let unnamed = layers.indices.filter { !layers[$0].namedFromFolders }
        guard !unnamed.isEmpty else { return }
        var taken = Set(layers.filter(\.namedFromFolders).map(\.name))
        func give(_ index: Int, _ name: String, _ rule: String) {
            guard !taken.contains(name) else { return }
            layers[index].name = name
            layers[index].namedFromFolders = true
            layers[index].namedBy = rule
            taken.insert(name)
        }
        if let bottom = unnamed.first, bottom == 0 { give(bottom, "core", "its place: the lowest layer") }
        let independent = unnamed.filter { layers[$0].independent && !layers[$0].namedFromFolders && Self.looksLikeFeatures(layers[$0]) }
        if let widest = independent.max(by: { (layers[$0].components.count, $1) < (layers[$1].components.count, $0) }) {
            give(widest, "features", "what its members are: modules apart from each other, none named like infrastructure")
        }
        // Right below the app (and its extensions), independent modules that are not features are what the app composes.
        let top = layers.lastIndex { !["app", "extensions"].contains($0.name) || !$0.namedFromFolders }
        if let top, unnamed.contains(top), layers[top].independent, layers[top].components.count > 1, !layers.contains(where: { $0.name == "features" }) {
            give(top, "modules", "its place: the modules the app uses directly, apart from each other")
        }
        // Below the features, what they share; the rest are named after their members.
        let features = layers.firstIndex { $0.name == "features" } ?? layers.count
        var middle = ["shared", "services", "support"][...]
        for index in unnamed.reversed() where !layers[index].namedFromFolders && index < features {
            guard let name = middle.popFirst() else { break }
            give(index, name, "its place: what the layers above share")
        }
        for index in unnamed where !layers[index].namedFromFolders { nameAfterMembers(&layers[index], taken: &taken) }
    }

    /// The last way to name a layer: after its one member, or its first members (`media-mlemmiddleware`).
    static func nameAfterMembers(_ layer: inout InferredLayering.Layer, taken: inout Set<String>) {
        let names = layer.components.sorted()
        var name = layerName(names.prefix(2).joined(separator: "-")) + (names.count > 2 ? "-etc" : "")
        if name.isEmpty || taken.contains(name) { name = "layer-of-" + layerName(names.first ?? "none") }
        while taken.contains(name) { name += "-2" }
        layer.name = name
        layer.namedFromFolders = true
        layer.namedBy = names.count == 1 ? "its only member (no folder, name ending or kind names it)"
            : "its members (no folder, name ending or kind they share names it)"
        taken.insert(name)
    }

    static func layer(_ members: [Int], level: Int, units: Units, groups: [Group]) -> InferredLayering.Layer {
        let names = members.map { units.names[$0] }
        guard units.componentsArePackages else {
            return .init(name: "level-\(level)", namedFromFolders: false, paths: [], members: names, components: names, independent: false)
        }
        let targets = members.filter { units.isProjectTarget[$0] || units.alsoTarget[$0] }.map { units.names[$0] }.sorted()
        let packageMembers = members.filter { !units.isProjectTarget[$0] }
        guard !packageMembers.isEmpty else {
            return .init(name: "level-\(level)", namedFromFolders: false, paths: [], members: targets, components: names, independent: false)
        }
        var layer = packageLayer(packageMembers, level: level, units: units, groups: groups)
        layer.members = targets
        layer.components = names + members.filter { units.alsoTarget[$0] }.map { units.names[$0] }
        return layer
    }

    /// A layer of packages: by the folder that holds them all, else each folder.
    static func packageLayer(_ members: [Int], level: Int, units: Units, groups: [Group]) -> InferredLayering.Layer {
        let names = members.map { units.names[$0] }
        let memberSet = Set(members)
        let directories = members.map { units.directories[$0] }.sorted()
        if let group = groups.first(where: { $0.units == memberSet }) {
            return .init(name: layerName(group.name), namedFromFolders: true, paths: [group.glob], members: [], components: names, independent: false)
        }
        let parents = Set(directories.map(parentFolder))
        // A folder that holds half the packages or more (every package in `Packages/`) says nothing of layers.
        if parents.count == 1, let parent = parents.first, !parent.isEmpty,
           units.directories.filter({ parentFolder(of: $0) == parent }).count * 2 < units.isProjectTarget.filter({ !$0 }).count {
            // One folder holds them, with other packages too: named from the folder, listed one by one.
            return .init(name: layerName(lastComponent(of: parent)), namedFromFolders: true, paths: directories, members: [], components: names,
                         independent: false)
        }
        // One package alone is not named after itself (its folder is its name): it is named after what it is.
        return .init(name: "level-\(level)", namedFromFolders: false, paths: directories, members: [], components: names, independent: false)
    }

    /// Two layers a folder would name alike are both named after their members instead (by ``nameByWhatTheyAre``).
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
