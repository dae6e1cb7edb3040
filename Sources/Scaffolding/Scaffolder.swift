import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Files
import Foundation
import Output
import PackageModel
import Paths
import ResourceGeneration
import Rules

/// What `componentize new` is asked for.
public struct ScaffoldRequest: Sendable {
    public var name: String
    public var layer: String?
    public var dependsOn: [String]
    public var interface: Bool
    public var resources: Bool
    public var templateDirectory: String?
    /// `--mediator ctmediator`: wire an existing pod the articles' way (its CTMediator category pod and `Target_` class).
    public var mediator: MediatorTemplate?

    public init(name: String, layer: String? = nil, dependsOn: [String] = [], interface: Bool = false, resources: Bool = true,
                templateDirectory: String? = nil, mediator: MediatorTemplate? = nil) {
        self.mediator = mediator
        self.name = name
        self.layer = layer
        self.dependsOn = dependsOn
        self.interface = interface
        self.resources = resources
        self.templateDirectory = templateDirectory
    }
}

/// Everything `new` would write: packages (files by relative path) and the edit of the host app's manifest.
public struct ScaffoldPlan: Sendable {
    public struct Package: Sendable {
        public var name: String
        public var layer: String
        public var kind: ComponentKind
        /// Relative to the repository root.
        public var directory: String
        /// Path inside the package → content, sorted by path.
        public var files: [(path: String, content: String)]
    }

    public struct ManifestChange: Sendable {
        /// As reports name it.
        public var path: String
        public var before: String
        public var after: String
        /// Whether it is the host app's manifest (else an existing component's).
        public var isApp = true
        /// A file that does not exist yet, added to an existing component (`before` is empty).
        public var isNewFile = false
        /// What the edit adds, for the line `new` prints (`added ComponentVideo and Mediator`).
        public var what = ""
    }

    /// The repository root the packages' directories are relative to, as messages name it.
    public var root: String
    public var packages: [Package]
    /// Edits of existing manifests: the host app's, or the component an interface is added to.
    public var manifestChanges: [ManifestChange]
    /// The host app's edit, when there is one.
    public var appChange: ManifestChange? { manifestChanges.first(where: \.isApp) }
    /// Things worth saying that are not errors (e.g. no host app yet).
    public var notes: [String]

    /// A package's folder as messages name it (under ``root``).
    public func path(of package: Package) -> String {
        PathArithmetic.join(root, package.directory)
    }

    /// What `new --dry-run` prints: each package's files and manifest, the diffs of the manifests it edits, the notes.
    public var dryRunDescription: String {
        var lines: [String] = ["dry run: nothing written"]
        for package in packages {
            lines.append("")
            let what = package.kind.rawValue == package.layer ? package.layer : "\(package.layer) layer, \(package.kind)"
            lines.append("\(path(of: package))/  (\(what))")
            for file in package.files { lines.append("  \(file.path)") }
            if let manifest = package.files.first(where: { $0.path == "Package.swift" || $0.path.hasSuffix(".podspec") }) {
                lines.append("")
                lines.append("\(path(of: package))/\(manifest.path):")
                lines.append(manifest.content)
            }
        }
        for change in manifestChanges where change.isNewFile {
            lines.append("")
            lines.append("\(change.path):")
            lines.append(change.after)
        }
        for change in manifestChanges where !change.isNewFile {
            let (old, new) = change.path.hasPrefix("/") ? (change.path, change.path) : ("a/\(change.path)", "b/\(change.path)")
            lines.append(UnifiedDiff.make(old: change.before, new: change.after, oldName: old, newName: new))
        }
        for note in notes { lines.append("note: \(note)") }
        return lines.joined(separator: "\n")
    }
}

