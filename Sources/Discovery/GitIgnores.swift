import Diagnostics
import Files
import Paths

/// The `.gitignore` files of the repository a folder is in, from its top (the folder holding `.git`, else the root
/// checked) down: a package folder they keep out of git is fetched by a script or a tool, not a broken path.
///
/// Patterns as git reads them: `#` comments, `!` to re-include, a trailing `/` for folders, a pattern with a `/` before
/// its end anchored to its file's folder, one without matched against every name below it, `*`, `?`, `[…]` and `**`.
/// What a folder above excludes, git never looks into. Case is ignored, as git does on a Mac (`core.ignorecase`, set
/// where the file system ignores case: `Dependencies/` keeps out `dependencies/`); a folder kept out only there is
/// still not a broken path.
struct GitIgnores {
    /// The repository's folder (the one holding `.git`, else the root checked), absolute.
    let top: String
    private let fileSystem: any FileSystem

    init(around root: String, fileSystem: any FileSystem) {
        self.fileSystem = fileSystem
        var folder = root
        while !fileSystem.status(of: PathArithmetic.join(folder, ".git")).exists {
            let parent = PathArithmetic.resolve("..", from: folder)
            guard parent != folder else {
                top = root
                return
            }
            folder = parent
        }
        top = folder
    }

    /// The `.gitignore` line that keeps `directory` (absolute) out of git, if one does.
    func ignoringLine(of directory: String) -> FileLocation? {
        guard directory.hasPrefix(top + "/") else { return nil }
        let parts = PathArithmetic.prefixes(of: PathArithmetic.relative(directory, to: top))
        // Each folder from the top down: the first one excluded excludes everything below it.
        for (index, path) in parts.enumerated() {
            if let line = decision(for: path, ignoreFilesIn: [""] + parts.prefix(index)) { return line }
        }
        return nil
    }

    /// The last pattern matching `path` (relative to the top) among the `.gitignore` files of `folders`, when it excludes.
    private func decision(for path: String, ignoreFilesIn folders: [String]) -> FileLocation? {
        var decided: FileLocation?
        for folder in folders {
            let file = PathArithmetic.join(folder.isEmpty ? top : PathArithmetic.join(top, folder), ".gitignore")
            guard let text = fileSystem.text(of: file, upTo: 1 << 20) else { continue }
            let inside = folder.isEmpty ? path : PathArithmetic.relative(path, to: folder)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let (pattern, negated) = Self.pattern(String(line)), Self.matches(pattern.lowercased(), inside.lowercased()) else { continue }
                decided = negated ? nil : FileLocation(path: file, line: number + 1)
            }
        }
        return decided
    }

    /// A line's pattern without its `!` and trailing `/`, and whether it re-includes; nil for a comment or a blank line.
    static func pattern(_ line: String) -> (pattern: String, negated: Bool)? {
        var text = Substring(line)
        while let last = text.last, last == " " || last == "\r" || last == "\t" { text = text.dropLast() }
        guard !text.isEmpty, !text.hasPrefix("#") else { return nil }
        let negated = text.hasPrefix("!")
        if negated { text = text.dropFirst() }
        while text.hasSuffix("/") { text = text.dropLast() }
        return text.isEmpty ? nil : (String(text), negated)
    }

    /// Whether a pattern matches a path relative to its `.gitignore`'s folder.
    static func matches(_ pattern: String, _ path: String) -> Bool {
        if pattern.contains("/") {
            let anchored = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
            return (try? Glob(anchored))?.matchesPath(path) ?? false
        }
        guard let glob = try? Glob(pattern) else { return false }
        return glob.matches(PathArithmetic.lastComponent(of: path))
    }
}
