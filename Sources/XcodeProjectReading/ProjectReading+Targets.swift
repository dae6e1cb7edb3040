import Diagnostics
import PackageModel
import Paths

extension ProjectReading {
    /// One target with its dependencies and files; nil (and a note) when its id defines nothing.
    mutating func target(_ id: String) -> XcodeTarget? {
        guard let isa = objects.isa(id), let name = targetNames[id] else {
            notes.append(Note("the project lists target \(id), which no object defines; skipped", at: FileLocation(path: shownPath, line: index.line(of: id, inside: rootID))))
            return nil
        }
        let productType = objects.string(id, "productType")
        let kind: XcodeTargetKind = isa == "PBXAggregateTarget" ? .aggregate : isa == "PBXLegacyTarget" ? .legacy
            : productType.map(XcodeTargetKind.init(productType:)) ?? .other
        var target = XcodeTarget(name: name, kind: kind, productType: productType, line: index.line(of: id))
        target.productFile = objects.string(id, "productReference").flatMap { objects.string($0, "path") }
        target.productsLine = index.line(of: "packageProductDependencies", inside: id)
        let settings = buildSettings(of: id, name: name)
        target.moduleName = moduleName(settings, name: name)
        target.testedTarget = testedTarget(of: id)
        target.host = host(settings, kind: kind)
        target.platforms = platforms(settings)
        target.loadsAllObjectFiles = loadsAllObjectFiles(settings)
        target.linksStatically = kind == .framework && settings.value("MACH_O_TYPE") == "staticlib"
        target.podsConfigurations = podsConfigurations(of: id)
        var dependencies = DependencyList()
        for dependency in objects.list(id, "dependencies") {
            dependencies.add(targetDependency(dependency, of: id), line: index.line(of: dependency, inside: id))
        }
        for product in objects.list(id, "packageProductDependencies") {
            dependencies.add(packageProduct(product), line: index.line(of: product, inside: id))
        }
        var files = Set<String>(), interfaceFiles = Set<String>()
        var unknown: [String] = []
        for phase in objects.list(id, "buildPhases") {
            read(phase: phase, of: id, into: &dependencies, files: &files, interfaceFiles: &interfaceFiles)
        }
        target.interfaceFiles = interfaceFiles.sorted()
        target.infoPlist = infoPlist(settings)
        synchronizedFiles(of: id, into: &files, unknown: &unknown)
        var incomplete: [String] = []
        // Xcode refuses a bridging header in a framework, and one in a target with no Swift file bridges nothing: a
        // project-wide setting reaches only the targets it can apply to.
        if kind != .framework, files.contains(where: { $0.hasSuffix(".swift") }), let header = bridgingHeader(settings, incomplete: &incomplete) {
            files.insert(onDisk(header))
        }
        target.dependencies = dependencies.items
        target.embedded = dependencies.embeddedNames
        target.prebuiltModules = dependencies.prebuiltModules
        for module in ownModuleMapModules(settings) where module != target.moduleName && module != name && !target.prebuiltModules.contains(module) {
            target.prebuiltModules.append(module)
        }
        target.prebuiltUnknown = dependencies.prebuiltUnknown
        target.files = files.sorted()
        target.filesUnknown = unknown.isEmpty ? nil : unknown.joined(separator: "; ")
        target.filesIncomplete = incomplete.isEmpty ? nil : incomplete.joined(separator: "; ")
        return target
    }

    /// The target a test bundle tests, as Xcode records it (`TargetAttributes.<id>.TestTargetID` of the project).
    private func testedTarget(of id: String) -> String? {
        let attributes = objects.dictionary(rootID, "attributes")?["TargetAttributes"] as? [String: Any]
        return ((attributes?[id] as? [String: Any])?["TestTargetID"] as? String).flatMap { targetNames[$0] }
    }

    /// Each destination once, at its first line.
    struct DependencyList {
        var items: [XcodeDependency] = []
        var seen: Set<XcodeDependency.Destination> = []
        /// Those a copy-files phase embeds in the target's product.
        var embedded: Set<XcodeDependency.Destination> = []
        /// The modules of the prebuilt frameworks the frameworks phase links, each once, in order.
        var prebuiltModules: [String] = []
        /// The prebuilt binaries it links whose modules cannot be known, by file name.
        var prebuiltUnknown: [String] = []

