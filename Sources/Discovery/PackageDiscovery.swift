#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Foundation
import ManifestReading
import Parallel
import Paths
import PodspecReading

/// Finds every Package.swift under a repository root and every package they reference by path, and reads them.
///
/// Skips build and tool folders (`.build*`, `.swiftpm`, `checkouts`, `DerivedData`, `Pods`, `Carthage`,
/// `node_modules`, `vendor`, hidden folders). Keeps going past what concerns one package or folder: a path
/// dependency to a folder without a manifest, a manifest no reader can evaluate (both recorded in the
/// ``Workspace`` for the rules to report), a symbolic-link loop, an unreadable folder or a file name that is not
/// UTF-8 (each a ``Note``). Only a root that cannot be read at all is an error.
public struct PackageDiscovery: Sendable {
    public var reader: ManifestReader
    /// Folders to skip, as globs on paths relative to the root (`fixtures`, `Examples/**`).
    public var exclude: [Glob]

    static let skippedFolders: Set<String> = [
        "checkouts", "DerivedData", "Pods", "Carthage", "node_modules", "vendor", "Vendor", "build",
    ]

    public init(reader: ManifestReader, exclude: [Glob] = []) {
        self.reader = reader
        self.exclude = exclude
    }

    public func discover(root: String) throws -> Workspace {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw InputError("no such directory", at: FileLocation(path: root))
        }
        guard isDirectory.boolValue else {
            throw InputError("not a directory: give the repository's root folder", at: FileLocation(path: root))
        }
        let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.path
        guard let handle = opendir(realRoot) else {
            throw InputError("cannot list the folder (check its permissions)", at: FileLocation(path: root))
        }
        closedir(handle)
        var walk = FolderWalk(exclude: exclude)
        walk.walk(root: realRoot, display: root)
        var state = ReadState(root: realRoot, displayRoot: root, known: Set(walk.found))
        let found = Set(walk.found)
        var pods = walk.pods
        pods += followPodfiles(walk.podfiles, pods: pods, state: &state, notes: &walk.notes)
        pods.sort { $0.directory < $1.directory }
        for ((directory, files, display), outcome) in zip(pods, readPods(pods.map { ($0.directory, $0.files[0]) })) {
            for extra in files.dropFirst() {
                walk.notes.append(Note("a second podspec in this folder is not read (componentize reads one pod a folder: \(files[0]))",
                                       at: FileLocation(path: display + "/" + extra)))
            }
            // A folder with a Package.swift is a package; a podspec beside it is the same component mid-migration.
            guard !found.contains(directory) else {
                state.podspecsBeside[directory] = (files[0], outcome)
                continue
            }
            state.known.insert(directory)
            state.record(directory, outcome, file: files[0])
        }
        var queue = walk.found.sorted()
        while !queue.isEmpty {
            let batch = queue.filter { !state.isDone($0) }
            queue = []
            for prepared in read(batch, paths: state.displayPaths, listings: walk.listings) {
                queue += state.record(prepared)
            }
        }
        state.attachPodspecsBeside(notes: &walk.notes)
        state.resolvePodDependencies()
        let dropped = state.dropPackagesInsideTargets(walked: Set(walk.found))
        var workspace = state.workspace(notes: walk.notes + dropped)
        workspace.listings = FolderListings(walk.listings)
        return workspace
    }

    /// What a package folder gave: a reading, nothing to read, or a failure.
    enum ReadOutcome {
        case read(ManifestReadResult)
        case noManifest(exists: Bool)
        case failed(Error)
    }

    /// The folders the Podfiles' path pods (`pod 'NXKit', :path => '../NXKit'`) lead to that the walk did not reach
    /// (outside the root, or excluded), to be read like `.package(path:)`. A path to a folder without the pod's podspec
    /// is a missing package at the Podfile's line; a Podfile that cannot be read is a note, and the rest is checked.
    private func followPodfiles(_ podfiles: [(directory: String, display: String)], pods: [(directory: String, files: [String], display: String)],
                                state: inout ReadState, notes: inout [Note]) -> [(directory: String, files: [String], display: String)] {
        var podspecs: [String: [String]] = [:]
        for pod in pods { podspecs[pod.directory] = pod.files }
        var added: [(directory: String, files: [String], display: String)] = []
        for podfile in podfiles {
            let path = PathArithmetic.join(podfile.directory, "Podfile")
            let shown = PathArithmetic.join(podfile.display, "Podfile")
            let localPods: [PodfilePathPod]
            do {
                localPods = try PodfileReader().read(path: path)
            } catch {
                let (message, location) = state.describe(error)
                var at = location ?? FileLocation(path: shown)
                if at.path == state.display(path) || at.path == path { at.path = shown }
                notes.append(Note("the local pods of this Podfile are not followed: \(message)", at: at))
                continue
            }
            for pod in localPods {
                let written = PathArithmetic.resolve(pod.path, from: podfile.directory)
                let directory = URL(fileURLWithPath: written).resolvingSymlinksInPath().standardizedFileURL.path
                let expected = [pod.name + ".podspec", pod.name + ".podspec.json"]
                let location = FileLocation(path: shown, line: pod.location.line, column: pod.location.column)
                if let files = podspecs[directory] {
                    if files.contains(where: expected.contains) { continue }
                } else if let file = expected.first(where: { FileManager.default.fileExists(atPath: PathArithmetic.join(directory, $0)) }) {
                    podspecs[directory] = [file]
                    added.append((directory, [file], state.display(directory)))
                    continue
                }
                var isDirectory: ObjCBool = false
                let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
                let relative = PathArithmetic.relative(podfile.directory, to: state.root)
                state.missingPods.append(MissingPackage(directory: directory, written: pod.path,
                                                        referencedBy: relative == "." ? "Podfile" : relative + "/Podfile",
                                                        exists: exists, location: location, expectedFile: expected[0]))
            }
        }
        return added
    }

    /// Reads podspecs (one a folder) on all cores, as packages.
    private func readPods(_ pods: [(directory: String, file: String)]) -> [ReadOutcome] {
        let reader = self.reader
        return inSlicesOnThreads(of: pods.count, minimumSliceSize: 1, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { index -> ReadOutcome in
                let (directory, file) = pods[index]
                do {
                    let (spec, kind) = try PodspecReader(following: reader).read(path: directory + "/" + file)
                    let files = FileTree.regularFiles(under: directory, followingLinkedFolders: false)
                    let folders = FileTree.folders(of: files)
                    return .read(ManifestReadResult(manifest: PodManifest.manifest(of: spec, file: file, reader: kind, files: files, folders: folders)))
                } catch {
                    return .failed(error)
                }
            }
        }
    }

    /// Reads manifests on all cores, on more threads than cores (see ``fileThreadsPerCore``).
    /// `listings` are the walk's: a folder listed there with a `Package.swift` is not looked at again.
    private func read(_ directories: [String], paths: ReadState.DisplayPaths, listings: [String: FolderListings.Listing]) -> [ReadState.Prepared] {
        let reader = self.reader
        return inSlicesOnThreads(of: directories.count, minimumSliceSize: 1, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { Self.read(directories[$0], reader: reader, paths: paths, listing: listings[directories[$0]]) }
        }
    }

    /// One folder's manifest, read and prepared for recording.
    private static func read(_ directory: String, reader: ManifestReader, paths: ReadState.DisplayPaths,
                             listing: FolderListings.Listing?) -> ReadState.Prepared {
        // A folder the walk listed with a `Package.swift` in it is not looked at again.
        let listed = listing.flatMap { $0.files.contains("Package.swift") ? $0.files : nil }
        var isDirectory: ObjCBool = false
        let exists = listed != nil || FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
        let outcome: ReadOutcome
        if listed != nil || exists && FileManager.default.fileExists(atPath: directory + "/Package.swift") {
            do {
                outcome = .read(try reader.read(packageDirectory: directory, fileNames: listed))
            } catch {
                outcome = .failed(error)
            }
        } else {
            outcome = .noManifest(exists: exists)
        }
        return ReadState.prepare(directory, outcome, paths: paths)
    }
}

