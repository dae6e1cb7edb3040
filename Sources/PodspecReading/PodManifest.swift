import Diagnostics
import ManifestReading

/// A pod as a package of the graph: the pod a package, the spec and each subspec a target (`NXUI`, `NXUI/Core`), each a
/// product; a subspec depends on what its parents declare plus its own; `s.dependency 'X/Y'` is a dependency on product
/// `X/Y` of package `X` (a target of the pod itself when X is the pod), a package dependency of kind `pod` whose location
/// is the pod's name: discovery leads those that name a pod or package of the repository to its folder. A test spec
/// (`s.test_spec`) is a test target (`NXUI/Tests`) depending on its spec and on what the spec depends on, in no product.
public enum PodManifest {
    /// `files` and `folders`: everything under the pod's folder, relative to it, for its `source_files` (nil: unknown).
    public static func manifest(of spec: PodSpec, file: String, reader: ReaderKind, files: [String]? = nil, folders: Set<String> = []) -> Manifest {
        let podName = spec.name ?? String(file.prefix { $0 != "." })
        var targets: [Target] = []
        var products: [Product] = []
        var packages: [PackageDependency] = []
        var seenPackages: Set<String> = []
        let rootSpec = spec

        func walk(_ spec: PodSpec, name: String, inherited: [PodDependency], inheritedPrefix: [PodAttribute], testOf: String? = nil) -> [String] {
            // A subspec does not inherit its parent's dependency on itself; a spec that names itself is a cycle.
            let dependencies = inherited.filter { $0.name != name } + spec.dependencies
            let prefix = inheritedPrefix + spec.attributes.filter { $0.key == "prefix_header_contents" || $0.key.hasSuffix(".prefix_header_contents") }
            var targetDependencies: [TargetDependency] = []
            if let testOf {
                let position = spec.location.line.map { SourcePosition(line: $0, column: spec.location.column ?? 1) }
                targetDependencies.append(TargetDependency(kind: .target, name: testOf, position: position))
            }
            for dependency in dependencies {
                let position = dependency.location.line.map { SourcePosition(line: $0, column: dependency.location.column ?? 1) }
                let platforms = dependency.platform.map { [$0 == "osx" ? "macos" : $0] }
                if dependency.podName == podName {
                    targetDependencies.append(TargetDependency(kind: .target, name: dependency.name, platforms: platforms, position: position))
                    continue
                }
                targetDependencies.append(TargetDependency(kind: .product, name: dependency.name, package: dependency.podName, platforms: platforms,
                                                           position: position))
                if seenPackages.insert(dependency.podName).inserted {
                    var package = PackageDependency(identity: dependency.podName.lowercased(), kind: .pod, location: dependency.podName,
                                                    position: position)
                    package.name = dependency.podName
                    packages.append(package)
                }
            }
            var target = Target(name: name, type: testOf == nil ? .regular : .test, dependencies: targetDependencies,
                                position: spec.location.line.map { SourcePosition(line: $0, column: spec.location.column ?? 1) })
            if let files {
                func patterns(_ key: String) -> [String] {
                    spec.attributes.filter { $0.key == key || $0.key.hasSuffix("." + key) }.flatMap(\.value.strings)
                }
                let excluded = Set(PodSourceFiles.select(patterns("exclude_files"), from: files, folders: folders))
                target.path = "."
                target.sources = PodSourceFiles.select(patterns("source_files"), from: files, folders: folders).filter { !excluded.contains($0) }
            } else {
                target.sourcesUnknown = "the pod's folder could not be listed for its source_files"
            }
            if testOf != nil {
                // A test spec is a test bundle of its own: its own module, as SwiftPM would build it.
                target.moduleName = name.split(separator: "/").joined()
            } else if case .string(let module)? = rootSpec.attribute("module_name")?.value {
                target.moduleName = module
            } else {
                target.moduleName = podName
            }
            if let first = prefix.first {
                let position = first.location.line.map { SourcePosition(line: $0, column: first.location.column ?? 1) }
                target.prefixHeader = PrefixHeader(text: prefix.flatMap(\.value.strings).joined(separator: "\n"), position: position)
            }
            targets.append(target)
            if testOf != nil { return [name] }
            var contained = [name]
            var defaults: [String] = []
            if let chosen = spec.attribute("default_subspecs")?.value ?? spec.attribute("default_subspec")?.value {
                defaults = chosen.strings.filter { $0 != "none" && $0 != ":none" }.map { "\(name)/\($0)" }
            }
            var descendants: [String] = []
            for subspec in spec.subspecs {
                let childName = "\(name)/\(subspec.subspecName ?? "")"
                let childTargets = walk(subspec, name: childName, inherited: dependencies, inheritedPrefix: prefix)
                descendants += childTargets
                if spec.attribute("default_subspecs") == nil && spec.attribute("default_subspec") == nil || defaults.contains(childName) {
                    contained += childTargets
                }
            }
            products.append(Product(name: name, type: .library, targets: contained))
            // A test spec tests its spec: it depends on it, and CocoaPods links what the spec depends on into it too.
            for test in spec.testSpecs {
                _ = walk(test, name: "\(name)/\(test.subspecName ?? "Tests")", inherited: dependencies, inheritedPrefix: [], testOf: name)
            }
            return [name] + descendants
        }
        _ = walk(spec, name: podName, inherited: [], inheritedPrefix: [])
        products.sort { $0.name < $1.name }
        return Manifest(manifestFile: file, reader: reader, name: podName, toolsVersion: ToolsVersion(5, 9),
                        dependencies: packages, products: products, targets: targets)
    }
}