/// Plans new components from the templates and the layer model, refusing anything `check` would reject.
///
/// The plan is built in steps: the component's layer, the registry and interface packages it needs, its
/// dependencies (the defaults of its layer, then `--depends-on`), the component itself, the legality check on the
/// repository as it would be, and the edit of the host app's manifest.
public struct Scaffolder {
    public var root: String
    public var model: Configuration
    public var workspace: Workspace
    public var graph: DependencyGraph
    /// The day exceptions are judged on.
    public var today: Day
    /// Reads the repository as it would be for the legality check.
    public var discovery: PackageDiscovery
    public var fileSystem: any FileSystem

    public init(root: String, configuration: Configuration, workspace: Workspace, graph: DependencyGraph, today: Day,
                discovery: PackageDiscovery, fileSystem: any FileSystem) {
        self.root = root
        self.model = configuration
        self.workspace = workspace
        self.graph = graph
        self.today = today
        self.discovery = discovery
        self.fileSystem = fileSystem
    }

    /// A package of the repository (not one reached outside it) with the layer of its main target.
    struct ExistingPackage {
        var package: LocalPackage
        var layer: String?
        var name: String { package.manifest.name }
    }

    struct Dependency {
        var product: String
        var package: String
        /// Relative to the root.
        var directory: String
    }

    public func plan(_ request: ScaffoldRequest) throws -> ScaffoldPlan {
        var taken = Set(workspace.packages.map(\.manifest.name))
        taken.formUnion(graph.targetNames)
        if request.mediator == .ctmediator { return try planCTMediator(for: request, taken: taken) }
        if request.interface, let existing = existingPackages().first(where: { $0.name == request.name }) {
            return try planInterface(forExisting: existing, request: request, taken: taken)
        }
        try ComponentName.validate(request.name, taken: taken)
        let layer = try layer(for: request)
        if request.interface && !layer.independent {
            throw InputError("--interface is for components of an independent layer (\(model.layers.filter(\.independent).map(\.name).joined(separator: ", "))); \(request.name) is in \(layer.name)")
        }
        var builder = PlanBuilder(scaffolder: self, existing: existingPackages(),
                                  templates: try TemplateLibrary(directory: request.templateDirectory ?? model.scaffold.templates, fileSystem: fileSystem))
        let isApp = layer.name == model.layers.first?.name
        let isMediator = request.name == model.scaffold.mediator

        let mediator = request.interface ? try builder.planMediator(below: layer) : []
        let interface = try request.interface ? builder.planInterface(of: request.name, in: layer, taken: taken) : []
        var dependencies = try builder.dependencies(of: request, in: layer, isApp: isApp) + mediator + interface
        var seen: Set<String> = []
        dependencies = dependencies.filter { seen.insert($0.product).inserted }
        try builder.planComponent(request, in: layer, isApp: isApp, isMediator: isMediator, dependencies: dependencies,
                                  testDependencies: mediator + interface)
        builder.notes += try checkLegality(of: builder.packages, request: request)
        let appChanges = isApp || isMediator ? [] : try builder.planAppUse(
            .init(component: request.name, makes: true, registration: request.interface ? "\(request.name).register(in: registry)" : nil))
        return ScaffoldPlan(root: root, packages: builder.packages, manifestChanges: appChanges, notes: builder.notes)
    }

