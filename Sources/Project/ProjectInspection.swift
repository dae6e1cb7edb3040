import Discovery
import ManifestReading
import PackageModel

/// What `componentize manifest` prints (see ``Discovery/ManifestInspection``).
public typealias ManifestInspection = Discovery.ManifestInspection

extension Project {
    /// Reads the manifests, podspecs or projects at `paths` the way `check` does, without a repository around them.
    public static func inspectManifests(at paths: [String], reader strategy: ReaderStrategy, format: ManifestInspection.Format,
                                        toolchain: ToolsVersion?) throws -> ManifestInspection {
        try ManifestInspection.inspect(at: paths, reader: strategy, format: format, toolchain: toolchain)
    }
}
