import Foundation
import XCTest

/// `componentize init --infer` end to end: on copies of the sample app and of a 30-package repository with a cycle.
final class InitInferTests: XCTestCase {
    private var root: URL!
    static let environment = ProcessInfo.processInfo.environment.merging(["COMPONENTIZE_TODAY": "2026-06-01"]) { $1 }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-infer-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A copy of a fixture to infer on (fixtures are never written to).
    private func copy(_ fixture: String) throws {
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/\(fixture)"), to: root)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try Componentize.run(arguments, in: root, environment: Self.environment)
    }

    private func file(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Adds a path dependency and its product to a manifest that lists both already, as a developer would.
    private func addDependency(in manifest: String, on package: String, at relativePath: String) throws {
        let url = root.appendingPathComponent(manifest)
        var text = try String(contentsOf: url, encoding: .utf8)
        for (list, entry) in [("\n    dependencies: [\n", "        .package(path: \"\(relativePath)\"),\n"),
                              ("\n            dependencies: [\n", "                .product(name: \"\(package)\", package: \"\(package)\"),\n")] {
            let range = try XCTUnwrap(text.range(of: list), "\(manifest) lists \(list)")
            text.insert(contentsOf: entry, at: range.upperBound)
        }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func testTheSampleAppGetsItsFiveLayersBackFromItsDependencies() throws {
        try copy("ComponentBasedApp")
        let result = try run(["init", "--infer"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        GoldenFile.assertMatches(result.stdout, "init/ComponentBasedApp.infer.text")
        GoldenFile.assertMatches(try file("componentize.yml"), "init/ComponentBasedApp.componentize.yml")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("componentize-baseline.json").path),
                       "nothing breaks the inferred layers: no baseline")
        XCTAssertTrue(try file(".gitignore").contains(".build/"))

        let clean = try run(["check"])
        XCTAssertEqual(clean.status, 0, clean.stdout)
        try addDependency(in: "Business/ComponentVideo/Package.swift", on: "ComponentImage", at: "../ComponentImage")
        let horizontal = try run(["check"])
        XCTAssertEqual(horizontal.status, 1, horizontal.stdout)
        XCTAssertTrue(horizontal.stdout.contains("[horizontal] ComponentVideo (business) depends on ComponentImage"), horizontal.stdout)
    }

    /// Thirteen packages in one folder, eight depths deep: three to five layers named after what they are, and what
    /// `init` says it baselined is what `check` then finds in the baseline.
    func testThirteenPackagesInOneFolderGetAFewNamedLayersAndTheSummaryMatchesCheck() throws {
        try copy("FlatApp")
        for file in ["Packages/Timeline/Sources/Timeline/Timeline.swift", "Packages/Search/Sources/Search/Search.swift"] {
            let url = root.appendingPathComponent(file)
            try ("import Models\n" + String(contentsOf: url, encoding: .utf8)).write(to: url, atomically: true, encoding: .utf8)
        }
        let result = try run(["init", "--infer"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let layerLines = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        XCTAssertTrue((3...5).contains(layerLines.count), result.stdout)
        XCTAssertTrue(result.stdout.hasPrefix("""
            inferred 5 layers from 13 packages, top first:
              app       1 package
              search    1 package
              features  4 packages, independent
              shared    3 packages
              core      4 packages
            app: AppFeature (scaffold.app: 'componentize new' adds each new component to it)

            """), "Search, which uses Timeline, sits above the features (no folder the team made holds them), not among them: \(result.stdout)")
        XCTAssertTrue(result.stdout.contains("baselined: 2 findings (2 implicit-dependency)"), result.stdout)
        let check = try run(["check"])
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("2 findings already in the baseline"), check.stdout)

        // A feature that starts importing another is caught: the features stay apart.
        let home = root.appendingPathComponent("Packages/Profile/Sources/Profile/Profile.swift")
        try ("import Settings\n" + String(contentsOf: home, encoding: .utf8)).write(to: home, atomically: true, encoding: .utf8)
        let caught = try run(["check"])
        XCTAssertEqual(caught.status, 1, caught.stdout)
        XCTAssertTrue(caught.stdout.contains("[horizontal] Profile (features) imports Settings (features)"), caught.stdout)
    }

    func testARepositoryWithACycleGetsABaselineAndOnlyNewViolationsFail() throws {
        try copy("LegacyApp")
        let result = try run(["init", "--infer"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        GoldenFile.assertMatches(result.stdout, "init/LegacyApp.infer.text")
        GoldenFile.assertMatches(try file("componentize.yml"), "init/LegacyApp.componentize.yml")
        GoldenFile.assertMatches(try file("componentize-baseline.json"), "init/LegacyApp.componentize-baseline.json")

        let clean = try run(["check"])
        XCTAssertEqual(clean.status, 0, clean.stdout)
        XCTAssertTrue(clean.stdout.contains("2 findings already in the baseline"), clean.stdout)

        try addDependency(in: "Modules/Core/NetworkingKit/Package.swift", on: "AuthService", at: "../../Services/AuthService")
        let upward = try run(["check"])
        XCTAssertEqual(upward.status, 1, upward.stdout)
        XCTAssertTrue(upward.stdout.contains("Modules/Core/NetworkingKit/Package.swift:"), upward.stdout)
        XCTAssertTrue(upward.stdout.contains("[upward] NetworkingKit (core) depends on AuthService (services)"), upward.stdout)
    }

    /// What the sources import counts too: an import that breaks the inferred layers today is baselined, so `check`
    /// still passes on the unchanged repository.
    func testTodaysUndeclaredImportsAreBaselined() throws {
        try copy("ComponentBasedApp")
        let source = root.appendingPathComponent("Business/ComponentVideo/Sources/ComponentVideo/ComponentVideo.swift")
        try ("import ComponentImage\n" + String(contentsOf: source, encoding: .utf8)).write(to: source, atomically: true, encoding: .utf8)
        let result = try run(["init", "--infer"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("baselined: 1 finding (1 horizontal)"), result.stdout)
        XCTAssertEqual(try run(["check"]).status, 0)
    }

    func testDryRunPrintsWhatItWouldWriteAndWritesNothing() throws {
        try copy("LegacyApp")
        let dryRun = try run(["init", "--infer", "--dry-run"])
        XCTAssertEqual(dryRun.status, 0, dryRun.stderr)
        XCTAssertTrue(dryRun.stderr.contains("would write componentize-baseline.json with 2 entries"), dryRun.stderr)
        let contents = try FileManager.default.contentsOfDirectory(atPath: root.path)
        XCTAssertFalse(contents.contains("componentize.yml") || contents.contains("componentize-baseline.json") || contents.contains(".gitignore"))
        XCTAssertEqual(try run(["init", "--infer", "--dry-run"]).stdout, dryRun.stdout, "deterministic")
        _ = try run(["init", "--infer"])
        XCTAssertEqual(try file("componentize.yml"), dryRun.stdout)
    }

    /// On every fixture repository: the configuration `init --infer` writes loads, no layer is without members or named
    /// after its one package, `check` passes on the repository as it is, and the summary counts what `check` counts.
    func testEveryFixtureGetsAConfigurationItsOwnCheckAccepts() throws {
        let fixtures = Componentize.repositoryRoot.appendingPathComponent("fixtures")
        // TuistUnread holds only a project no reader can read: nothing to infer from (GeneratedProjectTests checks it).
        let skipped: Set<String> = ["rules", "podspecs", "manifests-rejected", "TuistUnread"]
        // fixtures/inferred holds one repository per folder.
        let repositories = try FileManager.default.contentsOfDirectory(atPath: fixtures.path).sorted().filter { !skipped.contains($0) && $0 != "inferred" }
            + FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("inferred").path).sorted().map { "inferred/\($0)" }
                // MostlyUnread is where init declines (InferredLayeringTests.testInferDeclinesWhenMostOfTheCodeIsUnread).
                .filter { $0 != "inferred/MostlyUnread" }
        for name in repositories {
            try? FileManager.default.removeItem(at: root)
            try copy(name)
            for file in ["componentize.yml", "componentize-baseline.json"] { try? FileManager.default.removeItem(at: root.appendingPathComponent(file)) }
            let result = try run(["init", "--infer"])
            XCTAssertEqual(result.status, 0, "\(name): \(result.stderr)")
            let check = try run(["check"])
            XCTAssertEqual(check.status, 0, "\(name): \(check.stdout)")
            let counted = try XCTUnwrap(check.stdout.split(separator: "\n").last { $0.hasPrefix("componentize: 0 errors") }, name)
            let source = try XCTUnwrap(result.stdout.split(separator: "\n").first?.split(separator: " from ").last?.replacingOccurrences(of: ", top first:", with: ""))
            XCTAssertTrue(counted.contains(" in \(source) (") || source.hasSuffix("of one package"), "\(name): '\(source)' vs '\(counted)'")
            let configuration = try file("componentize.yml")
            XCTAssertFalse(configuration.contains("members: []") || configuration.contains("paths: []"), "\(name):\n\(configuration)")
            let lines = configuration.split(separator: "\n").map(String.init)
            for (index, line) in lines.enumerated() where line == "  # 1 package" && index + 2 < lines.count {
                let layer = lines[index + 1].replacingOccurrences(of: "  - name: ", with: "")
                let folder = lines[index + 2].split(separator: "/").last.map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "[]\" ")) } ?? ""
                XCTAssertTrue(layer == "app" || layer != folder.lowercased(), "\(name): a layer named after its one package: \(layer)")
            }
        }
    }

    func testItNeverReplacesAConfigurationOrABaseline() throws {
        try copy("LegacyApp")
        try "{}".write(to: root.appendingPathComponent("componentize-baseline.json"), atomically: true, encoding: .utf8)
        let refused = try run(["init", "--infer"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("componentize-baseline.json already exists"), refused.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("componentize.yml").path))
        XCTAssertEqual(try file("componentize-baseline.json"), "{}")

        try FileManager.default.removeItem(at: root.appendingPathComponent("componentize-baseline.json"))
        XCTAssertEqual(try run(["init", "--infer"]).status, 0)
        let again = try run(["init", "--infer"])
        XCTAssertEqual(again.status, 2)
        XCTAssertTrue(again.stderr.contains("componentize.yml already exists"), again.stderr)
    }

    func testAConfiguredBaselineThatIsMissingIsAnErrorAtTheKey() throws {
        try copy("LegacyApp")
        XCTAssertEqual(try run(["init", "--infer"]).status, 0)
        try FileManager.default.removeItem(at: root.appendingPathComponent("componentize-baseline.json"))
        let result = try run(["check"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("componentize.yml:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("the baseline componentize-baseline.json named here does not exist"), result.stderr)
    }

    func testPresetAndInferDoNotMix() throws {
        try copy("LegacyApp")
        let result = try run(["init", "--infer", "--preset", "four-layer"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--infer proposes layers from the repository"), result.stderr)
    }
}
