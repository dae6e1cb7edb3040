/// What a folder entry is, as its folder's listing tells it: links are followed once to say what they lead to.
public enum EntryKind: Sendable, Equatable {
    case file
    case folder
    case linkToFile
    case linkToFolder
    /// A link to nothing (or to something that cannot be looked at).
    case brokenLink
    /// A link that resolves to itself, directly or through others.
    case linkLoop
    /// A socket, a device, a pipe.
    case other

    /// A regular file, or a link to one: what readers count as a file.
    public var isFile: Bool { self == .file || self == .linkToFile }

    public var isLink: Bool {
        switch self {
        case .linkToFile, .linkToFolder, .brokenLink, .linkLoop: return true
        case .file, .folder, .other: return false
        }
    }
}

/// One entry of a folder listing.
public struct FolderEntry: Sendable, Equatable {
    public var name: String
    public var kind: EntryKind

    public init(name: String, kind: EntryKind) {
        self.name = name
        self.kind = kind
    }

    /// `.hidden` names, which SwiftPM, CocoaPods and componentize skip.
    public var isHidden: Bool { name.utf8.first == UInt8(ascii: ".") }
}

/// A folder's entries, sorted by name (`.` and `..` left out, hidden entries kept).
public struct FolderListing: Sendable, Equatable {
    public var entries: [FolderEntry]
    /// Entries whose names are not UTF-8: not listed, only counted.
    public var undecodableNames: Int

    public init(entries: [FolderEntry], undecodableNames: Int = 0) {
        self.entries = entries.sorted { $0.name < $1.name }
        self.undecodableNames = undecodableNames
    }

    /// The entry of that name, if any (a binary search: entries are sorted).
    public func entry(named name: String) -> FolderEntry? {
        var low = 0, high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].name < name { low = middle + 1 } else { high = middle }
        }
        return low < entries.count && entries[low].name == name ? entries[low] : nil
    }
}

/// What is at a path, links followed.
public enum FileStatus: Sendable, Equatable {
    case file(size: Int)
    case folder
    case other
    case missing
    /// The path is a link to nothing.
    case brokenLink
    case linkLoop

    public var isFolder: Bool { self == .folder }

    public var isFile: Bool {
        if case .file = self { return true }
        return false
    }

    /// A file, a folder or something else is there, links followed (as `stat` sees it; a broken link is nothing).
    public var exists: Bool {
        switch self {
        case .file, .folder, .other: return true
        case .missing, .brokenLink, .linkLoop: return false
        }
    }
}

/// The read-only file system every reader takes: the disk, a cached view of it, a tree in memory, or the disk with
/// planned files on top. Paths are absolute, `/`-separated. Implementations are safe to use from any thread.
///
/// Readers ask it for listings and bytes and never hold caches of their own: caching is an implementation's business
/// (``CachedFileSystem``).
public protocol FileSystem: Sendable {
    /// The folder's entries; nil when it is not a folder or cannot be listed.
    func listing(of directory: String) -> FolderListing?
    /// What is at `path`, links followed.
    func status(of path: String) -> FileStatus
    /// Up to `limit` bytes of the file; nil when it cannot be read.
    func contents(of path: String, upTo limit: Int) -> [UInt8]?
    /// `path` with every link resolved and `.`/`..` removed; the path itself (standardized) where nothing resolves.
    func realPath(_ path: String) -> String
    /// ``contents(of:upTo:)`` of many files of one folder (`files` relative to `directory`), in order. Implementations
    /// may read them faster together than one by one.
    func contents(of files: [String], in directory: String, upTo limit: Int) -> [[UInt8]?]
}

extension FileSystem {
    public func contents(of files: [String], in directory: String, upTo limit: Int) -> [[UInt8]?] {
        files.map { contents(of: $0.hasPrefix("/") ? $0 : directory + "/" + $0, upTo: limit) }
    }

    /// Whether there is a folder at `path` (links followed).
    public func isFolder(_ path: String) -> Bool {
        status(of: path).isFolder
    }

    /// The file's bytes as UTF-8 text; nil when it cannot be read or is not UTF-8.
    public func text(of path: String, upTo limit: Int = 16 << 20) -> String? {
        contents(of: path, upTo: limit).flatMap { String(validating: $0, as: UTF8.self) }
    }

    /// Regular files (and links to files) below `directory`, relative to it, sorted; hidden entries and CocoaPods'
    /// generated `Pods` folders skipped. Linked folders are entered only with `followingLinkedFolders`, and then never
    /// one that leads back to a folder above it. Empty when `directory` cannot be listed.
    public func regularFiles(under directory: String, followingLinkedFolders: Bool = false) -> [String] {
        var result: [String] = []
        // Each folder to list, with the real paths of the linked folders entered on the way to it.
        var pending: [(relative: String, linked: [String])] = [("", [])]
        while let (relative, linked) = pending.popLast() {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            guard let listing = listing(of: absolute) else { continue }
            let prefix = relative.isEmpty ? "" : relative + "/"
            for entry in listing.entries where !entry.isHidden {
                if entry.kind.isFile {
                    result.append(prefix + entry.name)
                } else if entry.kind == .folder {
                    if entry.name == "Pods", GeneratedFolders.isCocoaPodsOutput(absolute + "/Pods", fileSystem: self) { continue }
                    pending.append((prefix + entry.name, linked))
                } else if entry.kind == .linkToFolder, followingLinkedFolders {
                    let target = realPath(absolute + "/" + entry.name)
                    let above = realPath(absolute)
                    guard !linked.contains(target), above != target, !above.hasPrefix(target + "/") else { continue }
                    pending.append((prefix + entry.name, linked + [target]))
                }
            }
        }
        return result.sorted()
    }
}
