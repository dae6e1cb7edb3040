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

    /// Malformed YAML in an included file, an include cycle: each an `unreadable-manifest` error at its place, and the
    /// rest of the repository (the local package) still checked. An include missing from the spec's folder is no error:
    /// xcodegen may be run on the spec from another folder (a script copies it), so it is a note and its code unread.
    func testASpecWithAnIncludeMissingFromItsFolderIsANote() throws {
        let app = try copy(of: "XcodeGenApp")
        try write("include: [missing.yml]\n", to: "Config/templates.yml", in: app)
        let result = try check(["."], in: app)
        XCTAssertFalse(result.stdout.contains("unreadable-manifest"), result.stdout)
        XCTAssertTrue(result.stdout.contains("project.yml: note: this XcodeGen spec cannot be loaded where it lies (the included file Config/missing.yml does not exist"), result.stdout)
        XCTAssertTrue(result.stdout.contains("[unread-sources]"), result.stdout)
        // With nothing else to read, the check read nothing: an input error naming the spec, never a green run.
        try FileManager.default.removeItem(at: app.appendingPathComponent("Packages"))
        let nothing = try check(["."], in: app)
        XCTAssertEqual(nothing.status, 2, nothing.stdout + nothing.stderr)
        XCTAssertTrue(nothing.stderr.contains("nothing was checked") && nothing.stderr.contains("project.yml: note: this XcodeGen spec cannot be loaded where it lies"), nothing.stderr)
    }

    /// Malformed YAML in an included file, an include that is missing, an include cycle: each an `unreadable-manifest`
    /// error at its place, and the rest of the repository (the local package) still checked.
    func testBadSpecsAreLocatedAndTheRestIsChecked() throws {
        let cases: [(file: String, text: String, expected: String)] = [
            ("Modules/Profile/target.yml", "targets:\n  Profile:\n    templates: [Feature\n", "Modules/Profile/target.yml:4:1: error: [unreadable-manifest] cannot read the XcodeGen spec in project.yml: invalid YAML:"),
            ("Modules/Profile/target.yml", "include: [../../project.yml]\n", "Modules/Profile/target.yml:1:11: error: [unreadable-manifest] cannot read the XcodeGen spec in project.yml: include cycle: project.yml → target.yml → project.yml"),
        ]
        for (file, text, expected) in cases {
            let app = try copy(of: "XcodeGenApp")
            try write(text, to: file, in: app)
            let result = try check(["."], in: app)
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            XCTAssertTrue(result.stdout.contains(expected), "expected \(expected) in\n\(result.stdout)")
            // The package is still checked; the spec's code is its error's, not counted again as unread.
            XCTAssertTrue(result.stdout.contains("componentize: 1 error, 0 warnings in 1 package (1 target)"), result.stdout)
        }
    }
}

extension GeneratedProjectTests {
    // MARK: - Tuist

    /// The workspace's projects read with their helpers (an enum of modules, flags adding targets, a plugin) and
    /// Tuist/Package.swift's packages: a feature that depends on another through the enum's `dependencies` is
    /// `horizontal` at the Project.swift line that makes it; a core target importing a package it does not list is
    /// `implicit-dependency` at the import.
    func testTheTuistAppIsCheckedFromItsDescriptionsInEveryFormat() throws {
        for format in CheckCommandTests.formats {
            let result = try check(["fixtures/TuistApp", "--format", format])
            XCTAssertEqual(result.status, 1, "\(format): \(result.stdout)\(result.stderr)")
            GoldenFile.assertMatches(result.stdout, "check/TuistApp.\(format)", format)
        }
        let text = try check(["fixtures/TuistApp"]).stdout
        XCTAssertTrue(text.contains("fixtures/TuistApp/Features/Search/Project.swift:4:1: error: [horizontal] Search (features) depends on Profile (features)"), text)
        XCTAssertTrue(text.contains("fixtures/TuistApp/Core/Networking/Sources/Client/Client.swift:1:1: error: [implicit-dependency] Networking (core) imports DesignKit (core)"), text)
        XCTAssertTrue(text.contains("fixtures/TuistApp/Tuist/Package.swift: note: this Package.swift declares the Tuist projects' outside dependencies"), text)
        XCTAssertFalse(text.contains("[unread-sources]"), text)
    }

