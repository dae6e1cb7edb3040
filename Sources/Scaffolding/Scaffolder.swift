import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Foundation
import ManifestReading
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

    public init(name: String, layer: String? = nil, dependsOn: [String] = [], interface: Bool = false, resources: Bool = true,
                templateDirectory: String? = nil) {
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
        public var kind: String
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
    }

    public var packages: [Package]
    public var appChange: ManifestChange?
    /// Things worth saying that are not errors (e.g. no host app yet).
    public var notes: [String]
}

/// Plans new components from the templates and the layer model, refusing anything `check` would reject.
public struct Scaffolder {
    public var root: String
    public var model: LayerModel
    public var reader: ManifestReader

    public init(root: String, model: LayerModel, reader: ManifestReader = ManifestReader(strategy: .auto)) {
        self.root = root
        self.model = model
        self.reader = reader
    }

    struct ExistingPackage {
        var package: LocalPackage
        var layer: String?
    }

    public func plan(_ request: ScaffoldRequest) throws -> ScaffoldPlan {
        let workspace = try PackageDiscovery(reader: reader, exclude: model.exclude).discover(root: root)
        let graph = DependencyGraph(workspace: workspace, model: model)
        var taken = Set(workspace.packages.map(\.manifest.name))
        taken.formUnion(graph.targets.keys.map(\.name))
        try ComponentName.validate(request.name, taken: taken)

        let layer = try layer(for: request)
        let existing: [ExistingPackage] = workspace.packages.filter { !$0.relativeDirectory.hasPrefix("..") }.map { package in
            let main = graph.targets[TargetID(package: package.relativeDirectory, name: package.manifest.name)]
                ?? graph.sortedTargets.first { $0.id.package == package.relativeDirectory && !$0.isTest }
            return ExistingPackage(package: package, layer: main?.layer)
        }
        let templates = try TemplateLibrary(directory: request.templateDirectory ?? model.scaffold.templates)
        let topLayer = model.layers.first?.name
        let isApp = layer.name == topLayer
        let isMediator = request.name == model.scaffold.mediator
        if request.interface && !layer.independent {
            throw InputError("--interface is for components of an independent layer (\(model.layers.filter(\.independent).map(\.name).joined(separator: ", "))); \(request.name) is in \(layer.name)")
        }

        var packages: [ScaffoldPlan.Package] = []
        var notes: [String] = []
        var planned: [String: (directory: String, layer: String)] = [:]
        func directory(for name: String, in layer: String) -> String {
            model.scaffold.layout.replacingOccurrences(of: "{layer}", with: layer).replacingOccurrences(of: "{name}", with: name)
        }
        func located(_ name: String) -> (directory: String, layer: String?)? {
            if let planned = planned[name] { return (planned.directory, planned.layer) }
            if let package = existing.first(where: { $0.package.manifest.name == name }) { return (package.package.relativeDirectory, package.layer) }
            if let owner = existing.first(where: { $0.package.manifest.products.contains { $0.name == name } }) {
                return (owner.package.relativeDirectory, owner.layer)
            }
            return nil
        }

        // The registry package, when an interface needs it and it does not exist yet.
        var mediatorDependency: [Dependency] = []
        if request.interface {
            let mediator = model.scaffold.mediator
            if located(mediator) == nil {
                guard let mediatorLayer = model.layers.first(where: { $0.members.contains { $0.matches(mediator) } }) else {
                    throw InputError("no layer's members match the mediator '\(mediator)'; add it to a layer below \(layer.name) in componentize.yml")
                }
                let package = try render(kind: "mediator", name: mediator, layer: mediatorLayer, dependencies: [], testDependencies: [],
                                         extra: [:], resources: false, templates: templates, directory: directory(for: mediator, in: mediatorLayer.name))
                packages.append(package)
                planned[mediator] = (package.directory, mediatorLayer.name)
                notes.append("created the component registry \(mediator) in \(mediatorLayer.name): business components register their interfaces with it")
            }
            mediatorDependency = [Dependency(product: mediator, package: mediator, directory: located(mediator)?.directory ?? "")]
        }

        // The interface package, beside the component.
        var interfaceDependency: [Dependency] = []
        let interfaceName = request.interface ? layer.interfaceName(of: request.name) ?? request.name + "Interface" : nil
        if let interfaceName {
            try ComponentName.validate(interfaceName, taken: taken)
            let package = try render(kind: "interface", name: interfaceName, layer: layer, dependencies: [], testDependencies: [],
                                     extra: ["component": request.name], resources: false, templates: templates,
                                     directory: directory(for: interfaceName, in: layer.name))
            packages.append(package)
            planned[interfaceName] = (package.directory, layer.name)
            interfaceDependency = [Dependency(product: interfaceName, package: interfaceName, directory: package.directory)]
        }

        // Dependencies: the existing packages of the layer's default layers (all lower layers for the app), then --depends-on.
        let defaultLayers = isApp ? model.layers.dropFirst().map(\.name) : layer.defaultDependencies
        var dependencies: [Dependency] = []
        for layerName in defaultLayers {
            for package in existing where package.layer == layerName {
                let name = package.package.manifest.name
                let isInterface = model.layers.contains { $0.component(ofInterface: name) != nil }
                if isInterface || (name == model.scaffold.mediator && !isApp && !request.interface) { continue }
                guard let product = package.package.manifest.products.first(where: { $0.name == name }) ?? package.package.manifest.products.first else { continue }
                dependencies.append(Dependency(product: product.name, package: name, directory: package.package.relativeDirectory))
            }
        }
        for name in request.dependsOn where !dependencies.contains(where: { $0.product == name }) {
            guard let place = located(name) else {
                throw InputError("--depends-on \(name): no package or product of that name in this repository")
            }
            let owner = existing.first { $0.package.manifest.name == name || $0.package.manifest.products.contains { $0.name == name } }
            dependencies.append(Dependency(product: name, package: owner?.package.manifest.name ?? name, directory: place.directory))
        }
        dependencies += mediatorDependency + interfaceDependency
        var seen: Set<String> = []
        dependencies = dependencies.filter { seen.insert($0.product).inserted }

        let componentDirectory = directory(for: request.name, in: layer.name)
        let kind = isMediator ? "mediator" : isApp ? "app" : Self.kind(of: layer, in: model)
        let registrations = isApp ? existing.filter { package in
            model.layers.contains { $0.interfaceName(of: package.package.manifest.name).map { name in existing.contains { $0.package.manifest.name == name } } ?? false }
        }.map(\.package.manifest.name).sorted() : []
        let hasResources = request.resources && !isApp && !isMediator
        var extra: [String: Any] = ["uiKit": layer.independent || kind == "common"]
        if !registrations.isEmpty {
            extra["registrations"] = registrations
            if !dependencies.contains(where: { $0.product == model.scaffold.mediator }), let place = located(model.scaffold.mediator) {
                dependencies.append(Dependency(product: model.scaffold.mediator, package: model.scaffold.mediator, directory: place.directory))
            }
        }
        if let interfaceName {
            extra["interfaceName"] = interfaceName
            extra["mediator"] = model.scaffold.mediator
        }
        let testDependencies = request.interface ? mediatorDependency + interfaceDependency : []
        let component = try render(kind: kind, name: request.name, layer: layer, dependencies: dependencies, testDependencies: testDependencies,
                                   extra: extra, resources: hasResources, templates: templates, directory: componentDirectory)
        packages.append(component)
        planned[request.name] = (componentDirectory, layer.name)

        try checkLegality(of: packages, existing: workspace, request: request)

        var appChange: ScaffoldPlan.ManifestChange?
        if !isApp && !isMediator, let appName = model.scaffold.app {
            if let app = existing.first(where: { $0.package.manifest.name == appName }) {
                let path = (app.package.directory as NSString).appendingPathComponent(app.package.manifest.manifestFile)
                let before = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                let target = app.package.manifest.targets.first { $0.name == appName }?.name
                    ?? app.package.manifest.targets.first { $0.type != .test }?.name ?? appName
                let after = try ManifestEditor(source: before, path: app.package.manifestPath).addingDependency(
                    packagePath: Self.relativePath(from: app.package.relativeDirectory, to: componentDirectory),
                    product: request.name, package: request.name, to: target)
                appChange = ScaffoldPlan.ManifestChange(path: app.package.manifestPath, before: before, after: after)
            } else {
                notes.append("no host app package '\(appName)' yet: 'componentize new \(appName)' will depend on \(request.name)")
            }
        }
        return ScaffoldPlan(packages: packages, appChange: appChange, notes: notes)
    }

