import Configuration
import Diagnostics
import Discovery
import Foundation
import ManifestReading

/// A target of a local package, by package directory and name.
public struct TargetID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The package's directory relative to the repository root.
    public var package: String
    public var name: String

    public init(package: String, name: String) {
        self.package = package
        self.name = name
    }

    public var description: String { name }

    public static func < (lhs: TargetID, rhs: TargetID) -> Bool {
        (lhs.package, lhs.name) < (rhs.package, rhs.name)
    }
}

/// A local target with its place in the layer model.
public struct GraphTarget: Sendable {
    public var id: TargetID
    public var type: ManifestReading.Target.Kind
    public var packageName: String
    public var manifestPath: String
    public var position: SourcePosition?
    /// Nil when no layer claims it.
    public var layer: String?
    /// How it got its layer, for explanations.
    public var assignment: Assignment
    /// The component it is part of: its package when the package itself is a member of the layer, else the target.
    public var component: String
    /// For interface modules (`ComponentVideoInterface`), the component whose interface they are.
    public var interfaceOf: String?

    public enum Assignment: String, Sendable {
        case targetName = "its name"
        case packageName = "its package's name"
        case packagePath = "its package's folder"
        case testedTarget = "the target it tests"
        case none = "nothing"
    }

    public var isTest: Bool { type == .test }

    public var location: FileLocation {
        FileLocation(path: manifestPath, line: position?.line, column: position?.column)
    }

    /// `NXKit (kit)`.
    public var label: String { "\(id.name) (\(layer ?? "no layer"))" }
}

/// A dependency of a local target, as declared in its manifest.
public struct Edge: Sendable {
    public enum Destination: Sendable, Hashable {
        case target(TargetID)
        /// A product of a package from outside the repository; `package` is nil when a bare name could come from any.
        case external(package: String?, product: String)
        case unresolved(String)
    }

    public var from: TargetID
    public var to: Destination
    /// The dependency as written: `NXKit`, or `Logging` from `swift-log`.
    public var written: String
    public var location: FileLocation
}

/// Every local package's targets and the edges between them, with layers assigned.
public struct DependencyGraph: Sendable {
    public var model: LayerModel
    public var workspace: Workspace
    public var targets: [TargetID: GraphTarget]
    /// In manifest order, packages sorted by directory.
    public var edges: [Edge]
    /// The edges between two local targets, with both ends.
    public private(set) var localEdges: [(edge: Edge, from: GraphTarget, to: GraphTarget)] = []
    /// Local target edges only, deduplicated, for cycle search and drawing.
    public private(set) var localAdjacency: [TargetID: [TargetID]] = [:]

    public var sortedTargets: [GraphTarget] {
        targets.values.sorted { $0.id < $1.id }
    }

