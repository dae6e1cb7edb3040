import Configuration
import Diagnostics
import Discovery
import Files
import Paths
import Foundation
import ManifestReading
import Output
import ResourceGeneration
import Scaffolding
import PackageModel

extension Project {
    /// What `componentize new` would write, refused when `check` would reject it.
    public func plan(newComponent request: ScaffoldRequest, today: Day) throws -> ScaffoldPlan {
        var plan = try Scaffolder(root: root, configuration: configuration, workspace: workspace, graph: graph, today: today,
                                  discovery: PackageDiscovery(reader: reader, exclude: configuration.exclude), fileSystem: fileSystem).plan(request)
        // The notes print as `note: …` lines: each passed-over package's line without its own `note:`.
        plan.notes += passedOver("new did not consider it as a dependency nor check the new component's layering against it", wholeRepository: true)
            .map { $0.replacingOccurrences(of: ": note: ", with: ": ") }
        return plan
    }

    /// The folder `new` takes as the repository when no componentize.yml governs `path` (see ``NewComponentRoot``).
    public static func rootForNew(from path: String) throws -> String {
        try NewComponentRoot.root(from: path, fileSystem: DiskFileSystem())
    }

    /// Writes a plan all or nothing (see ``ScaffoldWriter``).
    public func write(_ plan: ScaffoldPlan) throws {
        try ScaffoldWriter(root: plan.root).write(plan)
    }

    /// Generates (or, with `options.check`, compares) the resource accessors of every package inside the root.
    public func generateResources(_ options: ResourceGenerationRun.Options) throws -> ResourceGenerationRun.Outcome {
        var options = options
        if options.outputDirectory == nil { options.outputDirectory = configuration.resourcesOutputDirectory }
        let packages = workspace.packages.filter { !$0.relativeDirectory.hasPrefix("..") && inScope($0) }.map {
            ResourceGenerationRun.Package(manifestPath: $0.manifestPath, manifest: $0.manifest)
        }
        return try ResourceGenerationRun(root: root, options: options, fileSystem: fileSystem).run(packages: packages)
    }

    /// `componentize init --preset`: writes a commented `componentize.yml` in `folder` and a `.gitignore` where there is
    /// none; returns the paths written.
    public static func writeConfiguration(preset: Preset, prefix: String, in folder: String) throws -> [String] {
        let written = try ConfigurationWriter(preset: preset, prefix: prefix).write(root: folder)
        return [written] + (try GitIgnore.ensure(in: folder).map { [$0] } ?? [])
    }

    /// Writes `data` to `path` through a temporary file renamed into place.
    public static func writeFile(_ data: Data, to path: String) throws {
        try AtomicFile.write(data, to: path)
    }
}

extension Project {
    /// How to read manifests (`--reader`).
    public typealias ReaderStrategy = ManifestReading.ReaderStrategy
    /// What a path declares: a Package.swift, a podspec or an Xcode project.
    public typealias PackageKind = PackageModel.PackageKind
    /// The layer models `init` writes (`--preset`).
    public typealias LayerPreset = Preset
    /// What `new` is asked for.
    public typealias NewComponentRequest = Scaffolding.ScaffoldRequest
    /// How `new --mediator` wires a component.
    public typealias MediatorTemplate = Scaffolding.MediatorTemplate
    /// What `resources` is asked for.
    public typealias ResourceOptions = ResourceGeneration.ResourceGenerationRun.Options
    /// A manifest's `swift-tools-version`, or the toolchain's.
    public typealias ToolsVersion = PackageModel.ToolsVersion
}
