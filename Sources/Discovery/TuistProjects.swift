import Diagnostics
import Files
import Foundation
import PackageModel
import Parallel
import Paths
import TuistReading
import XcodeProjectReading

/// Tuist projects: each `Project.swift` read with its root's helpers, in the place of the `.xcodeproj` Tuist generates;
/// the root's dependencies manifest (`Tuist/Package.swift`) read for the outside packages, never as a component.
enum TuistProjects {
    /// Reads every `Project.swift` the walk found; returns the folders their local packages lead to that are new.
    static func read(_ walk: inout FolderWalk, xcode: XcodeSelection, into assembly: inout WorkspaceAssembly) -> [String] {
        let fileSystem = assembly.fileSystem
        // By the name Tuist looks for: on macOS's default file system it finds `project.swift` as `Project.swift`.
        let names = walk.descriptions.map { ($0, ProjectDescriptions.tuistName(PathArithmetic.lastComponent(of: $0)) ?? PathArithmetic.lastComponent(of: $0)) }
        let projects = names.filter { $0.1 == TuistReader.projectFile }.map(\.0).filter { xcode.selects(PathArithmetic.relative($0, to: assembly.root)) }.sorted()
        guard !projects.isEmpty else { return [] }
        for (path, name) in names where name == TuistReader.projectFile || name == TuistReader.workspaceFile {
            if let note = ProjectDescriptions.spelledInAnotherCase(path, as: name, display: assembly.display(path)) { walk.notes.append(note) }
        }
        let plugins = names.filter { $0.1 == TuistReader.pluginFile }.map { PathArithmetic.resolve("..", from: $0.0) }
        let display = assembly.displayPaths
        var contexts: [String: TuistContext] = [:]
        for root in Set(projects.map { root(of: $0, repository: assembly.root, fileSystem: fileSystem) }).sorted() {
            var context = TuistContext(root: root, environment: ProcessInfo.processInfo.environment, shown: display.display)
            context.load(plugins: plugins.filter { $0 == root || $0.hasPrefix(root + "/") }, fileSystem: fileSystem)
            contexts[root] = context
            dropDependenciesManifest(context, walk: &walk, assembly: &assembly)
        }
        dropPluginPackages(plugins, walk: &walk, assembly: &assembly)
        let roots = projects.map { root(of: $0, repository: assembly.root, fileSystem: fileSystem) }
        let loaded = contexts
        let outcomes: [Result<TuistReader.Reading, Error>] = inSlicesOnThreads(of: projects.count, minimumSliceSize: 1, slicesPerCore: 8,
                                                                                 threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { index in
                Result {
                    guard let context = loaded[roots[index]] else { throw InputError("no Tuist root", at: FileLocation(path: projects[index])) }
                    if let error = context.helperError { throw error }
                    return try TuistReader().read(projectAt: projects[index], in: context, fileSystem: fileSystem)
                }
            }
        }
        for project in projects { assembly.generatedProjects[PathArithmetic.resolve("..", from: project)] = project }
        var new: [String] = []
        for (path, outcome) in zip(projects, outcomes) {
            new += record(outcome, at: path, xcode: xcode, walk: &walk, into: &assembly)
        }
        dropGeneratedWorkspaces(&walk, projects: projects, names: names, assembly: assembly)
        return new
    }

