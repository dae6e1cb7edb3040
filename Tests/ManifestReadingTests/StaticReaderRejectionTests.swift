import Diagnostics
import Files
import Foundation
import XCTest
@testable import ManifestReading
import PackageModel

/// Calls PackageDescription does not accept are refused, located at the argument, with a did-you-mean; never read with
/// the argument dropped. (`scripts/corpus-check --rejected` shows SwiftPM refuses each fixture too.)
final class StaticReaderRejectionTests: XCTestCase {
    private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("fixtures/manifests-rejected")

    private func rejection(_ source: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            let manifest = try readStatic(source)
            XCTFail("expected a rejection, read \(summary(manifest))", file: file, line: line)
        } catch let rejected as StaticReadRejected {
            return "\(rejected.line):\(rejected.column): \(rejected.message)"
        } catch let refused as InputError {
            return "\(refused.location?.line ?? 0):\(refused.location?.column ?? 0): \(refused.message)"
        } catch {
            XCTFail("expected a rejection, got \(error)", file: file, line: line)
        }
        return nil
    }

    /// Every fixture's `// expect:` line, read with the static reader.
    func testEveryRejectedFixtureIsRefusedWithItsMessage() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).sorted()
        XCTAssertGreaterThanOrEqual(names.count, 12)
        for name in names {
            let source = try String(contentsOf: Self.fixtures.appendingPathComponent("\(name)/Package.swift"), encoding: .utf8)
            let expected = source.split(separator: "\n").first { $0.hasPrefix("// expect: ") }?.dropFirst("// expect: ".count)
            XCTAssertEqual(rejection(source), expected.map(String.init), name)
        }
    }

    func testWhatEveryToolsVersionAcceptsIsRead() throws {
        for (tools, target) in [("5.3", ".target(name: \"A\", dependencies: [], resources: [.process(\"R\")])"),
                                ("5.5", ".target(name: \"A\", dependencies: [.product(name: \"B\", package: \"b\", condition: .when(platforms: [.iOS]))], plugins: [])"),
                                ("5.9", ".target(name: \"A\", path: \"Sources\", packageAccess: false, swiftSettings: [])"),
                                ("6.0", ".executableTarget(name: \"A\", dependencies: [.target(name: \"C\")])")] {
            let source = "// swift-tools-version:\(tools)\nimport PackageDescription\nlet package = Package(name: \"P\", dependencies: [.package(url: \"https://example.com/b.git\", from: \"1.0.0\")], targets: [\(target)])\n"
            XCTAssertNoThrow(try readStatic(source), "\(tools): \(target)")
        }
    }

    func testAHelperTheManifestDeclaresIsNotJudgedAsPackageDescriptionsOwn() throws {
        let source = """
            // swift-tools-version:5.9
            import PackageDescription
            extension Target {
                static func feature(_ name: String, isShared: Bool = false) -> Target { .target(name: name, path: "Features/" + name) }
            }
            let package = Package(name: "P", targets: [.feature("Home", isShared: true)])
            """
        XCTAssertEqual(try readStatic(source).targets.map(\.name), ["Home"])
    }

    /// `--reader static` turns the rejection into a located input error (an unreadable-manifest finding in `check`).
    func testTheStaticStrategyReportsItAsAnInputError() throws {
        let directory = NSTemporaryDirectory() + "componentize-rejected-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [.target(name: \"A\", dependancies: [])])\n"
            .write(toFile: directory + "/Package.swift", atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try ManifestReader(strategy: .static).read(packageDirectory: directory, fileSystem: DiskFileSystem())) { error in
            XCTAssertEqual((error as? InputError)?.description.replacingOccurrences(of: directory, with: "DIR"),
                           "DIR/Package.swift:3:63: error: .target(…) has no argument 'dependancies'; did you mean 'dependencies'? (SwiftPM's compiler refuses this manifest)")
        }
    }
}
