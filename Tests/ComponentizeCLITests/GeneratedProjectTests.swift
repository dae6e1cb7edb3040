import Foundation
import XCTest

/// Apps whose Xcode projects are generated (XcodeGen, Tuist), checked end to end on fixtures/XcodeGenApp and
/// fixtures/TuistApp: their descriptions read in the generated project's place, findings at their lines in the
/// descriptions' files, bad input located with the rest still checked.
final class GeneratedProjectTests: XCTestCase {
    private func check(_ arguments: [String], in folder: URL = Componentize.repositoryRoot) throws -> CommandResult {
        try Componentize.run(["check"] + arguments, in: folder, environment: CheckCommandTests.environment)
    }

    private func copy(of fixture: String) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-generated-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/\(fixture)"), to: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        return copy
    }

    private func write(_ text: String, to path: String, in folder: URL) throws {
        try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    // MARK: - XcodeGen

    /// The spec with its includes, templates and per-target target.yml read: a feature depending on another is
    /// `horizontal` at the target.yml line; an import of a package the target does not list is `implicit-dependency` at
    /// the import, its fix the entry to add to the spec; the generated Shop.xcodeproj is not read (a note says so).
    func testTheXcodeGenAppIsCheckedFromItsSpecInEveryFormat() throws {
        for format in CheckCommandTests.formats {
            let result = try check(["fixtures/XcodeGenApp", "--format", format])
            XCTAssertEqual(result.status, 1, "\(format): \(result.stdout)\(result.stderr)")
            GoldenFile.assertMatches(result.stdout, "check/XcodeGenApp.\(format)", format)
        }
        let text = try check(["fixtures/XcodeGenApp"]).stdout
        XCTAssertTrue(text.hasPrefix("fixtures/XcodeGenApp/Modules/Feed/target.yml:6:1: error: [horizontal] Feed (features) depends on Profile (features)"), text)
        XCTAssertTrue(text.contains("fixtures/XcodeGenApp/Modules/Profile/Sources/ProfileScreen.swift:2:1: error: [implicit-dependency] Profile (features) imports ShopKit (core)"), text)
        XCTAssertTrue(text.contains("fix: add `- package: ShopKit` (with ShopKit under packages: if it is not there) to the dependencies of target Profile (fixtures/XcodeGenApp/Modules/Profile/target.yml:2)"), text)
        XCTAssertTrue(text.contains("fixtures/XcodeGenApp/project.yml: note: Shop.xcodeproj is generated from this XcodeGen spec"), text)
    }

    /// A dependency removed from a target.yml: the import that needed it is reported at the importing file.
    func testADependencyRemovedFromTheSpecIsReportedAtTheImport() throws {
        let app = try copy(of: "XcodeGenApp")
        try write("targets:\n  Feed:\n    templates: [Framework]\n    sources: [Sources]\n    dependencies:\n      - target: Profile\n  FeedTests:\n    templates: [Tests]\n    sources: [Tests]\n    dependencies:\n      - target: Feed\n",
                  to: "Modules/Feed/target.yml", in: app)
        let result = try check(["."], in: app)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("Modules/Feed/Sources/FeedScreen.swift:2:1: error: [implicit-dependency] Feed (features) imports ShopCore (core), which target Feed does not link"), result.stdout)
    }

    /// Malformed YAML in an included file, an include that is missing, an include cycle: each an `unreadable-manifest`
    /// error at its place, and the rest of the repository (the local package) still checked.
    func testBadSpecsAreLocatedAndTheRestIsChecked() throws {
        let cases: [(file: String, text: String, expected: String)] = [
            ("Modules/Profile/target.yml", "targets:\n  Profile:\n    templates: [Feature\n", "Modules/Profile/target.yml:4:1: error: [unreadable-manifest] cannot read the XcodeGen spec in project.yml: invalid YAML:"),
            ("Modules/Profile/target.yml", "include: [../../project.yml]\n", "Modules/Profile/target.yml:1:11: error: [unreadable-manifest] cannot read the XcodeGen spec in project.yml: include cycle: project.yml → target.yml → project.yml"),
            ("Config/templates.yml", "include: [missing.yml]\n", "Config/templates.yml:1:11: error: [unreadable-manifest] cannot read the XcodeGen spec in project.yml: the included file Config/missing.yml does not exist"),
        ]
        for (file, text, expected) in cases {
            let app = try copy(of: "XcodeGenApp")
            try write(text, to: file, in: app)
            let result = try check(["."], in: app)
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.hasPrefix(expected), "expected \(expected) in\n\(result.stdout)")
            XCTAssertTrue(result.stdout.contains("in 1 package (1 target)"), result.stdout)
        }
    }
}
