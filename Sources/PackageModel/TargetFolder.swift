import Files
import Paths

extension Target {
    /// Where SwiftPM looks for the target when it has no `path:`: `Sources/<name>`, `Source/<name>`, `src/<name>`,
    /// `srcs/<name>`, with `Tests/<name>` first for a test target and `Plugins/<name>` for a plugin.
    public var defaultFolders: [String] {
        let roots = type == .test ? ["Tests", "Sources", "Source", "src", "srcs"]
            : type == .plugin ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
        return roots.map { $0 + "/" + name }
    }

    /// The only default folder spelt in another case (`Sources/UserServices` for target `Userservices`): SwiftPM finds
    /// it on macOS's default file system, not on a case-sensitive one; nil when the target has a `path:`, or when none
    /// or several differ from it only in case.
    public func defaultFolderInAnotherCase(inPackage packageDirectory: String, fileSystem: any FileSystem) -> String? {
        guard path == nil else { return nil }
        let wanted = name.lowercased()
        for folder in defaultFolders {
            let root = String(folder.dropLast(name.count + 1))
            let matches = (fileSystem.listing(of: PathArithmetic.join(packageDirectory, root))?.entries ?? [])
                .filter { $0.name.lowercased() == wanted && fileSystem.isFolder(PathArithmetic.join(packageDirectory, root + "/" + $0.name)) }
            if matches.count == 1, let match = matches.first { return root + "/" + match.name }
            if matches.count > 1 { return nil }
        }
        return nil
    }

    /// The target's folder relative to the package folder (`.` for `path: ""`), or nil when there is none.
    public func folder(inPackage packageDirectory: String, fileSystem: any FileSystem) -> String? {
        func isFolder(_ relative: String) -> Bool {
            fileSystem.isFolder(PathArithmetic.join(packageDirectory, relative))
        }
        if let path {
            let normalized = PathArithmetic.normalized(path)
            let folder = normalized.isEmpty ? "." : normalized
            return isFolder(folder) ? folder : nil
        }
        if let folder = defaultFolders.first(where: isFolder) { return folder }
        // The only target of its kind, with its files directly in the predefined folder (tools version 5.9).
        guard aloneInItsRoot else { return nil }
        let roots = type == .test ? ["Tests"] : type == .plugin ? ["Plugins"] : ["Sources", "Source", "src", "srcs"]
        return roots.first(where: isFolder)
    }
}
