import ManifestReading

/// Every local package of a repository, read.
public struct Workspace: Sendable {
    /// The repository root, as given.
    public var root: String
    /// Sorted by directory.
    public var packages: [LocalPackage]
    /// Packages whose manifest the static reader declined and SwiftPM read instead.
    public var declines: [StaticReadDeclined]

    public init(root: String, packages: [LocalPackage], declines: [StaticReadDeclined] = []) {
        self.root = root
        self.packages = packages
        self.declines = declines
    }
}

/// One package found on disk.
public struct LocalPackage: Sendable {
    /// Absolute, symlinks resolved: the package's identity on disk.
    public var directory: String
    /// Relative to the repository root (`Packages/Kit/NXKit`, `.` for the root package, `../Shared` outside it).
    public var relativeDirectory: String
    /// The manifest file as reports name it: the root as the user gave it, then the path inside (`Packages/Kit/NXKit/Package.swift`).
    public var manifestPath: String
    public var manifest: Manifest
    /// The directory each `.package(path:)` of the manifest leads to, by the path as written.
    public var pathDependencies: [String: String]

    public init(directory: String, relativeDirectory: String, manifestPath: String, manifest: Manifest,
                pathDependencies: [String: String] = [:]) {
        self.directory = directory
        self.relativeDirectory = relativeDirectory
        self.manifestPath = manifestPath
        self.manifest = manifest
        self.pathDependencies = pathDependencies
    }
}
