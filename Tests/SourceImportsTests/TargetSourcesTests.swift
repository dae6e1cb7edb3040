import Files
import Foundation
import PackageModel
import Testing
@testable import SourceImports

/// Which files a target compiles, as SwiftPM decides.
final class TargetSourcesTests {
    let root = NSTemporaryDirectory() + "componentize-sources-\(UUID().uuidString)"

    init() throws {
        for file in ["Sources/Video/Video.swift", "Sources/Video/Player/Player.swift", "Sources/Video/.hidden/Secret.swift",
                     "Sources/Video/Resources/notes.txt", "Sources/Video/Legacy/Old.swift", "Sources/CVideo/include/CVideo.h",
                     "Sources/CVideo/codec.c", "Tests/VideoTests/VideoTests.swift", "Custom/Lib/Lib.swift", "Custom/Lib/Extra/Skip.swift",
                     "Custom/Lib/Only/Kept.swift"] {
            let path = root + "/" + file
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: path, contents: Data("// \(file)\n".utf8))
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    @Test func aFileExtensionIsWhatFollowsTheLastDotOfTheNameLowercased() {
        let cases: [(String, String)] = [
            ("Sources/Video/Video.swift", "swift"), ("Player.SWIFT", "swift"), ("codec.c", "c"), ("a/b.tar.gz", "gz"),
            ("Sources/.hidden", ""), (".swift", ""), ("Makefile", ""), ("dir.d/Makefile", ""), ("name.", ""),
            ("Ünïcode.Mm", "mm"), ("x/y.ÉXT", "éxt"), ("", ""),
        ]
        for (path, expected) in cases { #expect(TargetSources.fileExtension(of: path) == expected, "\(path)") }
    }

    @Test func theDefaultFolderMinusExcludeAndHiddenFiles() {
        var video = Target(name: "Video", type: .regular, dependencies: [])
        video.exclude = ["Legacy"]
        #expect(TargetSources.select(video, packageDirectory: root, fileSystem: DiskFileSystem()).files == ["Sources/Video/Player/Player.swift", "Sources/Video/Video.swift"])
        let tests = Target(name: "VideoTests", type: .test, dependencies: [])
        #expect(TargetSources.select(tests, packageDirectory: root, fileSystem: DiskFileSystem()).files == ["Tests/VideoTests/VideoTests.swift"])
        let c = Target(name: "CVideo", type: .regular, dependencies: [])
        #expect(TargetSources.select(c, packageDirectory: root, fileSystem: DiskFileSystem()).files == ["Sources/CVideo/codec.c", "Sources/CVideo/include/CVideo.h"])
    }

    @Test func aPathAndSourcesNarrowTheFiles() {
        var lib = Target(name: "Lib", type: .regular, dependencies: [], path: "Custom/Lib")
        #expect(TargetSources.select(lib, packageDirectory: root, fileSystem: DiskFileSystem()).files.count == 3)
        lib.sources = ["Lib.swift", "Only"]
        #expect(TargetSources.select(lib, packageDirectory: root, fileSystem: DiskFileSystem()).files == ["Custom/Lib/Lib.swift", "Custom/Lib/Only/Kept.swift"])
    }

    /// What SwiftPM compiles nothing of: a documentation catalog's tutorial snippets, an asset catalog, a playground,
    /// a declared resource folder; unless `sources:` names the file itself (as a pod's file list does).
    @Test func docCatalogsResourcesAndPlaygroundsAreNotCompiled() {
        var fileSystem = InMemoryFileSystem()
        for file in ["Feeds.swift", "Feeds.docc/Resources/Step-01.swift", "Feeds.docc/Feeds.md", "Media.xcassets/Helper.swift",
                     "Try.playground/Contents.swift", "Fixtures/Sample.swift", "Deep/Guide.DOCC/Code.swift", "Deep/Kept.swift"] {
            fileSystem.write("import Settings\n", to: "/pkg/Sources/Feeds/" + file)
        }
        var feeds = Target(name: "Feeds", type: .regular, dependencies: [], resources: [TargetResource(rule: .copy, path: "Fixtures")])
        #expect(TargetSources.select(feeds, packageDirectory: "/pkg", fileSystem: fileSystem).files == ["Sources/Feeds/Deep/Kept.swift", "Sources/Feeds/Feeds.swift"])
        feeds.sources = ["Feeds.swift", "Feeds.docc/Resources/Step-01.swift"]
        #expect(TargetSources.select(feeds, packageDirectory: "/pkg", fileSystem: fileSystem).files == ["Sources/Feeds/Feeds.docc/Resources/Step-01.swift", "Sources/Feeds/Feeds.swift"])
    }

    @Test func unknownSelectionsSaySo() {
        #expect(TargetSources.select(Target(name: "Missing", type: .regular, dependencies: []), packageDirectory: root, fileSystem: DiskFileSystem()).unknown
            == "no folder for it (Sources/Missing, Source/Missing, src/Missing, srcs/Missing)")
        var computed = Target(name: "Video", type: .regular, dependencies: [])
        computed.sourcesUnknown = "call to 'files'"
        #expect(TargetSources.select(computed, packageDirectory: root, fileSystem: DiskFileSystem()).unknown?.hasPrefix("its sources: or exclude: could not be read") == true)
    }
}

/// The byte scan of a file's folders agrees with splitting the path into its components.
@Test func uncompiledFoldersAgreeWithSplitting() {
    func split(_ relative: String) -> Bool {
        relative.split(separator: "/").dropLast().contains { folder in
            guard let dot = folder.lastIndex(of: "."), dot != folder.startIndex else { return false }
            return TargetSources.uncompiledFolderExtensions.contains(folder[folder.index(after: dot)...].lowercased())
        }
    }
    let paths = ["", "/", "a.swift", "Assets.xcassets/a.swift", "A/Assets.XCAssets/Icon/a.swift", "Main.storyboard", "Main.storyboard/",
                 "x/Main.storyboard/", "x//Doc.docc//a.md", ".docc/a.swift", "a/.xib/b.swift", "v1.2/a.swift", "Shaders.metal/k.metal",
                 "Model.xcdatamodeld/Model.xcdatamodel/contents", "é.xib/a.swift", "a.b.playground/Contents.swift", "a./b.swift", "Kit.xcodeproj"]
    for path in paths { #expect(TargetSources.isInUncompiledFolder(path) == split(path), "\(path)") }
}