extension PackageDiscovery {
    /// A workspace from manifests given as text, by folder relative to `root` (rule examples, planned packages):
    /// path dependencies, missing and unreadable packages resolved as on disk, without touching the disk.
    /// `podspecs` (by path relative to `root`) are pods, or the podspec beside a package in the same folder.
    public static func workspace(manifests: [(directory: String, source: String)], podspecs: [(path: String, source: String)] = [],
                                 reader: StaticManifestReader, root: String = "/workspace") -> Workspace {
        var sources: [String: String] = [:]
        for manifest in manifests { sources[PathArithmetic.join(root, manifest.directory)] = manifest.source }
        var state = ReadState(root: root, displayRoot: ".", known: Set(sources.keys))
        for podspec in podspecs {
            let path = PathArithmetic.join(root, podspec.path)
            let directory = (path as NSString).deletingLastPathComponent, file = (path as NSString).lastPathComponent
            let outcome: ReadOutcome
            do {
                let spec = try PodspecStaticReader().read(source: podspec.source, path: path)
                outcome = .read(ManifestReadResult(manifest: PodManifest.manifest(of: spec, file: file, reader: .podspec)))
            } catch {
                outcome = .failed(error)
            }
            if sources[directory] != nil {
                state.podspecsBeside[directory] = (file, outcome)
            } else {
                state.known.insert(directory)
                state.record(directory, outcome, file: file)
            }
        }
        var queue = sources.keys.sorted()
        while !queue.isEmpty {
            let batch = queue.filter { !state.isDone($0) }
            queue = []
            for directory in batch {
                let outcome: ReadOutcome
                if let source = sources[directory] {
                    do {
                        outcome = .read(ManifestReadResult(manifest: try reader.read(source: source, path: directory + "/Package.swift")))
                    } catch {
                        outcome = .failed(error)
                    }
                } else {
                    outcome = .noManifest(exists: false)
                }
                queue += state.record(directory, outcome)
            }
        }
        var notes: [Note] = []
        state.attachPodspecsBeside(notes: &notes)
        state.resolvePodDependencies()
        return state.workspace(notes: notes)
    }
}

