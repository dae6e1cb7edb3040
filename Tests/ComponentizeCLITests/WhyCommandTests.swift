import Foundation
import XCTest

/// `componentize why A B` end to end.
final class WhyCommandTests: XCTestCase {
    private func why(_ arguments: [String], in folder: URL = Componentize.repositoryRoot) throws -> CommandResult {
        try Componentize.run(["why"] + arguments, in: folder)
    }

    func testTheShortestChainWithEveryStepLocated() throws {
        let result = try why(["FeatureCheckout", "FoundationKit", "fixtures/LegacyApp"])
        XCTAssertEqual(result.status, 0, result.stderr)
        GoldenFile.assertMatches(result.stdout, "why/FeatureCheckout-FoundationKit.text")
    }

    /// An outside package or product is a destination too: the chain ends at the manifest entry that declares it.
    func testAChainEndsAtAnOutsidePackage() throws {
        let result = try why(["AppFeature", "swift-kingdom", "fixtures/undecided"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, """
            AppFeature → Settings → Kingdom (outside, package swift-kingdom)
              AppFeature → Settings  product Settings from Settings  fixtures/undecided/Features/AppFeature/Package.swift:16:13
              Settings → Kingdom  product Kingdom from swift-kingdom  fixtures/undecided/Features/Settings/Package.swift:14:13

            """)
        let json = try why(["AppFeature", "Kingdom", "fixtures/undecided", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let outside = try XCTUnwrap(object["outside"] as? [String: Any])
        XCTAssertEqual(outside["package"] as? String, "swift-kingdom")
        XCTAssertEqual(outside["line"] as? Int, 14)
        let unknown = try why(["AppFeature", "Nuke", "fixtures/undecided"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "error: no target, component or outside package named 'Nuke' in this repository\n")
    }

    func testNoChainIsExitOneAndAnUnknownNameExitTwo() throws {
        let none = try why(["NXKit", "App", "fixtures/ComponentBasedApp"])
        XCTAssertEqual(none.status, 1)
        XCTAssertEqual(none.stdout, "NXKit does not depend on App, directly or through anything else\n")
        let unknown = try why(["Nope", "App", "fixtures/ComponentBasedApp"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertEqual(unknown.stderr, "error: no target or component named 'Nope' in this repository\n")
        let misspelt = try why(["ComponentVidoe", "NXKit", "fixtures/ComponentBasedApp"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertEqual(misspelt.stderr, "error: no target or component named 'ComponentVidoe' in this repository; did you mean 'ComponentVideo'?\n")
    }

    func testAMisspeltCommandNamesTheNearestOne() throws {
        let result = try Componentize.run(["chek", "fixtures/ComponentBasedApp"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: unknown command 'chek'; did you mean 'check'? ('componentize --help' lists them)\n")
    }

    /// An import no manifest declares is a step too, located at the import.
    func testAnImportIsAStep() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-why-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/ComponentBasedApp"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let source = copy.appendingPathComponent("Business/ComponentVideo/Sources/ComponentVideo/ComponentVideo.swift")
        try ("import ComponentImage\n" + String(contentsOf: source, encoding: .utf8)).write(to: source, atomically: true, encoding: .utf8)
        let result = try why(["ComponentVideo", "ComponentImage", "--format", "json"], in: copy)
        XCTAssertEqual(result.status, 0, result.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let steps = try XCTUnwrap(json["steps"] as? [[String: Any]])
        XCTAssertEqual(steps.count, 1)
        XCTAssertEqual(steps.first?["kind"] as? String, "import")
        XCTAssertEqual(steps.first?["file"] as? String, "Business/ComponentVideo/Sources/ComponentVideo/ComponentVideo.swift")
        XCTAssertEqual(steps.first?["line"] as? Int, 1)
        let text = try why(["ComponentVideo", "ComponentImage"], in: copy).stdout
        XCTAssertTrue(text.contains("  ComponentVideo → ComponentImage  import ComponentImage  Business/ComponentVideo/Sources/ComponentVideo/ComponentVideo.swift:1:1"),
                      "the import is named once: \(text)")
        XCTAssertEqual(try why(["ComponentVideo", "ComponentImage", "--no-imports"], in: copy).status, 1)
    }
}
