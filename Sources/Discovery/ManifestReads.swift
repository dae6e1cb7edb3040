import Diagnostics
import Files
import Foundation
import ManifestReading
import PackageModel
import Parallel
import Paths
import PodspecReading
import XcodeProjectReading

/// Reads package folders' manifests and pods' podspecs on every core (on more threads than cores: a manifest the
/// kernel must read from the disk does not idle a core), and prepares each outcome for recording.
struct ManifestReads: Sendable {
    var reader: ManifestReader
    var fileSystem: any FileSystem
    var xcode = XcodeSelection()

    /// What a package folder gave: a reading, nothing to read, or a failure.
    enum Outcome {
        /// A manifest, or a pod's spec and the package made of it.
        case read(ManifestReadResult, spec: PodSpec? = nil)
        /// An Xcode project, and the package the graph reads of it.
        case project(XcodeProject, Manifest)
        case noManifest(exists: Bool)
        case failed(Error)
    }

    /// What recording needs of one folder's outcome that no other folder changes: worked out where the manifest was
    /// read, so that recording stays a short loop. (Unchecked: its error is made once, then only read.)
    struct Prepared: @unchecked Sendable {
        var directory: String
        var outcome: Outcome
        var relative: String
        /// The manifest (or unreadable file) as messages name it.
        var manifestPath: String
        /// Each `.package(path:)` location, resolved lexically from the folder.
        var resolved: [(location: String, path: String)] = []

        init(_ directory: String, _ outcome: Outcome, file: String = "Package.swift", paths: DisplayPaths) {
            self.directory = directory
            self.outcome = outcome
            relative = PathArithmetic.relative(directory, to: paths.root)
            let isProject = directory.hasSuffix(".xcodeproj")
            // A pod that shares its folder with another is keyed by its podspec: the key is the manifest's path.
            let isSpecFile = directory.hasSuffix("/" + file)
            manifestPath = paths.display(isSpecFile ? directory : PathArithmetic.join(directory, isProject ? XcodeManifest.file : file))
            let manifest: Manifest
            switch outcome {
            case .read(let reading, _): manifest = reading.manifest
            case .project(_, let read): manifest = read
            case .noManifest, .failed: return
            }
            manifestPath = paths.display(isSpecFile ? directory : PathArithmetic.join(directory, manifest.manifestFile))
            // A project's paths start at the folder that holds it.
            let base = isProject ? PathArithmetic.resolve("..", from: directory) : directory
            resolved = manifest.dependencies.filter { $0.kind == .fileSystem }.map { ($0.location, PathArithmetic.resolve($0.location, from: base)) }
        }
    }

    /// How messages name paths: fixed before the first manifest is read.
    struct DisplayPaths: Sendable {
        var root: String
        var displayRoot: String
        var currentFolder: String?

        func display(_ path: String) -> String {
            PathArithmetic.display(path, root: root, displayRoot: displayRoot, currentFolder: currentFolder)
        }
    }

    /// The manifests of `directories`, prepared, in order.
    func read(_ directories: [String], paths: DisplayPaths) -> [Prepared] {
        inSlicesOnThreads(of: directories.count, minimumSliceSize: 1, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { Prepared(directories[$0], read(directories[$0]), paths: paths) }
        }
    }

    /// One folder's manifest, or the project an `.xcodeproj` folder holds.
    func read(_ directory: String) -> Outcome {
        let exists = fileSystem.isFolder(directory)
        if directory.hasSuffix(".xcodeproj") { return readProject(directory, exists: exists) }
        // A broken link named Package.swift is nothing to read; a folder is, and reading it says what is wrong.
        guard exists, fileSystem.status(of: directory + "/Package.swift").exists else { return .noManifest(exists: exists) }
        do {
            return .read(try reader.read(packageDirectory: directory, fileSystem: fileSystem))
        } catch {
            return .failed(error)
        }
    }

    func readProject(_ directory: String, exists: Bool) -> Outcome {
        guard exists, fileSystem.status(of: directory + "/" + XcodeManifest.file).exists else { return .noManifest(exists: exists) }
        do {
            var project = try XcodeProjectReader().read(projectPath: directory, fileSystem: fileSystem)
            project.ignore(targets: xcode.ignoreTargets)
            let folder = PathArithmetic.resolve("..", from: directory)
            project.dropOtherProjects { path in
                GeneratedFolders.isCocoaPodsProject(PathArithmetic.resolve(path, from: folder), fileSystem: fileSystem)
            }
            return .project(project, XcodeManifest.manifest(of: project))
        } catch {
            return .failed(error)
        }
    }

    /// Podspecs (one a folder: `file` in `directory`) as packages, in order.
    func readPods(_ pods: [(directory: String, file: String)]) -> [Outcome] {
        inSlicesOnThreads(of: pods.count, minimumSliceSize: 1, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { readPod(pods[$0].file, in: pods[$0].directory) }
        }
    }

    func readPod(_ file: String, in directory: String) -> Outcome {
        do {
            let (spec, kind) = try PodspecReader(following: reader).read(path: directory + "/" + file, fileSystem: fileSystem)
            let files = fileSystem.regularFiles(under: directory)
            let manifest = PodManifest.manifest(of: spec, file: file, reader: kind, files: files, folders: PathArithmetic.folders(of: files))
            return .read(ManifestReadResult(manifest: manifest), spec: spec)
        } catch {
            return .failed(error)
        }
    }
}

extension PodspecReader {
    /// As a manifest reader's strategy says: `auto` falls back to `pod`, with the same environment and cache folder.
    init(following reader: ManifestReader) {
        self.init(fallBackToPod: reader.strategy == .auto,
                  pod: PodIPCSpecReader(environment: reader.swiftPMReader.environment, cacheDirectory: reader.swiftPMReader.cacheDirectory))
    }
}
