import Diagnostics
import Foundation
import Paths
import PodspecReading
import SourceImports

/// One pod's migration as it is planned, a step at a time (see ``PodMigrator/plan(_:podspecPath:directory:files:folders:)``).
struct MigrationPlanner {
    let migrator: PodMigrator
    let tree: PodSpecTree
    /// Everything under the pod's folder, relative to it, but what migrate-pods wrote.
    let files: [String]
    let folders: Set<String>
    var migration: PodMigration
    /// The packages the targets depend on.
    var packages: Set<PodMigration.PackageReference> = []
    /// Which target each compiled file went to: the first spec to select a file has it.
    var claimed: [String: String] = [:]
    /// The names of the targets each node of the tree became.
    var targetsOfNode: [Int: [String]] = [:]

    init(migrator: PodMigrator, tree: PodSpecTree, files: [String], folders: Set<String>, migration: PodMigration) {
        self.migrator = migrator
        self.tree = tree
        self.files = files
        self.folders = folders
        self.migration = migration
    }

    /// A spec's target and product name: `NXUI/Core` → `NXUICore`, `NNModule-swift/Core` → `NNModule-swiftCore` (SwiftPM
    /// takes `-` and `+` in names and builds the module `NNModule_swiftCore`, as CocoaPods builds `NNModule_swift`).
    static func targetName(_ specName: String) -> String {
        specName.split(separator: "/").joined().filter { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "+" }
    }

    /// The node's targets: one, or two when it mixes Swift and Objective-C (the Swift one last, depending on the other);
    /// none when it cannot be split. Then what its C-family files took from a prefix header, and its dependencies.
    mutating func addTargets(of index: Int) {
        let node = tree.nodes[index]
        var made = makeTargets(of: node)
        notePrefixHeaderUses(of: node, in: made)
        for position in made.indices {
            made[position].isTest = node.isTest && position == made.count - 1
            addDependencies(of: node, to: &made[position])
        }
        migration.targets += made
        targetsOfNode[index] = made.map(\.name)
        addSubspecImports(of: made)
    }

    /// Swift files that need a subspec's module imported under SwiftPM (``SubspecImports``), each with its note.
    private mutating func addSubspecImports(of targets: [PodMigration.Target]) {
        let subspecImports = SubspecImports(localPods: Array(Set(migrator.localPods.keys).union([migration.podName])), fileSystem: migrator.fileSystem)
        let shownFolder = (migration.podspecPath as NSString).deletingLastPathComponent
        for target in targets {
            let edits = subspecImports.edits(for: target, podName: migration.podName, directory: migration.directory)
            for edit in edits {
                let modules = edit.needs.map { $0.line.replacingOccurrences(of: "import ", with: "") }.joined(separator: ", ")
                migration.notes.append(Note("CocoaPods builds one module for a pod and its subspecs, SwiftPM one for each: this file also needs \(modules) under SwiftPM; --edit-sources adds the import inside #if SWIFT_PACKAGE",
                                            at: FileLocation(path: PathArithmetic.join(shownFolder, edit.file), line: 1, column: 1)))
            }
            migration.sourceEdits += edits
        }
    }

