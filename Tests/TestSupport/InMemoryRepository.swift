import Discovery
import Files
import ManifestReading
import PackageModel

/// Repositories written in memory, read by the real discovery.
public enum InMemoryRepository {
    /// The workspace of manifests given by folder relative to `root` (`.` for the root package).
    public static func workspace(_ manifests: [(directory: String, manifest: String)], root: String = "/repository") throws -> Workspace {
        var fileSystem = InMemoryFileSystem()
        for (directory, manifest) in manifests {
            fileSystem.write(manifest, to: directory == "." ? root + "/Package.swift" : root + "/" + directory + "/Package.swift")
        }
        return try PackageDiscovery(reader: ManifestReader(strategy: .static, environment: [:])).discover(root: root, fileSystem: fileSystem)
    }
}
