import Diagnostics
import Foundation
import ManifestReading
import Templates
import XCTest
@testable import ResourceGeneration

/// The showcase fixture: its committed accessor file is the golden file; regeneration, --check, mtimes.
final class ResourcesEndToEndTests: XCTestCase {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = repository.appendingPathComponent("fixtures/ResourcesShowcase")
    static let generatedFile = "Sources/Showcase/Generated/ShowcaseResources.swift"
    private var copy: URL!

    override func setUpWithError() throws {
        copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-showcase-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Self.fixture, to: copy)
        try? FileManager.default.removeItem(at: copy.appendingPathComponent(".build"))
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: copy)
    }

    private func generate(check: Bool = false, target: String? = nil) throws -> ResourceGenerationRun.Outcome {
        try ResourceGenerationRun(root: copy.path, reader: ManifestReader(strategy: .static),
                                  options: .init(target: target, check: check)).run()
    }

    func testGeneratedFileMatchesTheCommittedGoldenFile() throws {
        let golden = try String(contentsOf: Self.fixture.appendingPathComponent(Self.generatedFile), encoding: .utf8)
        try FileManager.default.removeItem(at: copy.appendingPathComponent(Self.generatedFile))
        let outcome = try generate()
        XCTAssertEqual(outcome.results.map(\.status), [.written])
        XCTAssertEqual(try String(contentsOf: copy.appendingPathComponent(Self.generatedFile), encoding: .utf8), golden)
        XCTAssertEqual(outcome.diagnostics.map(\.severity), [.warning, .warning], "the a-b.png / a_b.png collisions")
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.appendingPathComponent("Sources/Plain/Generated").path),
                       "a target without resources gets no file (Bundle.module would not compile)")
    }

    func testSecondRunIsByteIdenticalAndLeavesTheFileAlone() throws {
        _ = try generate()
        let path = copy.appendingPathComponent(Self.generatedFile).path
        let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
        let content = try Data(contentsOf: URL(fileURLWithPath: path))
        Thread.sleep(forTimeInterval: 0.02)
        XCTAssertEqual(try generate().results.map(\.status), [.unchanged])
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date, before)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), content)
    }

    func testCheckFailsAfterAResourceIsAddedOrRemovedAndPassesAfterRegeneration() throws {
        XCTAssertFalse(try generate(check: true).isStale, "the committed file is up to date")
        let added = copy.appendingPathComponent("Sources/Showcase/Resources/new-banner.png")
        try Data([0x89, 0x50]).write(to: added)
        let stale = try generate(check: true)
        XCTAssertTrue(stale.isStale)
        XCTAssertTrue(stale.results[0].diff.contains("+        public static let newBanner = ImageResource(name: \"new-banner\", catalog: nil)"), stale.results[0].diff)
        _ = try generate()
        XCTAssertFalse(try generate(check: true).isStale)
        try FileManager.default.removeItem(at: added)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Sources/Showcase/Resources/LICENSE"))
        let removed = try generate(check: true)
        XCTAssertTrue(removed.isStale)
        XCTAssertTrue(removed.results[0].diff.contains("-        public static let license = File(name: \"LICENSE\", ext: nil, subdirectory: nil)"))
        _ = try generate()
        XCTAssertFalse(try generate(check: true).isStale)
    }

    func testUnknownTargetIsAnInputError() {
        XCTAssertThrowsError(try generate(target: "Nope")) { error in
            XCTAssertTrue("\(error)".contains("no target named 'Nope'"), "\(error)")
        }
    }

    func testCustomTemplateFolder() throws {
        let templates = copy.appendingPathComponent("my-templates/resources")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "// {{ target }} has {{ files.count }} files\nenum {{ enumName }} {}\n"
            .write(to: templates.appendingPathComponent("ResourceAccessors.swift.stencil"), atomically: true, encoding: .utf8)
        _ = try ResourceGenerationRun(root: copy.path, reader: ManifestReader(strategy: .static),
                                      options: .init(templateDirectory: copy.appendingPathComponent("my-templates").path)).run()
        XCTAssertEqual(try String(contentsOf: copy.appendingPathComponent(Self.generatedFile), encoding: .utf8),
                       "// Showcase has 11 files\nenum ShowcaseResources {}\n")
    }

    func testEmbeddedTemplatesMatchTheTemplatesFolder() throws {
        let folder = Self.repository.appendingPathComponent("templates")
        var onDisk: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let item = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(item).path
            guard !((item as NSString).lastPathComponent.hasPrefix(".")),
                  FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            onDisk[item] = try String(contentsOfFile: path, encoding: .utf8)
        }
        XCTAssertEqual(Set(EmbeddedTemplates.files.keys), Set(onDisk.keys), "run scripts/embed-templates")
        for (path, text) in onDisk { XCTAssertEqual(EmbeddedTemplates.files[path], text, "\(path) is stale: run scripts/embed-templates") }
    }

    /// Generated UIKit code type-checks against `Tests/UIKitStandIn` (Apple's signatures), with `canImport(UIKit)` true.
    func testUIKitPartTypeChecksAgainstTheStandIn() throws {
        guard let swiftc = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ "\($0)/swiftc" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no swiftc on PATH")
        }
        let work = copy.appendingPathComponent("typecheck")
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let standIn = Self.repository.appendingPathComponent("Tests/UIKitStandIn/UIKit.swift").path
        func swiftcRun(_ arguments: [String]) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swiftc)
            process.arguments = arguments
            process.currentDirectoryURL = work
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
        let (built, buildLog) = try swiftcRun(["-emit-module", "-module-name", "UIKit", "-parse-as-library", standIn, "-emit-module-path", work.appendingPathComponent("UIKit.swiftmodule").path])
        XCTAssertEqual(built, 0, buildLog)
        let shim = work.appendingPathComponent("BundleModule.swift")
        try "import Foundation\nextension Bundle { static var module: Bundle { .main } }\n".write(to: shim, atomically: true, encoding: .utf8)
        let generated = Self.fixture.appendingPathComponent(Self.generatedFile).path
        let (checked, log) = try swiftcRun(["-typecheck", "-I", work.path, "-module-name", "Showcase", "-parse-as-library", generated, shim.path])
        XCTAssertEqual(checked, 0, log)
        // The check is real: a call UIKit does not have fails against the same stand-in.
        let broken = work.appendingPathComponent("Broken.swift")
        try (String(contentsOfFile: generated, encoding: .utf8).replacingOccurrences(of: "UINib(nibName:", with: "UINib(name:"))
            .write(to: broken, atomically: true, encoding: .utf8)
        let (failed, _) = try swiftcRun(["-typecheck", "-I", work.path, "-module-name", "Showcase", "-parse-as-library", broken.path, shim.path])
        XCTAssertNotEqual(failed, 0)
    }
}
