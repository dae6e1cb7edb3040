import Diagnostics
import Files
import Foundation
import PackageModel
import Parallel
import Paths
import SourceText
import SwiftParser
import SwiftSyntax

/// A package whose targets' sources the pass reads.
public struct SourcePackage: Sendable {
    /// What the results name the package by (its folder relative to the repository root).
    public var key: String
    /// Absolute.
    public var directory: String
    /// The package's manifest as messages name it; its folder is how messages name the package's files.
    public let manifestPath: String
    public var targets: [Target]
    /// What declares it (a pod's sources are read with its prefix header).
    public var kind: PackageKind
    /// The folder of ``manifestPath``: its files' paths as messages show them start here.
    private let shownDirectory: String

    public init(key: String, directory: String, manifestPath: String, targets: [Target], kind: PackageKind = .package) {
        self.kind = kind
        self.key = key
        self.directory = directory
        self.manifestPath = manifestPath
        self.targets = targets
        shownDirectory = (manifestPath as NSString).deletingLastPathComponent
    }

    /// One of its files (relative to its folder) as messages name it: an Xcode project's files are beside its
    /// `.xcodeproj`, so `App/App.xcodeproj/../Sources/A.swift` is `App/Sources/A.swift`.
    public func shownPath(of file: String) -> String {
        file.hasPrefix("../") ? PathArithmetic.lexical(PathArithmetic.join(shownDirectory, file)) : PathArithmetic.join(shownDirectory, file)
    }
}

/// What every target's sources import: the one call the graph's import facts come from.
///
/// Files are those SwiftPM compiles for each target (``TargetSources``); a package's files are scanned together, on more
/// threads than cores (a file the disk has not delivered yet does not idle a core), each thread keeping the headers it
/// parsed (files of one code base often begin alike). Results come in package and target order whatever the
/// scheduling.
public enum SourcePass {
    /// The imports of every target that has sources (not binary, system or plugin targets), and notes for files that
    /// could not be read and targets whose files cannot be known. Files holding one of `markers` are listed in each
    /// target's ``TargetImports/markedFiles`` with their bytes, for a later stage.
    public static func imports(of packages: [SourcePackage], fileSystem: any FileSystem,
                               marking markers: MarkerWords? = nil) -> (imports: [TargetImports], notes: [Note]) {
        let selected = inSlicesOnThreads(of: packages.count, minimumSliceSize: 4, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { SelectedPackage(packages[$0], fileSystem: fileSystem) }
        }
        let scans = RepositoryScans(of: selected, fileSystem: fileSystem, markers: markers)
        let results = inSlicesOnThreads(of: selected.count, minimumSliceSize: 4, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
            let parser = SwiftImportParser()
            return slice.flatMap { imports(of: selected[$0], scans: scans.scans(ofPackage: $0), fileSystem: fileSystem, parser: parser, markers: markers) }
        }
        let joined = (results.compactMap(\.imports), results.flatMap(\.notes))
        releaseInBackground((results, scans, selected))
        return joined
    }

    /// One package's targets, from the scans of the repository's files.
    private static func imports(of selected: SelectedPackage, scans: [[ScannedFile]], fileSystem: any FileSystem,
                                parser: SwiftImportParser, markers: MarkerWords?) -> [(imports: TargetImports?, notes: [Note])] {
        let (package, targets) = (selected.package, selected.targets)
        var selections = selected.selections
        var scans = scans
        var included: [Int: Set<String>] = [:]
        if package.kind == .xcodeProject {
            included = IncludedHeaders(package: package, selections: selections, fileSystem: fileSystem, parser: parser, markers: markers)
                .add(to: &selections, scans: &scans)
        }
        return zip(targets.indices, zip(selections, scans)).map { index, item in
            let (target, selection, scans) = (targets[index], item.0, item.1)
            if let unknown = selection.unknown {
                let location = FileLocation(path: package.manifestPath, line: target.position?.line, column: target.position?.column)
                return (nil, [Note("the imports of \(target.name) are not checked: \(unknown)", at: location)])
            }
            var result = imports(of: target, in: package, selection: selection, scans: scans, included: included[index] ?? [], fileSystem: fileSystem)
            if let first = selection.missing.first {
                let location = FileLocation(path: package.manifestPath, line: target.position?.line, column: target.position?.column)
                let more = selection.missing.count > 1 ? " and \(selection.missing.count - 1) more" : ""
                result.notes.append(Note("target \(target.name) lists source files that are not there (\(package.shownPath(of: first))\(more)): they are not read, and the target does not build as the project stands", at: location))
            }
            if let folder = selection.folderInAnotherCase {
                let location = FileLocation(path: package.manifestPath, line: target.position?.line, column: target.position?.column)
                result.notes.append(Note("target \(target.name) has no folder of its name but '\(folder)' in another case: SwiftPM on macOS's default file system finds it, a case-sensitive one (Linux, CI) does not; its files are read from there. Name the folder as the target, or give the target `path:`", at: location))
            }
            if let incomplete = selection.incomplete {
                let location = FileLocation(path: package.manifestPath, line: target.position?.line, column: target.position?.column)
                result.notes.append(Note("the imports of \(target.name) are read without some of its files: \(incomplete) (none of its dependencies is called unused)", at: location))
            }
            return result
        }
    }

