import Foundation
import XCTest

/// Xcode projects checked like packages, end to end on fixtures/XcodeApp (an app, a framework its widget shares, the
/// widget, the app's tests, a second project and four packages) and fixtures/XcodeBroken.
final class XcodeCheckTests: XCTestCase {
    private func check(_ arguments: [String], in folder: URL = Componentize.repositoryRoot) throws -> CommandResult {
        try Componentize.run(["check"] + arguments, in: folder, environment: CheckCommandTests.environment)
    }

    private func copyOfTheApp() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-xcode-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/XcodeApp"), to: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        return copy
    }

    private func addImport(_ module: String, in copy: URL) throws {
        let source = copy.appendingPathComponent("App/Sources/AppDelegate.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        try text.replacingOccurrences(of: "import NXUI\n", with: "import NXUI\nimport \(module)\n").write(to: source, atomically: true, encoding: .utf8)
    }

    /// The widget links a business package the configuration puts above extensions: `upward` at the pbxproj line.
    func testTheWidgetLinkingABusinessPackageIsUpwardAtThePBXProjLineInEveryFormat() throws {
        for format in CheckCommandTests.formats {
            let result = try check(["fixtures/XcodeApp", "--format", format])
            XCTAssertEqual(result.status, 1, "\(format): \(result.stdout)\(result.stderr)")
            GoldenFile.assertMatches(result.stdout, "check/XcodeApp.\(format)", format)
        }
        let text = try check(["fixtures/XcodeApp"]).stdout
        XCTAssertTrue(text.hasPrefix("fixtures/XcodeApp/App/App.xcodeproj/project.pbxproj:211:1: error: [upward] AppWidget (extensions) depends on ComponentVideo (business)"), text)
        XCTAssertTrue(text.contains("1 error, 0 warnings in 4 packages and 2 Xcode projects (9 targets)"), text)
    }

    /// An app-target file imports a package module its target does not link: `implicit-dependency` at the import, the
    /// fix naming the product and the target's packageProductDependencies line.
    func testAnImportTheAppTargetDoesNotLinkIsImplicitAtTheImport() throws {
        let copy = try copyOfTheApp()
        try addImport("ComponentImage", in: copy)
        let result = try check(["."], in: copy)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("""
            App/Sources/AppDelegate.swift:5:1: error: [implicit-dependency] App (app) imports ComponentImage (business), which target App does not link
            """), result.stdout)
        XCTAssertTrue(result.stdout.contains("fix: link ComponentImage to target App in Xcode (General › Frameworks, Libraries, and Embedded Content; packageProductDependencies (App/App.xcodeproj/project.pbxproj:251))"), result.stdout)
    }

    /// fixtures/XcodeWorkspace: products a project names without their package come from the packages the workspace
    /// joins and those they reach by path (Logging, through Kit); of two submodules not checked out, the one another
    /// manifest names the product with (PaymentsUI); a path to a package of the same identity elsewhere is the joined one
    /// (Xcode builds it in its place); a package in a git submodule not checked out is a note, not a finding.
    func testAWorkspaceResolvesWhatXcodeResolves() throws {
        let result = try check(["fixtures/XcodeWorkspace"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertFalse(result.stdout.contains("[unresolved]"), result.stdout)
        XCTAssertFalse(result.stdout.contains("[implicit-dependency]"), result.stdout)
        XCTAssertTrue(result.stdout.hasPrefix("fixtures/XcodeWorkspace/.gitmodules: note: git submodule 'Packages/Payments' is not checked out"), result.stdout)
        XCTAssertTrue(result.stdout.contains("in 3 packages and 1 Xcode project (4 targets)"), result.stdout)
        XCTAssertFalse(result.stdout.contains("undecided:"), result.stdout)
    }

    /// fixtures/XcodeSynchronized: what Xcode builds, read as Xcode reads it. The packages inside the synchronized folder
    /// `Modules` are the project's, linked by product name (no `does not link` for them); a product named without its
    /// package that no package has is undecided, never also an error; the unit tests the app hosts see what the app
    /// links, the UI tests (their own process) only what they link; the app's module name comes from its `.xcconfig`;
    /// `.docc` snippets are compiled by nobody; a placeholder Package.swift, a package folder .gitignore keeps out and an
    /// empty target dependency are notes; the plug-in framework the app embeds without importing it, and a C library's
    /// dependency on another, are not unused dependencies.
    func testASynchronizedProjectIsReadAsXcodeBuildsIt() throws {
        for format in ["text", "json"] {
            let result = try check(["fixtures/XcodeSynchronized", "--format", format])
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            GoldenFile.assertMatches(result.stdout, "check/XcodeSynchronized.\(format)", format)
        }
        let text = try check(["fixtures/XcodeSynchronized"]).stdout
        let errors = text.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        XCTAssertEqual(errors, ["fixtures/XcodeSynchronized/Tests/ReaderUITests/ReaderUITests.swift:1:1: error: [implicit-dependency] ReaderUITests (app) imports Feeds (features), which target ReaderUITests does not link"], text)
        for expected in ["fixtures/XcodeSynchronized/Tools/Package.swift: note: this Package.swift creates no package",
                         "fixtures/XcodeSynchronized/.gitignore:2: note: the package at 'ThirdParty/Downloaded/Charts' is not in the repository",
                         "note: target ReaderTests lists a target dependency",
                         "1 import undecided (never a finding): what would decide it is not read: a package of the repository that cannot be read (ThirdParty/Downloaded/Charts)"] {
            XCTAssertTrue(text.contains(expected), "missing \(expected) in\n\(text)")
        }
    }

    /// fixtures/XcodeGenStale: an XcodeGen app whose module folders keep `Package.swift` files of an earlier SwiftPM
    /// layout that nothing references (one splitting `Sources` into other targets with a path dependency that is not
    /// there, one referenced only by the other stale one). The project builds those files, so each stale package is one
    /// note and takes part in no rule; the project target's own finding is reported against its target.yml; the package
    /// project.yml references stays a package and is checked.
    func testAPackageNothingReferencesWhoseSourcesAProjectCompilesIsANote() throws {
        let result = try check(["fixtures/XcodeGenStale"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains(": error: ") || $0.contains(": warning: ") }, [
            "fixtures/XcodeGenStale/Modules/Watering/Sources/Sprinkler.swift:2:1: error: [implicit-dependency] Watering imports SoilKit, which target Watering does not link",
            "fixtures/XcodeGenStale/Packages/SoilKit/Sources/SoilKit/Soil.swift:1:1: error: [implicit-dependency] SoilKit imports SoilMetrics, which its manifest does not declare",
        ], result.stdout)
        XCTAssertTrue(result.stdout.contains("fix: add `- package: SoilKit` (with SoilKit under packages: if it is not there) to the dependencies of target Watering (fixtures/XcodeGenStale/Modules/Watering/target.yml:6)"),
                      result.stdout)
        for module in ["Plants", "Watering"] {
            let note = "fixtures/XcodeGenStale/Modules/\(module)/Package.swift: note: not checked: nothing references this package and target \(module) of fixtures/XcodeGenStale/Modules/\(module)/target.yml compiles its sources"
            XCTAssertEqual(lines.filter { $0.hasPrefix(note) }.count, 1, result.stdout)
        }
        XCTAssertFalse(result.stdout.contains("Sprinklers") || result.stdout.contains("PlantsCore") || result.stdout.contains("PlantsTests"), result.stdout)
        XCTAssertTrue(result.stdout.contains("in 1 package and 1 Xcode project (5 targets)"), result.stdout)
    }

    func testNoXcodeLeavesTheProjectsOut() throws {
        let result = try check(["fixtures/XcodeApp", "--no-xcode"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("in 4 packages (4 targets)"), result.stdout)
    }

    /// A truncated project, one with conflict markers, one with an id nothing defines and a package folder that is not
    /// there: each a finding at its line, and the rest still checked.
    func testBrokenProjectsAreFindingsAtTheirLinesAndTheRestIsChecked() throws {
        let result = try check(["fixtures/XcodeBroken"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        GoldenFile.assertMatches(result.stdout, "check/XcodeBroken.text")
        for expected in ["Conflict/Conflict.xcodeproj/project.pbxproj:142:1: error: [unreadable-manifest]",
                         "Truncated/Truncated.xcodeproj/project.pbxproj:127: error: [unreadable-manifest]",
                         "Dangling/Dangling.xcodeproj/project.pbxproj:87:1: error: [unresolved] DanglingTests (app) depends on object DEAD00000000000000000000",
                         "Dangling/Dangling.xcodeproj/project.pbxproj:125:1: error: [unresolved] Dangling depends on the package at '../Kit/NXNetwork', which does not exist"] {
            XCTAssertTrue(result.stdout.contains(expected), "missing \(expected) in\n\(result.stdout)")
        }
    }

    /// A changed project.pbxproj re-checks its targets: a finding at a source file nobody touched is reported.
    func testAChangedProjectFileReChecksItsTargetsFiles() throws {
        let copy = try copyOfTheApp()
        try addImport("ComponentImage", in: copy)
        for arguments in [["init", "-q"], ["add", "-A"], ["-c", "user.email=ci@example.com", "-c", "user.name=CI", "commit", "-qm", "base"]] {
            XCTAssertEqual(try Componentize.runTool("/usr/bin/env", ["git"] + arguments, in: copy).status, 0)
        }
        let unchanged = try check([".", "--changed-since", "HEAD"], in: copy)
        XCTAssertFalse(unchanged.stdout.contains("[implicit-dependency]"), unchanged.stdout)
        let project = copy.appendingPathComponent("App/App.xcodeproj/project.pbxproj")
        try (try String(contentsOf: project, encoding: .utf8)).replacingOccurrences(of: "objectVersion = 77;", with: "objectVersion = 70;")
            .write(to: project, atomically: true, encoding: .utf8)
        let changed = try check([".", "--changed-since", "HEAD"], in: copy)
        XCTAssertTrue(changed.stdout.contains("App/Sources/AppDelegate.swift:5:1: error: [implicit-dependency]"), changed.stdout)
    }

    func testManifestPrintsTargetsKindsAndDependenciesWithTheirLines() throws {
        for (format, golden) in [("text", "manifest-App.xcodeproj.txt"), ("json", "manifest-App.xcodeproj.json")] {
            let result = try Componentize.run(["manifest", "fixtures/XcodeApp/App/App.xcodeproj", "--format", format], in: Componentize.repositoryRoot)
            XCTAssertEqual(result.status, 0, result.stderr)
            GoldenFile.assertMatches(result.stdout, golden, format)
        }
    }

    /// `new` when the host app is an Xcode target: the project is never edited; a note says what to link in Xcode.
    func testNewTellsWhatToLinkInAnXcodeAppAndEditsNoProject() throws {
        let copy = try copyOfTheApp()
        let project = copy.appendingPathComponent("App/App.xcodeproj/project.pbxproj")
        let before = try Data(contentsOf: project)
        let result = try Componentize.run(["new", "ComponentZoo", "--layer", "business"], in: copy)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("note: App is a target of App/App.xcodeproj/project.pbxproj: link ComponentZoo in Xcode"), result.stdout)
        XCTAssertEqual(try Data(contentsOf: project), before)
    }

    /// `init --infer`: the app target on top, the widget by what it depends on, the shared frameworks with the
    /// common packages, each project target named by `members`.
    func testInferPlacesTheAppOnTopAndExtensionsAndFrameworksByDepth() throws {
        let copy = try copyOfTheApp()
        try FileManager.default.removeItem(at: copy.appendingPathComponent("componentize.yml"))
        let result = try Componentize.run(["init", "--infer", "."], in: copy)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        GoldenFile.assertMatches(try String(contentsOf: copy.appendingPathComponent("componentize.yml"), encoding: .utf8), "init/XcodeApp.componentize.yml")
        XCTAssertEqual(try check(["."], in: copy).status, 0, "the inferred layers hold today")
    }

    /// Every fixture is in git: a clean clone (CI) reads the same projects as this checkout. Skipped outside a work tree.
    func testNoFixtureIsIgnoredByGit() throws {
        let listing = try Componentize.runTool("/usr/bin/env", ["git", "ls-files", "--others", "--ignored", "--exclude-standard", "--directory", "fixtures"],
                                               in: Componentize.repositoryRoot)
        try XCTSkipIf(listing.status != 0, "not a git work tree")
        let ignored = listing.stdout.split(separator: "\n").filter { !$0.split(separator: "/").contains { $0.hasPrefix(".build") } }
        XCTAssertEqual(ignored, [], "fixtures that .gitignore keeps out of a clean clone")
    }
}