/// The packages read so far, and what could not be read.
private struct ReadState {
    var root: String
    var displayRoot: String
    /// Every folder queued or read.
    var known: Set<String>
    var packages: [String: LocalPackage] = [:]
    var declines: [StaticReadDeclined] = []
    var unreadable: [String: UnreadablePackage] = [:]
    /// Folders path dependencies lead to that hold no manifest, and whether the folder exists.
    var withoutManifest: [String: Bool] = [:]
    /// Folders some `.package(path:)` leads to.
    var referenced: Set<String> = []
    /// Podspecs in folders that hold a Package.swift, by folder: the file and how reading it went.
    var podspecsBeside: [String: (file: String, outcome: PackageDiscovery.ReadOutcome)] = [:]
    /// Podfile path pods whose folder has no podspec of that name.
    var missingPods: [MissingPackage] = []

    /// The absolute current folder, for paths displayed from a root above it.
    var currentFolder: String?

    init(root: String, displayRoot: String, known: Set<String>) {
        self.root = root
        self.displayRoot = displayRoot
        self.known = known
        if displayRoot == ".." || displayRoot.hasPrefix("../") {
            currentFolder = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().standardizedFileURL.path
        }
    }

    func isDone(_ directory: String) -> Bool {
        packages[directory] != nil || unreadable[directory] != nil || withoutManifest[directory] != nil
    }

    func display(_ path: String) -> String {
        PathArithmetic.display(path, root: root, displayRoot: displayRoot, currentFolder: currentFolder)
    }

    /// What ``record(_:)`` needs of one folder's outcome that no other folder changes: worked out where the manifest
    /// was read, on all cores, so that recording stays a short loop. (Unchecked: its error is made once, then only read.)
    struct Prepared: @unchecked Sendable {
        var directory: String
        var outcome: PackageDiscovery.ReadOutcome
        var relative: String
        /// The manifest (or unreadable file) as messages name it.
        var manifestPath: String
        /// Each `.package(path:)` location, resolved lexically from the folder.
        var resolved: [(location: String, path: String)] = []
    }

    /// The folder paths ``prepare(_:_:file:paths:)`` needs: fixed before the first manifest is read.
    struct DisplayPaths: Sendable {
        var root: String
        var displayRoot: String
        var currentFolder: String?

        func display(_ path: String) -> String {
            PathArithmetic.display(path, root: root, displayRoot: displayRoot, currentFolder: currentFolder)
        }
    }

    var displayPaths: DisplayPaths { DisplayPaths(root: root, displayRoot: displayRoot, currentFolder: currentFolder) }

