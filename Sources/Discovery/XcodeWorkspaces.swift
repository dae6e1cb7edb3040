import Diagnostics
import Files
import PackageModel
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
                .filter { !GeneratedFolders.isCocoaPodsProject($0, fileSystem: fileSystem) }
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
            for project in member.projects { overrideRemotePackages(of: project, with: member.packages) }
        }
        var builders: [String: (directory: String, target: String)] = [:]
        for directory in packages.keys.sorted() {
            for target in packages[directory]?.origin.xcodeProject?.targets ?? [] {
                if let file = target.productFile, builders[file] == nil { builders[file] = (directory, target.name) }
            }
        }
        for directory in packages.keys.sorted() where packages[directory]?.isXcodeProject == true {
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

    /// Products the projects' targets name without their package (`productName = VPNShared`, no package reference), found
    /// as Xcode finds them: in every package of the resolved graph, that is the project's own local packages, those its
    /// workspace joins, and the packages those depend on, by path or from outside. Then the targets' dependencies on
    /// targets other projects no longer have are set aside, with a note.
    mutating func resolveProductsByName(_ workspaces: XcodeWorkspaces, notes: inout [Note]) {
        var joined: [String: (packages: [String], unreadable: [String])] = [:]
        for member in workspaces.members {
            for project in member.projects {
                joined[project, default: ([], [])].packages += member.packages
                joined[project, default: ([], [])].unreadable += member.withoutManifest
            }
        }
        for project in packages.keys.sorted() where packages[project]?.isXcodeProject == true {
            let own = packages[project]?.localDependencies.values.sorted() ?? []
            var graph = packagesReached(from: own + (joined[project]?.packages ?? []))
            let remote = (packages[project]?.manifest.dependencies ?? []).filter { $0.kind == .sourceControl || $0.kind == .registry }
            graph.unread = (joined[project]?.unreadable ?? []).map { .folder($0) } + remote.map { .outside($0) } + graph.unread
            resolveProductsByName(of: project, in: graph, inWorkspace: joined[project] != nil)
        }
        notes += dropStaleProjectDependencies()
    }

    /// A package of a project's resolved graph that componentize cannot read: a folder without a readable manifest, or
    /// an outside package (not checked out here) some package of the graph depends on.
    enum UnreadPackage: Hashable {
        case folder(String)
        case outside(PackageDependency)

        var identity: String {
            switch self {
            case .folder(let folder): return PackageDependency.identity(forLocation: folder)
            case .outside(let dependency): return dependency.identity
            }
        }
    }

    /// The package folders reached from `folders`, transitively, in the order reached (`folders` first): those read,
    /// and the packages that cannot be (folders without a readable manifest, outside packages).
    private func packagesReached(from folders: [String]) -> (readable: [String], unread: [UnreadPackage]) {
        var readable: [String] = [], unread: [UnreadPackage] = [], seen: Set<String> = [], pending = folders[...]
        while let folder = pending.popFirst() {
            guard !folder.hasSuffix(".xcodeproj"), seen.insert(folder).inserted else { continue }
            guard let package = packages[folder] else {
                // A project that cannot be read (a Tuist description declined) holds targets, never the package a product
                // named without its package comes from.
                let unreadPackage = self.unreadable[folder].map { !$0.kind.isXcodeProject } ?? false
                if withoutManifest[folder] != nil || unreadPackage { unread.append(.folder(folder)) }
                continue
            }
            readable.append(folder)
            for dependency in package.manifest.dependencies where dependency.kind == .sourceControl || dependency.kind == .registry {
                if !unread.contains(.outside(dependency)) { unread.append(.outside(dependency)) }
            }
            pending.append(contentsOf: package.localDependencies.values.sorted())
        }
        return (readable, unread)
    }

    /// One project's products named without their package: a package of the graph that has it; else, among those that
    /// cannot be read, the only one, or the one another manifest of the repository names the product with; else it
    /// stays named without its package, and what it provides is undecided.
    private mutating func resolveProductsByName(of project: String, in graph: (readable: [String], unread: [UnreadPackage]), inWorkspace: Bool) {
        guard var package = packages[project] else { return }
        let projectFolder = PathArithmetic.resolve("..", from: project)
        let targets = Set(package.manifest.targets.map(\.name))
        // Outside a workspace, the project's own local packages' products are found where its other entries are
        // (EdgeResolution); in one, they are named with their package, as the workspace's are.
        let own = inWorkspace ? [] : Set(package.localDependencies.values.compactMap { packages[$0] }.flatMap { $0.manifest.products.map(\.name) })
        for index in package.manifest.targets.indices {
            for position in package.manifest.targets[index].dependencies.indices {
                let dependency = package.manifest.targets[index].dependencies[position]
                guard dependency.kind == .byName, !targets.contains(dependency.name), !own.contains(dependency.name) else { continue }
                let owner: UnreadPackage? = graph.readable.first { packages[$0]?.manifest.products.contains { $0.name == dependency.name } == true }
                    .map { .folder($0) } ?? unreadOwner(of: dependency.name, among: graph.unread)
                guard let owner else { continue }
                let declared: PackageDependency
                switch owner {
                case .folder(let folder):
                    declared = PackageDependency(identity: owner.identity, kind: .fileSystem, location: PathArithmetic.relative(folder, to: projectFolder))
                    package.localDependencies[declared.location] = folder
                case .outside(let dependency):
                    declared = dependency
                }
                if !package.manifest.dependencies.contains(where: { $0.identity == declared.identity }) {
                    package.manifest.dependencies.append(PackageDependency(identity: declared.identity, kind: declared.kind, location: declared.location))
                }
                package.manifest.targets[index].dependencies[position].kind = .product
                package.manifest.targets[index].dependencies[position].package = declared.identity
            }
        }
        packages[project] = package
    }

    /// Which of the packages that cannot be read holds a product: the only one, or the one another manifest of the
    /// repository names it with (`.product(name: "ProtonCoreUIFoundations", package: "protoncore")`); nil when it cannot
    /// be told. The name another manifest gives is the package's identity or its `name:`, compared lowercased.
    private func unreadOwner(of product: String, among unread: [UnreadPackage]) -> UnreadPackage? {
        var candidates: [UnreadPackage] = []
        for package in unread where !candidates.contains(where: { $0.identity == package.identity }) { candidates.append(package) }
        guard candidates.count > 1 else { return candidates.first }
        let named = Set(packages.values.flatMap { package in
            package.manifest.targets.flatMap(\.dependencies).filter { $0.kind == .product && $0.name == product }.compactMap { $0.package?.lowercased() }
        })
        let matching = candidates.filter { named.contains($0.identity) }
        return matching.count == 1 ? matching[0] : nil
    }

    /// Resolves the dependencies of projects' targets on targets of other projects as Xcode does, by the target's object
    /// id (`remoteGlobalIDString`): the name recorded beside it (`remoteInfo`) is stale once the target is renamed. One
    /// whose id and name the other project both lack (a project generated again since) is dropped: which target Xcode
    /// would build cannot be told. A note for each pair of projects says so.
    private mutating func dropStaleProjectDependencies() -> [Note] {
        var notes: [Note] = []
        for directory in packages.keys.sorted() {
            guard var package = packages[directory], let project = package.origin.xcodeProject else { continue }
            var stale: [String: [String]] = [:]
            for index in package.manifest.targets.indices {
                package.manifest.targets[index].dependencies = package.manifest.targets[index].dependencies.compactMap { dependency in
                    guard dependency.kind == .product, let other = package.manifest.dependencies.first(where: { $0.identity == dependency.package }),
                          let folder = package.localDependencies[other.location], folder.hasSuffix(".xcodeproj"), let target = packages[folder],
                          !target.manifest.targets.contains(where: { $0.name == dependency.name }) else { return dependency }
                    let id = project.otherTargetIDs[XcodeProject.OtherTarget(path: other.location, name: dependency.name)]
                    if let id, let renamed = target.origin.xcodeProject?.targetIDs.first(where: { $0.value == id })?.key {
                        var resolved = dependency
                        resolved.name = renamed
                        return resolved
                    }
                    stale[other.location, default: []].append(dependency.name)
                    return nil
                }
            }
            packages[directory] = package
            for (location, names) in stale.sorted(by: { $0.key < $1.key }) {
                let listed = Array(Set(names)).sorted()
                notes.append(Note("targets of this project depend on \(listed.count == 1 ? "target" : "targets") \(listed.prefix(5).joined(separator: ", "))\(listed.count > 5 ? " and \(listed.count - 5) more" : "") of \(location), which has no target of \(listed.count == 1 ? "that name" : "those names") (a project generated again since?): which targets Xcode builds there cannot be told, so those dependencies are not checked",
                                  at: FileLocation(path: package.manifestPath)))
            }
        }
        return notes
    }

    private mutating func linkBuiltProducts(of directory: String, builders: [String: (directory: String, target: String)]) {
        guard var package = packages[directory], let project = package.origin.xcodeProject else { return }
        let projectFolder = PathArithmetic.resolve("..", from: directory)
        for target in project.targets {
            for dependency in target.dependencies {
                guard case .builtProduct(let file) = dependency.destination,
                      let index = package.manifest.targets.firstIndex(where: { $0.name == target.name }) else { continue }
                guard let builder = builders[file] else {
                    // No project of the repository builds it (a script, Carthage or a pod does): the framework's module,
                    // named like it, is what the target links, as for a framework file of the repository.
                    if file.hasSuffix(".framework"), XcodeManifest.podsIntegration(ofBuiltProduct: file) == nil {
                        let module = String(file.dropLast(".framework".count))
                        if !package.manifest.targets[index].vendoredModules.contains(module) { package.manifest.targets[index].vendoredModules.append(module) }
                    }
                    continue
                }
                guard builder.directory != directory else { continue }
                let location = PathArithmetic.relative(builder.directory, to: projectFolder)
                // Projects described by specs all named `project.yml` (or folders sharing a name) share a folder name:
                // the whole path then names each, as for other projects (XcodeManifest.projectIdentities).
                var identity = XcodeManifest.projectIdentity(location)
                if package.manifest.dependencies.contains(where: { $0.identity == identity && $0.location != location }) {
                    identity = location.lowercased()
                }
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
