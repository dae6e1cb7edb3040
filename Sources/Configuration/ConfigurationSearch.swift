import Diagnostics
import Foundation
import Paths

/// Finds the configuration that governs a folder the way git finds `.git`: the nearest `componentize.yml` from the
/// folder upwards, stopping at the first folder that holds `.git` (the repository's top) or at `/`.
public enum ConfigurationSearch {
    /// The nearest `componentize.yml` governing `folder` (absolute), or nil.
    public static func nearest(from folder: String) -> String? {
        var current = folder
        while true {
            let candidate = PathArithmetic.join(current, ConfigurationLoader.fileName)
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            if FileManager.default.fileExists(atPath: PathArithmetic.join(current, ".git")) || current == "/" { return nil }
            current = PathArithmetic.resolve("..", from: current)
        }
    }

    /// The configuration that governs `path`: the nearest one upwards, unless it excludes `path` (a folder a
    /// configuration excludes, such as samples or fixtures, is not governed by it). Its folder is returned as the user
    /// would name it (see ``display(_:asGiven:)``), with the model read from it.
    public static func governing(_ path: String, loader: ConfigurationLoader) throws(InputError) -> (root: String, model: LayerModel)? {
        let start = absolute(path)
        guard let found = nearest(from: start) else { return nil }
        let folder = PathArithmetic.resolve("..", from: found)
        let root = display(folder, asGiven: path)
        let model = try loader.load(repositoryRoot: root)
        let excluded = PathArithmetic.prefixes(of: PathArithmetic.relative(start, to: folder)).contains { prefix in
            model.exclude.contains { $0.matchesPath(prefix) }
        }
        return excluded ? nil : (root, model)
    }

    /// `path` as an absolute path with links resolved (relative paths are taken from the current folder).
    public static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// How to name the absolute `folder` to a user who named a folder as `given`: absolute if they wrote an absolute
    /// path, else relative to the current folder.
    public static func display(_ folder: String, asGiven given: String) -> String {
        if given.hasPrefix("/") { return folder }
        return PathArithmetic.relative(folder, to: absolute(FileManager.default.currentDirectoryPath))
    }
}
