import Foundation
import XCTest

/// The configuration is found like git finds `.git`: from the folder given upwards, stopping at the repository's top.
final class ConfigurationSearchTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-search-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        // The article's app made by init and new, then a horizontal dependency the root configuration excuses.
        XCTAssertEqual(try run("init", "--prefix", "NX").status, 0)
        for name in ["NXKit", "NXUI", "EMAccount", "ComponentImage", "ComponentOwner"] {
            XCTAssertEqual(try run("new", name).status, 0)
        }
        let owner = root.appendingPathComponent("Packages/business/ComponentOwner/Package.swift")
        var manifest = try String(contentsOf: owner, encoding: .utf8)
        manifest = manifest.replacingOccurrences(of: "dependencies: [\n", with: "dependencies: [\n        .package(path: \"../ComponentImage\"),\n", options: [], range: manifest.range(of: "dependencies: [\n"))
        manifest = manifest.replacingOccurrences(of: ".product(name: \"NXKit\", package: \"NXKit\"),", with: ".product(name: \"NXKit\", package: \"NXKit\"),\n                .product(name: \"ComponentImage\", package: \"ComponentImage\"),")
        try manifest.write(to: owner, atomically: true, encoding: .utf8)
        let configuration = root.appendingPathComponent("componentize.yml")
        try String(contentsOf: configuration, encoding: .utf8)
            .replacingOccurrences(of: "exceptions: []", with: "exceptions:\n  - {from: ComponentOwner, to: ComponentImage, rule: horizontal, reason: \"split in progress\"}")
            .write(to: configuration, atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func run(_ arguments: String..., in folder: String = "") throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["COMPONENTIZE_TODAY"] = "2026-06-01"
        return try Componentize.run(arguments, in: folder.isEmpty ? root : root.appendingPathComponent(folder), environment: environment)
    }

    func testCheckFromInsideAPackageUsesTheRepositoryConfiguration() throws {
        let fromRoot = try run("check")
        XCTAssertEqual(fromRoot.status, 0, fromRoot.stdout)
        XCTAssertTrue(fromRoot.stdout.contains("1 finding excused by exceptions"), fromRoot.stdout)
        let inside = try run("check", in: "Packages/business/ComponentOwner")
        XCTAssertEqual(inside.status, 0, "the root's exception applies inside a package: \(inside.stdout)")
        XCTAssertTrue(inside.stdout.contains("in 1 package"), "the path narrows what is reported: \(inside.stdout)")
    }

    func testThePathNarrowsWhatIsReportedNotHowLayersAreAssigned() throws {
        let kit = root.appendingPathComponent("Packages/kit/NXKit/Package.swift")
        let manifest = try String(contentsOf: kit, encoding: .utf8)
        let edited = manifest
            .replacingOccurrences(of: "    dependencies: [\n    ],", with: "    dependencies: [\n        .package(path: \"../../common/NXUI\"),\n    ],")
            .replacingOccurrences(of: "            name: \"NXKit\",\n            dependencies: [\n",
                                  with: "            name: \"NXKit\",\n            dependencies: [\n                .product(name: \"NXUI\", package: \"NXUI\"),\n")
        try edited.write(to: kit, atomically: true, encoding: .utf8)
        let whole = try run("check")
        XCTAssertEqual(whole.status, 1, whole.stdout)
        XCTAssertTrue(whole.stdout.contains("Packages/kit/NXKit/Package.swift:"), whole.stdout)
        let elsewhere = try run("check", "Packages/business")
        XCTAssertEqual(elsewhere.status, 0, "NXKit's upward dependency is outside the path: \(elsewhere.stdout)")
        let there = try run("check", ".", in: "Packages/kit")
        XCTAssertEqual(there.status, 1, there.stdout)
        XCTAssertTrue(there.stdout.hasPrefix("NXKit/Package.swift:"), "paths stay relative to the current folder: \(there.stdout)")
        XCTAssertTrue(there.stdout.contains("NXKit (kit) depends on NXUI (common)"), "layers come from the root: \(there.stdout)")
    }

    func testNewInsideALayerFolderPlansAtTheLayout() throws {
        let result = try run("new", "ComponentZed", "--dry-run", in: "Packages/business")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("../../Packages/business/ComponentZed/  (business)"), result.stdout)
        XCTAssertTrue(result.stdout.contains(".package(path: \"../../kit/NXKit\")"), "dependencies declared: \(result.stdout)")
        let written = try run("new", "ComponentZed", in: "Packages/business")
        XCTAssertEqual(written.status, 0, written.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Packages/business/ComponentZed/Package.swift").path))
    }

    func testInitRefusesASecondConfigurationBelowTheFirst() throws {
        let result = try run("init", in: "Packages/business")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("already governed by ../../componentize.yml"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Packages/business/componentize.yml").path))
        let missing = try run("init", "no/such/folder")
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.stderr.hasPrefix("no/such/folder: error: no such folder"), missing.stderr)
    }

    func testTheSearchStopsAtTheRepositoryTop() throws {
        let nested = root.appendingPathComponent("vendor-repo")
        try FileManager.default.createDirectory(at: nested.appendingPathComponent(".git"), withIntermediateDirectories: true)
        let result = try run("init", in: "vendor-repo")
        XCTAssertEqual(result.status, 0, "another repository's top: the outer configuration does not govern it: \(result.stderr)")
    }

    func testAnExcludedFolderIsNotGoverned() throws {
        let configuration = root.appendingPathComponent("componentize.yml")
        try (try String(contentsOf: configuration, encoding: .utf8) + "exclude: [Samples]\n").write(to: configuration, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Samples/Demo"), withIntermediateDirectories: true)
        XCTAssertEqual(try run("init", in: "Samples/Demo").status, 0, "an excluded folder may have its own configuration")
    }
}
