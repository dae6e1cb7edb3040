import Foundation
import XCTest

/// A manifest whose `// swift-tools-version:` follows a comment header, end to end: SwiftPM reads it from tools version
/// 6.0, so it is checked as any package; before 6.0 SwiftPM refuses it, and so does componentize, at that line.
final class ManifestHeaderTests: XCTestCase {
    private func package(toolsVersion: String) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-header-\(UUID().uuidString)")
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        let manifest = """
            //
            //  Package.swift
            //  Header
            //

            // swift-tools-version: \(toolsVersion)
            import PackageDescription

            let package = Package(name: "Header", targets: [.target(name: "Header")])

            """
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Sources/Header"), withIntermediateDirectories: true)
        try manifest.write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        try "import Foundation\npublic struct Header {}\n".write(to: root.appendingPathComponent("Sources/Header/Header.swift"), atomically: true, encoding: .utf8)
        return root
    }

    func testAPackageWhoseToolsVersionFollowsAHeaderIsChecked() throws {
        let root = try package(toolsVersion: "6.0")
        for reader in ["static", "auto"] {
            let result = try Componentize.run(["check", ".", "--reader", reader], in: root, environment: InitInferTests.environment)
            XCTAssertEqual(result.status, 0, reader + ": " + result.stdout + result.stderr)
            XCTAssertFalse(result.stdout.contains("unreadable-manifest"), result.stdout)
            XCTAssertTrue(result.stdout.contains("componentize: 0 errors, 0 warnings in 1 package (1 target)"), result.stdout)
        }
    }

    func testBefore6ItIsRefusedAtThatLine() throws {
        let result = try Componentize.run(["check", "."], in: try package(toolsVersion: "5.9"), environment: InitInferTests.environment)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("Package.swift:6:1: error: [unreadable-manifest] "), result.stdout)
        XCTAssertTrue(result.stdout.contains("the tools version 5.9 is declared after the first line, which SwiftPM accepts only from tools version 6.0"), result.stdout)
    }
}
