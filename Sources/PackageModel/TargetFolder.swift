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
