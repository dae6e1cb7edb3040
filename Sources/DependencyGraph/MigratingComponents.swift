import Diagnostics
import Discovery
import Foundation
import PackageModel
import Paths

/// A component mid-migration: a podspec and a Package.swift in one folder, with what each declares it depends on.
public struct MigratingComponent: Sendable {
    /// One dependency as one of the two declarations writes it.
    public struct Declared: Sendable {
        /// The local component's name, or the outside pod or package as written.
        public var name: String
        /// For a local component: its folder (absolute), the same for both declarations.
        public var directory: String?
        /// For an outside one: every lowercased name it is known by (identity, declared name, products used).
        public var names: Set<String>
        /// The local component's folder relative to this one, as `.package(path:)` would write it.
        public var relativePath: String?
        public var location: FileLocation
    }

    /// The package's name.
    public var component: String
    public var podName: String
    /// As reports name them.
    public var podspecPath: String
    public var manifestPath: String
    public var podDependencies: [Declared]
    public var packageDependencies: [Declared]
    /// Sources the podspec's `source_files` select that no target of the package compiles, relative to the folder
    /// (empty when the sources were not read).
    public var podOnlyFiles: [String] = []
    /// Sources the package compiles that the podspec does not select, leaving out what `migrate-pods` writes (headers
    /// forwarded to `include/`, resource accessors).
    public var packageOnlyFiles: [String] = []
    /// The folder as reports name it.
    public var folder: String = ""
}

/// The sources both builds compile (headers aside: a package reaches them through `include/`).
private let comparedExtensions: Set<String> = ["swift", "m", "mm", "c", "cc", "cpp", "cxx"]

func isCompared(_ file: String) -> Bool {
    comparedExtensions.contains((file as NSString).pathExtension.lowercased())
}

extension DependencyGraph {
    /// What `migrate-pods` adds to a package beside the pod's own files: resource accessors (`<Target>Resources.m` or
    /// `.swift` in a `Generated` folder).
    static func isWrittenByMigration(_ file: String) -> Bool {
        let name = (file as NSString).lastPathComponent
        return file.split(separator: "/").contains("Generated") && (name.hasSuffix("Resources.swift") || name.hasSuffix("Resources.m"))
    }

    /// Every folder that holds both a podspec and a Package.swift, in folder order.
    public var migratingComponents: [MigratingComponent] {
        let names = Dictionary(packages.map { ($0.directory, $0.manifest.name) }, uniquingKeysWith: { first, _ in first })
        return packages.compactMap { package in
            guard let pod = package.origin.podspecBeside else { return nil }
            func at(_ dependency: PackageDependency, _ path: String) -> FileLocation {
                FileLocation(path: path, line: dependency.position?.line, column: dependency.position?.column)
            }
            var podSide: [MigratingComponent.Declared] = []
            let (libraryUses, testUses) = Self.namesUsed(by: pod.manifest)
            for dependency in pod.manifest.dependencies {
                let name = dependency.name ?? dependency.identity
                // A dependency only the pod's test specs take is not compared: the package's tests are another matter.
                if testUses.contains(name.lowercased()) && !libraryUses.contains(name.lowercased()) { continue }
                if let directory = pod.localDependencies[name] {
                    guard directory != package.directory else { continue }
                    podSide.append(.init(name: names[directory] ?? name, directory: directory, names: [],
                                         relativePath: PathArithmetic.relative(directory, to: package.directory), location: at(dependency, pod.path)))
                } else {
                    podSide.append(.init(name: name, directory: nil, names: [name.lowercased()], relativePath: nil, location: at(dependency, pod.path)))
                }
            }
            var packageSide: [MigratingComponent.Declared] = []
            for dependency in package.manifest.dependencies {
                if dependency.kind == .fileSystem, let directory = package.localDependencies[dependency.location] {
                    packageSide.append(.init(name: names[directory] ?? dependency.identity, directory: directory, names: [],
                                             relativePath: dependency.location, location: at(dependency, package.manifestPath)))
                    continue
                }
                var known: Set<String> = [dependency.identity.lowercased()]
                if let name = dependency.name { known.insert(name.lowercased()) }
                for target in package.manifest.targets {
                    for used in target.dependencies where used.kind == .product && known.contains(used.package?.lowercased() ?? "") {
                        known.insert(used.name.lowercased())
                    }
                }
                packageSide.append(.init(name: dependency.name ?? dependency.identity, directory: nil, names: known, relativePath: nil,
                                         location: at(dependency, package.manifestPath)))
            }
            var pair = MigratingComponent(component: package.manifest.name, podName: pod.manifest.name, podspecPath: pod.path,
                                          manifestPath: package.manifestPath, podDependencies: podSide, packageDependencies: packageSide)
            pair.folder = (package.manifestPath as NSString).deletingLastPathComponent
            // A package shipped as several pods (one podspec a product) compiles what all of them select; the others are
            // not read for their files, so its files are not compared.
            if let packageFiles = compiledFiles[package.relativeDirectory], pod.otherPods.isEmpty {
                let podFiles = Set(pod.manifest.targets.filter { $0.type != .test }.flatMap { $0.sources ?? [] }.filter(isCompared))
                let compared = packageFiles.filter(isCompared)
                // A file holding no code (a placeholder kept so that CocoaPods makes its folder) builds nothing either way.
                let codeless = codelessFiles[package.relativeDirectory] ?? []
                pair.podOnlyFiles = podFiles.subtracting(compared).subtracting(codeless).sorted()
                pair.packageOnlyFiles = compared.subtracting(podFiles).subtracting(codeless).filter { !Self.isWrittenByMigration($0) }.sorted()
            }
            return pair
        }
    }
}

extension DependencyGraph {
    /// The lowercased names of the products (and their packages) a manifest's library targets and test targets use.
    static func namesUsed(by manifest: Manifest) -> (library: Set<String>, test: Set<String>) {
        var library: Set<String> = [], test: Set<String> = []
        for target in manifest.targets {
            let names = target.dependencies.flatMap { [$0.name.lowercased()] + ($0.package.map { [$0.lowercased()] } ?? []) }
            if target.type == .test { test.formUnion(names) } else { library.formUnion(names) }
        }
        return (library, test)
    }
}
