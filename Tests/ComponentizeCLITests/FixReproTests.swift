import Foundation
import XCTest

/// The first week's reports about `fix`, each reproduced end to end with the built binary on a repository of the same
/// shape: after `fix`, `check` reports nothing new, what `fix` calls fixed is gone, a second `fix` changes nothing, and
/// the exit status says whether a finding of the rules asked remains.
final class FixReproTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-fix-repro-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private static let header = "// swift-tools-version:5.9\nimport PackageDescription\n\n"

    private static func library(_ name: String, at folder: String) -> [String: String] {
        [
            "\(folder)/Package.swift": header + """
                let package = Package(
                    name: "\(name)",
                    products: [.library(name: "\(name)", targets: ["\(name)"])],
                    targets: [.target(name: "\(name)")]
                )

                """,
            "\(folder)/Sources/\(name)/\(name).swift": "public protocol \(name)Protocol {}\n",
        ]
    }

    private func write(_ files: [String: String]) throws {
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    private func run(_ arguments: String...) throws -> CommandResult {
        try Componentize.run(arguments, in: root, environment: InitInferTests.environment)
    }

    private func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// `fix` twice: the second run changes no file and fixes nothing.
    private func assertSecondRunChangesNothing(file: StaticString = #filePath, line: UInt = #line) throws {
        let snapshot = try FileSnapshot.of(root)
        let again = try run("fix")
        XCTAssertTrue(again.stdout.contains("componentize fix: fixed 0 findings"), again.stdout, file: file, line: line)
        XCTAssertEqual(try FileSnapshot.of(root), snapshot, "a second fix changes nothing", file: file, line: line)
    }

    /// 1. An entry removed and another added in one `dependencies:` list (the last entry, written without a trailing
    /// comma; and a list on one line) were "overlapping edits" and blocked the whole file: they are one edit of the list.
    func testEditsOfOneListAreMadeTogether() throws {
        try write(Self.library("Kit", at: "Kit").merging([
            "App/Package.swift": Self.header + """
                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(path: "../Kit"),
                    ],
                    targets: [
                        .target(
                            name: "Feature",
                            dependencies: [
                                "Models",
                                "Helpers"
                            ]
                        ),
                        .target(name: "Models", dependencies: ["Helpers"]),
                        .target(name: "Helpers"),
                        .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
                    ]
                )

                """,
            "App/Sources/Feature/Feature.swift": "import Kit\nimport Models\n",
            "App/Sources/Models/Models.swift": "import Kit\n",
            "App/Sources/Helpers/Helpers.swift": "public enum Helpers {}\n",
            "App/Tests/FeatureTests/FeatureTests.swift": "import Feature\n",
        ]) { first, _ in first })
        XCTAssertTrue(try run("check").stdout.contains("componentize: 4 findings can be fixed with `componentize fix`"))
        let dryRun = try run("fix", "--dry-run")
        XCTAssertEqual(dryRun.status, 0, dryRun.stdout)
        let fix = try run("fix")
        XCTAssertEqual(fix.status, 0, fix.stdout)
        XCTAssertFalse(fix.stdout.contains("overlaps"), fix.stdout)
        XCTAssertTrue(fix.stdout.hasSuffix("componentize fix: fixed 4 findings (2 implicit-dependency, 2 unused-dependency) in 1 file\n"), fix.stdout)
        let manifest = try text("App/Package.swift")
        XCTAssertTrue(manifest.contains("""
                        dependencies: [
                            "Models",
                            .product(name: "Kit", package: "Kit")
                        ]
            """), manifest)
        XCTAssertTrue(manifest.contains(".target(name: \"Models\", dependencies: [.product(name: \"Kit\", package: \"Kit\")]),"), manifest)
        XCTAssertEqual(try run("check").status, 0)
        try assertSecondRunChangesNothing()
    }

    /// 2. A component folder deleted: `check` suggests the other interface five letters away, but `fix` does not
    /// rewire two components to it (nor declare a package twice), and exits 1 saying why.
    func testADidYouMeanThatIsNotCertainIsNotWritten() throws {
        try write(Self.library("ComponentImageInterface", at: "Components/ComponentImageInterface").merging([
            "Components/ComponentFeed/Package.swift": Self.header + """
                let package = Package(
                    name: "ComponentFeed",
                    dependencies: [
                        .package(path: "../ComponentVideoInterface"),
                        .package(path: "../ComponentImageInterface"),
                    ],
                    targets: [
                        .target(name: "ComponentFeed", dependencies: [
                            .product(name: "ComponentVideoInterface", package: "ComponentVideoInterface"),
                            .product(name: "ComponentImageInterface", package: "ComponentImageInterface"),
                        ]),
                    ]
                )

                """,
            "Components/ComponentFeed/Sources/ComponentFeed/Feed.swift": "import ComponentImageInterface\nimport ComponentVideoInterface\n",
            "Components/ComponentPlayer/Package.swift": Self.header + """
                let package = Package(
                    name: "ComponentPlayer",
                    dependencies: [
                        .package(path: "../ComponentVideoInterface"),
                    ],
                    targets: [
                        .target(name: "ComponentPlayer", dependencies: [
                            .product(name: "ComponentVideoInterface", package: "ComponentVideoInterface"),
                        ]),
                    ]
                )

                """,
            "Components/ComponentPlayer/Sources/ComponentPlayer/Player.swift": "import ComponentVideoInterface\n",
        ]) { first, _ in first })
        let check = try run("check")
        XCTAssertTrue(check.stdout.contains("did you mean '../ComponentImageInterface'"), "check may still suggest it: \(check.stdout)")
        XCTAssertFalse(check.stdout.contains("can be fixed with"), check.stdout)
        let snapshot = try FileSnapshot.of(root)
        for arguments in [["fix", "--dry-run"], ["fix"]] {
            let fix = try Componentize.run(arguments, in: root, environment: InitInferTests.environment)
            XCTAssertEqual(fix.status, 1, fix.stdout)
            XCTAssertTrue(fix.stdout.contains("""
                Components/ComponentPlayer/Package.swift:7:9: not fixed: [unresolved] ComponentPlayer depends on the package at '../ComponentVideoInterface', which does not exist
                    why: which package was meant cannot be known: 'ComponentImageInterface' is 5 letters from 'ComponentVideoInterface', more than a typo; if it is '../ComponentImageInterface', write it by hand
                """), fix.stdout)
            XCTAssertTrue(fix.stdout.hasSuffix("""
                componentize fix: not fixed, by reason:
                    2 which one was meant cannot be known
                componentize fix: \(arguments.count == 2 ? "would fix" : "fixed") 0 findings; 2 not fixed (2 unresolved)

                """), fix.stdout)
        }
        XCTAssertEqual(try FileSnapshot.of(root), snapshot, "nothing is rewired")
    }

    /// ComponentPlayer, importing ComponentVideoInterface and declaring it by `path` and `product` (one of them misspelt),
    /// beside the ComponentVideoInterface package.
    private static func player(path: String, product: String) -> [String: String] {
        library("ComponentVideoInterface", at: "Components/ComponentVideoInterface").merging([
            "Components/ComponentPlayer/Package.swift": header + """
                let package = Package(
                    name: "ComponentPlayer",
                    dependencies: [
                        .package(path: "\(path)"),
                    ],
                    targets: [
                        .target(name: "ComponentPlayer", dependencies: [
                            .product(name: "\(product)", package: "ComponentVideoInterface"),
                        ]),
                    ]
                )

                """,
            "Components/ComponentPlayer/Sources/ComponentPlayer/Player.swift": "import ComponentVideoInterface\n",
        ]) { first, _ in first }
    }

    /// A path one typo away, with nothing else near and the code importing what the folder provides: replaced.
    func testAPathOneTypoAwayIsReplaced() throws {
        try write(Self.player(path: "../ComponentVideoInterfcae", product: "ComponentVideoInterface"))
        let fix = try run("fix")
        XCTAssertEqual(fix.status, 0, fix.stdout)
        XCTAssertTrue(try text("Components/ComponentPlayer/Package.swift").contains(".package(path: \"../ComponentVideoInterface\"),"))
        XCTAssertEqual(try run("check").status, 0)
        try assertSecondRunChangesNothing()
    }

    /// 3. A misspelt product name: replaced in place (the `unresolved` finding and the `implicit-dependency` of the
    /// import it was meant to declare are fixed by the one edit), never a correct entry added beside the wrong one.
    func testAMisspeltProductNameIsReplacedInPlace() throws {
        try write(Self.player(path: "../ComponentVideoInterface", product: "ComponentVideoInterfce"))
        let before = try text("Components/ComponentPlayer/Package.swift")
        let fix = try run("fix")
        XCTAssertEqual(fix.status, 0, fix.stdout)
        XCTAssertTrue(fix.stdout.hasSuffix("componentize fix: fixed 2 findings (1 implicit-dependency, 1 unresolved) in 1 file\n"), fix.stdout)
        XCTAssertEqual(try text("Components/ComponentPlayer/Package.swift"), before.replacingOccurrences(of: "Interfce", with: "Interface"))
        XCTAssertEqual(try run("check").status, 0)
        try assertSecondRunChangesNothing()
    }

    /// 4. A wrapper whose one file is `@_exported import VendorKit`: the target that declares it and imports VendorKit
    /// declares VendorKit through it; the wrapper is not unused, and `fix` leaves it.
    func testAReExportingWrapperIsNeverRemoved() throws {
        try write([
            "App/Package.swift": Self.header + """
                let package = Package(
                    name: "App",
                    dependencies: [
                        .package(url: "https://example.com/acme/vendor-kit.git", from: "1.0.0"),
                    ],
                    targets: [
                        .target(name: "App", dependencies: ["_VendorSDK"]),
                        .target(name: "_VendorSDK", dependencies: [.product(name: "VendorKit", package: "vendor-kit")]),
                    ]
                )

                """,
            "App/Sources/App/App.swift": "import VendorKit\n",
            "App/Sources/_VendorSDK/Exports.swift": "@_exported import VendorKit\n",
        ])
        let check = try run("check")
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("0 errors, 0 warnings"), check.stdout)
        let snapshot = try FileSnapshot.of(root)
        let fix = try run("fix")
        XCTAssertEqual(fix.stdout, "componentize fix: fixed 0 findings\n")
        XCTAssertEqual(fix.status, 0)
        XCTAssertEqual(try FileSnapshot.of(root), snapshot)
    }

    /// A module re-exporting the toolchain's or the SDK's modules (`@_exported import Foundation`, a public header's
    /// `@import Foundation;`) provides nothing its dependants do not have already: a dependency on it that none of
    /// their files imports is unused.
    func testReExportingASystemModuleProvidesNothing() throws {
        try write([
            "App/Package.swift": Self.header + """
                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: ["Wrapper", "CHelpers"]),
                        .target(name: "Wrapper"),
                        .target(name: "CHelpers"),
                    ]
                )

                """,
            "App/Sources/App/App.swift": "import Foundation\nimport UIKit\n",
            "App/Sources/Wrapper/Exports.swift": "@_exported import Foundation\n",
            "App/Sources/CHelpers/include/CHelpers.h": "@import Foundation;\n#import <UIKit/UIKit.h>\n",
            "App/Sources/CHelpers/CHelpers.m": "#import \"CHelpers.h\"\n",
        ])
        let check = try run("check")
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertTrue(check.stdout.contains("[unused-dependency] App (app) declares a dependency on Wrapper,"), check.stdout)
        XCTAssertTrue(check.stdout.contains("[unused-dependency] App (app) declares a dependency on CHelpers,"), check.stdout)
    }

    /// 5. The exit status and the summary say what remains: a finding of the rules asked that `fix` cannot fix is listed
    /// with why, and exits 1 (`--dry-run` too); a package list is never written empty where there was none.
    func testTheExitStatusAndTheSummarySayWhatRemains() throws {
        try write([
            "App/Package.swift": Self.header + """
                let package = Package(
                    name: "App",
                    targets: [
                        .target(name: "App", dependencies: [.product(name: "Analytics", package: "swift-analytics")]),
                        .target(name: "Helpers"),
                    ]
                )

                """,
            "App/Sources/App/App.swift": "import Helpers\n",
            "App/Sources/Helpers/Helpers.swift": "public enum Helpers {}\n",
        ])
        let dryRun = try run("fix", "--dry-run")
        XCTAssertEqual(dryRun.status, 1, dryRun.stdout)
        let fix = try run("fix")
        XCTAssertEqual(fix.status, 1, fix.stdout)
        XCTAssertTrue(fix.stdout.hasSuffix("""
            App/Package.swift:7:45: not fixed: [unresolved] App (app) depends on Analytics from swift-analytics: package 'swift-analytics' is not among App's dependencies
                why: no name declared is near 'Analytics'; fix the name, or declare the package with .package(path:) in App's Package.swift
            componentize fix: not fixed, by reason:
                1 for a person to decide (see each finding's fix line)
            componentize fix: fixed 1 finding (1 implicit-dependency) in 1 file; 1 not fixed (1 unresolved)

            """), fix.stdout)
        let manifest = try text("App/Package.swift")
        XCTAssertFalse(manifest.contains("dependencies: [\n"), "no stray Package(dependencies:): \(manifest)")
        XCTAssertTrue(manifest.contains("dependencies: [.product(name: \"Analytics\", package: \"swift-analytics\"), \"Helpers\"]"), manifest)
        XCTAssertEqual(try run("check").status, 1, "the unresolved entry is still there, and fix said so")
        let again = try run("fix")
        XCTAssertEqual(again.status, 1)
        XCTAssertTrue(again.stdout.hasSuffix("componentize fix: fixed 0 findings; 1 not fixed (1 unresolved)\n"), again.stdout)
    }
}
