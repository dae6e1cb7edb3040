import Diagnostics
import Files
import ManifestReading
import PackageModel
import Paths

/// Finds every Package.swift under a repository root and every package they reference by path, and reads them.
///
/// Skips build and tool folders (`.build*`, `.swiftpm`, `checkouts`, `DerivedData`, `Pods`, `Carthage`,
/// `node_modules`, `vendor`, hidden folders). Keeps going past what concerns one package or folder: a path
/// dependency to a folder without a manifest, a manifest no reader can evaluate (both recorded in the
/// ``Workspace`` for the rules to report), a symbolic-link loop, an unreadable folder or a file name that is not
/// UTF-8 (each a ``Note``). Only a root that cannot be read at all is an error.
///
/// In phases: the walk (``FolderWalk``), the pods it found and the Podfiles' path pods (``PodFolders``), the project
/// descriptions (``ProjectDescriptions``), the files of registered readers (``RegisteredReads``), the
/// manifests and the packages they reach by path (``ManifestReads``), then the assembly of the workspace
/// (``WorkspaceAssembly``: podspecs beside packages, pod dependencies by name, packages that lie in another's target,
/// packages nothing references whose sources a project's target compiles).
public struct PackageDiscovery: Sendable {
    public var reader: ManifestReader
    /// Folders to skip, as globs on paths relative to the root (`fixtures`, `Examples/**`).
    public var exclude: [Glob]
    /// Which Xcode projects are read as packages.
    public var xcode: XcodeSelection

    public init(reader: ManifestReader, exclude: [Glob] = [], xcode: XcodeSelection = XcodeSelection()) {
        self.reader = reader
        self.exclude = exclude
        self.xcode = xcode
    }

    public func discover(root: String, fileSystem: any FileSystem) throws -> Workspace {
        let realRoot = try Self.realRoot(root, fileSystem: fileSystem)
        var walk = FolderWalk(exclude: exclude, fileSystem: fileSystem)
        walk.readsProjects = xcode.check
        if let generated = GeneratedFolders.cocoaPodsOutput(containing: realRoot + "/", fileSystem: fileSystem) {
            let shown = generated == realRoot ? root : PathArithmetic.join(root, PathArithmetic.relative(generated, to: realRoot))
            walk.notes.append(Note("this is CocoaPods' generated Pods folder: its project and vendored pods are not the repository's own code, so nothing here is checked; check the folder that holds the Podfile", at: FileLocation(path: shown)))
        } else {
            walk.walk(root: realRoot, display: root)
        }
        if walk.found.isEmpty, walk.pods.isEmpty, let first = walk.generatedPods.first {
            let shown = PathArithmetic.join(root, PathArithmetic.relative(first, to: realRoot))
            walk.notes.append(Note("the only Xcode projects here are CocoaPods' generated ones, which are not the repository's own code: no package, pod or project of its own was found", at: FileLocation(path: shown)))
        }
        walk.found.removeAll { $0.hasSuffix(".xcodeproj") && !xcode.selects(PathArithmetic.relative($0, to: realRoot)) }
        var assembly = WorkspaceAssembly(root: realRoot, displayRoot: root, known: Set(walk.found), fileSystem: fileSystem)
        var reads = ManifestReads(reader: reader, fileSystem: fileSystem)
        reads.xcode = xcode
        PodFolders(reads: reads).read(walk.pods, podfiles: walk.podfiles, walked: Set(walk.found), into: &assembly, notes: &walk.notes)
        let described = ProjectDescriptions.read(&walk, xcode: xcode, into: &assembly)
        let registered = RegisteredReads.read(walk.registered, readers: walk.readers, into: &assembly)
        let workspaces = XcodeWorkspaces.read(walk.workspaces, fileSystem: fileSystem, display: assembly.displayPaths, notes: &walk.notes)
        var queue = (walk.found + described + registered + workspaces.folders.filter { assembly.known.insert($0).inserted }).sorted()
        while !queue.isEmpty {
            let batch = queue.filter { !assembly.isDone($0) }
            queue = []
            for prepared in reads.read(batch, paths: assembly.displayPaths) {
                queue += assembly.record(prepared)
            }
        }
        assembly.attachPodspecsBeside(notes: &walk.notes)
        assembly.resolvePodDependencies()
        assembly.linkXcodeProjects(workspaces)
        assembly.overrideMissingPaths(workspaces)
        assembly.resolveProductsByName(workspaces, notes: &walk.notes)
        assembly.linkPodfileTargets(notes: &walk.notes)
        let dropped = assembly.dropPackagesInsideTargets(walked: Set(walk.found))
        let placeholders = assembly.setAsidePlaceholders(walked: Set(walk.found))
        let superseded = assembly.setAsideSupersededPackages(walked: Set(walk.found), joinedByWorkspaces: workspaces.folders)
        var workspace = assembly.workspace(notes: walk.notes + dropped + placeholders + superseded)
        workspace.sourceFiles = walk.sourceFiles.sorted()
        return workspace
    }

    /// The root with its links resolved; an error when it is not a folder that can be listed.
    static func realRoot(_ root: String, fileSystem: any FileSystem) throws -> String {
        switch fileSystem.status(of: root) {
        case .folder: break
        case .missing, .brokenLink, .linkLoop:
            throw InputError("no such directory\(ManifestLocator.folderSuggestion(for: root, fileSystem: fileSystem))", at: FileLocation(path: root))
        case .file, .other: throw InputError("not a directory: give the repository's root folder", at: FileLocation(path: root))
        }
        let realRoot = fileSystem.realPath(root)
        guard fileSystem.listing(of: realRoot) != nil else {
            throw InputError("cannot list the folder (check its permissions)", at: FileLocation(path: root))
        }
        return realRoot
    }
}

extension PackageDiscovery {
    /// This discovery over a repository with planned files laid over it: SwiftPM cannot read a package that is not on
    /// the disk yet, so `--reader swiftpm` reads as `auto` does (the static reader reads what `new` writes).
    public var overPlannedFiles: PackageDiscovery {
        var discovery = self
        if discovery.reader.strategy == .swiftpm { discovery.reader.strategy = .auto }
        return discovery
    }
}
