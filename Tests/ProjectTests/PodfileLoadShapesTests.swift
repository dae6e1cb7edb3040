import Diagnostics
import Project
import Rules
import XCTest

/// Podfiles whose pods are declared in another Ruby file they read in (`load 'modules.rb'` whose `def` the target calls),
/// and Podfiles where something the reader cannot see may add pods: the app target's imports of those pods are never
/// "does not link".
final class PodfileLoadShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-podfileload" }

    /// A development pod `<Name>/<Name>.podspec` with one Objective-C file.
    private func writePod(_ name: String) throws {
        try write("Pod::Spec.new do |s|\n  s.name = '\(name)'\n  s.version = '1.0.0'\n  s.source_files = 'Classes/**/*'\nend\n", to: "\(name)/\(name).podspec")
        try write("@interface \(name)Thing\n@end\n", to: "\(name)/Classes/\(name)Thing.h")
        try write("#import \"\(name)Thing.h\"\n@implementation \(name)Thing\n@end\n", to: "\(name)/Classes/\(name)Thing.m")
    }

    /// The app target `App` (App/AppDelegate.m imports Kit and Payments, and `extra`), the pods, a framework target
    /// `Core` of the project, and `podfile` at the root.
    private func writeApp(podfile: String, extra: String = "") throws {
        try writePod("Kit")
        try writePod("Payments")
        try write(HeldOutShapesTests.project([
            HeldOutShapesTests.XcodeTargetShape(name: "App", settings: "SDKROOT = iphoneos;", files: ["App/AppDelegate.m"], productType: "application"),
            HeldOutShapesTests.XcodeTargetShape(name: "Core", settings: "SDKROOT = iphoneos;", files: ["Core/CoreThing.m"]),
        ]), to: "App.xcodeproj/project.pbxproj")
        try write("@interface CoreThing\n@end\n@implementation CoreThing\n@end\n", to: "Core/CoreThing.m")
        try write("#import <Kit/KitThing.h>\n#import <Payments/PaymentsThing.h>\n" + extra, to: "App/AppDelegate.m")
        try write(podfile, to: "Podfile")
    }

    /// `load 'modules.rb'`, whose `def module_pods` the target calls: the pods it names are the target's, so its imports
    /// of them are declared (before: two false `implicit-dependency` errors, "App does not link Kit").
    func testPodsOfAFileThePodfileLoadsAreTheTargets() throws {
        try writeApp(podfile: "platform :ios, '13.0'\nload 'modules.rb'\n\ntarget 'App' do\n  module_pods\nend\n")
        try write("def module_pods\n  pod 'Kit', :path => 'Kit'\n  pod 'Payments', :path => 'Payments/'\nend\n", to: "modules.rb")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings), [])
        XCTAssertEqual(checked.graph.edges.filter { $0.from.name == "App" }.map(\.written).sorted(), ["Kit from Kit", "Payments from Payments"])
        XCTAssertEqual(checked.graph.imports?.undecided.map(\.module), [])
        XCTAssertFalse(checked.notes.contains { $0.location?.path.hasSuffix("Podfile") == true || $0.location?.path.hasSuffix("modules.rb") == true },
                       checked.notes.map(\.description).joined(separator: "\n"))
    }

    /// The file is loaded by a path the reader cannot evaluate, and a method defined nowhere it reads is called: the
    /// target's pods are not all known, so its imports of pods the Podfile does not name are undecided (at their places,
    /// with the Podfile's statement as what would decide them), never an error; each statement is a note. A pod cannot
    /// be the project's own framework target: the app's import of it, not linked, stays an error.
    func testAPodfileWhosePodsAreNotAllReadLeavesTheTargetsImportsUndecided() throws {
        try writeApp(podfile: "load File.join(ENV['POD_HELPERS'], 'modules.rb')\n\ntarget 'App' do\n  pod 'Kit', :path => 'Kit'\n  payments_pods\nend\n",
                     extra: "#import <Core/Core.h>\n")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings).map { $0.components(separatedBy: ", which").first ?? $0 },
                       ["ROOT/App/AppDelegate.m:3:1: implicit-dependency: App imports Core"])
        let undecided = try XCTUnwrap(checked.graph.imports?.undecided)
        XCTAssertEqual(undecided.map { "\($0.location.line ?? 0) \($0.from.id.name) \($0.module)" }, ["2 App Payments"])
        XCTAssertEqual(undecided.first?.deciders.map(\.description).map { $0.replacingOccurrences(of: root, with: "ROOT") }, [
            "ROOT/Podfile:1:1: 'load' of a file whose path is computed, whose pods are not read",
            "ROOT/Podfile:5:3: 'payments_pods', a method the Podfile does not define, whose pods are not read",
        ])
        XCTAssertEqual(checked.notes.filter { $0.location?.path.hasSuffix("Podfile") == true }.map { $0.location?.line }, [1, 5])
    }
}

/// A pod's header included by angle brackets without its folder (`#import <AnalyticsManager.h>`), which CocoaPods'
/// public header search paths find as they find `<Analytics/AnalyticsManager.h>`.
final class BareAngledHeaderShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-bareangled" }

    private func writePod(_ name: String, dependencies: [String] = [], source: String) throws {
        let lines = dependencies.map { "  s.dependency '\($0)'\n" }.joined()
        try write("Pod::Spec.new do |s|\n  s.name = '\(name)'\n  s.version = '1.0.0'\n  s.source_files = 'Classes/**/*'\n\(lines)end\n", to: "\(name)/\(name).podspec")
        try write(source, to: "\(name)/Classes/\(name).m")
    }

    /// Orders declares Analytics and includes its header as `<AnalyticsManager.h>`: a use, so the dependency is not unused
    /// (before: "none of its files imports"). Billing includes it without declaring Analytics: the SDK's header of that
    /// name would be found instead, so it is no finding either way; nor is `<stdio.h>`.
    func testABareAngledIncludeOfAPodsHeaderIsAUseOfTheDeclaredPod() throws {
        try write("@interface AnalyticsManager\n@end\n", to: "Analytics/Classes/AnalyticsManager.h")
        try writePod("Analytics", source: "#import \"AnalyticsManager.h\"\n@implementation AnalyticsManager\n@end\n")
        try writePod("Orders", dependencies: ["Analytics"], source: "#import <AnalyticsManager.h>\n#import <stdio.h>\n")
        try writePod("Billing", source: "#import <AnalyticsManager.h>\n")
        XCTAssertEqual(described(try check().result.findings), [])
    }
}
