import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Foundation
import LayerInference
import ManifestReading
import Parallel
import Paths
import Reports
import ResourceGeneration
import Rules
import Scaffolding
import SourceImports

/// A repository opened once: its configuration found and loaded, its packages discovered and read. Every
/// command asks it (`check`, `graph`, `new`, `resources`); the dependency graph is built the first time a use
/// case needs it.
public final class Project {
    /// The repository root, named as the user would (relative to the current folder when they gave a relative
    /// path); paths in messages start with it.
    public let root: String
    /// What the user pointed at (absolute, links resolved): findings and generated files are limited to it. The
    /// root itself when they pointed at the root.
    public let scope: String
    public let model: LayerModel
    public let reader: ManifestReader
    public let workspace: Workspace
    public let timings: StageTimings?

    /// Every local target in its layer, and the edges between them.
    public private(set) lazy var graph: DependencyGraph = timings.measure("graph") {
        DependencyGraph(workspace: workspace, model: model)
    }

    /// The rule identifiers a configuration may name.
    public static var knownRules: Set<String> { RuleRegistry.identifiers }

    init(root: String, scope: String, model: LayerModel, reader: ManifestReader, workspace: Workspace, timings: StageTimings?) {
        self.root = root
        self.scope = scope
        self.model = model
        self.reader = reader
        self.workspace = workspace
        self.timings = timings
    }

    /// Opens the repository that governs `path`: with `configuration`, that file and `path` as the root; else the
    /// nearest `componentize.yml` from `path` upwards (stopping at the folder holding `.git`), whose folder is the
    /// root; else the four-layer preset with `path` as the root. Reads every package under the root and every package
    /// they reach by path; what is reported is limited to `path`.
    public static func open(at path: String, configuration: String? = nil, reader: ManifestReader,
                            timings: StageTimings? = nil) throws -> Project {
        var root = path
        var model = try timings.measure("configuration") { try loadModel(root: path, configuration: configuration) }
        if configuration == nil, model.source == Preset.fourLayer.model.source, FileManager.default.fileExists(atPath: path),
           let governing = try timings.measure("configuration", { try ConfigurationSearch.governing(path, loader: ConfigurationLoader(knownRules: knownRules)) }) {
            root = governing.root
            model = governing.model
            model.relocate(to: PathArithmetic.join(root, ConfigurationLoader.fileName))
        }
        let workspace = try timings.measure("discovery and manifests") {
            try PackageDiscovery(reader: reader, exclude: model.exclude).discover(root: root)
        }
        return Project(root: root, scope: ConfigurationSearch.absolute(path), model: model, reader: reader, workspace: workspace,
                       timings: timings)
    }

    /// Whether a path as messages name it (relative to the current folder, or absolute) lies in ``scope``.
    public func inScope(_ displayedPath: String) -> Bool {
        let absolute = PathArithmetic.resolve(displayedPath, from: ConfigurationSearch.absolute(FileManager.default.currentDirectoryPath))
        return absolute == scope || absolute.hasPrefix(scope == "/" ? "/" : scope + "/")
    }

    /// The baseline the configuration names (`baseline:`), relative to the configuration's folder.
    public var baselinePath: String? {
        model.baseline.map { PathArithmetic.join((model.source as NSString).deletingLastPathComponent, $0) }
    }

    /// The baseline `check` applies: `path` when given, else the one the configuration names (an error at the
    /// configuration's `baseline:` key when that file is missing), else none.
    public func baseline(path: String?) throws -> Baseline? {
        if let path { return try Baseline.load(path: path) }
        guard let configured = baselinePath else { return nil }
        guard FileManager.default.fileExists(atPath: configured) else {
            throw InputError("the baseline \(configured) named here does not exist (write it with 'componentize check --write-baseline \(configured)', or remove the key)",
                             at: model.baselineLocation)
        }
        return try Baseline.load(path: configured)
    }

    /// Whether the user pointed at the root itself.
    public var scopeIsRoot: Bool { scope == absoluteRoot }

    /// The root, absolute, links resolved.
    public var absoluteRoot: String { ConfigurationSearch.absolute(root) }

    static func loadModel(root: String, configuration: String?) throws -> LayerModel {
        let loader = ConfigurationLoader(knownRules: knownRules)
        if let configuration {
            guard FileManager.default.fileExists(atPath: configuration) else {
                throw InputError("no such configuration file", at: FileLocation(path: configuration))
            }
            guard let text = try? String(contentsOfFile: configuration, encoding: .utf8) else {
                throw InputError("cannot read the configuration as UTF-8 text", at: FileLocation(path: configuration))
            }
            return try loader.parse(text, path: configuration)
        }
        var model = try loader.load(repositoryRoot: root)
        if model.source.hasSuffix(ConfigurationLoader.fileName) {
            // Locations name the file as the user would: relative to where they pointed.
            model.relocate(to: PathArithmetic.join(root, ConfigurationLoader.fileName))
        }
        return model
    }