    private mutating func makeTargets(of node: PodSpecTree.Node) -> [PodMigration.Target] {
        let spec = node.spec, name = Self.targetName(node.name)
        let sources = PodFileSelection.select(spec, keys: ["source_files"], files: files, folders: folders, notes: &migration.notes)
        let excluded = Set(PodFileSelection.select(spec, keys: ["exclude_files"], files: files, folders: folders, notes: &migration.notes))
        let compiled = sources.filter {
            !excluded.contains($0) && (PodMigrator.swiftExtensions.contains(ext($0)) || PodMigrator.cFamilyExtensions.contains(ext($0)))
        }
        let (resourceFiles, resourceFolders) = PodFileSelection.resources(spec, files: files, folders: folders, notes: &migration.notes)
        for file in compiled where claimed[file] == nil { claimed[file] = name }
        let mine = compiled.filter { claimed[$0] == name }
        // A root spec that only groups its subspecs (CocoaPods allows it) has no target: SwiftPM refuses an empty one.
        if mine.isEmpty, resourceFiles.isEmpty, resourceFolders.isEmpty, node.parent == nil, tree.nodes.count > 1 { return [] }
        let swiftFiles = mine.filter { PodMigrator.swiftExtensions.contains(ext($0)) }
        let cFiles = mine.filter { !PodMigrator.swiftExtensions.contains(ext($0)) }
        let maker = PodTargetMaker(migrator: migrator, spec: spec, specName: node.name, files: files, folders: folders)
        guard !swiftFiles.isEmpty, cFiles.contains(where: { ext($0) != "h" }) else {
            return [maker.target(name, sources: mine, resourceFiles: resourceFiles, resourceFolders: resourceFolders, dependencies: [],
                                 test: node.isTest, migration: &migration)]
        }
        // CocoaPods compiles both languages into one module; SwiftPM needs a target each, the Swift one on top.
        let module = migrator.moduleName(spec, migration.podName)
        if let importer = cFiles.first(where: { importsSwiftPart($0, module: module) }) {
            if migration.leftAsPod == nil {
                migration.leftAsPod = ("\(node.name) mixes Swift (\(swiftFiles.joined(separator: ", "))) and Objective-C or C (\(cFiles.joined(separator: ", "))) in one module, and \(importer) imports the Swift part, so they cannot be split into two SwiftPM targets; keep it a pod, or move what the Objective-C part uses out of Swift",
                                       spec.location)
            }
            return []
        }
        let cName = name + (cFiles.contains { ["m", "mm"].contains(ext($0)) } ? "ObjC" : "C")
        // In a test spec too the C-family half is a plain target (a test target cannot be depended on).
        let cTarget = maker.target(cName, sources: cFiles, resourceFiles: [], resourceFolders: [], dependencies: [], test: false, migration: &migration)
        let swiftTarget = maker.target(name, sources: swiftFiles, resourceFiles: resourceFiles, resourceFolders: resourceFolders,
                                       dependencies: [.target(cName)], test: node.isTest, migration: &migration)
        migration.notes.append(Note("\(node.name) mixes Swift and Objective-C or C: it becomes targets \(name) (Swift) and \(cName) (\(cFiles.joined(separator: ", "))); its Swift files must import \(cName) to use the other part (CocoaPods compiled both into one module)",
                                    at: spec.location))
        return [cTarget, swiftTarget]
    }

    /// Only C-family files see a prefix header; SwiftPM has none, so each must import what it used from it.
    private mutating func notePrefixHeaderUses(of node: PodSpecTree.Node, in made: [PodMigration.Target]) {
        guard let attribute = node.prefix.first else { return }
        let directory = migration.directory
        let searchFolders = [directory] + (node.inherited + node.spec.dependencies).compactMap { migrator.localPods[$0.podName] }
        let imports = PrefixHeaderUse.imports(of: node.prefix.flatMap(\.value.strings).joined(separator: "\n"), searchFolders: searchFolders,
                                              fileSystem: migrator.fileSystem)
        let cFamily = made.filter { !$0.isSwift }.flatMap { target in target.sources.map { target.path == "." ? $0 : target.path + "/" + $0 } }
        let edits = PrefixHeaderUse.edits(files: cFamily.filter { PodMigrator.cFamilyExtensions.contains(ext($0)) && !migrator.isAccessor($0) },
                                          directory: directory, imports: imports, fileSystem: migrator.fileSystem)
        let shownFolder = (migration.podspecPath as NSString).deletingLastPathComponent
        for edit in edits {
            let needs = edit.needs.map { need in
                need.symbols.isEmpty ? "\(need.line) (what it provides cannot be known here)" : "\(need.line) (\(need.symbols.joined(separator: ", ")))"
            }
            migration.notes.append(Note("this file relies on \(attribute.key) of \(node.name) without importing \(needs.joined(separator: "; ")); SwiftPM has no prefix header: --edit-sources adds the import",
                                        at: FileLocation(path: PathArithmetic.join(shownFolder, edit.file), line: 1, column: 1)))
        }
        migration.sourceEdits += edits
        if edits.isEmpty, node.spec.attributes.contains(where: { $0.key == attribute.key && $0.location == attribute.location }) {
            migration.notes.append(Note("\(attribute.key) has no SwiftPM equivalent; every file of \(node.name) imports what it uses from it, so nothing changes",
                                        at: attribute.location))
        }
    }