        mutating func add(_ prebuilt: PrebuiltBinary.Provides) {
            switch prebuilt {
            case .modules(let modules): for module in modules where !prebuiltModules.contains(module) { prebuiltModules.append(module) }
            case .unknown(let name): if !prebuiltUnknown.contains(name) { prebuiltUnknown.append(name) }
            }
        }

        /// A copy-files phase's product is only embedded: copying a framework into the product links nothing, so it
        /// declares no module to import (a target dependency or the frameworks phase does).
        mutating func add(_ destination: XcodeDependency.Destination?, line: Int?, embedded isEmbedded: Bool = false) {
            guard let destination else { return }
            if isEmbedded {
                embedded.insert(destination)
                return
            }
            guard seen.insert(destination).inserted else { return }
            items.append(XcodeDependency(destination, line: line))
        }

        /// The targets (of this project or another) whose products the target embeds, by name, sorted.
        var embeddedNames: [String] {
            embedded.compactMap { destination -> String? in
                switch destination {
                case .target(let name), .otherProject(_, let name): return name
                case .package, .builtProduct, .missing: return nil
                }
            }.sorted()
        }
    }

    /// A `PBXTargetDependency`: a target of this project, of another project (through its proxy), or a package plugin.
    /// One that names nothing at all (no target, proxy or product), or a target of this project that no object defines
    /// any more (its `target`, or its proxy's `remoteGlobalIDString`: what Xcode leaves after a target is deleted), orders
    /// nothing and Xcode builds past it: a note, not a dependency.
    private mutating func targetDependency(_ id: String, of owner: String) -> XcodeDependency.Destination? {
        guard objects.exists(id) else { return .missing("object \(id)") }
        if let target = objects.string(id, "target"), let name = targetNames[target] { return .target(name) }
        if let product = objects.string(id, "productRef") { return packageProduct(product) ?? .missing("object \(product)") }
        if let gone = deletedTarget(of: id) {
            notes.append(Note("target \(targetNames[owner] ?? owner) lists a target dependency (\(id)) on \(gone), a target the project no longer defines; "
                              + "Xcode builds past it, so it is left out",
                              at: FileLocation(path: shownPath, line: index.line(of: id, inside: owner))))
            return nil
        }
        if let proxy = objects.string(id, "targetProxy") { return proxied(proxy) }
        if let target = objects.string(id, "target") { return .missing(objects.string(id, "name") ?? "object \(target)") }
        notes.append(Note("target \(targetNames[owner] ?? owner) lists a target dependency (\(id)) that names no target, proxy or product; Xcode builds past it, so it is left out",
                          at: FileLocation(path: shownPath, line: index.line(of: id, inside: owner))))
        return nil
    }

    /// The name of the deleted target a target dependency still points at: its `target` is an id no object has (and it
    /// has no proxy), or its proxy, in this project, names as `remoteGlobalIDString` an id no object has.
    private func deletedTarget(of id: String) -> String? {
        guard let proxy = objects.string(id, "targetProxy") else {
            guard let target = objects.string(id, "target"), !objects.exists(target) else { return nil }
            return objects.string(id, "name") ?? "object \(target)"
        }
        guard objects.string(proxy, "containerPortal") == rootID, let remote = objects.string(proxy, "remoteGlobalIDString"),
              !objects.exists(remote) else { return nil }
        return objects.string(proxy, "remoteInfo") ?? "object \(remote)"
    }

    /// The target a `PBXContainerItemProxy` stands for: in this project, or in the project its portal names.
    private mutating func proxied(_ proxy: String) -> XcodeDependency.Destination {
        let remote = objects.string(proxy, "remoteGlobalIDString"), info = objects.string(proxy, "remoteInfo")
        guard let portal = objects.string(proxy, "containerPortal") else { return .missing(info ?? "object \(proxy)") }
        if portal == rootID {
            return remote.flatMap { targetNames[$0] }.map { .target($0) } ?? .missing(info ?? "object \(remote ?? proxy)")
        }
        guard let path = path(of: portal), let info else { return .missing(info ?? "object \(portal)") }
        if !otherProjects.contains(path) { otherProjects.append(path) }
        if let remote { otherTargetIDs[XcodeProject.OtherTarget(path: path, name: info)] = remote }
        return .otherProject(path: path, target: info)
    }