    /// A repository whose only project needs a helper the reader cannot evaluate: the check says it read nothing, names
    /// the helper's line, and exits 2; never a plain success.
    func testARepositoryWithOnlyAProjectThatCannotBeReadIsNeverClean() throws {
        let result = try check(["fixtures/TuistUnread"])
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("error: nothing was checked: no target of a package, pod or project was read, and the repository holds 3 Swift and C-family files"), result.stderr)
        XCTAssertTrue(result.stderr.contains("fixtures/TuistUnread/Tuist/ProjectDescriptionHelpers/Project+Templates.swift:7:24: App/Project.swift is not read: a helper this reader cannot evaluate: call to 'FileManager.default.fileExists'"), result.stderr)
    }

    /// Features whose helper cannot be evaluated: each project is named in an `unreadable-manifest` warning at the
    /// helper's line (its files are that warning's, not counted again by `unread-sources`).
    func testProjectsADeclinedHelperMakesAreEachAnUnreadableManifestWarning() throws {
        let app = try copy(of: "TuistApp")
        let helper = app.appendingPathComponent("Tuist/ProjectDescriptionHelpers/Project+Templates.swift")
        let text = try String(contentsOf: helper, encoding: .utf8)
        try text.replacingOccurrences(of: "let name = module.name", with: "let name = FileManager.default.displayName(atPath: module.name)")
            .write(to: helper, atomically: true, encoding: .utf8)
        let result = try check(["."], in: app)
        for feature in ["Home", "Profile", "Search"] {
            XCTAssertTrue(result.stdout.contains("Tuist/ProjectDescriptionHelpers/Project+Templates.swift:7:20: warning: [unreadable-manifest] Features/\(feature)/Project.swift is not read, so the targets of this Tuist project are not checked: a helper this reader cannot evaluate: call to 'FileManager.default.displayName'"), result.stdout)
        }
        XCTAssertFalse(result.stdout.contains("[horizontal]"), result.stdout)
    }

    /// Project.swift with a syntax error: an `unreadable-manifest` error at its line, the other projects still checked.
    func testAProjectThatDoesNotParseIsLocatedAndTheRestIsChecked() throws {
        let app = try copy(of: "TuistApp")
        try write("import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.feature(.search\n", to: "Features/Search/Project.swift", in: app)
        let result = try check(["."], in: app)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("Features/Search/Project.swift:4:38: error: [unreadable-manifest] cannot read the Tuist project in Features/Search/Project.swift: expected ')' to end function call"), result.stdout)
        XCTAssertTrue(result.stdout.contains("[implicit-dependency] Networking (core) imports DesignKit (core)"), result.stdout)
    }
}

extension GeneratedProjectTests {
    /// `new` in an app whose host target is in an XcodeGen spec: the package is made, and the note says what to add to
    /// the spec (componentize does not edit it).
    func testNewInAnXcodeGenAppSaysWhatToAddToTheSpec() throws {
        let app = try copy(of: "XcodeGenApp")
        let configuration = app.appendingPathComponent("componentize.yml")
        try (String(contentsOf: configuration, encoding: .utf8) + "scaffold:\n  app: Shop\n").write(to: configuration, atomically: true, encoding: .utf8)
        let result = try Componentize.run(["new", "ShopBadges", "--layer", "core", "--dry-run"], in: app, environment: CheckCommandTests.environment)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue((result.stdout + result.stderr).contains(
            "Shop is a target of the XcodeGen spec project.yml: add `- package: ShopBadges` to its dependencies and `ShopBadges: {path: Packages/ShopBadges}` under packages:, then run xcodegen"),
                      result.stdout + result.stderr)
    }

    /// `manifest` prints a description as read: a Tuist project's targets and dependencies at their lines.
    func testManifestPrintsADescriptionAsRead() throws {
        let result = try Componentize.run(["manifest", "fixtures/TuistApp/Features/Search/Project.swift"], in: Componentize.repositoryRoot,
                                          environment: CheckCommandTests.environment)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("  target Search: framework, 1 file  (line 4)\n    -> target Profile of ../Profile  (line 4)"), result.stdout)
    }
}
