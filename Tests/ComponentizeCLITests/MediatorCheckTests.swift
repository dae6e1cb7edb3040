import Foundation
import XCTest

/// End to end on fixtures/MediatorApp: pods wired the articles' ways (a CTMediator category pod, Objective-C and Swift
/// `Target_` classes, a BeeHive service, URL routes), with a typo'd action, a removed target, an unregistered protocol
/// and route, a duplicate route, a call around the category, a kit component calling up through the mediator and a
/// computed name.
final class MediatorCheckTests: XCTestCase {
    private func run(_ arguments: [String], in folder: URL = Componentize.repositoryRoot) throws -> CommandResult {
        try Componentize.run(arguments, in: folder, environment: CheckCommandTests.environment)
    }

    func testEveryMediatorFindingInEveryFormat() throws {
        for format in CheckCommandTests.formats {
            let result = try run(["check", "fixtures/MediatorApp", "--format", format])
            XCTAssertEqual(result.status, 1, "\(format): \(result.stdout)\(result.stderr)")
            GoldenFile.assertMatches(result.stdout, "check/MediatorApp.\(format)", format)
            XCTAssertEqual(try run(["check", "fixtures/MediatorApp", "--format", format]).stdout, result.stdout, "\(format) is byte-identical across runs")
        }
        let text = try run(["check", "fixtures/MediatorApp"]).stdout
        for expected in [
            "CTMediator+ComponentVideo.m:18:18: error: [mediator-unresolved] CTMediator+ComponentVideo (mediator) calls Target_ComponentVideo's Action_shrae:",
            "fix: did you mean Action_share:",
            "OwnerProfile.m:14:41: error: [mediator-unresolved] ComponentOwner (business) calls Target_ComponentPay's Action_pay:",
            "ImageViewer.swift:32:33: error: [mediator-unresolved] ComponentImage (business) resolves service OwnerServiceProtocol",
            "ImageViewer.swift:42:19: error: [mediator-unresolved] ComponentImage (business) opens route app://owner/profile",
            "VideoDetailViewController.m:15:16: error: [mediator-duplicate] ComponentVideo (business) provides route app://video/:id",
            "ImageViewer.swift:23:37: warning: [mediator-bypass] ComponentImage (business) calls Target_ComponentVideo's Action_share:",
            "NXDeepLink.m:8:41: error: [upward] NXKit (kit) calls ComponentVideo (business) through a mediator",
            "componentize: 1 mediator call undecided",
            "ImageViewer.swift:28:37: ComponentImage performTarget(_:action:params:) with `target`",
        ] {
            XCTAssertTrue(text.contains(expected), "missing \(expected) in\n\(text)")
        }
        // The category pod calling its own target, and business calling business through the mediator, are the allowed way.
        XCTAssertFalse(text.contains("[upward] CTMediator+ComponentVideo"), text)
        XCTAssertFalse(text.contains("[horizontal]"), text)
    }

