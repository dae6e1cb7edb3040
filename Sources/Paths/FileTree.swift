#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walking a folder with POSIX `readdir`: one system call per folder rather than one per file, which is most of the
/// cost of Foundation's enumerator on Linux.
public enum FileTree {
    /// Every folder holding one of `files` (paths relative to one folder), at any depth: `a/b/c.txt` gives `a` and `a/b`.
    public static func folders(of files: [String]) -> Set<String> {
        var folders: Set<String> = []
        for file in files {
            var folder = Substring(file)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(String(folder)).inserted else { break }
            }
        }
        return folders
    }

    /// Regular files below `directory`, relative to it, sorted; hidden entries skipped. Files reached through links
    /// count; folders reached through links are entered only with `followingLinkedFolders` (a link loop can then not
    /// trap the walk without it).
    public static func regularFiles(under directory: String, followingLinkedFolders: Bool) -> [String] {
        var result: [String] = []
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            guard let handle = opendir(absolute) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                let type = Int32(entry.pointee.d_type)
                if type == Int32(DT_DIR) {
                    pending.append(path)
                } else if type == Int32(DT_REG) {
                    result.append(path)
                } else {
                    var info = stat()
                    guard stat(directory + "/" + path, &info) == 0 else { continue }
                    if info.st_mode & S_IFMT == S_IFREG {
                        result.append(path)
                    } else if info.st_mode & S_IFMT == S_IFDIR, type == Int32(DT_UNKNOWN) || followingLinkedFolders {
                        pending.append(path)
                    }
                }
            }
        }
        return result.sorted()
    }
}

/// What a walk of a repository saw in each folder it listed, by absolute path: later passes over the same folders
/// (a target's source files) take the names from here instead of listing the folders again.
public final class FolderListings: Sendable {
    /// One folder: its regular files (and links to files) and its subfolders (not links), without hidden entries,
    /// sorted by name.
    public struct Listing: Sendable {
        public var files: [String]
        public var folders: [String]

        public init(files: [String], folders: [String]) {
            self.files = files
            self.folders = folders
        }
    }

    private let listings: [String: Listing]

    public init(_ listings: [String: Listing] = [:]) {
        self.listings = listings
    }

    /// The same as ``FileTree/regularFiles(under:followingLinkedFolders:)`` without following linked folders: from
    /// the listings where the walk saw a folder, from the disk where it did not (a folder it skipped).
    public func regularFiles(under directory: String) -> [String] {
        guard listings[directory] != nil else { return FileTree.regularFiles(under: directory, followingLinkedFolders: false) }
        var result: [String] = []
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            let prefix = relative.isEmpty ? "" : relative + "/"
            guard let listing = listings[absolute] else {
                result += FileTree.regularFiles(under: absolute, followingLinkedFolders: false).map { prefix + $0 }
                continue
            }
            result += listing.files.map { prefix + $0 }
            pending += listing.folders.map { prefix + $0 }
        }
        return result.sorted()
    }

    /// Whether the walk saw this folder (so it exists and is a folder).
    public func contains(_ directory: String) -> Bool {
        listings[directory] != nil
    }
}
