import Files
import Diagnostics
import Foundation
import HelperTools
import XCTest
@testable import ManifestReading
import PackageModel

/// The SwiftPM reader: its mapping of dump-package JSON, its cache, and one real dump-package run.
final class SwiftPMReaderTests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "componentize-swiftpm-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: root + "/pkg", withIntermediateDirectories: true)
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"P\")\n"
            .write(toFile: root + "/pkg/Package.swift", atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A stand-in `swift` that counts its runs and prints canned dump-package JSON.
    private func installFakeSwift(printing json: String) throws {
        try json.write(toFile: root + "/dump.json", atomically: true, encoding: .utf8)
        let script = "#!/bin/sh\necho run >> \"\(root!)/runs\"\n/bin/cat \"\(root!)/dump.json\"\n"
        try script.write(toFile: root + "/bin/swift", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/bin/swift")
    }

    private var runs: Int {
        ((try? String(contentsOfFile: root + "/runs", encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    private func reader(environment extra: [String: String] = [:]) -> SwiftPMManifestReader {
        SwiftPMManifestReader(toolchainVersion: ToolsVersion(6, 3, 1), environment: ["PATH": root + "/bin"].merging(extra) { $1 },
                              cacheDirectory: root + "/cache")
    }

    static let sampleDump = """
        {"name": "P", "toolsVersion": {"_version": "5.9.0"},
         "dependencies": [
           {"sourceControl": [{"identity": "swift-log", "location": {"remote": [{"urlString": "https://github.com/apple/swift-log.git"}]}}]},
           {"fileSystem": [{"identity": "nxkit", "path": "/ROOT/Kit/NXKit"}]},
           {"registry": [{"identity": "acme.net"}]}],
         "products": [{"name": "P", "type": {"library": ["automatic"]}, "targets": ["A"]}],
         "targets": [{"name": "A", "type": "regular", "dependencies": [
            {"byName": ["B", null]},
            {"target": ["C", {"platformNames": ["linux"], "config": null}]},
            {"product": ["Logging", "swift-log", null, {"platformNames": [], "traits": ["T2", "T1"]}]}]}]}
        """

    func testMapsDumpPackageJSON() throws {
        try installFakeSwift(printing: Self.sampleDump.replacingOccurrences(of: "/ROOT", with: root))
        let manifest = try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())
        XCTAssertEqual(manifest.reader, .swiftpm)
        XCTAssertEqual(manifest.toolsVersion, ToolsVersion(5, 9))
        XCTAssertEqual(manifest.dependencies, [
            PackageDependency(identity: "swift-log", kind: .sourceControl, location: "https://github.com/apple/swift-log.git"),
            PackageDependency(identity: "nxkit", kind: .fileSystem, location: "../Kit/NXKit"),
            PackageDependency(identity: "acme.net", kind: .registry, location: "acme.net"),
        ])
        XCTAssertEqual(manifest.products, [Product(name: "P", type: .library, targets: ["A"])])
        var expected = Target(name: "A", type: .regular, dependencies: [
            TargetDependency(kind: .byName, name: "B"),
            TargetDependency(kind: .target, name: "C", platforms: ["linux"]),
            TargetDependency(kind: .product, name: "Logging", package: "swift-log", traits: ["T1", "T2"]),
        ])
        // The package's only target, at tools version 5.9: SwiftPM would read `Sources/` itself for it.
        expected.aloneInItsRoot = true
        XCTAssertEqual(manifest.targets, [expected])
    }

    func testSecondReadComesFromTheCache() throws {
        try installFakeSwift(printing: Self.sampleDump)
        _ = try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())
        _ = try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())
        XCTAssertEqual(runs, 1)
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Q\")\n"
            .write(toFile: root + "/pkg/Package.swift", atomically: true, encoding: .utf8)
        _ = try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())
        XCTAssertEqual(runs, 2, "a changed manifest is read again")
    }

    func testEnvironmentVariablesTheManifestNamesAreInTheKey() throws {
        try installFakeSwift(printing: Self.sampleDump)
        try "// swift-tools-version:5.9\nimport PackageDescription\nimport Foundation\nlet local = ProcessInfo.processInfo.environment[\"USE_LOCAL\"]\nlet package = Package(name: \"P\")\n"
            .write(toFile: root + "/pkg/Package.swift", atomically: true, encoding: .utf8)
        _ = try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())
        _ = try reader(environment: ["UNRELATED": "1"]).read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())
        XCTAssertEqual(runs, 1, "variables the manifest does not name do not matter")
        _ = try reader(environment: ["USE_LOCAL": "1"]).read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())
        XCTAssertEqual(runs, 2)
    }

    func testFailingDumpPackageIsAnInputError() throws {
        let script = "#!/bin/sh\necho 'error: manifest parse error' >&2\nexit 1\n"
        try script.write(toFile: root + "/bin/swift", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/bin/swift")
        XCTAssertThrowsError(try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())) { error in
            XCTAssertEqual((error as? InputError)?.message, "swift package dump-package failed: error: manifest parse error")
        }
    }

    func testTheCompilersRefusalIsKeptLikeADumpAndAFailedProcessIsNot() throws {
        let refusal = "\(root!)/pkg/Package.swift:3:45: error: argument 'products' must precede argument 'dependencies'"
        let script = "#!/bin/sh\necho run >> \"\(root!)/runs\"\necho \"\(refusal)\" >&2\nexit 1\n"
        try script.write(toFile: root + "/bin/swift", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/bin/swift")
        for _ in 0..<2 {
            XCTAssertThrowsError(try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())) { error in
                let located = error as? InputError
                XCTAssertEqual(located?.message, "SwiftPM cannot compile the manifest: argument 'products' must precede argument 'dependencies'")
                XCTAssertEqual(located?.location, FileLocation(path: root + "/pkg/Package.swift", line: 3, column: 45))
            }
        }
        XCTAssertEqual(runs, 1, "the same manifest and toolchain are refused again without compiling")
        try "#!/bin/sh\necho run >> \"\(root!)/runs\"\necho 'error: manifest parse error' >&2\nexit 1\n"
            .write(toFile: root + "/bin/swift", atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root + "/bin/swift")
        try "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"R\")\n"
            .write(toFile: root + "/pkg/Package.swift", atomically: true, encoding: .utf8)
        for _ in 0..<2 { XCTAssertThrowsError(try reader().read(packageDirectory: root + "/pkg", fileSystem: DiskFileSystem())) }
        XCTAssertEqual(runs, 3, "a failure the compiler does not locate in the manifest is asked again")
    }

    func testRealDumpPackageAgreesWithTheStaticReader() throws {
        let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("fixtures/ComponentBasedApp/Business/ComponentVideo").path
        let environment = ProcessInfo.processInfo.environment
        guard Toolchain.executable(named: "swift", environment: environment) != nil else { throw XCTSkip("no swift on PATH") }
        let swiftpm = try SwiftPMManifestReader(environment: environment, cacheDirectory: nil).read(packageDirectory: fixture, fileSystem: DiskFileSystem())
        let statically = try StaticManifestReader(environment: environment).read(packageDirectory: fixture, fileSystem: DiskFileSystem())
        XCTAssertEqual(swiftpm.name, statically.name)
        XCTAssertEqual(swiftpm.dependencies.map(\.identity), statically.dependencies.map(\.identity))
        XCTAssertEqual(swiftpm.dependencies.map(\.location), statically.dependencies.map(\.location))
        XCTAssertEqual(swiftpm.targets.map { $0.dependencies.map(\.name) }, statically.targets.map { $0.dependencies.map(\.name) })
    }

    /// Two cases where the static reader used to answer differently from SwiftPM: a path dependency ending in `..`
    /// (its identity is the folder it resolves to), and a package whose only module is a module map at its root.
    func testRootRelativePathsAndRootModuleMapsReadAsSwiftPMReadsThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-static-\(UUID().uuidString)/Vendor/zlib").path
        try FileManager.default.createDirectory(atPath: root + "/Tools/Lint", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: (root as NSString).deletingLastPathComponent) }
        try """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "CZlib", pkgConfig: "zlib")
            """.write(toFile: root + "/Package.swift", atomically: true, encoding: .utf8)
        try "module CZlib [system] {\n  header \"shim.h\"\n  link \"z\"\n}\n".write(toFile: root + "/module.modulemap", atomically: true, encoding: .utf8)
        try """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Lint", dependencies: [.package(path: "../../"), .package(path: "../")],
                                  targets: [.target(name: "Lint", path: ".")])
            """.write(toFile: root + "/Tools/Lint/Package.swift", atomically: true, encoding: .utf8)
        let environment = ProcessInfo.processInfo.environment
        let system = try StaticManifestReader(environment: environment).read(packageDirectory: root, fileSystem: DiskFileSystem())
        XCTAssertEqual(system.targets.map { "\($0.name) \($0.type)" }, ["CZlib system"])
        XCTAssertEqual(system.products.map { "\($0.name) \($0.type) \($0.targets)" }, ["CZlib library [\"CZlib\"]"])
        let lint = try StaticManifestReader(environment: environment).read(packageDirectory: root + "/Tools/Lint", fileSystem: DiskFileSystem())
        XCTAssertEqual(lint.dependencies.map(\.identity), ["zlib", "tools"])

        guard Toolchain.executable(named: "swift", environment: environment) != nil else { throw XCTSkip("no swift on PATH") }
        for directory in [root, root + "/Tools/Lint"] {
            let swiftpm = try SwiftPMManifestReader(environment: environment, cacheDirectory: nil).read(packageDirectory: directory, fileSystem: DiskFileSystem())
            let statically = try StaticManifestReader(environment: environment).read(packageDirectory: directory, fileSystem: DiskFileSystem())
            XCTAssertEqual(swiftpm.dependencies.map(\.identity), statically.dependencies.map(\.identity), directory)
            XCTAssertEqual(swiftpm.dependencies.map(\.location), statically.dependencies.map(\.location), "paths as SwiftPM writes them (no trailing /): \(directory)")
            XCTAssertEqual(swiftpm.targets.map { "\($0.name) \($0.type)" }, statically.targets.map { "\($0.name) \($0.type)" }, directory)
            XCTAssertEqual(swiftpm.products, statically.products, directory)
        }
    }
}
