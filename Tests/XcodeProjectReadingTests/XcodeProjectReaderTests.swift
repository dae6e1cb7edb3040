import Diagnostics
import Files
import Foundation
import PackageModel
import Testing
@testable import XcodeProjectReading

/// The reader on projects written here, one idiom each: what Xcode writes for groups, synchronized folders, package
/// products, other projects' targets, and how projects break.
struct XcodeProjectReaderTests {
    /// A project file around `objects` (each `id = {…};`), with `App` as its PBXProject.
    static func projectFile(_ objects: String, rootExtras: String = "") -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {
        \t\tP0000000000000000000000A /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tmainGroup = G0000000000000000000000A;
        \t\t\tprojectDirPath = "";
        \t\t\ttargets = (
        \t\t\t\tT0000000000000000000000A /* App */,
        \t\t\t);
        \(rootExtras)
        \t\t};
        \(objects)
        \t};
        \trootObject = P0000000000000000000000A /* Project object */;
        }

        """
    }

    func read(_ text: String, files: [String] = []) throws -> XcodeProject {
        var fileSystem = InMemoryFileSystem()
        fileSystem.write(text, to: "/repo/App/App.xcodeproj/project.pbxproj")
        for file in files { fileSystem.write("import Foundation\n", to: "/repo/App/" + file) }
        return try XcodeProjectReader().read(projectPath: "/repo/App/App.xcodeproj", fileSystem: fileSystem)
    }

    static let appTarget = """
        \t\tT0000000000000000000000A /* App */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildPhases = (
        \t\t\t\tS0000000000000000000000A /* Sources */,
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tname = App;
        \t\t\tpackageProductDependencies = (
        \t\t\t\tD0000000000000000000000A /* NXKit */,
        \t\t\t);
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        \t\tS0000000000000000000000A /* Sources */ = {
        \t\t\tisa = PBXSourcesBuildPhase;
        \t\t\tfiles = (
        \t\t\t\tB0000000000000000000000A /* App.swift in Sources */,
        \t\t\t\tB0000000000000000000000B /* Strings in Sources */,
        \t\t\t\tB0000000000000000000000C /* Root.swift in Sources */,
        \t\t\t);
        \t\t};
        \t\tB0000000000000000000000A = {isa = PBXBuildFile; fileRef = F0000000000000000000000A /* App.swift */; };
        \t\tB0000000000000000000000B = {isa = PBXBuildFile; fileRef = V0000000000000000000000A /* Localizable */; };
        \t\tB0000000000000000000000C = {isa = PBXBuildFile; fileRef = F0000000000000000000000B /* Root.swift */; };
        \t\tG0000000000000000000000A = {isa = PBXGroup; children = (G0000000000000000000000B, F0000000000000000000000C); sourceTree = "<group>"; };
        \t\tG0000000000000000000000B /* Sources */ = {isa = PBXGroup; children = (F0000000000000000000000A, G0000000000000000000000C, V0000000000000000000000A); path = Sources; sourceTree = "<group>"; };
        \t\tG0000000000000000000000C /* Logical */ = {isa = PBXGroup; children = (F0000000000000000000000B); name = Logical; sourceTree = "<group>"; };
        \t\tF0000000000000000000000A /* App.swift */ = {isa = PBXFileReference; path = App.swift; sourceTree = "<group>"; };
        \t\tF0000000000000000000000B /* Root.swift */ = {isa = PBXFileReference; path = Shared/Root.swift; sourceTree = SOURCE_ROOT; };
        \t\tF0000000000000000000000C /* UIKit */ = {isa = PBXFileReference; path = System/Library/Frameworks/UIKit.framework; sourceTree = SDKROOT; };
        \t\tV0000000000000000000000A /* Localizable */ = {isa = PBXVariantGroup; children = (F0000000000000000000000D); name = Localizable; sourceTree = "<group>"; };
        \t\tF0000000000000000000000D /* en */ = {isa = PBXFileReference; path = en.lproj/Strings.swift; sourceTree = "<group>"; };
        \t\tD0000000000000000000000A /* NXKit */ = {isa = XCSwiftPackageProductDependency; package = R0000000000000000000000A; productName = NXKit; };
        \t\tR0000000000000000000000A = {isa = XCLocalSwiftPackageReference; relativePath = ../Packages/NXKit; };
        """

    @Test func filesThroughGroupsVariantGroupsAndSourceRoot() throws {
        let project = try read(Self.projectFile(Self.appTarget, rootExtras: "\t\t\tpackageReferences = (R0000000000000000000000A);"))
        #expect(project.name == "App")
        let app = try #require(project.targets.first)
        #expect(app.kind == .application)
        #expect(app.files == ["Shared/Root.swift", "Sources/App.swift", "Sources/en.lproj/Strings.swift"])
        #expect(app.line == 17)
    }

    @Test func packageProductsAtTheirLineInTheTarget() throws {
        let project = try read(Self.projectFile(Self.appTarget, rootExtras: "\t\t\tpackageReferences = (R0000000000000000000000A);"))
        let app = try #require(project.targets.first)
        let reference = XcodePackageReference(.local("../Packages/NXKit"), line: 15)
        #expect(app.dependencies == [XcodeDependency(.package(reference, product: "NXKit"), line: 26)])
        #expect(project.packages == [reference])
        #expect(app.productsLine == 25)
        let manifest = XcodeManifest.manifest(of: project)
        #expect(manifest.dependencies.map(\.location) == ["../Packages/NXKit"])
        #expect(manifest.targets[0].dependencies == [TargetDependency(kind: .product, name: "NXKit", package: "NXKit", position: SourcePosition(line: 26, column: 1))])
        #expect(manifest.targets[0].type == .executable)
        #expect(manifest.targets[0].productKind == .application)
    }

    @Test func aDependencyOnAnIdNothingDefinesIsMissing() throws {
        let text = Self.projectFile(Self.appTarget.replacingOccurrences(of: "\t\t\tdependencies = (\n", with: "\t\t\tdependencies = (\n\t\t\t\tX000000000000000000000AA /* Gone */,\n"))
        let app = try #require(try read(text).targets.first)
        #expect(app.dependencies.first == XcodeDependency(.missing("object X000000000000000000000AA"), line: 23))
    }

    /// Xcode records the target a test bundle tests (its host app) in the project's `TargetAttributes`, whatever the
    /// bundle's first dependency is (a helper tool, in real projects).
    @Test func aTestBundleKnowsTheTargetItTests() throws {
        let tests = """
            \t\tT0000000000000000000000B /* Integration Tests */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tname = "Integration Tests";
            \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
            \t\t};
            """
        let text = Self.projectFile(Self.appTarget + "\n" + tests, rootExtras: """
            \t\t\tattributes = {
            \t\t\t\tTargetAttributes = {
            \t\t\t\t\tT0000000000000000000000B = {
            \t\t\t\t\t\tCreatedOnToolsVersion = 12.4;
            \t\t\t\t\t\tTestTargetID = T0000000000000000000000A;
            \t\t\t\t\t};
            \t\t\t\t};
            \t\t\t};
            """).replacingOccurrences(of: "T0000000000000000000000A /* App */,\n", with: "T0000000000000000000000A /* App */,\n\t\t\t\tT0000000000000000000000B,\n")
        let project = try read(text)
        #expect(project.targets.map(\.name) == ["App", "Integration Tests"])
        #expect(project.targets.map(\.testedTarget) == [nil, "App"])
        #expect(XcodeManifest.manifest(of: project).targets.map(\.testedTarget) == [nil, "App"])
    }

    @Test func aTargetNothingDefinesIsANote() throws {
        let text = Self.projectFile(Self.appTarget).replacingOccurrences(of: "T0000000000000000000000A /* App */,\n", with: "T0000000000000000000000A /* App */,\n\t\t\t\tT00000000000000000000GONE,\n")
        let project = try read(text)
        #expect(project.targets.map(\.name) == ["App"])
        #expect(project.notes.map(\.message) == ["the project lists target T00000000000000000000GONE, which no object defines; skipped"])
        #expect(project.notes.first?.location?.line == 14)
    }

    @Test func conflictMarkersAreAnErrorAtTheFirstMarker() throws {
        let text = Self.projectFile(Self.appTarget).replacingOccurrences(of: "\t\tF0000000000000000000000A /* App.swift */", with: "<<<<<<< HEAD\n\t\tF0000000000000000000000A /* App.swift */")
        #expect {
            try read(text)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.location?.line == 44 && error.message.hasPrefix("merge-conflict markers")
        }
    }

    @Test func aTruncatedProjectIsAnErrorAtFoundationsLine() throws {
        let text = String(Self.projectFile(Self.appTarget).prefix(400))
        #expect {
            try read(text)
        } throws: { error in
            guard let error = error as? InputError else { return false }
            return error.message.hasPrefix("Foundation cannot read this project file") && error.location?.line != nil
        }
    }

    @Test func kindsFromProductTypes() {
        #expect(XcodeTargetKind(productType: "com.apple.product-type.app-extension") == .appExtension)
        #expect(XcodeTargetKind(productType: "com.apple.product-type.extensionkit-extension") == .extensionKitExtension)
        #expect(XcodeTargetKind(productType: "com.apple.product-type.bundle.ui-testing") == .uiTest)
        #expect(XcodeTargetKind(productType: "com.apple.product-type.framework.static") == .framework)
        #expect(XcodeTargetKind(productType: "com.example.something") == .other)
        #expect(Set(ProductKind.xcodeKinds.map(\.rawValue)) == Set(["application", "app-extension", "extensionkit-extension", "system-extension",
            "framework", "static-library", "dynamic-library", "bundle", "unit-test", "ui-test", "watch-app", "tool", "aggregate", "legacy", "other"]))
    }
    /// The Podfile target a CocoaPods configuration file belongs to: its folder names the aggregate's label whole (a dot
    /// in it stays), `Shared-App` for a target nested in `abstract_target 'Shared'`; any other file, none.
    @Test func aPodsConfigurationFileNamesItsPodfileTarget() {
        #expect(XcodeManifest.podsIntegration(ofConfigurationFile: "Pods/Target Support Files/Pods-Rocket/Pods-Rocket.debug.xcconfig") == "Rocket")
        #expect(XcodeManifest.podsIntegration(ofConfigurationFile: "Pods/Target Support Files/Pods-My.App/Pods-My.App.release-staging.xcconfig") == "My.App")
        #expect(XcodeManifest.podsIntegration(ofConfigurationFile: "Pods-Shared-App.debug.xcconfig") == "Shared-App")
        #expect(XcodeManifest.podsIntegration(ofConfigurationFile: "Configs/Debug.xcconfig") == nil)
    }
}
