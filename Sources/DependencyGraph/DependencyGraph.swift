import Configuration
import Diagnostics
import Discovery
import Foundation
import PackageModel
import Parallel
import RuntimeWiring
import SourceImports

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
///
/// Immutable, and a reference type so that the graph's lookups and edge lists share one copy.
public final class GraphTarget: Sendable {
    public let id: TargetID
    /// Its place in ``DependencyGraph/sortedTargets``: the node number ``DependencyGraph/successors`` use.
    public let number: Int
    public let type: PackageModel.Target.Kind
    public let packageName: String
    public let manifestPath: String
    public let position: SourcePosition?
    /// Nil when no layer claims it.
    public let layer: String?
    /// The layer's place in the model, 0 for the top layer (larger is lower); nil when no layer claims it.
    public let rank: Int?
    /// How it got its layer, for explanations.
    public let assignment: Assignment
    /// The component it is part of: its package when the package itself is a member of the layer, else the target.
    public let component: String
    /// For interface modules (`ComponentVideoInterface`), the component whose interface they are.
    public let interfaceOf: String?
    public let isTest: Bool
    /// The module it builds (`my_lib` for `my-lib`; `NXUI` for every subspec of pod NXUI), what imports name.
    public let module: String
    /// Its package's place in ``DependencyGraph/packages``.
    public let packageIndex: Int
    /// What it builds: an Xcode target's product type (`application`, `bundle`, `framework`…), or a package's or a
    /// pod's kind of target.
    public let productKind: ProductKind
    /// What declares it: a Package.swift, a podspec or an Xcode project.
    public let packageKind: PackageKind

    public enum Assignment: String, Sendable {
        case targetName = "its name"
        case targetKind = "its kind of Xcode target"
        case packageName = "its package's name"
        case packagePath = "its package's folder"
        case testedTarget = "the target it tests"
        case none = "nothing"
        /// The configuration has no layers (no layering rule runs).
        case noLayers = "no layers configured"
    }

    /// Where a target stands in the layer model.
    public struct Placement: Sendable {
        public var layer: String?
        public var rank: Int?
        public var assignment: Assignment
        /// Nil: the target itself.
        public var component: String?
        public var interfaceOf: String?

        public static let none = Placement(layer: nil, rank: nil, assignment: .none, component: nil, interfaceOf: nil)
        public static let unlayered = Placement(layer: nil, rank: nil, assignment: .noLayers, component: nil, interfaceOf: nil)
    }

    public init(id: TargetID, number: Int, packageIndex: Int, type: PackageModel.Target.Kind, packageName: String, manifestPath: String,
                position: SourcePosition?, placement: Placement = .none, moduleName: String? = nil, productKind: ProductKind? = nil,
                packageKind: PackageKind = .package) {
        module = DependencyGraph.moduleName(of: moduleName ?? id.name)
        self.packageKind = packageKind
        self.productKind = productKind ?? ProductKind(packageTarget: type)
        self.packageIndex = packageIndex
        self.id = id
        self.number = number
        self.type = type
        self.packageName = packageName
        self.manifestPath = manifestPath
        self.position = position
        layer = placement.layer
        rank = placement.rank
        assignment = placement.assignment
        component = placement.component ?? id.name
        interfaceOf = placement.interfaceOf
        isTest = type == .test
    }

    public var location: FileLocation {
        FileLocation(path: manifestPath, line: position?.line, column: position?.column)
    }

    /// `NXKit (kit)`; the name alone when the configuration has no layers.
    public var label: String { assignment == .noLayers ? id.name : "\(id.name) (\(layer ?? "no layer"))" }
}

/// How many packages of each kind a repository holds, as the summary line names them.
public struct PackageCounts: Sendable, Equatable {
    public var packages = 0
    public var pods = 0
    public var projects = 0

    public init(packages: Int = 0, pods: Int = 0, projects: Int = 0) {
        self.packages = packages
        self.pods = pods
        self.projects = projects
    }

    /// `5 packages`, `3 packages, 4 pods and 2 Xcode projects`; `0 packages` for none.
    public var description: String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        let parts = [(packages, "package"), (pods, "pod"), (projects, "Xcode project")].filter { $0.0 > 0 }.map { count($0.0, $0.1) }
        guard let last = parts.last else { return "0 packages" }
        return parts.count == 1 ? last : parts.dropLast().joined(separator: ", ") + " and " + last
    }
}

