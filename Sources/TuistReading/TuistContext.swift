import Diagnostics
import Files
import Foundation
import Paths
import SwiftEvaluation
import SwiftIfConfig
import SwiftSyntax
import XcodeProjectReading

/// What every project of one Tuist root shares, read once: the helpers (`Tuist/ProjectDescriptionHelpers` and each
/// local plugin's `ProjectDescriptionHelpers`, parsed), and the outside packages its dependencies manifest
/// (`Tuist/Package.swift`, a root `Package.swift` under `#if TUIST`, or Tuist 3's `Tuist/Dependencies.swift`) declares.
public struct TuistContext: Sendable {
    /// A parsed helper file, of the module it belongs to.
    struct Library: @unchecked Sendable {
        var module: String
        var tree: SourceFileSyntax
        var shown: String
        var imports: [String]
        /// Made once: every project's evaluation locates what the file holds with it.
        var converter: SourceLocationConverter
    }

    /// The folder `.relativeToRoot` paths start from (absolute).
    public var root: String
    let shown: @Sendable (String) -> String
    /// The `TUIST_` variables of the environment: all Tuist passes to a manifest.
    let environment: [String: String]
    var libraries: [Library] = []
    /// The outside packages, with the file and line that declare each.
    var outside: [(location: XcodePackageReference.Location, line: Int?, file: String)] = []
    /// A helper that does not parse: every project of the root fails with it.
    public var helperError: InputError?
    /// The dependencies manifest read, when there is one (absolute).
    public var dependenciesManifest: String?

    public init(root: String, environment: [String: String], shown: @escaping @Sendable (String) -> String) {
        self.root = root
        self.environment = environment.filter { $0.key.hasPrefix("TUIST_") }
        self.shown = shown
    }

    /// The root's helpers and those of its local plugins (folders holding a `Plugin.swift`), parsed; the dependencies
    /// manifest read.
    public mutating func load(plugins: [String], fileSystem: any FileSystem) {
        do {
            try addLibraries(of: "ProjectDescriptionHelpers", in: PathArithmetic.join(root, "Tuist/ProjectDescriptionHelpers"), fileSystem: fileSystem)
            for plugin in plugins.sorted() {
                let name = try Self.pluginName(PathArithmetic.join(plugin, TuistReader.pluginFile), shown: shown, fileSystem: fileSystem)
                    ?? PathArithmetic.lastComponent(of: plugin)
                try addLibraries(of: name, in: PathArithmetic.join(plugin, "ProjectDescriptionHelpers"), fileSystem: fileSystem)
            }
        } catch let error as InputError {
            helperError = error
        } catch {
            helperError = InputError("\(error)")
        }
        readDependencies(fileSystem: fileSystem)
    }

    private mutating func addLibraries(of module: String, in folder: String, fileSystem: any FileSystem) throws {
        for file in fileSystem.regularFiles(under: folder) where file.hasSuffix(".swift") {
            let path = PathArithmetic.join(folder, file)
            let tree = try TuistSyntax.parse(path, shownAs: shown(path), fileSystem: fileSystem)
            libraries.append(Library(module: module, tree: tree, shown: shown(path), imports: TuistSyntax.imports(of: tree),
                                     converter: SourceLocationConverter(fileName: shown(path), tree: tree)))
        }
    }

    /// `Plugin(name: "DependencyPlugin")`.
    static func pluginName(_ path: String, shown: (String) -> String, fileSystem: any FileSystem) throws -> String? {
        guard fileSystem.status(of: path).exists else { return nil }
        let tree = try TuistSyntax.parse(path, shownAs: shown(path), fileSystem: fileSystem)
        let interpreter = Interpreter(converter: SourceLocationConverter(fileName: shown(path), tree: tree), tree: tree,
                                      configuration: TuistBuildConfiguration(), environment: [:], policy: .projectDescription)
        interpreter.run(tree)
        guard case .object(let plugin)? = interpreter.globals.lookup("plugin"), case .string(let name)? = plugin.argument("name") else { return nil }
        return name
    }

    /// The helpers a file's imports reach, each module's files in path order, modules in the order first imported.
    func libraries(importedBy tree: SourceFileSyntax) -> [Library] {
        var modules: [String] = []
        var pending = TuistSyntax.imports(of: tree)
        while let module = pending.first {
            pending.removeFirst()
            guard !modules.contains(module) else { continue }
            let files = libraries.filter { $0.module == module }
            guard !files.isEmpty else { continue }
            modules.append(module)
            pending += files.flatMap(\.imports)
        }
        return modules.flatMap { module in libraries.filter { $0.module == module } }
    }

    /// The outside packages as a project in `folder` references them (local paths relative to it).
    func outsidePackages(from folder: String) -> [XcodePackageReference] {
        outside.map { package in
            switch package.location {
            case .remote: return XcodePackageReference(package.location, line: package.line, file: package.file)
            case .local(let path): return XcodePackageReference(.local(PathArithmetic.relative(path, to: folder)), line: package.line, file: package.file)
            }
        }
    }
}

