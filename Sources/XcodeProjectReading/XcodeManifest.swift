import PackageModel
import Paths

/// An Xcode project as a package of the graph: each target a target (its kind kept), each non-test target a product
/// (another project's target dependency names it), each package reference and each other project a package
/// dependency. Paths are written as the project writes them, relative to the project's folder; the package's folder
/// is the `.xcodeproj` itself, so a target's files are under `..`.
public enum XcodeManifest {
    /// The reader kind every project's manifest carries.
    public static let file = "project.pbxproj"

    public static func manifest(of project: XcodeProject) -> Manifest {
        manifest(of: project, file: file, reader: .xcode, targetPath: "..")
    }

    /// The package of a project read from the description it is generated from (`project.yml`, `Project.swift`): the
    /// package's folder is then the description's, and `targetPath` leads from it to the folder the project's paths
    /// start from.
    public static func manifest(of project: XcodeProject, file: String, reader: ReaderKind, targetPath: String) -> Manifest {
        var dependencies: [PackageDependency] = []
        var seen: Set<String> = []
        func declare(_ dependency: PackageDependency) {
            if seen.insert(dependency.identity).inserted { dependencies.append(dependency) }
        }
        for reference in project.packages { declare(packageDependency(reference)) }
        let identities = projectIdentities(project.otherProjects)
        for path in project.otherProjects { declare(PackageDependency(identity: identities[path] ?? projectIdentity(path), kind: .fileSystem, location: path)) }
        let targets = project.targets.map { target(of: $0, path: targetPath, identities: identities) }
        let products = project.targets.filter { !$0.kind.isTest }.map { Product(name: $0.name, type: .library, targets: [$0.name]) }
            .sorted { $0.name < $1.name }
        return Manifest(manifestFile: file, reader: reader, name: project.name, toolsVersion: ToolsVersion(5, 9),
                        dependencies: dependencies, products: products, targets: targets)
    }

    /// How the graph names another project as a package: its folder's name, lowercased (`core.xcodeproj`).
    public static func projectIdentity(_ path: String) -> String {
        PackageDependency.identity(forLocation: path)
    }

    /// The Podfile target CocoaPods' aggregate product is made for: `App` for `libPods-App.a` and `Pods_App.framework`
    /// (whose `_` may stand for a `-` of the Podfile's name); nil for any other product.
    public static func podsIntegration(ofBuiltProduct file: String) -> String? {
        if file.hasPrefix("libPods-"), file.hasSuffix(".a") { return String(file.dropFirst("libPods-".count).dropLast(2)) }
        if file.hasPrefix("Pods_"), file.hasSuffix(".framework") { return String(file.dropFirst("Pods_".count).dropLast(".framework".count)) }
        return nil
    }

    /// The Podfile target whose CocoaPods aggregate a configuration file belongs to: `Rocket` for
    /// `Pods/Target Support Files/Pods-Rocket/Pods-Rocket.debug.xcconfig` (`Shared-App` for an abstract target's child);
    /// nil for any other file.
    public static func podsIntegration(ofConfigurationFile path: String) -> String? {
        let file = PathArithmetic.lastComponent(of: path)
        guard file.hasPrefix("Pods-"), file.hasSuffix(".xcconfig") else { return nil }
        // Its folder is the aggregate's label (`Pods-My.App`), which a dot of the label leaves whole; else the name up
        // to the configuration's (`Pods-Rocket.release-staging.xcconfig`).
        let folder = path.split(separator: "/").dropLast().last.map(String.init) ?? ""
        let label = folder.hasPrefix("Pods-") && file.hasPrefix(folder + ".") ? folder
            : String(file.dropLast(".xcconfig".count).split(separator: ".", omittingEmptySubsequences: false).dropLast().joined(separator: "."))
        let name = String(label.dropFirst("Pods-".count))
        return name.isEmpty ? nil : name
    }

