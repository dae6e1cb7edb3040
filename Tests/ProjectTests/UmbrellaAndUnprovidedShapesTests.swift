import DependencyGraph
import Project
import Rules
import TestSupport
import XCTest

/// A local package that only bundles outside products for the app above it, and an import of a module nothing in the
/// repository provides: neither is a finding, and neither is silent.
final class UmbrellaAndUnprovidedShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-umbrella" }

    typealias Shape = HeldOutShapesTests.XcodeTargetShape

    /// The local package `Kit` at the root: one target whose only file holds no code, depending on product `ChartKit` of
    /// a remote package that is not checked out.
    private func writeUmbrellaKit() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["Kit"])],
                dependencies: [.package(url: "https://example.com/acme/chart-kit.git", from: "2.0.0")],
                targets: [.target(name: "Kit", dependencies: [.product(name: "ChartKit", package: "chart-kit")])]
            )

            """, to: "Kit/Package.swift")
        try write("import Foundation\n\n// Brings the remote packages into the app's build.\n", to: "Kit/Sources/Kit/Placeholder.swift")
    }

    /// The umbrella, and an application `Dashboard` of `App.xcodeproj` linking it whose one file imports SwiftUI and `module`.
    private func writeApp(linkingUmbrellaAndImporting module: String) throws {
        try writeUmbrellaKit()
        try write("import SwiftUI\nimport \(module)\n", to: "App/Dashboard.swift")
        try write(HeldOutShapesTests.project([Shape(name: "Dashboard", settings: "SDKROOT = iphoneos;", files: ["App/Dashboard.swift"],
                                                    linksKit: true, productType: "application")]),
                  to: "App.xcodeproj/project.pbxproj")
    }

    /// An app linking the umbrella imports `ChartKit`, which only the umbrella brings: the umbrella is used (not
    /// `unused-dependency`), and the import is declared through it (not `implicit-dependency`).
    func testAnUmbrellaPackageBundlingRemoteProductsIsUsedByWhatItBrings() throws {
        try writeApp(linkingUmbrellaAndImporting: "ChartKit")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        XCTAssertEqual(check.result.undecided.imports.map(\.module), [])
    }

    /// The app imports a module the umbrella's remote package may provide under another name (`ChartKitMarks`): what the
    /// package provides cannot be known, so the umbrella is undecided (never `unused-dependency`) and so is the import.
    func testAnUmbrellaWhoseRemotePackageIsNotReadIsNeverUnused() throws {
        try writeApp(linkingUmbrellaAndImporting: "ChartKitMarks")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        XCTAssertEqual(check.result.undecided.imports.map(\.module), ["ChartKitMarks"])
        XCTAssertEqual(check.result.undecided.imports.first?.deciders.map(\.reason), [.notCheckedOut])
    }

    /// A package target with code of its own that declares a remote product it never imports is no umbrella: a target
    /// depending on it that imports the product still does not declare it.
    func testAPackageTargetWithCodeOfItsOwnIsNoUmbrella() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["Kit"]), .library(name: "Feed", targets: ["Feed"])],
                dependencies: [.package(url: "https://example.com/acme/chart-kit.git", from: "2.0.0")],
                targets: [
                    .target(name: "Kit", dependencies: [.product(name: "ChartKit", package: "chart-kit")]),
                    .target(name: "Feed", dependencies: ["Kit"]),
                ]
            )

            """, to: "Kit/Package.swift")
        try write("import SwiftUI\n\npublic struct Badge: View {\n    public var body: some View { Text(\"New\") }\n}\n", to: "Kit/Sources/Kit/Kit.swift")
        try write("import Kit\nimport ChartKit\n", to: "Kit/Sources/Feed/Feed.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Kit/Sources/Feed/Feed.swift:2:1: implicit-dependency: Feed (kit) imports ChartKit from package chart-kit, which its manifest does not declare"])
    }

    /// An import no target, package or pod of the repository provides, nor a declared outside one, and that is no SDK
    /// module componentize knows: undecided with that reason, once per module and target (never a finding, never silent).
    func testAnImportNothingProvidesIsUndecidedWithItsReason() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])

            """, to: "Kit/Package.swift")
        try write("import Foundation\nimport ZebraRenderer\n", to: "Kit/Sources/Kit/A.swift")
        try write("import ZebraRenderer\n#if canImport(OptionalThing)\nimport OptionalThing\n#endif\n", to: "Kit/Sources/Kit/B.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        let undecided = check.result.undecided.imports
        XCTAssertEqual(undecided.map(\.module), ["ZebraRenderer"])
        XCTAssertEqual(undecided.first?.location.line, 2)
        XCTAssertEqual(undecided.first?.reason, "no target, package or pod in the repository provides ZebraRenderer; not a known SDK module")
    }

    /// A target that stopped linking every product of an outside package its manifest still declares, not checked out
    /// (`RxSwift`): an import named like the package is its main product's, an error; `RxCocoa`, which nothing read
    /// provides, is undecided with the declared packages whose checkouts would decide it (not "nothing provides it").
    func testAnImportADeclaredPackageNotCheckedOutMayProvideIsUndecidedNamingIt() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["Kit"])],
                dependencies: [.package(url: "https://github.com/ReactiveX/RxSwift.git", from: "6.0.0")],
                targets: [.target(name: "Kit")]
            )

            """, to: "Kit/Package.swift")
        try write("import RxSwift\nimport RxCocoa\n", to: "Kit/Sources/Kit/Kit.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Kit/Sources/Kit/Kit.swift:1:1: implicit-dependency: Kit (kit) imports RxSwift from package rxswift, which its manifest does not declare"])
        let undecided = check.result.undecided.imports
        XCTAssertEqual(undecided.map(\.module), ["RxCocoa"])
        XCTAssertEqual(undecided.first?.location.line, 2)
        XCTAssertEqual(undecided.first?.reason, "would be decided by reading rxswift (not checked out)")
    }

    /// A module of the repository named like an SDK module (`Network`): a target that declares it imports the
    /// repository's (its entry is used, never "unused"); one that does not may mean Apple's, so its import is undecided
    /// with that reason (never a finding, never silent); with no such module of the repository, `import Network` is the
    /// SDK's and says nothing.
    func testAnImportOfAModuleNamedLikeAnSDKModuleIsUndecidedUnlessDeclared() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Core",
                products: [.library(name: "Network", targets: ["Network"]), .library(name: "Kit", targets: ["Kit"])],
                targets: [
                    .target(name: "Network"),
                    .target(name: "Kit", dependencies: ["Network"]),
                    .target(name: "Cache"),
                ]
            )

            """, to: "Core/Package.swift")
        try write("public struct Client {}\n", to: "Core/Sources/Network/Client.swift")
        try write("import Network\npublic let client = Client()\n", to: "Core/Sources/Kit/Kit.swift")
        try write("import Foundation\nimport Network\n", to: "Core/Sources/Cache/Cache.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        let undecided = check.result.undecided.imports
        XCTAssertEqual(undecided.map { "\($0.from.id.name) \($0.module) \($0.location.line ?? 0)" }, ["Cache Network 2"])
        XCTAssertEqual(undecided.first?.reason,
                       "Network is both an SDK module and a module of the repository, which the target does not declare: which one the import means is not known")
    }

    /// The local package `Kit` whose product `Kit` holds only `KitWrapper`, an empty target (`wrapperFile`) depending on
    /// target `Kit` under a platform condition and on `KitCore` plainly, and an application `Dashboard` of `App.xcodeproj`
    /// linking product `Kit` whose file imports `Kit` and `KitCore`.
    private func writeWrapperProduct(wrapperFile: String = "// Carries the product.\n") throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["KitWrapper"]), .library(name: "KitTV", targets: ["KitTVWrapper"])],
                targets: [
                    .target(name: "KitWrapper", dependencies: [.target(name: "Kit", condition: .when(platforms: [.iOS, .macOS])), "KitCore"]),
                    .target(name: "KitTVWrapper", dependencies: [.target(name: "Kit", condition: .when(platforms: [.tvOS]))]),
                    .target(name: "Kit", dependencies: ["KitCore"]),
                    .target(name: "KitCore"),
                ]
            )

            """, to: "Kit/Package.swift")
        try write(wrapperFile, to: "Kit/Sources/KitWrapper/Dummy.swift")
        try write("// Carries the product.\n", to: "Kit/Sources/KitTVWrapper/Dummy.swift")
        try write("import KitCore\n\npublic struct Screen {}\n", to: "Kit/Sources/Kit/Screen.swift")
        try write("public struct Core {}\n", to: "Kit/Sources/KitCore/Core.swift")
        try write("import SwiftUI\nimport Kit\nimport KitCore\n", to: "App/Dashboard.swift")
        try write(HeldOutShapesTests.project([Shape(name: "Dashboard", settings: "SDKROOT = iphoneos;", files: ["App/Dashboard.swift"],
                                                    linksKit: true, productType: "application")]),
                  to: "App.xcodeproj/project.pbxproj")
    }

    /// A product whose only target is an empty wrapper carries what the wrapper depends on (under a platform condition
    /// too): the app linking it declares `Kit` and `KitCore` (no `implicit-dependency`), uses the product by importing
    /// them, and the wrappers' own entries are what the products exist for (never `unused-dependency`).
    func testAnEmptyWrapperProductCarriesWhatItsTargetDependsOn() throws {
        try writeWrapperProduct()
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
    }

    /// A product target with code of its own is a module, not a wrapper: importing what it depends on is still an
    /// undeclared import, and its unused entries stay findings.
    func testAProductTargetWithCodeOfItsOwnCarriesNothing() throws {
        try writeWrapperProduct(wrapperFile: "import SwiftUI\n\npublic struct Badge {}\n")
        let check = try check()
        XCTAssertEqual(check.result.findings.filter { $0.rule == .implicitDependency }.count, 2)
        XCTAssertEqual(check.result.findings.filter { $0.rule == .unusedDependency }.map(\.location.line), [27, 8, 8])
    }

    /// An empty wrapper library whose one dependency is a package in a git submodule that is not checked out: the app
    /// linking it imports `Engine`, undecided, which the wrapper may be how it enters the build (never `unused-dependency`).
    func testAWrapperOfAPackageNotCheckedOutIsNeverUnused() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                products: [.library(name: "Kit", targets: ["Kit"])],
                dependencies: [.package(path: "../submodules/engine")],
                targets: [.target(name: "Kit", dependencies: [.product(name: "Engine", package: "engine")])]
            )

            """, to: "Kit/Package.swift")
        try write("// Carries the product.\n", to: "Kit/Sources/Kit/Dummy.swift")
        try write("[submodule \"submodules/engine\"]\n\tpath = submodules/engine\n\turl = https://example.com/acme/engine.git\n", to: ".gitmodules")
        try write("import SwiftUI\nimport Engine\n", to: "App/Dashboard.swift")
        try write(HeldOutShapesTests.project([Shape(name: "Dashboard", settings: "SDKROOT = iphoneos;", files: ["App/Dashboard.swift"],
                                                    linksKit: true, productType: "application")]),
                  to: "App.xcodeproj/project.pbxproj")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        XCTAssertEqual(check.result.undecided.imports.map(\.module), ["Engine"])
    }

    /// The package `Net` beside a git submodule not checked out (`submodules/engine`): `Core` links its product `engine`
    /// (named without its package) and re-exports module `Engine`, product `EngineKit` holds `EngineWrapper`, an empty target carrying `EngineInner`, another
    /// empty one linking `engine`; `Tunnel` depends on `Core` and `EngineWrapper`, and its file imports `tunnelImports`.
    private func writeTunnelOverWrappers(tunnelImports: String) throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Net",
                products: [.library(name: "EngineKit", targets: ["EngineWrapper"]), .library(name: "Tunnel", targets: ["Tunnel"])],
                dependencies: [.package(path: "../submodules/engine")],
                targets: [
                    .target(name: "Core", dependencies: ["engine"]),
                    .target(name: "EngineWrapper", dependencies: ["EngineInner"]),
                    .target(name: "EngineInner", dependencies: ["engine"]),
                    .target(name: "Tunnel", dependencies: ["Core", "EngineWrapper"]),
                ]
            )

            """, to: "Net/Package.swift")
        try write("@_exported import Engine\n\npublic struct Core {}\n", to: "Net/Sources/Core/Core.swift")
        try write("// Carries the product.\n", to: "Net/Sources/EngineWrapper/Dummy.swift")
        try write("// Carries the product.\n", to: "Net/Sources/EngineInner/Dummy.swift")
        try write("\(tunnelImports)\nstruct Tunnel {}\n", to: "Net/Sources/Tunnel/Tunnel.swift")
        try write("[submodule \"submodules/engine\"]\n\tpath = submodules/engine\n\turl = https://example.com/acme/engine.git\n", to: ".gitmodules")
    }

    /// A target importing `Engine`, which it reaches through `Core`'s re-export while `Core`'s own import of it is
    /// undecided (its package is not read), may have it from the wrapper too (through another wrapper): that entry is
    /// never unused. The import itself is decided (the re-export declares it), and `Core`'s stays undecided.
    func testAWrapperReachingAnUnreadPackageIsNeverUnusedWhileAnImportOfItIsUndecided() throws {
        try writeTunnelOverWrappers(tunnelImports: "import Core\nimport Engine\n")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, ["Core Engine"])
    }

    /// The same target importing nothing the unread package might provide: the wrapper's entry is unused.
    func testAWrapperOfAnUnreadPackageIsUnusedWhenNothingImportedIsUndecided() throws {
        try writeTunnelOverWrappers(tunnelImports: "import Foundation\n")
        let check = try check()
        XCTAssertEqual(check.result.findings.filter { $0.rule == .unusedDependency }.map { "\($0.location.line ?? 0) \($0.message)" },
                       ["12 Tunnel declares a dependency on Core, which none of its files imports",
                        "12 Tunnel declares a dependency on EngineWrapper, which none of its files imports"])
    }
}
