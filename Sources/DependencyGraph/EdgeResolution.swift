import Diagnostics
import Discovery
import PackageModel
import Parallel
import Paths

/// Turns each target dependency written in a manifest into edges: to local targets (through a product of a
/// package reached by path, or a target of the same package), to a product of an external package, or to
/// nothing (`unresolved`, with the reason).
public struct EdgeResolution: Sendable {
    public init() {}

    public func edges(of workspace: Workspace) -> [Edge] {
        edges(of: workspace, numbering: TargetNumbering(workspace))
    }

    /// Edges in manifest order, packages in workspace order; each carries the numbers of its ends.
    func edges(of workspace: Workspace, numbering: TargetNumbering) -> [Edge] {
        edges(of: workspace, numbering: numbering, surroundings: Surroundings(workspace), packages: Array(workspace.packages.indices))
    }

    /// The edges of the packages at `indices` (in that order), each package's in manifest order.
    func edges(of workspace: Workspace, numbering: TargetNumbering, surroundings: Surroundings, packages indices: [Int]) -> [Edge] {
        let packages = workspace.packages
        return inSlices(of: indices.count) { slice in
            slice.flatMap { position in
                let index = indices[position]
                return edges(of: PackageContext(package: packages[index], index: index, packages: packages, numbering: numbering,
                                                unavailable: surroundings.unavailable, unavailableProjects: surroundings.projects,
                                                missingPodspecs: surroundings.podspecs))
            }
        }
    }

    /// What a package's edges read of the workspace besides the packages: the folders whose package cannot be known.
    struct Surroundings: Sendable, Equatable {
        /// Folders path dependencies lead to whose package cannot be known (``Workspace/unavailableDirectories``).
        var unavailable: Set<String>
        /// An unreadable or missing Xcode or Tuist project holds targets, never a product named without its package.
        var projects: Set<String>
        /// The podspecs Podfiles' path pods name that their folders do not hold.
        var podspecs: Set<String>

        init(_ workspace: Workspace) {
            unavailable = workspace.unavailableDirectories
            projects = Set(workspace.unreadable.filter(\.kind.isXcodeProject).map(\.dependedOnAt)
                + workspace.missing.filter(\.kind.isXcodeProject).map(\.directory) + workspace.declined)
            podspecs = Set(workspace.missing.filter { $0.kind == .pod }.map { PathArithmetic.join($0.directory, $0.expectedFile) })
        }
    }

    /// One package's edges, in manifest order.
    func edges(of context: PackageContext) -> [Edge] {
        let package = context.package
        var edges: [Edge] = []
        for target in package.manifest.targets {
            let from = TargetID(package: package.relativeDirectory, name: target.name)
            guard let fromNumber = context.numbering.number(of: target.name, inPackage: context.index) else { continue }
            for dependency in target.dependencies {
                let location = FileLocation(path: dependency.file ?? package.manifestPath, line: dependency.position?.line, column: dependency.position?.column)
                context.resolve(dependency) { written, destination, toNumber in
                    edges.append(Edge(from: from, to: destination, written: written, location: location, fromNumber: fromNumber, toNumber: toNumber,
                                      viaPodfile: dependency.viaPodfile))
                }
            }
        }
        return edges
    }

    /// One package's view of its dependencies.
    struct PackageContext {
        var package: LocalPackage
        /// Its index in the workspace.
        var index: Int
        var packages: [LocalPackage]
        var numbering: TargetNumbering
        /// Declared package dependencies by identity.
        var dependencies: [String: PackageDependency]
        /// The local packages (by index) its `.package(path:)` entries lead to, in manifest order.
        var localPackages: [Int]
        var hasExternalDependency: Bool
        /// Identities of path dependencies and local pods whose package cannot be read (no manifest, or an unreadable one).
        var unavailablePackages: Set<String>
        /// Those of them that are packages, not Xcode or Tuist projects: what may hold a product named without its package.
        var unavailableProducers: Set<String> = []