    /// The names the graph gives the other projects a project depends on: each folder's name, but the whole path where
    /// two of them share a folder name (Tuist's `Projects/Feature/User/Feature` beside `Projects/Feature/Search/Feature`),
    /// so that each dependency leads to its own project.
    static func projectIdentities(_ paths: [String]) -> [String: String] {
        var byIdentity: [String: [String]] = [:]
        for path in paths { byIdentity[projectIdentity(path), default: []].append(path) }
        var identities: [String: String] = [:]
        for (identity, sharing) in byIdentity {
            for path in sharing { identities[path] = sharing.count == 1 ? identity : path.lowercased() }
        }
        return identities
    }

    static func packageDependency(_ reference: XcodePackageReference) -> PackageDependency {
        let position = reference.line.map { SourcePosition(line: $0, column: 1) }
        var dependency: PackageDependency
        switch reference.location {
        case .local(let path):
            dependency = PackageDependency(identity: PackageDependency.identity(forLocation: path), kind: .fileSystem, location: path, position: position)
        case .remote(let url):
            dependency = PackageDependency(identity: PackageDependency.identity(forLocation: url), kind: .sourceControl, location: url, position: position)
        }
        dependency.file = reference.file
        return dependency
    }

    /// The package as people name it: its folder's or repository's last component (`swift-log`, `NXKit`).
    static func packageName(_ reference: XcodePackageReference) -> String {
        let location: String
        switch reference.location {
        case .local(let path): location = path
        case .remote(let url): location = url
        }
        let last = location.split(separator: "/").last.map(String.init) ?? location
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }

    static func target(of target: XcodeTarget, path: String = "..", identities: [String: String] = [:]) -> Target {
        let type: Target.Kind = target.kind.isTest ? .test : target.kind.isApplication || target.kind == .tool ? .executable : .regular
        // A built product no target of the project builds is linked by discovery, which sees the other projects.
        let dependencies = target.dependencies.compactMap { dependency($0, identities: identities) }
        var result = Target(name: target.name, type: type, dependencies: dependencies,
                            position: (target.productsLine ?? target.line).map { SourcePosition(line: $0, column: 1) }, path: path)
        result.productKind = target.kind
        result.listedFiles = target.files
        result.interfaceFiles = target.interfaceFiles
        result.infoPlist = target.infoPlist
        result.sourcesUnknown = target.filesUnknown
        result.sourcesIncomplete = target.filesIncomplete
        result.vendoredModules = target.prebuiltModules
        result.prebuiltUnknown = target.prebuiltUnknown
        result.moduleName = target.moduleName
        result.testedTarget = target.testedTarget
        result.file = target.file
        result.host = target.host
        result.embedded = target.embedded
        result.podsIntegrations = target.dependencies.compactMap { dependency in
            if case .builtProduct(let file) = dependency.destination { return podsIntegration(ofBuiltProduct: file) }
            return nil
        }
        for name in target.podsConfigurations where !result.podsIntegrations.contains(name) { result.podsIntegrations.append(name) }
        result.loadsAllObjectFiles = target.loadsAllObjectFiles
        result.linksStatically = target.linksStatically
        result.platforms = target.platforms
        return result
    }

    static func dependency(_ dependency: XcodeDependency, identities: [String: String] = [:]) -> TargetDependency? {
        let position = dependency.line.map { SourcePosition(line: $0, column: 1) }
        var result: TargetDependency
        switch dependency.destination {
        case .target(let name), .missing(let name):
            result = TargetDependency(kind: .target, name: name, position: position)
        case .otherProject(let path, let target):
            result = TargetDependency(kind: .product, name: target, package: identities[path] ?? projectIdentity(path), position: position)
        case .package(let reference?, let product):
            result = TargetDependency(kind: .product, name: product, package: packageName(reference), position: position)
        case .package(nil, let product):
            result = TargetDependency(kind: .byName, name: product, position: position)
        case .builtProduct:
            return nil
        }
        result.file = dependency.file
        return result
    }
}
