import Discovery
import PackageModel
import Parallel
import Paths
import SourceImports

/// How much of the repository's code the check read: the source files (``Workspace/sourceFiles``) some target of a
/// package, pod or project compiles, against all of them; and where the others are.
public struct SourceCoverage: Sendable, Equatable {
    /// The repository's source files outside skipped and excluded folders, those in the folder of a manifest that
    /// cannot be read left out unless a target read compiles them.
    public let total: Int
    /// Those some target read.
    public let read: Int
    /// The folders holding the most files no target reads (their first two path components), with their counts,
    /// largest first, at most three.
    public let unreadFolders: [UnreadFolder]
    /// The first file no target reads in the first of ``unreadFolders``, relative to the root.
    public let firstUnread: String?
    /// The project descriptions no reader read (``Workspace/unreadDescriptions``).
    public var unreadDescriptions: [String] = []

    public struct UnreadFolder: Sendable, Equatable {
        public let folder: String
        public let files: Int
    }

    /// Read below this share of the repository's source files, a check is not a plain success (the
    /// `unread-sources` rule); docs/precision.md says why this share.
    public static let minimumShare = 0.5

    /// Whether the share read is far below what the repository holds.
    public var isFarBelow: Bool {
        total > 0 && Double(read) < Double(total) * Self.minimumShare
    }

    init(workspace: Workspace, targets: [TargetImports]) {
        let read = Self.filesRead(workspace: workspace, targets: targets)
        // The code of a package, pod or project that cannot be read is its `unreadable-manifest` error's: not counted again.
        // A file a target read compiles is read even there (an Xcode project at the root of an unreadable root podspec).
        let unreadable = workspace.unreadable.map { package in
            let isFile = PackageKind(manifestPath: package.directory) != .package
            return PathArithmetic.relative(isFile ? PathArithmetic.resolve("..", from: package.directory) : package.directory, to: workspace.realRoot)
        }
        // One pass, one look-up a file: the unread files counted by folder, the first of each folder kept.
        var unread: [String: (files: Int, first: String)] = [:]
        var count = 0, counted = 0
        for file in workspace.sourceFiles {
            if read.contains(file) {
                count += 1
                counted += 1
            } else if !unreadable.contains(where: { $0 == "." || file.hasPrefix($0 + "/") }) {
                counted += 1
                let parts = file.split(separator: "/").dropLast()
                let folder = parts.isEmpty ? "." : parts.prefix(2).joined(separator: "/")
                unread[folder, default: (0, file)].files += 1
            }
        }
        total = counted
        self.read = count
        unreadDescriptions = workspace.unreadDescriptions
        let largest = unread.sorted { ($1.value.files, $0.key) < ($0.value.files, $1.key) }.prefix(3)
        unreadFolders = largest.map { UnreadFolder(folder: $0.key, files: $0.value.files) }
        firstUnread = largest.first?.value.first
        releaseInBackground(read)
    }

    /// The files the targets compile, relative to the root.
    private static func filesRead(workspace: Workspace, targets: [TargetImports]) -> Set<String> {
        let folders = Dictionary(workspace.packages.map { ($0.relativeDirectory, PathArithmetic.relative($0.folder, to: workspace.realRoot)) },
                                 uniquingKeysWith: { first, _ in first })
        var read: Set<String> = []
        read.reserveCapacity(workspace.sourceFiles.count)
        for index in targets.indices {
            guard let folder = folders[targets[index].package] else { continue }
            let plainFolder = folder == "." || Self.isPlain(folder)
            for file in targets[index].files {
                if plainFolder, Self.isPlain(file) {
                    read.insert(folder == "." ? file : folder + "/" + file)
                } else {
                    read.insert(PathArithmetic.lexical(PathArithmetic.join(folder, file)))
                }
            }
        }
        return read
    }

    /// Whether `path` is relative with no empty, `.` or `..` component: joined to a folder like it, it needs no
    /// lexical clean-up (most files as the source pass lists them).
    static func isPlain(_ path: String) -> Bool {
        var length = 0, dots = 0
        for byte in path.utf8 {
            if byte == UInt8(ascii: "/") {
                if length == 0 || dots == length && length <= 2 { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return !(length == 0 || dots == length && length <= 2)
    }
}