    // MARK: Use cases

    /// The layering check: every rule over the graph, with configured severities and exceptions applied.
    /// With `imports` (and `imports.check` in the configuration), the sources are read too (see
    /// ``DependencyGraph/withImports(_:systemModules:ignore:)``).
    public func check(today: String, imports: Bool = true) throws -> ProjectCheck {
        var graph = self.graph
        if model.strict { try Self.checkGlobsMatch(graph) }
        var importNotes: [Note] = []
        if imports && model.imports.check {
            (graph, importNotes) = timings.measure("sources and imports") { Self.withSourceImports(graph, model: model, workspace: workspace, reader: reader) }
        }
        var result = timings.measure("rules") { LayerChecker(today: today).check(graph) }
        var notes = workspace.declines.map { declined in
            Note("read with swift package dump-package: \(declined.reason)", at: declined.location)
        } + workspace.notes + importNotes
        if !scopeIsRoot {
            result.findings = result.findings.filter { inScope($0.location.path) }
            result.excused = result.excused.filter { inScope($0.location.path) }
            notes = notes.filter { $0.location.map { inScope($0.path) } ?? true }
            let packages = workspace.packages.filter { $0.directory == scope || $0.directory.hasPrefix(scope + "/") }
            result.packageCount = packages.count
            result.targetCount = packages.reduce(0) { $0 + $1.manifest.targets.count }
        }
        return ProjectCheck(graph: graph, result: result, notes: notes)
    }

    /// The components of the packages in ``scope``, or nil when the scope is the whole repository (for `graph`).
    public var componentsInScope: Set<String>? {
        guard !scopeIsRoot else { return nil }
        return Set(graph.sortedTargets.filter { !$0.isTest && inScope($0.manifestPath) }.map(\.component))
    }

    /// What `componentize new` would write, refused when `check` would reject it.
    public func plan(newComponent request: ScaffoldRequest, today: String) throws -> ScaffoldPlan {
        try Scaffolder(root: root, model: model, workspace: workspace, graph: graph, today: today,
                       toolchainVersion: reader.staticReader.toolchainVersion).plan(request)
    }

    /// Generates (or, with `options.check`, compares) the resource accessors of every package inside the root.
    public func generateResources(_ options: ResourceGenerationRun.Options) throws -> ResourceGenerationRun.Outcome {
        var options = options
        if options.outputDirectory == nil { options.outputDirectory = model.resourcesOutputDirectory }
        let packages = workspace.packages.filter {
            !$0.relativeDirectory.hasPrefix("..") && ($0.directory == scope || $0.directory.hasPrefix(scope + "/"))
        }.map {
            ResourceGenerationRun.Package(manifestPath: $0.manifestPath, manifest: $0.manifest)
        }
        return try ResourceGenerationRun(root: root, options: options).run(packages: packages)
    }

    /// With `strict: true`, a layer glob that matches no target, package or folder is a configuration error.
    static func checkGlobsMatch(_ graph: DependencyGraph) throws {
        let names = graph.targetNames.union(graph.workspace.packages.map(\.manifest.name))
        let folders = graph.workspace.packages.map(\.relativeDirectory)
        for layer in graph.model.layers {
            for glob in layer.members where !names.contains(where: glob.matches) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no target or package (strict is on)", at: glob.location)
            }
            for glob in layer.paths where !folders.contains(where: glob.matchesPath) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no package folder (strict is on)", at: glob.location)
            }
        }
    }

    /// Today in UTC as `YYYY-MM-DD`, or `COMPONENTIZE_TODAY` when set (for reproducible runs).
    public static func today(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let fixed = environment["COMPONENTIZE_TODAY"], !fixed.isEmpty {
            guard ConfigurationLoader.isDate(fixed) else {
                throw InputError("COMPONENTIZE_TODAY='\(fixed)' is not a date: write it as YYYY-MM-DD, e.g. 2026-06-01")
            }
            return fixed
        }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter.string(from: Date())
    }
}

/// The outcome of `Project.check`: the graph it ran on, the findings, and notes on how packages were read.
public struct ProjectCheck {
    public var graph: DependencyGraph
    public var result: CheckResult
    /// Not findings: e.g. a manifest SwiftPM read because the static reader declined it.
    public var notes: [Note]
}

