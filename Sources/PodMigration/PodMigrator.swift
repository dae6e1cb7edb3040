import Configuration
import Diagnostics
import Files
import Foundation
import Output
import Paths
import PodspecReading
import SourceImports

/// One development pod as a SwiftPM package built from the same files, in place: what `migrate-pods` writes beside
/// its podspec, or why it cannot.
public struct PodMigration: Sendable {
    public var podName: String
    /// Absolute.
    public var directory: String
    /// The podspec as reports name it.
    public var podspecPath: String
    public var toolsVersion: String
    /// `.iOS("12.0")`.
    public var platforms: [String]
    public var products: [(name: String, targets: [String])]
    /// `.package(path: "../NXKit")`, `.package(url: "…", from: "4.0.0")`, sorted.
    public var packages: [String]
    public var targets: [Target]
    /// Outside pods with no known SwiftPM package, at their `s.dependency`.
    public var unmapped: [(name: String, location: FileLocation)]
    /// Located problems that do not stop the migration (a glob selecting nothing).
    public var notes: [Note]
    /// Files written beside the manifest (forwarding headers), relative to the pod's folder, with their text.
    public var generatedFiles: [(path: String, text: String)] = []
    /// Files that relied on `prefix_header_contents`, with the imports `--edit-sources` inserts.
    public var sourceEdits: [PrefixHeaderUse.Edit] = []
    /// Objective-C accessors on `SWIFTPM_MODULE_BUNDLE` for the Objective-C targets with resources, rendered beside
    /// the forwarding headers (`migrate-pods/Resources.h.stencil`, `Resources.m.stencil`).
    public var objcAccessors: [ObjCResourceAccessor] = []
    /// Why the pod stays a pod (a target mixing Swift and Objective-C, headers SwiftPM cannot reach); nil when it migrates.
    public var leftAsPod: (reason: String, location: FileLocation)?

    /// A SwiftPM target for the spec or one subspec.
    public struct Target: Sendable {
        public var name: String
        /// The spec (`NXUI`) or subspec (`NXUI/Core`) it comes from.
        public var specName: String
        public var isSwift: Bool
        /// A test spec's target (`.testTarget`), in no product.
        public var isTest = false
        /// Relative to the pod's folder.
        public var path: String
        /// Relative to `path`, sorted.
        public var sources: [String]
        public var exclude: [String]
        /// `.process("Assets/Logo.png")`, `.copy("Assets/Data")`.
        public var resources: [String]
        public var publicHeadersPath: String?
        /// `"NXUI"`, `.product(name: "NXKit", package: "NXKit")`.
        public var dependencies: [String]
        /// `.linkedFramework("UIKit")`.
        public var linkerSettings: [String]
    }
}

/// The Objective-C resource accessor class of one target: its public header in the target's forwarding-header folder
/// (`#import <NXUI/NXUIResources.h>`) and its implementation among the target's sources.
public struct ObjCResourceAccessor: Sendable, Equatable {
    public var target: String
    public var module: String
    /// `NXUIResources`.
    public var className: String
    /// Relative to the pod's folder.
    public var headerPath: String
    public var implementationPath: String
    /// The resources as the manifest lists them (`NXUI/Assets/back.png`).
    public var resources: [String]
}

/// Plans the SwiftPM package of a development pod from its podspec and the files in its folder.
public struct PodMigrator: Sendable {
    /// Outside pods' SwiftPM packages by pod name (or `Pod/Subspec`): the built-in table with `pods:` on top.
    public var mappings: [String: PodPackageMapping]
    /// Local pods (and packages) by pod name: their folders, absolute.
    public var localPods: [String: String]
    /// Where `componentize resources` writes a target's accessors (`resources.outputDir`), listed among the sources of
    /// every Swift target with resources so the accessors are compiled once generated.
    public var accessorsFolder: String?
    /// What the pod's files are read through.
    public var fileSystem: any FileSystem

    public init(mappings: [String: PodPackageMapping], localPods: [String: String], accessorsFolder: String? = "Generated",
                fileSystem: any FileSystem) {
        self.mappings = mappings
        self.localPods = localPods
        self.accessorsFolder = accessorsFolder
        self.fileSystem = fileSystem
    }

