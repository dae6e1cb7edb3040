import Configuration
import Diagnostics
import Discovery
import Files
import Foundation
import Output
import PackageModel
import Paths
import PodspecReading
import ResourceGeneration
import Rules
import Scaffolding

/// What `componentize migrate-pods` is asked for.
public struct PodMigrationRequest: Sendable {
    /// Only these pods; every development pod in scope when empty.
    public var names: [String]
    /// A folder with the user's own `migrate-pods` templates.
    public var templates: String?
    public var today: Day
    /// Write the packages even when outside pods have no known SwiftPM package.
    public var allowUnmapped: Bool
    /// Write the packages even when a dependency breaks the layering.
    public var allowViolations: Bool
    /// Replace a Package.swift that migrate-pods wrote before.
    public var force: Bool
    /// Only the pods migrate-pods migrated before, rewritten from their podspecs.
    public var update: Bool

    public init(names: [String] = [], templates: String? = nil, today: Day, allowUnmapped: Bool = false, allowViolations: Bool = false,
                force: Bool = false, update: Bool = false) {
        self.update = update
        self.names = names
        self.templates = templates
        self.today = today
        self.allowUnmapped = allowUnmapped
        self.allowViolations = allowViolations
        self.force = force
    }
}

/// What `componentize migrate-pods` would write: a Package.swift beside each development pod's podspec, with what
/// stands in the way (outside pods with no known SwiftPM package, layering findings, an existing manifest).
public struct PodMigrationRun {
    /// One pod, in folder order: migrated, or skipped with the note that says why.
    public enum Entry {
        case migrate(Item)
        case skip(Note)
    }

    public struct Item {
        public var migration: PodMigration
        /// Where the Package.swift goes, as reports name it, and absolute.
        public var manifestPath: String
        public var absoluteManifestPath: String
        /// The rendered manifest; nil when the pod stays a pod.
        public var text: String?
        public var existing: Existing
        /// What the migration meets on the way, in order: the pod staying a pod, outside pods with no known package,
        /// layering findings the written package would carry. Errors block the run.
        public var problems: [MigrationProblem]
    }

    public enum Existing: Equatable {
        case none
        /// A Package.swift componentize migrate-pods wrote (`--force` may replace it): the pod was migrated before.
        case generated
        /// Someone else's Package.swift: never replaced.
        case foreign
    }

    public var entries: [Entry]

    /// The pods to migrate.
    public var items: [Item] {
        entries.compactMap { if case .migrate(let item) = $0 { return item } else { return nil } }
    }

    /// Whether something stands in the way (an error, or a pod that stays a pod): nothing is written.
    public var isBlocked: Bool { items.contains { $0.migration.leftAsPod != nil || $0.problems.contains(where: \.isError) } }

    /// Writes these items' manifests, and with `editSources` the imports files relied on a prefix header for (each file
    /// to a temporary file renamed into place); returns the paths written.
    public func write(editSources: Bool = false) throws -> [String] {
        var written: [String] = []
        for item in items {
            guard let text = item.text else { continue }
            let shownFolder = (item.manifestPath as NSString).deletingLastPathComponent
            var files = item.migration.generatedFiles.map { ($0.path, $0.text) }
            if editSources { files += item.migration.sourceEdits.map { ($0.file, $0.edited) } }
            files.append(("Package.swift", text))
            for (relative, content) in files {
                try AtomicFile.write(Data(content.utf8), to: PathArithmetic.join(item.migration.directory, relative))
                written.append(PathArithmetic.join(shownFolder, relative))
            }
        }
        return written
    }
}

/// Something a pod's migration meets: an error blocks the run, a warning is said and the run goes on.
public struct MigrationProblem: Sendable, CustomStringConvertible {
    public var isError: Bool
    public var location: FileLocation
    public var message: String

    public var description: String { "\(location): \(isError ? "error" : "warning"): \(message)" }
}

/// Plans `componentize migrate-pods` over a repository's packages: which development pods to migrate, each one's
/// package, and what stands in the way.
public struct PodMigrationPlanner {
    public var workspace: Workspace
    public var configuration: Configuration
    public var fileSystem: any FileSystem
    /// The rule identifiers a configuration may name (for the table of known pods, read as a configuration).
    public var knownRules: Set<RuleID>
    /// Whether a package lies in the folder the user pointed at.
    public var inScope: (LocalPackage) -> Bool

    public init(workspace: Workspace, configuration: Configuration, fileSystem: any FileSystem, knownRules: Set<RuleID>,
                inScope: @escaping (LocalPackage) -> Bool) {
        self.workspace = workspace
        self.configuration = configuration
        self.fileSystem = fileSystem
        self.knownRules = knownRules
        self.inScope = inScope
    }