    struct Dependency {
        var product: String
        var package: String
        /// Relative to the root.
        var directory: String
    }

    private func layer(for request: ScaffoldRequest) throws -> Layer {
        let names = model.layers.map(\.name).joined(separator: ", ")
        if let requested = request.layer {
            guard let layer = model.layer(named: requested) else {
                throw InputError("--layer \(requested): no such layer; layers are: \(names)")
            }
            return layer
        }
        guard let layer = model.layers.first(where: { $0.members.contains { $0.matches(request.name) } }) else {
            let examples = model.layers.map { "\($0.name) (\($0.members.map(\.pattern).joined(separator: ", ")))" }.joined(separator: "; ")
            throw InputError("'\(request.name)' matches no layer's members; choose one with --layer NAME or rename it to match: \(examples)")
        }
        return layer
    }

    /// The template kind for a layer: the independent layer is `business`, the lowest `kit`, the rest by name or `common`.
    static func kind(of layer: Layer, in model: LayerModel) -> String {
        if layer.independent { return "business" }
        if ["kit", "common", "account"].contains(layer.name) { return layer.name }
        if layer.name == model.layers.last?.name { return "kit" }
        return "common"
    }

    private func render(kind: String, name: String, layer: Layer, dependencies: [Dependency], testDependencies: [Dependency],
                        extra: [String: Any], resources: Bool, templates: TemplateLibrary, directory: String) throws -> ScaffoldPlan.Package {
        func describe(_ dependency: Dependency) -> [String: String] {
            ["product": dependency.product, "package": dependency.package, "path": Self.relativePath(from: directory, to: dependency.directory)]
        }
        let below = model.layers(below: layer.name).map(\.name)
        let allowed = (layer.independent ? ["the interface modules of other \(layer.name) components"] : []) + (below.isEmpty ? ["system frameworks only"] : below)
        var context: [String: Any] = [
            "name": name, "layer": layer.name, "kind": kind,
            "layerDescription": Self.description(of: kind, layer: layer.name),
            "allowed": allowed.joined(separator: ", "),
            "toolsVersion": model.scaffold.toolsVersion,
            "platforms": model.scaffold.platforms.joined(separator: ", "),
            "dependencies": dependencies.map(describe),
            "testDependencies": testDependencies.map(describe),
            "hasResources": resources,
            "resourcesComma": resources ? "," : "",
            "dependencyLiterals": dependencies.map { "\"\($0.product)\"" }.joined(separator: ", "),
            "dependencyNames": dependencies.map(\.product).joined(separator: ", "),
            "resourceIdentifier": IdentifierNaming.lowerCamelCase(name + ".json"),
        ]
        context.merge(extra) { $1 }
        var files: [(String, String)] = []
        for spec in try templates.specs(for: kind) {
            if let flag = spec.when, !(context[flag] as? Bool ?? false) { continue }
            let path = try templates.render(spec.path, context: context)
            files.append((path, AccessorGenerator.normalized(try templates.render(spec.template, context: context))))
        }
        if resources {
            let inventory = ResourceInventory(targetName: name, files: [ResourceFile(name: name, ext: "json", subdirectory: nil, source: "")])
            let (source, _) = try AccessorGenerator().generate(inventory, manifestPath: "Package.swift")
            files.append(("Sources/\(name)/\(model.resourcesOutputDirectory)/\(name)Resources.swift", source))
        }
        return ScaffoldPlan.Package(name: name, layer: layer.name, kind: kind, directory: directory,
                                    files: files.sorted { $0.0 < $1.0 }.map { (path: $0.0, content: $0.1) })
    }

