import Foundation
import XCTest

/// The options every repository command shares: a positional PATH, `--config`, `--reader`; and the day.
final class ProjectOptionsTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-options-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func run(_ arguments: String..., in directory: URL? = nil, environment: [String: String]? = nil) throws -> CommandResult {
        try Componentize.run(arguments, in: directory ?? root, environment: environment)
    }

    /// A repository whose configuration lives elsewhere: `Modules/*` components in a layer named `features`.
    private func writeAlternativeConfiguration() throws -> String {
        let path = root.appendingPathComponent("config/layers.yml").path
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try """
            layers:
              - name: features
                members: ["Feature*"]
                independent: true
              - name: foundation
                members: ["Core*"]
            scaffold:
              layout: "Modules/{layer}/{name}"
              app: ""
            resources:
              outputDir: Accessors
            """.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testEveryRepositoryCommandTakesThePathAndConfig() throws {
        let config = try writeAlternativeConfiguration()
        let repository = root.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: repository, withIntermediateDirectories: true)
        let new = try run("new", "CoreKit", repository.path, "--config", config, in: root)
        XCTAssertEqual(new.status, 0, new.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.appendingPathComponent("Modules/foundation/CoreKit/Package.swift").path),
                      "new follows the layout of --config and writes under PATH: \(new.stdout)")
        XCTAssertTrue(FileManager.default.fileExists(atPath: repository.appendingPathComponent("Modules/foundation/CoreKit/Sources/CoreKit/Accessors/CoreKitResources.swift").path),
                      "new puts the accessors where --config's resources.outputDir says")
        let feature = try run("new", "FeatureFeed", repository.path, "--config", config, in: root)
        XCTAssertEqual(feature.status, 0, feature.stderr)

        let check = try run("check", repository.path, "--config", config, in: root)
        XCTAssertEqual(check.status, 0, check.stdout + check.stderr)
        XCTAssertTrue(check.stdout.contains("0 errors, 0 warnings in 2 packages"), check.stdout)
        let withoutConfig = try run("check", repository.path, in: root)
        XCTAssertTrue(withoutConfig.stdout.contains("place 1 of the 2 packages, so no layering rule ran"),
                      "without --config the four-layer preset places CoreKit, not FeatureFeed: \(withoutConfig.stdout)")

        let resources = try run("resources", repository.path, "--config", config, "--check", in: root)
        XCTAssertEqual(resources.status, 0, resources.stdout + resources.stderr)
        let graph = try run("graph", repository.path, "--config", config, "--format", "json", in: root)
        XCTAssertEqual(graph.status, 0, graph.stderr)
        XCTAssertTrue(graph.stdout.contains("\"features\""), graph.stdout)

        let missing = try run("resources", repository.path, "--config", "nowhere.yml", in: root)
        XCTAssertEqual(missing.status, 2)
        XCTAssertEqual(missing.stderr, "nowhere.yml: error: no such configuration file\n")
    }

    func testNewStillAcceptsRootForOneRelease() throws {
        XCTAssertEqual(try run("init").status, 0)
        let old = try run("new", "NXKit", "--root", root.path, "--dry-run", in: root.deletingLastPathComponent())
        XCTAssertEqual(old.status, 0, old.stderr)
        XCTAssertTrue(old.stdout.contains("Packages/kit/NXKit/"), old.stdout)
        XCTAssertFalse(try run("new", "--help").stdout.contains("--root"), "--root is hidden")
        let both = try run("new", "NXKit", ".", "--root", ".")
        XCTAssertEqual(both.status, 0, "'.' as PATH is the default: " + both.stderr)
        let conflicting = try run("new", "NXKit", "elsewhere", "--root", ".")
        XCTAssertEqual(conflicting.status, 2)
        XCTAssertTrue(conflicting.stderr.contains("either as PATH or with --root"), conflicting.stderr)
    }

    func testAMalformedDayIsAUsageError() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COMPONENTIZE_TODAY"] = "22/11/2026"
        let result = try run("check", ".", environment: environment)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stderr, "error: COMPONENTIZE_TODAY='22/11/2026' is not a date: write it as YYYY-MM-DD, e.g. 2026-06-01\n")
    }
}