    /// `new <Existing> --interface`: the interface package (and the registry, when missing) for a component that
    /// exists; its manifest gains both, and the notes give the code that registers it.
    func planInterface(forExisting existing: ExistingPackage, request: ScaffoldRequest, taken: Set<String>) throws -> ScaffoldPlan {
        guard let layerName = existing.layer, let layer = model.layer(named: layerName), layer.independent else {
            throw InputError("\(request.name) exists in \(existing.layer ?? "no layer"); --interface is for components of an independent layer "
                + "(\(model.layers.filter(\.independent).map(\.name).joined(separator: ", ")))")
        }
        var builder = PlanBuilder(scaffolder: self, existing: existingPackages(),
                                  templates: try TemplateLibrary(directory: request.templateDirectory ?? model.scaffold.templates, fileSystem: fileSystem))
        let mediator = try builder.planMediator(below: layer)
        let interface = try builder.planInterface(of: request.name, in: layer, taken: taken)
        builder.notes += try checkLegality(of: builder.packages, request: request)
        let package = existing.package
        let path = PathArithmetic.join(package.directory, package.manifest.manifestFile)
        guard let before = fileSystem.text(of: path) else {
            throw InputError("cannot read the manifest to add the interface to", at: FileLocation(path: package.manifestPath))
        }
        let target = package.manifest.targets.first { $0.name == request.name }?.name
            ?? package.manifest.targets.first { $0.type != .test }?.name ?? request.name
        var after = before
        var added: [String] = []
        for dependency in interface + mediator where !package.manifest.dependencies.contains(where: { $0.identity == dependency.package.lowercased() }) {
            after = try ManifestEditor(source: after, path: package.manifestPath).addingDependency(
                packagePath: PathArithmetic.relative(dependency.directory, to: package.relativeDirectory),
                product: dependency.product, package: dependency.package, to: target)
            added.append(dependency.product)
        }
        let registration = try registrationFile(for: existing, target: target, interface: interface.first?.product ?? request.name + "Interface",
                                                templates: builder.templates)
        builder.notes.append("\(request.name) now depends on \(interface.first?.product ?? "its interface") and \(model.scaffold.mediator), used by "
            + "\(request.name)Registration (\(registration.path)): make its Service do what \(request.name) does")
        let appChanges = try builder.planAppUse(.init(component: request.name, makes: false, registration: "\(request.name)Registration.register(in: registry)"))
        return ScaffoldPlan(root: root, packages: builder.packages,
                            manifestChanges: [ScaffoldPlan.ManifestChange(path: package.manifestPath, before: before, after: after, isApp: false,
                                                                          what: "added " + added.joined(separator: " and ")), registration]
                                + appChanges,
                            notes: builder.notes)
    }

    /// `<Name>Registration.swift` in an existing component's sources: its implementation of the new interface,
    /// registered with the registry (so that both new dependencies are used).
    func registrationFile(for existing: ExistingPackage, target: String, interface: String, templates: TemplateLibrary) throws -> ScaffoldPlan.ManifestChange {
        let package = existing.package
        let folder = package.manifest.target(named: target)?.folder(inPackage: package.directory, fileSystem: fileSystem) ?? "Sources/\(target)"
        let path = PathArithmetic.join(PathArithmetic.join(PathArithmetic.join(root, package.relativeDirectory), folder), "\(existing.name)Registration.swift")
        guard fileSystem.status(of: path) == .missing else { throw InputError("\(path) exists already; componentize new never overwrites") }
        let context: [String: Any] = ["name": existing.name, "interfaceName": interface, "mediator": model.scaffold.mediator]
        return ScaffoldPlan.ManifestChange(path: path, before: "", after: try templates.render("interface/Registration.swift.stencil", context: context),
                                           isApp: false, isNewFile: true)
    }

    func existingPackages() -> [ExistingPackage] {
        workspace.packages.filter { !$0.relativeDirectory.hasPrefix("..") }.map { package in
            let main = graph.target(TargetID(package: package.relativeDirectory, name: package.manifest.name))
                ?? package.manifest.targets.lazy.filter { $0.type != .test }.map(\.name).sorted().first.flatMap {
                    graph.target(TargetID(package: package.relativeDirectory, name: $0))
                }
            return ExistingPackage(package: package, layer: main?.layer)
        }
    }