    /// Runs the layering rules on the repository as it would be: any error about the new packages refuses them.
    private func checkLegality(of packages: [ScaffoldPlan.Package], existing workspace: Workspace, request: ScaffoldRequest) throws {
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
        var hypothetical = workspace
        for package in packages {
            guard let manifestText = package.files.first(where: { $0.path == "Package.swift" })?.content else { continue }
            let directory = realRoot + "/" + package.directory
            let manifest = try StaticManifestReader(toolchainVersion: reader.staticReader.toolchainVersion, environment: [:], moduleSearchPaths: [])
                .read(source: manifestText, path: directory + "/Package.swift")
            var local = LocalPackage(directory: directory, relativeDirectory: package.directory,
                                     manifestPath: package.directory + "/Package.swift", manifest: manifest)
            for dependency in manifest.dependencies where dependency.kind == .fileSystem {
                local.pathDependencies[dependency.location] = URL(fileURLWithPath: dependency.location, relativeTo: URL(fileURLWithPath: directory + "/"))
                    .standardizedFileURL.path
            }
            hypothetical.packages.append(local)
        }
        let graph = DependencyGraph(workspace: hypothetical, model: model)
        let newPackages = Set(packages.map(\.directory))
        let problems = LayerChecker(today: "0000-00-00").check(graph).findings.filter { finding in
            finding.severity == .error && newPackages.contains { finding.location.path.hasPrefix($0 + "/") }
        }
        guard !problems.isEmpty else { return }
        let details = problems.map { "[\($0.rule)] \($0.message); fix: \($0.fix)" }.joined(separator: "\n  ")
        throw InputError("refusing to create \(request.name): 'componentize check' would reject it\n  \(details)")
    }

    static func description(of kind: String, layer: String) -> String {
        switch kind {
        case "kit": return "A \(layer) component: constants, colours, fonts, device and version helpers that know nothing of any business."
        case "common": return "A \(layer) component: shared UI and services (wrapping third-party libraries) for every business component."
        case "account": return "A \(layer) component: the signed-in user, account data, its storage and management."
        case "business": return "A \(layer) component: one product area, reached by the others only through its interface or the registry."
        case "interface": return "The interface of a \(layer) component: protocols and value types other components may depend on."
        case "mediator": return "The component registry (\(layer) layer): business components register their services by protocol, callers resolve them."
        case "app": return "The host app: it integrates every component and wires them together."
        default: return "A \(layer) component."
        }
    }

    /// `../../Kit/NXKit` from `Packages/business/ComponentVideo` to `Packages/kit/NXKit`.
    static func relativePath(from directory: String, to target: String) -> String {
        let from = directory.split(separator: "/").filter { $0 != "." }, to = target.split(separator: "/").filter { $0 != "." }
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        let path = (Array(repeating: "..", count: from.count - common) + to[common...].map(String.init)).joined(separator: "/")
        return path.isEmpty ? "." : path
    }
}
