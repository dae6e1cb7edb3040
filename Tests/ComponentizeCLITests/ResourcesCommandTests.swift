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
