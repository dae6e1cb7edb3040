import Files
import Diagnostics
import Foundation
import SourceText
import XCTest
@testable import ManifestReading

/// Bad manifests and package folders: each is a located `InputError`, never a crash, hang or partial answer.
final class BadInputTests: XCTestCase {
    private var directory: String!

    override func setUpWithError() throws {
        directory = NSTemporaryDirectory() + "componentize-bad-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func write(_ data: Data, to name: String = "Package.swift") -> String {
        let path = directory + "/" + name
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: data), path)
        return path
    }

    private func inputError(readingDirectory: Bool = true, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try StaticManifestReader(moduleSearchPaths: []).read(packageDirectory: directory, fileSystem: DiskFileSystem())
            XCTFail("expected an input error", file: file, line: line)
        } catch let error as InputError {
            return error.description.replacingOccurrences(of: directory, with: "DIR")
        } catch {
            XCTFail("expected an input error, got \(error)", file: file, line: line)
        }
        return nil
    }

    func testSyntaxError() {
        _ = write(Data("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\",\n".utf8))
        XCTAssertEqual(inputError(), "DIR/Package.swift:3:33: error: expected value in function call")
    }

    func testEmptyFile() {
        _ = write(Data())
        XCTAssertEqual(inputError(), "DIR/Package.swift:1:1: error: the manifest is empty: it must start with '// swift-tools-version:X.Y' and create a Package")
    }

    func testNoPackageCall() {
        _ = write(Data("// swift-tools-version:5.9\nimport PackageDescription\nlet x = 1\n".utf8))
        XCTAssertEqual(inputError(), "DIR/Package.swift: error: no 'Package(...)' in this manifest: a manifest must create its package with 'let package = Package(name: ...)'")
    }

    func testHugeManifest() {
        var text = "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\", targets: [\n"
        let entry = "    .target(name: \"T\", dependencies: [\"A\", \"B\", \"C\"]),\n"
        text += String(repeating: entry, count: 5_000_000 / entry.utf8.count)
        text += "])\n"
        _ = write(Data(text.utf8))
        XCTAssertEqual(inputError(), "DIR/Package.swift: error: the manifest is 4882 KiB; componentize reads manifests up to 1024 KiB")
    }

    func testDirectoryWithoutManifest() {
        XCTAssertEqual(inputError(), "DIR: error: no Package.swift in this directory")
    }

    func testMissingDirectory() throws {
        try FileManager.default.removeItem(atPath: directory)
        XCTAssertEqual(inputError(), "DIR: error: no such directory")
    }

    func testManifestThatIsADirectory() throws {
        try FileManager.default.createDirectory(atPath: directory + "/Package.swift", withIntermediateDirectories: false)
        XCTAssertEqual(inputError(), "DIR/Package.swift: error: is a directory, not a manifest file")
    }

    func testBrokenSymbolicLink() throws {
        try FileManager.default.createSymbolicLink(atPath: directory + "/Package.swift", withDestinationPath: directory + "/missing.swift")
        XCTAssertEqual(inputError(), "DIR/Package.swift: error: is a broken symbolic link")
    }

    func testUnreadableFile() throws {
        let path = write(Data("// swift-tools-version:5.9\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: path)
        guard !FileManager.default.isReadableFile(atPath: path) else {
            throw XCTSkip("running as root: permissions do not stop reading")
        }
        XCTAssertEqual(inputError(), "DIR/Package.swift: error: cannot read the file (check its permissions)")
    }

    func testBinaryGarbage() {
        var generator = SystemRandomNumberGenerator()
        _ = write(Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        let message = inputError()
        XCTAssertTrue(message?.hasPrefix("DIR/Package.swift:1:") == true, message ?? "")
    }

    func testBinaryDataAfterAValidStart() {
        _ = write(Data("// swift-tools-version:5.9\nimport PackageDescription\n".utf8) + Data([0, 1, 2, 0xff, 0xfe]))
        XCTAssertEqual(inputError(), "DIR/Package.swift:1:1: error: the manifest is not UTF-8 text")
        _ = write(Data("// swift-tools-version:5.9\nimport PackageDescription\n".utf8) + Data([0, 1, 2]))
        XCTAssertEqual(inputError(), "DIR/Package.swift:3: error: the manifest holds binary data (a NUL byte)")
    }

    func testDeeplyNestedExpressionsDoNotCrash() {
        let depth = 10_000
        let text = "// swift-tools-version:5.9\nimport PackageDescription\nlet x = " + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "\nlet package = Package(name: \"P\")\n"
        _ = write(Data(text.utf8))
        XCTAssertEqual(inputError(), "DIR/Package.swift:3:17: error: more than 8 '[' directly nested; no manifest needs that")
    }

    func testDeeplyNestedCallsAreRefusedBeforeParsing() {
        let text = "// swift-tools-version:5.9\nimport PackageDescription\nlet x = " + String(repeating: "f(", count: 1000)
            + String(repeating: ")", count: 1000) + "\nlet package = Package(name: \"P\")\n"
        _ = write(Data(text.utf8))
        XCTAssertEqual(inputError(), "DIR/Package.swift:3:210: error: brackets nested more than 100 deep; no manifest needs that")
    }

    func testNestingAtTheLimitIsReadOrRefusedWithoutCrashing() throws {
        let depth = BracketNesting.maximumDirectlyNestedSquareBrackets
        let text = "// swift-tools-version:5.9\nimport PackageDescription\nlet x = " + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "\nlet package = Package(name: \"P\")\n"
        _ = write(Data(text.utf8))
        XCTAssertEqual(try StaticManifestReader(moduleSearchPaths: []).read(packageDirectory: directory, fileSystem: DiskFileSystem()).name, "P")
    }
}

/// Inputs the fuzzer found (scripts/fuzz-manifest): each is read, declined or rejected with a located error, never
/// a crash or a hang.
final class FuzzRegressionTests: XCTestCase {
    static var regressions: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fuzz/regressions")
    }

    func testEveryRegressionInputIsAnsweredWithoutCrashing() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.regressions.path).sorted()
        XCTAssertFalse(files.isEmpty)
        for file in files {
            let path = Self.regressions.appendingPathComponent(file).path
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            let started = Date()
            do {
                _ = try StaticManifestReader(environment: [:], moduleSearchPaths: []).read(source: ManifestFile.text(of: bytes, path: path), path: path)
            } catch is InputError, is StaticReadDeclined {
            }
            XCTAssertLessThan(Date().timeIntervalSince(started), 2, file)
        }
    }

    /// swift-syntax's diagnostics generator stops the process on this one (an empty Fix-It for `=`).
    func testAnEqualsSignAfterReplacementCharactersIsALocatedError() throws {
        let path = Self.regressions.appendingPathComponent("equals-after-replacement-characters.swift").path
        XCTAssertThrowsError(try StaticManifestReader(environment: [:], moduleSearchPaths: []).read(
            source: String(contentsOfFile: path, encoding: .utf8), path: "Package.swift")) { error in
            XCTAssertEqual("\(error)", "Package.swift:4:214: error: '=' must have consistent whitespace on both sides")
        }
    }
}
