import Diagnostics
import Files
import Foundation
import HelperTools
import Output
import PackageModel

/// Reads a podspec the way CocoaPods does: `pod ipc spec NXUI.podspec` evaluates the Ruby and prints the spec as JSON,
/// read by ``PodspecJSONReader``. Results are cached under `cacheDirectory`, keyed by the podspec's contents and path
/// (a podspec reads nothing else unless it runs code, which is what the static reader declines). JSON has no positions,
/// so every location is the podspec file.
public struct PodIPCSpecReader: Sendable {
    public var environment: [String: String]
    public var cacheDirectory: String?

    public init(environment: [String: String] = ProcessInfo.processInfo.environment,
                cacheDirectory: String? = ToolCache.defaultDirectory()) {
        self.environment = environment
        self.cacheDirectory = cacheDirectory
    }

    /// Whether `pod` is on PATH.
    public var isAvailable: Bool { Toolchain.executable(named: "pod", environment: environment) != nil }

    /// CocoaPods reads the podspec from the disk; `fileSystem` reads it for the cache key.
    public func read(path: String, fileSystem: any FileSystem) throws -> PodSpec {
        let contents = try PodspecFile.bytes(of: path, fileSystem: fileSystem, maximumBytes: PodspecStaticReader.maximumBytes)
        var hasher = StableHasher()
        hasher.combine("componentize-pod-ipc-spec-v1")
        hasher.combine(URL(fileURLWithPath: path).standardizedFileURL.path)
        hasher.combine(String(decoding: contents, as: UTF8.self))
        let cached = cacheDirectory.map { "\($0)/pod-ipc-spec/\(hasher.hexDigest).json" }
        if let cached, let data = FileManager.default.contents(atPath: cached), let spec = try? PodspecJSONReader().read(data: data, path: path) {
            return spec
        }
        let data = try evaluate(path: path)
        let spec: PodSpec
        do {
            spec = try PodspecJSONReader().read(data: data, path: path)
        } catch let error as InputError {
            throw InputError("pod ipc spec printed something that is not a spec: \(error.message)", at: FileLocation(path: path))
        }
        if let cached { try? AtomicFile.write(data, to: cached) }
        return spec
    }

    private func evaluate(path: String) throws -> Data {
        guard let pod = Toolchain.executable(named: "pod", environment: environment) else {
            throw InputError("cannot find 'pod' (CocoaPods) on PATH, needed to evaluate this podspec", at: FileLocation(path: path))
        }
        let outcome: ToolProcess.Outcome
        do {
            let folder = (path as NSString).deletingLastPathComponent
            outcome = try ToolProcess.run(pod, ["ipc", "spec", (path as NSString).lastPathComponent], in: folder.isEmpty ? "." : folder,
                                          environment: environment)
        } catch let error as ToolProcessError {
            throw InputError(error.description, at: FileLocation(path: path))
        }
        guard outcome.status == 0 else {
            throw InputError("pod ipc spec cannot evaluate this podspec: \(outcome.messages.isEmpty ? "exit \(outcome.status)" : outcome.messages)",
                             at: FileLocation(path: path))
        }
        return outcome.output
    }
}

/// Reads any podspec: `.podspec.json` directly; a Ruby `.podspec` statically, and, when `fallBackToPod` is set, through
/// `pod ipc spec` when the static reader declines and CocoaPods is installed (`--reader auto`).
public struct PodspecReader: Sendable {
    public var fallBackToPod: Bool
    public var pod: PodIPCSpecReader

    public init(fallBackToPod: Bool, pod: PodIPCSpecReader = PodIPCSpecReader()) {
        self.fallBackToPod = fallBackToPod
        self.pod = pod
    }

    /// The spec and the reader that read it; a static decline is rethrown when `pod` cannot take over.
    public func read(path: String, fileSystem: any FileSystem) throws -> (spec: PodSpec, reader: ReaderKind) {
        if path.hasSuffix(".json") { return (try PodspecJSONReader().read(path: path, fileSystem: fileSystem), .podspecJSON) }
        do {
            return (try PodspecStaticReader().read(path: path, fileSystem: fileSystem), .podspec)
        } catch let declined as PodspecReadDeclined {
            guard fallBackToPod, pod.isAvailable else { throw declined }
            return (try pod.read(path: path, fileSystem: fileSystem), .pod)
        }
    }
}