/// A dependency of a local target, as declared in its manifest. Immutable, shared by reference.
public final class Edge: Sendable {
    public enum Destination: Sendable, Hashable {
        case target(TargetID)
        /// A product of a package from outside the repository; `package` is nil when a bare name could come from any.
        case external(package: String?, product: String)
        case unresolved(String)
        /// A product of a package the graph cannot include (no manifest there, or an unreadable one): not checked further.
        case unavailable(package: String, product: String)
    }

    public let from: TargetID
    public let to: Destination
    /// The dependency as written: `NXKit`, or `Logging` from `swift-log`.
    public let written: String
    public let location: FileLocation
    /// The node number of `from` in ``DependencyGraph/sortedTargets``.
    public let fromNumber: Int
    /// The node number of a local target destination; nil for any other destination.
    public let toNumber: Int?
    /// An `import` in the target's sources that its manifest does not declare; `location` is the first such import.
    public let viaImport: Bool
    /// For an import: the other files that import the same module.
    public let otherLocations: [FileLocation]
    /// For an import: whether the target may declare it after all, through a package that cannot be read (see
    /// ``UndecidedImport``). Layering rules still see the edge; `implicit-dependency` does not report it.
    public let isUndecided: Bool
    /// A call through a mediator (CTMediator, BeeHive, a route, the registry): a run-time edge, no build dependency;
    /// `written` is what the call names.
    public let viaMediator: Bool
    /// A `pod` line of a Podfile target giving an Xcode target a pod: how a CocoaPods app links every component, those
    /// it reaches only at run time through a mediator included.
    public let viaPodfile: Bool

    public init(from: TargetID, to: Destination, written: String, location: FileLocation, fromNumber: Int, toNumber: Int? = nil,
                viaImport: Bool = false, otherLocations: [FileLocation] = [], isUndecided: Bool = false, viaMediator: Bool = false,
                viaPodfile: Bool = false) {
        self.isUndecided = isUndecided
        self.viaPodfile = viaPodfile
        self.viaMediator = viaMediator
        self.from = from
        self.to = to
        self.written = written
        self.location = location
        self.fromNumber = fromNumber
        self.toNumber = toNumber
        self.viaImport = viaImport
        self.otherLocations = otherLocations
    }

    /// "depends on", "imports" for an import the manifest does not declare, "calls" through a mediator.
    public var verb: String { viaMediator ? "calls" : viaImport ? "imports" : "depends on" }
}