    static func prepare(_ directory: String, _ outcome: PackageDiscovery.ReadOutcome, file: String = "Package.swift",
                        paths: DisplayPaths) -> Prepared {
        var prepared = Prepared(directory: directory, outcome: outcome, relative: PathArithmetic.relative(directory, to: paths.root),
                                manifestPath: paths.display(PathArithmetic.join(directory, file)))
        if case .read(let reading) = outcome {
            prepared.manifestPath = paths.display(PathArithmetic.join(directory, reading.manifest.manifestFile))
            prepared.resolved = reading.manifest.dependencies.filter { $0.kind == .fileSystem }
                .map { ($0.location, PathArithmetic.resolve($0.location, from: directory)) }
        }
        return prepared
    }

    /// Records one folder's outcome; returns the folders its path dependencies lead to that are new.
    @discardableResult
    mutating func record(_ directory: String, _ outcome: PackageDiscovery.ReadOutcome, file: String = "Package.swift") -> [String] {
        record(Self.prepare(directory, outcome, file: file, paths: displayPaths))
    }

    @discardableResult
    mutating func record(_ prepared: Prepared) -> [String] {
        let directory = prepared.directory
        switch prepared.outcome {
        case .noManifest(let exists):
            withoutManifest[directory] = exists
            return []
        case .failed(let error):
            unreadable[directory] = UnreadablePackage(directory: directory, relativeDirectory: prepared.relative,
                                                     manifestPath: prepared.manifestPath, problem: describe(error))
            return []
        case .read(let reading):
            var package = LocalPackage(directory: directory, relativeDirectory: prepared.relative, manifestPath: prepared.manifestPath,
                                       manifest: reading.manifest)
            if var decline = reading.staticDecline {
                decline.path = display(decline.path)
                declines.append(decline)
            }
            var new: [String] = []
            for (location, written) in prepared.resolved {
                // Folders found by the walk are already real paths; resolve links only for the others.
                let target = known.contains(written) ? written : URL(fileURLWithPath: written).resolvingSymlinksInPath().standardizedFileURL.path
                package.pathDependencies[location] = target
                referenced.insert(target)
                if known.insert(target).inserted { new.append(target) }
            }
            packages[directory] = package
            return new
        }
    }

    /// Gives each package the podspec read in its folder; one that cannot be read is a note.
    mutating func attachPodspecsBeside(notes: inout [Note]) {
        for (directory, (file, outcome)) in podspecsBeside.sorted(by: { $0.key < $1.key }) {
            guard packages[directory] != nil else { continue }
            let shown = display(PathArithmetic.join(directory, file))
            switch outcome {
            case .read(let reading):
                packages[directory]?.podspec = PodspecBeside(path: shown, manifest: reading.manifest)
            case .failed(let error):
                let (message, location) = describe(error)
                notes.append(Note("this podspec beside a Package.swift cannot be read, so the two are not compared (pod-package-mismatch): \(message)",
                                  at: location ?? FileLocation(path: shown)))
            case .noManifest:
                continue
            }
        }
    }

    /// Turns a pod's dependency on a pod or package of the repository (by name: `s.dependency 'NXKit'`) into a local
    /// one, as if it were `.package(path:)`; the others stay outside packages (CocoaPods' specs repository).
    mutating func resolvePodDependencies() {
        guard packages.values.contains(where: { $0.podspec != nil || $0.manifest.reader.isPodspec }) else { return }
        var byName: [String: String] = [:]
        for directory in packages.keys.sorted() {
            for name in [packages[directory]?.manifest.name, packages[directory]?.podspec?.manifest.name].compactMap({ $0 }) where byName[name] == nil {
                byName[name] = directory
            }
        }
        for directory in packages.keys.sorted() {
            guard var package = packages[directory] else { continue }
            if var beside = package.podspec {
                for dependency in beside.manifest.dependencies {
                    guard let pod = PodManifest.podName(inLocation: dependency.location), let target = byName[pod] else { continue }
                    beside.localDependencies[pod] = target
                }
                package.podspec = beside
            }
            if package.manifest.reader.isPodspec {
                for index in package.manifest.dependencies.indices {
                    let dependency = package.manifest.dependencies[index]
                    guard let pod = PodManifest.podName(inLocation: dependency.location), let target = byName[pod] else { continue }
                    let written = PathArithmetic.relative(target, to: directory)
                    package.manifest.dependencies[index].kind = .fileSystem
                    package.manifest.dependencies[index].location = written
                    package.pathDependencies[written] = target
                }
            }
            packages[directory] = package
        }
    }

