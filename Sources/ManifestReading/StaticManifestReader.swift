import Diagnostics
import Files
import Foundation
import HelperTools
import Paths
import SourceText
import SwiftOperators
import SwiftParser
import SwiftEvaluation
import SwiftParserDiagnostics
import SwiftSyntax
import PackageModel

/// The static reader declined: the manifest uses a construct it cannot evaluate exactly.
public struct StaticReadDeclined: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var decline: Decline

    public var location: FileLocation { FileLocation(path: path, line: decline.line, column: decline.column) }

    /// `the static reader cannot evaluate <construct>`: the one wording every message about a decline uses.
    public var reason: String { "the static reader cannot evaluate \(decline.construct)" }

    public var description: String { "\(location): note: \(reason)" }

    /// The decline as an error, for a run that asked for the static reader only.
    public var errorDescription: String { "\(location): error: \(reason); use --reader auto or --reader swiftpm" }
}

/// The manifest makes a call that no PackageDescription declaration of its tools version accepts (a misspelt argument
/// label, one out of order or in the wrong call): SwiftPM would refuse to build it.
public struct StaticReadRejected: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int
    public var message: String

    public var inputError: InputError {
        InputError(message + " (SwiftPM's compiler refuses this manifest)", at: FileLocation(path: path, line: line, column: column))
    }

    public var description: String { inputError.description }
}

/// Reads a manifest with SwiftSyntax, without compiling it. See docs/manifest-reader.md for what it evaluates.
public struct StaticManifestReader: Sendable {
    public var toolchainVersion: ToolsVersion
    /// The environment the manifest's `ProcessInfo.processInfo.environment` / `Context.environment` see.
    public var environment: [String: String]
    /// Directories searched for `canImport(X)`: the toolchain's module folders.
    public var moduleSearchPaths: [String]

    public init(
        toolchainVersion: ToolsVersion = .current,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        moduleSearchPaths: [String]? = nil
    ) {
        self.toolchainVersion = toolchainVersion
        self.environment = environment
        self.moduleSearchPaths = moduleSearchPaths ?? Toolchain.moduleSearchPaths(environment: environment)
    }

    /// Reads the manifest SwiftPM would pick in `directory`.
    public func read(packageDirectory directory: String, fileSystem: any FileSystem) throws -> Manifest {
        let path = try ManifestLocator(toolchainVersion: toolchainVersion).manifestPath(inPackageDirectory: directory, fileSystem: fileSystem)
        return try read(manifestAt: path, fileSystem: fileSystem)
    }

    public func read(manifestAt path: String, fileSystem: any FileSystem) throws -> Manifest {
        var manifest = try read(source: ManifestFile.contents(of: path, fileSystem: fileSystem), path: path)
        if manifest.targets.isEmpty, fileSystem.status(of: PathArithmetic.join((path as NSString).deletingLastPathComponent, "module.modulemap")).exists {
            // SwiftPM makes a package with no targets and a module map at its root one system-library target and product.
            manifest.targets = [Target(name: manifest.name, type: .system, dependencies: [], position: nil)]
            manifest.products = [Product(name: manifest.name, type: .library, targets: [manifest.name])]
        }
        return manifest
    }

