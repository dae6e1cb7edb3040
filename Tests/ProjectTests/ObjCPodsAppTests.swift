import Configuration
import DependencyGraph
import Diagnostics
import Foundation
import ManifestReading
import PackageModel
import Project
import Rules
import XCTest

/// fixtures/ObjCPodsApp: an Objective-C app integrated by CocoaPods, holding one shape of each kind of code that gave
/// false findings on real apps (its README lists them). Each test names the shape and what the check now says of it.
final class ObjCPodsAppTests: XCTestCase {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/ObjCPodsApp").path

    private func check() throws -> ProjectCheck {
        try Project.open(at: Self.fixture, reader: ManifestReader(strategy: .static)).check(today: Day(year: 2026, month: 6, day: 1))
    }

    private func findings(_ rule: RuleID) throws -> [String] {
        try check().result.findings.filter { $0.rule == rule }.map { "\($0.location.description.replacingOccurrences(of: Self.fixture + "/", with: "")): \($0.message)" }
    }

    /// The only finding: the podspec the static reader declines, a warning (Ruby may accept it).
    func testTheOnlyFindingIsTheDeclinedPodspec() throws {
        let result = try check().result
        XCTAssertEqual(result.findings.map { "\($0.rule) \($0.severity)" }, ["unreadable-manifest warning"],
                       result.findings.map(\.message).joined(separator: "\n"))
    }

    /// Cause 5: an app target's headers are in no build phase, yet compiled into the files that include them: the
    /// annotation `@BeeHiveService(FeedServiceProtocol, FeedServiceImpl)` in `FeedServiceImpl.h` provides the service,
    /// and the route constant of `AppRoutes.h` names the URL opened.
    func testAnAppTargetsHeadersAreReadForServicesRoutesAndImports() throws {
        let graph = try check().graph
        let calls = try XCTUnwrap(graph.mediators?.calls)
        XCTAssertEqual(calls.filter { !$0.from.isTest }.map { "\($0.from.id.name) \($0.key) → \($0.providers.map(\.target.id.name))" }.sorted(), [
            "App route nx://profile/7 → [\"ComponentProfile\"]",
            "App service FeedServiceProtocol → [\"App\"]",
        ])
        XCTAssertEqual(graph.mediators?.undecided.count, 0)
        let app = try XCTUnwrap(graph.sortedTargets.first { $0.id.name == "App" })
        XCTAssertTrue(graph.imports?.importedModules[app.number]?.contains("BeeHive") == true)
    }

    /// Cause 8: `#if NX_USE_LISTKIT` around `#import <ListKit/ListKit.h>` is a branch some builds leave out: no
    /// `implicit-dependency`, as for Swift's `#if FLAG`.
    func testAnImportUnderTheTeamsFlagIsNoFinding() throws {
        XCTAssertEqual(try findings(.implicitDependency), [])
        let feed = try XCTUnwrap(try check().graph.sortedTargets.first { $0.id.name == "ComponentFeed" })
        XCTAssertTrue(try check().graph.imports?.importedModules[feed.number]?.contains("ListKit") == true, "the module still counts as imported")
    }

    /// Cause 9: ComponentProfile imports only `<NXKit/NXKit.h>`, whose umbrella imports `<NXNetwork/NXNetwork.h>`: its
    /// declared NXNetwork is used (removing it would make an implicit dependency).
    func testAnUmbrellaHeaderReexportsWhatItImports() throws {
        XCTAssertEqual(try findings(.unusedDependency), [])
        XCTAssertEqual(try check().graph.imports?.reexports["NXKit"], ["NXNetwork"], "the SDK's modules are every target's: re-exporting one provides nothing")
    }

    /// Cause 10: the app imports NXNetwork, which its Podfile target gets through ComponentFeed → NXKit → NXNetwork:
    /// CocoaPods links the whole closure into the app's aggregate target.
    func testAPodfileTargetSeesEveryPodOfItsClosure() throws {
        let graph = try check().graph
        let app = try XCTUnwrap(graph.sortedTargets.first { $0.id.name == "App" })
        XCTAssertFalse(graph.localEdges.contains { $0.from.number == app.number && $0.edge.viaImport }, "no import edge the Podfile does not cover")
    }

    /// Cause 7: NXLegacyKit's podspec chooses its files by `ENV`: declined, a warning at the `if`; NXKit's
    /// `s.dependency 'NXLegacyKit'` stays a local dependency (never third-party, never unresolved) and what the pod may
    /// provide is undecided.
    func testAnUnreadableLocalPodStaysLocal() throws {
        XCTAssertEqual(try findings(.unreadableManifest), [
            "Components/NXLegacyKit/NXLegacyKit.podspec:11:3: NXLegacyKit.podspec is not read, so its pod is not checked: the static podspec reader cannot evaluate a condition ('if')",
        ])
        XCTAssertEqual(try findings(.thirdParty) + findings(.unresolved), [])
        let edge = try XCTUnwrap(try check().graph.edges.first { $0.from.name == "NXKit" && $0.written.hasPrefix("NXLegacyKit") })
        XCTAssertEqual(edge.to, .unavailable(package: "nxlegacykit", product: "NXLegacyKit"))
    }

