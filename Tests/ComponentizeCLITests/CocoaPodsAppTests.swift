import Foundation
import XCTest

/// End to end on the apps the articles describe: fixtures/CocoaPodsApp (development pods by :path, Pods/ checked in
/// with its generated project and a vendored CTMediator, a Podfile of nested targets and helpers, a category pod beside
/// its module's podspec) and fixtures/MediatorClone (a CTMediator clone whose providers are declared through macros).
final class CocoaPodsAppTests: XCTestCase {
    private func run(_ arguments: [String], in folder: URL = Componentize.repositoryRoot) throws -> CommandResult {
        try Componentize.run(arguments, in: folder, environment: CheckCommandTests.environment)
    }

    private func copy(of fixture: String) throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-pods-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent(fixture), to: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        return copy
    }

    /// Nothing comes from Pods/ (its project's Pods-App targets, the vendored CTMediator's own URL call); the Podfile's
    /// pods are the app target's dependencies, at their lines; the category pod beside ComponentVideo is read, and its
    /// broken call found.
    func testTheAppIsReadAsCocoaPodsBuildsIt() throws {
        for format in ["text", "json"] {
            let result = try run(["check", "fixtures/CocoaPodsApp", "--format", format])
            XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
            GoldenFile.assertMatches(result.stdout, "check/CocoaPodsApp.\(format)", format)
        }
        let text = try run(["check", "fixtures/CocoaPodsApp"]).stdout
        XCTAssertFalse(text.contains("Pods/"), text)
        XCTAssertFalse(text.contains("undecided"), text)
        XCTAssertFalse(text.contains("[implicit-dependency]"), text)
        XCTAssertTrue(text.contains("CTMediator+ComponentVideo.m:13:18: error: [mediator-unresolved] ComponentVideo_Category (mediator) calls Target_ComponentVideo's Action_share:"), text)
        XCTAssertTrue(text.contains("Podfile:26:1: note: the Podfile's target 'AppUITests' names no target of"), text)
        XCTAssertTrue(text.contains("Podfile:6:3: note: the :path 'components/NXKit' names the folder 'Components/NXKit' in another case"), text)
        let why = try run(["why", "App", "ComponentVideo"], in: Componentize.repositoryRoot.appendingPathComponent("fixtures/CocoaPodsApp"))
        XCTAssertTrue(why.stdout.contains("App → ComponentVideo  product ComponentVideo from ComponentVideo  Podfile:8:3"), why.stdout)
    }

    /// fixtures/ObjCPodsApp (an Objective-C app by CocoaPods, one shape of each cause of a false finding: README): one
    /// warning for the podspec the static reader declines, the one undecided import named with the pods that may provide
    /// it, each undecided import at its place in JSON, SARIF, and in text with --list-undecided.
    func testAnObjectiveCAppByCocoaPodsGivesNoFalseFinding() throws {
        for format in ["text", "json", "sarif"] {
            let result = try run(["check", "fixtures/ObjCPodsApp", "--format", format])
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            GoldenFile.assertMatches(result.stdout, "check/ObjCPodsApp.\(format)", format)
        }
        let listed = try run(["check", "fixtures/ObjCPodsApp", "--list-undecided"]).stdout
        XCTAssertTrue(listed.contains("\n    fixtures/ObjCPodsApp/App/Sources/AppDelegate.m:12:1: App imports SDWebImage: would be decided by reading 5 pods from a specs repository, e.g. AFNetworking, BeeHive, ListKit (their podspecs are not read),"), listed)
        XCTAssertFalse(listed.contains("swift package resolve"), "pods are no SwiftPM checkouts: \(listed)")
    }

    /// Without the Podfile, the app's imports are what its project does not link: the Podfile is what declares them.
    func testThePodfileIsWhatDeclaresTheAppsPods() throws {
        let app = try copy(of: "fixtures/CocoaPodsApp")
        try FileManager.default.removeItem(at: app.appendingPathComponent("Podfile"))
        let text = try run(["check", "."], in: app).stdout
        XCTAssertTrue(text.contains("App/Sources/AppDelegate.swift:2:1: error: [implicit-dependency] App (app) imports ComponentHome (business)"), text)
    }

    /// `Pods/` not in the repository while the workspace joins CocoaPods' generated `Pods/Pods.xcodeproj` and the app's
    /// project holds it as a sub-project with a `Pods-App` target dependency (as `pod install` writes them): that project
    /// is generated, so its absence is no finding, and the app is checked as without those references.
    func testTheGeneratedPodsProjectMissingIsNoFinding() throws {
        let app = try copy(of: "fixtures/CocoaPodsApp")
        try FileManager.default.removeItem(at: app.appendingPathComponent("Pods"))
        let plain = try run(["check", "."], in: app)
        let projectFile = app.appendingPathComponent("App/App.xcodeproj/project.pbxproj")
        var project = try String(contentsOf: projectFile, encoding: .utf8)
        let replacements = [
            ("/* End PBXFileReference section */", "\t\tE0000000000000000000000A /* Pods.xcodeproj */ = {isa = PBXFileReference; lastKnownFileType = \"wrapper.pb-project\"; name = Pods.xcodeproj; path = ../Pods/Pods.xcodeproj; sourceTree = \"<group>\"; };\n/* End PBXFileReference section */"),
            ("\t\t\t\t725924B3B8933426F85042AE /* Products */,\n", "\t\t\t\t725924B3B8933426F85042AE /* Products */,\n\t\t\t\tE0000000000000000000000A /* Pods.xcodeproj */,\n"),
            ("/* Begin PBXNativeTarget section */", "\t\tE0000000000000000000000B = {isa = PBXContainerItemProxy; containerPortal = E0000000000000000000000A; proxyType = 1; remoteGlobalIDString = E0000000000000000000000C; remoteInfo = \"Pods-App\"; };\n\t\tE0000000000000000000000D = {isa = PBXTargetDependency; name = \"Pods-App\"; targetProxy = E0000000000000000000000B; };\n/* Begin PBXNativeTarget section */"),
            ("\t\t\tdependencies = (\n\t\t\t);\n\t\t\tname = App;", "\t\t\tdependencies = (\n\t\t\t\tE0000000000000000000000D,\n\t\t\t);\n\t\t\tname = App;"),
        ]
        for (old, new) in replacements {
            XCTAssertTrue(project.contains(old), old)
            project = project.replacingOccurrences(of: old, with: new)
        }
        try project.write(to: projectFile, atomically: true, encoding: .utf8)
        let workspace = try String(contentsOf: app.appendingPathComponent("App.xcworkspace/contents.xcworkspacedata"), encoding: .utf8)
        XCTAssertTrue(workspace.contains("group:Pods/Pods.xcodeproj"), workspace)
        let result = try run(["check", "."], in: app)
        XCTAssertEqual(result.status, plain.status, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, plain.stdout)
        XCTAssertFalse(result.stdout.contains("[unresolved]"), result.stdout)
        XCTAssertFalse(result.stdout.contains("undecided"), result.stdout)
        XCTAssertFalse(result.stdout.contains("Pods.xcodeproj"), result.stdout)
    }

    /// The clone's naming from the configuration: providers declared through `_Target(Order)` / `_Action(detail)` are
    /// found, the two calls that return nil at run time are reported, the typo with the nearest action of its target.
    func testACloneWithMacrosIsMatchedUnderItsNaming() throws {
        let result = try run(["check", "fixtures/MediatorClone"])
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        GoldenFile.assertMatches(result.stdout, "check/MediatorClone.text")
        XCTAssertTrue(result.stdout.contains("HomeViewController.m:23:34: error: [mediator-unresolved] ComponentHome (business) calls Target_Mine's action_settings:"), result.stdout)
        XCTAssertTrue(result.stdout.contains("fix: did you mean action_list: (ComponentOrder"), result.stdout)
        XCTAssertFalse(result.stdout.contains("[mediator-duplicate]"), result.stdout)
    }

    /// Without its naming configured, the clone's calls are undecided, never errors, each saying what would decide it.
    func testACloneWhoseNamingIsUnknownIsUndecided() throws {
        let app = try copy(of: "fixtures/MediatorClone")
        let configuration = app.appendingPathComponent("componentize.yml")
        let text = try String(contentsOf: configuration, encoding: .utf8)
        try text.replacingOccurrences(of: "  ctmediator:\n    classes:\n      HDMediator: {target: Target_, action: action_, selector: colon}\n", with: "  routes: false\n")
            .write(to: configuration, atomically: true, encoding: .utf8)
        let result = try run(["check", "."], in: app)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("componentize: 5 mediator calls undecided"), result.stdout)
        XCTAssertTrue(result.stdout.contains("would be decided by how HDMediator names its providers: mediators.ctmediator.classes.HDMediator in componentize.yml"), result.stdout)
    }
}
