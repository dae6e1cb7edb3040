import Configuration
import Diagnostics
import Files
import Paths

/// Where `componentize new` takes the repository to start.
public enum NewComponentRoot {
    /// The folder `new` takes as the repository when no componentize.yml governs `path`: the top of the git repository
    /// holding it (so that `new` run inside a package never nests the new package in it); else `path` itself, unless
    /// `path` is a package's folder, which is an error saying where to run it.
    public static func root(from path: String, fileSystem: any FileSystem) throws -> String {
        let start = fileSystem.realPath(path)
        guard ConfigurationSearch.nearest(from: start, fileSystem: fileSystem) == nil else { return path }
        var current = start
        while current != "/" {
            if fileSystem.status(of: PathArithmetic.join(current, ".git")).exists {
                return current == start ? path : ConfigurationSearch.display(current, asGiven: path, fileSystem: fileSystem)
            }
            current = PathArithmetic.resolve("..", from: current)
        }
        let names = fileSystem.listing(of: start)?.entries.map(\.name) ?? []
        if let manifest = names.first(where: { $0 == "Package.swift" || $0.hasSuffix(".podspec") }) {
            throw InputError("this folder is a package (\(manifest)), and no componentize.yml or git repository says where the repository starts: "
                + "run 'componentize new' from the folder that holds the packages, or write a componentize.yml there ('componentize init')",
                             at: FileLocation(path: path))
        }
        return path
    }
}
