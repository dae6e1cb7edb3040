@testable import Files
import Foundation
import Testing

/// The same tree on disk and in memory must read the same through every file system: the in-memory tree stands for
/// the disk in the rule examples and in `new`'s check of planned packages.
struct FileSystemTests {
    /// A tree with what repositories hold: nested folders, hidden entries, links to files and folders, a broken link and
    /// a loop.
    static let files = [
        "Package.swift": "// swift-tools-version:5.9\n",
        "Sources/A/a.swift": "import B\n",
        "Sources/A/Nested/n.swift": "",
        "Sources/A/.hidden.swift": "",
        "Sources/B/b.m": "@import C;\n",
        ".build/checkouts/x/Package.swift": "",
    ]
    static let links = [("Sources/L", "A"), ("Sources/A/linked.swift", "../B/b.m"), ("broken", "nowhere"), ("loop", "loop")]

    final class DiskTree {
        let root: String
        init() throws {
            root = NSTemporaryDirectory() + "componentize-files-\(UUID().uuidString)"
            for (path, text) in FileSystemTests.files {
                let full = root + "/" + path
                try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try text.write(toFile: full, atomically: false, encoding: .utf8)
            }
            for (path, destination) in FileSystemTests.links {
                try FileManager.default.createSymbolicLink(atPath: root + "/" + path, withDestinationPath: destination)
            }
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static func memory(root: String) -> InMemoryFileSystem {
        var memory = InMemoryFileSystem()
        for (path, text) in files { memory.write(text, to: root + "/" + path) }
        for (path, destination) in links { memory.link(root + "/" + path, to: destination) }
        return memory
    }

    static let paths = ["", "/Package.swift", "/Sources", "/Sources/A", "/Sources/A/a.swift", "/Sources/L", "/Sources/L/a.swift",
                        "/Sources/A/linked.swift", "/broken", "/loop", "/nothing", "/Sources/A/a.swift/x", "/.build/checkouts/x",
                        "/Sources/A/../B", "/Sources/L/Nested", "/Sources/L/Nested/../a.swift"]

    @Test func diskCachedAndMemoryReadTheSameTree() throws {
        let tree = try DiskTree()
        let root = DiskFileSystem().realPath(tree.root)
        let systems: [(String, any FileSystem)] = [("disk", DiskFileSystem()), ("cached", CachedFileSystem()), ("memory", Self.memory(root: root))]
        for (name, system) in systems {
            // The cached file system answers from its listings once they are made: list first, then ask again.
            _ = Self.paths.map { system.listing(of: root + $0) }
            for path in Self.paths.map({ root + $0 }) {
                #expect(system.listing(of: path) == DiskFileSystem().listing(of: path), "\(name): listing of \(path)")
                #expect(system.status(of: path) == DiskFileSystem().status(of: path), "\(name): status of \(path)")
                #expect(system.contents(of: path, upTo: 100) == DiskFileSystem().contents(of: path, upTo: 100), "\(name): contents of \(path)")
                #expect(system.realPath(path) == DiskFileSystem().realPath(path), "\(name): real path of \(path)")
            }
            #expect(system.regularFiles(under: root + "/Sources") == ["A/Nested/n.swift", "A/a.swift", "A/linked.swift", "B/b.m"], "\(name)")
            #expect(system.contents(of: ["a.swift", "missing.swift", "Nested/n.swift"], in: root + "/Sources/A", upTo: 3)
                == [Array("imp".utf8), nil, []], "\(name)")
        }
    }

    @Test func kindsOfEntries() throws {
        let memory = Self.memory(root: "/r")
        let kinds = Dictionary(uniqueKeysWithValues: (memory.listing(of: "/r")?.entries ?? []).map { ($0.name, $0.kind) })
        #expect(kinds == [".build": .folder, "Package.swift": .file, "Sources": .folder, "broken": .brokenLink, "loop": .linkLoop])
        #expect(memory.listing(of: "/r/Sources")?.entries.map(\.kind) == [.folder, .folder, .linkToFolder])
        #expect(memory.status(of: "/r/loop") == .linkLoop)
        #expect(memory.status(of: "/r/broken") == .brokenLink)
        #expect(memory.status(of: "/r/broken/x") == .missing)
        #expect(memory.realPath("/r/Sources/L/Nested/../a.swift") == "/r/Sources/A/a.swift")
        #expect(memory.realPath("/r/Sources/L/new/x") == "/r/Sources/A/new/x")
    }

    @Test func linkedFoldersAreFollowedOnlyWhenAskedAndNeverBackUp() {
        var memory = Self.memory(root: "/r")
        memory.link("/r/Sources/A/Up", to: "/r/Sources")
        #expect(memory.regularFiles(under: "/r/Sources") == ["A/Nested/n.swift", "A/a.swift", "A/linked.swift", "B/b.m"])
        // `L` leads to `A` (entered once, by its link); `Up` leads back above itself and is not entered.
        #expect(memory.regularFiles(under: "/r/Sources", followingLinkedFolders: true) == [
            "A/Nested/n.swift", "A/a.swift", "A/linked.swift", "B/b.m", "L/Nested/n.swift", "L/a.swift", "L/linked.swift",
        ])
    }

    @Test func anOverlayAddsFilesAndFoldersToWhatIsBelow() {
        let base = Self.memory(root: "/r")
        var planned = InMemoryFileSystem()
        planned.write("new", to: "/r/Sources/C/c.swift")
        planned.write("replaced", to: "/r/Package.swift")
        let overlay = OverlayFileSystem(base: base, overlay: planned)
        #expect(overlay.listing(of: "/r/Sources")?.entries.map(\.name) == ["A", "B", "C", "L"])
        #expect(overlay.text(of: "/r/Package.swift") == "replaced")
        #expect(overlay.text(of: "/r/Sources/A/a.swift") == "import B\n")
        #expect(overlay.status(of: "/r/Sources/C") == .folder)
        #expect(overlay.regularFiles(under: "/r/Sources") == ["A/Nested/n.swift", "A/a.swift", "A/linked.swift", "B/b.m", "C/c.swift"])
        #expect(base.status(of: "/r/Sources/C") == .missing)
    }

    @Test func onlyPlainAbsolutePathsAreAnsweredFromAParentsListing() {
        for plain in ["/a", "/a/b", "/a/.hidden", "/a/..b", "/a/b.", "/a/...", "/a/b c"] { #expect(CachedFileSystem.isPlain(plain), "\(plain)") }
        for other in ["/", "a/b", "/a/", "/a//b", "/a/./b", "/a/../b", "/a/.", "/a/..", "//a"] { #expect(!CachedFileSystem.isPlain(other), "\(other)") }
    }
}
