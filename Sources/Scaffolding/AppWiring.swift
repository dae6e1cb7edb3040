import Configuration
import Diagnostics
import Discovery
import PackageModel
import Paths

/// What `new` writes into the host app so that what it declares is what it uses: the app's manifest gains the new
/// component (and the registry, when the app registers it), and a small file in the app uses both. `check --fail-on
/// warning` then has no unused dependency to report right after scaffolding, and `fix` nothing to undo.
extension PlanBuilder {
    /// How the app uses a component: creates it (`make`), registers its implementation, or both.
    struct AppUse {
        var component: String
        /// The component was made by `new` from the templates: it has `init()`.
        var makes: Bool
        /// The call that registers its implementation, when it has an interface.
        var registration: String?
    }

    /// The host app when it is a package of this repository; a note (and nil) when there is none yet or the app is an
    /// Xcode target, whose project componentize does not edit.
    mutating func hostApp(for component: String) -> Scaffolder.ExistingPackage? {
        guard let appName = model.scaffold.app else { return nil }
        if let project = existing.first(where: { $0.package.isXcodeProject && $0.package.manifest.targets.contains { $0.name == appName } }) {
            notes.append(describedAppNote(appName, in: project.package, component: component))
            return nil
        }
        guard let app = existing.first(where: { $0.name == appName }), app.package.manifest.kind != .pod else {
            if let unreadable = scaffolder.workspace.unreadable.first(where: { PathArithmetic.lastComponent(of: $0.relativeDirectory) == appName }) {
                notes.append("the host app's manifest cannot be read (\(unreadable.location); 'componentize check' says why), so \(component) was not added "
                    + "to it: add .package(path:) and .product(name: \"\(component)\", package: \"\(component)\") once it reads")
            } else {
                notes.append("no host app package '\(appName)' yet: 'componentize new \(appName)' will depend on \(component)")
            }
            return nil
        }
        return app
    }

    /// What to add where the app target is an Xcode project's, or one a description generates: componentize edits none.
    func describedAppNote(_ appName: String, in package: LocalPackage, component: String) -> String {
        let folder = PathArithmetic.resolve("..", from: "/" + package.relativeDirectory)
        let path = located(component).map { PathArithmetic.relative("/" + $0.directory, to: folder) } ?? component
        switch package.kind {
        case .xcodeGenSpec:
            return "\(appName) is a target of the XcodeGen spec \(package.manifestPath): add `- package: \(component)` to its dependencies and "
                + "`\(component): {path: \(path)}` under packages:, then run xcodegen; componentize does not edit specs"
        case .tuistProject:
            return "\(appName) is a target of \(package.manifestPath): add `.package(product: \"\(component)\")` to its dependencies and "
                + "`.package(path: \"\(path)\")` to the project's packages: (or `.external(name: \"\(component)\")` with the package in Tuist/Package.swift), "
                + "then run tuist generate; componentize does not edit Project.swift"
        default:
            return "\(appName) is a target of \(package.manifestPath): link \(component) in Xcode (the target's Frameworks and Libraries, "
                + "package product \(component)) and import it where the app uses it; componentize does not edit Xcode projects"
        }
    }