    private static func record(_ outcome: Result<TuistReader.Reading, Error>, at path: String, xcode: XcodeSelection, walk: inout FolderWalk,
                               into assembly: inout WorkspaceAssembly) -> [String] {
        let folder = PathArithmetic.resolve("..", from: path)
        switch outcome {
        case .success(let reading):
            var project = reading.project
            project.ignore(targets: xcode.ignoreTargets)
            let generated = assembly.fileSystem.realPath(reading.generatedProject)
            if walk.found.contains(generated) {
                walk.found.removeAll { $0 == generated }
                walk.notes.append(Note("\(PathArithmetic.lastComponent(of: generated)) is generated from this Project.swift: the description is read, not the project (one source of truth: what tuist generates is what is checked)",
                                       at: FileLocation(path: assembly.display(path))))
            }
            assembly.known.insert(generated)
            let manifest = XcodeManifest.manifest(of: project, file: TuistReader.projectFile, reader: .tuist, targetPath: ".")
            return assembly.recordDescribed(project, manifest: manifest, at: path, folder: folder)
        case .failure(let declined as TuistReadDeclined):
            // An unreadable package like any other manifest, at the place the reader stopped: a warning (Swift may well
            // accept it), and what other projects take from it is undecided.
            // What it generates is its output, stale or not: not read in its place.
            walk.found.removeAll { $0.hasSuffix(".xcodeproj") && PathArithmetic.resolve("..", from: $0) == folder }
            // Its folder, as every unreadable package's: its identity is the folder's name, never `project.swift`.
            assembly.unreadable[path] = UnreadablePackage(directory: folder, relativeDirectory: PathArithmetic.relative(folder, to: assembly.root),
                                                          manifestPath: assembly.display(path), problem: (declined.reason, declined.location))
            assembly.unreadable[path]?.isDeclined = true
            return []
        case .failure(let error):
            assembly.unreadable[path] = UnreadablePackage(directory: folder, relativeDirectory: PathArithmetic.relative(folder, to: assembly.root),
                                                          manifestPath: assembly.display(path), problem: ProjectDescriptions.shownProblem(error))
            return []
        }
    }

    /// The folder a project's `.relativeToRoot` paths start from, as Tuist finds it: the nearest folder above holding a
    /// `Tuist` folder or `Tuist.swift`, else one holding `.git`, else the repository's root.
    static func root(of project: String, repository: String, fileSystem: any FileSystem) -> String {
        var folder = PathArithmetic.resolve("..", from: project)
        var gitRoot: String?
        while true {
            if fileSystem.isFolder(folder + "/Tuist") || fileSystem.status(of: folder + "/Tuist.swift").exists { return folder }
            if gitRoot == nil, fileSystem.status(of: folder + "/.git").exists { gitRoot = folder }
            guard folder != repository, folder != "/", folder.hasPrefix(repository) else { break }
            folder = PathArithmetic.resolve("..", from: folder)
        }
        return gitRoot ?? repository
    }

    /// The dependencies manifest is no component: its folder leaves the packages to read, with a note saying why.
    private static func dropDependenciesManifest(_ context: TuistContext, walk: inout FolderWalk, assembly: inout WorkspaceAssembly) {
        guard let manifest = context.dependenciesManifest, manifest.hasSuffix("/Package.swift") else { return }
        let folder = PathArithmetic.resolve("..", from: manifest)
        guard walk.found.contains(folder) else { return }
        walk.found.removeAll { $0 == folder }
        assembly.checkoutFolders.insert(folder)
        walk.notes.append(Note("this Package.swift declares the Tuist projects' outside dependencies (their .external products): it is read for those, not as a component",
                               at: FileLocation(path: assembly.display(manifest))))
    }

    /// A Tuist plugin's own `Package.swift` (beside its `Plugin.swift`) serves editing its helpers: not a component.
    private static func dropPluginPackages(_ plugins: [String], walk: inout FolderWalk, assembly: inout WorkspaceAssembly) {
        let fileSystem = assembly.fileSystem
        for folder in Set(plugins).sorted() where walk.found.contains(folder)
            && fileSystem.text(of: PathArithmetic.join(folder, TuistReader.pluginFile), upTo: 1 << 20)?.contains("ProjectDescription") == true {
            walk.found.removeAll { $0 == folder }
            walk.notes.append(Note("this Package.swift is a Tuist plugin's (beside its Plugin.swift): its helpers are read for the projects, not as a component",
                                   at: FileLocation(path: assembly.display(PathArithmetic.join(folder, "Package.swift")))))
        }
    }

    /// The `.xcworkspace` Tuist generates beside `Workspace.swift` (or beside a project) joins generated projects only.
    private static func dropGeneratedWorkspaces(_ walk: inout FolderWalk, projects: [String], names: [(String, String)], assembly: WorkspaceAssembly) {
        let folders = Set(projects.map { PathArithmetic.resolve("..", from: $0) }
            + names.filter { $0.1 == TuistReader.workspaceFile }.map { PathArithmetic.resolve("..", from: $0.0) })
        walk.workspaces.removeAll { folders.contains(PathArithmetic.resolve("..", from: $0)) }
    }
}
