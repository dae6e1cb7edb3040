import Configuration
import Discovery
import PackageModel
import Parallel

/// Places every target of a workspace in its layer and component.
///
/// A target's layer comes from the first layer whose members match its name, else its package's name, else
/// whose paths match its package's folder. A test target takes the layer and component of the target it tests, in its
/// own package or project, else (once entries are resolved) in the package whose product it depends on.
public struct LayerAssignment: Sendable {
    public var model: Configuration

    public init(model: Configuration) {
        self.model = model
    }

    /// Every target, sorted by package folder and name (the graph's node order, given packages sorted by folder).
    public func targets(of workspace: Workspace) -> [GraphTarget] {
        targets(of: workspace, numbering: TargetNumbering(workspace))
    }

    func targets(of workspace: Workspace, numbering: TargetNumbering) -> [GraphTarget] {
        let packages = workspace.packages
        return inSlices(of: packages.count) { slice in
            slice.flatMap { index in targets(of: packages[index], packageIndex: index, numberedFrom: numbering.packages[index].first) }
        }
    }

    /// One package's targets (the package at `packageIndex` of the workspace), sorted by name and numbered from `first`.
    func targets(of package: LocalPackage, packageIndex: Int, numberedFrom first: Int) -> [GraphTarget] {
        let packagePlacement = PackagePlacement(package: package, model: model)
        let targets = package.manifest.targets
        var placements = targets.map {
            $0.type == .test && !model.layers.isEmpty ? GraphTarget.Placement.none
                : packagePlacement.placement(of: $0.name, kind: $0.productKind.xcodeName, byPackage: !$0.productKind.isBuildHelper)
        }
        for index in targets.indices where targets[index].type == .test && !model.layers.isEmpty {
            let name = targets[index].name
            if let testedName = testedTarget(of: name, in: package.manifest),
               let tested = targets.firstIndex(where: { $0.name == testedName }).map({ placements[$0] }) {
                placements[index] = GraphTarget.Placement(layer: tested.layer, rank: tested.rank, assignment: .testedTarget,
                                                          component: tested.component ?? testedName, interfaceOf: nil)
            } else {
                placements[index] = packagePlacement.placement(of: name)
            }
        }
        let (directory, packageName, manifestPath, packageKind) = (package.relativeDirectory, package.manifest.name, package.manifestPath, package.kind)
        return targets.indices.sorted { targets[$0].name < targets[$1].name }.enumerated().map { offset, index in
            let target = targets[index]
            return GraphTarget(id: TargetID(package: directory, name: target.name), number: first + offset, packageIndex: packageIndex,
                               type: target.type, packageName: packageName, manifestPath: target.file ?? manifestPath,
                               position: target.position, placement: placements[index], moduleName: target.moduleName,
                               productKind: target.productKind, packageKind: packageKind)
        }
    }

    /// The targets with each test target no layer claims placed with the target it tests in another package or project:
    /// a unit-test bundle of an Xcode project (an XcodeGen spec's) beside the package whose product it depends on. Of
    /// its dependencies on local non-test targets (resolved `edges`), the target named by its name less a test ending
    /// (`KitTests` tests `Kit`), else the application it depends on (its host), else the first.
    static func placingTestsAcrossPackages(_ targets: [GraphTarget], edges: [Edge]) -> [GraphTarget] {
        let orphans = Set(targets.filter { $0.isTest && $0.assignment == .none }.map(\.number))
        guard !orphans.isEmpty else { return targets }
        var dependencies: [Int: [GraphTarget]] = [:]
        for edge in edges where orphans.contains(edge.fromNumber) {
            if let to = edge.toNumber, !targets[to].isTest, targets[to].packageIndex != targets[edge.fromNumber].packageIndex {
                dependencies[edge.fromNumber, default: []].append(targets[to])
            }
        }
        var placed = targets
        for number in orphans.sorted() {
            let test = targets[number], candidates = dependencies[number] ?? []
            let stripped = testSuffixes.first { test.id.name.hasSuffix($0) }.map { String(test.id.name.dropLast($0.count)) }
            guard let tested = candidates.first(where: { $0.id.name == stripped }) ?? candidates.first(where: { $0.productKind == .application })
                    ?? candidates.first, let layer = tested.layer else { continue }
            placed[number] = GraphTarget(id: test.id, number: number, packageIndex: test.packageIndex, type: test.type, packageName: test.packageName,
                                         manifestPath: test.manifestPath, position: test.position,
                                         placement: GraphTarget.Placement(layer: layer, rank: tested.rank, assignment: .testedTarget,
                                                                          component: tested.component, interfaceOf: nil),
                                         moduleName: test.module, productKind: test.productKind, packageKind: test.packageKind)
        }
        return placed
    }