    func layer(for request: ScaffoldRequest) throws -> Layer {
        let names = model.layers.map(\.name).joined(separator: ", ")
        if let requested = request.layer {
            guard let layer = model.layer(named: requested) else {
                throw InputError("--layer \(requested): no such layer; layers are: \(names)\(EditDistance.suggestion(for: requested, in: model.layers.map(\.name)))")
            }
            return layer
        }
        guard let layer = model.layers.first(where: { $0.members.contains { $0.matches(request.name) } }) else {
            let examples = model.layers.map { layer in
                let globs = layer.members.map(\.pattern) + layer.paths.map { "folder \($0.pattern)" }
                return "\(layer.name) (\(globs.joined(separator: ", ")))"
            }.joined(separator: "; ")
            let hint = model.layers.allSatisfy(\.members.isEmpty) ? "the layers here are given by folders, so choose one with --layer NAME"
                : "choose one with --layer NAME or rename it to match"
            throw InputError("'\(request.name)' matches no layer's members; \(hint): \(examples)")
        }
        return layer
    }

    /// Where a new package of `layer` goes. The configuration's `scaffold.layout` when it writes one; else where the
    /// repository keeps that layer: the folder of packages the layer's `paths` name (`Modules/Features/*` →
    /// `Modules/Features/<name>`), else the folder that holds the layer's existing packages (`Business/<name>`); an
    /// interface beside its component (`beside`: that component's folder). The default layout only for a layer with no
    /// package yet.
    func directory(for name: String, in layer: Layer, beside component: String? = nil) -> String {
        if !model.scaffold.layoutIsWritten {
            if let component { return PathArithmetic.join(Self.parentFolder(of: component), name) }
            if let folder = layer.paths.lazy.compactMap(Self.folderOfPackages).first { return folder + "/" + name }
            if let folder = folderOfMembers(of: layer) { return PathArithmetic.join(folder, name) }
        }
        return model.scaffold.layout.replacingOccurrences(of: "{layer}", with: layer.name).replacingOccurrences(of: "{name}", with: name)
    }

    /// The folder holding the existing packages of a layer (inside the root): theirs when they share one, else the
    /// deepest folder above all of them; nil when the layer has none, or they share no folder but the root while not
    /// lying at the root.
    func folderOfMembers(of layer: Layer) -> String? {
        let parents = Set(existingPackages().filter { $0.layer == layer.name }.map { Self.parentFolder(of: $0.package.relativeDirectory) })
        guard let first = parents.first else { return nil }
        if parents.count == 1 { return first }
        var common = first.split(separator: "/")
        for parent in parents { common = Array(zip(common, parent.split(separator: "/")).prefix { $0 == $1 }.map(\.0)) }
        return common.isEmpty ? nil : common.joined(separator: "/")
    }

    /// `Business` for `Business/ComponentVideo`; empty for a package at the root.
    static func parentFolder(of directory: String) -> String {
        directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? ""
    }

    /// `Modules/Features` for `Modules/Features/*` or `Modules/Features/**`: a folder, without wildcards, whose
    /// subfolders are packages; nil for any other glob.
    static func folderOfPackages(_ glob: Glob) -> String? {
        for suffix in ["/**", "/*"] where glob.pattern.hasSuffix(suffix) {
            let folder = PathArithmetic.normalized(String(glob.pattern.dropLast(suffix.count)))
            return folder.isEmpty || folder.hasPrefix("..") || folder.contains(where: { "*?[\\".contains($0) }) ? nil : folder
        }
        return nil
    }