    /// A subspec's target gets its parent target and the inherited dependencies its files import (SwiftPM needs a
    /// dependency only for an import, where CocoaPods gave a subspec all of them); a test target its tested target.
    private mutating func addDependencies(of node: PodSpecTree.Node, to target: inout PodMigration.Target) {
        let imported = importedModules(of: target)
        func uses(_ module: String) -> Bool { imported?.contains(module) ?? true }
        if let parent = parentTarget(of: node), node.isTest || uses(parent), !target.dependencies.contains(.target(parent)) {
            target.dependencies.insert(.target(parent), at: 0)
        }
        let wanted = node.spec.dependencies + node.inherited.filter { dependency in
            dependency.name != node.name && (uses(PodMigrator.c99(dependency.podName)) || uses(PodMigrator.c99(Self.targetName(dependency.name))))
        }
        for dependency in wanted {
            guard let (entry, package) = dependencyEntry(dependency) else { continue }
            if !target.dependencies.contains(entry) { target.dependencies.append(entry) }
            if let package { packages.insert(package) }
        }
    }

    /// The target a subspec depends on: its spec's; a test spec's: the target it tests (the Swift one of a split spec).
    private func parentTarget(of node: PodSpecTree.Node) -> String? {
        guard let parent = node.parent, targetsOfNode[parent]?.isEmpty == false else { return nil }
        let name = Self.targetName(tree.nodes[parent].name)
        return node.isTest ? targetsOfNode[parent]?.last ?? name : name
    }

    /// The entry for one `s.dependency`, and the package it needs; nil (and recorded) for an unmapped outside pod.
    private mutating func dependencyEntry(_ dependency: PodDependency) -> (PodMigration.Dependency, PodMigration.PackageReference?)? {
        let product = Self.targetName(dependency.name)
        let platforms = dependency.platform.flatMap(PodMigration.Platform.Name.init(pod:)).map { [$0] } ?? []
        if dependency.podName == migration.podName { return (.target(product, platforms: platforms), nil) }
        if let folder = migrator.localPods[dependency.podName] {
            return (.product(product, package: (folder as NSString).lastPathComponent, platforms: platforms),
                    .path(PathArithmetic.relative(folder, to: migration.directory)))
        }
        if let mapping = migrator.mappings[dependency.name] ?? migrator.mappings[dependency.podName] {
            return (.product(mapping.product, package: mapping.identity, platforms: platforms), .url(mapping.url, from: mapping.from))
        }
        migration.unmapped.append((dependency.name, dependency.location))
        return nil
    }

    /// The modules a target's files import; nil when a file cannot be read (then every inherited dependency is kept).
    private func importedModules(of target: PodMigration.Target) -> Set<String>? {
        var modules: Set<String> = []
        let fileSystem = migrator.fileSystem
        for source in target.sources where !migrator.isAccessor(source) {
            let path = PathArithmetic.join(PathArithmetic.join(migration.directory, target.path), source)
            guard fileSystem.status(of: path).isFile else { continue }
            guard let scanned = ImportScanner.scan(files: [path], in: migration.directory, fileSystem: fileSystem).first else { continue }
            if scanned.problem != nil { return nil }
            modules.formUnion(scanned.imports.map(\.module))
        }
        return modules
    }

    /// Whether an Objective-C file of the pod imports its Swift part (`#import "NXMixed-Swift.h"`, `@import NXMixed;`).
    private func importsSwiftPart(_ file: String, module: String) -> Bool {
        guard ext(file) != "swift", let data = migrator.contents(of: PathArithmetic.join(migration.directory, file)) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return text.contains("\(module)-Swift.h") || text.contains("@import \(module);") || text.contains("@import \(module) ;")
    }
}