    static let swiftExtensions: Set<String> = ["swift"]
    static let cFamilyExtensions: Set<String> = ["h", "m", "mm", "c", "cc", "cpp", "cxx", "hpp"]
    /// Resources SwiftPM processes (asset catalogs, images, strings, interface files); everything else is copied.
    static let processedExtensions: Set<String> = [
        "xcassets", "png", "jpg", "jpeg", "gif", "pdf", "svg", "heic", "strings", "stringsdict", "xib", "storyboard", "json", "plist",
        "lproj", "xcstrings", "ttf", "otf", "mp3", "wav", "mp4", "mov",
    ]

    /// `files` and `folders`: everything under the pod's folder, relative to it (`files` sorted).
    public func plan(_ spec: PodSpec, podspecPath: String, directory: String, files allFiles: [String], folders: Set<String>) -> PodMigration {
        // What an earlier run wrote is not the pod's: the same pod plans the same package, run after run.
        let files = allFiles.filter { file in
            guard file != "Package.swift" else { return false }
            return !isGenerated(file, directory: directory)
        }
        let podName = spec.name ?? ((podspecPath as NSString).lastPathComponent.components(separatedBy: ".").first ?? "Pod")
        var migration = PodMigration(podName: podName, directory: directory, podspecPath: podspecPath, toolsVersion: toolsVersion(spec),
                                     platforms: platforms(spec), products: [], packages: [], targets: [], unmapped: [], notes: [], leftAsPod: nil)
        var packages: Set<String> = []
        var claimed: [String: String] = [:]

        func targetName(_ specName: String) -> String {
            specName.split(separator: "/").joined().filter { $0.isLetter || $0.isNumber || $0 == "_" }
        }

        /// `inherited`: what the parents declare; a subspec target gets those of them (and its parent target) that its
        /// files import, as SwiftPM needs a dependency only for an import, while CocoaPods gave a subspec all of them.
        /// `test`: a test spec, which becomes a test target depending on its spec's target (`parent`), in no product.
        func walk(_ spec: PodSpec, specName: String, parent: String?, inherited: [PodDependency], inheritedPrefix: [PodAttribute], test: Bool = false) {
            let prefix = inheritedPrefix + spec.attributes.filter { $0.key == "prefix_header_contents" || $0.key.hasSuffix(".prefix_header_contents") }
            let name = targetName(specName)
            let sources = select(spec, keys: ["source_files"], files: files, folders: folders, notes: &migration.notes)
            let excluded = Set(select(spec, keys: ["exclude_files"], files: files, folders: folders, notes: &migration.notes))
            let compiled = sources.filter { !excluded.contains($0) && (Self.swiftExtensions.contains(ext($0)) || Self.cFamilyExtensions.contains(ext($0))) }
            let (resourceFiles, resourceFolders) = resources(spec, files: files, folders: folders, notes: &migration.notes)
            for file in compiled where claimed[file] == nil { claimed[file] = name }
            let mine = compiled.filter { claimed[$0] == name }
            let swiftFiles = mine.filter { Self.swiftExtensions.contains(ext($0)) }
            let cFiles = mine.filter { !Self.swiftExtensions.contains(ext($0)) }
            var made: [PodMigration.Target] = []
            if !swiftFiles.isEmpty, cFiles.contains(where: { ext($0) != "h" }) {
                // CocoaPods compiles both languages into one module; SwiftPM needs a target each, the Swift one on top.
                if let importer = cFiles.first(where: { importsSwiftPart($0, module: moduleName(spec, podName), directory: directory) }) {
                    if migration.leftAsPod == nil {
                        migration.leftAsPod = ("\(specName) mixes Swift (\(swiftFiles.joined(separator: ", "))) and Objective-C or C (\(cFiles.joined(separator: ", "))) in one module, and \(importer) imports the Swift part, so they cannot be split into two SwiftPM targets; keep it a pod, or move what the Objective-C part uses out of Swift",
                                               spec.location)
                    }
                } else {
                    let cName = name + (cFiles.contains { ["m", "mm"].contains(ext($0)) } ? "ObjC" : "C")
                    // In a test spec too the C-family half is a plain target (a test target cannot be depended on).
                    made.append(makeTarget(cName, specName: specName, sources: cFiles, resourceFiles: [], resourceFolders: [], dependencies: [],
                                           spec: spec, files: files, folders: folders, test: false, migration: &migration))
                    made.append(makeTarget(name, specName: specName, sources: swiftFiles, resourceFiles: resourceFiles, resourceFolders: resourceFolders,
                                           dependencies: [SwiftLiteral.string(cName)], spec: spec, files: files, folders: folders, test: test, migration: &migration))
                    migration.notes.append(Note("\(specName) mixes Swift and Objective-C or C: it becomes targets \(name) (Swift) and \(cName) (\(cFiles.joined(separator: ", "))); its Swift files must import \(cName) to use the other part (CocoaPods compiled both into one module)",
                                                at: spec.location))
                }
            } else {
                made.append(makeTarget(name, specName: specName, sources: mine, resourceFiles: resourceFiles, resourceFolders: resourceFolders,
                                       dependencies: [], spec: spec, files: files, folders: folders, test: test, migration: &migration))
            }
            if let attribute = prefix.first {
                // Only C-family files see a prefix header; SwiftPM has none, so each must import what it used from it.
                let folders = [directory] + (inherited + spec.dependencies).compactMap { localPods[$0.podName] }
                let imports = PrefixHeaderUse.imports(of: prefix.flatMap(\.value.strings).joined(separator: "\n"), searchFolders: folders, fileSystem: fileSystem)
                let cFamily = made.filter { !$0.isSwift }.flatMap { target in target.sources.map { target.path == "." ? $0 : target.path + "/" + $0 } }
                let edits = PrefixHeaderUse.edits(files: cFamily.filter { Self.cFamilyExtensions.contains(ext($0)) && !isAccessor($0) }, directory: directory, imports: imports, fileSystem: fileSystem)
                let shownFolder = (podspecPath as NSString).deletingLastPathComponent
                for edit in edits {
                    let needs = edit.needs.map { need in need.symbols.isEmpty ? "\(need.line) (what it provides cannot be known here)" : "\(need.line) (\(need.symbols.joined(separator: ", ")))" }
                    migration.notes.append(Note("this file relies on \(attribute.key) of \(specName) without importing \(needs.joined(separator: "; ")); SwiftPM has no prefix header: --edit-sources adds the import",
                                                at: FileLocation(path: PathArithmetic.join(shownFolder, edit.file), line: 1, column: 1)))
                }
                migration.sourceEdits += edits
                if edits.isEmpty, spec.attributes.contains(where: { $0.key == attribute.key && $0.location == attribute.location }) {
                    migration.notes.append(Note("\(attribute.key) has no SwiftPM equivalent; every file of \(specName) imports what it uses from it, so nothing changes",
                                                at: attribute.location))
                }
            }
            for index in made.indices {
                let imported = importedModules(of: made[index], directory: directory)
                func uses(_ module: String) -> Bool { imported?.contains(module) ?? true }
                made[index].isTest = test && index == made.count - 1
                if let parent, test || uses(parent), !made[index].dependencies.contains(SwiftLiteral.string(parent)) {
                    made[index].dependencies.insert(SwiftLiteral.string(parent), at: 0)
                }
                let wanted = spec.dependencies + inherited.filter { dependency in
                    dependency.name != specName && (uses(dependency.podName) || uses(dependency.name.split(separator: "/").joined()))
                }
                for dependency in wanted {
                    if let (entry, package) = dependencyEntry(dependency, podName: podName, directory: directory, migration: &migration) {
                        if !made[index].dependencies.contains(entry) { made[index].dependencies.append(entry) }
                        if let package { packages.insert(package) }
                    }
                }
            }
            migration.targets += made
            var productTargets = made.map(\.name)
            let defaults = (spec.attribute("default_subspecs")?.value ?? spec.attribute("default_subspec")?.value)?.strings
            for subspec in spec.subspecs {
                let childName = "\(specName)/\(subspec.subspecName ?? "")"
                let before = migration.targets.count
                walk(subspec, specName: childName, parent: name, inherited: inherited + spec.dependencies, inheritedPrefix: prefix)
                if defaults == nil || defaults?.contains(subspec.subspecName ?? "") == true {
                    productTargets += migration.targets[before...].map(\.name)
                }
            }
            if test { return }
            migration.products.append((name, productTargets))
            // The Swift target of a split spec is the one its tests test.
            let tested = made.last?.name ?? name
            for testSpec in spec.testSpecs {
                walk(testSpec, specName: "\(specName)/\(testSpec.subspecName ?? "Tests")", parent: tested, inherited: inherited + spec.dependencies,
                     inheritedPrefix: [], test: true)
            }
        }
        walk(spec, specName: podName, parent: nil, inherited: [], inheritedPrefix: [])
        migration.notes += bundleLookupNotes(migration, podspecPath: podspecPath)
        // Targets at the pod's folder hold the others' forwarding headers in their path: keep them out.
        // So do the Objective-C accessors of the others, and a Swift target there names its own accessors' file.
        let includes = migration.targets.compactMap(\.publicHeadersPath)
        for index in migration.targets.indices where migration.targets[index].path == "." {
            let target = migration.targets[index]
            let others = includes.filter { $0 != target.publicHeadersPath }
                + migration.objcAccessors.filter { $0.target != target.name }.map(\.implementationPath)
            migration.targets[index].exclude = Array(Set(target.exclude + others)).sorted()
            if target.isSwift, !migration.objcAccessors.isEmpty, let folder = target.sources.firstIndex(of: objcAccessorsFolder) {
                migration.targets[index].sources[folder] = objcAccessorsFolder + "/" + target.name + "Resources.swift"
            }
        }
        var seenUnmapped: Set<String> = []
        migration.unmapped = migration.unmapped.filter { seenUnmapped.insert("\($0.name)|\($0.location)").inserted }
        // The spec was read from wherever the caller found it; reports name the podspec as the user sees it.
        let podspecFile = (podspecPath as NSString).lastPathComponent
        migration.notes = migration.notes.map { note in
            var note = note
            if let path = note.location?.path, path == podspecFile || path.hasSuffix("/" + podspecFile) { note.location?.path = podspecPath }
            return note
        }
        migration.unmapped = migration.unmapped.map { ($0.name, FileLocation(path: podspecPath, line: $0.location.line, column: $0.location.column)) }
        if let left = migration.leftAsPod {
            migration.leftAsPod = (left.reason, FileLocation(path: podspecPath, line: left.location.line, column: left.location.column))
        }
        migration.products.sort { $0.name < $1.name }
        migration.packages = packages.sorted()
        return migration
    }