extension LayerModel {
    /// Points every location at `path` (the configuration as the user names it).
    mutating func relocate(to path: String) {
        source = path
        func moved(_ location: FileLocation?) -> FileLocation? {
            location.map { FileLocation(path: path, line: $0.line, column: $0.column) }
        }
        for index in layers.indices {
            layers[index].location = moved(layers[index].location)
            layers[index].members = layers[index].members.map { var glob = $0; glob.location = moved(glob.location); return glob }
            layers[index].paths = layers[index].paths.map { var glob = $0; glob.location = moved(glob.location); return glob }
        }
        for index in exceptions.indices { exceptions[index].location = moved(exceptions[index].location) }
        baselineLocation = moved(baselineLocation)
    }
}

// MARK: Inferring a layering

/// What `componentize init --infer` proposes for a repository: the configuration text, and the baseline of what
/// breaks it today.
public struct InferredConfiguration {
    public var layering: InferredLayering
    /// The componentize.yml to write.
    public var configuration: String
    /// What the inferred layering reports on the repository as it is: recorded in ``baseline``.
    public var findings: [Finding]
    /// Nil when the repository already follows the inferred layering.
    public var baseline: Baseline?
    /// The folder the configuration goes to.
    public var root: String
    public var workspace: Workspace
}

extension Project {
    /// Reads every package under `path` and proposes layers from what depends on what (see ``LayerInference``), with a
    /// baseline of what the proposal reports today, so that `check` passes on the repository as it is.
    public static func inferConfiguration(at path: String, reader: ManifestReader, today: String) throws -> InferredConfiguration {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError("no such folder: init --infer reads the repository in it", at: FileLocation(path: path))
        }
        let workspace = try PackageDiscovery(reader: reader).discover(root: path)
        guard !workspace.packages.isEmpty else {
            throw InputError("no Package.swift under this folder: nothing to infer layers from (use 'componentize init --preset' to start from a preset)",
                             at: FileLocation(path: path))
        }
        let layering = LayerInference().infer(DependencyGraph(workspace: workspace, model: LayerModel(layers: [])))
        let writer = InferredConfigurationWriter(layering: layering)
        let configurationPath = PathArithmetic.join(path, ConfigurationLoader.fileName)
        let loader = ConfigurationLoader(knownRules: knownRules)
        // The findings come from the configuration as written, read back as `check` will read it.
        let model = try loader.parse(try writer.render(), path: configurationPath)
        // As `check` will see it: with the sources' imports, so an undeclared import today is baselined too.
        let graph = withSourceImports(DependencyGraph(workspace: workspace, model: model), model: model, workspace: workspace, reader: reader).graph
        let findings = LayerChecker(today: today).check(graph).findings
        guard !findings.isEmpty else {
            return InferredConfiguration(layering: layering, configuration: try writer.render(), findings: [], baseline: nil, root: path,
                                         workspace: workspace)
        }
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        let summary = counts.keys.sorted().map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ")
        let text = try writer.render(baseline: InferredConfigurationWriter.baselineFileName, baselineSummary: summary)
        _ = try loader.parse(text, path: configurationPath)
        return InferredConfiguration(layering: layering, configuration: text, findings: findings, baseline: Baseline(findings: findings),
                                     root: path, workspace: workspace)
    }
}

// MARK: Reading the sources' imports

extension Project {
    /// `graph` with what every target's sources import, as the configuration's `imports:` section says, and notes on
    /// the files that could not be read.
    static func withSourceImports(_ graph: DependencyGraph, model: LayerModel, workspace: Workspace,
                                  reader: ManifestReader) -> (graph: DependencyGraph, notes: [Note]) {
        let ((external, externalNotes), (imports, notes)) = concurrently({ readCheckouts(of: workspace, reader: reader) },
                                                                          { readImports(of: workspace) })
        let withImports = graph.withImports(imports, systemModules: DependencyGraph.systemModules.union(model.imports.system),
                                            ignore: model.imports.ignore, external: ExternalModules(external))
        releaseInBackground(imports)
        return (withImports, notes + externalNotes)
    }

