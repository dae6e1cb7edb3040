import Foundation

/// The disk (or any file system) with every folder listing kept once made: a repository's folders are listed by the
/// walk that finds its packages, and the passes after it (a target's source files, a manifest among its variants,
/// whether a folder exists) take the names from here. Statuses of entries of a listed folder come from the listing
/// where it says enough (a folder, a missing name). File contents are never kept.
public final class CachedFileSystem: FileSystem, @unchecked Sendable {
    private let base: any FileSystem
    private let lock = NSLock()
    private var listings: [String: FolderListing?] = [:]

    public init(_ base: any FileSystem = DiskFileSystem()) {
        self.base = base
    }

    public func listing(of directory: String) -> FolderListing? {
        if let cached = lock.withLock({ listings[directory] }) { return cached }
        let listing = base.listing(of: directory)
        lock.withLock { listings[directory] = .some(listing) }
        return listing
    }

    public func status(of path: String) -> FileStatus {
        guard Self.isPlain(path), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else {
            return base.status(of: path)
        }
        let parent = String(path[..<slash])
        guard let cached = lock.withLock({ listings[parent] }), let listing = cached else { return base.status(of: path) }
        guard let entry = listing.entry(named: String(path[path.index(after: slash)...])) else { return .missing }
        switch entry.kind {
        case .folder, .linkToFolder: return .folder
        case .brokenLink: return .brokenLink
        case .linkLoop: return .linkLoop
        case .other: return .other
        case .file, .linkToFile: return base.status(of: path)
        }
    }

    public func contents(of path: String, upTo limit: Int) -> [UInt8]? {
        base.contents(of: path, upTo: limit)
    }

    public func contents(of files: [String], in directory: String, upTo limit: Int) -> [[UInt8]?] {
        base.contents(of: files, in: directory, upTo: limit)
    }

    public func realPath(_ path: String) -> String {
        base.realPath(path)
    }

    /// Absolute, without empty, `.` or `..` components and without a trailing `/`: a path whose parent is its text
    /// up to the last `/`.
    static func isPlain(_ path: String) -> Bool {
        let slash = UInt8(ascii: "/"), dot = UInt8(ascii: ".")
        let bytes = path.utf8
        guard bytes.first == slash, bytes.count > 1, bytes.last != slash else { return false }
        var length = 0, dots = 0
        for byte in bytes.dropFirst() {
            if byte == slash {
                if length == 0 || (dots == length && length <= 2) { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == dot { dots += 1 }
            }
        }
        return !(dots == length && length <= 2)
    }
}
