import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Files
import Foundation
import ManifestReading
import PackageModel
import Paths
import Rules
import RuntimeWiring

/// A repository opened once: its configuration found and loaded, its packages discovered and read through one file
/// system. Every command asks it (`check`, `graph`, `why`, `new`, `resources`, `migrate-pods`, `init --infer`); the
/// graph is built the first time a use case needs it, with the sources' imports or without them.
public final class Project {
    /// The repository root, named as the user would (relative to the current folder when they gave a relative
    /// path); paths in messages start with it.
    public let root: String
    /// What the user pointed at (absolute, links resolved): findings and generated files are limited to it. The
    /// root itself when they pointed at the root.
    public let scope: String
    public let configuration: Configuration
    public let reader: ManifestReader
    public let workspace: Workspace
    public let timings: StageTimings?
    /// Everything is read through it: the disk with its folder listings kept, unless a caller gives another.
    let fileSystem: any FileSystem

    /// Every local target in its layer, and the edges their manifests declare (the sources not read).
    public private(set) lazy var graph: DependencyGraph = timings.measure("graph") {
        DependencyGraph(workspace: workspace, model: layering.configuration)
    }

    /// The layers the rules run with (see ``Layering``).
    lazy var layering = Layering(configuration: configuration, graph: DependencyGraph(workspace: workspace, model: configuration))

    /// The graph with what the sources import, and notes on files that could not be read (built on first use).
    lazy var graphWithImports: (graph: DependencyGraph, notes: [Note]) = readImports()

    /// Whether the graph's import facts and wiring are kept once it is built (`fix` builds the graph again with its
    /// planned manifests); else they are released as soon as the graph has them.
    var retainsImportFacts = false
    /// The import facts and wiring the graph was built with, when kept.
    var retainedImports: (facts: ImportFacts, wiring: [TargetWiring])?

    /// The rule identifiers a configuration may name.
    public static var knownRules: Set<RuleID> { RuleRegistry.identifiers }

    init(root: String, scope: String, configuration: Configuration, reader: ManifestReader, workspace: Workspace, timings: StageTimings?,
         fileSystem: any FileSystem) {
        self.root = root
        self.scope = scope
        self.configuration = configuration
        self.reader = reader
        self.workspace = workspace
        self.timings = timings
        self.fileSystem = fileSystem
    }

    /// Opens the repository that governs `path`: with `configuration`, that file and `path` as the root; else the
    /// nearest `componentize.yml` from `path` upwards (stopping at the folder holding `.git`), whose folder is the
    /// root; else the four-layer preset with `path` as the root. Reads every package under the root and every package
    /// they reach by path; what is reported is limited to `path`.
    /// `readsXcodeProjects: false` leaves the Xcode projects out whatever the configuration says (`--no-xcode`).
    public static func open(at path: String, configuration: String? = nil, reader: ManifestReader, timings: StageTimings? = nil,
                            readsXcodeProjects: Bool = true) throws -> Project {
        try open(at: path, configuration: configuration, reader: reader, timings: timings, fileSystem: CachedFileSystem(),
                 readsXcodeProjects: readsXcodeProjects)
    }

    /// The same with a manifest reader of that strategy (see ``ReaderStrategy``).
    public static func open(at path: String, configuration: String? = nil, strategy: ReaderStrategy, timings: StageTimings? = nil,
                            readsXcodeProjects: Bool = true) throws -> Project {
        try open(at: path, configuration: configuration, reader: ManifestReader(strategy: strategy), timings: timings,
                 readsXcodeProjects: readsXcodeProjects)
    }

    /// The same through another file system (an in-memory tree, for tests); `searchingUpwards: false` takes `path` as
    /// the root whatever governs it (`init --infer` proposes a configuration for `path` itself).
    public static func open(at path: String, configuration file: String? = nil, reader: ManifestReader, timings: StageTimings? = nil,
                            fileSystem: any FileSystem, searchingUpwards: Bool = true, readsXcodeProjects: Bool = true) throws -> Project {
        let (root, found) = try timings.measure("configuration") {
            try ConfigurationSearch.governing(path, file: file, loader: ConfigurationLoader(knownRules: knownRules), fileSystem: fileSystem,
                                              searchingUpwards: searchingUpwards)
        }
        var configuration = found
        if !readsXcodeProjects { configuration.xcode.check = false }
        let xcode = XcodeSelection(check: configuration.xcode.check, projects: configuration.xcode.projects, ignoreTargets: configuration.xcode.ignoreTargets)
        let workspace = try timings.measure("discovery and manifests") {
            try PackageDiscovery(reader: reader, exclude: configuration.exclude, xcode: xcode).discover(root: root, fileSystem: fileSystem)
        }
        return Project(root: root, scope: fileSystem.realPath(path), configuration: configuration, reader: reader, workspace: workspace,
                       timings: timings, fileSystem: fileSystem)
    }

    /// Whether a path as messages name it (relative to the current folder, or absolute) lies in ``scope``.
    public func inScope(_ displayedPath: String) -> Bool {
        let absolute = PathArithmetic.resolve(displayedPath, from: currentFolder)
        return absolute == scope || absolute.hasPrefix(scope == "/" ? "/" : scope + "/")
    }

    /// Whether a package's folder lies in ``scope``.
    func inScope(_ package: LocalPackage) -> Bool {
        package.directory == scope || package.directory.hasPrefix(scope + "/")
    }

    /// The current folder, absolute, links resolved.
    var currentFolder: String { fileSystem.realPath(FileManager.default.currentDirectoryPath) }

    /// Whether the user pointed at the root itself.
    public var scopeIsRoot: Bool { scope == absoluteRoot }

    /// The root, absolute, links resolved.
    public var absoluteRoot: String { fileSystem.realPath(root) }

    /// Today in UTC, or `COMPONENTIZE_TODAY` when set (for reproducible runs).
    public static func today(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Day {
        try ConfigurationLoader.today(environment: environment)
    }
}
