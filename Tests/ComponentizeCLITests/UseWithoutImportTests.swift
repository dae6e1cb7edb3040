import Foundation
import XCTest

/// End to end on fixtures/UseWithoutImport: names a local module declares in its extensions, used in the shapes real
/// apps write them. Only the uses that can be no other module's are `missing-import`; one an Apple SDK may declare is
/// undecided; `unused-dependency` and `fix` agree with both.
final class UseWithoutImportTests: XCTestCase {
    private func run(_ arguments: [String]) throws -> CommandResult {
        try Componentize.run(arguments, in: Componentize.repositoryRoot, environment: CheckCommandTests.environment)
    }

    func testOnlyUsesThatAreTheModulesAreMissingImports() throws {
        for format in ["text", "json"] {
            let result = try run(["check", "fixtures/UseWithoutImport", "--format", format])
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            GoldenFile.assertMatches(result.stdout, "check/UseWithoutImport.\(format)", format)
        }
        let text = try run(["check", "fixtures/UseWithoutImport"]).stdout
        XCTAssertTrue(text.contains("HomeFeature.swift:9:19: warning: [missing-import] Home (features) uses `apiClient` from ApiClient"), text)
        XCTAssertTrue(text.contains("HomeFeature.swift:18:22: warning: [missing-import] Home (features) uses `brand` from Toolbox"), text)
        XCTAssertEqual(text.components(separatedBy: "[missing-import]").count - 1, 2, text)
        // Settings' uses of Toolbox's names are the toolchain's, its own, or undecided: Toolbox is neither missing nor unused.
        XCTAssertFalse(text.contains("Settings (features) uses"), text)
        XCTAssertFalse(text.contains("declares a dependency on Toolbox"), text)
        XCTAssertTrue(text.contains("Notify.swift:7:13: Settings uses `subtitle`, which Toolbox declares: would be decided by reading SwiftUI, UserNotifications"), text)
        XCTAssertTrue(text.contains("[unused-dependency] Settings (features) declares a dependency on Analytics"), text)
    }

    /// `fix` removes only the dependency nothing uses, and never one whose use is undecided.
    func testFixAgreesWithTheFindings() throws {
        let result = try run(["fix", "fixtures/UseWithoutImport", "--dry-run"])
        XCTAssertTrue(result.stdout.contains("would fix: [unused-dependency] remove the entry `Analytics` from Settings"), result.stdout)
        XCTAssertTrue(result.stdout.contains("+    targets: [.target(name: \"Settings\", dependencies: [\"Toolbox\"])]"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("componentize fix: would fix 1 finding (1 unused-dependency) in 1 file\n"), result.stdout)
    }
}