    /// Cause 11: `pod 'NXTheme/Colors'` names a subspec of a pod mid-migration (NXTheme has a Package.swift too): it
    /// resolves to the pod's product and the subspec's (`NXThemeColors`), as CocoaPods builds the pod.
    func testASubspecOfAPodMidMigrationResolvesToThePod() throws {
        let edges = try check().graph.localEdges.filter { $0.from.id.name == "App" && $0.edge.written.hasPrefix("NXTheme/Colors") }
        XCTAssertEqual(edges.map(\.to.id.name), ["NXTheme", "NXThemeColors"])
    }

    /// Cause 12: SDK headers (`<objc/runtime.h>`, `<sys/utsname.h>`, AudioToolbox) and a declared `Pod/Subspec`
    /// (`AFNetworking/NSURLSession`) are decided; SDWebImage, which no manifest names, may come from one of the outside
    /// pods the app declares: undecided, at its place, with those pods by name.
    func testOnlyWhatAPodMayProvideIsUndecided() throws {
        let undecided = try XCTUnwrap(try check().graph.imports?.undecided).filter { $0.from.id.name == "App" }
        XCTAssertEqual(undecided.map { "\($0.location.line ?? 0) \($0.module)" }, ["12 SDWebImage"])
        XCTAssertEqual(undecided.first?.deciders.map(\.description), [
            "AFNetworking (a pod from a specs repository: its podspec is not read)", "BeeHive (a pod from a specs repository: its podspec is not read)",
            "ListKit (a pod from a specs repository: its podspec is not read)", "MGJRouter (a pod from a specs repository: its podspec is not read)",
            "NXLegacyKit (its manifest cannot be read)", "NXLogger (a pod from a specs repository: its podspec is not read)",
            "NXPaySDK (a pod without source files in the repository: what it vendors is not read)",
        ])
    }

    /// A pod none of whose sources is here: `Specs/NXAnalytics.podspec` downloads its archive (`source :http`), a copy of a
    /// specs repository's entry, so it is no component (its dependency on a subspec NXKit lacks is not `unresolved`);
    /// NXPaySDK vendors a framework fetched by a script: the module its `vendored_frameworks` names is provided
    /// (NXPay/Base's `<PaySDK/…>`), what else it provides is undecided (`<PayRisk/…>`), and a dependency on it is never unused; NXPay's `All` subspec has no file of its own: it imports nothing, so reports
    /// nothing.
    func testAPodWithoutSourcesHereIsNeitherUnusedNorAComponentWhenDownloaded() throws {
        let checked = try check()
        XCTAssertFalse(checked.graph.packages.contains { $0.manifest.name == "NXAnalytics" })
        XCTAssertTrue(checked.notes.contains { $0.message.hasPrefix("a podspec here downloads its sources (source :http)") && $0.location?.path.hasSuffix("Specs") == true },
                      checked.notes.map(\.message).joined(separator: "\n"))
        XCTAssertEqual(try findings(.unusedDependency) + findings(.unresolved) + findings(.unassigned), [])
        XCTAssertFalse(checked.graph.imports?.undecided.contains { $0.module == "PaySDK" } ?? true)
        let pay = try XCTUnwrap(checked.graph.imports?.undecided.first { $0.module == "PayRisk" })
        XCTAssertEqual(pay.from.id.name, "NXPay/Base")
        XCTAssertEqual(pay.deciders.map(\.reason), [.withoutSources])
    }

    /// `pod 'NXLogger/Remote', '~> 2.0'` names no `:path`: CocoaPods takes the released pod from its specs repository,
    /// though a development pod of that name is under Components/. An outside pod (what it provides undecided), never
    /// the local podspec (which has no `Remote` subspec: before, `unresolved`).
    func testAPodWithoutAPathIsAnOutsidePodThoughALocalPodspecHasItsName() throws {
        let edge = try XCTUnwrap(try check().graph.edges.first { $0.from.name == "App" && $0.written.hasPrefix("NXLogger") })
        XCTAssertEqual(edge.to, .external(package: "nxlogger", product: "NXLogger/Remote"))
        XCTAssertEqual(try findings(.unresolved) + findings(.implicitDependency), [])
        XCTAssertFalse(try check().graph.imports?.undecided.contains { $0.module == "NXLogger" } ?? true,
                       "the declared outside pod builds the module NXLogger the app imports: decided, though a local pod has that module too")
    }
}