extension TuistContext {
    /// Where the outside dependencies are declared, first found: `Tuist/Package.swift`, a root `Package.swift` that is
    /// Tuist's (under `#if TUIST`, or declaring no target), Tuist 3's `Tuist/Dependencies.swift`.
    public static func dependenciesManifest(at root: String, fileSystem: any FileSystem) -> String? {
        let tuistPackage = PathArithmetic.join(root, "Tuist/Package.swift")
        if fileSystem.status(of: tuistPackage).exists { return tuistPackage }
        let rootPackage = PathArithmetic.join(root, "Package.swift")
        // Under `#if TUIST`, or a manifest that declares no target: a list of outside packages, nothing to build.
        if let text = fileSystem.text(of: rootPackage, upTo: 1 << 20), text.contains("#if TUIST") || !text.contains("targets:") { return rootPackage }
        let dependencies = PathArithmetic.join(root, "Tuist/Dependencies.swift")
        return fileSystem.status(of: dependencies).exists ? dependencies : nil
    }

    /// The packages the dependencies manifest declares: `.package(url:…)`, `.remote(url:…)`, `.package(path:)`,
    /// `.local(path:)`. One that cannot be read is a note-less absence: `.external` products then stay undecided.
    mutating func readDependencies(fileSystem: any FileSystem) {
        guard let path = Self.dependenciesManifest(at: root, fileSystem: fileSystem),
              let tree = try? TuistSyntax.parse(path, shownAs: shown(path), fileSystem: fileSystem) else { return }
        dependenciesManifest = path
        let interpreter = Interpreter(converter: SourceLocationConverter(fileName: shown(path), tree: tree), tree: tree,
                                      configuration: TuistBuildConfiguration(), environment: environment, policy: .projectDescription)
        interpreter.run(tree)
        let folder = PathArithmetic.resolve("..", from: path)
        var found: [(location: XcodePackageReference.Location, line: Int?, file: String)] = []
        func collect(_ value: Value) {
            switch value {
            case .array(let items): items.forEach(collect)
            case .object(let object):
                if case .string(let url)? = object.argument("url") {
                    found.append((.remote(url), object.position.line, shown(path)))
                } else if ["local", "package"].contains(object.kind), case .string(let local)? = object.argument("path") {
                    found.append((.local(PathArithmetic.resolve(local, from: folder)), object.position.line, shown(path)))
                } else {
                    object.arguments.forEach { collect($0.value) }
                }
            default: break
            }
        }
        if case .object(let package)? = interpreter.globals.lookup("package") {
            package.argument("dependencies").map(collect)
        } else if let dependencies = interpreter.globals.lookup("dependencies") {
            collect(dependencies)
        }
        outside = found
    }
}

/// The `#if` environment Tuist compiles a manifest in: a Mac, with ProjectDescription and Foundation, `TUIST` set.
/// Conditions it cannot decide throw, and what they guard is unknown.
struct TuistBuildConfiguration: BuildConfiguration {
    struct Undecidable: Error, CustomStringConvertible {
        var description: String
    }

    var compilerVersion: VersionTuple { VersionTuple(6, 0) }
    var languageVersion: VersionTuple { VersionTuple(5, 10) }

    func isCustomConditionSet(name: String) throws -> Bool { name == "TUIST" }
    func hasFeature(name: String) throws -> Bool { throw Undecidable(description: "hasFeature(\(name))") }
    func hasAttribute(name: String) throws -> Bool { throw Undecidable(description: "hasAttribute(\(name))") }

    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        let module = importPath.map(\.1).joined(separator: ".")
        if ["ProjectDescription", "Foundation", "Swift", "Darwin"].contains(module) { return true }
        throw Undecidable(description: "canImport(\(module))")
    }

    func isActiveTargetOS(name: String) throws -> Bool { name == "macOS" }
    func isActiveTargetArchitecture(name: String) throws -> Bool { throw Undecidable(description: "arch(\(name)) of the Mac that runs Tuist") }
    func isActiveTargetEnvironment(name: String) throws -> Bool { false }
    func isActiveTargetRuntime(name: String) throws -> Bool { name == "_ObjC" }
    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }
    func isActiveTargetObjectFormat(name: String) throws -> Bool { name == "MachO" }
    var targetPointerBitWidth: Int { 64 }
    var targetAtomicBitWidths: [Int] { [8, 16, 32, 64] }
    var endianness: Endianness { .little }
}

extension EvaluationPolicy {
    /// ProjectDescription's: any call of a type nothing declares is an object of the API (`Project(…)`, `Target(…)`,
    /// `Path(…)`), the arguments that take its graph's types given them, declared types evaluated.
    static let projectDescription = EvaluationPolicy(
        makesObject: { name in name.first?.isUppercase == true },
        argumentTypes: [
            "dependencies": "[TargetDependency]", "targets": "[Target]", "product": "Product", "sources": "SourceFilesList",
            "path": "Path", "projects": "[Path]", "packages": "[Package]", "destinations": "Destinations", "platform": "Platform",
        ],
        declaredTypes: true)
}
