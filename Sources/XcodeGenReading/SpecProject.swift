import Foundation
import Diagnostics
import Files
import Paths
import XcodeProjectReading

/// A merged spec as the project XcodeGen would generate, in the model the Xcode reader gives: targets with their kinds,
/// files and dependencies, the packages and other projects they name, each at its place in the spec's files.
struct SpecProject {
    var spec: SpecNode
    /// The folder the project's paths start from (the main spec's).
    var folder: String
    var fileSystem: any FileSystem
    /// The main spec (absolute): what names no other file.
    var mainFile: String
    var shown: (String) -> String
    var notes: [Note] = []

    /// The file a value was written in, as messages name it, when it is not the main spec.
    func file(of node: SpecNode) -> String? {
        node.origin.file == mainFile ? nil : shown(node.origin.file)
    }

    mutating func project(named name: String) throws -> XcodeProject {
        let packages = packageReferences()
        let references = projectReferences()
        var targets: [XcodeTarget] = []
        for entry in try SpecTargets.entries(of: spec, shown: shown) {
            targets.append(try target(entry, packages: packages, references: references))
        }
        let names = Set(targets.map(\.name))
        targets += aggregateTargets(names: names)
        let others = references.values.map(\.path).sorted()
        var project = XcodeProject(name: name, targets: targets, packages: packages.values.map(\.reference).sorted { ($0.line ?? 0) < ($1.line ?? 0) },
                                   otherProjects: Array(Set(others)).sorted(), notes: notes)
        project.hostTestBundles()
        return project
    }

    // MARK: - Packages and other projects

    /// `packages:` by the name dependencies use (`package: Kingfisher`), and `localPackages:` by folder name.
    func packageReferences() -> [String: (reference: XcodePackageReference, node: SpecNode)] {
        var result: [String: (reference: XcodePackageReference, node: SpecNode)] = [:]
        for (name, node) in spec["packages"]?.entries ?? [] {
            let location: XcodePackageReference.Location
            if let path = node["path"] {
                guard let written = path.string else { continue }
                location = .local(PathArithmetic.relative(path.path(written), to: folder))
            } else if let url = node["url"]?.string ?? node["github"]?.string.map({ "https://github.com/\($0)" }) {
                location = .remote(url)
            } else {
                continue
            }
            result[name] = (XcodePackageReference(location, line: node.origin.line, file: file(of: node)), node)
        }
        for path in spec["localPackages"]?.strings ?? [] {
            guard let written = path.string else { continue }
            let absolute = path.path(written)
            let name = PathArithmetic.lastComponent(of: absolute)
            guard result[name] == nil else { continue }
            result[name] = (XcodePackageReference(.local(PathArithmetic.relative(absolute, to: folder)), line: path.origin.line, file: file(of: path)), path)
        }
        return result
    }

    /// `projectReferences:` by name: the `.xcodeproj` path relative to the project's folder.
    func projectReferences() -> [String: (path: String, node: SpecNode)] {
        var result: [String: (path: String, node: SpecNode)] = [:]
        for (name, node) in spec["projectReferences"]?.entries ?? [] {
            guard let written = node["path"]?.string else { continue }
            result[name] = (PathArithmetic.relative(node.path(written), to: folder), node)
        }
        return result
    }

    // MARK: - Targets

    mutating func target(_ entry: SpecTargets.Entry, packages: [String: (reference: XcodePackageReference, node: SpecNode)],
                         references: [String: (path: String, node: SpecNode)]) throws -> XcodeTarget {
        let node = entry.node
        guard let type = node["type"]?.string else {
            throw InputError("target '\(entry.name)' has no type: (application, framework, bundle.unit-test, …)", at: node.location(shownAs: shown))
        }
        let productType = "com.apple.product-type." + type
        var target = XcodeTarget(name: entry.name, kind: XcodeTargetKind(productType: productType), productType: productType, line: node.origin.line)
        target.file = file(of: node)
        // Where its dependencies are listed, when that is in the file that defines it (not a template's).
        target.productsLine = node.keyOrigin("dependencies").flatMap { $0.file == node.origin.file ? $0.line : nil }
        target.moduleName = moduleName(of: entry)
        let productName = node["productName"]?.string ?? entry.productName ?? entry.name
        target.productFile = Self.productFile(productName, kind: target.kind)
        var selection = SpecSources(fileSystem: fileSystem, folder: folder)
        let sources = selection.files(of: node["sources"])
        target.files = sources.files
        target.filesUnknown = sources.unknown
        target.dependencies = dependencies(of: node, packages: packages, references: references)
        target.prebuiltModules = prebuiltModules(of: node)
        target.infoPlist = infoPlist(of: node)
        // `configFiles:` naming CocoaPods' `Pods-App.debug.xcconfig`: the target is one CocoaPods integrates as `App`.
        for (_, file) in node["configFiles"]?.entries ?? [] {
            guard let name = file.string.flatMap(XcodeManifest.podsIntegration(ofConfigurationFile:)), !target.podsConfigurations.contains(name) else { continue }
            target.podsConfigurations.append(name)
        }
        return target
    }