    /// One target's imports from the scans of its files; `included`: those of its files that are headers of the project
    /// its files include (``IncludedHeaders``).
    private static func imports(of target: Target, in package: SourcePackage, selection: TargetSources.Selection, scans: [ScannedFile],
                                included: Set<String>, fileSystem: any FileSystem) -> (imports: TargetImports?, notes: [Note]) {
        var uses: [SourceImportUse] = [], notes: [Note] = [], words: [SourceWords?] = [], marked: [MarkedFile] = []
        var quoted: Set<String> = [], includes: [HeaderInclude] = []
        let ownNames = ownHeaderNames(selection.files, included: included)
        let optionalMacros = scans.reduce(into: Set<String>()) { $0.formUnion($1.optionalMacros) }
        for (file, scanned) in zip(selection.files, scans) {
            words.append(scanned.words)
            if let bytes = scanned.marked { marked.append(MarkedFile(path: file, bytes: bytes)) }
            let shown = package.shownPath(of: file)
            if let problem = scanned.problem { notes.append(Note("this source file \(problem)", at: FileLocation(path: shown))) }
            let exports = exportsItsImports(file, in: package)
            for item in scanned.imports where !item.isLeftOut(bySwiftPM: package.kind != .pod) && !item.isLeftOut(onPlatforms: target.platforms) {
                let isOptional = item.isOptional || item.isHeaderInclude || item.isPlatformUndecided(target.platforms)
                uses.append(SourceImportUse(module: item.module, location: FileLocation(path: shown, line: item.line, column: item.column),
                                            isOptional: isOptional || item.isUnder(optionalMacros: optionalMacros), isExported: item.isExported || exports))
            }
            // Another target's header the project's search brought in: the headers it includes are that target's uses.
            let isForeign = included.contains(file) && !ownNames.contains(PathArithmetic.lastComponent(of: file))
            // `<AnalyticsManager.h>`: a use of the pod holding that header when it is declared (no finding of its own: the
            // SDK's header of that name is found when it is not).
            quoted.formUnion(scanned.bareAngledHeaders)
            for include in scanned.quotedIncludes {
                let name = include.name
                quoted.insert(name)
                guard !ownNames.contains(name), !isForeign else { continue }
                includes.append(HeaderInclude(name: name, location: FileLocation(path: shown, line: include.line, column: include.column),
                                              isOptional: include.isOptional, path: include.path))
            }
        }
        uses += prefixHeaderImports(of: target, in: package, hasFiles: !selection.files.isEmpty)
        var imports = TargetImports(package: package.key, target: target.name, uses: uses, files: selection.files, words: words)
        imports.markedFiles = marked
        imports.servicePlists = selection.servicePlists
        imports.interfaceModules = InterfaceModules.uses(in: selection.interfaceFiles, directory: package.directory, fileSystem: fileSystem,
                                                         shown: package.shownPath(of:))
        if let plist = selection.infoPlist {
            imports.interfaceModules += ExtensionPrincipalClass.uses(in: plist, directory: package.directory, fileSystem: fileSystem,
                                                                     shown: package.shownPath(of:))
        }
        imports.quotedIncludes = quoted
        imports.headerIncludes = includes
        imports.includedHeaders = included
        imports.missingFiles = !selection.missing.isEmpty || selection.incomplete != nil
        imports.registersAtLoad = scans.contains(where: \.registersAtLoad)
        imports.registersConformances = ExtensionConformances.registers(scans.flatMap(\.conformances), words: words)
        imports.moduleMapModules = selection.directory.flatMap {
            moduleMapModules(at: PathArithmetic.join(PathArithmetic.join(package.directory, $0), "include/module.modulemap"), fileSystem: fileSystem)
        }
        return (imports, notes)
    }

    /// The names of a target's own files: those of the project's headers its files include only where it compiles a file
    /// of the header's folder (an app's header a framework of the project includes is the app's, not the framework's).
    static func ownHeaderNames(_ files: [String], included: Set<String>) -> Set<String> {
        guard !included.isEmpty else { return Set(files.map(PathArithmetic.lastComponent(of:))) }
        let compiled = Set(files.filter { !included.contains($0) && !IncludedHeaders.isHeader($0) }.map(IncludedHeaders.folder(of:)))
        return Set(files.filter { !included.contains($0) || compiled.contains(IncludedHeaders.folder(of: $0)) }.map(PathArithmetic.lastComponent(of:)))
    }

