import Diagnostics
import Files
import Foundation
import PackageModel
import Paths

extension Workspace {
    /// The workspace with planned manifests (each file's path, and its manifest when it is a Package.swift) read in place
    /// of those on disk: each edited Package.swift's package given its new manifest (the paths it declares led to the
    /// packages they reach); nil when the repository must be discovered again over the planned files (a podspec or
    /// project edited, a path to a package not read yet).
    public func replacingManifests(_ planned: [(path: String, manifest: Manifest?)], fileSystem: any FileSystem) -> Workspace? {
        var workspace = self
        // Each package by its manifest's path, the first of a path (a package replaced keeps its folder and manifest path).
        var byPath: [String: Int] = [:]
        byPath.reserveCapacity(packages.count)
        for index in packages.indices {
            let path = PathArithmetic.join(packages[index].directory, (packages[index].manifestPath as NSString).lastPathComponent)
            if byPath[path] == nil { byPath[path] = index }
        }
        for file in planned {
            guard let manifest = file.manifest,
                  let index = byPath[file.path],
                  workspace.packages[index].origin.podspecBeside == nil, !workspace.packages[index].isXcodeProject,
                  workspace.packages[index].manifest.kind != .pod,
                  let package = Self.package(workspace.packages[index], reading: manifest, in: &workspace, fileSystem: fileSystem) else {
                return nil
            }
            workspace.packages[index] = package
        }
        return workspace
    }

    /// `package` with `manifest` in place of its own; nil when one of its paths leads to a folder that is not a package
    /// of the workspace (the repository must be discovered again).
    private static func package(_ package: LocalPackage, reading manifest: Manifest, in workspace: inout Workspace,
                                fileSystem: any FileSystem) -> LocalPackage? {
        var package = package
        let packages = Set(workspace.packages.map(\.directory))
        let missingHere = workspace.missing.filter { $0.location.path == package.manifestPath }
        let paths = Set(package.manifest.dependencies.filter { $0.kind == .fileSystem }.map(\.location))
        var dependencies = package.localDependencies.filter { !paths.contains($0.key) }
        var missing: [MissingPackage] = []
        for dependency in manifest.dependencies where dependency.kind == .fileSystem {
            if var entry = missingHere.first(where: { $0.written == dependency.location }) {
                entry.location = FileLocation(path: package.manifestPath, line: dependency.position?.line, column: dependency.position?.column)
                missing.append(entry)
                dependencies[dependency.location] = package.localDependencies[dependency.location]
                continue
            }
            let folder = package.localDependencies[dependency.location]
                ?? fileSystem.realPath(PathArithmetic.resolve(dependency.location, from: package.directory))
            guard packages.contains(folder) else { return nil }
            dependencies[dependency.location] = folder
        }
        package.manifest = manifest
        package.localDependencies = dependencies
        workspace.missing = workspace.missing.filter { $0.location.path != package.manifestPath } + missing
        return package
    }
}
