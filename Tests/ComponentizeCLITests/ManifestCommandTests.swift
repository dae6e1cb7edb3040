import Foundation
import XCTest

/// `componentize manifest` end to end: the built binary on fixtures and on bad input.
final class ManifestCommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    private var fixture: String {
        Componentize.repositoryRoot.appendingPathComponent("fixtures/ComponentBasedApp/Business/ComponentVideo").path
    }

    func testJSONMatchesTheGoldenFile() throws {
        let result = try Componentize.run(["manifest", fixture, "--reader", "static", "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        GoldenFile.assertMatches(result.stdout, "manifest-ComponentVideo.json")
        let again = try Componentize.run(["manifest", fixture, "--reader", "static", "--format", "json"])
        XCTAssertEqual(again.stdout, result.stdout, "output must be byte-identical across runs")
    }

    func testTextMatchesTheGoldenFile() throws {
        let result = try Componentize.run(["manifest", fixture])
        XCTAssertEqual(result.status, 0, result.stderr)
        GoldenFile.assertMatches(result.stdout, "manifest-ComponentVideo.txt")
    }

    func testLibraryLinkageIsPrintedAsBothReadersSeeIt() throws {
        try """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Media", products: [
                .library(name: "MediaDynamic", type: .dynamic, targets: ["Media"]),
                .library(name: "MediaStatic", type: .static, targets: ["Media"]),
                .library(name: "Media", targets: ["Media"]),
            ], targets: [.target(name: "Media", path: ".")])
            """.write(to: scratch.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let expected = """
            products:
              MediaDynamic (library, dynamic): Media
              MediaStatic (library, static): Media
              Media (library, automatic): Media
            """
        for reader in ["static", "swiftpm"] {
            let result = try Componentize.run(["manifest", scratch.path, "--reader", reader])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertTrue(result.stdout.contains(expected), "\(reader): \(result.stdout)")
        }
    }

    /// `--swift-version` picks a `Package@swift-X.Y.swift` variant for the static reader; SwiftPM reads the one its own
    /// toolchain picks, and the output says which file that was.
    func testSwiftPMSaysWhichVariantItRead() throws {
        for (file, name, tools) in [("Package.swift", "Plain", "5.9"), ("Package@swift-6.0.swift", "Six", "6.0")] {
            try "// swift-tools-version:\(tools)\nimport PackageDescription\nlet package = Package(name: \"\(name)\")\n"
                .write(to: scratch.appendingPathComponent(file), atomically: true, encoding: .utf8)
        }
        let statically = try Componentize.run(["manifest", scratch.path, "--reader", "static", "--swift-version", "5.10"])
        XCTAssertTrue(statically.stdout.hasPrefix("Plain (Package.swift, tools 5.9, read by static)"), statically.stdout)
        let swiftpm = try Componentize.run(["manifest", scratch.path, "--reader", "swiftpm", "--swift-version", "5.10"])
        XCTAssertEqual(swiftpm.status, 0, swiftpm.stderr)
        XCTAssertTrue(swiftpm.stdout.hasPrefix("Six (Package@swift-6.0.swift, tools 6.0, read by swiftpm)"), swiftpm.stdout)
        XCTAssertTrue(swiftpm.stderr.contains("note: swift package dump-package read Package@swift-6.0.swift, the file the installed toolchain"),
                      swiftpm.stderr)
        XCTAssertTrue(swiftpm.stderr.contains("--swift-version 5.10 selects Package.swift, which only --reader static reads"), swiftpm.stderr)
    }

    func testSeveralPackagesPrintAJSONArray() throws {
        let kit = Componentize.repositoryRoot.appendingPathComponent("fixtures/ComponentBasedApp/Kit/NXKit").path
        let result = try Componentize.run(["manifest", kit, fixture, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let array = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
        XCTAssertEqual(array?.map { $0["name"] as? String }, ["NXKit", "ComponentVideo"])
    }

    private func assertInputError(_ manifest: Data?, expected: String, file: StaticString = #filePath, line: UInt = #line) throws {
        if let manifest { try manifest.write(to: scratch.appendingPathComponent("Package.swift")) }
        let result = try Componentize.run(["manifest", scratch.path])
        XCTAssertEqual(result.status, 2, file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
        XCTAssertEqual(result.stderr.replacingOccurrences(of: scratch.path, with: "DIR"), expected + "\n", file: file, line: line)
    }

    func testBadInputExitsTwoWithALocatedMessage() throws {
        try assertInputError(nil, expected: "DIR: error: no Package.swift in this directory")
        try assertInputError(Data(), expected: "DIR/Package.swift:1:1: error: the manifest is empty: it must start with '// swift-tools-version:X.Y' and create a Package")
        try assertInputError(Data("// swift-tools-version:5.9\nlet package = Package(name: \"P\"\n".utf8),
                             expected: "DIR/Package.swift:2:32: error: expected ')' to end function call")
        try assertInputError(Data("// swift-tools-version:5.9\nlet x = 1\n".utf8),
                             expected: "DIR/Package.swift: error: no 'Package(...)' in this manifest: a manifest must create its package with 'let package = Package(name: ...)'")
        try assertInputError(Data([0x2f, 0x2f, 0xff, 0xfe, 0x00, 0x01]), expected: "DIR/Package.swift:1:1: error: the manifest is not UTF-8 text")
        try assertInputError(Data(repeating: 0x20, count: 5 << 20), expected: "DIR/Package.swift: error: the manifest is 5120 KiB; componentize reads manifests up to 1024 KiB")
    }

    func testStaticDeclineIsAnErrorNamingTheConstruct() throws {
        let manifest = "// swift-tools-version:5.9\nimport PackageDescription\nimport Foundation\nlet package = Package(name: \"P\")\nwhile false {}\n"
        try Data(manifest.utf8).write(to: scratch.appendingPathComponent("Package.swift"))
        let result = try Componentize.run(["manifest", scratch.path, "--reader", "static"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr.replacingOccurrences(of: scratch.path, with: "DIR"),
                       "DIR/Package.swift:5:1: error: the static reader cannot evaluate statement `while false {}`; use --reader auto or --reader swiftpm\n")
    }

    func testUsageErrorsExitTwo() throws {
        let result = try Componentize.run(["manifest", "--reader", "magic"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--reader"), result.stderr)
        let version = try Componentize.run(["manifest", ".", "--swift-version", "six"])
        XCTAssertEqual(version.status, 2)
        XCTAssertTrue(version.stderr.contains("--swift-version 'six' is not a version"), version.stderr)
    }

    func testHelpAndVersion() throws {
        let help = try Componentize.run(["--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("manifest"), help.stdout)
        let version = try Componentize.run(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertTrue(version.stdout.hasPrefix("0.1.0 ("), "the version, then the revision (ChangedSinceTests): \(version.stdout)")
    }
}

/// `componentize manifest X.podspec`: the static podspec reader end to end.
final class PodspecManifestCommandTests: XCTestCase {
    func testAPodspecPrintsItsAttributesDependenciesAndSubspecsWithTheirLines() throws {
        let result = try Componentize.run(["manifest", "fixtures/podspecs/TimelineKit.podspec"], in: Componentize.repositoryRoot)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            TimelineKit 6.1.0 (podspec, read statically: fixtures/podspecs/TimelineKit.podspec)
              ios.deployment_target: 13.0  (line 10)
              swift_versions: [5.9, 6.0]  (line 11)
              default_subspecs: Cells  (line 12)
              subspec Diffing  (line 13)
                source_files: Timeline/Diffing/*.swift  (line 14)
              subspec Cells  (line 16)
                source_files: Timeline/Cells/**/*.swift  (line 17)
                resources: Timeline/Cells/**/*.xib  (line 20)
                -> TimelineKit/Diffing  (line 18)
                -> ImageCacheLite  (line 19)
              subspec Prefetch  (line 22)
                source_files: Timeline/Prefetch/*.swift  (line 23)
                -> TimelineKit/Cells  (line 24)
                -> LCNetworkLayer >= 2.0 [ios]  (line 25)

            """)
        let record = try Componentize.run(["manifest", "fixtures/podspecs/TimelineKit.podspec", "--format", "record"], in: Componentize.repositoryRoot)
        let json = try JSONSerialization.jsonObject(with: Data(record.stdout.utf8)) as? [String: Any]
        XCTAssertEqual((json?["subspecs"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Diffing", "Cells", "Prefetch"])
        let package = try Componentize.run(["manifest", "fixtures/podspecs/TimelineKit.podspec", "--format", "json"], in: Componentize.repositoryRoot)
        let manifest = try JSONSerialization.jsonObject(with: Data(package.stdout.utf8)) as? [String: Any]
        XCTAssertEqual(manifest?["reader"] as? String, "podspec-static")
        XCTAssertEqual((manifest?["targets"] as? [[String: Any]])?.compactMap { $0["name"] as? String },
                       ["TimelineKit", "TimelineKit/Diffing", "TimelineKit/Cells", "TimelineKit/Prefetch"])
    }

    /// `require 'json'` loads a library, nothing of the spec: the decline is at what reads outside the podspec.
    func testAPodspecTheReaderCannotEvaluateIsExitTwoAtTheConstruct() throws {
        let result = try Componentize.run(["manifest", "fixtures/podspecs/ReactBridgeModule.podspec", "--reader", "static"], in: Componentize.repositoryRoot)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "fixtures/podspecs/ReactBridgeModule.podspec:3:11: error: the static podspec reader cannot evaluate JSON (it reads outside the podspec)\n")
        let swiftpm = try Componentize.run(["manifest", "fixtures/podspecs/TimelineKit.podspec", "--reader", "swiftpm"], in: Componentize.repositoryRoot)
        XCTAssertEqual(swiftpm.status, 2)
    }
}