    /// The app's manifest with what the use needs added (the component, and the registry when it registers it), and
    /// the file that uses them: `Sources/<App>/<Name>InApp.swift` (`<Name>RegistrationInApp.swift` for a registration
    /// alone).
    mutating func planAppUse(_ use: AppUse) throws -> [ScaffoldPlan.ManifestChange] {
        guard let app = hostApp(for: use.component) else { return [] }
        let manifest = app.package.manifest
        let target = manifest.targets.first { $0.name == app.name }?.name ?? manifest.targets.first { $0.type != .test }?.name ?? app.name
        let needed = [use.component] + (use.registration == nil ? [] : [model.scaffold.mediator])
        let path = PathArithmetic.join(app.package.directory, manifest.manifestFile)
        let before = scaffolder.fileSystem.text(of: path) ?? ""
        var after = before
        var added: [String] = []
        for product in needed where !manifest.targets.contains(where: { $0.name == target && $0.dependencies.contains { $0.name == product } }) {
            guard let directory = located(product)?.directory else { continue }
            after = try ManifestEditor(source: after, path: app.package.manifestPath).addingDependency(
                packagePath: PathArithmetic.relative(directory, to: app.package.relativeDirectory), product: product, package: product, to: target)
            added.append(product)
        }
        var changes = before == after ? [] : [ScaffoldPlan.ManifestChange(path: app.package.manifestPath, before: before, after: after,
                                                                          what: "added " + added.joined(separator: " and "))]
        if use.makes { changes += componentsLists(of: app, target: target, adding: use.component) }
        let folder = manifest.target(named: target)?.folder(inPackage: app.package.directory, fileSystem: scaffolder.fileSystem) ?? "Sources/\(target)"
        let file = use.component + (use.makes ? "" : "Registration") + "InApp"
        let filePath = PathArithmetic.join(PathArithmetic.join(app.package.relativeDirectory, folder), file + ".swift")
        guard scaffolder.fileSystem.status(of: PathArithmetic.join(scaffolder.root, filePath)) == .missing else {
            notes.append("\(filePath) exists already; new leaves it as it is")
            return changes
        }
        let advice = [use.makes ? "Make the component where the app uses it" : nil,
                      use.registration == nil ? nil : "call `register(in:)` where the app creates its ComponentRegistry"]
            .compactMap { $0 }.joined(separator: ", and ")
        let context: [String: Any] = ["app": app.name, "component": use.component, "type": file, "makes": use.makes, "advice": advice,
                                      "registration": use.registration ?? "", "mediator": model.scaffold.mediator]
        changes.append(ScaffoldPlan.ManifestChange(path: PathArithmetic.join(scaffolder.root, filePath), before: "",
                                                   after: try templates.render("app/InApp.swift.stencil", context: context), isApp: false, isNewFile: true))
        if use.registration != nil {
            let place = registryFactory(of: app).map { "add \(file).register(in: registry) to makeRegistry() in \($0)" }
                ?? "call \(file).register(in: registry) where \(app.name) creates its ComponentRegistry"
            notes.append("register \(use.component) with the app's registry: \(place) (\(filePath) has it)")
        }
        return changes
    }

    /// The app's `components` list (in `<App>.swift` and its test) with the new component added, where the app has one.
    func componentsLists(of app: Scaffolder.ExistingPackage, target: String, adding component: String) -> [ScaffoldPlan.ManifestChange] {
        let fileSystem = scaffolder.fileSystem
        let folder = app.package.manifest.target(named: target)?.folder(inPackage: app.package.directory, fileSystem: fileSystem) ?? "Sources/\(target)"
        return [PathArithmetic.join(folder, "\(target).swift"), "Tests/\(target)Tests/\(target)Tests.swift"].compactMap { file in
            let relative = PathArithmetic.join(app.package.relativeDirectory, file)
            guard let before = fileSystem.text(of: PathArithmetic.join(app.package.directory, file)),
                  let after = AppComponentsList.adding(component, to: before) else { return nil }
            return ScaffoldPlan.ManifestChange(path: PathArithmetic.join(scaffolder.root, relative), before: before, after: after, isApp: false,
                                               what: "added \(component) to the list of components")
        }
    }

    /// Where the app makes its registry (`func makeRegistry(` in one of its sources), as `path:line`.
    func registryFactory(of app: Scaffolder.ExistingPackage) -> String? {
        let sources = PathArithmetic.join(app.package.directory, "Sources")
        let fileSystem = scaffolder.fileSystem
        for file in fileSystem.regularFiles(under: sources).sorted() where file.hasSuffix(".swift") {
            guard let text = fileSystem.text(of: PathArithmetic.join(sources, file)) else { continue }
            if let index = text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex(where: { $0.contains("func makeRegistry(") }) {
                return PathArithmetic.join(PathArithmetic.join(app.package.relativeDirectory, "Sources"), file) + ":\(index + 1)"
            }
        }
        return nil
    }
}
