import Diagnostics
import Foundation
import PackageModel
import Project
import Rules
import TestSupport
import XCTest

/// Objective-C quoted includes of another component's header (issue 48, recall): `#import "NXKit/NXKit.h"` of a pod
/// is `#import <NXKit/NXKit.h>`; `#import "NXKit.h"` of a header one other component holds is an import of it; a header
/// several modules hold is undecided; an Xcode target's include of another target's header (found through header search
/// paths) is an edge the layering rules judge, its missing link undecided.
final class QuotedHeaderShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-quotedheaders" }

    private func undecided(_ check: ProjectCheck) -> [String] {
        check.result.undecided.imports.map { "\($0.location.description.replacingOccurrences(of: root, with: "ROOT")): \($0.from.id.name) \($0.module): \($0.deciders.map(\.description).joined(separator: ", "))" }
    }

    /// An Objective-C pod `<Name>/<Name>.podspec` whose `Classes/` hold `<Name>.h`, `<Name>.m` and `extra` files.
    private func writePod(_ name: String, dependencies: [String] = [], source: String = "", extra: [(String, String)] = []) throws {
        let lines = ["Pod::Spec.new do |s|", "  s.name = '\(name)'", "  s.version = '1.0.0'", "  s.source_files = 'Classes/**/*'"]
            + dependencies.map { "  s.dependency '\($0)'" } + ["end", ""]
        try write(lines.joined(separator: "\n"), to: "\(name)/\(name).podspec")
        try write("@interface \(name) : NSObject\n@end\n", to: "\(name)/Classes/\(name).h")
        try write("#import \"\(name).h\"\n\(source)\n@implementation \(name)\n@end\n", to: "\(name)/Classes/\(name).m")
        for (file, text) in extra { try write(text, to: "\(name)/Classes/\(file)") }
    }

    // MARK: A folder written before the header's name

    /// `#import "NXKit/NXKit.h"` is `#import <NXKit/NXKit.h>`: undeclared, an implicit dependency at its line; declared,
    /// a use (the dependency is not unused).
    func testAQuotedIncludeUnderAPodsFolderIsThatPodsImport() throws {
        try writePod("NXKit")
        try writePod("NXUI", source: "#import \"NXKit/NXKit.h\"")
        XCTAssertEqual(described(try check().result.findings),
                       ["ROOT/NXUI/Classes/NXUI.m:2:1: implicit-dependency: NXUI (common) imports NXKit (kit), which its manifest does not declare"])
        try writePod("NXUI", dependencies: ["NXKit"], source: "#import \"NXKit/NXKit.h\"")
        XCTAssertEqual(described(try check().result.findings), [])
    }

    /// A folder that names no module the repository knows (`"Private/Helper.h"`, a folder of the search paths) is no
    /// import: no finding, nothing undecided.
    func testAQuotedFolderThatNamesNoModuleIsNothing() throws {
        try writePod("NXUI", source: "#import \"Private/Helper.h\"\n#import \"UIKit/UIKit.h\"")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings), [])
        XCTAssertEqual(undecided(checked), [])
    }

    // MARK: A header's bare name

    /// `#import "NXKit.h"` of the one pod holding that header: an import of it (a pod's search paths hold the headers of
    /// what it declares only); its own header and one beside it are its own.
    func testABareHeaderOfAnotherPodIsItsImport() throws {
        try writePod("NXKit")
        try writePod("NXUI", source: "#import \"NXKit.h\"\n#import \"Local.h\"", extra: [("Local.h", "#define LOCAL 1\n")])
        XCTAssertEqual(described(try check().result.findings),
                       ["ROOT/NXUI/Classes/NXUI.m:2:1: implicit-dependency: NXUI (common) imports NXKit (kit), which its manifest does not declare"])
    }

    /// A header name two modules hold: which one the search paths find is not read, undecided with the modules that hold
    /// it, never a finding.
    func testAHeaderNameSeveralModulesHoldIsUndecided() throws {
        try writePod("NXKit", extra: [("Util.h", "#define KIT 1\n")])
        try writePod("NXBase", extra: [("Util.h", "#define BASE 1\n")])
        try writePod("NXUI", source: "#import \"Util.h\"")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings), [])
        XCTAssertEqual(undecided(checked), [
            "ROOT/NXUI/Classes/NXUI.m:2:1: NXUI \"Util.h\": NXBase (one of the modules holding a header Util.h: which one the header search paths find is not read), NXKit (one of the modules holding a header Util.h: which one the header search paths find is not read)",
        ])
    }

    // MARK: Xcode targets through header search paths

    /// A framework of another project includes the app's header (`#import "AppDelegate.h"`, found through a recursive
    /// `HEADER_SEARCH_PATHS`): an edge from the framework to the app, which `upward` reports where layers say so; whether
    /// the framework must link the app is undecided (the search paths compile it without), never implicit-dependency.
    func testALowerFrameworkIncludingTheAppsHeaderIsUpward() throws {
        try write(HeldOutShapesTests.project([
            HeldOutShapesTests.XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/AppDelegate.m"], productType: "application"),
        ]), to: "App.xcodeproj/project.pbxproj")
        try write("@interface AppDelegate : NSObject\n@end\n", to: "App/AppDelegate.h")
        try write("#import \"AppDelegate.h\"\n@implementation AppDelegate\n@end\n", to: "App/AppDelegate.m")
        try write(HeldOutShapesTests.project([
            HeldOutShapesTests.XcodeTargetShape(name: "Skin", settings: "SDKROOT = iphoneos; HEADER_SEARCH_PATHS = \"$(SRCROOT)/../App/**\";", files: ["Skin/Skin.m"]),
        ], kitPath: "../Kit"), to: "Skin/Skin.xcodeproj/project.pbxproj")
        try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"Kit\", products: [.library(name: \"Kit\", targets: [\"Kit\"])], targets: [.target(name: \"Kit\")])\n",
                  to: "Kit/Package.swift")
        try write("public struct Kit {}\n", to: "Kit/Sources/Kit/Kit.swift")
        try write("#import \"Skin.h\"\n#import \"AppDelegate.h\"\n@implementation Skin\n@end\n", to: "Skin/Skin/Skin.m")
        try write("@interface Skin : NSObject\n@end\n", to: "Skin/Skin/Skin.h")
        var checked = try check()
        XCTAssertEqual(described(checked.result.findings), [])
        XCTAssertEqual(undecided(checked), [
            "ROOT/Skin/Skin/Skin.m:2:1: Skin App: App (its header is found through header search paths, which compile without linking it: whether the build needs the link is not read)",
        ])
        try write("layers:\n  - name: app\n    members: [App]\n  - name: kit\n    members: [Skin, Kit]\n", to: "componentize.yml")
        checked = try check()
        XCTAssertEqual(described(checked.result.findings).map { $0.components(separatedBy: ": ").prefix(2).joined(separator: ": ") },
                       ["ROOT/Skin/Skin/Skin.m:2:1: upward"])
    }
}
