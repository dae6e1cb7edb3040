import Diagnostics
import Files
import PackageModel
import Paths
import SourceImports

/// Where SwiftPM keeps the outside packages a local package resolved: `<package>/.build/checkouts/<name>`, one folder
/// per package, named after its repository (the package's identity).
public enum Checkouts {
    /// The checked-out packages of every local package, by identity (lowercased folder name), the first found in
    /// workspace order winning; only folders holding a `Package.swift`.
    public static func folders(of workspace: Workspace, fileSystem: any FileSystem) -> [(identity: String, directory: String)] {
        var found: Set<String> = []
        var folders: [(identity: String, directory: String)] = []
        for directory in workspace.packages.map(\.directory) + workspace.outsideDependencyFolders {
            let checkouts = directory + "/.build/checkouts"
            guard let listing = fileSystem.listing(of: checkouts) else { continue }
            for entry in listing.entries where !entry.isHidden {
                let directory = checkouts + "/" + entry.name
                guard !found.contains(entry.name.lowercased()), fileSystem.status(of: directory + "/Package.swift").exists else { continue }
                found.insert(entry.name.lowercased())
                folders.append((entry.name.lowercased(), directory))
            }
        }
        return folders
    }

    /// The outside packages checked out under the local packages' `.build/checkouts`: their manifests (what each
    /// product provides) and which of their modules re-export others. A manifest that cannot be read is a note; its
    /// products' imports are then not decided.
    public static func read(of workspace: Workspace, reader: any PackageManifestReading, fileSystem: any FileSystem) -> (packages: [CheckedOutPackage], notes: [Note]) {
        var packages: [CheckedOutPackage] = []
        var notes: [Note] = []
        let root = fileSystem.realPath(workspace.root)
        for (identity, directory) in folders(of: workspace, fileSystem: fileSystem) {
            let shown = PathArithmetic.display(directory, root: root, displayRoot: workspace.root, currentFolder: nil)
            let manifest: Manifest
            do {
                manifest = try reader.manifest(inPackageDirectory: directory, fileSystem: fileSystem)
            } catch {
                notes.append(Note("the manifest of this checkout cannot be read, so imports of its products are not decided: \(error)",
                                  at: FileLocation(path: PathArithmetic.join(shown, "Package.swift"))))
                continue
            }
            var exports: [String: Set<String>] = [:]
            for target in manifest.targets where [.regular, .executable].contains(target.type) {
                let exported = SourcePass.exportedModules(of: target, packageDirectory: directory, fileSystem: fileSystem)
                if !exported.isEmpty { exports[target.moduleName ?? target.name] = Set(exported) }
            }
            packages.append(CheckedOutPackage(identity: identity, directory: directory, manifestPath: PathArithmetic.join(shown, manifest.manifestFile),
                                              manifest: manifest, exports: exports))
        }
        return (packages, notes)
    }
}

/// An outside package's manifest read from its checkout, with what its modules re-export.
public struct CheckedOutPackage: Sendable {
    /// The identity manifests use for it (`swift-log`).
    public var identity: String
    /// Absolute.
    public var directory: String
    /// As reports name it.
    public var manifestPath: String
    public var manifest: Manifest
    /// By the name of the target that re-exports (`@_exported import`), the modules it re-exports.
    public var exports: [String: Set<String>]
}