    /// Reads manifest text; `path` names it in messages and its last component is the manifest file name.
    public func read(source: String, path: String) throws -> Manifest {
        let toolsVersion = try ToolsVersionParser.parse(source, path: path)
        try SourceChecks.checkNesting(source, path: path)
        var parser = Parser(source, maximumNestingLevel: SourceChecks.maximumNesting + 10)
        let tree = SourceFileSyntax.parse(from: &parser)
        try SourceChecks.checkLexerDiagnostics(tree, path: path)
        if tree.hasError, let error = ParseDiagnosticsGenerator.diagnostics(for: tree).first(where: { $0.diagMessage.severity == .error }) {
            let location = error.location(converter: SourceLocationConverter(fileName: path, tree: tree))
            throw InputError("\(error.message)", at: FileLocation(path: path, line: location.line, column: location.column))
        }
        let folded = OperatorTable.standardOperators.foldAll(tree) { _ in }.as(SourceFileSyntax.self) ?? tree
        let converter = SourceLocationConverter(fileName: path, tree: folded)
        guard let packageCall = Self.firstPackageCall(in: folded) else {
            throw InputError("no 'Package(...)' in this manifest: a manifest must create its package with 'let package = Package(name: ...)'",
                             at: FileLocation(path: path))
        }
        let configuration = ManifestBuildConfiguration(
            compiler: toolchainVersion, toolsVersion: toolsVersion, moduleSearchPaths: moduleSearchPaths)
        let interpreter = Interpreter(converter: converter, tree: folded, configuration: configuration, environment: environment)
        interpreter.run(folded)
        if let poison = interpreter.poison { throw StaticReadDeclined(path: path, decline: poison) }
        let package: ManifestObject
        switch interpreter.globals.lookup("package") {
        case .object(let object)? where object.kind == "Package":
            package = object
        case .unknown(let decline)?:
            throw StaticReadDeclined(path: path, decline: decline)
        case nil where interpreter.createdPackages.count == 1:
            package = interpreter.createdPackages[0]
        default:
            throw StaticReadDeclined(path: path, decline: interpreter.decline("a package not bound to a top-level 'let package'", at: packageCall))
        }
        let decoder = ManifestDecoder(
            manifestFile: (path as NSString).lastPathComponent, packageDirectory: (path as NSString).deletingLastPathComponent,
            toolsVersion: toolsVersion,
            stringElementPositions: interpreter.stringElementPositions, aliases: DependencyAliases(folded, converter: converter))
        do {
            return try decoder.decode(package: package)
        } catch {
            if error.isRejection { throw StaticReadRejected(path: path, line: error.line, column: error.column, message: error.construct) }
            throw StaticReadDeclined(path: path, decline: error)
        }
    }

    /// Whether manifest text creates a package at all (a `Package(…)` call anywhere): a file without one is a placeholder
    /// (a folder kept out of the package around it, or out of Xcode's index), not a package that failed to read.
    public static func createsPackage(source: String) -> Bool {
        var parser = Parser(source, maximumNestingLevel: SourceChecks.maximumNesting + 10)
        return firstPackageCall(in: SourceFileSyntax.parse(from: &parser)) != nil
    }

    private static func firstPackageCall(in tree: SourceFileSyntax) -> FunctionCallExprSyntax? {
        final class Finder: SyntaxVisitor {
            var found: FunctionCallExprSyntax?
            override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
                if found == nil, node.calledExpression.as(DeclReferenceExprSyntax.self)?.baseName.text == "Package" {
                    found = node
                }
                return found == nil ? .visitChildren : .skipChildren
            }
        }
        let finder = Finder(viewMode: .sourceAccurate)
        finder.walk(tree)
        return finder.found
    }
}

/// Reading a manifest file's bytes as text, the way every reader does, with the errors a person can act on.
public enum ManifestFile {
    /// Real manifests are a few kilobytes (swift-syntax's, among the largest, is 15 KB); anything this big is not one.
    static let maximumSize = 1 << 20

    static func contents(of path: String, fileSystem: any FileSystem) throws -> String {
        let location = FileLocation(path: path)
        switch fileSystem.status(of: path) {
        case .file(let size) where size > maximumSize:
            throw InputError("the manifest is \(size / 1024) KiB; componentize reads manifests up to \(maximumSize / 1024) KiB", at: location)
        case .file: break
        case .missing: throw InputError("no such file", at: location)
        case .brokenLink, .linkLoop: throw InputError("is a broken symbolic link", at: location)
        case .folder: throw InputError("is a directory, not a manifest file", at: location)
        case .other: throw InputError("is not a regular file", at: location)
        }
        guard let bytes = fileSystem.contents(of: path, upTo: maximumSize + 1) else {
            throw InputError("cannot read the file (check its permissions)", at: location)
        }
        return try text(of: bytes, path: path)
    }

    /// A manifest's bytes as text: refused when empty, not UTF-8, or holding a NUL byte.
    public static func text(of bytes: [UInt8], path: String) throws -> String {
        guard !bytes.isEmpty else {
            throw InputError("the manifest is empty: it must start with '// swift-tools-version:X.Y' and create a Package",
                             at: FileLocation(path: path, line: 1, column: 1))
        }
        let text = String(validating: bytes, as: UTF8.self), nul = bytes.firstIndex(of: 0)
        guard let text else {
            throw InputError("the manifest is not UTF-8 text", at: FileLocation(path: path, line: 1, column: 1))
        }
        if let nul {
            let line = text.utf8.prefix(nul).reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw InputError("the manifest holds binary data (a NUL byte)", at: FileLocation(path: path, line: line))
        }
        return text
    }
}