    /// Drops what the walk took for a package but is a file of another package's target (a source file named
    /// `Package.swift`, a fixture package among a test target's resources): SwiftPM builds it as part of that target.
    /// A folder some `.package(path:)` leads to stays a package.
    mutating func dropPackagesInsideTargets(walked: Set<String>) -> [Note] {
        let directories = Set(packages.keys).union(unreadable.keys)
        var notes: [Note] = []
        for directory in directories.sorted() where walked.contains(directory) && !referenced.contains(directory) {
            var ancestor = directory
            while let slash = ancestor.lastIndex(of: "/"), ancestor.count > root.count {
                ancestor = String(ancestor[..<slash])
                guard let outer = packages[ancestor] else { continue }
                let inside = PathArithmetic.relative(directory, to: ancestor)
                guard let target = outer.manifest.targets.first(where: { target in
                    guard let folder = target.folder(inPackage: ancestor), folder != "." else { return false }
                    return inside == folder || inside.hasPrefix(folder + "/")
                }) else { continue }
                packages[directory] = nil
                unreadable[directory] = nil
                let shown = display(PathArithmetic.join(directory, "Package.swift"))
                declines.removeAll { $0.path == shown }
                notes.append(Note("this Package.swift lies in the folder of target \(target.name) of package \(outer.manifest.name): SwiftPM builds it as one of that target's files, so it is not read as a package",
                                  at: FileLocation(path: display(PathArithmetic.join(directory, "Package.swift")))))
                break
            }
        }
        return notes
    }

    /// The reader's own message, at the place it names (paths as the user sees them).
    func describe(_ error: Error) -> (message: String, location: FileLocation?) {
        switch error {
        case let error as InputError:
            var location = error.location
            if let path = location?.path { location?.path = display(path) }
            return (error.message, location)
        case var declined as StaticReadDeclined:
            declined.path = display(declined.path)
            return (declined.reason + " (the static reader was asked for; --reader auto would ask SwiftPM)", declined.location)
        case var declined as PodspecReadDeclined:
            declined.location.path = display(declined.location.path)
            return (declined.reason, declined.location)
        default:
            return ("\(error)", nil)
        }
    }

    func workspace(notes: [Note]) -> Workspace {
        var missing: [MissingPackage] = []
        for package in packages.values {
            for dependency in package.manifest.dependencies where dependency.kind == .fileSystem {
                guard let target = package.pathDependencies[dependency.location], let exists = withoutManifest[target] else { continue }
                missing.append(MissingPackage(
                    directory: target, written: dependency.location, referencedBy: package.manifest.name, exists: exists,
                    location: FileLocation(path: package.manifestPath, line: dependency.position?.line, column: dependency.position?.column)))
            }
        }
        return Workspace(root: displayRoot, packages: packages.values.sorted { $0.relativeDirectory < $1.relativeDirectory },
                         declines: declines.sorted { $0.path < $1.path },
                         missing: (missing + missingPods).sorted { $0.location < $1.location },
                         unreadable: unreadable.values.sorted { $0.relativeDirectory < $1.relativeDirectory },
                         notes: notes)
    }
}

/// Walks the folders under the root for manifests, a level at a time with every folder of a level listed in
/// parallel; what it must skip becomes a note. It keeps each listing for the passes that read the folders again.
private struct FolderWalk {
    var exclude: [Glob]
    var found: [String] = []
    /// Folders holding a podspec, with the podspec files in each.
    var pods: [(directory: String, files: [String], display: String)] = []
    /// Folders holding a Podfile.
    var podfiles: [(directory: String, display: String)] = []
    var notes: [Note] = []
    var listings: [String: FolderListings.Listing] = [:]

    /// A folder to list, with the real paths of the folders above it (to see a link loop).
    struct Job {
        var directory: String
        var relative: String
        var display: String
        var ancestors: [String]
    }

    /// What listing one folder gave.
    struct Visit {
        var hasManifest = false
        /// `*.podspec` and `*.podspec.json` files in the folder, sorted.
        var podspecs: [String] = []
        var hasPodfile = false
        var children: [Job] = []
        /// Notes with the display path they are about, to be put in walk order.
        var notes: [Note] = []
        var listing = FolderListings.Listing(files: [], folders: [])
    }

    init(exclude: [Glob]) {
        self.exclude = exclude
    }

