import Files
import Foundation
import Paths

/// The git submodules of the repository a folder is in (`.gitmodules` at the repository's top, found upwards): a
/// package path into one that is not checked out names a package componentize cannot read yet, not a broken path.
struct GitSubmodules {
    /// Absolute, sorted.
    var paths: [String] = []
    /// The `.gitmodules` file read, absolute.
    var file: String?

    init(around root: String, fileSystem: any FileSystem) {
        var folder = root
        while true {
            if let text = fileSystem.text(of: PathArithmetic.join(folder, ".gitmodules"), upTo: 1 << 20) {
                paths = Self.paths(in: text).map { PathArithmetic.resolve($0, from: folder) }.sorted()
                file = PathArithmetic.join(folder, ".gitmodules")
                return
            }
            let parent = PathArithmetic.resolve("..", from: folder)
            if fileSystem.status(of: PathArithmetic.join(folder, ".git")).exists || parent == folder { return }
            folder = parent
        }
    }

    /// The `path = …` values of `.gitmodules`.
    static func paths(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 && parts[0] == "path" && !parts[1].isEmpty ? parts[1] : nil
        }
    }

    /// The submodule a folder lies in, if any.
    func submodule(containing directory: String) -> String? {
        paths.first { directory == $0 || directory.hasPrefix($0 + "/") }
    }
}