    /// One SwiftPM target from files the spec selects: its folder, sources, resources, exclusions and public headers.
    /// `test`: a test target, which has no public headers (`.testTarget` takes no `publicHeadersPath`).
    func makeTarget(_ name: String, specName: String, sources: [String], resourceFiles: [String], resourceFolders: [String], dependencies: [String],
                    spec: PodSpec, files: [String], folders: Set<String>, test: Bool, migration: inout PodMigration) -> PodMigration.Target {
        let isSwift = !sources.contains { Self.cFamilyExtensions.contains(ext($0)) && ext($0) != "h" }
        let used = sources + resourceFiles + resourceFolders
        // A C-family target sits at the pod's folder, so that its forwarding headers (include/<Target>/<Module>/)
        // lie outside the folders the podspec's globs select and CocoaPods does not take them for the pod's headers.
        let path = isSwift ? commonFolder(used) : "."
        func inside(_ item: String) -> String { path == "." ? item : String(item.dropFirst(path.count + 1)) }
        var target = PodMigration.Target(name: name, specName: specName, isSwift: isSwift, path: path, sources: sources.map(inside).sorted(),
                                         exclude: [], resources: [], publicHeadersPath: nil, dependencies: dependencies,
                                         linkerSettings: linkerSettings(spec))
        target.resources = (resourceFolders.map { folder in
            (Self.processedExtensions.contains(ext(folder)) ? ".process(" : ".copy(") + SwiftLiteral.string(inside(folder)) + ")"
        } + resourceFiles.map { ".process(\(SwiftLiteral.string(inside($0))))" }).sorted()
        var usedForExclude = Set(used)
        if !isSwift, !test {
            let publicPatterns = patterns(spec, "public_header_files")
            let headers = (publicPatterns.isEmpty ? sources.filter { ext($0) == "h" }
                : PodSourceFiles.select(publicPatterns, from: files, folders: folders).filter { sources.contains($0) || ext($0) == "h" }).sorted()
            // CocoaPods lets code write <NXKit/NXConstants.h>; SwiftPM serves <…> from one folder. Forwarding headers
            // in include/<Target>/<Module>/ give both, without moving a header.
            let module = moduleName(spec, migration.podName)
            let include = "include/" + name
            let byName = Dictionary(grouping: headers, by: { ($0 as NSString).lastPathComponent })
            if let clash = byName.first(where: { $0.value.count > 1 }), migration.leftAsPod == nil {
                migration.leftAsPod = ("\(specName) has two public headers named \(clash.key) (\(clash.value.joined(separator: ", "))), which one include folder cannot hold; rename one, or keep it a pod",
                                       spec.location)
            }
            let foreign = files.filter { $0.hasPrefix(include + "/") && !isGenerated($0, directory: migration.directory) }
            if let first = foreign.first, migration.leftAsPod == nil {
                migration.leftAsPod = ("\(specName)'s folder already has \(include) (\(first)), where its forwarding headers would go; keep it a pod",
                                       spec.location)
            }
            if !headers.isEmpty {
                target.publicHeadersPath = include
                usedForExclude.insert(include)
                for header in headers {
                    let name = (header as NSString).lastPathComponent
                    let folder = include + "/" + module
                    let relative = PathArithmetic.relative(PathArithmetic.join(migration.directory, header), to: PathArithmetic.join(migration.directory, folder))
                    let directive = sources.contains { ["m", "mm"].contains(ext($0)) } ? "#import" : "#include"
                    migration.generatedFiles.append((folder + "/" + name,
                        "\(Self.forwardingMarker) \(module)/\(name), as CocoaPods exposes it.\n\(directive) \"\(relative)\"\n"))
                }
            }
            if !target.resources.isEmpty {
                // SwiftPM defines SWIFTPM_MODULE_BUNDLE in Objective-C files only; the pod's helpers get a class on it.
                let className = Self.c99(name) + "Resources"
                if !sources.contains(where: { ["m", "mm"].contains(ext($0)) }) {
                    migration.notes.append(Note("\(specName)'s resources get no accessor: its target is C, and SwiftPM gives only Objective-C and Swift code a bundle accessor; read them from Swift with Bundle.module, or add an Objective-C file",
                                                at: spec.location))
                } else if headers.contains(where: { ($0 as NSString).lastPathComponent == className + ".h" }) {
                    migration.notes.append(Note("\(specName) already has a header named \(className).h, so no Objective-C resource accessor is generated; use SWIFTPM_MODULE_BUNDLE",
                                                at: spec.location))
                } else {
                    let accessor = ObjCResourceAccessor(
                        target: name, module: module, className: className, headerPath: include + "/" + module + "/" + className + ".h",
                        implementationPath: objcAccessorsFolder + "/" + className + ".m",
                        resources: (resourceFolders + resourceFiles).sorted())
                    target.publicHeadersPath = include
                    usedForExclude.insert(include)
                    usedForExclude.insert(accessor.implementationPath)
                    target.sources = (target.sources + [accessor.implementationPath]).sorted()
                    migration.objcAccessors.append(accessor)
                }
            }
            // SwiftPM takes include/<Target>/<Target>/<Target>.h for the umbrella header and leaves every other header
            // out of the module; CocoaPods' module holds them all. A module map of the whole folder keeps them.
            let publicCount = headers.count + migration.objcAccessors.filter { $0.target == name }.count
            if module == name, publicCount > 1, headers.contains(where: { ($0 as NSString).lastPathComponent == name + ".h" }) {
                migration.generatedFiles.append((include + "/module.modulemap",
                    "\(Self.generatedMarker): every public header of \(module), as CocoaPods' module has them.\nmodule \(module) {\n    umbrella \"\(module)\"\n    export *\n}\n"))
            }
        }
        if isSwift, !target.resources.isEmpty, let folder = accessorsFolder, !folder.hasPrefix("/"), !folder.hasPrefix("..") {
            target.sources.append(folder)
            usedForExclude.insert(path == "." ? folder : path + "/" + folder)
        }
        target.exclude = excludes(under: path, used: usedForExclude, files: files)
        return target
    }