    mutating func walk(root: String, display: String) {
        var level = [Job(directory: root, relative: "", display: display, ancestors: [])]
        var ordered: [(path: [Substring], note: Note)] = []
        while !level.isEmpty {
            let jobs = level
            let exclude = self.exclude
            // More threads than cores: a folder whose blocks the kernel must read from the disk does not idle a core.
            let visits = inSlicesOnThreads(of: jobs.count, minimumSliceSize: 4, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
                slice.map { Self.visit(jobs[$0], exclude: exclude) }
            }
            level = []
            listings.reserveCapacity(listings.count + jobs.count)
            for (job, visit) in zip(jobs, visits) {
                if visit.hasManifest { found.append(job.directory) }
                if !visit.podspecs.isEmpty { pods.append((job.directory, visit.podspecs, job.display)) }
                if visit.hasPodfile { podfiles.append((job.directory, job.display)) }
                listings[job.directory] = visit.listing
                ordered += visit.notes.map { ((($0.location?.path ?? job.display)).split(separator: "/"), $0) }
                level += visit.children
            }
        }
        // The order of a depth-first walk in name order: by path component.
        notes = ordered.sorted { $0.path.lexicographicallyPrecedes($1.path) }.map(\.note)
    }

    static func visit(_ job: Job, exclude: [Glob]) -> Visit {
        var visit = Visit()
        guard let handle = opendir(job.directory) else {
            visit.notes.append(Note("cannot list the folder (check its permissions); skipped", at: FileLocation(path: job.display)))
            return visit
        }
        // Entries the listing types need no `stat`: only links and unknown types are looked at.
        var entries: [(name: String, type: Int32)] = []
        var undecodable = 0
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                bytes.withMemoryRebound(to: CChar.self) { $0.baseAddress.flatMap { String(validatingCString: $0) } }
            }
            guard let name else {
                undecodable += 1
                continue
            }
            guard name != "." && name != ".." else { continue }
            entries.append((name, Int32(entry.pointee.d_type)))
        }
        closedir(handle)
        if undecodable > 0 {
            visit.notes.append(Note("\(undecodable == 1 ? "a name" : "\(undecodable) names") in this folder \(undecodable == 1 ? "is" : "are") not UTF-8; skipped",
                                    at: FileLocation(path: job.display)))
        }
        entries.sort { $0.name < $1.name }
        let ancestors = job.ancestors + [job.directory]
        for (name, type) in entries {
            var kind = type
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var info = stat()
                guard lstat(job.directory + "/" + name, &info) == 0 else { continue }
                kind = info.st_mode & S_IFMT == S_IFLNK ? Int32(DT_LNK) : info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR)
                    : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : Int32(DT_UNKNOWN)
            }
            if name == "Package.swift", kind == Int32(DT_REG) || kind == Int32(DT_LNK) { visit.hasManifest = true }
            if name.hasSuffix(".podspec") || name.hasSuffix(".podspec.json"), kind == Int32(DT_REG) || kind == Int32(DT_LNK) { visit.podspecs.append(name) }
            if name == "Podfile", kind == Int32(DT_REG) || kind == Int32(DT_LNK) { visit.hasPodfile = true }
            if name.hasPrefix(".") { continue }
            if kind == Int32(DT_REG) {
                visit.listing.files.append(name)
                continue
            }
            let path = job.directory + "/" + name
            let displayPath = job.display + "/" + name
            var target = path
            if kind == Int32(DT_LNK) {
                var targetInfo = stat()
                guard stat(path, &targetInfo) == 0 else {
                    if errno == ELOOP {
                        visit.notes.append(Note("symbolic link loop: this link resolves to itself; skipped", at: FileLocation(path: displayPath)))
                    }
                    continue
                }
                if targetInfo.st_mode & S_IFMT == S_IFREG { visit.listing.files.append(name) }
                guard targetInfo.st_mode & S_IFMT == S_IFDIR else { continue }
                let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
                if ancestors.contains(resolved) {
                    visit.notes.append(Note("symbolic link loop: this link leads back to '\(PathArithmetic.relative(resolved, to: job.directory))', a folder that contains it; skipped",
                                            at: FileLocation(path: displayPath)))
                    continue
                }
                target = resolved
            } else if kind != Int32(DT_DIR) {
                continue
            } else {
                visit.listing.folders.append(name)
            }
            if PackageDiscovery.skippedFolders.contains(name) { continue }
            let relativePath = job.relative.isEmpty ? name : job.relative + "/" + name
            if exclude.contains(where: { $0.matchesPath(relativePath) }) { continue }
            visit.children.append(Job(directory: target, relative: relativePath, display: displayPath, ancestors: ancestors))
        }
        return visit
    }
}
