import Foundation
import XCTest

/// `componentize migrate-pods` end to end: what it writes beside each podspec, and every refusal leaving the tree
/// unchanged. `scripts/e2e-migrate-pods` builds the written packages with `swift build`.
final class MigratePodsCommandTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func run(_ arguments: [String]) throws -> CommandResult {
        try Componentize.run(["migrate-pods"] + arguments, in: root)
    }

    private func write(_ text: String, _ relative: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func copyFixture(_ name: String) throws {
        try FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/\(name)"), to: root)
    }

    /// Every file under the root with its content.
    private func snapshot() throws -> [String: Data] {
        try FileSnapshot.of(root)
    }

    private static func podspec(_ name: String, _ lines: [String]) -> String {
        (["Pod::Spec.new do |s|", "  s.name = '\(name)'", "  s.version = '1.0.0'"] + lines.map { "  " + $0 } + ["end", ""]).joined(separator: "\n")
    }

    func testTheDryRunOfTheFixturesMatchesItsGoldensAndWritesNothing() throws {
        for fixture in ["MigratePods", "PodsApp"] {
            let result = try Componentize.run(["migrate-pods", "fixtures/\(fixture)", "--dry-run"], in: Componentize.repositoryRoot)
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
            GoldenFile.assertMatches(result.stdout, "migrate-pods/\(fixture).dry-run")
            XCTAssertFalse(FileManager.default.fileExists(atPath: Componentize.repositoryRoot.appendingPathComponent("fixtures/\(fixture)/Kit/\(fixture == "PodsApp" ? "NXKit" : "CoreKit")/Package.swift").path))
        }
    }

    /// Pods named with `-` whose subspecs a Podfile asks for by path: `check` reads them and sees an outside pod's
    /// module (`ESTabBarController_swift`) by its import; `migrate-pods --edit-sources` writes names that match each other
    /// and the subspec imports SwiftPM needs, and `check` is clean on the result.
    func testPodsNamedWithADashMigrateToNamesThatMatchAndCheckClean() throws {
        try copyFixture("DashPods")
        XCTAssertEqual(try Componentize.run(["check", "."], in: root).status, 0, "the Podfile's subspec path pods are the pod at that path")
        let feed = root.appendingPathComponent("Example/Feed/Feed.podspec")
        let podspec = try String(contentsOf: feed, encoding: .utf8)
        try podspec.replacingOccurrences(of: "  s.dependency 'ESTabBarController-swift', '~> 2.8'\n", with: "").write(to: feed, atomically: true, encoding: .utf8)
        let undeclared = try Componentize.run(["check", "."], in: root)
        XCTAssertEqual(undeclared.status, 1, undeclared.stdout)
        XCTAssertTrue(undeclared.stdout.contains("[implicit-dependency] Feed (features) imports ESTabBarController_swift from pod ESTabBarController-swift"), undeclared.stdout)
        XCTAssertTrue(undeclared.stdout.contains("fix: add s.dependency 'ESTabBarController-swift' to the spec of Feed"), undeclared.stdout)
        try podspec.write(to: feed, atomically: true, encoding: .utf8)

        let result = try run([".", "--edit-sources"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(".library(name: \"NNModule-swift\", targets: [\"NNModule-swiftCore\"]),"), "a root that only groups subspecs has no target:\n\(manifest)")
        XCTAssertTrue(manifest.contains(".library(name: \"NNModule-swiftURLRouter\", targets: [\"NNModule-swiftURLRouter\"]),"), manifest)
        XCTAssertTrue(manifest.contains("dependencies: [\"NNModule-swiftCore\"]"), manifest)
        let home = try String(contentsOf: root.appendingPathComponent("Example/Home/Package.swift"), encoding: .utf8)
        XCTAssertTrue(home.contains(".product(name: \"NNModule-swiftURLRouter\", package: "), home)
        let source = try String(contentsOf: root.appendingPathComponent("Example/Home/Classes/Home.swift"), encoding: .utf8)
        XCTAssertTrue(source.hasPrefix("#if SWIFT_PACKAGE\nimport NNModule_swiftURLRouter\n#else\nimport NNModule_swift\n#endif\n"), source)
        let events = try String(contentsOf: root.appendingPathComponent("Sources/EventTransfer/Events.swift"), encoding: .utf8)
        XCTAssertTrue(events.hasPrefix("#if SWIFT_PACKAGE\nimport NNModule_swiftCore\n#endif\n"), events)
        let check = try Componentize.run(["check", "."], in: root)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("0 errors, 0 warnings"), check.stdout)
    }

    /// A library shipped both ways (a Package.swift with products CarbonGraph and CarbonObjC, a podspec for each): a pod
    /// that depends on CarbonObjC leads to the repository's own package, for check, init --infer and migrate-pods.
    func testAPackageShippedAlsoAsSeveralPodsIsOneComponent() throws {
        try copyFixture("DualShipped")
        let check = try Componentize.run(["check", "."], in: root)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("0 errors, 0 warnings"), "no undeclared import of CarbonObjC, no mismatch: \(check.stdout)")
        XCTAssertFalse(check.stdout.contains("second podspec"), check.stdout)
        let infer = try Componentize.run(["init", "--infer", "--dry-run"], in: root)
        XCTAssertTrue(infer.stdout.contains("thirdParty:\n  layers: []\n  packages: {}\n"), "CarbonObjC is not outside: \(infer.stdout)")
        let result = try run(["."])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let feature = try String(contentsOf: root.appendingPathComponent("Example/Feature/Package.swift"), encoding: .utf8)
        XCTAssertTrue(feature.contains("dependencies: [.product(name: \"CarbonGraph\", package: \"\(root.lastPathComponent)\"), .product(name: \"CarbonObjC\", package: \"\(root.lastPathComponent)\")]"), feature)
        XCTAssertEqual(try Componentize.run(["check", "."], in: root).status, 0)
    }

    func testMigratedPodsAreCheckedCleanTheirPodspecsUntouchedAndARerunNeedsForce() throws {
        try copyFixture("MigratePods")
        let podspecs = try snapshot().filter { $0.key.hasSuffix(".podspec") }
        let result = try run(["."])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote Kit/CoreKit/Package.swift"), result.stdout)
        let after = try snapshot()
        XCTAssertEqual(after.filter { $0.key.hasSuffix(".podspec") }, podspecs, "the podspecs are byte-identical")
        XCTAssertEqual(after.keys.filter { $0.hasSuffix("Package.swift") }.sorted(),
                       ["Business/ComponentGallery/Package.swift", "Common/ThemeUI/Package.swift", "Kit/CoreKit/Package.swift", "Kit/FormatKit/Package.swift"])
        let check = try Componentize.run(["check", "."], in: root)
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.hasSuffix("componentize: 0 errors, 0 warnings in 4 packages (6 targets)\n"), check.stdout)

        let again = try run(["."])
        XCTAssertEqual(again.status, 0, again.stdout + again.stderr)
        XCTAssertEqual(again.stdout, "componentize: no development pod left to migrate\n")
        XCTAssertTrue(again.stderr.contains("Kit/CoreKit/Package.swift: note: CoreKit already has a Package.swift (migrate-pods wrote it; run with --force to replace it); skipped"),
                      again.stderr)
        let named = try run([".", "--pod", "CoreKit"])
        XCTAssertEqual(named.status, 2, named.stdout)
        XCTAssertTrue(named.stderr.contains("Kit/CoreKit/Package.swift: error: a Package.swift is already here; migrate-pods wrote it; run with --force to replace it"), named.stderr)
        let forced = try run([".", "--pod", "CoreKit", "--force"])
        XCTAssertEqual(forced.status, 0, forced.stdout + forced.stderr)
        XCTAssertEqual(try snapshot(), after, "the same input writes byte-identical files")
    }

    /// The source article's app: a subspec whose file imports an inherited dependency (NXUI/Buttons → NXKit), an
    /// outside pod from the built-in table, prefix headers (notes).
    func testTheSampleAppAsPodsIsCheckedCleanAfterItsMigration() throws {
        try copyFixture("PodsApp")
        let podspecs = try snapshot().filter { $0.key.hasSuffix(".podspec") }
        let result = try run(["."])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("Common/NXUI/NXUI.podspec:12:3: note: prefix_header_contents has no SwiftPM equivalent"), result.stderr)
        XCTAssertEqual(try snapshot().filter { $0.key.hasSuffix(".podspec") }, podspecs)
        XCTAssertEqual(try snapshot().keys.filter { $0.hasSuffix("/Package.swift") }.count, 7)
        // <NXKit/NXConstants.h>, as CocoaPods lets NXUI write it, from a folder NXKit.podspec's globs do not select.
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Kit/NXKit/include/NXKit/NXKit/NXConstants.h"), encoding: .utf8),
                       "// Generated by componentize migrate-pods: forwards NXKit/NXConstants.h, as CocoaPods exposes it.\n#import \"../../../NXKit/Classes/NXConstants.h\"\n")
        XCTAssertTrue(result.stdout.contains("wrote Common/NXUI/include/NXUIButtons/NXUI/NXButtonStyle.h"), result.stdout)
        let check = try Componentize.run(["check", "."], in: root)
        XCTAssertTrue(check.stdout.hasSuffix("so no layering rule ran (upward, horizontal, third-party, unassigned); 'componentize init --infer' proposes layers from today's dependencies, 'componentize init --preset four-layer' writes the preset to adapt, and the rules run once componentize.yml says the layers\ncomponentize: 0 errors, 0 warnings in 7 packages (9 targets)\n"), check.stdout)
        // NXUI's Objective-C helper looks for NXUI.bundle beside its code, which SwiftPM does not make.
        XCTAssertTrue(result.stderr.contains("Common/NXUI/NXUI/Classes/NXUI.m:7:22: note: bundleForClass: finds the bundle of the code, beside which CocoaPods puts the pod's resource bundles; SwiftPM builds NXUI's resources into a bundle of their own, so under SwiftPM this finds none of them: use NXUIResources.bundle (SWIFTPM_MODULE_BUNDLE) under #if SWIFT_PACKAGE"),
                      result.stderr)
        XCTAssertFalse(result.stderr.contains("NXUI.m:1:1: note: this file relies on prefix_header_contents"), "NXUI.m imports Foundation through NXUI.h")
        let written = try snapshot()
        let forced = try run([".", "--force"])
        XCTAssertEqual(forced.status, 0, forced.stdout + forced.stderr)
        XCTAssertEqual(try snapshot(), written, "a rerun over its own output writes byte-identical files")
    }

    /// NXUI is Objective-C with a resource bundle: migrate-pods writes `NXUIResources` on SWIFTPM_MODULE_BUNDLE, with
    /// the pod's helpers (`path`, `file:`, `image:`, `nib:`). Linux has no Objective-C Foundation, so the accessor and a
    /// call site are compiled against `Tests/ObjCStandIn` (Apple's signatures), with UIKit and without.
    func testObjectiveCResourceAccessorsTypeCheckAgainstTheStandIn() throws {
        guard let clang = ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map({ "\($0)/clang" }).first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("no clang on PATH")
        }
        try copyFixture("PodsApp")
        let result = try run([".", "--pod", "NXUI", "--pod", "NXKit"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("wrote Common/NXUI/include/NXUI/NXUI/NXUIResources.h\nwrote Common/NXUI/Generated/NXUIResources.m\n"), result.stdout)
        let manifest = try String(contentsOf: root.appendingPathComponent("Common/NXUI/Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("""
                        sources: [
                            "Generated/NXUIResources.m",
                            "NXUI/Classes/NXTheme.h",
            """), manifest)

        let pod = root.appendingPathComponent("Common/NXUI")
        let standIn = Componentize.repositoryRoot.appendingPathComponent("Tests/ObjCStandIn")
        let foundationOnly = root.appendingPathComponent("FoundationOnly")
        try FileManager.default.createDirectory(at: foundationOnly, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: standIn.appendingPathComponent("Foundation"), to: foundationOnly.appendingPathComponent("Foundation"))
        // What SwiftPM puts in front of every Objective-C file of a target with resources (resource_bundle_accessor.h).
        try write("#import <Foundation/Foundation.h>\nNSBundle* NXUI_SWIFTPM_MODULE_BUNDLE(void);\n#define SWIFTPM_MODULE_BUNDLE NXUI_SWIFTPM_MODULE_BUNDLE()\n",
                  "resource_bundle_accessor.h")
        try write("""
            #import <NXUI/NXUIResources.h>
            void useNXUIResources(void) {
                NSBundle *bundle = NXUIResources.bundle;
                NSString *path = NXUIResources.path;
                NSURL *url = [NXUIResources url:@"back.png"];
                NSData *data = [NXUIResources file:@"back.png"];
            #if __has_include(<UIKit/UIKit.h>)
                UIImage *image = [NXUIResources image:@"back.png"];
                UINib *nib = [NXUIResources nib:@"Cell"];
            #endif
            }

            """, "CallSite.m")
        func compile(_ file: String, headers: URL, extra: [String] = []) throws -> (Int32, String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: clang)
            process.arguments = ["-fsyntax-only", "-x", "objective-c", "-Werror", "-Wno-unused-variable", "-DSWIFT_PACKAGE=1",
                                 "-include", root.appendingPathComponent("resource_bundle_accessor.h").path,
                                 "-I", pod.appendingPathComponent("include/NXUI").path, "-I", headers.path] + extra + [file]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return (process.terminationStatus, String(decoding: output, as: UTF8.self))
        }
        for headers in [standIn, foundationOnly] {
            for file in [pod.appendingPathComponent("Generated/NXUIResources.m").path, root.appendingPathComponent("CallSite.m").path] {
                let (status, log) = try compile(file, headers: headers)
                XCTAssertEqual(status, 0, "\(file) with \(headers.lastPathComponent): \(log)")
            }
        }
        // The check is real: a helper the accessor does not have fails against the same stand-in.
        try write("#import <NXUI/NXUIResources.h>\nvoid f(void) { (void)[NXUIResources picture:@\"back.png\"]; }\n", "Broken.m")
        XCTAssertNotEqual(try compile(root.appendingPathComponent("Broken.m").path, headers: standIn).0, 0)
    }

    func testAPackageSwiftItDidNotWriteIsNeverReplaced() throws {
        try write(Self.podspec("NXKit", ["s.source_files = 'Classes/*.swift'"]), "NXKit/NXKit.podspec")
        try write("public enum NXKit {}\n", "NXKit/Classes/NXKit.swift")
        try write(Self.podspec("NXUI", ["s.source_files = 'Classes/*.swift'"]), "NXUI/NXUI.podspec")
        try write("// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"NXUI\")\n", "NXUI/Package.swift")
        let before = try snapshot()
        for arguments in [[".", "--pod", "NXUI"], [".", "--pod", "NXUI", "--force"], [".", "--pod", "NXUI", "--pod", "NXKit", "--force"]] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
            XCTAssertTrue(result.stderr.contains("NXUI/Package.swift: error: a Package.swift is already here; migrate-pods never replaces a manifest it did not write"),
                          result.stderr)
            XCTAssertEqual(try snapshot(), before, "nothing written, NXKit included")
        }
        let all = try run(["."])
        XCTAssertEqual(all.status, 0, all.stdout + all.stderr)
        XCTAssertTrue(all.stderr.contains("NXUI/Package.swift: note: NXUI already has a Package.swift"), all.stderr)
        XCTAssertTrue(all.stdout.contains("wrote NXKit/Package.swift"), all.stdout)
        XCTAssertEqual(try snapshot().filter { $0.key.hasPrefix("NXUI") }, before.filter { $0.key.hasPrefix("NXUI") }, "NXUI's own manifest is untouched")
    }

    func testAnUnmappedOutsidePodWritesNothingUnlessAllowedAndPodsMappingsAreUsed() throws {
        try write(Self.podspec("NXService", ["s.source_files = 'Classes/*.swift'", "s.dependency 'Reachability'", "s.dependency 'Alamofire', '~> 5.0'"]),
                  "NXService/NXService.podspec")
        try write("public enum NXService {}\n", "NXService/Classes/NXService.swift")
        let before = try snapshot()
        let refused = try run(["."])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stdout.contains("NXService/NXService.podspec:5:3: error: outside pod Reachability has no known SwiftPM package"), refused.stdout)
        XCTAssertFalse(refused.stdout.contains("outside pod Alamofire"), "Alamofire is in the built-in table")
        XCTAssertEqual(try snapshot(), before)

        let allowed = try run([".", "--allow-unmapped"])
        XCTAssertEqual(allowed.status, 0, allowed.stdout)
        let manifest = try String(contentsOf: root.appendingPathComponent("NXService/Package.swift"), encoding: .utf8)
        XCTAssertTrue(allowed.stdout.contains("NXService/NXService.podspec:5:3: warning: outside pod Reachability"), allowed.stdout)
        XCTAssertTrue(manifest.contains(".package(url: \"https://github.com/Alamofire/Alamofire.git\", from: \"5.0.0\")"), manifest)
        XCTAssertTrue(manifest.contains(".product(name: \"Alamofire\", package: \"alamofire\")"), manifest)
        XCTAssertFalse(manifest.contains("Reachability"), manifest)

        try FileManager.default.removeItem(at: root.appendingPathComponent("NXService/Package.swift"))
        try write("pods:\n  Reachability: {url: \"https://example.com/acme/Reachability.swift.git\", from: \"5.2.0\", product: \"Reachability\"}\n",
                  "componentize.yml")
        let mapped = try run(["."])
        XCTAssertEqual(mapped.status, 0, mapped.stdout)
        let remapped = try String(contentsOf: root.appendingPathComponent("NXService/Package.swift"), encoding: .utf8)
        XCTAssertTrue(remapped.contains(".package(url: \"https://example.com/acme/Reachability.swift.git\", from: \"5.2.0\")"), remapped)
        XCTAssertTrue(remapped.contains(".product(name: \"Reachability\", package: \"reachability.swift\")"), remapped)
    }

    func testAMixedPodWhoseObjectiveCImportsItsSwiftStaysAPodAndAGlobSelectingNothingIsANote() throws {
        try write(Self.podspec("NXMixed", ["s.source_files = 'Classes/*.{swift,m,h}', 'Missing/*.swift'"]), "NXMixed/NXMixed.podspec")
        try write("public enum NXMixed {}\n", "NXMixed/Classes/NXMixed.swift")
        try write("#import \"NXLegacy.h\"\n#import \"NXMixed-Swift.h\"\n", "NXMixed/Classes/NXLegacy.m")
        try write("void nx_legacy(void);\n", "NXMixed/Classes/NXLegacy.h")
        let before = try snapshot()
        let result = try run(["."])
        XCTAssertEqual(result.status, 1, result.stdout)
        XCTAssertTrue(result.stdout.contains("NXMixed/NXMixed.podspec:1:1: warning: NXMixed stays a pod: NXMixed mixes Swift (Classes/NXMixed.swift) and Objective-C or C (Classes/NXLegacy.h, Classes/NXLegacy.m) in one module, and Classes/NXLegacy.m imports the Swift part"),
                      result.stdout)
        XCTAssertTrue(result.stderr.contains("NXMixed/NXMixed.podspec:4:3: note: source_files 'Missing/*.swift' selects no file in the pod's folder"), result.stderr)
        XCTAssertEqual(try snapshot(), before)
    }

    /// Split when the Objective-C part does not use the Swift part: fixtures/MigratePods' FormatKit (C and Swift) is
    /// built that way by scripts/e2e-migrate-pods.
    func testAMixedPodWhoseObjectiveCStandsAloneIsSplitInTwoTargets() throws {
        try write(Self.podspec("NXMixed", ["s.source_files = 'Classes/*.{swift,m,h}'"]), "NXMixed/NXMixed.podspec")
        try write("public enum NXMixed {}\n", "NXMixed/Classes/NXMixed.swift")
        try write("#import \"NXLegacy.h\"\n", "NXMixed/Classes/NXLegacy.m")
        try write("void nx_legacy(void);\n", "NXMixed/Classes/NXLegacy.h")
        let result = try run([".", "--dry-run"])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains(".library(name: \"NXMixed\", targets: [\"NXMixedObjC\", \"NXMixed\"])"), result.stdout)
        XCTAssertTrue(result.stdout.contains("name: \"NXMixed\",\n            dependencies: [\"NXMixedObjC\"],"), result.stdout)
        XCTAssertTrue(result.stderr.contains("NXMixed/NXMixed.podspec:1:1: note: NXMixed mixes Swift and Objective-C or C: it becomes targets NXMixed (Swift) and NXMixedObjC (Classes/NXLegacy.h, Classes/NXLegacy.m)"),
                      result.stderr)
    }

    /// Test specs become test targets, in no product; an Objective-C test spec gets no public headers (a test target
    /// has none), and a mixed one keeps its Objective-C half a plain target the Swift tests depend on.
    /// A pod with localized resources: the package declares its defaultLocalization and gets its accessors at once, so
    /// SwiftPM loads it (`swift package describe`); a file added to the pod afterwards is drift that `check` reports at
    /// the file, and `--update` brings the package back in step.
    func testALocalizedPodLoadsInSwiftPMAndAFileAddedLaterIsDriftThatUpdateMends() throws {
        try write(Self.podspec("NXStrings", ["s.source_files = 'NXStrings/Classes/**/*.swift'",
                                             "s.resource_bundles = { 'NXStrings' => ['NXStrings/Assets/**/*'] }"]), "NXStrings/NXStrings.podspec")
        try write("public enum Greeting { public static let key = \"hello\" }\n", "NXStrings/NXStrings/Classes/Greeting.swift")
        try write("\"hello\" = \"Hello\";\n", "NXStrings/NXStrings/Assets/en.lproj/Localizable.strings")
        try write("\"hello\" = \"Bonjour\";\n", "NXStrings/NXStrings/Assets/fr.lproj/Localizable.strings")
        let result = try run(["."])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let manifest = try String(contentsOf: root.appendingPathComponent("NXStrings/Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("    defaultLocalization: \"en\",\n"), manifest)
        XCTAssertTrue(result.stdout.contains("wrote NXStrings/NXStrings/Generated/NXStringsResources.swift"), result.stdout)
        let describe = try Componentize.runTool("/usr/bin/env", ["swift", "package", "describe", "--type", "json"],
                                                in: root.appendingPathComponent("NXStrings"))
        XCTAssertEqual(describe.status, 0, "SwiftPM loads the migrated package: \(describe.stderr)")

        try write("public enum Farewell {}\n", "NXStrings/NXStrings/Classes/Farewell.swift")
        let drift = try Componentize.run(["check", "."], in: root)
        XCTAssertTrue(drift.stdout.contains("NXStrings/NXStrings/Classes/Farewell.swift: warning: [pod-package-mismatch] NXStrings/Classes/Farewell.swift is compiled by the pod"),
                      drift.stdout)
        let fix = try Componentize.run(["fix", "--dry-run"], in: root)
        XCTAssertTrue(fix.stdout.contains("migrate-pods --pod NXStrings --update"), "fix says what brings it back in step: \(fix.stdout)")
        let update = try run([".", "--update"])
        XCTAssertEqual(update.status, 0, update.stdout + update.stderr)
        XCTAssertTrue(try String(contentsOf: root.appendingPathComponent("NXStrings/Package.swift"), encoding: .utf8).contains("\"Classes/Farewell.swift\""))
        let clean = try Componentize.run(["check", "."], in: root)
        XCTAssertFalse(clean.stdout.contains("pod-package-mismatch"), clean.stdout)
    }

    func testTestSpecsBecomeTestTargetsInNoProduct() throws {
        try write(Self.podspec("NXKit", ["s.source_files = 'Classes/*.swift'",
                                         "s.test_spec 'Tests' do |t|", "  t.source_files = 'Tests/*.swift'", "end",
                                         "s.test_spec 'LegacyTests' do |t|", "  t.source_files = 'LegacyTests/*.{h,m,swift}'", "end"]),
                  "NXKit/NXKit.podspec")
        try write("public enum NXKit {}\n", "NXKit/Classes/NXKit.swift")
        try write("import NXKit\nimport XCTest\nfinal class NXKitTests: XCTestCase {}\n", "NXKit/Tests/NXKitTests.swift")
        try write("import XCTest\nfinal class LegacyTests: XCTestCase {}\n", "NXKit/LegacyTests/LegacyTests.swift")
        try write("#import \"NXStub.h\"\nint nx_stub(void) { return 1; }\n", "NXKit/LegacyTests/NXStub.m")
        try write("int nx_stub(void);\n", "NXKit/LegacyTests/NXStub.h")
        let result = try run(["."])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let manifest = try String(contentsOf: root.appendingPathComponent("NXKit/Package.swift"), encoding: .utf8)
        XCTAssertTrue(manifest.contains(".library(name: \"NXKit\", targets: [\"NXKit\"]),\n    ],"), manifest)
        XCTAssertTrue(manifest.contains("""
                    .testTarget(
                        name: "NXKitTests",
                        dependencies: ["NXKit"],
                        path: "Tests",
            """), manifest)
        XCTAssertTrue(manifest.contains("""
                    .target(
                        name: "NXKitLegacyTestsObjC",
            """), manifest)
        XCTAssertTrue(manifest.contains("""
                    .testTarget(
                        name: "NXKitLegacyTests",
                        dependencies: ["NXKit", "NXKitLegacyTestsObjC"],
            """), manifest)
        // What SwiftPM itself reads from the written manifest (swift package dump-package): valid, with these kinds.
        let read = try Componentize.run(["manifest", "NXKit", "--reader", "swiftpm", "--format", "json"], in: root)
        XCTAssertEqual(read.status, 0, read.stderr)
        let targets = (try JSONSerialization.jsonObject(with: Data(read.stdout.utf8)) as? [String: Any])?["targets"] as? [[String: Any]] ?? []
        XCTAssertEqual(targets.map { "\($0["name"] ?? ""):\($0["type"] ?? "")" },
                       ["NXKit:regular", "NXKitTests:test", "NXKitLegacyTestsObjC:regular", "NXKitLegacyTests:test"])
        XCTAssertFalse(manifest.contains("publicHeadersPath: \"include/NXKitLegacyTests\""), manifest)
    }

    func testFilesThatReliedOnThePrefixHeaderAreListedAndEditedOnlyWithEditSources() throws {
        try write(Self.podspec("NXKit", ["s.source_files = 'Classes/*.{h,m}'"]), "Kit/NXKit/NXKit.podspec")
        try write("extern const double NXDefaultMargin;\n", "Kit/NXKit/Classes/NXConstants.h")
        try write("#import \"NXConstants.h\"\n\nconst double NXDefaultMargin = 16.0;\n", "Kit/NXKit/Classes/NXConstants.m")
        try write(Self.podspec("NXUI", ["s.source_files = 'Classes/*.{h,m}'", "s.prefix_header_contents = '#import <Foundation/Foundation.h>', '#import \"NXConstants.h\"'",
                                        "s.dependency 'NXKit'"]), "Common/NXUI/NXUI.podspec")
        try write("double NXThemeRadius(void);\n", "Common/NXUI/Classes/NXTheme.h")
        try write("// NXTheme.m\n#import \"NXTheme.h\"\n\ndouble NXThemeRadius(void) { return NXDefaultMargin / 2; } // NSString only in a comment\n",
                  "Common/NXUI/Classes/NXTheme.m")
        try write("#import <Foundation/Foundation.h>\n#import \"NXTheme.h\"\n\nNSString *NXThemeName(void) { return @\"NXDefaultMargin\"; }\n",
                  "Common/NXUI/Classes/NXNames.m")
        let dry = try run([".", "--dry-run", "--edit-sources"])
        XCTAssertEqual(dry.status, 0, dry.stdout + dry.stderr)
        XCTAssertTrue(dry.stderr.contains("Common/NXUI/Classes/NXTheme.m:1:1: note: this file relies on prefix_header_contents of NXUI without importing #import \"NXConstants.h\" (NXDefaultMargin)"),
                      dry.stderr)
        XCTAssertFalse(dry.stderr.contains("NXNames.m"), "it imports Foundation itself, and NXDefaultMargin is only in a string")
        XCTAssertTrue(dry.stdout.contains("--- a/Common/NXUI/Classes/NXTheme.m\n+++ b/Common/NXUI/Classes/NXTheme.m\n@@ -1,0 +2,1 @@\n+#import \"NXConstants.h\"\n"), dry.stdout)
        let original = try String(contentsOf: root.appendingPathComponent("Common/NXUI/Classes/NXTheme.m"), encoding: .utf8)
        let plain = try run(["."])
        XCTAssertEqual(plain.status, 0, plain.stdout)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Common/NXUI/Classes/NXTheme.m"), encoding: .utf8), original,
                       "sources are touched only with --edit-sources")
        XCTAssertTrue(plain.stdout.contains("1 (--edit-sources)"), plain.stdout)
        let edited = try run([".", "--pod", "NXUI", "--force", "--edit-sources"])
        XCTAssertEqual(edited.status, 0, edited.stdout + edited.stderr)
        XCTAssertTrue(edited.stdout.contains("wrote Common/NXUI/Classes/NXTheme.m"), edited.stdout)
        XCTAssertEqual(try String(contentsOf: root.appendingPathComponent("Common/NXUI/Classes/NXTheme.m"), encoding: .utf8),
                       "// NXTheme.m\n#import \"NXConstants.h\"\n#import \"NXTheme.h\"\n\ndouble NXThemeRadius(void) { return NXDefaultMargin / 2; } // NSString only in a comment\n")
    }

    /// What a podspec or a file name holds is written as a Swift string literal: the manifest stays valid.
    func testQuotesAndBackslashesInNamesAreEscapedInTheManifest() throws {
        try write(Self.podspec("NXKit", ["s.source_files = 'Classes/*.swift'", "s.ios.deployment_target = '15.0\"'"]), "NXKit/NXKit.podspec")
        try write("public enum NXKit {}\n", "NXKit/Classes/Say \"Hi\" \\ Bye.swift")
        let result = try run(["."])
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        let manifest = try Componentize.run(["manifest", "NXKit", "--reader", "static", "--format", "json"], in: root)
        XCTAssertEqual(manifest.status, 0, manifest.stderr)
        XCTAssertTrue(manifest.stdout.contains(#""Say \"Hi\" \\ Bye.swift""#), manifest.stdout)
    }

    func testADependencyThatBreaksTheLayeringIsRefusedUnlessAllowed() throws {
        try write("preset: four-layer\n", "componentize.yml") // layers chosen: without them no layering rule runs
        try write(Self.podspec("NXKit", ["s.source_files = 'Classes/*.swift'", "s.dependency 'ComponentVideo'"]), "Kit/NXKit/NXKit.podspec")
        try write("import ComponentVideo\n", "Kit/NXKit/Classes/NXKit.swift")
        try write(Self.podspec("ComponentVideo", ["s.source_files = 'Classes/*.swift'"]), "Business/ComponentVideo/ComponentVideo.podspec")
        try write("public enum ComponentVideo {}\n", "Business/ComponentVideo/Classes/Player.swift")
        let before = try snapshot()
        let refused = try run([".", "--pod", "NXKit"])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stdout.contains("Kit/NXKit/NXKit.podspec:5:3: error: [upward] NXKit (kit) depends on ComponentVideo (business); the package would carry this dependency"),
                      refused.stdout)
        XCTAssertEqual(try snapshot(), before)
        let allowed = try run([".", "--pod", "NXKit", "--allow-violations"])
        XCTAssertEqual(allowed.status, 0, allowed.stdout)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Kit/NXKit/Package.swift").path))
        let unknown = try run([".", "--pod", "NXKitt"])
        XCTAssertEqual(unknown.status, 2)
        XCTAssertTrue(unknown.stderr.contains("no development pod named 'NXKitt' here; pods: ComponentVideo"), unknown.stderr)
    }
}
