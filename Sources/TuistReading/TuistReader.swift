import Diagnostics
import Files
import Foundation
import PackageModel
import Paths
import SwiftEvaluation
import SwiftOperators
import SwiftParser
import SwiftParserDiagnostics
import SwiftSyntax
import XcodeProjectReading

/// Reads Tuist projects (`Project.swift`, with the helpers of `Tuist/ProjectDescriptionHelpers` and of local plugins)
/// into the projects Tuist would generate, without Tuist: SwiftSyntax parses them, the static evaluator runs them.
/// What the evaluator cannot evaluate (a check of the file system at generation time, a call it does not know) makes
/// that project's reading decline at the place it names, never a guess.
public struct TuistReader: Sendable {
    /// The files a Tuist repository describes itself with.
    public static let projectFile = "Project.swift"
    public static let workspaceFile = "Workspace.swift"
    public static let pluginFile = "Plugin.swift"

    public init() {}

    /// One project as read: the project, and the `.xcodeproj` Tuist would write beside `Project.swift`.
    public struct Reading: Sendable {
        public var project: XcodeProject
        public var generatedProject: String
    }

    /// The project of `Project.swift` at `path` (absolute), in `context` (its root's helpers and outside dependencies).
    /// Throws ``InputError`` for a file that does not parse, ``TuistReadDeclined`` for what cannot be evaluated.
    public func read(projectAt path: String, in context: TuistContext, fileSystem: any FileSystem) throws -> Reading {
        let shown = context.shown(path)
        let tree = try TuistSyntax.parse(path, shownAs: shown, fileSystem: fileSystem)
        let interpreter = Interpreter(converter: SourceLocationConverter(fileName: shown, tree: tree), tree: tree,
                                      configuration: TuistBuildConfiguration(), environment: context.environment, policy: .projectDescription)
        for library in context.libraries(importedBy: tree) { interpreter.addLibrary(library.tree, shownAs: library.shown, converter: library.converter) }
        interpreter.run(tree)
        if let poison = interpreter.poison { throw TuistReadDeclined(path: shown, decline: poison) }
        let object = try Self.project(in: tree, globals: interpreter.globals, shown: shown)
        let folder = PathArithmetic.resolve("..", from: path)
        let decoder = TuistDecoder(folder: folder, root: context.root, shownPath: shown, fileSystem: fileSystem)
        var project: XcodeProject
        do {
            project = try decoder.project(object)
        } catch {
            throw TuistReadDeclined(path: shown, decline: error)
        }
        project.packages += context.outsidePackages(from: folder)
        return Reading(project: project, generatedProject: PathArithmetic.join(folder, project.name + ".xcodeproj"))
    }
}

extension TuistReader {
    /// The project the file describes: `Project(…)` dumps itself whatever constant holds it, so the file's own top-level
    /// `project` first, else the one top-level constant holding a project (`let appDomain = Project.makeModule(…)`,
    /// `let protject = Project.project(…)`). Only constants this file declares count: a helper's `project` function is
    /// not the file's project, nor is the file's own `project` when it holds something else and another constant holds
    /// the one project.
    static func project(in tree: SourceFileSyntax, globals: Scope, shown: String) throws -> ManifestObject {
        let declared = tree.statements.compactMap { $0.item.as(VariableDeclSyntax.self) }
            .flatMap(\.bindings).compactMap { $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text }
        let names = declared.contains("project") ? ["project"] + declared.filter { $0 != "project" } : declared
        var projects: [ManifestObject] = []
        var declined: Decline?
        for name in names {
            switch globals.lookup(name) {
            case .object(let found)? where name == "project" || found.kind == "Project" || found.qualifier == "Project":
                if name == "project" { return found }
                projects.append(found)
            case .unknown(let decline)? where name == "project": throw TuistReadDeclined(path: shown, decline: decline)
            case .unknown(let decline)?: declined = declined ?? decline
            case let other? where name == "project":
                // `let project = "App"` beside `let app = Project(…)`: the Project value is the one Tuist takes.
                declined = Decline("a project given as \(other.typeDescription)", line: 1, column: 1)
            default: continue
            }
        }
        if projects.count == 1 { return projects[0] }
        if let declined { throw TuistReadDeclined(path: shown, decline: declined) }
        if projects.count > 1 { throw TuistReadDeclined(path: shown, decline: Decline("\(projects.count) top-level projects", line: 1, column: 1)) }
        throw InputError("no top-level 'let project = Project(…)' in this file: Tuist generates the project a Project.swift creates", at: FileLocation(path: shown))
    }
}

/// A Tuist project the reader cannot evaluate exactly, at the construct it stopped at (in a helper when `file` says so).
public struct TuistReadDeclined: Error, Sendable, CustomStringConvertible {
    /// `Project.swift` as messages name it.
    public var path: String
    public var decline: Decline

    public var location: FileLocation {
        FileLocation(path: decline.file ?? path, line: decline.line, column: decline.column)
    }

    /// `a helper this reader cannot evaluate: call to 'FileManager.default.fileExists'`.
    public var reason: String {
        decline.file == nil ? "this reader cannot evaluate \(decline.construct)" : "a helper this reader cannot evaluate: \(decline.construct)"
    }

    public var description: String { "\(location): note: \(reason)" }
}

/// Parsing a description file with SwiftParser, refused as `Package.swift` files are (too large, not UTF-8, brackets
/// nested beyond any real file); a syntax error is an ``InputError`` at its place.
enum TuistSyntax {
    static let maximumSize = 1 << 20

    static func parse(_ path: String, shownAs shown: String, fileSystem: any FileSystem) throws -> SourceFileSyntax {
        guard let bytes = fileSystem.contents(of: path, upTo: maximumSize + 1) else {
            throw InputError("cannot read the file", at: FileLocation(path: shown))
        }
        guard bytes.count <= maximumSize else {
            throw InputError("the file is over \(maximumSize / 1024) KiB; no project description is", at: FileLocation(path: shown))
        }
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw InputError("the file is not UTF-8 text", at: FileLocation(path: shown, line: 1, column: 1))
        }
        try SourceChecks.checkNesting(text, path: shown)
        var parser = Parser(text, maximumNestingLevel: SourceChecks.maximumNesting + 10)
        let tree = SourceFileSyntax.parse(from: &parser)
        try SourceChecks.checkLexerDiagnostics(tree, path: shown)
        if tree.hasError, let error = ParseDiagnosticsGenerator.diagnostics(for: tree).first(where: { $0.diagMessage.severity == .error }) {
            let location = error.location(converter: SourceLocationConverter(fileName: shown, tree: tree))
            throw InputError("\(error.message)", at: FileLocation(path: shown, line: location.line, column: location.column))
        }
        return OperatorTable.standardOperators.foldAll(tree) { _ in }.as(SourceFileSyntax.self) ?? tree
    }

    /// The modules a file imports (`import ProjectDescriptionHelpers`, `@_spi(Core) import DependencyPlugin`).
    static func imports(of tree: SourceFileSyntax) -> [String] {
        tree.statements.compactMap { $0.item.as(ImportDeclSyntax.self)?.path.first?.name.text }
    }
}
