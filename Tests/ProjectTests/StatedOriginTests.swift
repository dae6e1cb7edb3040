import Project
import Rules
import XCTest

/// Imports decided by what the repository states of a module's origin, SDK modules never undecided, the undecided
/// line's advice for Tuist, and dependencies written as aliases located at their use.
final class StatedOriginTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-stated-origin" }

    /// A package whose targets name `Lottie` of `lottie-ios`, `FirebaseAuth` of `firebase-ios-sdk`, `TCAUtils` beside
    /// `ComposableArchitecture`, none of them checked out.
    private func writeFeedPackage() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "FeedKit",
                dependencies: [
                    .package(url: "https://github.com/example/lottie-ios", from: "4.0.0"),
                    .package(url: "https://github.com/example/braze-swift-sdk", from: "9.0.0"),
                    .package(url: "https://github.com/example/firebase-ios-sdk", from: "11.0.0"),
                    .package(url: "https://github.com/example/swift-composable-architecture", from: "1.0.0"),
                    .package(url: "https://github.com/example/common-utils", from: "1.0.0"),
                ],
                targets: [
                    .target(name: "Textile", dependencies: [.product(name: "Lottie", package: "lottie-ios")]),
                    .target(name: "Home", dependencies: ["Textile", .product(name: "BrazeKit", package: "braze-swift-sdk")]),
                    .target(name: "Auth", dependencies: [.product(name: "FirebaseAuth", package: "firebase-ios-sdk")]),
                    .target(name: "Config", dependencies: ["Auth", .product(name: "FirebaseRemoteConfig", package: "firebase-ios-sdk")]),
                    .target(name: "Reducers", dependencies: [
                        .product(name: "ComposableArchitecture", package: "swift-composable-architecture"),
                        .product(name: "BareMinimum", package: "common-utils"),
                    ]),
                    .target(name: "Screen", dependencies: ["Reducers", .product(name: "TCAUtils", package: "common-utils")]),
                ]
            )

            """, to: "FeedKit/Package.swift")
        try write("import Lottie\n", to: "FeedKit/Sources/Textile/Animation.swift")
        try write("import FirebaseAuth\n", to: "FeedKit/Sources/Auth/Auth.swift")
        try write("import ComposableArchitecture\nimport BareMinimum\n", to: "FeedKit/Sources/Reducers/Reducer.swift")
    }

    /// A module whose product the repository declares from a known package (`.product(name: "Lottie", package:
    /// "lottie-ios")`) is that package's: a target importing it without declaring any product of that package is a
    /// finding, even while another package it declares is not checked out (it could bring that module only
    /// transitively). A target declaring another product of the package (`FirebaseRemoteConfig`) may get the module from
    /// it, one declaring a package the repository uses beside it (`common-utils`, which may re-export it) may too, and a
    /// module whose origin nothing states (`Mystery`) stays undecided.
    func testAModuleWhoseOriginTheRepositoryStatesIsDecidedWhileOtherPackagesAreNotCheckedOut() throws {
        try writeFeedPackage()
        try write("import BrazeKit\nimport Lottie\nimport Mystery\n", to: "FeedKit/Sources/Home/Home.swift")
        try write("import FirebaseAuth\nimport FirebaseRemoteConfig\n", to: "FeedKit/Sources/Config/Config.swift")
        try write("import ComposableArchitecture\nimport TCAUtils\n", to: "FeedKit/Sources/Screen/Screen.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/FeedKit/Sources/Home/Home.swift:2:1: implicit-dependency: Home (kit) imports Lottie from package lottie-ios, which its manifest does not declare"])
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }.sorted(),
                       ["Config FirebaseAuth", "Home Mystery", "Screen ComposableArchitecture"])
    }

    /// Apple's SDK modules (`StoreKitTest`) and the cross-import overlays of two of them (`_PhotosUI_SwiftUI`) are never
    /// undecided, whatever packages are not checked out; an overlay-like name of modules not the SDK's is.
    func testSDKModulesAndTheirOverlaysAreNeverUndecided() throws {
        try writeFeedPackage()
        try write("import BrazeKit\nimport Textile\nimport StoreKitTest\nimport _PhotosUI_SwiftUI\nimport _Vendor_SwiftUI\n",
                  to: "FeedKit/Sources/Home/Home.swift")
        XCTAssertEqual(try check().result.undecided.imports.map(\.module), ["_Vendor_SwiftUI"])
    }

    /// A dependency written once as a static member (`static let model: Target.Dependency = "Model"`, `static let tca =
    /// .product(…)`) and used as `.model` in a target's `dependencies:` is located at that entry, not at the alias.
    func testADependencyWrittenAsAnAliasIsLocatedAtItsEntry() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "App",
                targets: [
                    .target(name: "Model"),
                    .target(
                        name: "Feature",
                        dependencies: [
                            .model,
                        ]
                    ),
                    .target(name: "Other", dependencies: [.model]),
                ]
            )

            extension Target.Dependency {
                static let model: Target.Dependency = "Model"
            }

            """, to: "App/Package.swift")
        try write("public struct Item {}\n", to: "App/Sources/Model/Item.swift")
        try write("import Foundation\n", to: "App/Sources/Feature/Feature.swift")
        try write("import Foundation\n", to: "App/Sources/Other/Other.swift")
        let unused = try check().result.findings.filter { $0.rule == .unusedDependency }
        XCTAssertEqual(unused.map { "\($0.location.path.hasSuffix("App/Package.swift")) \($0.location.line ?? 0) \($0.location.column ?? 0)" }.sorted(),
                       ["true 11 17", "true 14 47"])
    }
}