extension MigrationPlanner {
    /// A product a spec: its targets and those of its default subspecs and everything below them.
    mutating func addProducts() {
        for index in tree.nodes.indices where !tree.nodes[index].isTest {
            migration.products.append((Self.targetName(tree.nodes[index].name), tree.product(of: index).flatMap { targetsOfNode[$0] ?? [] }))
        }
        migration.products.sort { $0.name < $1.name }
        migration.packages = packages.sorted()
    }

    /// Targets at the pod's folder hold the others' forwarding headers in their path: keep them out. So do the
    /// Objective-C accessors of the others, and a Swift target there names its own accessors' file.
    mutating func keepOtherTargetsOut() {
        let includes = migration.targets.compactMap(\.publicHeadersPath)
        let accessorsFolder = migrator.objcAccessorsFolder
        for index in migration.targets.indices where migration.targets[index].path == "." {
            let target = migration.targets[index]
            let others = includes.filter { $0 != target.publicHeadersPath }
                + migration.objcAccessors.filter { $0.target != target.name }.map(\.implementationPath)
            migration.targets[index].exclude = Array(Set(target.exclude + others)).sorted()
            if target.isSwift, !migration.objcAccessors.isEmpty, let folder = target.sources.firstIndex(of: accessorsFolder) {
                migration.targets[index].sources[folder] = accessorsFolder + "/" + target.name + "Resources.swift"
            }
        }
    }

    /// The spec was read from wherever the caller found it; reports name the podspec as the user sees it.
    mutating func nameThePodspecAsShown() {
        var seenUnmapped: Set<String> = []
        migration.unmapped = migration.unmapped.filter { seenUnmapped.insert("\($0.name)|\($0.location)").inserted }
        let podspecPath = migration.podspecPath, podspecFile = (podspecPath as NSString).lastPathComponent
        migration.notes = migration.notes.map { note in
            var note = note
            if let path = note.location?.path, path == podspecFile || path.hasSuffix("/" + podspecFile) { note.location?.path = podspecPath }
            return note
        }
        migration.unmapped = migration.unmapped.map { ($0.name, FileLocation(path: podspecPath, line: $0.location.line, column: $0.location.column)) }
        if let left = migration.leftAsPod {
            migration.leftAsPod = (left.reason, FileLocation(path: podspecPath, line: left.location.line, column: left.location.column))
        }
    }
}

extension PodMigrator {
    /// Code that looks for the pod's resource bundle where CocoaPods puts it: a note at each lookup, naming the
    /// accessor to use instead. Only for pods with resources.
    func bundleLookupNotes(_ migration: PodMigration) -> [Note] {
        guard let owner = migration.targets.first(where: { !$0.resources.isEmpty }) else { return [] }
        let shownFolder = (migration.podspecPath as NSString).deletingLastPathComponent
        var notes: [Note] = []
        for target in migration.targets {
            let resources = target.resources.isEmpty ? owner : target
            let hasAccessor = resources.isSwift || migration.objcAccessors.contains { $0.target == resources.name }
            for source in target.sources where !isAccessor(source) && ["swift", "m", "mm", "h"].contains(ext(source)) {
                let file = target.path == "." ? source : target.path + "/" + source
                guard let data = contents(of: PathArithmetic.join(migration.directory, file)) else { continue }
                let swift = ext(source) == "swift"
                for lookup in BundleLookups.find(in: String(decoding: data, as: UTF8.self), swift: swift) {
                    let bundle = swift ? "Bundle.module" : "SWIFTPM_MODULE_BUNDLE"
                    let instead = hasAccessor && resources.isSwift == swift ? "\(resources.name)Resources.bundle (\(bundle))" : bundle
                    notes.append(Note("\(lookup.call) finds the bundle of the code, beside which CocoaPods puts the pod's resource bundles; SwiftPM builds \(resources.name)'s resources into a bundle of their own, so under SwiftPM this finds none of them: use \(instead) under #if SWIFT_PACKAGE",
                                      at: FileLocation(path: PathArithmetic.join(shownFolder, file), line: lookup.line, column: lookup.column)))
                }
            }
        }
        return notes
    }
}