    /// Whether what a file imports is seen by whoever imports its module: a public header's imports, as the module map
    /// CocoaPods, Xcode and SwiftPM make of a C-family module exports them (`export *`): any header of a pod or an Xcode
    /// target (an umbrella header imports them all), the headers under a package target's `include/`.
    static func exportsItsImports(_ file: String, in package: SourcePackage) -> Bool {
        guard IncludedHeaders.isHeader(file) else { return false }
        return package.kind != .package || file.hasPrefix("include/") || file.contains("/include/")
    }

    /// The modules a C target's own module map declares (`module zlib [system] {`, `framework module X {`), in order;
    /// nil when there is no module map there.
    private static func moduleMapModules(at path: String, fileSystem: any FileSystem) -> [String]? {
        fileSystem.text(of: path, upTo: 1 << 20).map(ModuleMapText.modules(in:))
    }

    /// Each file scanned once even when several targets compile it (an Xcode project's shared files), in the order given.
    static func scanOnce(_ files: [String], in directory: String, fileSystem: any FileSystem, parser: SwiftImportParser,
                                 markers: MarkerWords?) -> [ScannedFile] {
        let unique = Set(files).sorted()
        guard unique.count < files.count else { return ImportScanner.scan(files: files, in: directory, fileSystem: fileSystem, parser: parser, markers: markers) }
        let scanned = ImportScanner.scan(files: unique, in: directory, fileSystem: fileSystem, parser: parser, markers: markers)
        let byFile = Dictionary(uniqueKeysWithValues: zip(unique, scanned.indices))
        return files.compactMap { byFile[$0].map { scanned[$0] } }
    }

    /// A pod's prefix header is part of every file it compiles: its imports are the target's, at the podspec.
    private static func prefixHeaderImports(of target: Target, in package: SourcePackage, hasFiles: Bool) -> [SourceImportUse] {
        guard let prefix = target.prefixHeader, hasFiles else { return [] }
        let location = FileLocation(path: package.manifestPath, line: prefix.position?.line, column: prefix.position?.column)
        return CFamilyImportScanner.imports(in: prefix.text).imports.map {
            SourceImportUse(module: $0.module, location: location, isOptional: $0.isOptional || $0.isHeaderInclude, isExported: false)
        }
    }

    /// The modules a target's Swift files re-export (`@_exported import`); only a file whose text holds `@_exported` is
    /// parsed.
    public static func exportedModules(of target: Target, packageDirectory: String, fileSystem: any FileSystem) -> [String] {
        let files = TargetSources.select(target, packageDirectory: packageDirectory, fileSystem: fileSystem).files
            .filter { TargetSources.fileExtension(of: $0) == "swift" }
        let marker = Array("@_exported".utf8)
        return zip(files, fileSystem.contents(of: files, in: packageDirectory, upTo: ImportScanner.maximumBytes)).flatMap { _, bytes -> [String] in
            guard let bytes, contains(bytes, marker), String(validating: bytes, as: UTF8.self) != nil else { return [] }
            return SwiftImportParser.imports(of: SwiftHeader(of: bytes)).imports.filter { $0.isExported && !$0.isLeftOut(onPlatforms: target.platforms) }.map(\.module)
        }
    }

