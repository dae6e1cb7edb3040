import Foundation
import XCTest

/// What the commands say, in the places a first week on a team met wrong or missing words: help, the layers a fix
/// names, generated comments and READMEs, `graph` and `fix` with a baseline, names the repository cannot read.
final class MessageTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-messages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func run(_ arguments: String...) throws -> CommandResult {
        try Componentize.run(arguments, in: root, environment: InitInferTests.environment)
    }

    private func copy(_ fixture: String) throws {
        try FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/\(fixture)"), to: root)
    }

    func testHelpSaysEachDefaultOnceAndWhereTheConfigurationIsFound() throws {
        func flat(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        for command in ["check", "fix", "graph", "why", "new", "resources", "migrate-pods", "init"] {
            let help = flat(try run(command, "--help").stdout)
            XCTAssertFalse(help.contains("(default: .)"), "\(command): \(help)")
            XCTAssertTrue(help.contains("(default: the current directory)"), "\(command): \(help)")
        }
        let check = flat(try run("check", "--help").stdout)
        XCTAssertTrue(check.contains("instead of the componentize.yml found from PATH upwards"), check)
    }

    /// A layer's own members may depend on each other unless it is independent: the fix says so, even for the bottom.
    func testAnUpwardFixNamesWhatTheLayerMayDependOn() throws {
        let text = try Componentize.run(["check", "fixtures/rules/upward"]).stdout
        XCTAssertTrue(text.contains("kit may depend on: other kit members; no layer below"), text)
    }

    func testGeneratedWordsMatchTheLayers() throws {
        XCTAssertEqual(try run("init").status, 0)
        XCTAssertEqual(try run("new", "EMAccount").status, 0)
        let readme = try String(contentsOf: root.appendingPathComponent("Packages/account/EMAccount/README.md"), encoding: .utf8)
        XCTAssertTrue(readme.contains("An account component"), readme)
        XCTAssertEqual(try run("new", "App").status, 0)
        let app = try String(contentsOf: root.appendingPathComponent("Packages/app/App/Sources/App/App.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains("layer by layer from the top"), app)
        XCTAssertTrue(try run("new", "ComponentX", "--dry-run").stdout.contains("Packages/business/ComponentX/  (business)\n"))
        let manifest = root.appendingPathComponent("Packages/app/App/Package.swift")
        let readable = try String(contentsOf: manifest, encoding: .utf8)
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\",\n".write(to: manifest, atomically: true, encoding: .utf8)
        let noApp = try run("new", "ComponentY", "--dry-run")
        XCTAssertTrue(noApp.stdout.contains("note: the host app's manifest cannot be read (Packages/app/App/Package.swift:3:35"), noApp.stdout)
        try readable.write(to: manifest, atomically: true, encoding: .utf8)

        // A layer the model calls `features` that is not independent is not described as shared UI and services.
        let configuration = root.appendingPathComponent("componentize.yml")
        try (try String(contentsOf: configuration, encoding: .utf8)).replacingOccurrences(of: "- name: common", with: "- name: features")
            .replacingOccurrences(of: "[business, account, common, kit]", with: "[business, account, features, kit]")
            .replacingOccurrences(of: "[account, common, kit]", with: "[account, features, kit]")
            .replacingOccurrences(of: "[common, kit]", with: "[features, kit]").replacingOccurrences(of: "[common, app]", with: "[features, app]")
            .write(to: configuration, atomically: true, encoding: .utf8)
        let features = try run("new", "NXFeed", "--layer", "features", "--dry-run")
        XCTAssertEqual(features.status, 0, features.stderr)
        XCTAssertFalse(features.stdout.contains("shared UI and services"), features.stdout)
        XCTAssertTrue(features.stdout.contains("A features component: built and tested on its own"), features.stdout)
    }

    /// `graph` draws what the baseline records orange, and names a package it cannot draw.
    func testGraphTellsKnownFromNewAndNamesWhatItCannotDraw() throws {
        try copy("LegacyApp")
        XCTAssertEqual(try run("init", "--infer").status, 0)
        let dot = try run("graph")
        XCTAssertTrue(dot.stdout.contains("n_CartService -> n_PricingService [color=orange, penwidth=2, label=\"cycle (baselined)\""), dot.stdout)
        XCTAssertFalse(dot.stdout.contains("color=red"), "nothing is new: \(dot.stdout)")
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"X\",\n"
            .write(to: root.appendingPathComponent("Modules/Core/LoggingKit/Package.swift"), atomically: true, encoding: .utf8)
        let broken = try run("graph")
        XCTAssertTrue(broken.stderr.contains("Modules/Core/LoggingKit/Package.swift:3:33: note: Modules/Core/LoggingKit is not drawn: its manifest cannot be read"),
                      broken.stderr)
        let why = try run("why", "FeatureHome", "LoggingKit")
        XCTAssertEqual(why.status, 2)
        XCTAssertTrue(why.stderr.contains("(it may be in a package whose manifest cannot be read: Modules/Core/LoggingKit/Package.swift:3:33"), why.stderr)
    }

    /// `fix` says how many findings it leaves because the baseline records them.
    func testFixSaysWhatTheBaselineKeepsItFromFixing() throws {
        try copy("imports")
        try FileManager.default.removeItem(at: root.appendingPathComponent("componentize.yml"))
        XCTAssertEqual(try run("init", "--infer").status, 0)
        let fix = try run("fix", "--dry-run")
        XCTAssertTrue(fix.stdout.contains("findings the baseline records left as they are (remove their entries from the baseline to have them fixed)"), fix.stdout)
    }
}