    /// Code that looks for the pod's resource bundle where CocoaPods puts it: a note at each lookup, naming the
    /// accessor to use instead. Only for pods with resources.
    func bundleLookupNotes(_ migration: PodMigration, podspecPath: String) -> [Note] {
        guard let owner = migration.targets.first(where: { !$0.resources.isEmpty }) else { return [] }
        let shownFolder = (podspecPath as NSString).deletingLastPathComponent
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

    /// The modules a target's files import; nil when a file cannot be read (then every inherited dependency is kept).
    func importedModules(of target: PodMigration.Target, directory: String) -> Set<String>? {
        var modules: Set<String> = []
        for source in target.sources where !isAccessor(source) {
            let path = PathArithmetic.join(PathArithmetic.join(directory, target.path), source)
            guard fileSystem.status(of: path).isFile else { continue }
            guard let scanned = ImportScanner.scan(files: [path], in: directory, fileSystem: fileSystem).first else { continue }
            if scanned.problem != nil { return nil }
            modules.formUnion(scanned.imports.map(\.module))
        }
        return modules
    }

    /// The module CocoaPods builds: `module_name`, else the pod's name.
    func moduleName(_ spec: PodSpec, _ podName: String) -> String {
        if case .string(let name)? = spec.attribute("module_name")?.value { return name }
        return podName
    }

    /// Whether an Objective-C file of the pod imports its Swift part (`#import "NXMixed-Swift.h"`, `@import NXMixed;`).
    func importsSwiftPart(_ file: String, module: String, directory: String) -> Bool {
        guard ext(file) != "swift", let data = contents(of: PathArithmetic.join(directory, file)) else { return false }
        let text = String(decoding: data, as: UTF8.self)
        return text.contains("\(module)-Swift.h") || text.contains("@import \(module);") || text.contains("@import \(module) ;")
    }

    /// The entry for one `s.dependency`, and the package it needs; nil (and recorded) for an unmapped outside pod.
    func dependencyEntry(_ dependency: PodDependency, podName: String, directory: String,
                         migration: inout PodMigration) -> (String, String?)? {
        let product = dependency.name.split(separator: "/").joined()
        var entry: (String, String?)
        if dependency.podName == podName {
            entry = (SwiftLiteral.string(product), nil)
        } else if let folder = localPods[dependency.podName] {
            let relative = PathArithmetic.relative(folder, to: directory)
            let identity = (folder as NSString).lastPathComponent
            entry = (".product(name: \(SwiftLiteral.string(product)), package: \(SwiftLiteral.string(identity)))", ".package(path: \(SwiftLiteral.string(relative)))")
        } else if let mapping = mappings[dependency.name] ?? mappings[dependency.podName] {
            entry = (".product(name: \(SwiftLiteral.string(mapping.product)), package: \(SwiftLiteral.string(mapping.identity)))",
                     ".package(url: \(SwiftLiteral.string(mapping.url)), from: \(SwiftLiteral.string(mapping.from)))")
        } else {
            migration.unmapped.append((dependency.name, dependency.location))
            return nil
        }
        if let platform = dependency.platform, let condition = Self.platformConditions[platform] {
            entry.0 = entry.0.hasPrefix(".product")
                ? String(entry.0.dropLast()) + ", condition: .when(platforms: [\(condition)]))"
                : ".target(name: \(entry.0), condition: .when(platforms: [\(condition)]))"
        }
        return entry
    }

    /// The first line of every forwarding header migrate-pods writes.
    static let forwardingMarker = "// Generated by componentize migrate-pods: forwards"
    /// How every file migrate-pods writes begins (after the tools version, for a manifest).
    static let generatedMarker = "// Generated by componentize migrate-pods"

    /// Where Objective-C resource accessors go, relative to the pod's folder (a C-family target's path).
    var objcAccessorsFolder: String {
        guard let folder = accessorsFolder, !folder.hasPrefix("/"), !folder.hasPrefix("..") else { return "Generated" }
        return folder
    }

    /// Whether a file of the pod's folder is one an earlier run wrote (a forwarding header, an accessor): not the pod's.
    func isGenerated(_ file: String, directory: String) -> Bool {
        guard file.hasPrefix("include/") || isAccessor(file),
              let data = contents(of: PathArithmetic.join(directory, file)) else { return false }
        return String(decoding: data, as: UTF8.self).hasPrefix(Self.generatedMarker)
    }

    /// A file's bytes, read whole up to the size the import scanner reads.
    func contents(of path: String) -> [UInt8]? {
        fileSystem.contents(of: path, upTo: ImportScanner.maximumBytes)
    }

    /// Whether a path (relative to the pod's folder) is where an Objective-C resource accessor is written.
    func isAccessor(_ file: String) -> Bool {
        file.hasPrefix(objcAccessorsFolder + "/") && file.hasSuffix("Resources.m")
    }

    /// `my-lib` → `my_lib`: a name usable as an identifier, as SwiftPM makes a module's.
    static func c99(_ name: String) -> String {
        let body = String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        return body.first?.isNumber == true ? "_" + body : body
    }

    static let platformConditions = ["ios": ".iOS", "osx": ".macOS", "macos": ".macOS", "tvos": ".tvOS", "watchos": ".watchOS", "visionos": ".visionOS"]

    func patterns(_ spec: PodSpec, _ key: String) -> [String] {
        spec.attributes.filter { $0.key == key || $0.key.hasSuffix("." + key) }.flatMap(\.value.strings)
    }

    /// The files the attribute's patterns select; a pattern selecting nothing is a note at the attribute.
    func select(_ spec: PodSpec, keys: [String], files: [String], folders: Set<String>, notes: inout [Note]) -> [String] {
        var selected: [String] = []
        for attribute in spec.attributes where keys.contains(where: { attribute.key == $0 || attribute.key.hasSuffix("." + $0) }) {
            for pattern in attribute.value.strings {
                let found = PodSourceFiles.select([pattern], from: files, folders: folders)
                if found.isEmpty {
                    notes.append(Note("\(attribute.key) '\(pattern)' selects no file in the pod's folder; nothing of it is migrated", at: attribute.location))
                }
                selected += found
            }
        }
        var seen: Set<String> = []
        return selected.filter { seen.insert($0).inserted }
    }

    /// `resources` and every bundle of `resource_bundles`: files, and folders named whole (an asset catalog).
    func resources(_ spec: PodSpec, files: [String], folders: Set<String>, notes: inout [Note]) -> (files: [String], folders: [String]) {
        var patterns: [(String, FileLocation)] = []
        for attribute in spec.attributes {
            if attribute.key == "resources" || attribute.key.hasSuffix(".resources") {
                patterns += attribute.value.strings.map { ($0, attribute.location) }
            } else if attribute.key == "resource_bundles" || attribute.key.hasSuffix(".resource_bundles"), case .hash(let bundles) = attribute.value {
                patterns += bundles.flatMap { $0.1.strings.map { ($0, attribute.location) } }
            }
        }
        var foundFiles: [String] = [], foundFolders: [String] = []
        let folderList = folders.sorted()
        for (pattern, location) in patterns {
            let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
            let wholeFolders = (try? Glob(trimmed)).map { glob in folderList.filter { glob.matchesPath($0) } } ?? []
            let topFolders = wholeFolders.filter { folder in !wholeFolders.contains { folder.hasPrefix($0 + "/") } }
            let matched = PodSourceFiles.select([pattern], from: files, folders: folders)
                .filter { file in !topFolders.contains { file.hasPrefix($0 + "/") } }
            if matched.isEmpty && topFolders.isEmpty {
                notes.append(Note("resources '\(pattern)' selects no file in the pod's folder; nothing of it is migrated", at: location))
            }
            foundFolders += topFolders
            foundFiles += matched
        }
        return (Array(Set(foundFiles)).sorted(), Array(Set(foundFolders)).sorted())
    }

    /// The deepest folder holding every item, `.` for the pod's folder.
    func commonFolder(_ items: [String]) -> String {
        guard var common = items.first.map({ ($0 as NSString).deletingLastPathComponent.split(separator: "/").map(String.init) }) else { return "." }
        for item in items.dropFirst() {
            let parts = (item as NSString).deletingLastPathComponent.split(separator: "/").map(String.init)
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? "." : common.joined(separator: "/")
    }

    /// Every file under `path` the target does not use, as the highest folders holding nothing it uses (so SwiftPM
    /// neither compiles nor warns about them).
    func excludes(under path: String, used: Set<String>, files: [String]) -> [String] {
        let prefix = path == "." ? "" : path + "/"
        var usedFolders: Set<String> = []
        for item in used {
            var folder = item
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                usedFolders.insert(folder)
            }
            usedFolders.insert(item)
        }
        var result: Set<String> = []
        for file in files where file.hasPrefix(prefix) && !used.contains(file) && !used.contains(where: { file.hasPrefix($0 + "/") }) {
            let parts = file.dropFirst(prefix.count).split(separator: "/")
            var excluded = prefix + parts[0]
            var index = 1
            while usedFolders.contains(excluded), index < parts.count {
                excluded += "/" + parts[index]
                index += 1
            }
            result.insert(String(excluded.dropFirst(prefix.count)))
        }
        return result.sorted()
    }

    func linkerSettings(_ spec: PodSpec) -> [String] {
        var settings: [String] = []
        for attribute in spec.attributes {
            let scope = attribute.key.split(separator: ".").count == 2 ? String(attribute.key.split(separator: ".")[0]) : nil
            let key = attribute.key.split(separator: ".").last.map(String.init) ?? attribute.key
            let condition = scope.flatMap { Self.platformConditions[$0] }.map { ", .when(platforms: [\($0)])" } ?? ""
            switch key {
            case "frameworks": settings += attribute.value.strings.map { ".linkedFramework(\(SwiftLiteral.string($0))\(condition))" }
            case "libraries": settings += attribute.value.strings.map { ".linkedLibrary(\(SwiftLiteral.string($0))\(condition))" }
            default: continue
            }
        }
        return settings
    }

    /// At least 5.9; higher when the pod declares a newer Swift.
    func toolsVersion(_ spec: PodSpec) -> String {
        let declared = ((spec.attribute("swift_versions")?.value ?? .null).strings + (spec.attribute("swift_version")?.value ?? .null).strings)
            .compactMap { version -> (Int, Int)? in
                let parts = version.split(separator: ".").compactMap { Int($0) }
                return parts.first.map { ($0, parts.count > 1 ? parts[1] : 0) }
            }
        let highest = declared.max { $0 < $1 } ?? (5, 9)
        return highest < (5, 9) ? "5.9" : "\(highest.0).\(highest.1)"
    }

    /// `ios.deployment_target`, `platforms` and `platform` as SwiftPM platforms, in a fixed order.
    func platforms(_ spec: PodSpec) -> [String] {
        var versions: [String: String] = [:]
        if case .hash(let hash)? = spec.attribute("platforms")?.value {
            for (platform, value) in hash { if case .string(let version) = value { versions[platform] = version } }
        }
        if case .array(let items)? = spec.attribute("platform")?.value, items.count == 2, case .string(let platform) = items[0], case .string(let version) = items[1] {
            versions[platform] = version
        }
        for attribute in spec.attributes where attribute.key.hasSuffix(".deployment_target") {
            if case .string(let version) = attribute.value { versions[String(attribute.key.split(separator: ".")[0])] = version }
        }
        if versions["osx"] == nil { versions["osx"] = versions["macos"] }
        return [("ios", "iOS"), ("osx", "macOS"), ("tvos", "tvOS"), ("watchos", "watchOS"), ("visionos", "visionOS")]
            .compactMap { key, name in versions[key].map { ".\(name)(\(SwiftLiteral.string($0)))" } }
    }
}

private func ext(_ path: String) -> String {
    (path as NSString).pathExtension.lowercased()
}