        /// `missingPodspecs`: the podspecs Podfiles' path pods name that their folders do not hold (`NXKit/NXKit.podspec`):
        /// a pod of that name there is unavailable (its Podfile line's `unresolved` says it once), whatever else the folder holds.
        init(package: LocalPackage, index: Int, packages: [LocalPackage], numbering: TargetNumbering, unavailable: Set<String> = [],
             unavailableProjects: Set<String> = [], missingPodspecs: Set<String> = []) {
            self.package = package
            self.index = index
            self.packages = packages
            self.numbering = numbering
            var dependencies: [String: PackageDependency] = [:]
            var localPackages: [Int] = []
            var hasExternal = false
            var unavailablePackages: Set<String> = [], producers: Set<String> = []
            for dependency in package.manifest.dependencies {
                dependencies[dependency.identity] = dependency
                if let name = dependency.name { dependencies[name] = dependency }
                if dependency.kind == .pod, let directory = package.localDependencies[dependency.location],
                   missingPodspecs.contains(PathArithmetic.join(directory, (dependency.name ?? dependency.location) + ".podspec")) {
                    unavailablePackages.insert(dependency.identity)
                    producers.insert(dependency.identity)
                } else if let local = Self.localPackage(dependency, of: package, numbering: numbering) {
                    localPackages.append(local)
                } else if dependency.kind == .fileSystem || dependency.kind == .pod, let directory = package.localDependencies[dependency.location],
                          unavailable.contains(directory) {
                    unavailablePackages.insert(dependency.identity)
                    if !unavailableProjects.contains(directory) { producers.insert(dependency.identity) }
                } else {
                    hasExternal = true
                }
            }
            self.dependencies = dependencies
            self.localPackages = localPackages
            self.unavailablePackages = unavailablePackages
            unavailableProducers = producers
            hasExternalDependency = hasExternal
        }

        static func localPackage(_ dependency: PackageDependency, of package: LocalPackage, numbering: TargetNumbering) -> Int? {
            guard dependency.kind == .fileSystem || dependency.kind == .pod, let directory = package.localDependencies[dependency.location] else { return nil }
            return numbering.packageIndex[directory]
        }

        /// The outside package a by-name dependency comes from: the one of its name (SwiftPM asks `.product(name:package:)`
        /// for any other since tools 5.2), else the only outside package declared; nil when it cannot be told.
        func externalPackage(ofByName name: String) -> String? {
            let outside = package.manifest.dependencies.filter { dependency in
                Self.localPackage(dependency, of: package, numbering: numbering) == nil && !unavailablePackages.contains(dependency.identity)
            }
            if let named = outside.first(where: { $0.identity == name.lowercased() || $0.name == name }) { return named.identity }
            return outside.count == 1 ? outside[0].identity : nil
        }

        /// The outside package the manifest joins whose identity is `name` (`rxswift` for product `RxSwift`), if any.
        func externalPackage(namedLike name: String) -> String? {
            package.manifest.dependencies.first { dependency in
                dependency.identity == name.lowercased() && !unavailablePackages.contains(dependency.identity)
                    && Self.localPackage(dependency, of: package, numbering: numbering) == nil
            }?.identity
        }

        /// The targets behind a product of a local package, or nil when it has no such product.
        func productTargets(_ product: String, of local: Int) -> [String]? {
            packages[local].manifest.products.first(where: { $0.name == product })?.targets
        }

        /// A pod's `X/Sub` (a Podfile's or a podspec's) on a component mid-migration, whose graph is its Package.swift:
        /// CocoaPods still builds the pod from its podspec, one module `X`, so the pod's own product, with the product
        /// `migrate-pods` makes of the subspec (`XSub`) when there is one; nil for any other dependency.
        func podProductTargets(_ product: String, declared: PackageDependency, of local: Int) -> [String]? {
            guard declared.kind == .pod, packages[local].kind == .package, let slash = product.firstIndex(of: "/") else { return nil }
            let pod = productTargets(String(product[..<slash]), of: local) ?? []
            let subspec = productTargets(String(product.filter { $0 != "/" }), of: local) ?? []
            let targets = pod + subspec.filter { !pod.contains($0) }
            return targets.isEmpty ? nil : targets
        }

