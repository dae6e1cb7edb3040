import Files
import Diagnostics
import XCTest
@testable import ManifestReading
import PackageModel

/// SwiftPM's choice among Package.swift and Package@swift-X.Y.swift, each case checked against dump-package
/// on Swift 6.3.1 (docs/manifest-reader.md).
final class ManifestLocatorTests: XCTestCase {
    private func choose(_ tools: [String: String], toolchain: ToolsVersion = ToolsVersion(6, 3, 1)) throws -> String {
        try ManifestLocator(toolchainVersion: toolchain).manifestFileName(among: Array(tools.keys)) { name in
            ToolsVersion(string: tools[name] ?? "")!
        }
    }

    func testOnlyPackageSwift() throws {
        XCTAssertEqual(try choose(["Package.swift": "5.9"]), "Package.swift")
    }

    func testEqualToolsVersionKeepsTheRegularManifest() throws {
        XCTAssertEqual(try choose(["Package.swift": "5.9", "Package@swift-5.9.swift": "5.9"]), "Package.swift")
    }

    func testNewerVariantToolsVersionWins() throws {
        XCTAssertEqual(try choose(["Package.swift": "5.8", "Package@swift-5.8.swift": "5.9"]), "Package@swift-5.8.swift")
        XCTAssertEqual(try choose(["Package.swift": "5.9", "Package@swift-6.0.swift": "6.0"]), "Package@swift-6.0.swift")
    }

    func testOlderVariantToolsVersionLoses() throws {
        XCTAssertEqual(try choose(["Package.swift": "5.8", "Package@swift-5.9.swift": "5.7"]), "Package.swift")
        XCTAssertEqual(try choose(["Package.swift": "6.0", "Package@swift-5.9.swift": "5.9"]), "Package.swift")
    }

    func testExactToolchainMatchWinsWhateverItsToolsVersion() throws {
        XCTAssertEqual(try choose(["Package.swift": "5.9", "Package@swift-6.swift": "5.8"]), "Package@swift-6.swift")
        XCTAssertEqual(try choose(["Package.swift": "5.9", "Package@swift-6.3.swift": "5.8", "Package@swift-6.swift": "5.8"]), "Package@swift-6.3.swift")
    }

    func testRegularManifestNewerThanTheToolchainFallsBackToTheVariant() throws {
        XCTAssertEqual(try choose(["Package.swift": "6.4", "Package@swift-6.0.swift": "5.8"]), "Package@swift-6.0.swift")
    }

    func testVariantsNewerThanTheToolchainAreIgnored() throws {
        XCTAssertEqual(try choose(["Package.swift": "5.9", "Package@swift-6.4.swift": "6.4"]), "Package.swift")
        XCTAssertEqual(try choose(["Package.swift": "5.9", "Package@swift-6.4.swift": "6.4"], toolchain: ToolsVersion(6, 4)), "Package@swift-6.4.swift")
    }

    func testVariantFileNames() {
        XCTAssertEqual(ManifestLocator.variantVersion(ofFileName: "Package@swift-5.10.1.swift"), ToolsVersion(5, 10, 1))
        XCTAssertEqual(ManifestLocator.variantVersion(ofFileName: "Package@swift-6.swift"), ToolsVersion(6))
        XCTAssertNil(ManifestLocator.variantVersion(ofFileName: "Package@swift-.swift"))
        XCTAssertNil(ManifestLocator.variantVersion(ofFileName: "Package@swift-6.x.swift"))
        XCTAssertNil(ManifestLocator.variantVersion(ofFileName: "Package.swift"))
    }

    func testToolsVersionLine() throws {
        XCTAssertEqual(try ToolsVersionParser.parse("// swift-tools-version:5.9\n", path: "P"), ToolsVersion(5, 9))
        XCTAssertEqual(try ToolsVersionParser.parse("// swift-tools-version: 6.0.2;experimentalFeatures\n", path: "P"), ToolsVersion(6, 0, 2))
        XCTAssertEqual(try ToolsVersionParser.parse("//Swift-Tools-Version:6.1", path: "P"), ToolsVersion(6, 1))
        XCTAssertThrowsError(try ToolsVersionParser.parse("import PackageDescription\n", path: "P")) { error in
            XCTAssertEqual("\(error)", "P:1:1: error: the manifest must start with a '// swift-tools-version:X.Y' line")
        }
        XCTAssertThrowsError(try ToolsVersionParser.parse("// swift-tools-version:five\n", path: "P")) { error in
            XCTAssertEqual("\(error)", "P:1:24: error: 'five' is not a tools version (expected e.g. 5.9 or 6.0)")
        }
    }