    /// Runs the layering rules on the repository as it would be: any error about the new packages refuses them, and so
    /// does a package `check` would place in another layer than the one it is made for. Returns notes for the plan
    /// (a package that would be in no layer).
    func checkLegality(of packages: [ScaffoldPlan.Package], request: ScaffoldRequest) throws -> [String] {
        let graph = try hypotheticalGraph(with: packages)
        // The layer `check` will see it in (from its name, else its folder) must be the one it is made for.
        var notes: [String] = []
        for package in packages {
            guard let target = graph.target(TargetID(package: package.directory, name: package.name)), target.layer != package.layer,
                  let layer = model.layer(named: package.layer) else { continue }
            let rules = layer.members.map { "its name matches \($0.pattern)" } + layer.paths.map { "its folder matches \($0.pattern)" }
            let belongs = "a package is in \(layer.name) when " + (rules.isEmpty ? "its name or folder matches that layer's members or paths (it has none)"
                : rules.joined(separator: " or "))
            if let other = target.layer {
                throw InputError("refusing to create \(package.name) in \(package.directory): 'componentize check' would place it in layer \(other), "
                    + "not \(layer.name); \(belongs)")
            }
            guard case .preset(let preset) = model.source else {
                notes.append("\(package.name) is in no layer for 'componentize check' (rule unassigned), so no layering rule will cover it; \(belongs): "
                    + "add \"\(package.name)\" to the members of \(layer.name) in componentize.yml")
                continue
            }
            // Without a componentize.yml the preset's layers apply only while they place every package.
            if !self.graph.sortedTargets.contains(where: { !$0.isTest && $0.layer == nil }) {
                throw InputError("refusing to create \(package.name): there is no componentize.yml, and the \(preset.rawValue) preset's layers, which apply "
                    + "only while they place every package, would place it in none, so 'componentize check' would stop running every layering rule; "
                    + "write the preset out with 'componentize init --preset \(preset.rawValue)', add \"\(package.name)\" to the members of \(layer.name) there, "
                    + "and run new again")
            }
            notes.append("\(package.name) is in no layer of the \(preset.rawValue) preset, which this repository has no componentize.yml to adapt, and whose "
                + "layers already place only some of its packages, so no layering rule runs here: 'componentize init --infer' proposes layers for them all")
        }
        let newPackages = Set(packages.map(\.directory))
        // The new packages' folders as findings name them.
        let shown = graph.packages.filter { newPackages.contains($0.relativeDirectory) }.map { ($0.manifestPath as NSString).deletingLastPathComponent }
        let problems = LayerChecker(configuration: model, today: today).check(graph).findings.filter { finding in
            finding.severity == .error && shown.contains { finding.location.path.hasPrefix($0 + "/") }
        }
        guard !problems.isEmpty else { return notes }
        let details = problems.map { "[\($0.rule)] \($0.message); fix: \($0.fix)" }.joined(separator: "\n  ")
        throw InputError("refusing to create \(request.name): 'componentize check' would reject it\n  \(details)")
    }
}

extension Scaffolder {
    /// The graph `check` will read once the planned packages are written: the real discovery over the repository with
    /// the planned files laid over it.
    func hypotheticalGraph(with packages: [ScaffoldPlan.Package]) throws -> DependencyGraph {
        let realRoot = fileSystem.realPath(root)
        var planned = InMemoryFileSystem()
        for package in packages {
            for file in package.files { planned.write(file.content, to: realRoot + "/" + package.directory + "/" + file.path) }
        }
        let workspace = try discovery.overPlannedFiles
            .discover(root: root, fileSystem: OverlayFileSystem(base: fileSystem, overlay: planned))
        return DependencyGraph(workspace: workspace, model: model)
    }
}

/// The packages and notes of one plan, as its steps add them.
struct PlanBuilder {
    var scaffolder: Scaffolder
    var existing: [Scaffolder.ExistingPackage]
    var templates: TemplateLibrary
    var packages: [ScaffoldPlan.Package] = []
    var notes: [String] = []
    /// Packages planned so far, by name: folder and layer.
    var planned: [String: (directory: String, layer: String)] = [:]

    var model: Configuration { scaffolder.model }

    /// Where a package or product of that name is (planned, or in the repository).
    func located(_ name: String) -> (directory: String, layer: String?)? {
        if let planned = planned[name] { return (planned.directory, planned.layer) }
        if let package = existing.first(where: { $0.name == name }) { return (package.package.relativeDirectory, package.layer) }
        if let owner = existing.first(where: { $0.package.manifest.products.contains { $0.name == name } }) {
            return (owner.package.relativeDirectory, owner.layer)
        }
        return nil
    }

