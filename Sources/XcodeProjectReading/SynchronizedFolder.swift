import Files
import Paths

/// What Xcode 16 makes of a synchronized folder (`PBXFileSystemSynchronizedRootGroup`): each file in it is a file of the
/// targets the folder belongs to, except where Xcode sees something else than files:
/// - a folder holding a `Package.swift` is a local package of the project (its files are the package's, and the
///   project's targets link its products by name);
/// - a folder Xcode handles as one item (a documentation catalog `.docc`, an asset catalog, a Core Data model, a
///   playground, a bundle, a framework…) is a resource: the Swift in a `.docc` catalog's snippets is compiled by nobody;
/// - a folder the project marks as a folder reference (`explicitFolders`) is copied whole, not compiled.
struct SynchronizedFolder: Sendable {
    /// The extensions of the folders Xcode treats as one item.
    static let opaqueExtensions: Set<String> = [
        "docc", "xcassets", "xcdatamodeld", "xcdatamodel", "xcmappingmodel", "playground", "playgroundbook", "bundle", "framework",
        "xcframework", "app", "appex", "xctest", "xcodeproj", "xcworkspace", "scnassets", "rcproject", "mlpackage", "mlmodelc",
        "storyboardc", "nib", "xctemplate", "spriteatlas", "iconset",
    ]

    /// Relative to the folder, sorted.
    var files: [String] = []
    /// The package folders inside it, relative to it (`.` when the folder is a package itself), sorted.
    var packages: [String] = []

    /// The folder at `absolute`; `explicitFolders` are relative to it.
    init(at absolute: String, explicitFolders: Set<String>, fileSystem: any FileSystem) {
        var pending = [""]
        while let relative = pending.popLast() {
            let folder = relative.isEmpty ? absolute : absolute + "/" + relative
            guard let listing = fileSystem.listing(of: folder) else { continue }
            if let manifest = listing.entry(named: "Package.swift"), manifest.kind.isFile {
                packages.append(relative.isEmpty ? "." : relative)
                continue
            }
            let prefix = relative.isEmpty ? "" : relative + "/"
            for entry in listing.entries where !entry.isHidden {
                let path = prefix + entry.name
                if entry.kind.isFile {
                    files.append(path)
                } else if entry.kind == .folder, !Self.isOpaque(entry.name), !explicitFolders.contains(path),
                          !(entry.name == "Pods" && GeneratedFolders.isCocoaPodsOutput(folder + "/Pods", fileSystem: fileSystem)) {
                    pending.append(path)
                }
            }
        }
        files.sort()
        packages.sort()
    }

    static func isOpaque(_ folderName: String) -> Bool {
        guard let dot = folderName.lastIndex(of: "."), dot != folderName.startIndex else { return false }
        return opaqueExtensions.contains(folderName[folderName.index(after: dot)...].lowercased())
    }

    /// Whether `file` is `excepted` or lies in a folder it names (an exception set may name a folder).
    static func isExcepted(_ file: String, by excepted: Set<String>) -> Bool {
        if excepted.contains(file) { return true }
        return PathArithmetic.prefixes(of: file).dropLast().contains { excepted.contains($0) }
    }
}
