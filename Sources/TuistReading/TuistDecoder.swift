import Diagnostics
import Files
import Paths
import SwiftEvaluation
import XcodeProjectReading

/// Turns an evaluated `Project(…)` into the project Tuist would generate, in the model the Xcode reader gives: its
/// targets with their products, files and dependencies, each at the place of the call that made it. A value the graph
/// needs that could not be evaluated (a target's name, its product, its sources, a dependency) makes the reading
/// decline with that value's reason, never a guess.
struct TuistDecoder {
    /// The folder of `Project.swift` (absolute): where the project's paths start.
    var folder: String
    /// The root of the Tuist project (absolute): where `.relativeToRoot` paths start.
    var root: String
    /// `Project.swift` as messages name it.
    var shownPath: String
    var fileSystem: any FileSystem

    func project(_ object: ManifestObject) throws(Decline) -> XcodeProject {
        guard case .string(let name) = try TuistValues.required(object.property("name"), "the project's name", in: object) else {
            throw TuistValues.decline("a project name that is not a string", at: object)
        }
        var targets: [XcodeTarget] = []
        for value in try TuistValues.list(object.property("targets"), "the project's targets", in: object) {
            targets.append(try target(try TuistValues.object(value, "a target"), in: object))
        }
        var packages: [XcodePackageReference] = []
        for value in try TuistValues.list(object.property("packages"), "the project's packages", in: object) {
            if let reference = try package(value) { packages.append(reference) }
        }
        let others = targets.flatMap(\.dependencies).compactMap { dependency -> String? in
            if case .otherProject(let path, _) = dependency.destination { return path }
            return nil
        }
        var project = XcodeProject(name: name, targets: targets, packages: packages, otherProjects: Array(Set(others)).sorted())
        project.hostTestBundles()
        return project
    }

    /// `Target(…)` or `.target(name:…product:…)`.
    func target(_ object: ManifestObject, in project: ManifestObject) throws(Decline) -> XcodeTarget {
        guard ["Target", "target", "init"].contains(object.kind) else { throw TuistValues.decline("a target made by '.\(object.kind)(…)'", at: object) }
        guard case .string(let name) = try TuistValues.required(object.property("name"), "a target's name", in: object) else {
            throw TuistValues.decline("a target name that is not a string", at: object)
        }
        let product = try TuistValues.objectName(try TuistValues.required(object.property("product"), "the product of target \(name)", in: object),
                                                 "the product of target \(name)", at: object)
        let productType = TuistProducts.productType(product)
        var target = XcodeTarget(name: name, kind: productType.map { XcodeTargetKind(productType: $0) } ?? .other, productType: productType,
                                 line: object.position.line)
        target.file = object.file
        if case .string(let module)? = object.property("productName"), module != name { target.moduleName = module }
        var sources = TuistSources(folder: folder, root: root, fileSystem: fileSystem)
        target.files = try sources.files(object.property("sources"), at: object) + (try sources.folders(object.property("buildableFolders"), at: object))
        target.files = Array(Set(target.files)).sorted()
        target.filesUnknown = sources.unknown
        var dependencies: [XcodeDependency] = []
        for value in try TuistValues.list(object.property("dependencies"), "the dependencies of target \(name)", in: object) {
            guard let dependency = try dependency(value, of: object), !dependencies.contains(where: { $0.destination == dependency.destination }) else { continue }
            dependencies.append(dependency)
        }
        target.dependencies = dependencies
        return target
    }

    /// One `TargetDependency`: a target of this project or another one, a product of an outside or project package; nil
    /// for what no target of the repository provides (an SDK, a vendored framework).
    func dependency(_ value: Value, of target: ManifestObject) throws(Decline) -> XcodeDependency? {
        let object = try TuistValues.object(value, "a dependency")
        let at = (object.position.line, object.file)
        func make(_ destination: XcodeDependency.Destination) -> XcodeDependency { XcodeDependency(destination, line: at.0, file: at.1) }
        switch object.kind {
        case "target":
            if case .object(let made)? = object.arguments.first?.value, object.arguments.first?.label == nil {
                return make(.target(try TuistValues.string(made.property("name"), "the name of a target given as a dependency", in: made)))
            }
            return make(.target(try TuistValues.string(object.argument("name"), "a dependency's target name", in: object)))
        case "project":
            let name = try TuistValues.string(object.argument("target"), "a dependency's target name", in: object)
            let path = try TuistPaths(folder: folder, root: root).resolve(try TuistValues.required(object.argument("path"), "the path of project \(name)", in: object), at: object)
            // A project naming itself by its folder names a target of its own.
            return make(path == folder ? .target(name) : .otherProject(path: PathArithmetic.relative(path, to: folder), target: name))
        case "external":
            return make(.package(nil, product: try TuistValues.string(object.argument("name"), "an external dependency's name", in: object)))
        case "package":
            return make(.package(nil, product: try TuistValues.string(object.argument("product"), "a package dependency's product", in: object)))
        case "sdk", "xcframework", "framework", "library", "xctest", "bundle", "macro":
            return nil
        default:
            throw TuistValues.decline("a dependency made by '.\(object.kind)(…)'", at: object)
        }
    }

    /// `Project(packages:)`: `.remote(url:requirement:)`, `.package(url:…)`, `.local(path:)`, `.package(path:)`.
    func package(_ value: Value) throws(Decline) -> XcodePackageReference? {
        let object = try TuistValues.object(value, "a package")
        if case .string(let url)? = object.argument("url") {
            return XcodePackageReference(.remote(url), line: object.position.line, file: object.file)
        }
        guard let written = object.argument("path") else { return nil }
        let path = try TuistPaths(folder: folder, root: root).resolve(written, at: object)
        return XcodePackageReference(.local(PathArithmetic.relative(path, to: folder)), line: object.position.line, file: object.file)
    }
}

/// The products Tuist builds, as Xcode's product types.
enum TuistProducts {
    static func productType(_ product: String) -> String? {
        let types: [String: String] = [
            "app": "application", "appClip": "application.on-demand-install-capable", "framework": "framework", "staticFramework": "framework",
            "staticLibrary": "library.static", "dynamicLibrary": "library.dynamic", "unitTests": "bundle.unit-test", "uiTests": "bundle.ui-testing",
            "bundle": "bundle", "appExtension": "app-extension", "messagesExtension": "app-extension.messages",
            "stickerPackExtension": "app-extension.messages-sticker-pack", "tvTopShelfExtension": "tv-app-extension",
            "watch2App": "application.watchapp2", "watch2Extension": "watchkit2-extension", "extensionKitExtension": "extensionkit-extension",
            "systemExtension": "system-extension", "commandLineTool": "tool", "macro": "tool", "xpc": "xpc-service",
        ]
        return types[product].map { "com.apple.product-type." + $0 }
    }
}
