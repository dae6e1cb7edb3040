import Configuration
import Diagnostics
import Foundation
import ManifestReading
import PackageModel
import Project
import Rules
import TestSupport
import XCTest

/// Shapes found on apps nobody here had tuned on, each written here: what a target of one platform compiles under
/// `#if os(…)`, a product copied into itself, package paths into ignored folders or out of the repository.
final class HeldOutShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-heldout" }

    /// One Xcode target of the project below: its name, the build settings of its only configuration, the files its
    /// Sources phase compiles, whether it links product `Kit` of the local package, and extra build phases.
    struct XcodeTargetShape {
        var name: String
        var settings: String
        var files: [String]
        var linksKit = false
        var phases: [(id: String, text: String)] = []
        /// The product type's last part (`framework`, `application`, `bundle.unit-test`).
        var productType = "framework"
        /// The `.xcconfig` its configuration is based on (`baseConfigurationReference`), relative to the project's folder.
        var baseConfiguration: String?

        var productFile: String {
            name + "." + (["application": "app", "bundle.unit-test": "xctest"][productType] ?? "framework")
        }
    }

    /// A project `App.xcodeproj` at the root joining the local package `Kit` (folder `kitPath`).
    static func project(_ targets: [XcodeTargetShape], kitPath: String = "Kit") -> String {
        var objects: [String] = []
        var fileIDs: [String: String] = [:]
        for (index, file) in Set(targets.flatMap(\.files)).sorted().enumerated() {
            let id = String(format: "F%023d", index)
            fileIDs[file] = id
            objects.append("\t\t\(id) = {isa = PBXFileReference; path = \(file); sourceTree = SOURCE_ROOT; };")
        }
        for (index, target) in targets.enumerated() {
            let buildFiles = target.files.enumerated().map { (String(format: "B%03d%020d", index, $0.offset), $0.element) }
            for (id, file) in buildFiles { objects.append("\t\t\(id) = {isa = PBXBuildFile; fileRef = \(fileIDs[file] ?? ""); };") }
            let sources = String(format: "S%023d", index), list = String(format: "L%023d", index), configuration = String(format: "C%023d", index)
            objects.append("\t\t\(sources) = {isa = PBXSourcesBuildPhase; files = (\(buildFiles.map(\.0).joined(separator: ", "))); };")
            objects.append("\t\t\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configuration)); };")
            var base = ""
            if let file = target.baseConfiguration {
                let reference = String(format: "X%023d", index)
                objects.append("\t\t\(reference) = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = \"\(file)\"; sourceTree = SOURCE_ROOT; };")
                base = " baseConfigurationReference = \(reference);"
            }
            objects.append("\t\t\(configuration) = {isa = XCBuildConfiguration;\(base) buildSettings = {\(target.settings)}; name = Debug; };")
            objects.append("\t\t\(String(format: "P%023d", index)) = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = \(target.productFile); sourceTree = BUILT_PRODUCTS_DIR; };")
            objects += target.phases.map(\.text)
            objects.append("""
                \t\t\(String(format: "T%023d", index)) = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildConfigurationList = \(list);
                \t\t\tbuildPhases = (\(([sources] + target.phases.map(\.id)).joined(separator: ", ")));
                \t\t\tdependencies = ();
                \t\t\tname = \(target.name);
                \t\t\tpackageProductDependencies = (\(target.linksKit ? "D0000000000000000000000A" : ""));
                \t\t\tproductReference = \(String(format: "P%023d", index));
                \t\t\tproductType = "com.apple.product-type.\(target.productType)";
                \t\t};
                """)
        }
        objects.append("\t\tD0000000000000000000000A = {isa = XCSwiftPackageProductDependency; package = R0000000000000000000000A; productName = Kit; };")
        objects.append("\t\tR0000000000000000000000A = {isa = XCLocalSwiftPackageReference; relativePath = \(kitPath); };")
        objects.append("\t\tG0000000000000000000000A = {isa = PBXGroup; children = (\(fileIDs.values.sorted().joined(separator: ", "))); sourceTree = \"<group>\"; };")
        let targetIDs = targets.indices.map { String(format: "T%023d", $0) }.joined(separator: ", ")
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tclasses = {
            \t};
            \tobjectVersion = 77;
            \tobjects = {
            \t\tX0000000000000000000000A /* Project object */ = {
            \t\t\tisa = PBXProject;
            \t\t\tmainGroup = G0000000000000000000000A;
            \t\t\tpackageReferences = (R0000000000000000000000A);
            \t\t\tprojectDirPath = "";
            \t\t\ttargets = (\(targetIDs));
            \t\t};
            \(objects.joined(separator: "\n"))
            \t};
            \trootObject = X0000000000000000000000A /* Project object */;
            }

            """
    }

    private func writeKit(at folder: String = "Kit") throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Kit", products: [.library(name: "Kit", targets: ["Kit"])], targets: [.target(name: "Kit")])

            """, to: folder + "/Package.swift")
        try write("public struct Kit {}\n", to: folder + "/Sources/Kit/Kit.swift")
    }

    /// A file several targets compile imports `Kit` under `#if os(iOS)`: a watchOS target (`SDKROOT = watchos`) and a
    /// macOS one never build that import, so neither needs `Kit`; a macOS import under `os(macOS) ||
    /// targetEnvironment(macCatalyst)` is built there and is a finding; a target whose settings name no platform leaves
    /// a platform-tested import undecided.
    func testAnImportUnderAPlatformTestCountsOnlyForTargetsOfThatPlatform() throws {
        try writeKit()
        try write("import Foundation\n#if os(iOS)\nimport Kit\n#endif\n", to: "Shared/Exports.swift")
        try write("#if os(iOS) && !targetEnvironment(macCatalyst)\nimport Kit\n#endif\n", to: "Shared/Camera.swift")
        try write("#if os(macOS) || targetEnvironment(macCatalyst)\nimport Kit\n#endif\n", to: "Mac/Menu.swift")
        try write(Self.project([
            XcodeTargetShape(name: "SharedPhone", settings: "SDKROOT = iphoneos;", files: ["Shared/Exports.swift", "Shared/Camera.swift"], linksKit: true),
            XcodeTargetShape(name: "SharedWatch", settings: "SDKROOT = watchos;", files: ["Shared/Exports.swift"]),
            XcodeTargetShape(name: "Bridge", settings: "SDKROOT = macosx;", files: ["Shared/Camera.swift", "Mac/Menu.swift"]),
            XcodeTargetShape(name: "Anywhere", settings: "SDKROOT = \"$(PLATFORM_NAME)\";", files: ["Shared/Exports.swift"]),
        ]), to: "App.xcodeproj/project.pbxproj")
        let findings = try check().result.findings.filter { $0.rule == .implicitDependency }
        XCTAssertEqual(described(findings), ["ROOT/Mac/Menu.swift:2:1: implicit-dependency: Bridge (app) imports Kit (kit), which target Bridge does not link"])
    }

    /// A copy-files phase that copies the target's own product (a command-line tool put where a script runs it) is no
    /// dependency: a target never depends on itself, so no `cycle`.
    func testCopyingItsOwnProductIsNoDependencyOnItself() throws {
        try writeKit()
        try write("import Kit\n", to: "Runner/main.swift")
        let copy = "\t\tQ0000000000000000000000A = {isa = PBXCopyFilesBuildPhase; dstPath = \"$SRCROOT/..\"; dstSubfolderSpec = 0; files = (Q0000000000000000000000B); };\n"
            + "\t\tQ0000000000000000000000B = {isa = PBXBuildFile; fileRef = P00000000000000000000000; };"
        try write(Self.project([XcodeTargetShape(name: "Runner", settings: "SDKROOT = macosx;", files: ["Runner/main.swift"], linksKit: true,
                                                 phases: [(id: "Q0000000000000000000000A", text: copy)])]),
                  to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(described(try check().result.findings), [])
    }

    /// A path dependency into a folder `.gitignore` keeps out, written in another case (`Dependencies/` against
    /// `../dependencies/Keys`: git on a Mac ignores case), is a package a script fills: a note, never `unresolved`.
    func testAPathIntoAFolderGitIgnoresInAnotherCaseIsANote() throws {
        try write("# filled by the keys generator\nDependencies/\n", to: ".gitignore")
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "AppSDK",
                dependencies: [.package(name: "Keys", path: "../dependencies/Keys")],
                targets: [.target(name: "AppSDK", dependencies: [.product(name: "Keys", package: "Keys")])]
            )

            """, to: "AppSDK/Package.swift")
        try write("import Keys\n", to: "AppSDK/Sources/AppSDK/AppSDK.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        XCTAssertTrue(check.notes.contains { $0.message.contains("'dependencies/Keys' is not in the repository: .gitignore keeps it out") && $0.location?.line == 2 },
                      "\(check.notes.map(\.message))")
    }

    /// A path dependency that leaves the repository (a sample app naming the repository itself by its usual folder name
    /// beside it) cannot be known from here: a note and undecided imports, never `unresolved`.
    func testAPathOutOfTheRepositoryIsUndecidedNeverUnresolved() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Sample",
                dependencies: [.package(path: "../../../../vendor-sdk")],
                targets: [.executableTarget(name: "Sample", dependencies: [.product(name: "VendorSDK", package: "vendor-sdk")])]
            )

            """, to: "Samples/Sample/Package.swift")
        try write("import VendorSDK\nimport VendorCore\n", to: "Samples/Sample/Sources/Sample/main.swift")
        // The repository's own package, which the sample reaches through its usual folder name: the outside package may
        // well provide a module named like a local one.
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "vendor-sdk", products: [.library(name: "VendorSDK", targets: ["VendorSDK"])],
                                  targets: [.target(name: "VendorSDK", dependencies: ["VendorCore"]), .target(name: "VendorCore")])

            """, to: "Package.swift")
        try write("import VendorCore\n", to: "Sources/VendorSDK/SDK.swift")
        try write("public struct Core {}\n", to: "Sources/VendorCore/Core.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        XCTAssertTrue(check.notes.contains { $0.message.contains("depends on the package at '../../../../vendor-sdk', outside the repository") && $0.location?.line == 6 },
                      "\(check.notes.map(\.message))")
    }

    /// A Tuist `.external(name:)` product whose package is not fetched and cannot be told by its name (`RxMoya`) leaves
    /// undecided only what it might provide: an import of a product of its own that the repository links from a known
    /// package (`RxSwift`) is still a finding for a target that does not link it; an import nothing names stays undecided.
    func testAnUnfetchedExternalProductLeavesUndecidedOnlyWhatItMightProvide() throws {
        try write("""
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "AppDependencies",
                dependencies: [
                    .package(url: "https://github.com/ReactiveX/RxSwift", from: "6.0.0"),
                    .package(url: "https://github.com/Moya/Moya", from: "15.0.0"),
                ]
            )

            """, to: "Tuist/Package.swift")
        try write("""
            import ProjectDescription

            let project = Project(
                name: "Features",
                targets: [
                    .target(name: "Core", destinations: .iOS, product: .framework, bundleId: "com.example.core",
                            sources: ["Core/**"], dependencies: [.external(name: "RxSwift")]),
                    .target(name: "Network", destinations: .iOS, product: .framework, bundleId: "com.example.network",
                            sources: ["Network/**"], dependencies: [.external(name: "RxMoya")]),
                ]
            )

            """, to: "Features/Project.swift")
        try write("import RxSwift\n", to: "Features/Core/Core.swift")
        // `Moya` is named like a declared package, but `RxMoya`, whose package is not known, may be one of its products.
        try write("import RxMoya\nimport RxSwift\nimport Alamofire\nimport Moya\n", to: "Features/Network/Network.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Features/Network/Network.swift:2:1: implicit-dependency: Network imports RxSwift from package rxswift, which target Network does not link"])
        XCTAssertEqual(check.result.undecided.imports.map(\.module), ["Alamofire", "Moya"])
    }

    /// A product left only in an Embed Frameworks phase is copied into the target's product, not linked: its module is
    /// not declared, and importing it is a finding.
    func testAProductOnlyEmbeddedIsNotLinked() throws {
        try writeKit()
        try write("import Kit\n", to: "Share/Share.swift")
        let embed = "\t\tQ0000000000000000000000A = {isa = PBXCopyFilesBuildPhase; dstPath = \"\"; dstSubfolderSpec = 10; name = \"Embed Frameworks\"; files = (Q0000000000000000000000B); };\n"
            + "\t\tQ0000000000000000000000B = {isa = PBXBuildFile; productRef = D0000000000000000000000A; settings = {ATTRIBUTES = (CodeSignOnCopy, ); }; };"
        try write(Self.project([XcodeTargetShape(name: "Share", settings: "SDKROOT = iphoneos;", files: ["Share/Share.swift"],
                                                 phases: [(id: "Q0000000000000000000000A", text: embed)])]),
                  to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Share/Share.swift:1:1: implicit-dependency: Share (app) imports Kit (kit), which target Share does not link"])
    }

    /// A target whose project lists a file that is not there (a stale project, a checkout without it) may use what it
    /// declares from that file: its dependency on `Kit` is never called unused; with every listed file there, it is.
    func testATargetWithListedFilesMissingHasNoUnusedDependency() throws {
        try writeKit()
        try write("public struct Share {}\n", to: "Share/Share.swift")
        let missing = XcodeTargetShape(name: "Share", settings: "SDKROOT = iphoneos;", files: ["Share/Share.swift", "Share/Gone.swift"], linksKit: true)
        try write(Self.project([missing]), to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.count, 0)
        try write("public struct Gone {}\n", to: "Share/Gone.swift")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .unusedDependency }).count, 1)
    }

    /// A storyboard in an Xcode target's Copy Bundle Resources phase that names `customModule="Kit"` for an object's
    /// class is a use of Kit (UIKit loads the class from it at run time): the target's Kit is not unused. The same
    /// storyboard outside the phase is no use.
    func testAModuleAStoryboardInTheResourcesPhaseNamesIsUsed() throws {
        try writeKit()
        try write("public struct Share {}\n", to: "Share/Share.swift")
        try write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document>\n  <scenes>\n    <viewController id=\"v\" customClass=\"KitViewController\" customModule=\"Kit\"/>\n  </scenes>\n</document>\n",
                  to: "Share/Main.storyboard")
        let resources = "\t\tQ0000000000000000000000A = {isa = PBXResourcesBuildPhase; files = (Q0000000000000000000000B); };\n"
            + "\t\tQ0000000000000000000000B = {isa = PBXBuildFile; fileRef = Q0000000000000000000000C; };\n"
            + "\t\tQ0000000000000000000000C = {isa = PBXFileReference; path = Share/Main.storyboard; sourceTree = SOURCE_ROOT; };"
        try write(Self.project([XcodeTargetShape(name: "Share", settings: "SDKROOT = iphoneos;", files: ["Share/Share.swift"], linksKit: true)]),
                  to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.count, 1)
        try write(Self.project([XcodeTargetShape(name: "Share", settings: "SDKROOT = iphoneos;", files: ["Share/Share.swift"], linksKit: true,
                                                 phases: [(id: "Q0000000000000000000000A", text: resources)])]),
                  to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .unusedDependency }), [])
    }

    /// An app extension whose `Info.plist` (`INFOPLIST_FILE`) names `Kit.ShareViewController` for `NSExtension`'s
    /// principal class loads that class from Kit at run time: its Kit is not unused. A class named through its own
    /// module (`$(PRODUCT_MODULE_NAME).…`) or with no module names none; so does a file that is not a property list.
    func testAModuleAnExtensionsPrincipalClassNamesIsUsed() throws {
        try writeKit()
        try write("public struct Share {}\n", to: "Share/Share.swift")
        let settings = "SDKROOT = iphoneos; INFOPLIST_FILE = \"$(SRCROOT)/Share/Info.plist\";"
        try write(Self.project([XcodeTargetShape(name: "Share", settings: settings, files: ["Share/Share.swift"], linksKit: true, productType: "app-extension")]),
                  to: "App.xcodeproj/project.pbxproj")
        func plist(_ principal: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n  <key>NSExtension</key>\n  <dict>\n"
                + "    <key>NSExtensionPointIdentifier</key>\n    <string>com.apple.share-services</string>\n"
                + "    <key>NSExtensionPrincipalClass</key>\n    <string>\(principal)</string>\n  </dict>\n</dict>\n</plist>\n"
        }
        for (text, unused) in [(plist("Kit.ShareViewController"), 0), (plist("$(PRODUCT_MODULE_NAME).ShareViewController"), 1),
                               (plist("ShareViewController"), 1), ("Kit.ShareViewController", 1)] {
            try write(text, to: "Share/Info.plist")
            XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.count, unused, text)
        }
        // XcodeGen's `info:` path names the same file.
        try FileManager.default.removeItem(atPath: root + "/App.xcodeproj")
        try write(plist("Kit.ShareViewController"), to: "Share/Info.plist")
        try write("""
            name: App
            packages:
              Kit:
                path: Kit
            targets:
              Share:
                type: app-extension
                platform: iOS
                sources: [Share]
                info:
                  path: Share/Info.plist
                dependencies:
                  - package: Kit

            """, to: "project.yml")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .unusedDependency }), [])
    }

    /// A framework of the project that links outside products and has no source file of its own (its folder holds a
    /// placeholder) links them for the targets above it, which import them: an umbrella, so its direct dependants declare
    /// those products. One whose own file imports them is no umbrella: its dependants' imports are findings.
    func testAFrameworkWithNoSourceLinkingOutsideProductsIsAnUmbrella() throws {
        let spec = """
            name: App
            packages:
              RxSwift:
                url: https://github.com/ReactiveX/RxSwift
                from: 6.0.0
            targets:
              ThirdPartyLib:
                type: framework
                platform: iOS
                sources: [ThirdPartyLib]
                dependencies:
                  - package: RxSwift
              Feature:
                type: framework
                platform: iOS
                sources: [Feature]
                dependencies:
                  - target: ThirdPartyLib

            """
        try write(spec, to: "project.yml")
        try write("", to: "ThirdPartyLib/empty.txt")
        try write("import RxSwift\nimport ThirdPartyLib\n", to: "Feature/Feature.swift")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .implicitDependency }), [])
        try write("import RxSwift\n", to: "ThirdPartyLib/Rx.swift")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .implicitDependency }.count, 1)
    }

    /// A framework with no source file that depends on local frameworks (`Shared` gathering the logger and the design
    /// system for every feature): a feature depending on it sees them, so importing them is neither undeclared nor makes
    /// `Shared` unused; a feature depending on a framework with a source file of its own still declares what it imports.
    func testAFrameworkWithNoSourceDependingOnLocalFrameworksIsAnUmbrella() throws {
        func framework(_ name: String, _ dependencies: [String]) -> String {
            "  \(name):\n    type: framework\n    platform: iOS\n    sources: [\(name)]\n"
                + (dependencies.isEmpty ? "" : "    dependencies:\n" + dependencies.map { "      - target: \($0)\n" }.joined())
        }
        let spec = "name: App\ntargets:\n" + framework("Logger", []) + framework("DesignSystem", []) + framework("Shared", ["Logger", "DesignSystem"])
            + framework("Feature", ["Shared"])
        try write(spec, to: "project.yml")
        try write("public struct Logger {}\n", to: "Logger/Logger.swift")
        try write("public struct Theme {}\n", to: "DesignSystem/Theme.swift")
        try write("", to: "Shared/empty.txt")
        try write("import DesignSystem\nimport Logger\n", to: "Feature/Feature.swift")
        let findings = try check().result.findings
        XCTAssertEqual(described(findings.filter { $0.rule == .implicitDependency || $0.rule == .unusedDependency }), [])
        try write("public struct Shared {}\n", to: "Shared/Shared.swift")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .implicitDependency }.count, 2)
    }

    /// An application links for the unit-test bundles it hosts too (they see what it links as their own): a product
    /// only its hosted tests import is not unused; one the tests of no host import still is.
    func testWhatAHostedTestBundleImportsIsUsedByItsHost() throws {
        try writeKit()
        try write("import SwiftUI\n", to: "App/App.swift")
        try write("import Kit\nimport XCTest\n", to: "AppTests/AppTests.swift")
        let app = XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"], linksKit: true, productType: "application")
        let hosted = XcodeTargetShape(name: "AppTests", settings: "SDKROOT = iphoneos; TEST_HOST = \"$(BUILT_PRODUCTS_DIR)/App.app/App\";",
                                      files: ["AppTests/AppTests.swift"], productType: "bundle.unit-test")
        try write(Self.project([app, hosted]), to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .unusedDependency }), [])
        var unhosted = hosted
        unhosted.settings = "SDKROOT = iphoneos;"
        try write(Self.project([app, unhosted]), to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.count, 1)
    }

    /// A package importing a framework target of the app's Xcode project: no Package.swift entry can name a project's
    /// target, so the finding advises moving the code into a package, and `fix` refuses with the same words and writes
    /// nothing (it once wrote `.package(path: "../App.xcodeproj")`).
    func testAPackageImportingAProjectsTargetIsNotFixableByDeclaring() throws {
        try writeKit()
        try write("import PlayerUI\npublic struct Kit {}\n", to: "Kit/Sources/Kit/Kit.swift")
        try write("public struct Player {}\n", to: "PlayerUI/Player.swift")
        try write("import Kit\nimport PlayerUI\n", to: "App/App.swift")
        let app = XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"], linksKit: true, productType: "application")
        let player = XcodeTargetShape(name: "PlayerUI", settings: "SDKROOT = iphoneos;", files: ["PlayerUI/Player.swift"])
        try write(Self.project([app, player]), to: "App.xcodeproj/project.pbxproj")
        let findings = try check().result.findings.filter { $0.rule == .implicitDependency && $0.key.from == "Kit" }
        let advice = "not fixable by declaring it: PlayerUI is a target of the Xcode project App, and a package cannot depend on a project's "
            + "target; move PlayerUI (or what Kit uses of it) into a package both may depend on, or drop the import; componentize fix does not "
            + "make this edit"
        XCTAssertEqual(findings.map(\.fix), [advice])
        let outcome = try Project.open(at: root, reader: ManifestReader(strategy: .static)).fix(FixRequest(today: Day(year: 2026, month: 6, day: 1), toolVersion: "test"))
        XCTAssertEqual(outcome.changes.map(\.path), [])
        XCTAssertEqual(outcome.notFixed.filter { $0.finding.key.from == "Kit" }.map(\.reason), [advice])
    }

    /// An Xcode target importing a framework target of another Xcode project (a subproject) is advised to link that
    /// target in Xcode, never to add a Swift package of that name.
    func testAnXcodeTargetImportingAnotherProjectsTargetIsAdvisedToLinkIt() throws {
        try writeKit()
        try write("public struct Router {}\n", to: "Router/Router.swift")
        try write(Self.project([XcodeTargetShape(name: "Router", settings: "SDKROOT = iphoneos;", files: ["Router.swift"])], kitPath: "../Kit"),
                  to: "Router/Router.xcodeproj/project.pbxproj")
        try write("import Kit\nimport Router\n", to: "App/App.swift")
        let app = XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"], linksKit: true, productType: "application")
        try write(Self.project([app]), to: "App.xcodeproj/project.pbxproj")
        let fixes = try check().result.findings.filter { $0.rule == .implicitDependency }.map(\.fix)
        XCTAssertEqual(fixes.count, 1)
        XCTAssertTrue(try XCTUnwrap(fixes.first).hasPrefix("link Router, a target of the Xcode project Router, to target App in Xcode (Build Phases › Link Binary With "
            + "Libraries, and a target dependency on it ("), "\(fixes)")
        XCTAssertFalse(fixes.contains { $0.contains("adding package") }, "\(fixes)")
    }

    /// Two packages build a module of one name (a mirror package for another platform reusing the feature names): an
    /// import reached only through a declared dependency names, in its fix, the package the importer's build uses.
    func testAnImportOfAModuleTwoPackagesBuildNamesThePackageTheImporterReaches() throws {
        func package(_ name: String, _ targets: String, products: String) throws {
            try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"\(name)\", products: [\(products)], "
                      + "dependencies: [\(name == "App" ? ".package(path: \"../Conference\")" : "")], targets: [\(targets)])\n", to: name + "/Package.swift")
        }
        try package("Android", ".target(name: \"ScheduleFeature\")", products: ".library(name: \"ScheduleFeature\", targets: [\"ScheduleFeature\"])")
        try package("Conference", ".target(name: \"ScheduleFeature\"), .target(name: \"AppFeature\", dependencies: [\"ScheduleFeature\"])",
                    products: ".library(name: \"AppFeature\", targets: [\"AppFeature\"]), .library(name: \"ScheduleFeature\", targets: [\"ScheduleFeature\"])")
        try package("App", ".target(name: \"App\", dependencies: [.product(name: \"AppFeature\", package: \"Conference\")])", products: "")
        for folder in ["Android/Sources/ScheduleFeature", "Conference/Sources/ScheduleFeature"] { try write("public struct Schedule {}\n", to: folder + "/Schedule.swift") }
        try write("import ScheduleFeature\npublic struct Root {}\n", to: "Conference/Sources/AppFeature/Root.swift")
        try write("import AppFeature\nimport ScheduleFeature\n", to: "App/Sources/App/App.swift")
        let findings = try check().result.findings.filter { $0.rule == .implicitDependency }
        XCTAssertEqual(findings.map(\.fix), ["add .product(name: \"ScheduleFeature\", package: \"Conference\") to the dependencies of target App "
            + "(\(root)/App/Package.swift:4), with the package in Package(dependencies:) if it is not there"])
    }

    /// A frameworks phase linking a file of the repository: a prebuilt framework provides its module (`WebRTC` of
    /// `WebRTC.xcframework`, even when the checkout lacks it; the module its module map declares, for `Media.framework`;
    /// those of the libraries an XCFramework's `Info.plist` lists), so importing it is no finding; a static library whose
    /// module is written nowhere leaves the target's outside imports undecided, never an error. A target that links none
    /// of them still gets its finding (a package of the repository takes `WebRTC` from an outside package).
    func testAPrebuiltBinaryTheFrameworksPhaseLinksProvidesItsModule() throws {
        try writeKit()
        let calls = #"Package(name: "Calls", dependencies: [.package(url: "https://github.com/example/webrtc.git", from: "1.0.0")], "#
            + #"targets: [.target(name: "Calls", dependencies: [.product(name: "WebRTC", package: "webrtc")])])"#
        try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = \(calls)\n", to: "Calls/Package.swift")
        try write("import WebRTC\n", to: "Calls/Sources/Calls/Calls.swift")
        try write("import WebRTC\nimport MediaCore\nimport Codec\n", to: "Call/Call.swift")
        try write("import OpenSSL\n", to: "Crypto/Crypto.swift")
        try write("import WebRTC\n", to: "Bare/Bare.swift")
        try write("framework module MediaCore {\n  umbrella header \"Media.h\"\n  export *\n}\n", to: "Vendor/Media.framework/Modules/module.modulemap")
        try write("module Codec {\n  header \"codec.h\"\n}\n", to: "Vendor/Codecs.xcframework/ios-arm64/Headers/module.modulemap")
        try write("""
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>AvailableLibraries</key><array><dict>
            <key>LibraryIdentifier</key><string>ios-arm64</string><key>LibraryPath</key><string>libcodec.a</string>
            <key>HeadersPath</key><string>Headers</string></dict></array></dict></plist>

            """, to: "Vendor/Codecs.xcframework/Info.plist")
        func linking(_ files: [String], phase: Int) -> [(id: String, text: String)] {
            let id = String(format: "Q%023d", phase)
            var text = "\t\t\(id) = {isa = PBXFrameworksBuildPhase; files = (\(files.indices.map { String(format: "E%03d%020d", phase, $0) }.joined(separator: ", "))); };"
            for (index, file) in files.enumerated() {
                let reference = String(format: "V%03d%020d", phase, index)
                text += "\n\t\t\(String(format: "E%03d%020d", phase, index)) = {isa = PBXBuildFile; fileRef = \(reference); };"
                text += "\n\t\t\(reference) = {isa = PBXFileReference; path = \(file); sourceTree = \"<group>\"; };"
            }
            return [(id: id, text: text)]
        }
        try write(Self.project([
            XcodeTargetShape(name: "Call", settings: "SDKROOT = iphoneos;", files: ["Call/Call.swift"],
                             phases: linking(["Vendor/WebRTC.xcframework", "Vendor/Media.framework", "Vendor/Codecs.xcframework"], phase: 1)),
            XcodeTargetShape(name: "Crypto", settings: "SDKROOT = iphoneos;", files: ["Crypto/Crypto.swift"], phases: linking(["Vendor/libcrypto.a"], phase: 2)),
            XcodeTargetShape(name: "Bare", settings: "SDKROOT = iphoneos;", files: ["Bare/Bare.swift"]),
        ]), to: "App.xcodeproj/project.pbxproj")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Bare/Bare.swift:1:1: implicit-dependency: Bare imports WebRTC from package webrtc, which target Bare does not link"])
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, ["Crypto OpenSSL"])
    }

    /// A file a project names in another case than the disk's (`tests/DBLoadTests.swift` for `Tests/DbLoadTests.swift`):
    /// Xcode on macOS's default file system finds it, and so does the reader: it is read (its import of `Kit`, which the
    /// target does not link, is a finding at the file as the disk spells it), not taken for missing.
    func testAFileNamedInAnotherCaseIsTheFileOnDisk() throws {
        try writeKit()
        try write("import Kit\n", to: "Tests/DbLoadTests.swift")
        try write(Self.project([XcodeTargetShape(name: "LoadTests", settings: "SDKROOT = iphoneos;", files: ["tests/DBLoadTests.swift"])]),
                  to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Tests/DbLoadTests.swift:1:1: implicit-dependency: LoadTests (app) imports Kit (kit), which target LoadTests does not link"])
    }

    /// A bridging header whose path starts with the project's folder (`$PROJECT_DIR/…`, `${SRCROOT}/…`) is read: its
    /// `@import Kit` is the target's. One whose path names a setting not known here leaves only the header out: the
    /// target's other files are read (its import of `Kit` is a finding), a note says so, and none of its dependencies is
    /// called unused.
    func testABridgingHeaderUnderTheProjectFolderIsRead() throws {
        try writeKit()
        try write("@import Kit;\n", to: "App/App-Bridging-Header.h")
        try write("@import Kit;\n", to: "Widget/Widget-Bridging-Header.h")
        try write("import Foundation\n", to: "App/App.swift")
        try write("import Foundation\n", to: "Widget/Widget.swift")
        try write("import Foundation\nimport Widget\n", to: "Share/Share.swift")
        try write(Self.project([
            XcodeTargetShape(name: "App", settings: "SWIFT_OBJC_BRIDGING_HEADER = \"$PROJECT_DIR/App/App-Bridging-Header.h\";", files: ["App/App.swift"],
                             productType: "application"),
            XcodeTargetShape(name: "Widget", settings: "SWIFT_OBJC_BRIDGING_HEADER = \"${SRCROOT}/Widget/Widget-Bridging-Header.h\";", files: ["Widget/Widget.swift"],
                             productType: "app-extension"),
            XcodeTargetShape(name: "Share", settings: "SWIFT_OBJC_BRIDGING_HEADER = \"$(HEADERS_DIR)/Share-Bridging-Header.h\";", files: ["Share/Share.swift"],
                             linksKit: true, productType: "application"),
        ]), to: "App.xcodeproj/project.pbxproj")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency || $0.rule == .unusedDependency }), [
            "ROOT/App/App-Bridging-Header.h:1:1: implicit-dependency: App (app) imports Kit (kit), which target App does not link",
            "ROOT/Share/Share.swift:2:1: implicit-dependency: Share (app) imports Widget (app), which target Share does not link",
            "ROOT/Widget/Widget-Bridging-Header.h:1:1: implicit-dependency: Widget (app) imports Kit (kit), which target Widget does not link",
        ])
        XCTAssertTrue(check.notes.contains { $0.description.contains("the imports of Share are read without some of its files: its bridging header $(HEADERS_DIR)/Share-Bridging-Header.h names a setting not known here") })
    }

    /// A bridging header set for the whole project reaches only the targets it can apply to: Xcode refuses one in a
    /// framework, and a target with no Swift file (a script's) bridges nothing. The application's header includes the
    /// app's own header; the framework `Kit2` and the script target inheriting the setting import nothing through it.
    func testAProjectWideBridgingHeaderIsNoFrameworksImport() throws {
        try writeKit()
        try write("#import \"AppDelegate.h\"\n@import Kit;\n", to: "App/App-Bridging-Header.h")
        try write("@interface AppDelegate\n@end\n", to: "App/AppDelegate.h")
        try write("import Foundation\n", to: "App/App.swift")
        try write("import Foundation\n", to: "Kit2/Kit2.swift")
        let header = "SWIFT_OBJC_BRIDGING_HEADER = \"$(SRCROOT)/App/App-Bridging-Header.h\";"
        try write(Self.project([
            XcodeTargetShape(name: "App", settings: header, files: ["App/App.swift"], productType: "application"),
            XcodeTargetShape(name: "Kit2", settings: header, files: ["Kit2/Kit2.swift"]),
            XcodeTargetShape(name: "Lint", settings: header, files: []),
        ]), to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .implicitDependency }), [
            "ROOT/App/App-Bridging-Header.h:2:1: implicit-dependency: App (app) imports Kit (kit), which target App does not link",
        ])
    }

    /// `unread-sources` points at the notes only when some description was not read: with none (the code of folders no
    /// description builds), it says so; with a Bazel file, it names it.
    func testUnreadSourcesAdviceNamesOnlyDescriptionsThatExist() throws {
        try writeKit()
        for name in ["A", "B", "C"] { try write("struct \(name) {}\n", to: "App/Sources/\(name).swift") }
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unreadSources }.map(\.fix), [
            "no Package.swift, podspec, Xcode project or description componentize reads builds them: describe their targets in one, or exclude the folders that are not the app's code (exclude: in componentize.yml)",
        ])
        try write("", to: "App/BUILD.bazel")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unreadSources }.map(\.fix), [
            "the notes say why \(root)/App/BUILD.bazel is not read: make it readable (or check what it describes with a tool that reads it), or exclude the folders that are not the app's code (exclude: in componentize.yml)",
        ])
    }

    /// A module named like an outside package the manifest declares (`APNS`, package `apns`) is that package's main
    /// product, even when no target names the product any more and another package the target links cannot be read: a
    /// target that imports it without declaring it is a finding. A target that names another product of that package
    /// (`APNSDynamic`) may get the module from it: undecided.
    func testAModuleNamedLikeADeclaredPackageIsThatPackagesProduct() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "PushServer",
                dependencies: [
                    .package(url: "https://github.com/example/apns.git", from: "2.0.0"),
                    .package(url: "https://github.com/example/redis.git", from: "4.0.0"),
                ],
                targets: [
                    .target(name: "Push", dependencies: [.product(name: "Redis", package: "redis")]),
                    .target(name: "Relay", dependencies: [.product(name: "APNSDynamic", package: "apns")]),
                ]
            )

            """, to: "PushServer/Package.swift")
        try write("import APNS\nimport Redis\n", to: "PushServer/Sources/Push/Push.swift")
        try write("import APNS\n", to: "PushServer/Sources/Relay/Relay.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/PushServer/Sources/Push/Push.swift:1:1: implicit-dependency: Push imports APNS from package apns, which its manifest does not declare"])
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, ["Relay APNS"])
    }

    /// A demo target's dependency on a project that cannot be read leaves the demo's imports undecided, not those of the
    /// feature beside it: a project holds targets, never the product the feature names without its package.
    /// Tuist projects in folders of one name (`User/Feature`, `Search/Feature`) that one project depends on: each
    /// `.project(target:path:)` leads to its own project, never to the first of that folder name (which made the other's
    /// dependency unresolved and its import undeclared).
    func testProjectsInFoldersOfOneNameAreToldApartByTheirPaths() throws {
        for module in ["User", "Search"] {
            try write("""
                import ProjectDescription

                let project = Project(
                    name: "\(module)Feature",
                    targets: [.target(name: "\(module)Feature", destinations: .iOS, product: .framework, bundleId: "com.example.\(module)",
                                      sources: ["Sources/**"])]
                )

                """, to: "Projects/\(module)/Feature/Project.swift")
            try write("public struct \(module) {}\n", to: "Projects/\(module)/Feature/Sources/\(module).swift")
        }
        try write("""
            import ProjectDescription

            let project = Project(
                name: "App",
                targets: [.target(name: "App", destinations: .iOS, product: .app, bundleId: "com.example.app", sources: ["Sources/**"],
                                  dependencies: [.project(target: "UserFeature", path: .relativeToRoot("Projects/User/Feature")),
                                                 .project(target: "SearchFeature", path: "../Search/Feature")])]
            )

            """, to: "Projects/App/Project.swift")
        try write("import SearchFeature\nimport UserFeature\n", to: "Projects/App/Sources/App.swift")
        let findings = try check().result.findings
        XCTAssertEqual(described(findings.filter { $0.rule == .unresolved || $0.rule == .implicitDependency }), [])
    }

    func testAnUnreadableProjectOfASiblingLeavesTheFeatureDecided() throws {
        try write("""
            import ProjectDescription

            let project = Project(
                name: "Core",
                targets: [.target(name: "Core", destinations: .iOS, product: .framework, bundleId: "com.example.core", sources: ["Sources/**"])]
            )

            """, to: "Core/Project.swift")
        try write("public struct Core {}\n", to: "Core/Sources/Core.swift")
        try write("import ProjectDescription\n\nlet project = Project.mockProject(named: \"Mock\")\n", to: "Mock/Project.swift")
        try write("public struct Mock {}\n", to: "Mock/Sources/Mock.swift")
        try write("""
            import ProjectDescription

            let project = Project(
                name: "Feed",
                targets: [
                    .target(name: "Feed", destinations: .iOS, product: .framework, bundleId: "com.example.feed",
                            sources: ["Feed/**"], dependencies: [.external(name: "Markup")]),
                    .target(name: "FeedDemo", destinations: .iOS, product: .app, bundleId: "com.example.feed.demo",
                            sources: ["Demo/**"], dependencies: [.target(name: "Feed"), .project(target: "Mock", path: "../Mock")]),
                ]
            )

            """, to: "Feed/Project.swift")
        try write("import Markup\nimport Core\n", to: "Feed/Feed/Feed.swift")
        try write("import Feed\nimport Core\n", to: "Feed/Demo/App.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Feed/Feed/Feed.swift:2:1: implicit-dependency: Feed imports Core, which target Feed does not link"])
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, ["FeedDemo Core"])
    }

    /// A Tuist project the reader declines (an empty framework linking the outside libraries, `ThirdParty`) is an
    /// unreadable package like any other manifest: an `unreadable-manifest` warning at the place the reader stopped. A
    /// target depending on it has what it imports from the outside packages undecided by reading it, never an
    /// `implicit-dependency` error; a target reaching it only through another still declares what it imports.
    func testADeclinedTuistProjectIsAnUnreadableManifestAndLeavesItsDependantsImportsUndecided() throws {
        try write("""
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "AppDependencies",
                dependencies: [
                    .package(url: "https://github.com/ReactiveX/RxSwift", from: "6.0.0"),
                    .package(url: "https://github.com/Alamofire/Alamofire", from: "5.0.0"),
                ]
            )

            """, to: "Tuist/Package.swift")
        try write("""
            import ProjectDescription

            let project = Project(
                name: "ThirdParty",
                targets: [.target(name: "ThirdParty", destinations: .iOS, product: .framework, bundleId: "com.example.thirdparty",
                                  dependencies: Libraries.all.map { .external(name: $0) })]
            )

            """, to: "Core/ThirdParty/Project.swift")
        try write("""
            import ProjectDescription

            let project = Project(
                name: "Kit",
                targets: [.target(name: "Kit", destinations: .iOS, product: .framework, bundleId: "com.example.kit", sources: ["Sources/**"],
                                  dependencies: [.project(target: "ThirdParty", path: .relativeToRoot("Core/ThirdParty"))])]
            )

            """, to: "Core/Kit/Project.swift")
        try write("import RxSwift\npublic struct Kit {}\n", to: "Core/Kit/Sources/Kit.swift")
        try write("""
            import ProjectDescription

            let project = Project(
                name: "Feature",
                targets: [.target(name: "Feature", destinations: .iOS, product: .framework, bundleId: "com.example.feature", sources: ["Sources/**"],
                                  dependencies: [.project(target: "Kit", path: "../Core/Kit")])]
            )

            """, to: "Feature/Project.swift")
        try write("import Kit\nimport Alamofire\n", to: "Feature/Sources/Feature.swift")
        let check = try check()
        let unreadable = check.result.findings.filter { $0.rule == .unreadableManifest }
        XCTAssertEqual(described(unreadable),
                       ["ROOT/Core/ThirdParty/Project.swift:6:37: unreadable-manifest: Core/ThirdParty/Project.swift is not read, so the targets of this Tuist project are not checked: this reader cannot evaluate method 'map' of '.all'"])
        XCTAssertEqual(unreadable.map(\.severity), [.warning])
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Feature/Sources/Feature.swift:2:1: implicit-dependency: Feature imports Alamofire from package alamofire, which target Feature does not link"])
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module) by reading \($0.decider)" }, ["Kit RxSwift by reading reading ThirdParty (its manifest cannot be read)"])
    }

    /// A declined Tuist project (a helper that asks the file system which libraries to link) is an unreadable package
    /// whose identity is its folder: the finding and the undecided imports name `Vendors`, never `project.swift`. Only
    /// what a target depending on it imports is undecided; a sibling naming an outside product by name alone
    /// (`.external(name:)`), beside a target that depends on the declined project, is no dependant of it: its implicit
    /// import of a local module stays a finding, and an outside module it imports is never the declined project's to
    /// decide.
    func testADeclinedProjectIsNamedByItsFolderAndLeavesUndecidedOnlyItsDependantsImports() throws {
        try write("""
            import Foundation
            import ProjectDescription

            extension Project {
                public static func vendors(name: String) -> Project {
                    let pinned = FileManager.default.fileExists(atPath: "Vendors.lock")
                    return Project(name: name, targets: [
                        .target(name: name, destinations: .iOS, product: .framework, bundleId: "com.example." + name,
                                dependencies: pinned ? [.external(name: "Charts")] : [.external(name: "Charts"), .external(name: "Lottie")]),
                    ])
                }
            }

            """, to: "Tuist/ProjectDescriptionHelpers/Project+Vendors.swift")
        try write("import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.vendors(name: \"Vendors\")\n",
                  to: "Shared/Vendors/Project.swift")
        try write("""
            import ProjectDescription

            let project = Project(
                name: "Base",
                targets: [.target(name: "Base", destinations: .iOS, product: .framework, bundleId: "com.example.base", sources: ["Sources/**"])]
            )

            """, to: "Shared/Base/Project.swift")
        try write("public struct Base {}\n", to: "Shared/Base/Sources/Base.swift")
        try write("""
            import ProjectDescription

            let project = Project(
                name: "Cards",
                targets: [
                    .target(name: "Cards", destinations: .iOS, product: .framework, bundleId: "com.example.cards", sources: ["Cards/**"],
                            dependencies: [.external(name: "Toast")]),
                    .target(name: "CardsUI", destinations: .iOS, product: .framework, bundleId: "com.example.cards.ui", sources: ["UI/**"],
                            dependencies: [.target(name: "Cards"), .project(target: "Vendors", path: "../Shared/Vendors")]),
                ]
            )

            """, to: "Cards/Project.swift")
        try write("""
            // swift-tools-version: 5.9
            import PackageDescription

            let package = Package(
                name: "AppDependencies",
                dependencies: [
                    .package(url: "https://github.com/example/lottie-ios", from: "4.0.0"),
                    .package(url: "https://github.com/example/Charts", from: "5.0.0"),
                    .package(url: "https://github.com/example/Toast-Swift", from: "5.0.0"),
                ]
            )

            """, to: "Tuist/Package.swift")
        try write("import Toast\nimport Base\nimport Lottie\n", to: "Cards/Cards/Card.swift")
        try write("import Cards\nimport Charts\nimport Base\nimport Lottie\n", to: "Cards/UI/CardView.swift")
        let check = try check()
        let unreadable = check.result.findings.filter { $0.rule == .unreadableManifest }
        XCTAssertEqual(described(unreadable), [
            "ROOT/Tuist/ProjectDescriptionHelpers/Project+Vendors.swift:6:22: unreadable-manifest: Shared/Vendors/Project.swift is not read, so the targets of this Tuist project are not checked: a helper this reader cannot evaluate: call to 'FileManager.default.fileExists'",
        ])
        XCTAssertEqual(unreadable.map(\.severity), [.warning])
        XCTAssertEqual(unreadable.map(\.key.from), ["Shared/Vendors"])
        XCTAssertEqual(described(check.result.findings.filter { $0.rule == .implicitDependency }),
                       ["ROOT/Cards/Cards/Card.swift:2:1: implicit-dependency: Cards imports Base, which target Cards does not link"])
        // Cards does not depend on Vendors: what it imports is never Vendors' to decide.
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module): \($0.decider)" }, [
            "Cards Lottie: reading the package of product Toast (named without its package)",
            "CardsUI Base: reading Vendors (its manifest cannot be read)",
            "CardsUI Lottie: reading Vendors (its manifest cannot be read)",
        ])
    }

    /// A package the project references stays a package though a project target compiles its files too, and one whose
    /// files no project target compiles stays one though nothing references it: only a package both unreferenced and
    /// built by the project is superseded (fixtures/XcodeGenStale shows that one).
    func testOnlyAPackageNothingReferencesAndTheProjectBuildsIsSuperseded() throws {
        try write("""
            name: App
            packages:
              Kit:
                path: Kit
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
                dependencies:
                  - package: Kit
              Vendored:
                type: framework
                platform: iOS
                sources: [Kit/Sources]

            """, to: "project.yml")
        try write("import Kit\n", to: "App/App.swift")
        for (name, imported) in [("Kit", "Loose"), ("Loose", "Foundation")] {
            try write("""
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "\(name)", products: [.library(name: "\(name)", targets: ["\(name)"])], targets: [.target(name: "\(name)")])

                """, to: "\(name)/Package.swift")
            try write("import \(imported)\n", to: "\(name)/Sources/\(name)/\(name).swift")
        }
        let check = try check()
        XCTAssertFalse(check.notes.contains { $0.message.contains("nothing references this package") }, "\(check.notes.map(\.message))")
        XCTAssertTrue(described(check.result.findings).contains { $0.contains("implicit-dependency: Kit imports Loose") }, "\(described(check.result.findings))")
    }
}