    /// Plans the migration of the development pods in scope (or those named) to SwiftPM packages, in folder order. A pod
    /// named with `--pod` that has a Package.swift migrate-pods may not replace is an input error; one not named is
    /// skipped. `findings` are the layering check's, asked for once the pods and templates are known.
    public func plan(_ request: PodMigrationRequest, findings check: () throws -> [Finding]) throws -> PodMigrationRun {
        let pods = try developmentPods(named: request.names)
        let library = try TemplateLibrary(directory: request.templates, fileSystem: fileSystem)
        let findings = try check()
        let migrator = PodMigrator(mappings: try podMappings(library), localPods: localPods, accessorsFolder: configuration.resourcesOutputDirectory,
                                   fileSystem: fileSystem)
        let renderer = PodPackageRenderer(library: library)
        // One Package.swift a folder: a pod that shares its folder with another pod stays a pod.
        let sharing = workspace.packages.filter { $0.folder != $0.directory && inScope($0) && (request.names.isEmpty || request.names.contains($0.manifest.name)) }
        let skipped = sharing.map { package in
            PodMigrationRun.Entry.skip(Note("\(package.manifest.name) shares its folder with another pod, and a folder holds one Package.swift: move its podspec and files to a folder of their own to migrate it; skipped",
                                            at: FileLocation(path: package.manifestPath)))
        }
        return PodMigrationRun(entries: skipped + (try pods.map { pod in
            let absolute = PathArithmetic.join(pod.directory, "Package.swift")
            let existing = existingManifest(at: absolute)
            let manifestPath = PathArithmetic.join((pod.shown as NSString).deletingLastPathComponent, "Package.swift")
            if request.update, existing != .generated {
                return .skip(Note("\(pod.name) has no Package.swift migrate-pods wrote; --update leaves it (run without it to migrate the pod)",
                                  at: FileLocation(path: manifestPath)))
            }
            if existing != .none, !(existing == .generated && request.force) {
                let why = existing == .generated ? "migrate-pods wrote it; run with --force to replace it" : "migrate-pods never replaces a manifest it did not write"
                guard request.names.contains(pod.name) else {
                    return .skip(Note("\(pod.name) already has a Package.swift (\(why)); skipped", at: FileLocation(path: manifestPath)))
                }
                throw InputError("a Package.swift is already here; \(why)", at: FileLocation(path: manifestPath))
            }
            let files = fileSystem.regularFiles(under: pod.directory)
            var migration = migrator.plan(pod.spec, podspecPath: pod.shown, directory: pod.directory, files: files, folders: PathArithmetic.folders(of: files))
            migration.generatedFiles += try renderer.accessorFiles(migration)
            return .migrate(PodMigrationRun.Item(
                migration: migration, manifestPath: manifestPath, absoluteManifestPath: absolute,
                text: migration.leftAsPod == nil ? try renderer.render(migration) : nil, existing: existing,
                problems: problems(of: migration, findings: findings.filter { $0.location.path == pod.shown }, request: request)))
        }))
    }

    /// The development pods in scope, and pods already migrated by this command (their Package.swift generated), which
    /// `--force` may redo; only those named when names are given.
    private func developmentPods(named names: [String]) throws -> [(name: String, directory: String, spec: PodSpec, shown: String)] {
        var pods: [(name: String, directory: String, spec: PodSpec, shown: String)] = workspace.packages.compactMap { package in
            guard !package.relativeDirectory.hasPrefix(".."), package.folder == package.directory, inScope(package) else { return nil }
            if package.manifest.kind == .pod, let spec = package.origin.podSpec {
                return (package.manifest.name, package.directory, spec, package.manifestPath)
            }
            guard let beside = package.origin.podspecBeside else { return nil }
            return (beside.manifest.name, package.directory, beside.spec, beside.path)
        }
        guard !names.isEmpty else { return pods }
        let known = Set(pods.map(\.name)).union(workspace.packages.filter { $0.folder != $0.directory }.map(\.manifest.name))
        for name in names where !known.contains(name) {
            throw InputError("no development pod named '\(name)' here; pods: \(known.sorted().joined(separator: ", "))\(EditDistance.suggestion(for: name, in: known.sorted()))")
        }
        pods = pods.filter { names.contains($0.name) }
        return pods
    }

    /// Local pods (and packages) by pod name: their folders. A Package.swift beside podspecs (a library shipped both
    /// ways) also stands for the pods its products are named after.
    private var localPods: [String: String] {
        var localPods: [String: String] = [:]
        for package in workspace.packages {
            let products = package.origin.podspecBeside == nil ? [] : package.manifest.products.map(\.name)
            for name in [package.manifest.name, package.origin.podspecBeside?.manifest.name].compactMap({ $0 }) + products where localPods[name] == nil {
                localPods[name] = package.directory
            }
        }
        return localPods
    }

    private func existingManifest(at path: String) -> PodMigrationRun.Existing {
        guard let bytes = fileSystem.contents(of: path, upTo: 1 << 20) else { return .none }
        return String(decoding: bytes, as: UTF8.self).contains(PodPackageRenderer.marker) ? .generated : .foreign
    }