/// Every local package's targets and the edges between them, with layers assigned, and what their sources import.
///
/// Built whole, in two steps: ``DeclaredGraph`` places each target in its layer and component (``LayerAssignment``)
/// and turns each manifest dependency into edges to local targets, outside products or nothing (``EdgeResolution``);
/// then, when the sources were read, ``ImportResolution`` adds what the code imports (``ImportIndex``). A graph built
/// without imports says so (``imports`` is nil). Built once, in time linear in targets, edges and imports.
public struct DependencyGraph: Sendable {
    /// The layers targets are placed in, top first.
    public let layers: [Layer]
    /// The packages, sorted by folder.
    public let packages: [LocalPackage]
    /// Every target, sorted by package folder and name: the node numbering of ``successors``.
    public let sortedTargets: [GraphTarget]
    /// In manifest order, packages sorted by directory.
    public let edges: [Edge]
    /// The edges between two local targets, with both ends.
    public let localEdges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]
    /// For each target of ``sortedTargets``, the local targets it depends on (by number), deduplicated, in manifest order.
    public let successors: [[Int]]
    /// Each entry of a target's `dependencies:` that leads to local targets, once (a product's targets share it); what
    /// rules about imports compare the imports with, so empty when the sources were not read.
    public let manifestEntries: [ManifestEntry]
    /// `.package(path:)` entries that lead to a folder without a manifest.
    public let missingPackages: [MissingPackageReference]
    /// Packages whose manifest no reader could evaluate; their targets are not in the graph.
    public let unreadableManifests: [UnreadableManifest]
    /// What the sources import; nil when they were not read.
    public private(set) var imports: ImportIndex?
    /// The files each non-test target compiles, relative to its package's folder, by package (relative folder); empty
    /// when the sources were not read.
    public let compiledFiles: [String: Set<String>]
    /// By component mid-migration, the sources only one of its two builds compiles that hold no code (never compared).
    public let codelessFiles: [String: Set<String>]
    /// What the sources wire at run time through mediators; nil when they were not read.
    public private(set) var mediators: MediatorIndex?
    /// How much of the repository's code the targets read; nil when the sources were not read.
    public let coverage: SourceCoverage?
    private let mediatorSettings: MediatorSettings
    let declared: DeclaredGraph

    /// The graph of `workspace` in the layers of `model`, with `imports` when the sources were read. `coverage`, when
    /// given, is that of a graph built from the same packages' folders and the same `imports` (a manifest edited, no
    /// package added or removed): it is taken as it is instead of being worked out again.
    /// `previous`: a graph in the same layers of the same packages and sources (`facts`) that `workspace`'s manifests
    /// (some of them planned) may differ from; the targets and edges of the packages whose manifests are unchanged, and
    /// its imports' resolution of every target the difference cannot change, are taken from it.
    public init(workspace: Workspace, model: Configuration, imports facts: ImportFacts? = nil, coverage known: SourceCoverage? = nil,
                previous: DependencyGraph? = nil) {
        let declared = DeclaredGraph(workspace: workspace, model: model, previous: previous?.declared)
        self.declared = declared
        layers = model.layers
        packages = declared.workspace.packages
        sortedTargets = declared.sortedTargets
        edges = declared.edges
        localEdges = declared.localEdges
        successors = declared.successors
        let manifestEntries = facts == nil ? [] : ManifestEntry.entries(of: declared.localEdges)
        self.manifestEntries = manifestEntries
        // A package in a git submodule that is not checked out, or in a folder git ignores, is not there yet: a note says
        // so, and no rule reports it.
        missingPackages = workspace.missing.filter { !$0.isExpectedAbsent }.map {
            MissingPackageReference(written: $0.written, referencedBy: $0.referencedBy, folderExists: $0.exists, location: $0.location,
                                    expectedFile: $0.expectedFile, suggestion: $0.suggestion, kind: $0.kind, podspecsThere: $0.podspecsThere)
        }
        unreadableManifests = workspace.unreadable.map {
            UnreadableManifest(package: $0.relativeDirectory, manifestPath: $0.manifestPath, message: $0.message, location: $0.location, kind: $0.kind,
                               isDeclined: $0.isDeclined)
        }
        if let facts {
            // How much code was read does not depend on the imports' resolution: the two run side by side.
            (coverage, imports) = concurrently({ known ?? SourceCoverage(workspace: declared.workspace, targets: facts.targets) },
                                               { ImportResolution(declared: declared).index(of: facts, entries: manifestEntries, previous: previous?.imports?.resolution) })
        } else {
            (coverage, imports) = (nil, nil)
        }
        compiledFiles = Self.compiledFiles(of: facts, declared: declared)
        codelessFiles = facts?.codelessFiles ?? [:]
        mediatorSettings = model.mediators
        mediators = facts.map { MediatorResolution(declared: declared, settings: model.mediators).index(of: $0.wiring) }
    }

    /// Whether the sources were read for imports.
    public var importsRead: Bool { imports != nil }

    /// The files the non-test targets of each component mid-migration compile (the only packages they are compared
    /// for: a podspec beside a Package.swift); empty when there is none.
    static func compiledFiles(of facts: ImportFacts?, declared: DeclaredGraph) -> [String: Set<String>] {
        let migrating = Set(declared.workspace.packages.filter { $0.origin.podspecBeside != nil }.map(\.relativeDirectory))
        guard let facts, !migrating.isEmpty else { return [:] }
        var compiled: [String: Set<String>] = [:]
        for target in facts.targets where migrating.contains(target.package) {
            guard let graphTarget = declared.target(TargetID(package: target.package, name: target.target)), !graphTarget.isTest else { continue }
            compiled[target.package, default: []].formUnion(target.files)
        }
        return compiled
    }

    /// The graph with the runtime wiring stage's result (when it ran beside the graph rather than before it): its calls
    /// matched with their providers. Unchanged when the sources were not read.
    public func withWiring(_ wiring: [TargetWiring]) -> DependencyGraph {
        guard imports != nil else { return self }
        var graph = self
        graph.mediators = MediatorResolution(declared: declared, settings: mediatorSettings).index(of: wiring)
        return graph
    }

    /// The graph with the use stage's answer: which unimported dependencies (``ImportIndex/unimported``) the code uses
    /// nonetheless. Unchanged when the sources were not read.
    public func withUses(_ uses: [UseWithoutImport]) -> DependencyGraph {
        var graph = self
        graph.imports?.usesWithoutImport = uses
        return graph
    }

    /// Imports of local modules that the importing target's manifest does not declare; empty when sources were not read.
    public var importEdges: [(edge: Edge, from: GraphTarget, to: GraphTarget)] { imports?.edges ?? [] }

    /// Calls through a mediator from one component to a target of another, one per pair of targets.
    public var mediatorEdges: [(edge: Edge, from: GraphTarget, to: GraphTarget)] { mediators?.edges ?? [] }

    /// The names of every local target (worked out on first use).
    public var targetNames: Set<String> { declared.targetNames }

    /// The target with this identity, if the graph has it.
    public func target(_ id: TargetID) -> GraphTarget? {
        declared.target(id)
    }

    /// The repository root as the user gave it.
    public var root: String { declared.workspace.root }

    public var packageCount: Int { packages.count }

    /// How many packages of each kind the graph holds: Swift packages, pods, Xcode projects.
    public var packageKinds: PackageCounts {
        var counts = PackageCounts()
        for package in packages {
            if package.isXcodeProject { counts.projects += 1 } else if package.manifest.kind == .pod { counts.pods += 1 } else { counts.packages += 1 }
        }
        return counts
    }

    /// The manifest entries a target declares (Xcode targets: also the Podfile lines that give it pods), in order.
    public func edges(from target: GraphTarget) -> [Edge] {
        edges.filter { $0.fromNumber == target.number }
    }

    /// The products of a target's package that hold it, in manifest order.
    public func products(holding target: GraphTarget) -> [String] {
        packages[target.packageIndex].manifest.products.filter { $0.targets.contains(target.id.name) }.map(\.name)
    }

    /// For an Xcode target a Podfile integrates: the Podfile's folder (absolute), and where a `pod` line for it goes
    /// (beside the first pod it is given, else at its `target` line), and the Podfile's `target` that integrates it when
    /// known (`Rocket` for an Xcode target `Rocket-Staging` that links its aggregate).
    public func podfile(of target: GraphTarget) -> (folder: String, location: FileLocation, target: String?)? {
        guard target.productKind.isXcode, let integration = packages[target.packageIndex].podfileTargets[target.id.name] else { return nil }
        return (integration.folder, edges(from: target).first(where: \.viaPodfile)?.location ?? integration.location, integration.name)
    }

    /// A Podfile of the repository, as messages name it (the first in folder order that integrates a target); nil when
    /// none does.
    public var anyPodfile: FileLocation? {
        packages.flatMap { $0.podfileTargets.values }.map(\.location).min { ($0.path, $0.line ?? 0) < ($1.path, $1.line ?? 0) }
            .map { FileLocation(path: $0.path) }
    }

    /// Whether a manifest of the repository (a Podfile, a podspec) declares the outside package of this identity as a
    /// pod rather than as a Swift package, or a `Podfile.lock` says CocoaPods resolved a pod of that name.
    public func isPod(package identity: String) -> Bool {
        packages.contains { $0.manifest.dependencies.contains { $0.kind == .pod && $0.identity == identity } }
            || declared.workspace.podfileLocks.values.contains { $0.knows(identity) }
    }

    /// The pod CocoaPods builds a target's component from, by name, with its folder (absolute): a development pod, or
    /// the podspec beside a package mid-migration. Nil for a package or a project alone.
    public func pod(of target: GraphTarget) -> (name: String, folder: String)? {
        let package = packages[target.packageIndex]
        if package.kind == .pod { return (package.manifest.name, package.folder) }
        return package.origin.podspecBeside.map { ($0.manifest.name, package.folder) }
    }
}