        /// Calls `add` with the dependency as written, each destination it resolves to, and the destination's node
        /// number when it is a local target.
        func resolve(_ dependency: TargetDependency, _ add: (String, Edge.Destination, Int?) -> Void) {
            let manifest = package.manifest
            let name = dependency.name
            func target(_ target: String, of local: Int, written: String) {
                guard let number = numbering.number(of: target, inPackage: local) else {
                    return add(written, .unresolved("package '\(packages[local].manifest.name)' has no target named '\(target)' for its product '\(name)'"), nil)
                }
                add(written, .target(TargetID(package: packages[local].relativeDirectory, name: target)), number)
            }
            switch dependency.kind {
            case .target:
                guard numbering.number(of: name, inPackage: index) != nil else {
                    return add(name, .unresolved("\(manifest.name) has no target named '\(name)'\(EditDistance.suggestion(for: name, in: manifest.targets.map(\.name)))"), nil)
                }
                target(name, of: index, written: name)
            case .byName:
                if numbering.number(of: name, inPackage: index) != nil { return target(name, of: index, written: name) }
                for candidate in localPackages {
                    if let targets = productTargets(name, of: candidate) {
                        return targets.forEach { target($0, of: candidate, written: name) }
                    }
                }
                if let unavailable = unavailableProducers.min() { return add(name, .unavailable(package: unavailable, product: name), nil) }
                // Xcode finds a product named without its package among every package the project or its workspace joins
                // (a package folder it holds as a folder reference too): the one local package with that product is it;
                // one componentize did not find is a package it cannot see, not the project's only outside package. A
                // joined package whose identity is the product's name holds it, as SwiftPM names a package's main product.
                if package.isXcodeProject {
                    let offering = packages.indices.filter { !packages[$0].isXcodeProject && productTargets(name, of: $0) != nil }
                    if offering.count == 1, let targets = productTargets(name, of: offering[0]) {
                        return targets.forEach { target($0, of: offering[0], written: name) }
                    }
                    return add(name, .external(package: externalPackage(namedLike: name), product: name), nil)
                }
                if hasExternalDependency { return add(name, .external(package: externalPackage(ofByName: name), product: name), nil) }
                add(name, .unresolved("'\(name)' is neither a target of \(manifest.name) nor a product of its dependencies"), nil)
            case .product:
                let packageName = dependency.package ?? name
                let written = "\(name) from \(packageName)"
                let declared = dependencies[packageName] ?? dependencies[packageName.lowercased()]
                    ?? manifest.dependencies.first { PackageDependency.identity(forLocation: $0.location) == packageName.lowercased() }
                // With a path dependency to a missing folder, the package named may be that one (a typo in the path): the
                // path's finding says it once. A project that cannot be read holds targets, never the package named.
                if declared == nil, let unavailable = unavailableProducers.min() {
                    return add(written, .unavailable(package: unavailable, product: name), nil)
                }
                // Before tools 5.5, `package:` is the name a dependency's own manifest gives it: for an outside package
                // not read here, that name cannot be known.
                if declared == nil, manifest.toolsVersion < ToolsVersion(5, 5) {
                    if let local = localPackages.first(where: { packages[$0].manifest.name == packageName }), let targets = productTargets(name, of: local) {
                        return targets.forEach { target($0, of: local, written: written) }
                    }
                    if hasExternalDependency { return add(written, .external(package: packageName, product: name), nil) }
                }
                guard let declared else {
                    return add(written, .unresolved("package '\(packageName)' is not among \(manifest.name)'s dependencies"
                        + EditDistance.suggestion(for: packageName, in: manifest.dependencies.map { $0.name ?? $0.identity })), nil)
                }
                if unavailablePackages.contains(declared.identity) { return add(written, .unavailable(package: declared.identity, product: name), nil) }
                guard let local = Self.localPackage(declared, of: package, numbering: numbering) else {
                    return add(written, .external(package: declared.identity, product: name), nil)
                }
                guard let targets = productTargets(name, of: local) ?? podProductTargets(name, declared: declared, of: local) else {
                    // A pod of a folder read as the package beside its podspecs (an SDK's repository root: tens of podspecs
                    // and one Package.swift): CocoaPods builds it from its own podspec, which no product need mirror.
                    if declared.kind == .pod, packages[local].kind == .package {
                        return add(written, .unavailable(package: declared.identity, product: name), nil)
                    }
                    return add(written, .unresolved("package '\(packages[local].manifest.name)' has no product named '\(name)'"
                        + EditDistance.suggestion(for: name, in: packages[local].manifest.products.map(\.name))), nil)
                }
                targets.forEach { target($0, of: local, written: written) }
            }
        }
    }
}
