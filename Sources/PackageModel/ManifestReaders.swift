import Files

/// Reads the Swift package manifest of a folder into the model. ManifestReading's readers are the ones (its interpreter,
/// or SwiftPM's `dump-package`); a stage that reads a checkout's manifest, or reads back one it wrote, is given one and
/// does not import the interpreter.
public protocol PackageManifestReading: Sendable {
    /// The manifest SwiftPM would pick in `directory`, read through `fileSystem`.
    func manifest(inPackageDirectory directory: String, fileSystem: any FileSystem) throws -> Manifest
}

/// A manifest reader that reads text without running anything (ManifestReading's static reader): what `fix` reads the
/// manifests it edits back with, before anything is written.
public protocol ManifestTextReading: PackageManifestReading {
    /// Manifest text; `path` names it in messages and its last component is the manifest file name.
    func manifest(source: String, path: String) throws -> Manifest
}