    func testTheConfigurationTurnsMechanismsOff() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-mediators-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/MediatorApp"), to: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        let configuration = copy.appendingPathComponent("componentize.yml")
        let text = try String(contentsOf: configuration, encoding: .utf8)
        try text.replacingOccurrences(of: "mediators:\n", with: "mediators:\n  ctmediator: false\n  beehive: false\n").write(to: configuration, atomically: true, encoding: .utf8)
        let result = try run(["check", "."], in: copy).stdout
        XCTAssertFalse(result.contains("Target_"), result)
        XCTAssertFalse(result.contains("OwnerServiceProtocol"), result)
        XCTAssertTrue(result.contains("opens route app://owner/profile"), result)
        try text.replacingOccurrences(of: "categories: required", with: "categories: always").write(to: configuration, atomically: true, encoding: .utf8)
        let bad = try run(["check", "."], in: copy)
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("componentize.yml:18:15: error: mediators.categories is 'required' or 'optional', not 'always'"), bad.stderr)
    }

    /// A baseline of today's mediator findings passes; an exception names one by what the call names.
    func testBaselinesAndExceptionsTakeMediatorFindings() throws {
        let copy = try copyOfTheApp()
        XCTAssertEqual(try run(["check", ".", "--write-baseline", "baseline.json"], in: copy).status, 0)
        let baselined = try run(["check", ".", "--baseline", "baseline.json"], in: copy)
        XCTAssertEqual(baselined.status, 0, baselined.stdout)
        XCTAssertFalse(baselined.stdout.contains("error: [mediator-"), baselined.stdout)
        let configuration = copy.appendingPathComponent("componentize.yml")
        try (try String(contentsOf: configuration, encoding: .utf8) + """
            exceptions:
              - from: ComponentOwner
                to: "Target_ComponentPay's Action_pay:"
                rule: mediator-unresolved
                reason: "ComponentPay comes back next release (PAY-7)"

            """).write(to: configuration, atomically: true, encoding: .utf8)
        let excused = try run(["check", "."], in: copy).stdout
        XCTAssertFalse(excused.contains("Target_ComponentPay"), excused)
        XCTAssertTrue(excused.contains("1 finding excused by exceptions"), excused)
    }

    /// ComponentVideo registers VideoPlayerServiceProtocol in its BHService.plist only: without the list, the call is unresolved.
    func testAServiceListRegistersItsProtocols() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-mediators-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/MediatorApp"), to: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        XCTAssertFalse(try run(["check", "."], in: copy).stdout.contains("VideoPlayerServiceProtocol"))
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Business/ComponentVideo/ComponentVideo/Assets/BHService.plist"))
        let text = try run(["check", "."], in: copy).stdout
        XCTAssertTrue(text.contains("ImageViewer.swift:37:33: error: [mediator-unresolved] ComponentImage (business) resolves service VideoPlayerServiceProtocol"), text)
    }

    func testWhyAndGraphFollowCallsThroughTheMediator() throws {
        let why = try run(["why", "NXKit", "ComponentVideo", "fixtures/MediatorApp"])
        XCTAssertEqual(why.status, 0, why.stderr)
        XCTAssertEqual(why.stdout, """
            NXKit → ComponentVideo
              NXKit → ComponentVideo  calls Target_ComponentVideo's Action_showDetail: through a mediator  fixtures/MediatorApp/Kit/NXKit/NXKit/Classes/NXDeepLink.m:8:41

            """)
        let dot = try run(["graph", "fixtures/MediatorApp", "--format", "dot"]).stdout
        XCTAssertTrue(dot.contains("n_ComponentImage -> n_ComponentVideo [style=dotted];"), dot)
        XCTAssertTrue(dot.contains("n_NXKit -> n_ComponentVideo [color=red, penwidth=2, label=\"upward\", fontcolor=red, style=dotted];"), dot)
    }

    private func copyOfTheApp() throws -> URL {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-mediators-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/MediatorApp"), to: copy)
        addTeardownBlock { try? FileManager.default.removeItem(at: copy) }
        return copy
    }

    /// `new ComponentOwner --mediator ctmediator`: the category pod and Target_ComponentOwner, whose names `check` then
    /// matches (no new finding; with mediator-unused on, the new action is reached by its category).
    func testNewWiresAnExistingPodTheCTMediatorWayAndCheckMatchesIt() throws {
        let copy = try copyOfTheApp()
        let before = try run(["check", ".", "--format", "json"], in: copy).stdout
        let dryRun = try run(["new", "ComponentOwner", "--mediator", "ctmediator", "--dry-run", "."], in: copy)
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        GoldenFile.assertMatches(dryRun.stdout, "new/ctmediator-dry-run.txt")
        XCTAssertEqual(try FileSnapshot.of(copy), try FileSnapshot.of(Componentize.repositoryRoot.appendingPathComponent("fixtures/MediatorApp")), "a dry run writes nothing")
        let created = try run(["new", "ComponentOwner", "--mediator", "ctmediator", "."], in: copy)
        XCTAssertEqual(created.status, 0, created.stderr)
        XCTAssertTrue(created.stdout.contains("created Business/ComponentOwner/ComponentOwner/Classes/Target_ComponentOwner.m"), created.stdout)
        for file in ["Mediator/CTMediator+ComponentOwner/CTMediator+ComponentOwner.podspec",
                     "Mediator/CTMediator+ComponentOwner/CTMediator+ComponentOwner/Classes/CTMediator+ComponentOwner.m",
                     "Business/ComponentOwner/ComponentOwner/Classes/Target_ComponentOwner.h"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: copy.appendingPathComponent(file).path), file)
        }
        try typeCheck(["Mediator/CTMediator+ComponentOwner/CTMediator+ComponentOwner/Classes/CTMediator+ComponentOwner.m",
                       "Business/ComponentOwner/ComponentOwner/Classes/Target_ComponentOwner.m"], in: copy)
        let after = try run(["check", ".", "--format", "json"], in: copy).stdout
        XCTAssertEqual(try findings(after), try findings(before), "the new wiring adds no finding")
        let configuration = copy.appendingPathComponent("componentize.yml")
        try (try String(contentsOf: configuration, encoding: .utf8) + "rules:\n  mediator-unused: warning\n").write(to: configuration, atomically: true, encoding: .utf8)
        let unused = try run(["check", "."], in: copy).stdout
        XCTAssertTrue(unused.contains("provides Target_ComponentVideo's Action_share:") || unused.contains("[mediator-unused]"), unused)
        XCTAssertFalse(unused.contains("Target_ComponentOwner"), unused)
        let again = try run(["new", "ComponentOwner", "--mediator", "ctmediator", "."], in: copy)
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("CTMediator+ComponentOwner exists already"), again.stderr)
    }

    /// A pod whose `source_files` compile Swift only gets a Swift provider (an `.m` there would never be built, and
    /// the category would call a class that does not exist); `check` matches it as it matches the Objective-C one.
    func testASwiftPodGetsASwiftProvider() throws {
        let copy = try copyOfTheApp()
        let before = try run(["check", ".", "--format", "json"], in: copy).stdout
        let created = try run(["new", "ComponentImage", "--mediator", "ctmediator", "."], in: copy)
        XCTAssertEqual(created.status, 0, created.stderr)
        let classes = copy.appendingPathComponent("Business/ComponentImage/ComponentImage/Classes")
        XCTAssertTrue(FileManager.default.fileExists(atPath: classes.appendingPathComponent("Target_ComponentImage.swift").path), created.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: classes.appendingPathComponent("Target_ComponentImage.m").path))
        let provider = try String(contentsOf: classes.appendingPathComponent("Target_ComponentImage.swift"), encoding: .utf8)
        XCTAssertTrue(provider.contains("@objc(Target_ComponentImage)") && provider.contains("@objc func Action_viewController(_ params: NSDictionary)"), provider)
        XCTAssertEqual(try findings(try run(["check", ".", "--format", "json"], in: copy).stdout), try findings(before), "the new wiring adds no finding")
        let configuration = copy.appendingPathComponent("componentize.yml")
        try (try String(contentsOf: configuration, encoding: .utf8) + "rules:\n  mediator-unused: warning\n").write(to: configuration, atomically: true, encoding: .utf8)
        XCTAssertFalse(try run(["check", "."], in: copy).stdout.contains("Target_ComponentImage"), "its category calls the Swift action")
    }

    func testNewMediatorRefusesWhatItCannotWire() throws {
        let copy = try copyOfTheApp()
        let snapshot = try FileSnapshot.of(copy)
        for (arguments, message) in [
            (["new", "ComponentPay", "--mediator", "ctmediator", "."], "there is no pod named ComponentPay here"),
            (["new", "NXKit", "--mediator", "ctmediator", "."], "NXKit is in kit; --mediator ctmediator is for components of an independent layer (business)"),
            (["new", "ComponentOwner", "--mediator", "beehive", "."], "The value 'beehive' is invalid for '--mediator <mediator>'"),
        ] {
            let result = try run(arguments, in: copy)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains(message), "expected '\(message)' in \(result.stderr)")
        }
        let package = try run(["new", "ComponentVideo", "--mediator", "ctmediator", "fixtures/rules/mediator-unresolved"])
        XCTAssertEqual(package.status, 2)
        XCTAssertTrue(package.stderr.contains("ComponentVideo is a Swift package"), package.stderr)
        XCTAssertEqual(try FileSnapshot.of(copy), snapshot, "nothing written")
    }

    /// The generated Objective-C against `Tests/ObjCStandIn` (Foundation, UIKit and CTMediator with their signatures):
    /// Linux has no Objective-C Foundation to build it with.
    private func typeCheck(_ files: [String], in folder: URL) throws {
        guard let clang = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":").map({ "\($0)/clang" })
            .first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else { return }
        let standIn = Componentize.repositoryRoot.appendingPathComponent("Tests/ObjCStandIn").path
        for file in files {
            let path = folder.appendingPathComponent(file).path
            let result = try Componentize.runTool(clang, ["-fsyntax-only", "-x", "objective-c", "-Werror", "-I", standIn,
                                                          "-I", (path as NSString).deletingLastPathComponent, path])
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
        }
    }

    private func findings(_ json: String) throws -> [String] {
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return (report["findings"] as? [[String: Any]] ?? []).map { "\($0["rule"] ?? "") \($0["message"] ?? "")" }
    }
}