    /// The outside packages checked out under the local packages' `.build/checkouts`: their manifests (what each
    /// product provides) and which of their modules re-export others. A manifest that cannot be read is a note; its
    /// products' imports are then not decided.
    static func readCheckouts(of workspace: Workspace, reader: ManifestReader) -> (packages: [ExternalPackage], notes: [Note]) {
        var packages: [ExternalPackage] = []
        var notes: [Note] = []
        let root = ConfigurationSearch.absolute(workspace.root)
        for (identity, directory) in Checkouts.folders(of: workspace) {
            let shown = PathArithmetic.display(directory, root: root, displayRoot: workspace.root, currentFolder: nil)
            let manifest: Manifest
            do {
                manifest = try reader.read(packageDirectory: directory).manifest
            } catch {
                notes.append(Note("the manifest of this checkout cannot be read, so imports of its products are not decided: \(error)",
                                  at: FileLocation(path: PathArithmetic.join(shown, "Package.swift"))))
                continue
            }
            var exports: [String: Set<String>] = [:]
            for target in manifest.targets where [.regular, .executable].contains(target.type) {
                let selection = TargetSources.select(target, packageDirectory: directory)
                let exported = selection.files.flatMap { ImportScanner.exportedModules(file: PathArithmetic.join(directory, $0)) }
                if !exported.isEmpty { exports[DependencyGraph.moduleName(of: target.moduleName ?? target.name)] = Set(exported) }
            }
            packages.append(ExternalPackage(identity: identity, manifestPath: PathArithmetic.join(shown, manifest.manifestFile), manifest: manifest,
                                            exports: exports))
        }
        return (packages, notes)
    }

    /// Every target's imports, read from the files SwiftPM compiles for it (in parallel, results in package order),
    /// and notes for files that could not be read and targets whose files cannot be known.
    static func readImports(of workspace: Workspace) -> (imports: [TargetSourceImports], notes: [Note]) {
        let packages = workspace.packages
        let results: [(TargetSourceImports?, [Note])] = inSlicesOnThreads(of: packages.count, minimumSliceSize: 4, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
            // Headers already parsed in this slice (one thread's): files that begin alike are parsed once.
            let parsed = ParsedHeaders()
            return slice.flatMap { index -> [(TargetSourceImports?, [Note])] in
                let package = packages[index]
                let shownDirectory = (package.manifestPath as NSString).deletingLastPathComponent
                let folder = FolderDescriptor(path: package.directory)
                let targets = package.manifest.targets.filter { ![.binary, .system, .plugin].contains($0.type) }
                let selections = targets.map { TargetSources.select($0, packageDirectory: package.directory, listings: workspace.listings) }
                // The package's files in one scan: opened and parsed in larger batches than a target's few.
                let files = selections.flatMap { $0.unknown == nil ? $0.files : [] }
                var scans = ImportScanner.scan(files: folder == nil ? files.map { PathArithmetic.join(package.directory, $0) } : files, in: folder,
                                               parsed: parsed)[...]
                return zip(targets, selections).map { target, selection in
                    if let unknown = selection.unknown {
                        let location = FileLocation(path: package.manifestPath, line: target.position?.line, column: target.position?.column)
                        return (nil, [Note("the imports of \(target.name) are not checked: \(unknown)", at: location)])
                    }
                    var uses: [SourceImportUse] = []
                    var notes: [Note] = []
                    for (file, scanned) in zip(selection.files, scans.prefix(selection.files.count)) {
                        let shown = PathArithmetic.join(shownDirectory, file)
                        if let problem = scanned.problem { notes.append(Note("this source file \(problem)", at: FileLocation(path: shown))) }
                        for item in scanned.imports {
                            uses.append(SourceImportUse(module: item.module, location: FileLocation(path: shown, line: item.line, column: item.column),
                                                        isOptional: item.isOptional, isExported: item.isExported))
                        }
                    }
                    scans = scans.dropFirst(selection.files.count)
                    // A pod's prefix header is part of every file it compiles: its imports are the target's, at the podspec.
                    if let prefix = target.prefixHeader, !selection.files.isEmpty {
                        let location = FileLocation(path: package.manifestPath, line: prefix.position?.line, column: prefix.position?.column)
                        for item in ImportScanner.cFamilyImports(in: prefix.text).imports {
                            uses.append(SourceImportUse(module: item.module, location: location, isOptional: item.isOptional, isExported: false))
                        }
                    }
                    return (TargetSourceImports(target: TargetID(package: package.relativeDirectory, name: target.name), uses: uses), notes)
                }
            }
        }
        let joined = (results.compactMap(\.0), results.flatMap(\.1))
        releaseInBackground(results)
        return joined
    }
}

// MARK: Why does A depend on B

extension Project {
    /// The shortest chain of dependencies from `from` to `to` (components or targets), over the manifests and, with
    /// `imports`, the sources' undeclared imports; nil when there is none. An unknown name is an input error.
    public func why(from: String, to: String, imports: Bool = true) throws -> DependencyChain? {
        var graph = self.graph
        if imports && model.imports.check { graph = Self.withSourceImports(graph, model: model, workspace: workspace, reader: reader).graph }
        let sources = graph.targets(named: from), destinations = graph.targets(named: to)
        for (name, found) in [(from, sources), (to, destinations)] where found.isEmpty {
            throw InputError("no target or component named '\(name)' in this repository")
        }
        return graph.chain(from: sources, to: destinations)
    }
}
