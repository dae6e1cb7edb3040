import Diagnostics
import Files
import ManifestReading
import Paths
import XcodeProjectReading

extension XcodeSelection {
    /// Whether a project (its path relative to the root) is read.
    func selects(_ relativePath: String) -> Bool {
        projects.isEmpty || projects.contains { $0.matchesPath(relativePath) }
    }
}

/// The `.xcworkspace`s of a repository: the projects and package folders each joins.
struct XcodeWorkspaces {
    /// Per workspace: the projects and package folders it names (absolute, links resolved), and the folders it names
    /// that hold neither (a package in a submodule not checked out).
    var members: [(projects: [String], packages: [String], withoutManifest: [String])] = []

    /// Every project and package folder some workspace names.
    var folders: [String] {
        members.flatMap { $0.projects + $0.packages }
    }

    static func read(_ workspaces: [String], fileSystem: any FileSystem, display: ManifestReads.DisplayPaths, notes: inout [Note]) -> XcodeWorkspaces {
        var result = XcodeWorkspaces()
        for workspace in workspaces.sorted() {
            let paths: [String]
            do {
                paths = try XcodeWorkspaceReader().read(workspacePath: workspace, fileSystem: fileSystem)
            } catch let error as InputError {
                var location = error.location
                if let path = location?.path { location?.path = display.display(path) }
                notes.append(Note("the projects and packages this workspace joins are not followed: \(error.message)", at: location))
                continue
            } catch {
                continue
            }
            let base = PathArithmetic.resolve("..", from: workspace)
            // CocoaPods' generated `Pods/Pods.xcodeproj` that every CocoaPods workspace joins is nobody's own code.
            let absolute = paths.map { fileSystem.realPath(PathArithmetic.resolve($0, from: base)) }
                .filter { GeneratedFolders.cocoaPodsOutput(containing: $0, fileSystem: fileSystem) == nil }
            let folders = absolute.filter { !$0.hasSuffix(".xcodeproj") }
            let packages = folders.filter { fileSystem.status(of: $0 + "/Package.swift").exists }
            result.members.append((absolute.filter { $0.hasSuffix(".xcodeproj") }, packages, folders.filter { !packages.contains($0) }))
        }
        return result
    }
}

extension WorkspaceAssembly {
    /// What only the workspace tells: a package folder a workspace joins stands in for the remote package of that identity
    /// in the workspace's projects; a product file linked from the build folder (`Core.framework`) is the product of
    /// the project target that builds it.
    mutating func linkXcodeProjects(_ workspaces: XcodeWorkspaces) {
        for member in workspaces.members {
            for project in member.projects {
                overrideRemotePackages(of: project, with: member.packages)
                resolveProductsByName(of: project, packages: member.packages, unreadable: member.withoutManifest)
            }
        }
        var builders: [String: (directory: String, target: String)] = [:]
        for directory in packages.keys.sorted() {
            for target in packages[directory]?.xcodeProject?.targets ?? [] {
                if let file = target.productFile, builders[file] == nil { builders[file] = (directory, target.name) }
            }
        }
        for directory in packages.keys.sorted() where packages[directory]?.xcodeProject != nil {
            linkBuiltProducts(of: directory, builders: builders)
        }
    }

    /// A `.package(path:)` to a folder without a package, whose identity is a local package an Xcode project or
    /// workspace of the repository joins: Xcode builds the joined package in its place (a local package overrides every
    /// dependency of its identity), so the path leads there.
    mutating func overrideMissingPaths(_ workspaces: XcodeWorkspaces) {
        var joined: [String: String] = [:]
        for folder in workspaces.members.flatMap(\.packages).sorted() where packages[folder] != nil {
            joined[PackageDependency.identity(forLocation: folder)] = joined[PackageDependency.identity(forLocation: folder)] ?? folder
        }
        for project in packages.keys.sorted() where packages[project]?.isXcodeProject == true {
            for folder in (packages[project]?.localDependencies.values.sorted() ?? []) where packages[folder] != nil {
                joined[PackageDependency.identity(forLocation: folder)] = joined[PackageDependency.identity(forLocation: folder)] ?? folder
            }
        }
        guard !joined.isEmpty else { return }
        for directory in packages.keys.sorted() {
            guard var package = packages[directory] else { continue }
            var changed = false
            for dependency in package.manifest.dependencies where dependency.kind == .fileSystem {
                guard let target = package.localDependencies[dependency.location], withoutManifest[target] != nil,
                      let folder = joined[dependency.identity] else { continue }
                package.localDependencies[dependency.location] = folder
                referenced.insert(folder)
                changed = true
            }
            if changed { packages[directory] = package }
        }
    }

