import Diagnostics
import Foundation
import Project
import Rules
import TestSupport
import XCTest

/// Shapes of Xcode projects where one file belongs to several targets (an app and its extensions compiling one
/// `Constants.swift`), and where a target dependency outlived the target it named.
final class SharedFileShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-shared-files" }

    private func writeKit() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])

            """, to: "Kit/Package.swift")
        try write("public struct Kit {}\n", to: "Kit/Sources/Kit/Kit.swift")
    }

    private typealias Shape = HeldOutShapesTests.XcodeTargetShape

    /// A file three targets compile imports `Kit`, which none of them links (a fourth does): each target gets its own
    /// finding, with its own fix and baseline entry. The first stands at the shared import; the second at its first
    /// import in a file of its own, the shared one listed; the third, whose only import is the shared one, shares
    /// that line. None is dropped, and a baseline names each by its own key.
    func testEachTargetCompilingASharedFileKeepsItsOwnFinding() throws {
        try writeKit()
        try write("import Foundation\nimport Kit\n", to: "Shared/Constants.swift")
        try write("import Kit\n", to: "Extension/Handler.swift")
        try write("import Kit\n", to: "Widget/Widget.swift")
        try write(HeldOutShapesTests.project([
            Shape(name: "Main", settings: "SDKROOT = iphoneos;", files: ["Shared/Constants.swift"], productType: "application"),
            Shape(name: "Extension", settings: "SDKROOT = iphoneos;", files: ["Shared/Constants.swift", "Extension/Handler.swift"]),
            Shape(name: "Intents", settings: "SDKROOT = iphoneos;", files: ["Shared/Constants.swift"]),
            Shape(name: "Widget", settings: "SDKROOT = iphoneos;", files: ["Widget/Widget.swift"], linksKit: true),
        ]), to: "App.xcodeproj/project.pbxproj")
        let findings = try check().result.findings.filter { $0.rule == .implicitDependency }
        XCTAssertEqual(described(findings), [
            "ROOT/Extension/Handler.swift:1:1: implicit-dependency: Extension (app) imports Kit (kit), which target Extension does not link (also imported in Constants.swift:2)",
            "ROOT/Shared/Constants.swift:2:1: implicit-dependency: Intents (app) imports Kit (kit), which target Intents does not link",
            "ROOT/Shared/Constants.swift:2:1: implicit-dependency: Main (app) imports Kit (kit), which target Main does not link",
        ])
        XCTAssertEqual(Set(findings.map(\.key.from)), ["Main", "Extension", "Intents"])
        XCTAssertTrue(findings.allSatisfy { $0.fix.contains("to target \($0.key.from)") }, "each fix links Kit to its own target")
        // A baseline entry is a finding's key (rule, from, to): one per target, as before.
        XCTAssertEqual(Set(findings.map(\.key)).count, 3)
    }

    /// Modules of the SDK a Swift file imports (`AppleArchive`, `System`, `Compression`) are no outside package's: never
    /// undecided, even when a package the target declares is not checked out.
    func testSDKModulesAreNeverUndecided() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Core", products: [.library(name: "Core", targets: ["Core"])],
                                  dependencies: [.package(url: "https://example.com/acme/vendor-kit.git", from: "1.0.0")],
                                  targets: [.target(name: "Core", dependencies: [.product(name: "VendorKit", package: "vendor-kit")])])

            """, to: "Core/Package.swift")
        try write("import VendorKit\nimport AppleArchive\nimport System\nimport Compression\nimport VendorExtras\n", to: "Core/Sources/Core/Archiver.swift")
        let check = try check()
        XCTAssertEqual(check.result.undecided.imports.map(\.module), ["VendorExtras"])
        XCTAssertEqual(described(check.result.findings), [])
    }
}
