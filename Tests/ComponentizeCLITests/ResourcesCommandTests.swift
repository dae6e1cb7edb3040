import Foundation
import XCTest

/// `componentize resources` end to end, and the binary's independence from the source tree.
final class ResourcesCommandTests: XCTestCase {
    private var scratch: URL!

    override func setUpWithError() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-resources-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/ResourcesShowcase"),
                                         to: scratch.appendingPathComponent("Showcase"))
        try? FileManager.default.removeItem(at: scratch.appendingPathComponent("Showcase/.build"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: scratch)
    }

    func testCheckExitCodes() throws {
        let upToDate = try Componentize.run(["resources", "Showcase", "--check"], in: scratch)
        XCTAssertEqual(upToDate.status, 0, upToDate.stdout + upToDate.stderr)
        XCTAssertEqual(upToDate.stdout, "componentize: 1 generated file up to date\n")
        try "\"fresh\" = \"Fresh\";\n".write(to: scratch.appendingPathComponent("Showcase/Sources/Showcase/Resources/en.lproj/Extra.strings"),
                                             atomically: true, encoding: .utf8)
        let stale = try Componentize.run(["resources", "Showcase", "--check"], in: scratch)
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stdout.contains("Showcase/Sources/Showcase/Generated/ShowcaseResources.swift: out of date"), stale.stdout)
        XCTAssertTrue(stale.stdout.contains("+        public enum Extra {"), stale.stdout)
        let write = try Componentize.run(["resources", "Showcase"], in: scratch)
        XCTAssertEqual(write.status, 0, write.stderr)
        XCTAssertEqual(try Componentize.run(["resources", "Showcase", "--check"], in: scratch).status, 0)
    }

    /// SwiftPM refuses a package with `.lproj` resources and no `defaultLocalization`: say so before the build does.
    func testLocalizedResourcesWithoutADefaultLocalizationWarn() throws {
        let clean = try Componentize.run(["resources", "Showcase"], in: scratch)
        XCTAssertFalse(clean.stderr.contains("defaultLocalization"), clean.stderr)
        let manifest = scratch.appendingPathComponent("Showcase/Package.swift")
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try text.replacingOccurrences(of: "    defaultLocalization: \"en\",\n", with: "").write(to: manifest, atomically: true, encoding: .utf8)
        let result = try Componentize.run(["resources", "Showcase"], in: scratch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("Showcase/Package.swift: warning: Showcase has localized resources (de.lproj, en.lproj) but the package "
            + "declares no defaultLocalization, and SwiftPM refuses to build it: add defaultLocalization: \"en\" to Package(...)"), result.stderr)
    }

    /// Swift accessors cannot serve Objective-C code: a C-family target with resources is named and skipped, and
    /// nothing is written into it (migrate-pods writes Objective-C accessors on SWIFTPM_MODULE_BUNDLE).
    func testAnObjectiveCTargetWithResourcesIsSkippedAndNamed() throws {
        let package = scratch.appendingPathComponent("Legacy")
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/Legacy/include"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: package.appendingPathComponent("Sources/Legacy/Assets"), withIntermediateDirectories: true)
        try """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Legacy", targets: [.target(name: "Legacy", resources: [.process("Assets")])])

            """.write(to: package.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "int legacy(void);\n".write(to: package.appendingPathComponent("Sources/Legacy/include/Legacy.h"), atomically: true, encoding: .utf8)
        try "#include \"Legacy.h\"\nint legacy(void) { return 1; }\n".write(to: package.appendingPathComponent("Sources/Legacy/Legacy.m"), atomically: true, encoding: .utf8)
        try "{}\n".write(to: package.appendingPathComponent("Sources/Legacy/Assets/info.json"), atomically: true, encoding: .utf8)
        let result = try Componentize.run(["resources", "Legacy"], in: scratch)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
            Legacy/Package.swift: skipped Legacy: it is not a Swift target; its Objective-C reads the resources through SWIFTPM_MODULE_BUNDLE (migrate-pods writes LegacyResources on it)
            componentize: 0 targets with resources, 0 written, 0 unchanged

            """)
        XCTAssertFalse(FileManager.default.fileExists(atPath: package.appendingPathComponent("Sources/Legacy/Generated").path))
    }

    func testBadResourceIsExitTwoAndWritesNothing() throws {
        let strings = scratch.appendingPathComponent("Showcase/Sources/Showcase/Resources/en.lproj/Localizable.strings")
        try "\"broken\" = \n".write(to: strings, atomically: true, encoding: .utf8)
        let generated = scratch.appendingPathComponent("Showcase/Sources/Showcase/Generated/ShowcaseResources.swift")
        let before = try Data(contentsOf: generated)
        let result = try Componentize.run(["resources", "Showcase"], in: scratch)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("Showcase/Sources/Showcase/Resources/en.lproj/Localizable.strings:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("error: invalid .strings file"), result.stderr)
        XCTAssertEqual(try Data(contentsOf: generated), before)
    }

    /// The built-in templates are compiled into the binary: a lone copy of it generates the same file.
    func testACopiedBinaryFindsItsBuiltInTemplates() throws {
        let lone = scratch.appendingPathComponent("bin/componentize")
        try FileManager.default.createDirectory(at: lone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Componentize.executable, to: lone)
        let generated = scratch.appendingPathComponent("Showcase/Sources/Showcase/Generated/ShowcaseResources.swift")
        let golden = try Data(contentsOf: generated)
        try FileManager.default.removeItem(at: generated)
        let result = try Componentize.runTool(lone.path, ["resources", "Showcase"], in: scratch)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try Data(contentsOf: generated), golden)
    }
}
