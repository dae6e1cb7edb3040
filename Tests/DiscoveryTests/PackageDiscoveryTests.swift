import Diagnostics
import Discovery
import Files
import Foundation
import ManifestReading
import PackageModel
import Paths
import Testing

/// Discovery's phases on repositories in memory, and the same repository read from the disk and from memory.
struct PackageDiscoveryTests {
    static func manifest(_ name: String, dependencies: [String] = [], products: [String] = []) -> String {
        let packages = dependencies.map { ".package(path: \"\($0)\")" }.joined(separator: ", ")
        let uses = products.map { ".product(name: \"\($0)\", package: \"\($0)\")" }.joined(separator: ", ")
        return """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "\(name)", products: [.library(name: "\(name)", targets: ["\(name)"])],
                                  dependencies: [\(packages)], targets: [.target(name: "\(name)", dependencies: [\(uses)])])

            """
    }

    /// A repository with what discovery must handle: a path dependency outside the root, one to a folder without a
    /// manifest, an unreadable manifest, a pod, a skipped build folder, an excluded folder, and a Package.swift inside a
    /// target's folder.
    static let files: [String: String] = [
        "repo/Kit/NXKit/Package.swift": manifest("NXKit"),
        "repo/Kit/NXKit/Sources/NXKit/Fixture/Package.swift": manifest("Fixture"),
        "repo/UI/NXUI/Package.swift": manifest("NXUI", dependencies: ["../../Kit/NXKit", "../../../Shared/Lib", "../Gone"], products: ["NXKit", "Lib"]),
        "Shared/Lib/Package.swift": manifest("Lib"),
        "repo/Broken/Package.swift": "// swift-tools-version:5.9\nlet package = Package(name: \"Broken\", targets: [.target(name:)])\n",
        "repo/Pods/Vendored/Package.swift": manifest("Vendored"),
        "repo/Pods/Manifest.lock": "PODFILE CHECKSUM: 0\n",
        "repo/Samples/Demo/Package.swift": manifest("Demo"),
        "repo/Pod/NXPod/NXPod.podspec": "Pod::Spec.new do |s|\n  s.name = 'NXPod'\n  s.dependency 'NXKit'\n  s.dependency 'AFNetworking'\nend\n",
    ]

    static func discover(in fileSystem: any FileSystem, root: String) throws -> Workspace {
        try PackageDiscovery(reader: ManifestReader(strategy: .static, environment: [:]), exclude: [try Glob("Samples")])
            .discover(root: root, fileSystem: fileSystem)
    }

    /// What a workspace says, without absolute paths.
    static func summary(_ workspace: Workspace) -> [String] {
        workspace.packages.map { "package \($0.relativeDirectory) \($0.manifestPath)" }
            + workspace.missing.map { "missing \($0.written) from \($0.referencedBy) exists=\($0.exists) at \($0.location)" }
            + workspace.unreadable.map { "unreadable \($0.relativeDirectory): \($0.message) at \($0.location)" }
            + workspace.notes.map(\.description)
    }

    @Test func theSameRepositoryOnDiskAndInMemoryIsTheSameWorkspace() throws {
        let folder = NSTemporaryDirectory() + "componentize-discovery-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var memory = InMemoryFileSystem()
        for (path, text) in Self.files {
            let full = folder + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: false, encoding: .utf8)
            memory.write(text, to: DiskFileSystem().realPath(folder) + "/" + path)
        }
        let root = DiskFileSystem().realPath(folder) + "/repo"
        let onDisk = try Self.discover(in: CachedFileSystem(), root: root)
        let inMemory = try Self.discover(in: memory, root: root)
        #expect(Self.summary(onDisk) == Self.summary(inMemory))
        #expect(onDisk.packages.map(\.relativeDirectory) == ["../Shared/Lib", "Kit/NXKit", "Pod/NXPod", "UI/NXUI"])
        #expect(onDisk.missing.map(\.written) == ["../Gone"])
        #expect(onDisk.unreadable.map(\.relativeDirectory) == ["Broken"])
        #expect(onDisk.notes.map(\.message).contains { $0.contains("lies in the folder of target NXKit") })
    }

    @Test func aPodsDependenciesOnPodsOfTheRepositoryLeadToTheirFolders() throws {
        let memory = InMemoryFileSystem(files: Self.files.reduce(into: [:]) { $0["/" + $1.key] = $1.value })
        let workspace = try Self.discover(in: memory, root: "/repo")
        let pod = try #require(workspace.packages.first { $0.manifest.name == "NXPod" })
        #expect(pod.manifest.dependencies.map { "\($0.kind.rawValue) \($0.location)" } == ["pod NXKit", "pod AFNetworking"])
        #expect(pod.localDependencies == ["NXKit": "/repo/Kit/NXKit"])
        #expect(pod.origin.podSpec?.name == "NXPod")
    }

    @Test func linksThatLoopAreNotesAndTheRestIsRead() throws {
        var memory = InMemoryFileSystem(files: ["/repo/Kit/NXKit/Package.swift": Self.manifest("NXKit")])
        memory.link("/repo/Kit/NXKit/Loop", to: "/repo/Kit")
        memory.link("/repo/Self", to: "/repo/Self")
        let workspace = try Self.discover(in: memory, root: "/repo")
        #expect(workspace.packages.map(\.manifest.name) == ["NXKit"])
        #expect(workspace.notes.map(\.description) == [
            "/repo/Kit/NXKit/Loop: note: symbolic link loop: this link leads back to '..', a folder that contains it; skipped",
            "/repo/Self: note: symbolic link loop: this link resolves to itself; skipped",
        ])
    }

    @Test func aRootThatIsNotAFolderIsAnInputError() {
        let memory = InMemoryFileSystem(files: ["/file": "x"])
        #expect(throws: InputError.self) { try Self.discover(in: memory, root: "/nothing") }
        #expect(throws: InputError.self) { try Self.discover(in: memory, root: "/file") }
    }
}