    /// Of `files` (relative to `directory`), those that hold no code: nothing but comments and white space (a Swift
    /// file with no statement, a C-family file with no token and no preprocessor line), such as the placeholder a pod
    /// keeps in `source_files` so that CocoaPods makes its folder. A file that cannot be read is not one of them.
    public static func codelessFiles(_ files: [String], in directory: String, fileSystem: any FileSystem) -> Set<String> {
        Set(zip(files, fileSystem.contents(of: files, in: directory, upTo: ImportScanner.maximumBytes)).compactMap { file, bytes in
            guard let bytes, String(validating: bytes, as: UTF8.self) != nil else { return nil }
            if TargetSources.fileExtension(of: file) == "swift" {
                return Parser.parse(source: String(decoding: bytes, as: UTF8.self)).statements.isEmpty ? file : nil
            }
            let tokens = CFamilyTokens(bytes)
            return tokens.tokens.isEmpty && tokens.directives.isEmpty ? file : nil
        })
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = 0
        while index + needle.count <= bytes.count {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

/// A package with the files each of its targets compiles (targets that have sources only).
struct SelectedPackage: Sendable {
    var package: SourcePackage
    var targets: [Target]
    var selections: [TargetSources.Selection]

    init(_ package: SourcePackage, fileSystem: any FileSystem) {
        self.package = package
        targets = package.targets.filter { ![.binary, .system, .plugin].contains($0.type) }
        selections = targets.map { TargetSources.select($0, packageDirectory: package.directory, fileSystem: fileSystem) }
    }
}

/// Every file the packages' targets compile, scanned once however many packages name it (a pod's podspec, the
/// Package.swift beside it and its sample project compile the same files), on more threads than cores, in the order the
/// packages and their targets name them (files of one folder together, as a thread's parser keeps the headers it parsed).
/// Each package's files are found again by position, not by path.
struct RepositoryScans: Sendable {
    /// Each file's scan, once, in the order first named.
    private let scans: [ScannedFile]
    /// By package (in the order given) and by selection, the position in ``scans`` of each of the selection's files (none
    /// for a selection whose files cannot be known).
    private let positions: [[[Int]]]

    init(of packages: [SelectedPackage], fileSystem: any FileSystem, markers: MarkerWords?) {
        let named: [PackageFiles] = inSlices(of: packages.count, minimumSliceSize: 16, slicesPerCore: 4) { slice in
            slice.map { PackageFiles(packages[$0]) }
        }
        let shared = PackageFiles.sharing(named)
        var position: [String: Int] = [:], unique: [String] = []
        unique.reserveCapacity(named.reduce(0) { $0 + $1.unique.count })
        positions = named.indices.map { index in
            let package = named[index]
            let global: [Int]
            if shared[index] {
                global = package.unique.map { path in
                    if let known = position[path] { return known }
                    position[path] = unique.count
                    unique.append(path)
                    return unique.count - 1
                }
            } else {
                global = Array(unique.count..<(unique.count + package.unique.count))
                unique.append(contentsOf: package.unique)
            }
            return package.positions.map { selection in selection.map { global[$0] } }
        }
        releaseInBackground(position)
        let files = unique
        scans = inSlicesOnThreads(of: files.count, minimumSliceSize: 64, slicesPerCore: 16, threadsPerCore: fileThreadsPerCore) { slice in
            ImportScanner.scan(files: Array(files[slice]), in: "/", fileSystem: fileSystem, parser: SwiftImportParser(), markers: markers)
        }
    }

    /// How many files were scanned.
    var scannedFileCount: Int { scans.count }

    /// The scans of the files of the package at `index` (of those given), by selection: none for a selection whose files
    /// cannot be known.
    func scans(ofPackage index: Int) -> [[ScannedFile]] {
        positions[index].map { selection in selection.map { scans[$0] } }
    }
}

/// One package's files, each once, as paths from the root: what ``RepositoryScans`` joins across packages.
struct PackageFiles: Sendable {
    /// The package's folder with a trailing `/`.
    let folder: String
    /// Its files, each once, in the order its targets name them.
    let unique: [String]
    /// By selection, the position in ``unique`` of each of its files (none for a selection whose files cannot be known).
    let positions: [[Int]]
    /// Every file is under ``folder``: no package whose folder neither holds nor is held by this one can name it.
    let contained: Bool

    init(_ selected: SelectedPackage) {
        let directory = selected.package.directory
        folder = directory.hasSuffix("/") ? directory : directory + "/"
        var position: [String: Int] = [:], unique: [String] = []
        positions = selected.selections.map { selection in
            guard selection.unknown == nil else { return [] }
            return selection.files.map { file in
                let path = PathArithmetic.join(directory, file)
                if let known = position[path] { return known }
                position[path] = unique.count
                unique.append(path)
                return unique.count - 1
            }
        }
        let folder = folder
        contained = unique.allSatisfy { $0.utf8.starts(with: folder.utf8) }
        self.unique = unique
    }

    /// Which packages may name a file another one names, so that their files are matched by path: all of them when a
    /// package names a file outside its folder, else those whose folder holds, or is held by, another one's.
    static func sharing(_ packages: [PackageFiles]) -> [Bool] {
        guard packages.allSatisfy(\.contained) else { return packages.map { _ in true } }
        return nested(packages.map(\.folder))
    }

    /// Which of `folders` (each with a trailing `/`) holds, is held by or is another one of them.
    static func nested(_ folders: [String]) -> [Bool] {
        let order = folders.indices.sorted { folders[$0].utf8.lexicographicallyPrecedes(folders[$1].utf8) }
        var shared = folders.map { _ in false }
        var enclosing: [Int] = []
        for index in order {
            let folder = folders[index].utf8
            while let last = enclosing.last, !folder.starts(with: folders[last].utf8) { enclosing.removeLast() }
            if let last = enclosing.last {
                shared[index] = true
                shared[last] = true
            }
            enclosing.append(index)
        }
        return shared
    }
}
