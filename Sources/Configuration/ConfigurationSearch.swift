import Diagnostics
import Files
import Foundation
import Paths

/// Finds the configuration that governs a folder the way git finds `.git`: the nearest `componentize.yml` from the
/// folder upwards, stopping at the first folder that holds `.git` (the repository's top) or at `/`.
public enum ConfigurationSearch {
    /// The nearest `componentize.yml` governing `folder` (absolute), or nil.
    public static func nearest(from folder: String, fileSystem: any FileSystem) -> String? {
        var current = folder
        while true {
            let candidate = PathArithmetic.join(current, ConfigurationLoader.fileName)
            if fileSystem.status(of: candidate).exists { return candidate }
            if fileSystem.status(of: PathArithmetic.join(current, ".git")).exists || current == "/" { return nil }
            current = PathArithmetic.resolve("..", from: current)
        }
    }

    /// The configuration that governs `path`: the nearest one upwards, unless it excludes `path` (a folder a
    /// configuration excludes, such as samples or fixtures, is not governed by it). Its folder is returned as the user
    /// would name it (see ``display(_:asGiven:fileSystem:)``), with the configuration read from it.
    public static func governing(_ path: String, loader: ConfigurationLoader,
                                 fileSystem: any FileSystem) throws(InputError) -> (root: String, configuration: Configuration)? {
        let start = fileSystem.realPath(path)
        guard let found = nearest(from: start, fileSystem: fileSystem) else { return nil }
        let folder = PathArithmetic.resolve("..", from: found)
        let root = display(folder, asGiven: path, fileSystem: fileSystem)
        let configuration = try loader.load(repositoryRoot: root, fileSystem: fileSystem)
        let excluded = PathArithmetic.prefixes(of: PathArithmetic.relative(start, to: folder)).contains { prefix in
            configuration.exclude.contains { $0.matchesPath(prefix) }
        }
        return excluded ? nil : (root, configuration)
    }

    /// How to name the absolute `folder` to a user who named a folder as `given`: absolute if they wrote an absolute
    /// path, else relative to the current folder.
    public static func display(_ folder: String, asGiven given: String, fileSystem: any FileSystem) -> String {
        if given.hasPrefix("/") { return folder }
        return PathArithmetic.relative(folder, to: fileSystem.realPath(FileManager.default.currentDirectoryPath))
    }
}
