import Foundation
import XCTest

/// The shape of the code itself (issue 45): `Project` only sequences, formats are reporters in a registry, and no
/// function is longer than 80 lines but parser dispatch. Read from the sources, as a reviewer would.
final class StructureTests: XCTestCase {
    private let sources = Componentize.repositoryRoot.appendingPathComponent("Sources")

    private func swiftFiles(of module: String) throws -> [(name: String, text: String)] {
        let folder = sources.appendingPathComponent(module)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted().map { name in
            (name, try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
        }
    }

    private func lineCount(_ text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0)
    }

    /// `Project` opens a repository and hands each stage the previous one's result: at most 700 lines in all (1,543
    /// before issue 45), and no thread of its own (what runs side by side is the stages' own business).
    func testProjectOnlySequences() throws {
        let files = try swiftFiles(of: "Project")
        // Import lines are no computation: the model's own module added one to most files.
        let lines = files.map { file in (file.name, lineCount(file.text) - file.text.split(separator: "\n").filter { $0.hasPrefix("import ") }.count) }
        let project = try XCTUnwrap(lines.first { $0.0 == "Project.swift" }?.1)
        XCTAssertLessThanOrEqual(project, 700, "Sources/Project/Project.swift")
        let total = lines.reduce(0) { $0 + $1.1 }
        XCTAssertLessThanOrEqual(total, 700, "the Project module computes what a stage should: \(lines.map { "\($0.0) \($0.1)" })")
        for file in files {
            let imports = file.text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { $0.dropFirst("import ".count) }
            XCTAssertFalse(imports.contains("Parallel"), "Sources/Project/\(file.name) imports Parallel: threads belong to the stages")
            for threads in ["DispatchQueue", "concurrentPerform", "Thread(", "withTaskGroup", "Task {"] {
                XCTAssertFalse(file.text.contains(threads), "Sources/Project/\(file.name) starts threads (\(threads))")
            }
        }
    }

    /// A format of `check` is a type conforming to `Reporter`, listed by `ReporterRegistry`; `--format` takes and
    /// helps with what the registry holds (no enum of formats, no switch over them).
    func testFormatsAreReporters() throws {
        let reports = try swiftFiles(of: "Reports").map(\.text).joined(separator: "\n")
        XCTAssertTrue(reports.contains("public protocol Reporter: Sendable {"), "Sources/Reports: the Reporter protocol")
        XCTAssertTrue(reports.contains("public enum ReporterRegistry {"), "Sources/Reports: the registry of reporters")
        XCTAssertFalse(reports.contains("enum ReportFormat"), "formats are the registry's reporters, not an enum")
        let command = try String(contentsOf: sources.appendingPathComponent("componentize/CheckCommand.swift"), encoding: .utf8)
        XCTAssertTrue(command.contains("ReporterRegistry.formatList"), "check --format's help is the registry's list")
    }

    /// What undecided items a check leaves are one list of one type, whatever their kind.
    func testUndecidedItemsAreOneList() throws {
        let rules = try swiftFiles(of: "Rules").map(\.text).joined(separator: "\n")
        XCTAssertTrue(rules.contains("public enum Undecided: Sendable {"))
        XCTAssertTrue(rules.contains("public var undecided: [Undecided]"))
        XCTAssertFalse(rules.contains("undecidedWiring") || rules.contains("undecidedUses"), "CheckResult: one list of undecided items")
    }

    /// The package model is its own module under the readers: what only reads the model (the other readers, the graph's
    /// consumers, rules, reports, fixing, the generators) imports `PackageModel`, not the `Package.swift` reader. A stage
    /// that reads a manifest back is handed a `PackageManifestReading` (the model's protocol) by `Project`.
    func testTheModelIsItsOwnModule() throws {
        XCTAssertTrue(try swiftFiles(of: "PackageModel").contains { $0.text.contains("public struct Manifest: Hashable, Sendable {") })
        XCTAssertTrue(try swiftFiles(of: "PackageModel").contains { $0.text.contains("public enum ProductKind: String, Hashable, Sendable, CaseIterable {") })
        XCTAssertTrue(try swiftFiles(of: "PackageModel").contains { $0.text.contains("public protocol PackageManifestReading: Sendable {") })
        // The interpreter itself; discovery, which runs every reader; `Project`, which makes the reader `--reader` asks for.
        let mayImport: Set<String> = ["ManifestReading", "Discovery", "Project"]
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter { !mayImport.contains($0) }
        XCTAssertTrue(modules.contains("TuistReading") && modules.contains("Fixing"))
        for module in modules {
            for file in try swiftFiles(of: module) {
                let imports = file.text.split(separator: "\n").filter { $0.hasPrefix("import ") }.map { $0.dropFirst("import ".count) }
                XCTAssertFalse(imports.contains("ManifestReading"), "Sources/\(module)/\(file.name) imports ManifestReading: the model is PackageModel")
            }
        }
    }

