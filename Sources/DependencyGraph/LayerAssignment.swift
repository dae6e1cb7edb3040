import Configuration
import Discovery
import ManifestReading

/// Places every target of a workspace in its layer and component.
///
/// A target's layer comes from the first layer whose members match its name, else its package's name, else
/// whose paths match its package's folder. A test target takes the layer and component of the target it tests.
public struct LayerAssignment: Sendable {
    public var model: LayerModel

    public init(model: LayerModel) {
        self.model = model
    }

    public func targets(of workspace: Workspace) -> [TargetID: GraphTarget] {
        var targets: [TargetID: GraphTarget] = [:]
        targets.reserveCapacity(workspace.packages.reduce(0) { $0 + $1.manifest.targets.count })
        for package in workspace.packages {
            let packagePlacement = PackagePlacement(package: package, model: model)
            func make(_ target: Target, _ placement: GraphTarget.Placement) -> GraphTarget {
                GraphTarget(id: TargetID(package: package.relativeDirectory, name: target.name), type: target.type,
                            packageName: package.manifest.name, manifestPath: package.manifestPath, position: target.position,
                            placement: placement)
            }
            for target in package.manifest.targets where target.type != .test {
                let made = make(target, packagePlacement.placement(of: target.name))
                targets[made.id] = made
            }
            for target in package.manifest.targets where target.type == .test {
                let tested = testedTarget(of: target.name, in: package.manifest).flatMap {
                    targets[TargetID(package: package.relativeDirectory, name: $0)]
                }
                let placement = tested.map {
                    GraphTarget.Placement(layer: $0.layer, rank: $0.rank, assignment: .testedTarget, component: $0.component, interfaceOf: nil)
                } ?? packagePlacement.placement(of: target.name)
                let made = make(target, placement)
                targets[made.id] = made
            }
        }
        return targets
    }

    /// What a package's name and folder say, worked out once per package.
    struct PackagePlacement {
        var model: LayerModel
        var packageName: String
        /// The first layer whose members match the package's name, else whose paths match its folder.
        var fallback: (rank: Int, assignment: GraphTarget.Assignment)?
        /// For each layer, whether the package's name is among its members (then the package is the component).
        var packageIsMember: [Bool]

        init(package: LocalPackage, model: LayerModel) {
            self.model = model
            packageName = package.manifest.name
            packageIsMember = model.layers.map { $0.members.contains { $0.matches(package.manifest.name) } }
            if let rank = packageIsMember.firstIndex(of: true) {
                fallback = (rank, .packageName)
            } else if let rank = model.layers.firstIndex(where: { $0.paths.contains { $0.matchesPath(package.relativeDirectory) } }) {
                fallback = (rank, .packagePath)
            }
        }

        func placement(of name: String) -> GraphTarget.Placement {
            let byName = model.layers.firstIndex { $0.members.contains { $0.matches(name) } }
            guard let (rank, assignment) = byName.map({ ($0, GraphTarget.Assignment.targetName) }) ?? fallback else { return .none }
            let layer = model.layers[rank]
            return GraphTarget.Placement(layer: layer.name, rank: rank, assignment: assignment,
                                         component: packageIsMember[rank] ? packageName : name, interfaceOf: layer.component(ofInterface: name))
        }
    }

    /// The layer that claims a module, and how.
    public func layer(for name: String, packageName: String, packageDirectory: String) -> (Layer, GraphTarget.Assignment)? {
        if let layer = model.layers.first(where: { $0.members.contains { $0.matches(name) } }) { return (layer, .targetName) }
        if let layer = model.layers.first(where: { $0.members.contains { $0.matches(packageName) } }) { return (layer, .packageName) }
        if let layer = model.layers.first(where: { $0.paths.contains { $0.matchesPath(packageDirectory) } }) { return (layer, .packagePath) }
        return nil
    }

    /// The non-test target a test target tests: `XTests` tests `X`, else its first dependency on a local non-test target.
    public func testedTarget(of testName: String, in manifest: Manifest) -> String? {
        let isTestable = { (name: String) in manifest.target(named: name).map { $0.type != .test } ?? false }
        if testName.hasSuffix("Tests"), case let candidate = String(testName.dropLast(5)), isTestable(candidate) { return candidate }
        return manifest.target(named: testName)?.dependencies.lazy.map(\.name).first(where: isTestable)
    }
}