    /// An `XCSwiftPackageProductDependency`: a product of a package the project references, or of a package folder by name.
    private func packageProduct(_ id: String) -> XcodeDependency.Destination? {
        guard var product = objects.string(id, "productName") else { return objects.exists(id) ? nil : .missing("object \(id)") }
        if product.hasPrefix("plugin:") { product.removeFirst("plugin:".count) }
        let reference = objects.string(id, "package").flatMap { packages[$0] }.map(resolved)
        return .package(reference, product: product)
    }

    /// Sources and headers phases give files, the resources phase storyboards and xibs; frameworks and copy-files phases
    /// give the products of other targets.
    private mutating func read(phase: String, of target: String, into dependencies: inout DependencyList, files: inout Set<String>,
                               interfaceFiles: inout Set<String>) {
        switch objects.isa(phase) {
        case "PBXSourcesBuildPhase", "PBXHeadersBuildPhase":
            for buildFile in objects.list(phase, "files") {
                for reference in fileReferences(of: buildFile) { if let path = path(of: reference) { files.insert(onDisk(path)) } }
            }
        case "PBXResourcesBuildPhase":
            for buildFile in objects.list(phase, "files") {
                for reference in fileReferences(of: buildFile) {
                    if let path = path(of: reference), Target.isInterfaceFile(path) { interfaceFiles.insert(path) }
                }
            }
        case "PBXFrameworksBuildPhase", "PBXCopyFilesBuildPhase":
            let embeds = objects.isa(phase) == "PBXCopyFilesBuildPhase"
            for buildFile in objects.list(phase, "files") {
                if !embeds, let prebuilt = prebuiltBinary(buildFile) {
                    dependencies.add(prebuilt)
                    continue
                }
                let product = linkedProduct(buildFile)
                guard !isOwnProduct(product, of: target) else { continue }
                dependencies.add(product, line: index.line(of: buildFile, inside: phase), embedded: embeds)
            }
        case nil:
            notes.append(Note("target \(targetNames[target] ?? target) lists build phase \(phase), which no object defines",
                              at: FileLocation(path: shownPath, line: index.line(of: phase, inside: target))))
        default:
            break
        }
    }

    /// Whether a linked or copied file is the target's own product (a copy-files phase putting the built tool where a
    /// script runs it): a target never depends on itself.
    private func isOwnProduct(_ product: XcodeDependency.Destination?, of target: String) -> Bool {
        switch product {
        case .target(let name)?: return name == targetNames[target]
        case .builtProduct(let file)?: return file == objects.string(target, "productReference").flatMap { objects.string($0, "path") }
        default: return false
        }
    }

    /// A build file's file, or the files of its variant group.
    private func fileReferences(of buildFile: String) -> [String] {
        guard let reference = objects.string(buildFile, "fileRef") else { return [] }
        return objects.isa(reference) == "PBXVariantGroup" ? objects.list(reference, "children") : [reference]
    }

    /// What a prebuilt binary of the repository a frameworks phase links provides (an `.xcframework`, a `.framework`, a
    /// static or dynamic library): not a product of a target, of a package or of the build folder, nor of the SDK.
    private mutating func prebuiltBinary(_ buildFile: String) -> PrebuiltBinary.Provides? {
        guard objects.string(buildFile, "productRef") == nil, let reference = objects.string(buildFile, "fileRef"),
              objects.isa(reference) == "PBXFileReference", productOwners[reference] == nil,
              PrebuiltBinary.isBinary(objects.string(reference, "path") ?? ""), let path = path(of: reference) else { return nil }
        return PrebuiltBinary.provides(onDisk(path), in: projectFolder, fileSystem: fileSystem)
    }

    /// What a linked or embedded file is: another target's product, a package's product, or a built product of the workspace.
    private mutating func linkedProduct(_ buildFile: String) -> XcodeDependency.Destination? {
        if let product = objects.string(buildFile, "productRef") { return packageProduct(product) }
        guard let reference = objects.string(buildFile, "fileRef") else { return nil }
        if let owner = productOwners[reference] { return .target(owner) }
        if objects.isa(reference) == "PBXReferenceProxy", let proxy = objects.string(reference, "remoteRef") { return proxied(proxy) }
        guard objects.string(reference, "sourceTree") == "BUILT_PRODUCTS_DIR", let file = objects.string(reference, "path") else { return nil }
        return .builtProduct(file)
    }
}