    /// The component registry business components register with, created when it does not exist yet.
    mutating func planMediator(below layer: Layer) throws -> [Scaffolder.Dependency] {
        let mediator = model.scaffold.mediator
        if located(mediator) == nil {
            // The layer its name puts it in; else the first layer below that keeps its packages in one folder, where
            // the registry's folder places it.
            let below = model.layers(below: layer.name).filter { !$0.independent }
            guard let mediatorLayer = model.layers.first(where: { $0.members.contains { $0.matches(mediator) } })
                ?? below.first(where: { $0.paths.contains { Scaffolder.folderOfPackages($0) != nil } }) else {
                let setting = model.scaffold.mediator == "Mediator" ? "scaffold.mediator (default 'Mediator')" : "scaffold.mediator ('\(mediator)')"
                throw InputError("--interface registers the component with the registry \(setting), which does not exist yet, and no layer below "
                    + "\(layer.name) says where it goes: add \"\(mediator)\" to the members of one of \(below.isEmpty ? "the layers below it" : below.map(\.name).joined(separator: ", ")) "
                    + "in componentize.yml (or set scaffold.mediator to your registry's name)")
            }
            try add(kind: .mediator, name: mediator, layer: mediatorLayer, dependencies: [], hasResources: false)
            notes.append("created the component registry \(mediator) in \(mediatorLayer.name): business components register their interfaces with it")
        }
        return [Scaffolder.Dependency(product: mediator, package: mediator, directory: located(mediator)?.directory ?? "")]
    }

    /// `<Name>Interface` beside the component: protocols and value types only.
    mutating func planInterface(of component: String, in layer: Layer, taken: Set<String>) throws -> [Scaffolder.Dependency] {
        let componentDirectory = located(component)?.directory ?? scaffolder.directory(for: component, in: layer)
        let interfaceName = layer.interfaceName(of: component) ?? component + "Interface"
        try ComponentName.validate(interfaceName, taken: taken)
        let package = try add(kind: .interface, name: interfaceName, layer: layer, dependencies: [], hasResources: false, beside: componentDirectory) {
            $0.component = component
        }
        return [Scaffolder.Dependency(product: interfaceName, package: interfaceName, directory: package.directory)]
    }

    /// The existing packages of the layer's default layers (every lower layer for the app), then `--depends-on`.
    func dependencies(of request: ScaffoldRequest, in layer: Layer, isApp: Bool) throws -> [Scaffolder.Dependency] {
        let defaultLayers = isApp ? model.layers.dropFirst().map(\.name) : layer.defaultDependencies
        var dependencies: [Scaffolder.Dependency] = []
        for layerName in defaultLayers {
            for package in existing where package.layer == layerName {
                let isInterface = model.layers.contains { $0.component(ofInterface: package.name) != nil }
                if isInterface || (package.name == model.scaffold.mediator && !isApp && !request.interface) { continue }
                let products = package.package.manifest.products
                guard let product = products.first(where: { $0.name == package.name }) ?? products.first else { continue }
                dependencies.append(Scaffolder.Dependency(product: product.name, package: package.name, directory: package.package.relativeDirectory))
            }
        }
        for name in request.dependsOn where !dependencies.contains(where: { $0.product == name }) {
            guard let place = located(name) else {
                let names = existing.flatMap { [$0.name] + $0.package.manifest.products.map(\.name) } + planned.keys.sorted()
                throw InputError("--depends-on \(name): no package or product of that name in this repository\(EditDistance.suggestion(for: name, in: names))")
            }
            let owner = existing.first { $0.name == name || $0.package.manifest.products.contains { $0.name == name } }
            dependencies.append(Scaffolder.Dependency(product: name, package: owner?.name ?? name, directory: place.directory))
        }
        return dependencies
    }

