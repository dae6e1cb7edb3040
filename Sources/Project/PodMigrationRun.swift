import Configuration
import Diagnostics
import Discovery
import Foundation
import Output
import Paths
import PodMigration
import PodspecReading
import Rules
import Scaffolding

/// What `componentize migrate-pods` would write: a Package.swift beside each development pod's podspec, with what
/// stands in the way (outside pods with no known SwiftPM package, layering findings, an existing manifest).
public struct PodMigrationRun {
    public struct Item {
        public var migration: PodMigration
        /// Where the Package.swift goes, as reports name it, and absolute.
        public var manifestPath: String
        public var absoluteManifestPath: String
        /// The rendered manifest; nil when the pod stays a pod.
        public var text: String?
        public var existing: Existing
        /// `upward`, `horizontal`, `third-party` and `cycle` findings about the pod's dependencies: the written
        /// package would carry them.
        public var violations: [Finding]
    }

    public enum Existing: Equatable {
        case none
        /// A Package.swift componentize migrate-pods wrote (`--force` may replace it): the pod was migrated before.
        case generated
        /// Someone else's Package.swift: never replaced.
        case foreign
    }

    public var items: [Item]

    /// Writes these items' manifests, and with `editSources` the imports files relied on a prefix header for (each file
    /// to a temporary file renamed into place); returns the paths written.
    public static func write(_ items: [Item], editSources: Bool = false) throws -> [String] {
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

extension Project {
    /// Plans the migration of the development pods in scope (or those named) to SwiftPM packages, in folder order.
    public func migratePods(named names: [String], templates: String? = nil, today: String) throws -> PodMigrationRun {
        let library = try TemplateLibrary(directory: templates)
        var mappings = try Self.knownPods(library)
        for (name, mapping) in model.pods { mappings[name] = mapping }
        var localPods: [String: String] = [:]
        for package in workspace.packages {
            for name in [package.manifest.name, package.podspec?.manifest.name].compactMap({ $0 }) where localPods[name] == nil {
                localPods[name] = package.directory
            }
        }
        // Pods, and pods already migrated by this command (their Package.swift generated), which --force may redo.
        var pods: [(name: String, directory: String, podspec: String, shown: String)] = workspace.packages.compactMap { package in
            guard !package.relativeDirectory.hasPrefix(".."), package.directory == scope || package.directory.hasPrefix(scope + "/") else { return nil }
            if package.manifest.reader.isPodspec {
                return (package.manifest.name, package.directory, package.manifest.manifestFile, package.manifestPath)
            }
            guard let beside = package.podspec else { return nil }
            return (beside.manifest.name, package.directory, beside.manifest.manifestFile, beside.path)
        }
        if !names.isEmpty {
            let known = Set(pods.map(\.name))
            for name in names where !known.contains(name) {
                throw InputError("no development pod named '\(name)' here; pods: \(known.sorted().joined(separator: ", "))")
            }
            pods = pods.filter { names.contains($0.name) }
        }
        let findings = try check(today: today, imports: false).result.findings
        let migrator = PodMigrator(mappings: mappings, localPods: localPods, accessorsFolder: model.resourcesOutputDirectory)
        let podspecReader = PodspecReader(following: reader)
        let renderer = PodPackageRenderer(library: library)
        return PodMigrationRun(items: try pods.map { package in
            let podspec = PathArithmetic.join(package.directory, package.podspec)
            let spec = try podspecReader.read(path: podspec).spec
            let files = FileTree.regularFiles(under: package.directory, followingLinkedFolders: false).sorted()
            let folders = FileTree.folders(of: files)
            var migration = migrator.plan(spec, podspecPath: package.shown, directory: package.directory, files: files, folders: folders)
            migration.generatedFiles += try renderer.accessorFiles(migration)
            let absolute = PathArithmetic.join(package.directory, "Package.swift")
            var existing = PodMigrationRun.Existing.none
            if let data = FileManager.default.contents(atPath: absolute) {
                existing = String(decoding: data, as: UTF8.self).contains(PodPackageRenderer.marker) ? .generated : .foreign
            }
            let violations = findings.filter { ["upward", "horizontal", "third-party", "cycle"].contains($0.rule) && $0.location.path == package.shown }
            return PodMigrationRun.Item(
                migration: migration, manifestPath: PathArithmetic.join((package.shown as NSString).deletingLastPathComponent, "Package.swift"),
                absoluteManifestPath: absolute, text: migration.leftAsPod == nil ? try renderer.render(migration) : nil, existing: existing,
                violations: violations)
        })
    }

    /// The built-in table of outside pods' SwiftPM packages (`migrate-pods/known-pods.yml`, a `pods:` configuration).
    static func knownPods(_ library: TemplateLibrary) throws -> [String: PodPackageMapping] {
        let path = "migrate-pods/known-pods.yml"
        guard let text = library.files[path] else { return [:] }
        return try ConfigurationLoader(knownRules: RuleRegistry.identifiers).parse(text, path: path).pods
    }
}