    /// SwiftPM's rule: blank lines may precede the specification (before 5.4 only line breaks); from 6.0 it may follow
    /// other lines (a comment header), an earlier version there is refused at its line; with none anywhere, the first
    /// line's error stands.
    func testToolsVersionAfterAHeaderFollowsSwiftPM() throws {
        let header = "//\n//  Package.swift\n//  App\n//\n\n"
        XCTAssertEqual(try ToolsVersionParser.parse(header + "// swift-tools-version: 6.0\nimport PackageDescription\n", path: "P"), ToolsVersion(6, 0))
        XCTAssertEqual(try ToolsVersionParser.parse("/*\n a licence\n */\r\n// swift-tools-version:6.1\r\n", path: "P"), ToolsVersion(6, 1))
        XCTAssertEqual(try ToolsVersionParser.parse("\n\n  // swift-tools-version:5.9\n", path: "P"), ToolsVersion(5, 9))
        XCTAssertEqual(try ToolsVersionParser.parse("\n// swift-tools-version:5.3\n", path: "P"), ToolsVersion(5, 3))
        XCTAssertThrowsError(try ToolsVersionParser.parse(header + "// swift-tools-version:5.9\n", path: "P")) { error in
            XCTAssertEqual("\(error)", "P:6:1: error: the tools version 5.9 is declared after the first line, which SwiftPM accepts only from tools version 6.0: move '// swift-tools-version:5.9' to the first line")
        }
        XCTAssertThrowsError(try ToolsVersionParser.parse("  // swift-tools-version:5.3\n", path: "P")) { error in
            XCTAssertTrue("\(error)".hasPrefix("P:1:1: error: before tools version 5.4 SwiftPM reads only '// swift-tools-version:5.3' exactly"), "\(error)")
        }
        XCTAssertThrowsError(try ToolsVersionParser.parse("// Package.swift\nimport PackageDescription\n", path: "P")) { error in
            XCTAssertEqual("\(error)", "P:1:1: error: the manifest must start with a '// swift-tools-version:X.Y' line")
        }
        XCTAssertThrowsError(try ToolsVersionParser.parse("\n// swift-tools-version:six\n// swift-tools-version:4.0\n", path: "P")) { error in
            XCTAssertEqual("\(error)", "P:3:1: error: the tools version 4.0 is declared after the first line, which SwiftPM accepts only from tools version 6.0: move '// swift-tools-version:4.0' to the first line")
        }
        XCTAssertThrowsError(try ToolsVersionParser.parse("\n// swift-tools-version:six\n", path: "P")) { error in
            XCTAssertEqual("\(error)", "P:2:24: error: 'six' is not a tools version (expected e.g. 5.9 or 6.0)")
        }
    }

    func testToolsVersionDescriptionAndLanguageMode() {
        XCTAssertEqual(ToolsVersion(5, 9).description, "5.9")
        XCTAssertEqual(ToolsVersion(5, 9, 1).description, "5.9.1")
        XCTAssertEqual(ToolsVersion(5, 9).manifestLanguageVersion(compiler: ToolsVersion(6, 3, 1)), ToolsVersion(5, 10))
        XCTAssertEqual(ToolsVersion(6, 0).manifestLanguageVersion(compiler: ToolsVersion(6, 3, 1)), ToolsVersion(6, 3, 1))
        XCTAssertEqual(ToolsVersion(4, 2).manifestLanguageVersion(compiler: ToolsVersion(6, 3, 1)), ToolsVersion(4, 2))
    }

    func testIdentityFollowsSwiftPM() {
        XCTAssertEqual(PackageDependency.identity(forLocation: "https://github.com/apple/swift-log.git"), "swift-log")
        XCTAssertEqual(PackageDependency.identity(forLocation: "https://github.com/groue/GRDB.swift"), "grdb.swift")
        XCTAssertEqual(PackageDependency.identity(forLocation: "git@github.com:Apple/Swift-NIO.git/"), "swift-nio")
        XCTAssertEqual(PackageDependency.identity(forLocation: "../../Kit/NXKit"), "nxkit")
        XCTAssertEqual(PackageDependency.identity(forLocation: "https://example.com/Org/Repo.GIT"), "repo")
        XCTAssertEqual(PackageDependency.identity(forLocation: "../Ünïcode/Café.git//"), "café")
        XCTAssertEqual(PackageDependency.identity(forLocation: "host:Name:"), "name")
        XCTAssertEqual(PackageDependency.identity(forLocation: ":"), ":")
        XCTAssertEqual(PackageDependency.identity(forLocation: "/"), "")
        XCTAssertEqual(PackageDependency.identity(forLocation: ""), "")
    }
}
