import Files
import PackageModel

extension ManifestReader: PackageManifestReading {
    public func manifest(inPackageDirectory directory: String, fileSystem: any FileSystem) throws -> Manifest {
        try read(packageDirectory: directory, fileSystem: fileSystem).manifest
    }
}

extension StaticManifestReader: ManifestTextReading {
    public func manifest(inPackageDirectory directory: String, fileSystem: any FileSystem) throws -> Manifest {
        try read(packageDirectory: directory, fileSystem: fileSystem)
    }

    public func manifest(source: String, path: String) throws -> Manifest {
        try read(source: source, path: path)
    }
}
