import Configuration
import Diagnostics
import Discovery
import Paths

/// How `new --mediator` wires a component.
public enum MediatorTemplate: String, Sendable, CaseIterable {
    /// CTMediator (target–action): a category pod for callers and a `Target_` class in the component.
    case ctmediator
}

extension Scaffolder {
    /// `new <Pod> --mediator ctmediator`: the category pod `CTMediator+<Pod>` (beside the pod, or where a layer whose
    /// members match its name keeps its packages) and `Target_<Pod>.h/.m` in the pod's classes folder, with one action
    /// the category calls, so that `check` finds every name of the pair.
    func planCTMediator(for request: ScaffoldRequest, taken: Set<String>) throws -> ScaffoldPlan {
        let existing = try ctmediatorComponent(request.name)
        let category = "CTMediator+\(request.name)"
        guard !taken.contains(category) else { throw InputError("\(category) exists already; --mediator ctmediator creates it") }
        let templates = try TemplateLibrary(directory: request.templateDirectory ?? model.scaffold.templates, fileSystem: fileSystem)
        let context: [String: Any] = ["name": request.name, "category": category, "prefix": Self.methodPrefix(of: request.name)]
        var files: [(path: String, content: String)] = []
        for spec in try templates.specs(for: "ctmediator") {
            files.append((try templates.render(spec.path, context: context), try templates.render(spec.template, context: context)))
        }
        let layer = model.layers.first { $0.members.contains { $0.matches(category) } }
        let folder = layer.map { directory(for: category, in: $0) }
            ?? PathArithmetic.join(Self.parentFolder(of: existing.package.relativeDirectory), category)
        let package = ScaffoldPlan.Package(name: category, layer: layer?.name ?? existing.layer ?? "", kind: .ctmediator, directory: folder,
                                           files: files.sorted { $0.path < $1.path })
        let language = Self.providerLanguage(of: existing.package)
        let classes = PathArithmetic.join(existing.package.relativeDirectory, Self.classesFolder(of: existing.package, language: language))
        let targetFiles = try (language == .swift ? ["swift"] : ["h", "m"]).map { ext in
            let path = PathArithmetic.join(PathArithmetic.join(root, classes), "Target_\(request.name).\(ext)")
            guard fileSystem.status(of: path) == .missing else { throw InputError("\(path) exists already; componentize new never overwrites") }
            return ScaffoldPlan.ManifestChange(path: path, before: "", after: try templates.render("ctmediator/Target.\(ext).stencil", context: context),
                                               isApp: false, isNewFile: true)
        }
        var notes = try checkLegality(of: [package], request: request)
        notes.append("add pod '\(category)' with :path => the folder \(folder) (as a path from the Podfile's folder) to the Podfile, and s.dependency '\(category)' "
            + "to the pods that open \(request.name); they call [[CTMediator sharedInstance] \(Self.methodPrefix(of: request.name))_viewControllerWithParams:@{…}]")
        return ScaffoldPlan(root: root, packages: [package], manifestChanges: targetFiles, notes: notes)
    }

    /// The existing pod of an independent layer that `--mediator ctmediator` wires.
    private func ctmediatorComponent(_ name: String) throws -> ExistingPackage {
        guard let existing = existingPackages().first(where: { $0.name == name }) else {
            throw InputError("--mediator ctmediator wires an existing pod; there is no pod named \(name) here (create it first, e.g. with 'pod lib create \(name)')")
        }
        guard existing.package.kind == .pod else {
            throw InputError("--mediator ctmediator is for pods (CTMediator's categories and targets are Objective-C); \(name) is a Swift package: "
                + "'componentize new \(name) --interface' gives it a type-safe interface and the registry")
        }
        guard let layer = existing.layer.flatMap(model.layer(named:)), layer.independent else {
            throw InputError("\(name) is in \(existing.layer ?? "no layer"); --mediator ctmediator is for components of an independent layer "
                + "(\(model.layers.filter(\.independent).map(\.name).joined(separator: ", ")))")
        }
        return existing
    }

    enum ProviderLanguage { case objectiveC, swift }

    /// The language the pod's `source_files` compile: Swift for a pod of Swift sources only (an `.m` there would never
    /// be built), else Objective-C, CTMediator's own.
    static func providerLanguage(of package: LocalPackage) -> ProviderLanguage {
        let sources = Array(package.manifest.targets.lazy.compactMap(\.sources).joined())
        let objectiveC = sources.contains { $0.hasSuffix(".m") || $0.hasSuffix(".mm") }
        return !objectiveC && sources.contains { $0.hasSuffix(".swift") } ? .swift : .objectiveC
    }

    /// The folder of the pod's first source in that language (`ComponentVideo/Classes`), relative to the pod; the
    /// layout of `pod lib create` when it has none.
    static func classesFolder(of package: LocalPackage, language: ProviderLanguage) -> String {
        let sources = package.manifest.targets.lazy.compactMap(\.sources).joined()
        let source = language == .swift ? sources.first { $0.hasSuffix(".swift") }
            : sources.first { $0.hasSuffix(".m") } ?? sources.first { $0.hasSuffix(".h") }
        return source.map { parentFolder(of: $0) } ?? "\(package.manifest.name)/Classes"
    }

    /// `video` for ComponentVideo (and for Video): the category's method prefix.
    static func methodPrefix(of name: String) -> String {
        let base = name.hasPrefix("Component") && name.count > 9 ? String(name.dropFirst(9)) : name
        return base.prefix(1).lowercased() + base.dropFirst()
    }
}
