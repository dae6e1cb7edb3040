import Configuration
import Diagnostics
import Foundation
import ManifestReading
import PackageModel
import Project
import Rules
import TestSupport
import XCTest

/// CocoaPods shapes seen on apps nobody here had tuned on, each written here as a shape of its own: a `pod lib create`
/// template Podfile, a path pod outside the repository, a placeholder source in a pod's `source_files`, a module a
/// storyboard names, and the fix advice for a target a Podfile integrates.
final class PodShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-podshapes" }

    private static func podspec(_ name: String, _ lines: [String] = []) -> String {
        (["Pod::Spec.new do |s|", "  s.name = '\(name)'", "  s.version = '1.0.0'", "  s.source_files = 'Classes/**/*'"] + lines.map { "  " + $0 } + ["end", ""])
            .joined(separator: "\n")
    }

    /// A pod with one Swift file, `<Name>/<Name>.podspec`.
    private func writePod(_ name: String, _ lines: [String] = [], source: String? = nil) throws {
        try write(Self.podspec(name, lines), to: "\(name)/\(name).podspec")
        try write(source ?? "public struct \(name)Type {}\n", to: "\(name)/Classes/\(name).swift")
    }

    /// The local package `Kit` the test projects join (`../Kit` from `App`).
    private func writeKitPackage() throws {
        try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])], targets: [.target(name: \"Kit\")])\n",
                  to: "Kit/Package.swift")
        try write("public struct Kit {}\n", to: "Kit/Sources/Kit/Kit.swift")
    }

    // MARK: A template Podfile

    /// `pod lib create`'s template Podfile still holds its placeholders (`${POD_NAME}_Example`, `pod '${POD_NAME}',
    /// :path => '../'`), though a template project sits beside it: a template, a note at the first placeholder, nothing
    /// of it checked (no `unresolved`, no "names no target" notes).
    func testATemplatePodfileWhoseNamesArePlaceholdersIsANoteNotChecked() throws {
        try write("use_frameworks!\n\ntarget '${POD_NAME}_Example' do\n  pod '${POD_NAME}', :path => '../'\n\n  target '${POD_NAME}_Tests' do\n    inherit! :search_paths\n\n    ${INCLUDED_PODS}\n  end\nend\n",
                  to: "Tools/pod-template/Example/Podfile")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "PROJECT_Example", settings: "SDKROOT = iphoneos;", files: [])]),
                  to: "Tools/pod-template/Example/PROJECT.xcodeproj/project.pbxproj")
        try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])], targets: [.target(name: \"Kit\")])\n",
                  to: "Tools/pod-template/Example/Kit/Package.swift")
        try write("public struct Kit {}\n", to: "Tools/pod-template/Example/Kit/Sources/Kit/Kit.swift")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings), [])
        let notes = checked.notes.filter { $0.location?.path.hasSuffix("pod-template/Example/Podfile") == true }
        XCTAssertEqual(notes.map(\.message), ["this Podfile's names are still placeholders ('${POD_NAME}_Example'), a template 'pod lib create' or a script fills in before use: its pods and paths are not checked"])
        XCTAssertEqual(notes.first?.location?.line, 3)
    }

    /// A Podfile whose names are real is read as before, though it mentions `$` elsewhere (a Ruby string `#{…}`).
    func testAPodfileWithoutPlaceholdersIsChecked() throws {
        try write("target 'App' do\n  pod 'Gone', :path => 'Missing'\nend\n", to: "App/Podfile")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: [])]),
                  to: "App/App.xcodeproj/project.pbxproj")
        let findings = described(try check().result.findings)
        XCTAssertTrue(findings.contains { $0.contains("unresolved") && $0.contains("'Missing'") }, "\(findings)")
    }

    // MARK: A path pod outside the repository

    /// `pod 'HLNews', :path => '../HLNews'` names a sibling repository that is not here: as a Swift package path
    /// leaving the repository, a note, what it provides undecided (the app's import of it is no finding), never
    /// `unresolved`. A path inside the repository to nothing stays `unresolved`.
    func testAPodfilePathPodOutsideTheRepositoryIsANoteAndUndecidedNeverUnresolved() throws {
        try write("target 'App' do\n  pod 'HLNews', :path => '../HLNews'\n  pod 'Gone', :path => 'Pods/Gone'\nend\n", to: "Podfile")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"])]),
                  to: "App.xcodeproj/project.pbxproj")
        try writeKitPackage()
        try write("import HLNews\n", to: "App/App.swift")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings), ["ROOT/Podfile:3:3: unresolved: Podfile depends on the pod at 'Pods/Gone', which does not exist"])
        XCTAssertTrue(checked.notes.contains {
            $0.message == "Podfile depends on the pod at '../HLNews', outside the repository (expected beside it on its owner's machine): it cannot be read here, so what it provides is undecided"
                && $0.location?.line == 2
        }, "\(checked.notes.map(\.message))")
    }

    // MARK: A placeholder source

    /// A component mid-migration whose pod keeps a file holding only a comment in its `source_files` (so that CocoaPods
    /// makes the folder): nothing to compare, no `pod-package-mismatch`; a file with code the package leaves out still is.
    func testASourceHoldingOnlyACommentIsNotCompared() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "NXModel", products: [.library(name: "NXModel", targets: ["NXModel"])],
                                  targets: [.target(name: "NXModel", path: "Sources")])

            """, to: "NXModel/Package.swift")
        try write(Self.podspec("NXModel").replacingOccurrences(of: "'Classes/**/*'", with: "['Sources/**/*.swift', 'Support/*.swift', 'Extra/*.m']"),
                  to: "NXModel/NXModel.podspec")
        try write("public struct Model {}\n", to: "NXModel/Sources/Model.swift")
        try write("// Keeps the folder in the pod.\n\n/* nothing else */\n", to: "NXModel/Support/Placeholder.swift")
        try write("// An empty Objective-C file.\n", to: "NXModel/Extra/Empty.m")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .podPackageMismatch }.count, 0)
        try write("// Now it holds code.\nlet version = 1\n", to: "NXModel/Support/Placeholder.swift")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .podPackageMismatch }),
                       ["ROOT/NXModel/Support/Placeholder.swift: pod-package-mismatch: Support/Placeholder.swift is compiled by the pod (NXModel.podspec's source_files) but by no target of NXModel's Package.swift: SwiftPM builds NXModel without it, and check does not read it"])
    }

    // MARK: Storyboards

    /// A pod whose storyboard (in `s.resources`) instantiates a class of NXKit (`customModule="NXKit"`) uses NXKit though
    /// no file imports it: no `unused-dependency`. A storyboard the pod does not bundle is no use.
    func testAModuleAStoryboardOfThePodNamesIsUsed() throws {
        try writePod("NXKit")
        try writePod("Me", ["s.resources = ['Classes/**/*.storyboard']", "s.dependency 'NXKit'"], source: "import UIKit\n")
        let storyboard = """
            <?xml version="1.0" encoding="UTF-8"?>
            <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0">
                <scenes>
                    <scene sceneID="a">
                        <objects>
                            <navigationController id="n" customClass="NavigationController" customModule="NXKit" sceneMemberID="viewController"/>
                        </objects>
                    </scene>
                </scenes>
            </document>

            """
        try write(storyboard, to: "Me/Other/Me.storyboard")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .unusedDependency }),
                       ["ROOT/Me/Me.podspec:6:3: unused-dependency: Me declares a dependency on NXKit from NXKit, which none of its files imports"],
                       "a storyboard outside the pod's resources")
        try write(storyboard, to: "Me/Classes/Me.storyboard")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.count, 0)
    }

    /// A package target bundles the storyboards and xibs of its folder (SwiftPM processes them): a xib naming
    /// `customModule="Kit"` is a use of Kit. One that cannot be parsed as XML names nothing.
    func testAModuleAXibOfAPackageTargetNamesIsUsed() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "Feature", dependencies: [.package(path: "../Kit")],
                                  targets: [.target(name: "Feature", dependencies: [.product(name: "Kit", package: "Kit")])])

            """, to: "Feature/Package.swift")
        try write("import Foundation\n", to: "Feature/Sources/Feature/Feature.swift")
        try writeKitPackage()
        try write("<document><objects><view customClass=\"Badge\" customModule=\"Kit\"", to: "Feature/Sources/Feature/Badge.xib")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.count, 1, "a xib that is not XML names nothing")
        try write("<?xml version=\"1.0\"?>\n<document>\n  <objects>\n    <view customClass=\"Badge\" customModule=\"Kit\"/>\n  </objects>\n</document>\n",
                  to: "Feature/Sources/Feature/Badge.xib")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.count, 0)
    }

    // MARK: A podspec beside its package

    /// A component mid-migration whose podspec names a pod `Core-DataModel` and whose package uses the product
    /// `CoreDataModel` of the package that ships it: one dependency spelt two ways, no mismatch; a dependency only the
    /// podspec's test spec takes is not compared with a package that has no tests.
    func testAPodNameAndAProductSpeltWithoutItsDashAreOneDependency() throws {
        try write(Self.podspec("Settings", ["s.dependency 'Core-DataModel'", "s.test_spec 'Tests' do |t|", "  t.source_files = 'Tests/**/*'",
                                            "  t.dependency 'Quick'", "end"]), to: "Settings/Settings.podspec")
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Settings",
                dependencies: [.package(url: "https://github.com/example/core-ios", from: "1.0.0")],
                targets: [.target(name: "Settings", dependencies: [.product(name: "CoreDataModel", package: "core-ios")], path: "Classes")]
            )

            """, to: "Settings/Package.swift")
        try write("import CoreDataModel\npublic struct Settings {}\n", to: "Settings/Classes/Settings.swift")
        XCTAssertEqual(described(try check().result.findings.filter { $0.rule == .podPackageMismatch }), [])
    }

    // MARK: A Podfile target whose Xcode target was renamed

    /// The Podfile's `target 'Delivery'` and an Xcode target `DeliveryApp` (renamed after `pod install`) that links
    /// CocoaPods' aggregate `libPods-Delivery.a`: the Podfile's pods are that target's, so importing one is declared.
    func testAPodfileTargetIsTheXcodeTargetLinkingItsPodsLibrary() throws {
        try writePod("NXKit")
        try write("import NXKit\n", to: "App/App/App.swift")
        let frameworks = """
            \t\tE0000000000000000000000A = {isa = PBXFileReference; explicitFileType = archive.ar; path = "libPods-Delivery.a"; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tE0000000000000000000000B = {isa = PBXBuildFile; fileRef = E0000000000000000000000A; };
            \t\tE0000000000000000000000C = {isa = PBXFrameworksBuildPhase; files = (E0000000000000000000000B); };
            """
        let app = HeldOutShapesTests.XcodeTargetShape(name: "DeliveryApp", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"],
                                                      phases: [("E0000000000000000000000C", frameworks)], productType: "application")
        try write(HeldOutShapesTests.project([app], kitPath: "../Kit"), to: "App/App.xcodeproj/project.pbxproj")
        try write("target 'Delivery' do\n  pod 'NXKit', :path => '../NXKit'\nend\n", to: "App/Podfile")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings.filter { $0.rule == .implicitDependency }), [])
        XCTAssertFalse(checked.notes.contains { $0.message.contains("names no target") }, "\(checked.notes.map(\.message))")
    }

    /// `project 'Runtime/App.xcodeproj'` for a folder named `runtime`: macOS finds it, so the target gets its pods (no
    /// "does not link"), and a note says a case-sensitive file system would not.
    func testAPodfileProjectWrittenInAnotherCaseIsFoundWithANote() throws {
        try writePod("NXKit")
        try write("import NXKit\n", to: "App/runtime/App/App.swift")
        let app = HeldOutShapesTests.XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"], productType: "application")
        try write(HeldOutShapesTests.project([app], kitPath: "../../Kit"), to: "App/runtime/App.xcodeproj/project.pbxproj")
        try write("target 'App' do\n  project 'Runtime/App.xcodeproj'\n  pod 'NXKit', :path => '../NXKit'\nend\n", to: "App/Podfile")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings.filter { $0.rule == .implicitDependency }), [])
        XCTAssertEqual(checked.notes.filter { $0.message.contains("in another case") }.map(\.message),
                       ["project 'Runtime/App.xcodeproj' names 'runtime/App.xcodeproj' in another case: macOS's default file system finds it, a case-sensitive one (Linux, CI) does not; write its name as it is"])
    }

    /// `targets.each do |t| target t do … end end`: the Podfile's targets are named in a loop, so no Xcode target is
    /// known to be given its pods; the targets linking CocoaPods' aggregate (`Pods_Shop_D.framework`) import those pods
    /// undecided, never "does not link"; a target linking no aggregate is still judged.
    func testTargetsOfAPodfileLoopLinkingTheirAggregateImportItsPodsUndecided() throws {
        try writePod("NXKit")
        try write("import NXKit\nimport SnapKit\n", to: "App/App/App.swift")
        try write("import NXKit\n", to: "App/Tool/Tool.swift")
        let frameworks = """
            \t\tE0000000000000000000000A = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = "Pods_Shop_D.framework"; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tE0000000000000000000000B = {isa = PBXBuildFile; fileRef = E0000000000000000000000A; };
            \t\tE0000000000000000000000C = {isa = PBXFrameworksBuildPhase; files = (E0000000000000000000000B); };
            """
        let app = HeldOutShapesTests.XcodeTargetShape(name: "Shop_D", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"],
                                                      phases: [("E0000000000000000000000C", frameworks)], productType: "application")
        let tool = HeldOutShapesTests.XcodeTargetShape(name: "Tool", settings: "SDKROOT = iphoneos;", files: ["Tool/Tool.swift"])
        try write(HeldOutShapesTests.project([app, tool], kitPath: "../Kit"), to: "App/App.xcodeproj/project.pbxproj")
        try write("def shared_pods\n  pod 'NXKit', :path => '../NXKit'\n  pod 'SnapKit'\nend\n\n['Shop_D', 'Shop_R'].each do |t|\n  target t do\n    shared_pods\n  end\nend\n",
                  to: "App/Podfile")
        let checked = try check()
        let implicit = described(checked.result.findings.filter { $0.rule == .implicitDependency })
        XCTAssertEqual(implicit.count, 1, "\(implicit)")
        XCTAssertTrue(implicit.first?.contains("implicit-dependency: Tool (app) imports NXKit") == true, "\(implicit)")
        XCTAssertTrue(checked.result.undecided.imports.contains { $0.module == "SnapKit" }, "\(checked.result.undecided.imports)")
    }

    // MARK: Xcode targets named apart from the Podfile target whose aggregate they use

    /// A Podfile's `target 'Rocket'` and no Xcode target of that name: an XcodeGen spec's `Rocket-Production` and
    /// `Rocket-Staging` base their configurations on `Pods-Rocket.*.xcconfig` and `Rocket-Preview` links
    /// `Pods_Rocket.framework`: CocoaPods integrates all three as `Rocket`, so each imports the Podfile's pods declared
    /// (no note that the Podfile's target names no target), and another target's pod (`Lottie`) undecided, as the
    /// outside pod's podspec is not read. `Other` links `Pods_Gone.framework`, which no Podfile target makes: its import
    /// of a pod is an error whose advice is the Podfile's target for it, as `Rocket` declares the pod, never `- package:`.
    func testXcodeGenTargetsUsingAPodfileTargetsAggregateImportItsPods() throws {
        let configFiles = "    configFiles:\n      Debug: Pods/Target Support Files/Pods-Rocket/Pods-Rocket.debug.xcconfig\n      Release: Pods/Target Support Files/Pods-Rocket/Pods-Rocket.release.xcconfig\n"
        try write("""
            name: Rocket
            targets:
              Rocket-Production:
                type: application
                platform: iOS
                sources: [Rocket]
            \(configFiles)  Rocket-Staging:
                type: application
                platform: iOS
                sources: [Rocket]
            \(configFiles)  Rocket-Preview:
                type: application
                platform: iOS
                sources: [Preview]
                dependencies:
                  - framework: Pods_Rocket.framework
                    implicit: true
              Other:
                type: application
                platform: iOS
                sources: [Other]
                dependencies:
                  - framework: Pods_Gone.framework
                    implicit: true

            """, to: "App/project.yml")
        try write("import KeyboardGuide\nimport UIKit\n", to: "App/Rocket/Rocket.swift")
        try write("import KeyboardGuide\nimport Lottie\n", to: "App/Preview/Preview.swift")
        try write("import KeyboardGuide\n", to: "App/Other/Other.swift")
        try write("platform :ios, '15.0'\nuse_frameworks!\n\ntarget 'Rocket' do\n  pod 'KeyboardGuide'\nend\n\ntarget 'Widgets' do\n  pod 'Lottie'\nend\n",
                  to: "App/Podfile")
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.fix), [
            "declare pod 'KeyboardGuide' for target Other in the Podfile (\(root)/App/Podfile), as target 'Rocket' does (\(root)/App/Podfile:5:3): a `target 'Other'` block "
                + "with the pod (and a `project` line naming its project when it is not the Podfile's), or that block nested in target 'Rocket' with "
                + "`inherit! :search_paths` when its code needs only the pod's headers and what it is linked into links the pod; then run pod install",
        ])
        XCTAssertFalse(checked.notes.contains { $0.message.contains("'Rocket' names no target") }, "\(checked.notes.map(\.message))")
        XCTAssertEqual(checked.result.undecided.imports.map(\.module), ["Lottie"])
    }

    /// The same shape in a project file: `Rocket-Staging` based on `Pods-Rocket.debug.xcconfig`, `Rocket-Preview`
    /// linking `Pods_Rocket.framework`; both are given the Podfile's `target 'Rocket'` pods, and the advice for a pod of
    /// the repository it does not give names that Podfile target, not the Xcode target.
    func testProjectTargetsUsingAPodfileTargetsAggregateImportItsPods() throws {
        try writePod("NXKit")
        try writePod("NXUI")
        try write("import NXKit\n", to: "App/Rocket/Rocket.swift")
        try write("import NXKit\nimport NXUI\n", to: "App/Preview/Preview.swift")
        let frameworks = """
            \t\tE0000000000000000000000A = {isa = PBXFileReference; explicitFileType = wrapper.framework; path = "Pods_Rocket.framework"; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tE0000000000000000000000B = {isa = PBXBuildFile; fileRef = E0000000000000000000000A; };
            \t\tE0000000000000000000000C = {isa = PBXFrameworksBuildPhase; files = (E0000000000000000000000B); };
            """
        let staging = HeldOutShapesTests.XcodeTargetShape(name: "Rocket-Staging", settings: "SDKROOT = iphoneos;", files: ["Rocket/Rocket.swift"],
                                                          productType: "application",
                                                          baseConfiguration: "Pods/Target Support Files/Pods-Rocket/Pods-Rocket.debug.xcconfig")
        let preview = HeldOutShapesTests.XcodeTargetShape(name: "Rocket-Preview", settings: "SDKROOT = iphoneos;", files: ["Preview/Preview.swift"],
                                                          phases: [("E0000000000000000000000C", frameworks)], productType: "application")
        try write(HeldOutShapesTests.project([staging, preview], kitPath: "../Kit"), to: "App/App.xcodeproj/project.pbxproj")
        try write("target 'Rocket' do\n  pod 'NXKit', :path => '../NXKit'\nend\n\ntarget 'Widgets' do\n  pod 'NXUI', :path => '../NXUI'\nend\n", to: "App/Podfile")
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.fix), [
            "add pod 'NXUI', :path => '../NXUI' to target 'Rocket' (which integrates Rocket-Preview) in the Podfile (beside \(root)/App/Podfile:2:3), then run pod install",
        ])
        XCTAssertFalse(checked.notes.contains { $0.message.contains("'Rocket' names no target") }, "\(checked.notes.map(\.message))")
    }

    /// An Objective-C static library of a project the Podfile does not integrate (`Business/Business.xcodeproj`)
    /// includes a header of the outside pod `Router` that the Podfile's `target 'Shell'` declares (its header search
    /// paths reach `Pods/`): the finding names the pod as a pod, and the advice is the Podfile's `target` for it, as
    /// `Shell` declares it, or nested in `Shell` with `inherit! :search_paths`, never a Swift package to link.
    func testATargetOutsideThePodfileImportingAPodIsAdvisedThePodfileTargetDeclaringIt() throws {
        try write("#import <Router/Router.h>\n", to: "App/Shell/AppDelegate.m")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "Shell", settings: "SDKROOT = iphoneos;", files: ["Shell/AppDelegate.m"],
                                                                                  productType: "application")], kitPath: "../Kit"),
                  to: "App/App.xcodeproj/project.pbxproj")
        try write("platform :ios, '12.0'\n\ntarget 'Shell' do\n  pod 'Router', '~> 0.10'\nend\n", to: "App/Podfile")
        try write("#import <Foundation/Foundation.h>\n#import <Router/Router.h>\n\nvoid feature(void) {}\n", to: "Business/Feature/Feature.m")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "Feature", settings: "SDKROOT = iphoneos; HEADER_SEARCH_PATHS = \"$(SRCROOT)/../App/Pods/Router\";",
                                                                                  files: ["Feature/Feature.m"], productType: "library.static")], kitPath: "../Kit"),
                  to: "Business/Business.xcodeproj/project.pbxproj")
        try writeKitPackage()
        let findings = try check().result.findings.filter { $0.rule == .implicitDependency }
        XCTAssertEqual(findings.map(\.message), ["Feature imports Router from pod Router, which target Feature does not link"])
        XCTAssertEqual(findings.map(\.fix), [
            "declare pod 'Router' for target Feature in the Podfile (\(root)/App/Podfile), as target 'Shell' does (\(root)/App/Podfile:4:3): a `target 'Feature'` block with the pod "
                + "(and a `project` line naming its project when it is not the Podfile's), or that block nested in target 'Shell' with `inherit! :search_paths` "
                + "when its code needs only the pod's headers and what it is linked into links the pod; then run pod install",
        ])
    }

    // MARK: A pod the Podfile.lock resolved

    /// `App.xcodeproj` whose Podfile gives `Shop` the pods of an abstract target it is nested in (`ImageKit`) and a
    /// subspec (`Toolkit/Net`), `ShopTests` them through `inherit! :search_paths`, and `Widget` only `StreamCocoa`,
    /// whose podspec is not read; `Podfile.lock` (when `locked`) says what CocoaPods resolved.
    private func writeLockedPodfileApp(locked: Bool) throws {
        try write("import ImageKit\nimport Toolkit\n", to: "App/Shop/Shop.swift")
        try write("import ImageKit\nimport Toolkit\nimport XCTest\n", to: "App/ShopTests/ShopTests.swift")
        try write("import StreamCore\nimport ImageKit\nimport Reachability\n", to: "App/Widget/Widget.swift")
        let shape = HeldOutShapesTests.XcodeTargetShape.self
        try write(HeldOutShapesTests.project([shape.init(name: "Shop", settings: "SDKROOT = iphoneos;", files: ["Shop/Shop.swift"], productType: "application"),
                                              shape.init(name: "ShopTests", settings: "SDKROOT = iphoneos;", files: ["ShopTests/ShopTests.swift"], productType: "bundle.unit-test"),
                                              shape.init(name: "Widget", settings: "SDKROOT = iphoneos;", files: ["Widget/Widget.swift"], productType: "application")],
                                             kitPath: "../Kit"),
                  to: "App/App.xcodeproj/project.pbxproj")
        try writeKitPackage()
        try write("""
            platform :ios, '15.0'
            use_frameworks!

            abstract_target 'Shared' do
              pod 'ImageKit'
              target 'Shop' do
                pod 'Toolkit/Net'
                target 'ShopTests' do
                  inherit! :search_paths
                end
              end
            end

            target 'Widget' do
              pod 'StreamCocoa'
            end

            """, to: "App/Podfile")
        guard locked else { return }
        try write("""
            PODS:
              - ImageKit (7.2.3)
              - StreamCocoa (6.0.0):
                - StreamCore (= 6.0.0)
              - StreamCore (6.0.0)
              - Toolkit/Core (1.0.0)
              - Toolkit/Net (1.0.0):
                - Toolkit/Core

            DEPENDENCIES:
              - ImageKit
              - StreamCocoa
              - Toolkit/Net

            COCOAPODS: 1.15.2

            """, to: "App/Podfile.lock")
    }

    /// With the lock: `Widget`'s `import ImageKit` names a pod CocoaPods resolved that `StreamCocoa` does not bring, so
    /// the unread podspec no longer holds it back: an error naming the pod. What the unread pod brings (`StreamCore`) is
    /// linked into `Widget`'s aggregate; a module no pod is named like (`Reachability`) stays undecided; `Shop` and
    /// `ShopTests` see the abstract target's pod (inherited, and through `inherit! :search_paths`) and the subspec's: no
    /// finding.
    func testAPodTheLockResolvedThatNoDeclaredPodBringsIsDecided() throws {
        try writeLockedPodfileApp(locked: true)
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.message),
                       ["Widget (app) imports ImageKit from pod ImageKit, which target Widget does not link"])
        XCTAssertEqual(checked.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }.sorted(), ["Widget Reachability"])
    }

    /// CocoaPods names a pod's module after the pod made a C identifier: `import Localize_Swift` is the locked pod
    /// `Localize-Swift`, which `StreamCocoa` brings (linked: no finding), and `import Toast_Swift` the locked pod
    /// `Toast-Swift`, which no declared pod brings (an error), neither left undecided as a module nothing provides.
    func testALockedPodIsFoundByItsModuleNameMadeACIdentifier() throws {
        try writeLockedPodfileApp(locked: true)
        try write("import Localize_Swift\nimport Toast_Swift\n", to: "App/Widget/Widget.swift")
        try write("""
            PODS:
              - ImageKit (7.2.3)
              - Localize-Swift (3.2.0)
              - StreamCocoa (6.0.0):
                - Localize-Swift (~> 3.2)
              - Toast-Swift (5.0.1)
              - Toolkit/Core (1.0.0)
              - Toolkit/Net (1.0.0):
                - Toolkit/Core

            COCOAPODS: 1.15.2

            """, to: "App/Podfile.lock")
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.message),
                       ["Widget (app) imports Toast_Swift from pod Toast-Swift, which target Widget does not link"])
        XCTAssertEqual(checked.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, [])
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.first?.fix.hasPrefix("add pod 'Toast-Swift' to target 'Widget'"), true)
    }

    /// Without the lock nothing says what `StreamCocoa` brings: `ImageKit` stays undecided with the others.
    func testWithoutALockAnUnreadPodHoldsBackAPodItMayBring() throws {
        try writeLockedPodfileApp(locked: false)
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.message), [])
        XCTAssertEqual(checked.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }.sorted(),
                       ["Widget ImageKit", "Widget Reachability", "Widget StreamCore"])
    }

    /// A development pod of the repository (`Auth`, its podspec read) that `Widget` imports while its Podfile block no
    /// longer names it: with the lock, `StreamCocoa` (not read) is known not to bring a pod of that name, so the import
    /// is an error; without the lock the unread pod may, and it stays undecided.
    func testADevelopmentPodDroppedFromATargetsBlockIsDecidedByTheLock() throws {
        for locked in [true, false] {
            try? FileManager.default.removeItem(atPath: root)
            try writeLockedPodfileApp(locked: locked)
            try writePod("Auth")
            try write("import Auth\n", to: "App/Widget/Login.swift")
            try write(HeldOutShapesTests.project([
                HeldOutShapesTests.XcodeTargetShape(name: "Shop", settings: "SDKROOT = iphoneos;", files: ["Shop/Shop.swift"], productType: "application"),
                HeldOutShapesTests.XcodeTargetShape(name: "ShopTests", settings: "SDKROOT = iphoneos;", files: ["ShopTests/ShopTests.swift"], productType: "bundle.unit-test"),
                HeldOutShapesTests.XcodeTargetShape(name: "Widget", settings: "SDKROOT = iphoneos;", files: ["Widget/Widget.swift", "Widget/Login.swift"], productType: "application"),
            ], kitPath: "../Kit"), to: "App/App.xcodeproj/project.pbxproj")
            let checked = try check()
            let authErrors = checked.result.findings.filter { $0.rule == .implicitDependency && $0.message.contains("imports Auth") }
            let authUndecided = checked.result.undecided.imports.filter { $0.module == "Auth" }
            XCTAssertEqual(authErrors.count, locked ? 1 : 0, "locked: \(locked): \(authErrors.map(\.message))")
            XCTAssertEqual(authUndecided.count, locked ? 0 : 1, "locked: \(locked)")
        }
    }

    /// `App.xcodeproj`'s `Shop` given the development pod `Net` (`Net/Net.podspec`, read) and outside pods by its Podfile,
    /// with a `Podfile.lock` from before the edits the tests make: `Net` then declared `ObjectMapper` and `RxSwift` too,
    /// `RxAlamofire` depends on `RxSwift`, `Texture` on `PINRemoteImage`, and `MediaUI` on the development pod `Media`,
    /// whose entry still lists `Alamofire`.
    private func writeLockedDevelopmentPodApp(shop: String) throws {
        try writePod("Net", ["s.dependency 'RxAlamofire'", "s.dependency 'SwiftyJSON'"],
                     source: "import RxAlamofire\nimport SwiftyJSON\nimport ObjectMapper\nimport RxSwift\n")
        try writePod("Media")
        try write(shop, to: "App/Shop/Shop.swift")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "Shop", settings: "SDKROOT = iphoneos;", files: ["Shop/Shop.swift"], productType: "application"),
                                              HeldOutShapesTests.XcodeTargetShape(name: "Widget", settings: "SDKROOT = iphoneos;", files: [], productType: "application")]),
                  to: "App/App.xcodeproj/project.pbxproj")
        try write("""
            platform :ios, '15.0'
            use_frameworks!

            target 'Shop' do
              pod 'Net', :path => '../Net'
              pod 'Texture'
              pod 'MediaUI'
            end

            target 'Widget' do
              pod 'Media', :path => '../Media'
            end

            """, to: "App/Podfile")
        try write("""
            PODS:
              - Alamofire (5.6.4)
              - Media (1.0.0):
                - Alamofire
              - MediaUI (2.0.0):
                - Media
              - Net (1.0.0):
                - ObjectMapper
                - RxAlamofire
                - RxSwift
                - SwiftyJSON
              - ObjectMapper (4.2.0)
              - PINRemoteImage (3.0.3)
              - RxAlamofire (6.1.2):
                - RxSwift (~> 6.0)
              - RxSwift (6.5.0)
              - SwiftyJSON (5.0.1)
              - Texture (3.1.0):
                - PINRemoteImage (~> 3.0.0)

            COCOAPODS: 1.15.2

            """, to: "App/Podfile.lock")
    }

    /// A spec pod removed from a development pod's podspec: the lock says which pods the others it declares bring (its own
    /// entry, from before the edit, is not one of them). `ObjectMapper`, which none brings, is an error with the line to
    /// add; `RxSwift`, which `RxAlamofire` depends on and may re-export (its podspec is not read), stays undecided, by
    /// `RxAlamofire` alone.
    func testASpecPodRemovedFromADevelopmentPodIsDecidedByTheLockUnlessADeclaredPodBringsIt() throws {
        try writeLockedDevelopmentPodApp(shop: "import Net\n")
        let checked = try check()
        let errors = checked.result.findings.filter { $0.rule == .implicitDependency }
        XCTAssertEqual(errors.map(\.message), ["Net imports ObjectMapper from pod ObjectMapper, which its manifest does not declare"])
        XCTAssertTrue(errors.first?.fix.hasPrefix("add s.dependency 'ObjectMapper'") == true, "\(errors.map(\.fix))")
        XCTAssertEqual(checked.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, ["Net RxSwift"])
        // Only the pod the lock says brings it would decide it.
        XCTAssertEqual(checked.result.undecided.imports.first?.deciders.map(\.package), ["RxAlamofire"])
    }

    /// A target a Podfile integrates links the closure of its pods: a pod the lock says one of its outside pods depends
    /// on (`PINRemoteImage`, through `Texture`) is linked, neither a finding nor undecided. The lock's entry of a
    /// development pod is not followed (its podspec may have changed since): `Alamofire`, which only the stale entry of
    /// `Media` (brought by `MediaUI`) lists, stays undecided.
    func testAPodTheLockSaysAnIntegratedTargetsPodsBringIsLinkedButNotThroughADevelopmentPodsEntry() throws {
        try writeLockedDevelopmentPodApp(shop: "import Net\nimport PINRemoteImage\nimport Alamofire\n")
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency && $0.message.hasPrefix("Shop") }.map(\.message), [])
        XCTAssertEqual(checked.result.undecided.imports.filter { $0.from.id.name == "Shop" }.map(\.module), ["Alamofire"])
    }

    // MARK: A development pod whose podspec cannot be read, and pods without sources

    /// `App.xcodeproj`'s `Shop`, whose Podfile gives it the development pod `Wire` (its podspec sets its version from a
    /// Ruby constant, which the static reader does not evaluate; `extra` adds lines to it), a pod without sources
    /// (`Codec`, a vendored framework), and `Texture`; it imports `Net`, a development pod its block no longer names,
    /// and `ObjectMapper`, a pod the lock resolved that no pod of its block brings.
    /// With `remoteKit`, `Shop` also links `Kit` from an outside SwiftPM package that is not checked out.
    private func writeUnreadablePodApp(wire extra: [String], remoteKit: Bool = false) throws {
        try write((["Pod::Spec.new do |s|", "  WIREVERSION = '1.0.0'", "  s.name = 'Wire'", "  s.version = WIREVERSION",
                    "  s.source_files = 'Classes/**/*'"] + extra.map { "  " + $0 } + ["end", ""]).joined(separator: "\n"),
                  to: "Wire/Wire.podspec")
        try write("public struct Wire {}\n", to: "Wire/Classes/Wire.swift")
        try writePod("Net")
        try write(Self.podspec("Codec", ["s.vendored_frameworks = 'Codec.xcframework'"]).replacingOccurrences(of: "  s.source_files = 'Classes/**/*'\n", with: ""),
                  to: "Codec/Codec.podspec")
        try write("import Wire\nimport Net\nimport ObjectMapper\n", to: "App/Shop/Shop.swift")
        let remote = "XCRemoteSwiftPackageReference; repositoryURL = \"https://github.com/example/kit.git\"; requirement = {kind = upToNextMajorVersion; minimumVersion = 1.0.0; };"
        let project = HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "Shop", settings: "SDKROOT = iphoneos;", files: ["Shop/Shop.swift"],
                                                                                      linksKit: remoteKit, productType: "application")])
        try write(remoteKit ? project.replacingOccurrences(of: "XCLocalSwiftPackageReference; relativePath = Kit;", with: remote) : project,
                  to: "App/App.xcodeproj/project.pbxproj")
        try write("""
            platform :ios, '15.0'
            use_frameworks!

            target 'Shop' do
              pod 'Wire', :path => '../Wire'
              pod 'Codec', :path => '../Codec'
              pod 'Texture'
            end

            """, to: "App/Podfile")
        try write("""
            PODS:
              - Codec (1.0.0)
              - Net (1.0.0)
              - ObjectMapper (4.2.0)
              - PINRemoteImage (3.0.3)
              - Texture (3.1.0):
                - PINRemoteImage (~> 3.0.0)
              - Wire (1.0.0):
                - PINRemoteImage

            COCOAPODS: 1.15.2

            """, to: "App/Podfile.lock")
    }

    /// An unreadable podspec whose text never says how its module is named builds its name's module, and its lock entry
    /// says what it brings (`PINRemoteImage`): `Shop`'s imports of `Net` (no longer in its block) and `ObjectMapper`
    /// (brought by none of its pods) are errors, its `import Wire` declared, and the podspec is still reported unread.
    /// A pod without sources (`Codec`) vendors a framework, never another pod: it holds nothing back either.
    func testAnUnreadablePodspecStatingItsModuleIsDecidedAsItsLockEntrySays() throws {
        try writeUnreadablePodApp(wire: ["s.dependency 'PINRemoteImage'"])
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.message).sorted(),
                       ["Shop imports Net, which target Shop does not link",
                        "Shop imports ObjectMapper from pod ObjectMapper, which target Shop does not link"])
        XCTAssertEqual(checked.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, [])
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .unreadableManifest }.count, 1)
    }

    /// An outside SwiftPM package not checked out (`Kit`, which `Shop` links) brings no pod and cannot build a module a
    /// pod the lock resolved builds: `ObjectMapper` is still an error; a module no pod builds (`KitExtras`) stays undecided.
    func testAnOutsidePackageNotCheckedOutNeverHoldsBackAPodTheLockResolved() throws {
        try writeUnreadablePodApp(wire: ["s.dependency 'PINRemoteImage'"], remoteKit: true)
        try write("import Wire\nimport ObjectMapper\nimport Kit\nimport KitExtras\n", to: "App/Shop/Shop.swift")
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.message),
                       ["Shop imports ObjectMapper from pod ObjectMapper, which target Shop does not link"])
        XCTAssertEqual(checked.result.undecided.imports.map(\.module), ["KitExtras"])
    }

    /// What the text of the unreadable podspec does not state keeps the imports undecided, by it: a `module_name` (its
    /// module may be another), or a dependency its lock entry does not list (the lock is older than the podspec).
    func testAnUnreadablePodspecTheLockDoesNotStateKeepsImportsUndecided() throws {
        for extra in [["s.module_name = 'WireKit'"], ["s.dependency 'Alamofire'"]] {
            try? FileManager.default.removeItem(atPath: root)
            try writeUnreadablePodApp(wire: extra)
            let checked = try check()
            XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.message), [], "\(extra)")
            XCTAssertEqual(checked.result.undecided.imports.map { "\($0.module)" }.sorted(), ["Net", "ObjectMapper"], "\(extra)")
            XCTAssertTrue(checked.result.undecided.imports.allSatisfy { $0.deciders.contains { $0.package == "Wire" || $0.package.hasPrefix("wire") } },
                          "\(checked.result.undecided.imports.map(\.reason))")
        }
    }

    /// Beyond three pods from a specs repository, an undecided import's reason names three of them and their count
    /// (JSON's `decidedBy` still lists each).
    func testAnUndecidedImportsReasonNamesAFewOfManyPods() throws {
        try writeLockedPodfileApp(locked: false)
        try write("platform :ios, '15.0'\nuse_frameworks!\n\ntarget 'Widget' do\n  pod 'StreamCocoa'\n  pod 'Moya'\n  pod 'Kingfisher'\n  pod 'Lottie'\nend\n",
                  to: "App/Podfile")
        let checked = try check()
        let reachability = checked.result.undecided.imports.first { $0.module == "Reachability" }
        XCTAssertEqual(reachability?.reason, "would be decided by reading 4 pods from a specs repository, e.g. Kingfisher, Lottie, Moya (their podspecs are not read)")
        XCTAssertEqual(reachability?.deciders.count, 4)
    }

    /// `#import "Tokens.h"` in the pod `Barrage`, whose podspec no longer declares the outside pod `Tokens` that the pod
    /// `Live` declares, with no lock and no component holding the header: undecided at its line, by that pod's podspec;
    /// the header of a pod it declares (`"Layout.h"`) and one named after no pod (`"Helpers.h"`) are not.
    func testAQuotedIncludeOfAnUndeclaredOutsidePodsHeaderIsUndecidedAtItsLine() throws {
        try write(Self.podspec("Barrage", ["s.dependency 'Layout'"]), to: "Barrage/Barrage.podspec")
        try write("#import \"Layout.h\"\n#import \"Tokens.h\"\n#import \"Helpers.h\"\n\n@implementation BRView\n@end\n", to: "Barrage/Classes/BRView.m")
        try writePod("Live", ["s.dependency 'Tokens'"])
        let checked = try check()
        XCTAssertEqual(checked.result.findings.filter { $0.rule == .implicitDependency }.map(\.message), [])
        XCTAssertEqual(checked.result.undecided.imports.map { "\($0.location.path.hasSuffix("Barrage/Classes/BRView.m")):\($0.location.line ?? 0) \($0.from.id.name) \($0.module) \($0.reason)" },
                       ["true:2 Barrage \"Tokens.h\" would be decided by reading Tokens (a pod from a specs repository: its podspec is not read)"])
    }

    // MARK: Fix advice for a target a Podfile integrates

    /// An Xcode target that a Podfile integrates (its `target` block gives it no pod) importing a pod of the repository
    /// and an outside pod: the advice is the Podfile's `pod` line (with the `:path` from the Podfile's folder for the
    /// local one), never a product linked in Xcode; `fix` edits no Package.swift for it and says the same.
    func testAPodfileIntegratedTargetIsAdvisedAPodLine() throws {
        try writePod("NXKit")
        try write("import NXKit\nimport Alamofire\n", to: "App/App/App.swift")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/App.swift"]),
                                              HeldOutShapesTests.XcodeTargetShape(name: "AppTests", settings: "SDKROOT = iphoneos;", files: [])],
                                             kitPath: "../Kit"),
                  to: "App/App.xcodeproj/project.pbxproj")
        try writeKitPackage()
        try write("target 'App' do\nend\n\ntarget 'AppTests' do\n  pod 'Alamofire', '~> 5.0'\n  pod 'NXKit', :path => '../NXKit'\nend\n", to: "App/Podfile")
        let findings = try check().result.findings.filter { $0.rule == .implicitDependency }
        XCTAssertEqual(findings.map(\.fix), [
            "add pod 'NXKit', :path => '../NXKit' to target 'App' in the Podfile (beside App/Podfile:1:1), then run pod install",
            "add pod 'Alamofire' to target 'App' in the Podfile (beside App/Podfile:1:1), then run pod install",
        ].map { $0.replacingOccurrences(of: "App/Podfile", with: root + "/App/Podfile") })
        let outcome = try open().fix(FixRequest(today: Day(year: 2026, month: 6, day: 1), dryRun: true, toolVersion: "test"))
        XCTAssertEqual(outcome.changes.map(\.path), [])
        XCTAssertEqual(outcome.notFixed.filter { $0.finding.rule == .implicitDependency }.map(\.reason),
                       findings.map { "Xcode projects are not edited; \($0.fix)" })
    }

    /// A pod depending on a pod whose category swizzles in `+ (void)load`, importing nothing of it: unused. Code run at
    /// load time uses a library only for the link that makes the image (an application), never for a pod above it.
    func testAPodDependingOnALibraryThatRunsCodeAtLoadStillHasItUnused() throws {
        try write(Self.podspec("Core"), to: "Core/Core.podspec")
        try write("#import <AppKit/AppKit.h>\n@implementation NSSavePanel (Repair)\n+ (void)load {\n}\n@end\n", to: "Core/Classes/NSSavePanel+Repair.m")
        try write(Self.podspec("Files", ["s.dependency 'Core'"]), to: "Files/Files.podspec")
        try write("#import \"Files.h\"\n@implementation Files\n@end\n", to: "Files/Classes/Files.m")
        try write("#import <Foundation/Foundation.h>\n@interface Files : NSObject\n@end\n", to: "Files/Classes/Files.h")
        XCTAssertEqual(try check().result.findings.filter { $0.rule == .unusedDependency }.map(\.message),
                       ["Files declares a dependency on Core from Core, which none of its files imports"])
    }

    // MARK: A stale example Podfile

    /// `pod lib create`'s `Example/Podfile` still names the pod by its old name at `../` (`pod 'OldBoard'`), where only
    /// `Board.podspec` is now: one `unresolved` at the Podfile's line, saying what the folder holds, never one more per
    /// target the line gives the pod to (the example and its tests, nested with `inherit! :search_paths`).
    func testAStaleExamplePodfilesPathPodIsOneFindingAtItsLine() throws {
        try write(Self.podspec("Board"), to: "Modules/Board/Board.podspec")
        try write("public struct Board {}\n", to: "Modules/Board/Classes/Board.swift")
        try write("import OldBoard\n", to: "Modules/Board/Example/OldBoard/AppDelegate.swift")
        try write(HeldOutShapesTests.project([
            HeldOutShapesTests.XcodeTargetShape(name: "OldBoard_Example", settings: "SDKROOT = iphoneos;", files: ["OldBoard/AppDelegate.swift"],
                                                productType: "application"),
            HeldOutShapesTests.XcodeTargetShape(name: "OldBoard_Tests", settings: "SDKROOT = iphoneos;", files: [], productType: "bundle.unit-test"),
        ], kitPath: "../../Kit"), to: "Modules/Board/Example/OldBoard.xcodeproj/project.pbxproj")
        try write("use_frameworks!\n\ntarget 'OldBoard_Example' do\n  pod 'OldBoard', :path => '../'\n\n  target 'OldBoard_Tests' do\n    inherit! :search_paths\n  end\nend\n",
                  to: "Modules/Board/Example/Podfile")
        try writePod("Kit")
        let findings = try check().result.findings.filter { $0.rule == .unresolved && !$0.message.contains("Kit") }
        XCTAssertEqual(described(findings), ["ROOT/Modules/Board/Example/Podfile:4:3: unresolved: Modules/Board/Example/Podfile depends on the pod at '../', which has no OldBoard.podspec"])
        XCTAssertEqual(findings.map(\.fix), ["fix the path, or the pod's name (CocoaPods reads OldBoard.podspec in that folder, which holds Board.podspec)"])
    }

    // MARK: A pod that cannot be read

    /// An SDK's podspec at the repository's root that cannot be read (its version comes from the environment), with
    /// the root's Xcode project whose app compiles most of the code: the app's files count as read, only the files the
    /// unread pod alone would compile as unread. `init --infer` proposes layers (3 of 4 files read), and `check`'s
    /// count leaves the unread pod's file to its `unreadable-manifest` warning.
    func testFilesAnAppCompilesBesideAnUnreadableRootPodspecCountAsRead() throws {
        try write(Self.podspec("LinkSDK", ["s.version = ENV['LINK_SDK_VERSION'] || '1.0.0'"]).replacingOccurrences(of: "Classes/**/*", with: "Source/SDK/**/*"),
                  to: "LinkSDK.podspec")
        try write("#import <Foundation/Foundation.h>\n@interface LNKClient : NSObject\n@end\n", to: "Source/SDK/LNKClient.h")
        try write("#import \"LNKClient.h\"\n@implementation LNKClient\n@end\n", to: "Source/SDK/LNKClient.m")
        let files = ["Source/App/AppDelegate.m", "Source/App/HomeViewController.m", "Source/App/Settings.swift"]
        for file in files { try write(file.hasSuffix(".swift") ? "import UIKit\n" : "#import <UIKit/UIKit.h>\n", to: file) }
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "LinkApp", settings: "SDKROOT = iphoneos;", files: files,
                                                                                  productType: "application")], kitPath: "Kit"),
                  to: "LinkApp.xcodeproj/project.pbxproj")
        try write("target 'LinkApp' do\n  pod 'LinkSDK', :path => './'\nend\n", to: "Podfile")
        try writePod("Kit")
        let checked = try check()
        XCTAssertTrue(checked.result.findings.contains { $0.rule == .unreadableManifest }, "\(described(checked.result.findings))")
        let coverage = try XCTUnwrap(checked.graph.coverage)
        XCTAssertEqual([coverage.read, coverage.total], [4, 4], "the app's 3 files and Kit's")
        XCTAssertFalse(checked.result.findings.contains { $0.rule == .unreadSources }, "\(described(checked.result.findings))")
        let inferred = try Project.inferConfiguration(at: root, reader: ManifestReader(strategy: .static), today: Day(year: 2026, month: 6, day: 1))
        XCTAssertTrue(inferred.configuration.contains("LinkApp"), inferred.configuration)
    }

    /// `pod lib create`'s `Example/` project of a pod whose podspec cannot be read holds only `Commons_Tests`: where it
    /// belongs is the unread pod's business, so no `unassigned` (the `unreadable-manifest` warning stands for it); a
    /// project of no unread pod's name or folder is still reported.
    func testATargetOfAnUnreadPodsExampleProjectIsInNoLayerWithoutAFinding() throws {
        try write(Self.podspec("Commons", ["if ENV['COMMONS_BINARY']", "  s.vendored_frameworks = 'Commons.xcframework'", "end"]), to: "Commons/Commons.podspec")
        try write("public struct Commons {}\n", to: "Commons/Classes/Commons.swift")
        let tests = HeldOutShapesTests.XcodeTargetShape(name: "Commons_Tests", settings: "SDKROOT = iphoneos;", files: [], productType: "bundle.unit-test")
        try write(HeldOutShapesTests.project([tests], kitPath: "../../Kit"), to: "Commons/Example/Commons.xcodeproj/project.pbxproj")
        try write(HeldOutShapesTests.project([HeldOutShapesTests.XcodeTargetShape(name: "Lint", settings: "SDKROOT = macosx;", files: [])], kitPath: "../Kit"),
                  to: "Tools/Tools.xcodeproj/project.pbxproj")
        try writePod("Kit")
        try write("layers:\n  - name: core\n    members: [Kit]\n", to: "componentize.yml")
        let findings = described(try check().result.findings)
        XCTAssertFalse(findings.contains { $0.contains("Commons_Tests") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("unassigned: Lint (package Tools) belongs to no layer") }, "\(findings)")
        XCTAssertTrue(findings.contains { $0.contains("Commons/Commons.podspec") && $0.contains("unreadable-manifest") }, "\(findings)")
    }
}
