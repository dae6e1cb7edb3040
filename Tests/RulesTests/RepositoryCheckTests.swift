import Configuration
import DependencyGraph
import Diagnostics
import Foundation
import ManifestReading
import Project
import Rules
import XCTest

/// Whole repositories: one package of many targets, many packages, and the bad input a repository can hold.
final class RepositoryCheckTests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "componentize-repo-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ text: String, to relative: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func check() throws -> CheckResult {
        try checkWithNotes().result
    }

    private func checkWithNotes() throws -> ProjectCheck {
        try Project.open(at: root, reader: ManifestReader(strategy: .static)).check(today: "2026-06-01")
    }

    private func described(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.location.description.replacingOccurrences(of: root, with: "ROOT")): \($0.rule): \($0.message)" }
    }

    private func inputError(file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try check()
            XCTFail("expected an input error", file: file, line: line)
        } catch let error as InputError {
            return error.description.replacingOccurrences(of: root, with: "ROOT")
        } catch {
            XCTFail("expected an input error, got \(error)", file: file, line: line)
        }
        return nil
    }

    func testOnePackageWithSixtyTargets() throws {
        var targets: [String] = []
        for index in 0..<20 {
            targets.append(".target(name: \"Feature\(index)Kit\")")
            targets.append(".target(name: \"Feature\(index)Service\", dependencies: [\"Feature\(index)Kit\"])")
            targets.append(".target(name: \"Component\(index)\", dependencies: [\"Feature\(index)Service\", \"Feature\(index)Kit\"\(index == 7 ? ", \"Component3\"" : "")\(index == 11 ? ", .product(name: \"Logging\", package: \"swift-log\")" : "")])")
        }
        targets.append(".target(name: \"App\", dependencies: [\(((0..<20).map { "\"Component\($0)\"" }).joined(separator: ", "))])")
        targets.append(".testTarget(name: \"Component5Tests\", dependencies: [\"Component5\", \"App\"])")
        try write("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Monolith",
                dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")],
                targets: [
                    \(targets.joined(separator: ",\n        "))
                ]
            )
            """, to: "Package.swift")
        let result = try check()
        XCTAssertEqual(result.targetCount, 62)
        XCTAssertEqual(result.findings.map { "\($0.rule) \($0.key)" }, [
            "horizontal horizontal:Component7->Component3",
            "third-party third-party:Component11->swift-log",
            "upward upward:Component5Tests->App",
        ])
    }

    func testManyPackagesWithPathDependencies() throws {
        let layers = [("Kit", "NXKit", [String]()), ("Common", "NXService", ["NXKit"]), ("Common", "NXUI", ["NXKit"]),
                      ("Account", "EMAccount", ["NXKit", "NXService"]), ("Business", "ComponentImage", ["NXUI", "EMAccount"]),
                      ("Business", "ComponentVideo", ["NXUI", "ComponentImage"])]
        let folders = Dictionary(uniqueKeysWithValues: layers.map { ($0.1, "\($0.0)/\($0.1)") })
        for (folder, name, dependencies) in layers {
            try write(RuleExample.package(name, targets: [(name, dependencies.map { ".product(name: \"\($0)\", package: \"\($0)\")" })],
                                          packages: dependencies.map { ".package(path: \"../../\(folders[$0]!)\")" }),
                      to: "\(folder)/\(name)/Package.swift")
        }
        try write(RuleExample.package("App", targets: [("App", ["\"NXKit\""])], packages: [".package(path: \"../Shared/NXKit\")"]),
                  to: "App/Package.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/Shared", withDestinationPath: root + "/Kit")
        let result = try check()
        XCTAssertEqual(result.packageCount, 7)
        XCTAssertEqual(result.findings.map(\.key.description), ["horizontal:ComponentVideo->ComponentImage"])
        XCTAssertEqual(result.findings.first?.location.description,
                       root + "/Business/ComponentVideo/Package.swift:12:97")
    }

    func testPackageOutsideTheRootReferencedByPath() throws {
        let outside = root + "-outside"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: outside + "/ComponentShared", withIntermediateDirectories: true)
        try RuleExample.package("ComponentShared").write(toFile: outside + "/ComponentShared/Package.swift", atomically: true, encoding: .utf8)
        let name = (root as NSString).lastPathComponent
        try write(RuleExample.package("ComponentVideo", targets: [("ComponentVideo", [".product(name: \"ComponentShared\", package: \"ComponentShared\")"])],
                                      packages: [".package(path: \"../../\(name)-outside/ComponentShared\")"]), to: "Video/Package.swift")
        let result = try check()
        XCTAssertEqual(result.packageCount, 2)
        XCTAssertEqual(result.findings.map(\.key.description), ["horizontal:ComponentVideo->ComponentShared"])
    }

    func testPathDependencyToAMissingFolderIsAFindingAndTheRestIsChecked() throws {
        try write(RuleExample.package("App", targets: [("App", [".product(name: \"Missing\", package: \"Missing\")"])],
                                      packages: [".package(path: \"../Missing\")"]), to: "App/Package.swift")
        try write(RuleExample.package("NXKit", targets: [("NXKit", ["\"ComponentVideo\""]), ("ComponentVideo", [])]), to: "Kit/Package.swift")
        XCTAssertEqual(described(try check().findings), [
            "ROOT/App/Package.swift:8:9: unresolved: App depends on the package at '../Missing', which does not exist",
            "ROOT/Kit/Package.swift:11:47: upward: NXKit (kit) depends on ComponentVideo (business)",
        ], "the product of the missing package is not checked further (no third-party, no second unresolved)")
    }

    func testUnreadableManifestIsAFindingAndItsDependentsAreNotCheckedThroughIt() throws {
        try write("// swift-tools-version:5.9\nlet package = Package(name: \"P\",\n", to: "Kit/Package.swift")
        try write(RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"P\", package: \"Kit\")"])],
                                      packages: [".package(path: \"../Kit\")"]), to: "UI/Package.swift")
        let result = try check()
        XCTAssertEqual(described(result.findings), [
            "ROOT/Kit/Package.swift:2:33: unreadable-manifest: cannot read the manifest of the package in Kit: expected value in function call",
        ])
        XCTAssertEqual(result.packageCount, 1)
    }

    func testSymbolicLinkLoopIsSkippedWithANote() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/Kit/NXKit/Loop", withDestinationPath: root + "/Kit")
        let check = try checkWithNotes()
        XCTAssertEqual(check.result.packageCount, 1)
        XCTAssertEqual(check.result.findings, [])
        XCTAssertEqual(check.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") },
                       ["ROOT/Kit/NXKit/Loop: note: symbolic link loop: this link leads back to '..', a folder that contains it; skipped"])
    }

    func testSelfReferencingSymbolicLinkIsSkippedWithANote() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/Kit/Self", withDestinationPath: root + "/Kit/Self")
        let check = try checkWithNotes()
        XCTAssertEqual(check.result.packageCount, 1)
        XCTAssertEqual(check.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") },
                       ["ROOT/Kit/Self: note: symbolic link loop: this link resolves to itself; skipped"])
    }

    func testNonUTF8NamesAreSkippedWithANote() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        let name: [UInt8] = Array((root + "/Kit/").utf8) + [0x66, 0xFF, 0x6F]
        XCTAssertEqual(mkdir(name.map { CChar(bitPattern: $0) } + [0], 0o755), 0)
        let check = try checkWithNotes()
        XCTAssertEqual(check.result.packageCount, 1)
        XCTAssertEqual(check.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") },
                       ["ROOT/Kit: note: a name in this folder is not UTF-8; skipped"])
    }

    func testARootThatDoesNotExistIsAnError() throws {
        XCTAssertThrowsError(try Project.open(at: root + "/nowhere", reader: ManifestReader(strategy: .static))) { error in
            XCTAssertEqual((error as? InputError)?.description.replacingOccurrences(of: root, with: "ROOT"), "ROOT/nowhere: error: no such directory")
        }
    }

    func testSkippedFolders() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        for folder in [".build/checkouts/x", ".swiftpm/y", "Pods/z", "Kit/NXKit/.build/w"] {
            try write(RuleExample.package("Ignored"), to: folder + "/Package.swift")
        }
        XCTAssertEqual(try check().packageCount, 1)
    }

    func testStrictGlobsMustMatch() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("strict: true\nlayers:\n  - name: kit\n    members: [\"*Kit\", \"*Toolkit\"]\n", to: "componentize.yml")
        XCTAssertEqual(inputError(), "ROOT/componentize.yml:4:23: error: '*Toolkit' in layer 'kit' matches no target or package (strict is on)")
    }

    func testConfigurationErrorNamesTheFile() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("layers:\n  - name: kit\n    members: [A]\n  - name: kit\n    members: [B]\n", to: "componentize.yml")
        XCTAssertEqual(inputError(), "ROOT/componentize.yml:4:11: error: duplicate layer name 'kit': each layer needs its own name")
    }
}
