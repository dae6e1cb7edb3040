import Foundation
import XCTest

/// `componentize fix` end to end on a copy of fixtures/LegacyApp (30 packages) with its layers inferred, seeded with
/// undeclared imports, an unused entry and an upward import that no manifest edit may fix.
final class FixCommandTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-fix-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/LegacyApp"), to: root)
        XCTAssertEqual(try run(["init", "--infer"]).status, 0)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try Componentize.run(arguments, in: root, environment: InitInferTests.environment)
    }

    private func source(_ package: String) -> URL {
        let name = (package as NSString).lastPathComponent
        return root.appendingPathComponent("Modules/\(package)/Sources/\(name)/\(name).swift")
    }

    private func seed() throws {
        for (package, imports) in [("Features/FeatureCart", "import LoggingKit\n"), ("Features/FeatureHome", "import FeatureCart\nimport LoggingKit\n"),
                                   ("Core/LoggingKit", "import AuthService\n")] {
            let url = source(package)
            try (imports + String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        let cart = source("Features/FeatureCart")
        try String(contentsOf: cart, encoding: .utf8).replacingOccurrences(of: "import DesignSystem\n", with: "")
            .write(to: cart, atomically: true, encoding: .utf8)
    }

    /// The findings of the layering rules, as (rule, from, to).
    private func layering(_ json: String) throws -> Set<String> {
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]])
        return Set(findings.compactMap { finding -> String? in
            guard let rule = finding["rule"] as? String, ["upward", "horizontal", "cycle", "third-party"].contains(rule) else { return nil }
            return "\(rule) \(finding["from"] ?? "") \(finding["to"] ?? "")"
        })
    }

    func testFixDeclaresWhatIsImportedRemovesWhatIsNotAndNeverWorsensTheLayering() throws {
        try seed()
        let before = try run(["check"])
        XCTAssertEqual(before.status, 1, before.stdout)
        XCTAssertTrue(before.stdout.contains("componentize: 3 findings can be fixed with `componentize fix`"), before.stdout)
        XCTAssertTrue(before.stdout.contains("[horizontal] FeatureHome (features) imports FeatureCart (features)"),
                      "the features are independent (the one dependency between them today is baselined): \(before.stdout)")
        let layeringBefore = try layering(try run(["check", "--format", "json"]).stdout)

        let snapshot = try FileSnapshot.of(root)
        let dryRun = try run(["fix", "--dry-run"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stdout + dryRun.stderr)
        XCTAssertEqual(try FileSnapshot.of(root), snapshot, "a dry run writes nothing")
        XCTAssertTrue(dryRun.stdout.contains("+++ b/Modules/Features/FeatureHome/Package.swift"), dryRun.stdout)
        XCTAssertTrue(dryRun.stdout.hasSuffix("componentize fix: would fix 3 findings (2 implicit-dependency, 1 unused-dependency) in 2 files\n"), dryRun.stdout)
        XCTAssertFalse(dryRun.stdout.contains("FeatureCart\", package"), "a horizontal import is the code's to fix, never declared: \(dryRun.stdout)")

        let fix = try run(["fix"])
        XCTAssertEqual(fix.status, 0, fix.stdout + fix.stderr)
        let after = try run(["check", "--format", "json"])
        XCTAssertFalse(after.stdout.contains("\"implicit-dependency\"") || after.stdout.contains("\"unused-dependency\""), after.stdout)
        XCTAssertEqual(try layering(after.stdout), layeringBefore, "no new upward, horizontal, cycle or third-party finding")
        XCTAssertTrue(layeringBefore.contains("upward LoggingKit AuthService"), "the upward import is the code's to fix: \(layeringBefore)")
        XCTAssertEqual(try run(["check"]).status, 1, "the horizontal import still fails the build after fix")

        let changed = try FileSnapshot.of(root).filter { snapshot[$0.key] != $0.value }
        XCTAssertEqual(changed.keys.sorted(), ["Modules/Features/FeatureCart/Package.swift", "Modules/Features/FeatureHome/Package.swift"])
        for (path, data) in changed {
            let old = String(decoding: snapshot[path] ?? Data(), as: UTF8.self).components(separatedBy: "\n")
            let new = String(decoding: data, as: UTF8.self).components(separatedBy: "\n")
            let touched = new.difference(from: old).map { change -> String in
                switch change {
                case .insert(_, let line, _), .remove(_, let line, _): return line
                }
            }
            XCTAssertTrue(touched.allSatisfy { $0.contains(".product(") || $0.contains(".package(") }, "only dependency lines change in \(path): \(touched)")
        }
        let cart = String(decoding: changed["Modules/Features/FeatureCart/Package.swift"] ?? Data(), as: UTF8.self)
        XCTAssertFalse(cart.contains("DesignSystem"), "the entry and the package no target uses any more are gone:\n\(cart)")
        XCTAssertTrue(cart.contains("                .product(name: \"LoggingKit\", package: \"LoggingKit\"),\n"), cart)
        XCTAssertTrue(cart.contains("        .package(path: \"../../Core/LoggingKit\"),\n"), cart)

        let again = try run(["fix"])
        XCTAssertEqual(again.stdout, "componentize fix: fixed 0 findings\n", "a second run is a no-op")
        XCTAssertEqual(try FileSnapshot.of(root).filter { snapshot[$0.key] != $0.value }.keys.sorted(), changed.keys.sorted())
    }

    /// SwiftPM itself reads every manifest fix edited.
    func testSwiftPMReadsTheEditedManifests() throws {
        try seed()
        XCTAssertEqual(try run(["fix"]).status, 0)
        for package in ["Features/FeatureCart", "Features/FeatureHome"] {
            let dump = Process()
            dump.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            dump.arguments = ["swift", "package", "dump-package"]
            dump.currentDirectoryURL = root.appendingPathComponent("Modules/\(package)")
            dump.standardOutput = FileHandle.nullDevice
            dump.standardError = FileHandle.nullDevice
            try dump.run()
            dump.waitUntilExit()
            XCTAssertEqual(dump.terminationStatus, 0, package)
        }
    }

    func testAnUnknownRuleIsAUsageError() throws {
        let result = try run(["fix", "--rule", "upward"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("fix edits for implicit-dependency, unused-dependency, pod-package-mismatch, unresolved findings, not 'upward'"),
                      result.stderr)
    }

    /// One typo in a `.package(path:)`: one finding that names the folder meant, and a fix that replaces the path (the
    /// product and the import that the path's package provides are neither reported nor re-added).
    func testAMisspeltPathIsOneFindingAndFixReplacesIt() throws {
        let manifest = root.appendingPathComponent("Modules/Features/FeatureHome/Package.swift")
        let original = try String(contentsOf: manifest, encoding: .utf8)
        try original.replacingOccurrences(of: "Services/CatalogService\"", with: "Services/CatalogServcie\"")
            .write(to: manifest, atomically: true, encoding: .utf8)
        let check = try run(["check", "--format", "json"])
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(check.stdout.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(report["findings"] as? [[String: Any]]).filter { ($0["file"] as? String)?.contains("FeatureHome") == true }
        XCTAssertEqual(findings.map { $0["rule"] as? String }, ["unresolved"], check.stdout)
        XCTAssertEqual(findings.first?["fix"] as? String,
                       "did you mean '../../../Modules/Services/CatalogService' (it has Package.swift)? Else fix the path, or check out the package there (a submodule or sibling repository?)")
        let fix = try run(["fix", "--rule", "unresolved"])
        XCTAssertEqual(fix.status, 0, fix.stdout + fix.stderr)
        XCTAssertEqual(try String(contentsOf: manifest, encoding: .utf8), original, "only the path's string changes")
    }
}

/// `componentize fix` on a copy of fixtures/MidMigration: each component's podspec and Package.swift made to declare the
/// same components, on the side that lacks the entry.
final class FixMigratingComponentTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-fix-pods-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/MidMigration"), to: root)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try Componentize.run(arguments, in: root, environment: InitInferTests.environment)
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func testTheSideWithoutTheEntryGainsIt() throws {
        let before = try run(["check"])
        XCTAssertTrue(before.stdout.contains("componentize: 3 findings can be fixed with `componentize fix`"), before.stdout)
        let podspec = try text("Common/NXService/NXService.podspec")

        let fix = try run(["fix"])
        XCTAssertEqual(fix.status, 0, fix.stdout + fix.stderr)
        XCTAssertTrue(fix.stdout.hasSuffix("componentize fix: fixed 3 findings (1 implicit-dependency, 2 pod-package-mismatch) in 2 files\n"), fix.stdout)
        XCTAssertEqual(try text("Common/NXService/NXService.podspec"),
                       podspec.replacingOccurrences(of: "  s.dependency 'NXFoundation'\n", with: "  s.dependency 'NXFoundation'\n  s.dependency 'NXKit'\n"))
        let manifest = try text("Common/NXUI/Package.swift")
        XCTAssertTrue(manifest.contains("        .package(path: \"../../Kit/NXKit\"),\n"), manifest)
        XCTAssertTrue(manifest.contains("                .product(name: \"NXKit\", package: \"NXKit\"),\n"), manifest)

        let after = try run(["check"])
        XCTAssertEqual(after.status, 0, after.stdout)
        XCTAssertEqual(try run(["fix"]).stdout, "componentize fix: fixed 0 findings\n", "a second run is a no-op")
    }

    /// Declared in the package, the pod's dependency would be unused there: the code decides, so it is not fixed.
    func testADependencyTheCodeDoesNotImportIsNotCopied() throws {
        let theme = root.appendingPathComponent("Common/NXUI/Sources/NXUI/Theme.swift")
        try "import NXFoundation\n\npublic enum Theme {}\n".write(to: theme, atomically: true, encoding: .utf8)
        let fix = try run(["fix"])
        XCTAssertEqual(fix.status, 1, fix.stdout)
        XCTAssertTrue(fix.stdout.contains("""
            Common/NXUI/NXUI.podspec:7:3: not fixed: [pod-package-mismatch] NXUI.podspec depends on NXKit, NXUI's Package.swift does not: the pod and the package of NXUI disagree
                why: NXUI in the package does not import NXKit: declared there it would be unused; if the pod's code does not import it either, remove the s.dependency
            """), fix.stdout)
        XCTAssertFalse(try text("Common/NXUI/Package.swift").contains("NXKit"))
    }
}

/// A package declared as `.package(path: "../")` is named, in the `.product(package:)` fix adds, by the folder it leads
/// to, as SwiftPM names it.
final class FixParentPackageTests: XCTestCase {
    func testTheProductNamesTheFolderThePathLeadsTo() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-fix-parent-\(UUID().uuidString)/swift-widgets")
        defer { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }
        let files = [
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "Widgets",
                    products: [.library(name: "Widgets", targets: ["Widgets"])],
                    targets: [.target(name: "Widgets")]
                )

                """,
            "Sources/Widgets/Widget.swift": "public struct Widget {}\n",
            "Benchmarks/Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription

                let package = Package(
                    name: "benchmarks",
                    dependencies: [
                        .package(path: "../"),
                    ],
                    targets: [
                        .executableTarget(name: "WidgetBenchmark", dependencies: []),
                    ]
                )

                """,
            "Benchmarks/Sources/WidgetBenchmark/main.swift": "import Widgets\n\nprint(Widget())\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let fix = try Componentize.run(["fix"], in: root, environment: InitInferTests.environment)
        XCTAssertEqual(fix.status, 0, fix.stdout + fix.stderr)
        let manifest = try String(contentsOf: root.appendingPathComponent("Benchmarks/Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(".executableTarget(name: \"WidgetBenchmark\", dependencies: [.product(name: \"Widgets\", package: \"swift-widgets\")]),"), manifest)
        XCTAssertEqual(try Componentize.run(["check"], in: root, environment: InitInferTests.environment).status, 0)
    }
}