    /// Outside pods' SwiftPM packages: the built-in table (`migrate-pods/known-pods.yml`, a `pods:` configuration), with
    /// the configuration's `pods:` on top.
    private func podMappings(_ library: TemplateLibrary) throws -> [String: PodPackageMapping] {
        let path = "migrate-pods/known-pods.yml"
        var mappings = try library.files[path].map { try ConfigurationLoader(knownRules: knownRules).parse($0, path: path).pods } ?? [:]
        for (name, mapping) in configuration.pods { mappings[name] = mapping }
        return mappings
    }

    private func problems(of migration: PodMigration, findings: [Finding], request: PodMigrationRequest) -> [MigrationProblem] {
        var problems: [MigrationProblem] = []
        if let left = migration.leftAsPod {
            problems.append(MigrationProblem(isError: false, location: left.location, message: "\(migration.podName) stays a pod: \(left.reason)"))
        }
        for unmapped in migration.unmapped {
            let pod = unmapped.name.split(separator: "/")[0]
            problems.append(MigrationProblem(isError: !request.allowUnmapped, location: unmapped.location,
                                             message: "outside pod \(unmapped.name) has no known SwiftPM package: add it to componentize.yml, e.g. pods: {\(pod): {url: \"https://…\", from: \"1.0.0\", product: \"\(pod)\"}}"))
        }
        let layering: Set<RuleID> = [.upward, .horizontal, .thirdParty, .cycle]
        for finding in findings where layering.contains(finding.rule) {
            problems.append(MigrationProblem(isError: !request.allowViolations, location: finding.location,
                                             message: "[\(finding.rule)] \(finding.message); the package would carry this dependency (fix: \(finding.fix))"))
        }
        return problems
    }
}

extension PodMigrationRun {
    /// What `--dry-run` prints: every file each pod would get, and with `editSources` the diffs of the files it edits.
    public func dryRun(editSources: Bool) -> String {
        var text = ""
        for item in items {
            guard let manifest = item.text else { continue }
            text += "==> \(item.manifestPath)\n" + manifest + (manifest.hasSuffix("\n") ? "" : "\n")
            let folder = (item.manifestPath as NSString).deletingLastPathComponent
            for file in item.migration.generatedFiles {
                text += "==> \(folder.isEmpty ? file.path : folder + "/" + file.path)\n" + file.text
            }
            guard editSources else { continue }
            for edit in item.migration.sourceEdits { text += edit.diff(path: folder.isEmpty ? edit.file : folder + "/" + edit.file) }
        }
        return text
    }

    /// One row a pod: its package, targets, resources, mapped and unmapped outside pods, source edits.
    public func summary(editSources: Bool) -> String {
        let header = ["pod", "package", "targets", "resources", "mapped", "unmapped", "source edits"]
        let rows = items.map { item -> [String] in
            let migration = item.migration
            return [migration.podName, item.text == nil ? "(stays a pod)" : item.manifestPath,
                    migration.targets.map(\.name).joined(separator: ", "),
                    String(migration.targets.reduce(0) { $0 + $1.resources.count }),
                    String(migration.packages.count), migration.unmapped.map(\.name).joined(separator: ", "),
                    migration.sourceEdits.isEmpty ? "" : "\(migration.sourceEdits.count)\(editSources ? "" : " (--edit-sources)")"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}

extension PodMigrationRun {
    /// Writes the migration (``write(editSources:)``), then the resource accessors of every migrated Swift target with
    /// resources (to `accessorsFolder`): its `sources:` lists the folder they go to, which must exist for SwiftPM to
    /// build the package. Each new manifest is read back from the disk with `reader`, as `check` will read it. Returns
    /// the paths written, and why accessors could not be written (`componentize resources` writes them once that is
    /// mended).
    public func write(editSources: Bool, readingBackWith reader: any PackageManifestReading, root: String,
                      accessorsFolder: String) throws -> (written: [String], problems: [String]) {
        var written = try write(editSources: editSources), problems: [String] = []
        let disk = DiskFileSystem()
        for item in items where item.text != nil {
            let manifest = try reader.manifest(inPackageDirectory: item.migration.directory, fileSystem: disk)
            let generation = ResourceGenerationRun(root: root, options: .init(outputDirectory: accessorsFolder), fileSystem: disk)
            let outcome = try generation.run(packages: [.init(manifestPath: item.absoluteManifestPath, manifest: manifest)])
            let shownFolder = (item.manifestPath as NSString).deletingLastPathComponent
            written += outcome.results.filter { $0.status == .written }.map { result in
                PathArithmetic.join(shownFolder, PathArithmetic.relative(result.outputPath, to: item.migration.directory))
            }
            problems += outcome.diagnostics.filter { $0.severity == .error }.map { diagnostic in
                "\(item.manifestPath): warning: the resource accessors of \(item.migration.podName) were not written (\(diagnostic.message)); "
                    + "'componentize resources \(shownFolder)' writes them once that is mended"
            }
        }
        return (written, problems)
    }
}