    public init(workspace: Workspace, model: LayerModel) {
        self.model = model
        self.workspace = workspace
        var targets: [TargetID: GraphTarget] = [:]
        var packagesByDirectory: [String: LocalPackage] = [:]
        for package in workspace.packages { packagesByDirectory[package.directory] = package }

        for package in workspace.packages {
            for target in package.manifest.targets {
                let id = TargetID(package: package.relativeDirectory, name: target.name)
                targets[id] = GraphTarget(
                    id: id, type: target.type, packageName: package.manifest.name, manifestPath: package.manifestPath,
                    position: target.position, layer: nil, assignment: .none, component: target.name)
            }
        }
        // Layers: own name, then package name, then package folder; test targets follow what they test.
        for package in workspace.packages {
            for target in package.manifest.targets where target.type != .test {
                let id = TargetID(package: package.relativeDirectory, name: target.name)
                targets[id]?.assign(Self.layer(for: target.name, package: package, model: model), model: model)
            }
            for target in package.manifest.targets where target.type == .test {
                let id = TargetID(package: package.relativeDirectory, name: target.name)
                let testedName = target.name.hasSuffix("Tests") ? String(target.name.dropLast(5)) : target.name
                let sameTarget = package.manifest.target(named: testedName).flatMap { $0.type == .test ? nil : $0 }
                let firstDependency = target.dependencies.lazy.compactMap { dependency in
                    package.manifest.target(named: dependency.name).flatMap { $0.type == .test ? nil : $0 }
                }.first
                if let tested = sameTarget ?? firstDependency,
                   let testedTarget = targets[TargetID(package: package.relativeDirectory, name: tested.name)] {
                    targets[id]?.layer = testedTarget.layer
                    targets[id]?.assignment = .testedTarget
                    targets[id]?.component = testedTarget.component
                    targets[id]?.interfaceOf = nil
                } else {
                    targets[id]?.assign(Self.layer(for: target.name, package: package, model: model), model: model)
                }
            }
        }
        self.targets = targets

        var edges: [Edge] = []
        for package in workspace.packages {
            var dependencyPackages: [String: PackageDependency] = [:]
            for dependency in package.manifest.dependencies { dependencyPackages[dependency.identity] = dependency }
            func localPackage(_ dependency: PackageDependency) -> LocalPackage? {
                guard dependency.kind == .fileSystem, let directory = package.pathDependencies[dependency.location] else { return nil }
                return packagesByDirectory[directory]
            }
            func productEdges(_ product: String, of local: LocalPackage) -> [Edge.Destination]? {
                guard let declared = local.manifest.products.first(where: { $0.name == product }) else { return nil }
                return declared.targets.map { .target(TargetID(package: local.relativeDirectory, name: $0)) }
            }
            for target in package.manifest.targets {
                let from = TargetID(package: package.relativeDirectory, name: target.name)
                for dependency in target.dependencies {
                    let location = FileLocation(path: package.manifestPath, line: dependency.position?.line, column: dependency.position?.column)
                    var destinations: [Edge.Destination] = []
                    var written = dependency.name
                    switch dependency.kind {
                    case .target:
                        destinations = package.manifest.target(named: dependency.name) != nil
                            ? [.target(TargetID(package: package.relativeDirectory, name: dependency.name))]
                            : [.unresolved("\(package.manifest.name) has no target named '\(dependency.name)'")]
                    case .byName:
                        if package.manifest.target(named: dependency.name) != nil {
                            destinations = [.target(TargetID(package: package.relativeDirectory, name: dependency.name))]
                        } else if let local = package.manifest.dependencies.lazy.compactMap(localPackage)
                                    .first(where: { productEdges(dependency.name, of: $0) != nil }) {
                            destinations = productEdges(dependency.name, of: local) ?? []
                        } else if package.manifest.dependencies.contains(where: { localPackage($0) == nil }) {
                            destinations = [.external(package: nil, product: dependency.name)]
                        } else {
                            destinations = [.unresolved("'\(dependency.name)' is neither a target of \(package.manifest.name) nor a product of its dependencies")]
                        }
                    case .product:
                        let packageName = dependency.package ?? dependency.name
                        written = "\(dependency.name) from \(packageName)"
                        let declared = dependencyPackages[packageName.lowercased()]
                            ?? package.manifest.dependencies.first { PackageDependency.identity(forLocation: $0.location) == packageName.lowercased() }
                        if let declared {
                            if let local = localPackage(declared) {
                                destinations = productEdges(dependency.name, of: local)
                                    ?? [.unresolved("package '\(local.manifest.name)' has no product named '\(dependency.name)'")]
                            } else {
                                destinations = [.external(package: declared.identity, product: dependency.name)]
                            }
                        } else {
                            destinations = [.unresolved("package '\(packageName)' is not among \(package.manifest.name)'s dependencies")]
                        }
                    }
                    for destination in destinations {
                        edges.append(Edge(from: from, to: destination, written: written, location: location))
                    }
                }
            }
        }
        self.edges = edges
        var adjacency: [TargetID: [TargetID]] = [:]
        for edge in edges {
            guard case .target(let toID) = edge.to, let from = targets[edge.from], let to = targets[toID] else { continue }
            localEdges.append((edge, from, to))
            if !(adjacency[edge.from]?.contains(toID) ?? false) { adjacency[edge.from, default: []].append(toID) }
        }
        localAdjacency = adjacency
    }

    static func layer(for name: String, package: LocalPackage, model: LayerModel) -> (Layer, GraphTarget.Assignment)? {
        if let layer = model.layers.first(where: { $0.members.contains { $0.matches(name) } }) { return (layer, .targetName) }
        if let layer = model.layers.first(where: { $0.members.contains { $0.matches(package.manifest.name) } }) { return (layer, .packageName) }
        if let layer = model.layers.first(where: { $0.paths.contains { $0.matchesPath(package.relativeDirectory) } }) { return (layer, .packagePath) }
        return nil
    }

}

private extension GraphTarget {
    mutating func assign(_ result: (Layer, Assignment)?, model: LayerModel) {
        guard let (layer, assignment) = result else { return }
        self.layer = layer.name
        self.assignment = assignment
        let packageIsMember = layer.members.contains { $0.matches(packageName) }
        component = packageIsMember ? packageName : id.name
        interfaceOf = layer.component(ofInterface: id.name)
    }
}
