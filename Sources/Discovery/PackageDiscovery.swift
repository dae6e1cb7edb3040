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
/// `node_modules`, `vendor`, hidden folders). A symbolic link that leads back into a folder being walked
/// is an error, as is a `.package(path:)` to a folder without a manifest.
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
        let rootURL = URL(fileURLWithPath: root)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isDirectory) else {
            throw InputError("no such directory", at: FileLocation(path: root))
        }
        guard isDirectory.boolValue else {
            throw InputError("not a directory: give the repository's root folder", at: FileLocation(path: root))
        }
        let realRoot = rootURL.resolvingSymlinksInPath().standardizedFileURL.path
        var found: [String] = []
        try walk(realRoot, relative: "", display: root, ancestors: [], into: &found)
        var known = Set(found)
        var packages: [String: LocalPackage] = [:]
        var declines: [StaticReadDeclined] = []
        var queue = known.sorted()
        var referencedFrom: [String: FileLocation] = [:]
        while !queue.isEmpty {
            let batch = queue.filter { packages[$0] == nil }
            queue = []
            let readings = try read(batch, root: realRoot, displayRoot: root, referencedFrom: referencedFrom)
            for (directory, reading) in zip(batch, readings) {
                let relative = PathArithmetic.relative(directory, to: realRoot)
                var package = LocalPackage(
                    directory: directory, relativeDirectory: relative,
                    manifestPath: PathArithmetic.display(PathArithmetic.join(directory, reading.manifest.manifestFile), root: realRoot, displayRoot: root),
                    manifest: reading.manifest)
                if let decline = reading.staticDecline { declines.append(decline) }
                for dependency in reading.manifest.dependencies where dependency.kind == .fileSystem {
                    let written = URL(fileURLWithPath: dependency.location, relativeTo: URL(fileURLWithPath: directory + "/")).standardizedFileURL.path
                    // Folders found by the walk are already real paths; resolve links only for the others.
                    let target = known.contains(written) ? written : URL(fileURLWithPath: written).resolvingSymlinksInPath().standardizedFileURL.path
                    package.pathDependencies[dependency.location] = target
                    if packages[target] == nil, !queue.contains(target), !batch.contains(target) {
                        queue.append(target)
                        known.insert(target)
                        referencedFrom[target] = FileLocation(
                            path: package.manifestPath, line: dependency.position?.line, column: dependency.position?.column)
                    }
                }
                packages[directory] = package
            }
        }
        return Workspace(root: root, packages: packages.values.sorted { $0.relativeDirectory < $1.relativeDirectory },
                         declines: declines.sorted { $0.path < $1.path })
    }

    /// Reads manifests on all cores; errors name the dependency entry that led to a missing package.
    private func read(_ directories: [String], root: String, displayRoot: String,
                      referencedFrom: [String: FileLocation]) throws -> [ManifestReadResult] {
        for directory in directories {
            if let origin = referencedFrom[directory], !FileManager.default.fileExists(atPath: directory + "/Package.swift") {
                let exists = FileManager.default.fileExists(atPath: directory)
                throw InputError("the path dependency '\(PathArithmetic.relative(directory, to: root))' \(exists ? "has no Package.swift" : "does not exist")",
                                 at: origin)
            }
        }
        let results = ResultBox(count: directories.count)
        let reader = self.reader
        DispatchQueue.concurrentPerform(iterations: directories.count) { index in
            let directory = directories[index]
            do {
                let reading = try reader.read(packageDirectory: directory)
                results.set(index, .success(reading))
            } catch {
                results.set(index, .failure(error))
            }
        }
        return try results.values().map { result in
            switch result {
            case .success(let reading): return reading
            case .failure(let error as InputError):
                var error = error
                if var location = error.location {
                    location.path = PathArithmetic.display(location.path, root: root, displayRoot: displayRoot)
                    error.location = location
                }
                throw error
            case .failure(let declined as StaticReadDeclined):
                var declined = declined
                declined.path = PathArithmetic.display(declined.path, root: root, displayRoot: displayRoot)
                throw declined
            case .failure(let error): throw error
            }
        }
    }

    private func walk(_ directory: String, relative: String, display: String, ancestors: Set<String>, into found: inout [String]) throws {
        let fileManager = FileManager.default
        let entries: [String]
        do {
            entries = try fileManager.contentsOfDirectory(atPath: directory).sorted()
        } catch {
            throw InputError("cannot list the folder", at: FileLocation(path: display))
        }
        var ancestors = ancestors
        ancestors.insert(directory)
        if entries.contains("Package.swift") { found.append(directory) }
        for name in entries where !name.hasPrefix(".") && !Self.skippedFolders.contains(name) {
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
                        throw InputError("symbolic link loop: this link resolves to itself", at: FileLocation(path: displayPath))
                    }
                    continue
                }
                guard targetInfo.st_mode & S_IFMT == S_IFDIR else { continue }
                let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
                if ancestors.contains(resolved) {
                    throw InputError("symbolic link loop: this link leads back to '\(PathArithmetic.relative(resolved, to: directory))', a folder that contains it",
                                     at: FileLocation(path: displayPath))
                }
                target = resolved
            } else if info.st_mode & S_IFMT != S_IFDIR {
                continue
            }
            try walk(target, relative: relativePath, display: displayPath, ancestors: ancestors, into: &found)
        }
    }
}

/// Collects results from concurrent reads.
private final class ResultBox: @unchecked Sendable {
    private var storage: [Result<ManifestReadResult, Error>?]
    private let lock = NSLock()

    init(count: Int) {
        storage = Array(repeating: nil, count: count)
    }

    func set(_ index: Int, _ value: Result<ManifestReadResult, Error>) {
        lock.lock()
        storage[index] = value
        lock.unlock()
    }

    func values() -> [Result<ManifestReadResult, Error>] {
        storage.map { $0 ?? .failure(InputError("internal: a manifest was not read")) }
    }
}