    private mutating func overrideRemotePackages(of project: String, with folders: [String]) {
        guard var package = packages[project] else { return }
        let projectFolder = PathArithmetic.resolve("..", from: project)
        for index in package.manifest.dependencies.indices where package.manifest.dependencies[index].kind == .sourceControl {
            let identity = package.manifest.dependencies[index].identity
            guard let folder = folders.first(where: { PackageDependency.identity(forLocation: $0) == identity }) else { continue }
            let location = PathArithmetic.relative(folder, to: projectFolder)
            package.manifest.dependencies[index].kind = .fileSystem
            package.manifest.dependencies[index].location = location
            package.localDependencies[location] = folder
            referenced.insert(folder)
        }
        packages[project] = package
    }

    /// A product a project's target names without its package (`productName = VPNShared`, no package reference): Xcode
    /// finds it among the packages the workspace joins; while one of those cannot be read, it is that one's, undecided.
    private mutating func resolveProductsByName(of project: String, packages folders: [String], unreadable: [String]) {
        guard var package = packages[project] else { return }
        let projectFolder = PathArithmetic.resolve("..", from: project)
        let targets = Set(package.manifest.targets.map(\.name))
        for index in package.manifest.targets.indices {
            for position in package.manifest.targets[index].dependencies.indices {
                let dependency = package.manifest.targets[index].dependencies[position]
                guard dependency.kind == .byName, !targets.contains(dependency.name) else { continue }
                let owner = folders.first { packages[$0]?.manifest.products.contains { $0.name == dependency.name } == true } ?? unreadable.first
                guard let owner else { continue }
                let location = PathArithmetic.relative(owner, to: projectFolder)
                let identity = PackageDependency.identity(forLocation: owner)
                if !package.manifest.dependencies.contains(where: { $0.identity == identity }) {
                    package.manifest.dependencies.append(PackageDependency(identity: identity, kind: .fileSystem, location: location))
                }
                package.localDependencies[location] = owner
                package.manifest.targets[index].dependencies[position].kind = .product
                package.manifest.targets[index].dependencies[position].package = identity
            }
        }
        packages[project] = package
    }

    private mutating func linkBuiltProducts(of directory: String, builders: [String: (directory: String, target: String)]) {
        guard var package = packages[directory], let project = package.xcodeProject else { return }
        let projectFolder = PathArithmetic.resolve("..", from: directory)
        for target in project.targets {
            for dependency in target.dependencies {
                guard case .builtProduct(let file) = dependency.destination, let builder = builders[file], builder.directory != directory,
                      let index = package.manifest.targets.firstIndex(where: { $0.name == target.name }) else { continue }
                let location = PathArithmetic.relative(builder.directory, to: projectFolder)
                let identity = XcodeManifest.projectIdentity(location)
                if !package.manifest.dependencies.contains(where: { $0.identity == identity }) {
                    package.manifest.dependencies.append(PackageDependency(identity: identity, kind: .fileSystem, location: location))
                }
                package.localDependencies[location] = builder.directory
                package.manifest.targets[index].dependencies.append(TargetDependency(
                    kind: .product, name: builder.target, package: identity, position: dependency.line.map { SourcePosition(line: $0, column: 1) }))
            }
        }
        packages[directory] = package
    }
}