/// The first step of a graph: targets placed, manifest entries resolved, no imports yet.
struct DeclaredGraph: Sendable {
    let workspace: Workspace
    let numbering: TargetNumbering
    let sortedTargets: [GraphTarget]
    let edges: [Edge]
    let localEdges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]
    let successors: [[Int]]
    /// What a graph of the same workspace with some manifests changed takes from this one (``init(workspace:model:previous:)``).
    private let parts: Parts
    private let names = NameSet()

    /// Each package's targets as its own manifest places them and its edges, and what they were worked out from.
    private struct Parts: Sendable {
        var layers: [Layer]
        var surroundings: EdgeResolution.Surroundings
        /// Every target placed by its own package (before tests are placed across packages).
        var placed: [GraphTarget]
        /// Where each package's edges start in ``DeclaredGraph/edges``, and the end.
        var edgeStarts: [Int]
    }

    /// `previous`: a declared graph in the same layers of the same packages, some of whose manifests `workspace` may
    /// replace; the packages whose manifests are unchanged keep its placements and edges (``splicing(_:previous:model:)``).
    init(workspace: Workspace, model: Configuration, previous: DeclaredGraph? = nil) {
        var workspace = workspace
        if !zip(workspace.packages, workspace.packages.dropFirst()).allSatisfy({ $0.relativeDirectory < $1.relativeDirectory }) {
            workspace.packages.sort { $0.relativeDirectory < $1.relativeDirectory }
        }
        self.workspace = workspace
        let surroundings = EdgeResolution.Surroundings(workspace)
        let numbering: TargetNumbering, placed: [GraphTarget], edges: [Edge]
        if let previous, let edited = previous.editedPackages(in: workspace, layers: model.layers, surroundings: surroundings) {
            numbering = previous.numbering
            (placed, edges) = Self.splicing(edited, of: workspace, previous: previous, model: model)
        } else {
            numbering = TargetNumbering(workspace)
            edges = EdgeResolution().edges(of: workspace, numbering: numbering, surroundings: surroundings, packages: Array(workspace.packages.indices))
            placed = LayerAssignment(model: model).targets(of: workspace, numbering: numbering)
        }
        let sortedTargets = LayerAssignment.placingTestsAcrossPackages(placed, edges: edges)
        self.sortedTargets = sortedTargets
        self.numbering = numbering
        self.edges = edges
        var localEdges: [(edge: Edge, from: GraphTarget, to: GraphTarget)] = []
        localEdges.reserveCapacity(edges.count)
        var successors = [[Int]](repeating: [], count: sortedTargets.count)
        for edge in edges {
            guard let to = edge.toNumber else { continue }
            localEdges.append((edge, sortedTargets[edge.fromNumber], sortedTargets[to]))
            if !successors[edge.fromNumber].contains(to) { successors[edge.fromNumber].append(to) }
        }
        self.localEdges = localEdges
        self.successors = successors
        parts = Parts(layers: model.layers, surroundings: surroundings, placed: placed, edgeStarts: Self.edgeStarts(edges, numbering: numbering))
    }

    /// Where each package's edges start in `edges` (in package order, each package's edges together), and the end.
    private static func edgeStarts(_ edges: [Edge], numbering: TargetNumbering) -> [Int] {
        var starts: [Int] = []
        starts.reserveCapacity(numbering.packages.count + 1)
        var edge = 0
        for package in numbering.packages.indices {
            starts.append(edge)
            let end = package + 1 < numbering.packages.count ? numbering.packages[package + 1].first : numbering.count
            while edge < edges.count, edges[edge].fromNumber < end { edge += 1 }
        }
        starts.append(edges.count)
        return starts
    }

    /// The packages of `workspace` (by index) whose manifests differ from this graph's, when nothing else a placement or
    /// an edge of another package reads differs: the same packages in the same folders, layers and unavailable folders,
    /// and each changed package with the same name, target names and products. Nil when the graph must be built whole.
    private func editedPackages(in new: Workspace, layers: [Layer], surroundings: EdgeResolution.Surroundings) -> [Int]? {
        let old = workspace.packages, packages = new.packages
        guard old.count == packages.count, parts.layers == layers, parts.surroundings == surroundings else { return nil }
        var edited: [Int] = []
        for index in packages.indices {
            let before = old[index], after = packages[index]
            guard before.directory == after.directory, before.relativeDirectory == after.relativeDirectory, before.kind == after.kind,
                  before.isXcodeProject == after.isXcodeProject, before.manifestPath == after.manifestPath else { return nil }
            guard before.manifest != after.manifest || before.localDependencies != after.localDependencies
                    || before.podfileTargets != after.podfileTargets || before.folder != after.folder else { continue }
            guard before.manifest.name == after.manifest.name, before.manifest.products == after.manifest.products,
                  numbering.packages[index].names == after.manifest.targets.map(\.name).sorted() else { return nil }
            edited.append(index)
        }
        return edited
    }

    /// The targets placed by their own packages and the edges: those of the `edited` packages worked out again, the
    /// others' taken from `previous`.
    private static func splicing(_ edited: [Int], of workspace: Workspace, previous: DeclaredGraph,
                                 model: Configuration) -> (placed: [GraphTarget], edges: [Edge]) {
        let numbering = previous.numbering, starts = previous.parts.edgeStarts
        var placed = previous.parts.placed
        let assignment = LayerAssignment(model: model)
        for index in edited {
            let first = numbering.packages[index].first
            let targets = assignment.targets(of: workspace.packages[index], packageIndex: index, numberedFrom: first)
            placed.replaceSubrange(first..<first + targets.count, with: targets)
        }
        let fresh = EdgeResolution().edges(of: workspace, numbering: numbering, surroundings: previous.parts.surroundings, packages: edited)
        var edges: [Edge] = []
        edges.reserveCapacity(previous.edges.count - edited.reduce(0) { $0 + starts[$1 + 1] - starts[$1] } + fresh.count)
        // Both lists hold each package's edges together, in package order.
        var taken = 0, next = 0
        for index in edited {
            edges.append(contentsOf: previous.edges[starts[taken]..<starts[index]])
            let end = numbering.packages[index].first + numbering.packages[index].names.count
            while next < fresh.count, fresh[next].fromNumber < end {
                edges.append(fresh[next])
                next += 1
            }
            taken = index + 1
        }
        edges.append(contentsOf: previous.edges[starts[taken]...])
        return (placed, edges)
    }

    var targetNames: Set<String> {
        names.value { Set(numbering.packages.flatMap(\.names)) }
    }

    func target(_ id: TargetID) -> GraphTarget? {
        guard let package = numbering.relativePackageIndex[id.package], let number = numbering.number(of: id.name, inPackage: package) else {
            return nil
        }
        return sortedTargets[number]
    }
}