    /// The module a target builds when it is not its name: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, from its settings,
    /// its setting groups and its config files, then the project's; a platform's copy builds the target's module.
    func moduleName(of entry: SpecTargets.Entry) -> String? {
        let name = SpecSettings(spec: spec, fileSystem: fileSystem)
        let module = name.value(of: "PRODUCT_MODULE_NAME", target: entry.node) ?? name.value(of: "PRODUCT_NAME", target: entry.node)
            ?? entry.node["productName"]?.string ?? entry.productName
        guard let module else { return nil }
        let resolved = module.replacingOccurrences(of: "$(TARGET_NAME)", with: entry.name).replacingOccurrences(of: "${TARGET_NAME}", with: entry.name)
        guard !resolved.contains("$("), !resolved.contains("${"), resolved != entry.name else { return nil }
        return resolved
    }

    /// The target's `Info.plist` relative to the project's folder: its `info:` `path:` (the file XcodeGen writes, from
    /// the properties it lists when they are there), else `INFOPLIST_FILE` from its settings; nil when it names a setting.
    func infoPlist(of node: SpecNode) -> String? {
        let info = node["info"]?["path"]
        let setting = SpecSettings(spec: spec, fileSystem: fileSystem).value(of: "INFOPLIST_FILE", target: node)
        guard let written = info?.string ?? setting, !written.isEmpty, !written.contains("$") else { return nil }
        let absolute = info.map { $0.path(written) } ?? PathArithmetic.join(folder, written)
        return PathArithmetic.relative(absolute, to: folder)
    }

    static func productFile(_ name: String, kind: XcodeTargetKind) -> String? {
        switch kind {
        case .framework: return name + ".framework"
        case .application, .watchApp: return name + ".app"
        case .staticLibrary: return "lib" + name + ".a"
        case .dynamicLibrary: return "lib" + name + ".dylib"
        case .appExtension, .extensionKitExtension: return name + ".appex"
        case .bundle: return name + ".bundle"
        case .unitTest, .uiTest: return name + ".xctest"
        default: return nil
        }
    }

    func dependencies(of node: SpecNode, packages: [String: (reference: XcodePackageReference, node: SpecNode)],
                      references: [String: (path: String, node: SpecNode)]) -> [XcodeDependency] {
        var result: [XcodeDependency] = []
        func add(_ destination: XcodeDependency.Destination, _ item: SpecNode) {
            guard !result.contains(where: { $0.destination == destination }) else { return }
            result.append(XcodeDependency(destination, line: item.origin.line, file: file(of: item)))
        }
        for item in node["dependencies"]?.items ?? [] {
            if let name = item["target"]?.string {
                let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
                if parts.count == 2, let reference = references[parts[0]] {
                    add(.otherProject(path: reference.path, target: parts[1]), item)
                } else {
                    add(.target(name), item)
                }
            } else if let package = item["package"]?.string {
                let products = item["products"]?.strings.compactMap(\.string) ?? [item["product"]?.string ?? package]
                for product in products { add(.package(packages[package]?.reference, product: product), item) }
            } else if let framework = item["framework"]?.string {
                // A framework no file of the repository holds is one the build makes: another project's target may build it.
                let path = item["framework"].map { $0.path(framework) } ?? framework
                if !fileSystem.status(of: path).exists, framework.hasSuffix(".framework") {
                    add(.builtProduct(PathArithmetic.lastComponent(of: framework)), item)
                }
            }
            // sdk:, carthage:, bundle: and vendored frameworks are no target of the repository (the prebuilt ones provide
            // their modules: prebuiltModules(of:)).
        }
        return result
    }

    /// The modules of the prebuilt frameworks a target links: a `carthage:` dependency's (Carthage builds
    /// `Name.framework`), and a `framework:` file of the repository's (`Vendor/WebRTC.xcframework`), each its name.
    func prebuiltModules(of node: SpecNode) -> [String] {
        var modules: [String] = []
        for item in node["dependencies"]?.items ?? [] {
            var name = item["carthage"]?.string
            if name == nil, let framework = item["framework"]?.string, fileSystem.status(of: item["framework"].map { $0.path(framework) } ?? framework).exists {
                let file = PathArithmetic.lastComponent(of: framework)
                for suffix in [".xcframework", ".framework"] where file.hasSuffix(suffix) { name = String(file.dropLast(suffix.count)) }
            }
            if let name, !modules.contains(name) { modules.append(name) }
        }
        return modules
    }

    /// `aggregateTargets:`: a target with its `targets:` as dependencies.
    func aggregateTargets(names: Set<String>) -> [XcodeTarget] {
        (spec["aggregateTargets"]?.entries ?? []).map { name, node in
            var target = XcodeTarget(name: name, kind: .aggregate, line: node.origin.line)
            target.file = file(of: node)
            target.dependencies = (node["targets"]?.strings ?? []).compactMap { item in
                item.string.map { XcodeDependency(.target($0), line: item.origin.line, file: file(of: item)) }
            }
            return target
        }
    }
}
