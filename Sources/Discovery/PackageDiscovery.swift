#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Foundation
import ManifestReading
import Paths

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
        var walk = FolderWalk(exclude: exclude, displayRoot: root)
        walk.walk(realRoot, relative: "", display: root, ancestors: [])
        var state = ReadState(root: realRoot, displayRoot: root, known: Set(walk.found))
        var queue = walk.found.sorted()
        while !queue.isEmpty {
            let batch = queue.filter { !state.isDone($0) }
            queue = []
            let outcomes = read(batch)
            for (directory, outcome) in zip(batch, outcomes) {
                queue += state.record(directory, outcome)
            }
        }
        return state.workspace(notes: walk.notes)
    }

    /// What a package folder gave: a reading, nothing to read, or a failure.
    enum ReadOutcome {
        case read(ManifestReadResult)
        case noManifest(exists: Bool)
        case failed(Error)
    }

    /// Reads manifests on all cores.
    private func read(_ directories: [String]) -> [ReadOutcome] {
        let results = ResultBox(count: directories.count)
        let reader = self.reader
        DispatchQueue.concurrentPerform(iterations: directories.count) { index in
            let directory = directories[index]
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) && isDirectory.boolValue
            guard exists, FileManager.default.fileExists(atPath: directory + "/Package.swift") else {
                results.set(index, .noManifest(exists: exists))
                return
            }
            do {
                results.set(index, .read(try reader.read(packageDirectory: directory)))
            } catch {
                results.set(index, .failed(error))
            }
        }
        return results.values()
    }
}

extension PackageDiscovery {
    /// A workspace from manifests given as text, by folder relative to `root` (rule examples, planned packages):
    /// path dependencies, missing and unreadable packages resolved as on disk, without touching the disk.
    public static func workspace(manifests: [(directory: String, source: String)], reader: StaticManifestReader,
                                 root: String = "/workspace") -> Workspace {
        var sources: [String: String] = [:]
        for manifest in manifests { sources[PathArithmetic.join(root, manifest.directory)] = manifest.source }
        var state = ReadState(root: root, displayRoot: ".", known: Set(sources.keys))
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
        return state.workspace(notes: [])
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

    /// Records one folder's outcome; returns the folders its path dependencies lead to that are new.
    mutating func record(_ directory: String, _ outcome: PackageDiscovery.ReadOutcome) -> [String] {
        let relative = PathArithmetic.relative(directory, to: root)
        switch outcome {
        case .noManifest(let exists):
            withoutManifest[directory] = exists
            return []
        case .failed(let error):
            unreadable[directory] = UnreadablePackage(directory: directory, relativeDirectory: relative,
                                                     manifestPath: display(PathArithmetic.join(directory, "Package.swift")),
                                                     problem: describe(error))
            return []
        case .read(let reading):
            var package = LocalPackage(directory: directory, relativeDirectory: relative,
                                       manifestPath: display(PathArithmetic.join(directory, reading.manifest.manifestFile)),
                                       manifest: reading.manifest)
            if var decline = reading.staticDecline {
                decline.path = display(decline.path)
                declines.append(decline)
            }
            var new: [String] = []
            for dependency in reading.manifest.dependencies where dependency.kind == .fileSystem {
                let written = PathArithmetic.resolve(dependency.location, from: directory)
                // Folders found by the walk are already real paths; resolve links only for the others.
                let target = known.contains(written) ? written : URL(fileURLWithPath: written).resolvingSymlinksInPath().standardizedFileURL.path
                package.pathDependencies[dependency.location] = target
                if known.insert(target).inserted { new.append(target) }
            }
            packages[directory] = package
            return new
        }
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
                         missing: missing.sorted { $0.location < $1.location },
                         unreadable: unreadable.values.sorted { $0.relativeDirectory < $1.relativeDirectory },
                         notes: notes)
    }
}

/// Walks the folders under the root for manifests; what it must skip becomes a note.
private struct FolderWalk {
    var exclude: [Glob]
    var displayRoot: String
    var found: [String] = []
    var notes: [Note] = []

    mutating func walk(_ directory: String, relative: String, display: String, ancestors: Set<String>) {
        guard let handle = opendir(directory) else {
            notes.append(Note("cannot list the folder (check its permissions); skipped", at: FileLocation(path: display)))
            return
        }
        var names: [String] = []
        // Entries the directory listing says are regular files need no `lstat`: only folders and links are followed.
        var files: Set<String> = []
        var undecodable = 0
        while let entry = readdir(handle) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                undecodable += 1
                continue
            }
            guard name != "." && name != ".." else { continue }
            names.append(name)
            if Int32(entry.pointee.d_type) == Int32(DT_REG) { files.insert(name) }
        }
        closedir(handle)
        if undecodable > 0 {
            notes.append(Note("\(undecodable == 1 ? "a name" : "\(undecodable) names") in this folder \(undecodable == 1 ? "is" : "are") not UTF-8; skipped",
                              at: FileLocation(path: display)))
        }
        names.sort()
        var ancestors = ancestors
        ancestors.insert(directory)
        if names.contains("Package.swift") { found.append(directory) }
        for name in names where !name.hasPrefix(".") && !files.contains(name) && !PackageDiscovery.skippedFolders.contains(name) {
            let path = directory + "/" + name
            let displayPath = display + "/" + name
            let relativePath = relative.isEmpty ? name : relative + "/" + name
            if exclude.contains(where: { $0.matchesPath(relativePath) }) { continue }
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            var target = path
            if info.st_mode & S_IFMT == S_IFLNK {
                var targetInfo = stat()
                guard stat(path, &targetInfo) == 0 else {
                    if errno == ELOOP {
                        notes.append(Note("symbolic link loop: this link resolves to itself; skipped", at: FileLocation(path: displayPath)))
                    }
                    continue
                }
                guard targetInfo.st_mode & S_IFMT == S_IFDIR else { continue }
                let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
                if ancestors.contains(resolved) {
                    notes.append(Note("symbolic link loop: this link leads back to '\(PathArithmetic.relative(resolved, to: directory))', a folder that contains it; skipped",
                                      at: FileLocation(path: displayPath)))
                    continue
                }
                target = resolved
            } else if info.st_mode & S_IFMT != S_IFDIR {
                continue
            }
            walk(target, relative: relativePath, display: displayPath, ancestors: ancestors)
        }
    }
}

/// Collects results from concurrent reads.
private final class ResultBox: @unchecked Sendable {
    private var storage: [PackageDiscovery.ReadOutcome?]
    private let lock = NSLock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: PackageDiscovery.ReadOutcome) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    func values() -> [PackageDiscovery.ReadOutcome] {
        storage.map { $0 ?? .failed(InputError("internal: a manifest was not read")) }
    }
}