    /// What a target builds is a `ProductKind` every reader sets, not a string: outside the model and the Xcode readers no
    /// source names `xcodeKind` or compares a kind's name.
    func testProductKindsAreTypes() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted()
            .filter { !["PackageModel", "XcodeProjectReading", "XcodeGenReading", "TuistReading"].contains($0) }
        let kindNames = ["\"static-library\"", "\"dynamic-library\"", "\"app-extension\"", "\"unit-test\"", "\"ui-test\"", "== \"application\"",
                         "!= \"application\""]
        for module in modules {
            for file in try swiftFiles(of: module) {
                XCTAssertNil(file.text.range(of: #"\bxcodeKind\b"#, options: .regularExpression), "Sources/\(module)/\(file.name) names xcodeKind")
                for name in kindNames {
                    XCTAssertFalse(file.text.contains(name), "Sources/\(module)/\(file.name) compares a kind's name (\(name)): use ProductKind")
                }
            }
        }
    }

    /// Where a package comes from is one enum with its payload (a pod's spec, the podspec beside a package mid-migration,
    /// the Xcode project as read), not optionals of which at most one is set.
    func testThePackagesOriginIsOneEnum() throws {
        let workspace = try XCTUnwrap(try swiftFiles(of: "Discovery").first { $0.name == "Workspace.swift" }?.text)
        XCTAssertTrue(workspace.contains("public var origin: PackageOrigin"))
        XCTAssertTrue(workspace.contains("public enum PackageOrigin: Sendable {"))
        XCTAssertNil(workspace.range(of: #"public var \w+: (PodspecBeside|PodSpec|XcodeProject)\?\n"#, options: .regularExpression),
                     "LocalPackage: an optional per origin")
    }

    /// The modules that read inputs: what recognises a manifest and how it reads is theirs alone.
    private static let readingModules: Set<String> = ["Discovery", "ManifestReading", "PodspecReading", "XcodeProjectReading", "XcodeGenReading",
                                                      "TuistReading", "SwiftEvaluation"]

    /// What follows the readers asks the model what a package is (`manifest.kind`, its origin, a target's `ProductKind`),
    /// never which reader read it: no `isPodspec` outside the readers and discovery.
    func testNoReaderFlagOutsideTheReaders() throws {
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter { !Self.readingModules.contains($0) }
        for module in modules {
            for file in try swiftFiles(of: module) {
                XCTAssertNil(file.text.range(of: #"\bisPodspec\b"#, options: .regularExpression),
                             "Sources/\(module)/\(file.name) asks isPodspec: ask the manifest's kind (manifest.kind == .pod)")
            }
        }
    }

    /// Which file is which input is the readers' and discovery's to say (``PackageKind(manifestPath:)`` in the model is
    /// their one answer for the others): no other module tests a manifest's file name. The files listed still do, each
    /// for a reason of its own (a folder's name for a package read from its folder, the files `new` and `migrate-pods`
    /// write), and no other may start.
    func testNoManifestNameTestedOutsideTheReaders() throws {
        let tests = [".hasSuffix(\".podspec\")", ".hasSuffix(\".podspec.json\")", ".hasSuffix(\".xcodeproj\")", ".hasSuffix(\"project.pbxproj\")",
                     "== \"Package.swift\"", "== \"Project.swift\"", "== \"project.yml\""]
        let known: Set<String> = ["PackageModel/Manifest.swift", "Rules/UnassignedRule.swift", "Scaffolding/NewComponentRoot.swift",
                                  "Scaffolding/Scaffolder.swift"]
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted().filter { !Self.readingModules.contains($0) }
        var found: Set<String> = []
        for module in modules {
            for file in try swiftFiles(of: module) where tests.contains(where: file.text.contains) {
                found.insert("\(module)/\(file.name)")
            }
        }
        XCTAssertEqual(found.subtracting(known).sorted(), [], "a manifest's file name tested outside the readers and discovery: ask the model")
    }

    /// No function of Sources longer than 80 lines but parser dispatch (scripts/function-lengths-allowed), measured by the
    /// build's function-lengths tool as CI measures it.
    func testFunctionsAreAtMostEightyLines() throws {
        let tool = Componentize.executable.deletingLastPathComponent().appendingPathComponent("function-lengths")
        let root = Componentize.repositoryRoot
        let result = try Componentize.runTool(tool.path, ["--limit", "80", "--top", "3", "--allowed", "scripts/function-lengths-allowed", "Sources"],
                                              in: root)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
    }
}