    /// The requested component itself.
    mutating func planComponent(_ request: ScaffoldRequest, in layer: Layer, isApp: Bool, isMediator: Bool,
                                dependencies: [Scaffolder.Dependency], testDependencies: [Scaffolder.Dependency]) throws {
        let kind: ComponentKind = isMediator ? .mediator : isApp ? .app : .of(layer, in: model)
        var dependencies = dependencies
        let registrations = isApp ? existing.filter { package in
            model.layers.contains { $0.interfaceName(of: package.name).map { name in existing.contains { $0.name == name } } ?? false }
        }.map(\.name).sorted() : []
        let mediator = model.scaffold.mediator
        if !registrations.isEmpty, !dependencies.contains(where: { $0.product == mediator }), let place = located(mediator) {
            dependencies.append(Scaffolder.Dependency(product: mediator, package: mediator, directory: place.directory))
        }
        let interfaceName = request.interface ? layer.interfaceName(of: request.name) ?? request.name + "Interface" : nil
        try add(kind: kind, name: request.name, layer: layer, dependencies: dependencies,
                hasResources: request.resources && !isApp && !isMediator) { context in
            context.testDependencies = testDependencies.map { context.dependency($0) }
            context.uiKit = layer.independent || kind == .common
            context.registrations = registrations
            context.interfaceName = interfaceName
            context.mediator = interfaceName == nil ? nil : mediator
        }
    }

    /// Renders a package from its kind's templates and records it as planned.
    @discardableResult
    mutating func add(kind: ComponentKind, name: String, layer: Layer, dependencies: [Scaffolder.Dependency], hasResources: Bool, beside: String? = nil,
                      customize: (inout TemplateContext) -> Void = { _ in }) throws -> ScaffoldPlan.Package {
        let directory = scaffolder.directory(for: name, in: layer, beside: beside)
        let below = model.layers(below: layer.name).map(\.name)
        let allowed = (layer.independent ? ["the interface modules of other \(layer.name) components"] : []) + (below.isEmpty ? ["system frameworks only"] : below)
        var context = TemplateContext(
            directory: directory, name: name, layer: layer.name, kind: kind, allowed: allowed.joined(separator: ", "),
            toolsVersion: model.scaffold.toolsVersion, platforms: model.scaffold.platforms, dependencies: [], hasResources: hasResources)
        context.dependencies = dependencies.map { context.dependency($0) }
        customize(&context)
        var values = context.dictionary
        var paths: [(spec: TemplateLibrary.FileSpec, path: String)] = []
        for spec in try templates.specs(for: kind.rawValue) {
            if let flag = spec.when, !(values[flag] as? Bool ?? false) { continue }
            paths.append((spec, try templates.render(spec.path, context: values)))
        }
        if paths.contains(where: { $0.path.contains(".lproj/") || $0.path.hasSuffix(".xcstrings") }) {
            context.defaultLocalization = model.scaffold.defaultLocalization
            values = context.dictionary
        }
        var files: [(String, String)] = paths.contains { $0.path == ".gitignore" } ? [] : [(".gitignore", GitIgnore.contents)]
        for (spec, path) in paths {
            files.append((path, AccessorGenerator.normalized(try templates.render(spec.template, context: values))))
        }
        if hasResources {
            let inventory = ResourceInventory(targetName: name, files: [ResourceFile(name: name, ext: "json", subdirectory: nil, source: "")])
            let (source, _) = try AccessorGenerator().generate(inventory, manifestPath: "Package.swift")
            files.append(("Sources/\(name)/\(model.resourcesOutputDirectory)/\(name)Resources.swift", source))
        }
        let package = ScaffoldPlan.Package(name: name, layer: layer.name, kind: kind, directory: directory,
                                           files: files.sorted { $0.0 < $1.0 }.map { (path: $0.0, content: $0.1) })
        packages.append(package)
        planned[name] = (directory, layer.name)
        return package
    }
}
