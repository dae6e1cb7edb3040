import Configuration
import Diagnostics
import Discovery
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
    public let type: ManifestReading.Target.Kind
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

    public init(id: TargetID, type: ManifestReading.Target.Kind, packageName: String, manifestPath: String, position: SourcePosition?,
                layer: String? = nil, assignment: Assignment = .none, component: String? = nil, interfaceOf: String? = nil) {
        self.id = id
        self.type = type
        self.packageName = packageName
        self.manifestPath = manifestPath
        self.position = position
        self.layer = layer
        self.assignment = assignment
        self.component = component ?? id.name
        self.interfaceOf = interfaceOf
        isTest = type == .test
    }

    public let isTest: Bool

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
        /// A product of a package the graph cannot include (no manifest there, or an unreadable one): not checked further.
        case unavailable(package: String)
    }

    public var from: TargetID
    public var to: Destination
    /// The dependency as written: `NXKit`, or `Logging` from `swift-log`.
    public var written: String
    public var location: FileLocation

    public init(from: TargetID, to: Destination, written: String, location: FileLocation) {
        self.from = from
        self.to = to
        self.written = written
        self.location = location
    }
}

/// Every local package's targets and the edges between them, with layers assigned.
///
/// Built in two steps: ``LayerAssignment`` places each target in its layer and component, ``EdgeResolution``
/// turns each manifest dependency into edges to local targets, external products or nothing.
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
    /// The names of every local target.
    public private(set) var targetNames: Set<String> = []
    /// `.package(path:)` entries that lead to a folder without a manifest.
    public private(set) var missingPackages: [MissingPackageReference] = []
    /// Packages whose manifest no reader could evaluate; their targets are not in the graph.
    public private(set) var unreadableManifests: [UnreadableManifest] = []

    public init(workspace: Workspace, model: LayerModel) {
        self.model = model
        self.workspace = workspace
        targets = LayerAssignment(model: model).targets(of: workspace)
        edges = EdgeResolution().edges(of: workspace)
        var adjacency: [TargetID: [TargetID]] = [:]
        var seen: Set<EdgeEnds> = []
        localEdges.reserveCapacity(edges.count)
        for edge in edges {
            guard case .target(let toID) = edge.to, let from = targets[edge.from], let to = targets[toID] else { continue }
            localEdges.append((edge, from, to))
            if seen.insert(EdgeEnds(from: edge.from, to: toID)).inserted { adjacency[edge.from, default: []].append(toID) }
        }
        localAdjacency = adjacency
        targetNames = Set(targets.keys.map(\.name))
        missingPackages = workspace.missing.map {
            MissingPackageReference(written: $0.written, referencedBy: $0.referencedBy, folderExists: $0.exists, location: $0.location)
        }
        unreadableManifests = workspace.unreadable.map {
            UnreadableManifest(package: $0.relativeDirectory, manifestPath: $0.manifestPath, message: $0.message, location: $0.location)
        }
    }

    private struct EdgeEnds: Hashable {
        var from: TargetID
        var to: TargetID
    }

    public var sortedTargets: [GraphTarget] {
        targets.values.sorted { $0.id < $1.id }
    }

    /// The repository root as the user gave it.
    public var root: String { workspace.root }

    public var packageCount: Int { workspace.packages.count }
}

/// A `.package(path:)` entry that leads to a folder without a manifest.
public struct MissingPackageReference: Sendable, Hashable {
    /// The path as the manifest writes it.
    public var written: String
    /// The package whose manifest has the entry.
    public var referencedBy: String
    public var folderExists: Bool
    public var location: FileLocation
}

/// A package whose manifest no reader could evaluate.
public struct UnreadableManifest: Sendable, Hashable {
    /// The package's folder, relative to the root.
    public var package: String
    public var manifestPath: String
    /// The reader's own message.
    public var message: String
    public var location: FileLocation
}
