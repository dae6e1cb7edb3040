import Diagnostics
import Files
import Foundation
import PackageModel
import Paths

/// One project's objects turned into ``XcodeProject``: targets with their dependencies and files, package references.
struct ProjectReading {
    let objects: PBXObjects
    let index: PBXLineIndex
    let rootID: String
    let shownPath: String
    /// The folder that holds the `.xcodeproj`.
    let projectFolder: String
    let fileSystem: any FileSystem
    var notes: [Note] = []
    /// The group each file or group is a child of.
    private var parents: [String: String] = [:]
    private var groupPaths: [String: String?] = [:]
    var targetNames: [String: String] = [:]
    /// Which target builds a product file, by the file's id.
    var productOwners: [String: String] = [:]
    var packages: [String: XcodePackageReference] = [:]
    /// The package folders added to the project as folders, by identity: they stand in for a remote package of that identity.
    private var localOverrides: [String: XcodePackageReference] = [:]
    var otherProjects: [String] = []
    /// The object id of each target of another project a dependency names (`remoteGlobalIDString`).
    var otherTargetIDs: [XcodeProject.OtherTarget: String] = [:]
    /// Every `PBXFileSystemSynchronizedRootGroup`, sorted.
    var synchronizedGroups: [String] = []
    /// What each synchronized folder holds, read once.
    var synchronizedFolders: [String: SynchronizedFolder] = [:]
    /// The application targets by the file they build (`App.app`): what a test bundle's `TEST_HOST` names.
    var applications: [String: String] = [:]
    var projectName = ""
    /// Each folder's entries by lowercased name, listed once (``onDisk(_:)``).
    var caseFoldedListings: [String: [String: String]] = [:]

    init(objects: PBXObjects, index: PBXLineIndex, rootID: String, shownPath: String, projectFolder: String, fileSystem: any FileSystem) {
        self.objects = objects
        self.index = index
        self.rootID = rootID
        self.shownPath = shownPath
        self.projectFolder = projectFolder
        self.fileSystem = fileSystem
    }

    /// `projectDirPath`, relative to the project's folder: where `SOURCE_ROOT` paths start.
    var sourceRoot: String {
        objects.string(rootID, "projectDirPath").map(PathArithmetic.lexical) ?? "."
    }

    mutating func project(named name: String) -> XcodeProject {
        projectName = name
        indexGroups()
        synchronizedGroups = objects.ids(ofKinds: ["PBXFileSystemSynchronizedRootGroup"])
        let targetIDs = objects.list(rootID, "targets")
        for id in targetIDs {
            if let name = objects.string(id, "name") { targetNames[id] = name }
            guard let product = objects.string(id, "productReference"), let name = targetNames[id] else { continue }
            productOwners[product] = name
            if let file = objects.string(product, "path"), file.hasSuffix(".app") { applications[file] = applications[file] ?? name }
        }
        readPackageReferences()
        let targets = targetIDs.compactMap { target($0) }
        var project = XcodeProject(name: name, targets: targets, packages: packageList(), otherProjects: otherProjects.sorted(), notes: notes)
        project.targetIDs = Dictionary(targetNames.map { ($0.value, $0.key) }) { first, _ in first }
        project.otherTargetIDs = otherTargetIDs
        return project
    }

    private func location(_ line: Int?) -> FileLocation {
        FileLocation(path: shownPath, line: line)
    }

    // MARK: Groups and paths

    private mutating func indexGroups() {
        for group in objects.ids(ofKinds: ["PBXGroup", "PBXVariantGroup", "XCVersionGroup"]) {
            for child in objects.list(group, "children") { parents[child] = group }
        }
    }

    /// A file's or group's path relative to the project's folder; nil when it is not a file of the repository (SDK,
    /// build folder, developer folder) or its group is not.
    mutating func path(of id: String) -> String? {
        let own = objects.string(id, "path")
        switch objects.string(id, "sourceTree") ?? "<group>" {
        case "<group>":
            guard let parent = parents[id] else { return PathArithmetic.lexical(PathArithmetic.join(sourceRoot, own ?? "")) }
            guard let base = groupPath(parent) else { return nil }
            return PathArithmetic.lexical(PathArithmetic.join(base, own ?? ""))
        case "SOURCE_ROOT":
            return PathArithmetic.lexical(PathArithmetic.join(sourceRoot, own ?? ""))
        case "<absolute>":
            return own.map { PathArithmetic.relative($0, to: fileSystem.realPath(projectFolder)) }
        default:
            return nil
        }
    }

    private mutating func groupPath(_ id: String) -> String? {
        if let known = groupPaths[id] { return known }
        let resolved = path(of: id)
        groupPaths[id] = resolved
        return resolved
    }

    // MARK: Packages

    private mutating func readPackageReferences() {
        for id in objects.list(rootID, "packageReferences") {
            let line = index.line(of: id, inside: rootID)
            if let path = objects.string(id, "relativePath") {
                packages[id] = XcodePackageReference(.local(PathArithmetic.lexical(path)), line: line)
            } else if let url = objects.string(id, "repositoryURL") {
                packages[id] = XcodePackageReference(.remote(url), line: line)
            } else {
                notes.append(Note("package reference \(id) has neither relativePath nor repositoryURL; its products are not checked", at: location(line)))
            }
        }
        for id in objects.ids(ofKinds: ["PBXFileReference"]) where isFolderReference(id) {
            guard let path = path(of: id), fileSystem.status(of: PathArithmetic.join(PathArithmetic.join(projectFolder, path), "Package.swift")).exists else { continue }
            let identity = PackageDependency.identity(forLocation: path)
            localOverrides[identity] = XcodePackageReference(.local(path), line: index.line(of: id))
        }
        // A package folder inside a synchronized folder is a local package Xcode joins to the project, as a folder
        // reference is: its products are linked by name.
        for group in synchronizedGroups {
            guard let folder = path(of: group), let contents = synchronizedContents(of: group) else { continue }
            for package in contents.packages {
                let path = PathArithmetic.lexical(PathArithmetic.join(folder, package))
                let identity = PackageDependency.identity(forLocation: path)
                if localOverrides[identity] == nil { localOverrides[identity] = XcodePackageReference(.local(path), line: index.line(of: group)) }
            }
        }
    }

    /// A file reference that may be a folder: of a folder's type, or named without an extension (Xcode records a package
    /// folder dragged into a project with whatever type it guessed, `text` among them).
    private func isFolderReference(_ id: String) -> Bool {
        let type = objects.string(id, "lastKnownFileType") ?? objects.string(id, "explicitFileType")
        if type == "wrapper" || type == "folder" { return true }
        return !(objects.string(id, "path") ?? "").split(separator: "/").last.map { $0.contains(".") }.isTrue
    }

    /// A remote reference a local folder of the same identity stands in for is that folder.
    func resolved(_ reference: XcodePackageReference) -> XcodePackageReference {
        guard case .remote(let url) = reference.location else { return reference }
        let identity = PackageDependency.identity(forLocation: url)
        return localOverrides[identity].map { XcodePackageReference($0.location, line: reference.line) } ?? reference
    }

    private func packageList() -> [XcodePackageReference] {
        var seen: Set<XcodePackageReference.Location> = []
        let listed = objects.list(rootID, "packageReferences").compactMap { packages[$0].map(resolved) }
        let overrides = localOverrides.keys.sorted().compactMap { localOverrides[$0] }
        return (listed + overrides).filter { seen.insert($0.location).inserted }
    }

}

extension Optional where Wrapped == Bool {
    var isTrue: Bool { self == true }
}
