import Diagnostics
import PackageModel

/// A pod as a package of the graph: the pod a package, the spec and each subspec a target (`NXUI`, `NXUI/Core`), each a
/// product; a subspec depends on what its parents declare plus its own; `s.dependency 'X/Y'` is a dependency on product
/// `X/Y` of package `X` (a target of the pod itself when X is the pod), a package dependency of kind `pod` whose location
/// is the pod's name: discovery leads those that name a pod or package of the repository to its folder. A test spec
/// (`s.test_spec`) is a test target (`NXUI/Tests`) depending on its spec and on what the spec depends on, in no product.
public enum PodManifest {
    /// `files` and `folders`: everything under the pod's folder, relative to it, for its `source_files` (nil: unknown).
    public static func manifest(of spec: PodSpec, file: String, reader: ReaderKind, files: [String]? = nil, folders: Set<String> = []) -> Manifest {
        let podName = spec.name ?? String(file.prefix { $0 != "." })
        let tree = PodSpecTree(spec, podName: podName)
        var packages: [PackageDependency] = []
        var seenPackages: Set<String> = []
        var targets: [Target] = []
        for node in tree.nodes {
            var target = Target(name: node.name, type: node.isTest ? .test : .regular, dependencies: [], position: position(of: node.spec.location))
            if node.isTest, let tested = node.parent {
                target.dependencies.append(TargetDependency(kind: .target, name: tree.nodes[tested].name, position: position(of: node.spec.location)))
            }
            for dependency in node.dependencies {
                target.dependencies.append(targetDependency(dependency, podName: podName))
                if dependency.podName != podName, seenPackages.insert(dependency.podName).inserted {
                    var package = PackageDependency(identity: dependency.podName.lowercased(), kind: .pod, location: dependency.podName,
                                                    position: position(of: dependency.location))
                    package.name = dependency.podName
                    packages.append(package)
                }
            }
            selectSources(of: &target, node.spec, files: files, folders: folders)
            target.vendoredModules = vendoredModules(of: node.spec, folders: folders)
            target.moduleName = moduleName(of: node, root: spec, podName: podName)
            if let first = node.prefix.first {
                target.prefixHeader = PrefixHeader(text: node.prefix.flatMap(\.value.strings).joined(separator: "\n"), position: position(of: first.location))
            }
            targets.append(target)
        }
        let products = tree.nodes.indices.filter { !tree.nodes[$0].isTest }.map { index in
            Product(name: tree.nodes[index].name, type: .library, targets: tree.product(of: index).map { tree.nodes[$0].name })
        }.sorted { $0.name < $1.name }
        return Manifest(manifestFile: file, reader: reader, name: podName, toolsVersion: ToolsVersion(5, 9),
                        dependencies: packages, products: products, targets: targets)
    }

    /// `s.dependency 'X/Y'`: product `X/Y` of package `X`, or a target of the pod itself when X is the pod.
    private static func targetDependency(_ dependency: PodDependency, podName: String) -> TargetDependency {
        let platforms = dependency.platform.map { [$0 == "osx" ? "macos" : $0] }
        if dependency.podName == podName {
            return TargetDependency(kind: .target, name: dependency.name, platforms: platforms, position: position(of: dependency.location))
        }
        return TargetDependency(kind: .product, name: dependency.name, package: dependency.podName, platforms: platforms,
                                position: position(of: dependency.location))
    }

    /// The files the spec's `source_files` select, less its `exclude_files`; unknown when the pod's folder was not listed.
    private static func selectSources(of target: inout Target, _ spec: PodSpec, files: [String]?, folders: Set<String>) {
        guard let files else {
            target.sourcesUnknown = "the pod's folder could not be listed for its source_files"
            return
        }
        func patterns(_ key: String) -> [String] {
            spec.attributes.filter { $0.key == key || $0.key.hasSuffix("." + key) }.flatMap(\.value.strings)
        }
        let excluded = Set(PodSourceFiles.select(patterns("exclude_files"), from: files, folders: folders))
        target.path = "."
        target.sources = PodSourceFiles.select(patterns("source_files"), from: files, folders: folders).filter { !excluded.contains($0) }
        // The storyboards and xibs its `resources` and `resource_bundles` select, a folder's files with it.
        var resources = patterns("resources")
        for attribute in spec.attributes where attribute.key == "resource_bundles" || attribute.key.hasSuffix(".resource_bundles") {
            if case .hash(let bundles) = attribute.value { resources += bundles.flatMap(\.1.strings) }
        }
        guard !resources.isEmpty else {
            target.interfaceFiles = []
            return
        }
        let selected = Set(PodSourceFiles.select(resources, from: files.filter(Target.isInterfaceFile), folders: folders))
        let selectedFolders = PodSourceFiles.select(resources, from: folders.sorted(), folders: [])
        target.interfaceFiles = files.filter { file in
            Target.isInterfaceFile(file) && (selected.contains(file) || selectedFolders.contains { file.hasPrefix($0 + "/") })
        }
    }

    /// The modules of the frameworks a spec vendors (`vendored_frameworks`): `Foo` of `Sdk/Foo.framework` or
    /// `Foo.xcframework` as written, and of each framework folder a pattern (`Sdk/*.framework`) selects here.
    private static func vendoredModules(of spec: PodSpec, folders: Set<String>) -> [String] {
        let patterns = spec.attributes.filter { $0.key == "vendored_frameworks" || $0.key.hasSuffix(".vendored_frameworks") }.flatMap(\.value.strings)
        guard !patterns.isEmpty else { return [] }
        let wildcards: [UInt8] = [UInt8(ascii: "*"), UInt8(ascii: "?"), UInt8(ascii: "["), UInt8(ascii: "{")]
        let written = patterns.filter { !$0.utf8.contains(where: wildcards.contains) }
        let globbed = PodSourceFiles.select(patterns.filter { $0.utf8.contains(where: wildcards.contains) }, from: folders.sorted(), folders: [])
        var modules: [String] = []
        for path in written + globbed {
            let name = path.split(separator: "/").last.map(String.init) ?? path
            for suffix in [".xcframework", ".framework"] where name.hasSuffix(suffix) && name.count > suffix.count {
                let module = String(name.dropLast(suffix.count))
                if !modules.contains(module) { modules.append(module) }
            }
        }
        return modules
    }

    /// A test spec is a test bundle of its own module, as SwiftPM would build it; the spec and its subspecs build the
    /// pod's module (`module_name`, else the pod's name).
    private static func moduleName(of node: PodSpecTree.Node, root: PodSpec, podName: String) -> String {
        if node.isTest { return node.name.split(separator: "/").joined() }
        if case .string(let module)? = root.attribute("module_name")?.value { return module }
        return ModuleName.of(pod: podName)
    }

    private static func position(of location: FileLocation) -> SourcePosition? {
        location.line.map { SourcePosition(line: $0, column: location.column ?? 1) }
    }
}
