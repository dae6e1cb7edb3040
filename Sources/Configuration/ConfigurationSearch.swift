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

extension ConfigurationSearch {
    /// The root and the configuration that govern `path`: with `file`, that file and `path` as the root; else the
    /// nearest `componentize.yml` from `path` upwards (when `searchingUpwards`), whose folder is the root; else the
    /// preset with `path` as the root. Locations name the file as the user would: relative to where they pointed.
    public static func governing(_ path: String, file: String?, loader: ConfigurationLoader, fileSystem: any FileSystem,
                                 searchingUpwards: Bool) throws -> (root: String, configuration: Configuration) {
        if let file { return (path, try loader.read(file, fileSystem: fileSystem)) }
        var configuration = try loader.load(repositoryRoot: path, fileSystem: fileSystem)
        if case .file = configuration.source {
            configuration.relocate(to: PathArithmetic.join(path, ConfigurationLoader.fileName))
            return (path, configuration)
        }
        guard searchingUpwards, fileSystem.status(of: path).exists,
              let governing = try ConfigurationSearch.governing(path, loader: loader, fileSystem: fileSystem) else { return (path, configuration) }
        configuration = governing.configuration
        configuration.relocate(to: PathArithmetic.join(governing.root, ConfigurationLoader.fileName))
        return (governing.root, configuration)
    }

}

extension Configuration {
    /// Points the configuration and every location in it at `path` (the file as the user names it).
    mutating func relocate(to path: String) {
        source = .file(path)
        func moved(_ location: FileLocation?) -> FileLocation? {
            location.map { FileLocation(path: path, line: $0.line, column: $0.column) }
        }
        for index in layers.indices {
            layers[index].location = moved(layers[index].location)
            layers[index].members = layers[index].members.map { var glob = $0; glob.location = moved(glob.location); return glob }
            layers[index].paths = layers[index].paths.map { var glob = $0; glob.location = moved(glob.location); return glob }
        }
        for index in exceptions.indices { exceptions[index].location = moved(exceptions[index].location) }
        baselineLocation = moved(baselineLocation)
    }
}

extension ConfigurationLoader {
    /// Today in UTC, or `COMPONENTIZE_TODAY` when set (`YYYY-MM-DD`, for reproducible runs).
    public static func today(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> Day {
        if let fixed = environment["COMPONENTIZE_TODAY"], !fixed.isEmpty {
            guard let day = Day(fixed) else {
                throw InputError("COMPONENTIZE_TODAY='\(fixed)' is not a date: write it as YYYY-MM-DD, e.g. 2026-06-01")
            }
            return day
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let parts = calendar.dateComponents([.year, .month, .day], from: Date())
        return Day(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
    }
}
