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
            var tests: [GraphTarget] = []
            for target in package.manifest.targets {
                let id = TargetID(package: package.relativeDirectory, name: target.name)
                var graphTarget = GraphTarget(id: id, type: target.type, packageName: package.manifest.name,
                                              manifestPath: package.manifestPath, position: target.position)
                if target.type == .test {
                    tests.append(graphTarget)
                } else {
                    assign(&graphTarget, package: package)
                    targets[id] = graphTarget
                }
            }
            for var test in tests {
                if let tested = testedTarget(of: test.id.name, in: package.manifest),
                   let testedTarget = targets[TargetID(package: package.relativeDirectory, name: tested)] {
                    test.layer = testedTarget.layer
                    test.assignment = .testedTarget
                    test.component = testedTarget.component
                } else {
                    assign(&test, package: package)
                }
                targets[test.id] = test
            }
        }
        return targets
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

    private func assign(_ target: inout GraphTarget, package: LocalPackage) {
        guard let (layer, assignment) = layer(for: target.id.name, packageName: package.manifest.name,
                                              packageDirectory: package.relativeDirectory) else { return }
        target.layer = layer.name
        target.assignment = assignment
        target.component = layer.members.contains { $0.matches(target.packageName) } ? target.packageName : target.id.name
        target.interfaceOf = layer.component(ofInterface: target.id.name)
    }
}
