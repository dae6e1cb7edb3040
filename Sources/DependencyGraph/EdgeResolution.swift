import Diagnostics
import Discovery
import ManifestReading

/// Turns each target dependency written in a manifest into edges: to local targets (through a product of a
/// package reached by path, or a target of the same package), to a product of an external package, or to
/// nothing (`unresolved`, with the reason).
public struct EdgeResolution: Sendable {
    public init() {}

    public func edges(of workspace: Workspace) -> [Edge] {
        var packagesByDirectory: [String: LocalPackage] = [:]
        for package in workspace.packages { packagesByDirectory[package.directory] = package }
        let unavailable = workspace.unavailableDirectories
        var edges: [Edge] = []
        for package in workspace.packages {
            let context = PackageContext(package: package, packagesByDirectory: packagesByDirectory, unavailable: unavailable)
            for target in package.manifest.targets {
                let from = TargetID(package: package.relativeDirectory, name: target.name)
                for dependency in target.dependencies {
                    let location = FileLocation(path: package.manifestPath, line: dependency.position?.line, column: dependency.position?.column)
                    let (written, destinations) = context.resolve(dependency)
                    for destination in destinations {
                        edges.append(Edge(from: from, to: destination, written: written, location: location))
                    }
                }
            }
        }
        return edges
    }

    /// One package's view of its dependencies.
    struct PackageContext {
        var package: LocalPackage
        var targetNames: Set<String>
        /// Declared package dependencies by identity.
        var dependencies: [String: PackageDependency]
        /// The local packages its `.package(path:)` entries lead to, in manifest order.
        var localPackages: [LocalPackage]
        var hasExternalDependency: Bool
        /// Identities of path dependencies whose package cannot be read (no manifest, or an unreadable one).
        var unavailablePackages: Set<String>
        var packagesByDirectory: [String: LocalPackage]

        init(package: LocalPackage, packagesByDirectory: [String: LocalPackage], unavailable: Set<String> = []) {
            self.package = package
            self.packagesByDirectory = packagesByDirectory
            targetNames = Set(package.manifest.targets.map(\.name))
            var dependencies: [String: PackageDependency] = [:]
            var localPackages: [LocalPackage] = []
            var hasExternal = false
            var unavailablePackages: Set<String> = []
            for dependency in package.manifest.dependencies {
                dependencies[dependency.identity] = dependency
                if let local = Self.localPackage(dependency, of: package, in: packagesByDirectory) {
                    localPackages.append(local)
                } else if dependency.kind == .fileSystem, let directory = package.pathDependencies[dependency.location],
                          unavailable.contains(directory) {
                    unavailablePackages.insert(dependency.identity)
                } else {
                    hasExternal = true
                }
            }
            self.dependencies = dependencies
            self.localPackages = localPackages
            self.unavailablePackages = unavailablePackages
            hasExternalDependency = hasExternal
        }

        static func localPackage(_ dependency: PackageDependency, of package: LocalPackage,
                                 in packagesByDirectory: [String: LocalPackage]) -> LocalPackage? {
            guard dependency.kind == .fileSystem, let directory = package.pathDependencies[dependency.location] else { return nil }
            return packagesByDirectory[directory]
        }

        /// The targets behind a product of a local package, or nil when it has no such product.
        func productTargets(_ product: String, of local: LocalPackage) -> [Edge.Destination]? {
            guard let declared = local.manifest.products.first(where: { $0.name == product }) else { return nil }
            return declared.targets.map { .target(TargetID(package: local.relativeDirectory, name: $0)) }
        }

        func resolve(_ dependency: TargetDependency) -> (written: String, destinations: [Edge.Destination]) {
            let manifest = package.manifest
            let sameTarget = Edge.Destination.target(TargetID(package: package.relativeDirectory, name: dependency.name))
            switch dependency.kind {
            case .target:
                return (dependency.name, targetNames.contains(dependency.name)
                    ? [sameTarget] : [.unresolved("\(manifest.name) has no target named '\(dependency.name)'")])
            case .byName:
                if targetNames.contains(dependency.name) { return (dependency.name, [sameTarget]) }
                for local in localPackages {
                    if let destinations = productTargets(dependency.name, of: local) { return (dependency.name, destinations) }
                }
                if let unavailable = unavailablePackages.min() { return (dependency.name, [.unavailable(package: unavailable)]) }
                if hasExternalDependency { return (dependency.name, [.external(package: nil, product: dependency.name)]) }
                return (dependency.name, [.unresolved("'\(dependency.name)' is neither a target of \(manifest.name) nor a product of its dependencies")])
            case .product:
                let packageName = dependency.package ?? dependency.name
                let written = "\(dependency.name) from \(packageName)"
                let declared = dependencies[packageName.lowercased()]
                    ?? manifest.dependencies.first { PackageDependency.identity(forLocation: $0.location) == packageName.lowercased() }
                guard let declared else {
                    return (written, [.unresolved("package '\(packageName)' is not among \(manifest.name)'s dependencies")])
                }
                if unavailablePackages.contains(declared.identity) { return (written, [.unavailable(package: declared.identity)]) }
                guard let local = Self.localPackage(declared, of: package, in: packagesByDirectory) else {
                    return (written, [.external(package: declared.identity, product: dependency.name)])
                }
                return (written, productTargets(dependency.name, of: local)
                    ?? [.unresolved("package '\(local.manifest.name)' has no product named '\(dependency.name)'")])
            }
        }
    }
}