/// A `.package(path:)` entry that leads to a folder without a manifest.
public struct MissingPackageReference: Sendable, Hashable {
    /// The path as the manifest writes it.
    public var written: String
    /// The package whose manifest has the entry.
    public var referencedBy: String
    public var folderExists: Bool
    public var location: FileLocation
    /// `Package.swift`, or the podspec a Podfile's path pod needs there.
    public var expectedFile: String
    /// The path as written with its last part the nearest folder beside it that holds the expected file.
    public var suggestion: String?
    /// What the folder should hold.
    public var kind: PackageKind
    /// For a pod, the podspecs the folder holds instead.
    public var podspecsThere: [String] = []
}

/// A package whose manifest no reader could evaluate.
public struct UnreadableManifest: Sendable, Hashable {
    /// The package's folder, relative to the root.
    public var package: String
    public var manifestPath: String
    /// The reader's own message.
    public var message: String
    public var location: FileLocation
    /// What the manifest would have declared.
    public var kind: PackageKind
    /// A podspec the static reader declined, with no CocoaPods to evaluate it (valid Ruby, for all anyone here knows).
    public var isDeclined = false
}

/// A set of names computed once, on first use, from any thread.
private final class NameSet: @unchecked Sendable {
    private let lock = NSLock()
    private var names: Set<String>?

    func value(_ make: () -> Set<String>) -> Set<String> {
        lock.withLock {
            if let names { return names }
            let made = make()
            names = made
            return made
        }
    }
}