    /// What a package's name and folder say, worked out once per package.
    struct PackagePlacement {
        var model: Configuration
        var packageName: String
        /// The first layer whose members match the package's name, else whose paths match its folder.
        var fallback: (rank: Int, assignment: GraphTarget.Assignment)?
        /// For each layer, whether the package's name is among its members (then the package is the component).
        var packageIsMember: [Bool]

        init(package: LocalPackage, model: Configuration) {
            self.model = model
            packageName = package.manifest.name
            packageIsMember = model.layers.map { $0.members.contains { $0.matches(package.manifest.name) } }
            if let rank = packageIsMember.firstIndex(of: true) {
                fallback = (rank, .packageName)
            } else if let rank = model.layers.firstIndex(where: { $0.paths.contains { $0.matchesPath(package.relativeDirectory) } }) {
                fallback = (rank, .packagePath)
            }
        }

        /// By the target's name, else the kind of Xcode target it is, else (`byPackage`) the package's name or folder.
        func placement(of name: String, kind: String? = nil, byPackage: Bool = true) -> GraphTarget.Placement {
            guard !model.layers.isEmpty else { return .unlayered }
            // By index: asked for every target, a closure over the layers would copy each layer and glob it looks at.
            let byName = firstLayer { layer in model.layers[layer].members.indices.contains { model.layers[layer].members[$0].matches(name) } }
                .map { ($0, GraphTarget.Assignment.targetName) }
            let byKind = kind.flatMap { kind in firstLayer { model.layers[$0].kinds.contains(kind) } }.map { ($0, GraphTarget.Assignment.targetKind) }
            guard let (rank, assignment) = byName ?? byKind ?? (byPackage ? fallback : nil) else { return .none }
            return GraphTarget.Placement(layer: model.layers[rank].name, rank: rank, assignment: assignment,
                                         component: packageIsMember[rank] || assignment == .packagePath ? packageName : nil,
                                         interfaceOf: model.layers[rank].component(ofInterface: name))
        }

        private func firstLayer(where matches: (Int) -> Bool) -> Int? {
            model.layers.indices.first(where: matches)
        }
    }

    /// The layer that claims a module, and how.
    public func layer(for name: String, packageName: String, packageDirectory: String) -> (Layer, GraphTarget.Assignment)? {
        if let layer = model.layers.first(where: { $0.members.contains { $0.matches(name) } }) { return (layer, .targetName) }
        if let layer = model.layers.first(where: { $0.members.contains { $0.matches(packageName) } }) { return (layer, .packageName) }
        if let layer = model.layers.first(where: { $0.paths.contains { $0.matchesPath(packageDirectory) } }) { return (layer, .packagePath) }
        return nil
    }

    /// The endings of test target names that name the target tested, longest first: `VideoUITests` tests `Video`.
    static let testSuffixes = ["IntegrationTests", "PerformanceTests", "SnapshotTests", "UITests", "Tests"]

    /// The non-test target a test target tests: the one its Xcode project records (`TestTargetID`), else `XTests`,
    /// `XUITests`, `XIntegrationTests`, `XSnapshotTests` and `XPerformanceTests` test `X`; else the application it
    /// depends on (its host); else its first dependency on a local non-test target.
    public func testedTarget(of testName: String, in manifest: Manifest) -> String? {
        let isTestable = { (name: String) in manifest.target(named: name).map { $0.type != .test } ?? false }
        if let recorded = manifest.target(named: testName)?.testedTarget, isTestable(recorded) { return recorded }
        for suffix in Self.testSuffixes where testName.hasSuffix(suffix) {
            let candidate = String(testName.dropLast(suffix.count))
            if isTestable(candidate) { return candidate }
        }
        let dependencies = manifest.target(named: testName)?.dependencies.map(\.name) ?? []
        // An Xcode test bundle that depends on an application is hosted by it, whatever else it depends on first.
        let application = dependencies.first { manifest.target(named: $0)?.productKind == .application }
        return application ?? dependencies.first(where: isTestable)
    }
}
