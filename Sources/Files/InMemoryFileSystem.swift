import Paths

/// A tree of files, folders and links held in memory: for tests, and for files planned but not written yet (see
/// ``OverlayFileSystem``). A value: build it, then share it.
public struct InMemoryFileSystem: FileSystem {
    enum Node: Sendable, Equatable {
        case file([UInt8])
        case folder
        case link(String)
    }

    /// By absolute path without `.`, `..` or a trailing `/`; `/` is always a folder.
    private var nodes: [String: Node] = ["/": .folder]
    /// The names in each folder.
    private var children: [String: Set<String>] = ["/": []]

    public init() {}

    /// Files by absolute path, with their text; their folders are created.
    public init(files: [String: String]) {
        for (path, text) in files { write(text, to: path) }
    }

    /// Writes a file, creating its folders; replaces what was there.
    public mutating func write(_ text: String, to path: String) {
        write(bytes: Array(text.utf8), to: path)
    }

    public mutating func write(bytes: [UInt8], to path: String) {
        add(.file(bytes), at: path)
    }

    public mutating func createFolder(_ path: String) {
        add(.folder, at: path)
    }

    /// A symbolic link at `path` to `destination` (absolute, or relative to the link's folder).
    public mutating func link(_ path: String, to destination: String) {
        add(.link(destination), at: path)
    }

    /// Every file's path, sorted.
    public var files: [String] {
        nodes.compactMap { path, node in if case .file = node { return path } else { return nil } }.sorted()
    }

    private mutating func add(_ node: Node, at path: String) {
        let normalized = PathArithmetic.resolve(path, from: "/")
        guard normalized != "/" else { return }
        var folder = "/"
        for part in PathArithmetic.prefixes(of: String(normalized.dropFirst())).dropLast() {
            let absolute = "/" + part
            if nodes[absolute] != .folder {
                nodes[absolute] = .folder
                children[absolute] = children[absolute] ?? []
            }
            children[folder, default: []].insert(String(absolute.split(separator: "/").last ?? ""))
            folder = absolute
        }
        nodes[normalized] = node
        if node == .folder { children[normalized] = children[normalized] ?? [] } else { children[normalized] = nil }
        children[folder, default: []].insert(String(normalized.split(separator: "/").last ?? ""))
    }

    /// Where `path` leads: the node's path with every link on the way followed (the last one too when
    /// `followingLast`), or why it leads nowhere.
    private enum Resolution: Equatable {
        case found(String, Node)
        case missing(resolvedSoFar: String, rest: [Substring])
        case brokenLink
        case loop
    }

    private func resolve(_ path: String, followingLast: Bool = true, hops: Int = 0) -> Resolution {
        guard hops < 40 else { return .loop }
        let parts = path.split(separator: "/")
        var current = "/"
        var index = 0
        while index < parts.count {
            let part = parts[index]
            index += 1
            if part == "." { continue }
            if part == ".." {
                current = PathArithmetic.resolve("..", from: current)
                continue
            }
            let next = current == "/" ? "/" + part : current + "/" + part
            guard let node = nodes[next] else { return .missing(resolvedSoFar: current, rest: Array(parts[(index - 1)...])) }
            if case .link(let destination) = node, index < parts.count || followingLast {
                let target = destination.hasPrefix("/") ? destination : PathArithmetic.resolve(destination, from: current)
                switch resolve(target, hops: hops + 1) {
                case .found(let resolved, _): current = resolved
                case .loop: return .loop
                case .missing, .brokenLink: return .brokenLink
                }
                continue
            }
            if index < parts.count, node != .folder, !isLink(node) { return .missing(resolvedSoFar: next, rest: Array(parts[index...])) }
            current = next
        }
        return nodes[current].map { .found(current, $0) } ?? .missing(resolvedSoFar: current, rest: [])
    }

    private func isLink(_ node: Node) -> Bool {
        if case .link = node { return true }
        return false
    }

    public func listing(of directory: String) -> FolderListing? {
        guard case .found(let folder, .folder) = resolve(directory) else { return nil }
        let entries = (children[folder] ?? []).map { name in
            FolderEntry(name: name, kind: kind(of: folder == "/" ? "/" + name : folder + "/" + name))
        }
        return FolderListing(entries: entries)
    }

    private func kind(of path: String) -> EntryKind {
        switch nodes[path] {
        case .file?: return .file
        case .folder?: return .folder
        case .link?:
            switch resolve(path) {
            case .found(_, .file): return .linkToFile
            case .found(_, .folder): return .linkToFolder
            case .loop: return .linkLoop
            default: return .brokenLink
            }
        case nil: return .other
        }
    }

    public func status(of path: String) -> FileStatus {
        switch resolve(path) {
        case .found(_, .file(let bytes)): return .file(size: bytes.count)
        case .found(_, .folder): return .folder
        case .found(_, .link), .missing: return .missing
        case .loop: return .linkLoop
        case .brokenLink:
            // Broken when the path itself is the link; missing when a link on the way leads nowhere.
            if case .found(_, .link) = resolve(path, followingLast: false) { return .brokenLink }
            return .missing
        }
    }

    public func contents(of path: String, upTo limit: Int) -> [UInt8]? {
        guard case .found(_, .file(let bytes)) = resolve(path) else { return nil }
        return bytes.count > limit ? Array(bytes.prefix(limit)) : bytes
    }

    public func realPath(_ path: String) -> String {
        let absolute = PathArithmetic.resolve(path, from: "/")
        switch resolve(absolute) {
        case .found(let resolved, _): return resolved
        case .missing(let resolvedSoFar, let rest): return PathArithmetic.resolve(rest.joined(separator: "/"), from: resolvedSoFar)
        case .brokenLink, .loop: return absolute
        }
    }
}

/// A file system with files laid over another: what the repository would be once planned files are written. The
/// overlay wins where both have a file; a folder lists the entries of both. The overlay holds no links.
public struct OverlayFileSystem: FileSystem {
    public var base: any FileSystem
    public var overlay: InMemoryFileSystem

    public init(base: any FileSystem, overlay: InMemoryFileSystem) {
        self.base = base
        self.overlay = overlay
    }

    public func listing(of directory: String) -> FolderListing? {
        let above = overlay.listing(of: directory), below = base.listing(of: directory)
        guard let above else { return below }
        guard let below else { return above }
        let names = Set(above.entries.map(\.name))
        return FolderListing(entries: above.entries + below.entries.filter { !names.contains($0.name) }, undecodableNames: below.undecodableNames)
    }

    public func status(of path: String) -> FileStatus {
        let above = overlay.status(of: path)
        return above == .missing ? base.status(of: path) : above
    }

    public func contents(of path: String, upTo limit: Int) -> [UInt8]? {
        overlay.status(of: path).isFile ? overlay.contents(of: path, upTo: limit) : base.contents(of: path, upTo: limit)
    }

    public func realPath(_ path: String) -> String {
        base.realPath(path)
    }
}
