import Foundation
import XCTest

/// `init --infer` proposes layers a team would keep (issue 49, item 3): the built binary on copies of
/// `fixtures/inferred/*` and `fixtures/PodsApp`, typed as a user types it, then `check` right after.
final class InferredLayeringTests: XCTestCase {
    private var root: URL!
    static let environment = ProcessInfo.processInfo.environment.merging(["COMPONENTIZE_TODAY": "2026-06-01", "NO_COLOR": "1"]) { $1 }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-inferred-\(UUID().uuidString)")
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A copy of a fixture (fixtures are never written to), `init --infer` run in it, and `check` right after.
    private func inferAndCheck(_ fixture: String) throws -> (infer: CommandResult, configuration: String) {
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/\(fixture)"), to: root)
        let infer = try run("init", "--infer")
        XCTAssertEqual(infer.status, 0, infer.stdout + infer.stderr)
        let check = try run("check")
        XCTAssertEqual(check.status, 0, "its own check passes right after init --infer: \(check.stdout)")
        return (infer, try read("componentize.yml"))
    }

    private func run(_ arguments: String...) throws -> CommandResult {
        try Componentize.run(arguments, in: root, environment: Self.environment)
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private func edit(_ path: String, replacing old: String, with new: String) throws {
        let text = try read(path)
        XCTAssertTrue(text.contains(old), "\(path) holds \(old)")
        try text.replacingOccurrences(of: old, with: new).write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    /// A dependency on the sibling package `name` added to a manifest (after the package and the target lines given), and
    /// `check` catching it with `finding`.
    private func expectCaught(_ finding: String, adding name: String, to manifest: String, after anchors: (package: String, target: String)) throws {
        try edit(manifest, replacing: anchors.package, with: anchors.package + "        .package(path: \"../\(name)\"),\n")
        try edit(manifest, replacing: anchors.target, with: anchors.target + "                .product(name: \"\(name)\", package: \"\(name)\"),\n")
        let caught = try run("check")
        XCTAssertEqual(caught.status, 1, caught.stdout)
        XCTAssertTrue(caught.stdout.contains(finding), caught.stdout)
    }

    /// The layer of the configuration whose entries name `entry` (a folder or a target), by its `- name:` line.
    private func layer(of entry: String, in configuration: String) -> String? {
        var current: String?
        for line in configuration.split(separator: "\n").map(String.init) {
            if line.hasPrefix("  - name: ") { current = String(line.dropFirst("  - name: ".count)) }
            if line.hasPrefix("    paths: ") || line.hasPrefix("    members: "), line.contains(entry) { return current }
            if line.hasPrefix("thirdParty:") { return nil }
        }
        return nil
    }

    /// In a flat `Packages/` folder, Search uses Feed: Search is not put among the independent features (where that
    /// dependency would be a `horizontal` finding no team agrees with) but above them, and nothing is baselined. A
    /// folder the team made keeps its few inner dependencies baselined, as before (LegacyApp's `Features/`).
    func testAPackageAndOneItDependsOnAreNeverInOneIndependentLayer() throws {
        let (infer, configuration) = try inferAndCheck("inferred/FeatureUsesFeature")
        XCTAssertTrue(infer.stdout.contains("  features  3 packages, independent\n"), infer.stdout)
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
        let search = try XCTUnwrap(layer(of: "Packages/Search", in: configuration))
        XCTAssertNotEqual(search, layer(of: "Packages/Feed", in: configuration), configuration)
        XCTAssertEqual(layer(of: "Packages/Feed", in: configuration), layer(of: "Packages/Login", in: configuration))

        // A new dependency between two features is still caught.
        try expectCaught("[horizontal] Login (features) depends on Profile (features)", adding: "Profile", to: "Packages/Login/Package.swift",
                         after: ("        .package(path: \"../Networking\"),\n", "                .product(name: \"Networking\", package: \"Networking\"),\n"))

        try FileManager.default.removeItem(at: root)
        let (legacy, _) = try inferAndCheck("LegacyApp")
        XCTAssertTrue(legacy.stdout.contains("features  13 packages, independent (1 dependency between members baselined)"), legacy.stdout)
    }

    /// Packages side by side in `LocalPackages/`, one built on another: the user sits above what it uses, nothing is
    /// baselined, and a new dependency between the three below is still caught. Depths of unrelated packages in a flat
    /// folder get names a team would keep, never a list of members.
    func testAFolderNotNamedForFeaturesIsSplitWhereItsDependenciesSayAndNoLayerIsNamedByItsMembers() throws {
        let (infer, configuration) = try inferAndCheck("inferred/LocalFolderStack")
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
        XCTAssertNotEqual(layer(of: "LocalPackages/Widgets", in: configuration), layer(of: "LocalPackages/Palette", in: configuration), configuration)
        try expectCaught("[horizontal] Ledger (core) depends on Transport (core)", adding: "Transport", to: "LocalPackages/Ledger/Package.swift",
                         after: ("])],\n    dependencies: [\n", "\"Ledger\",\n            dependencies: [\n"))

        try FileManager.default.removeItem(at: root)
        let (depths, flat) = try inferAndCheck("inferred/UnrelatedDepths")
        XCTAssertTrue(depths.stdout.contains("inferred 4 layers from 11 packages"), depths.stdout)
        XCTAssertFalse(flat.contains("named after its members"), flat)
        XCTAssertEqual(layer(of: "Packages/Lexicon", in: flat), layer(of: "Packages/Home", in: flat), flat)
    }

    /// A `Data` module the app alone wires is not a feature beside the root feature (it is named like infrastructure), and
    /// it does not share a layer with the feature interfaces at its depth: it sits right above what it uses, below the
    /// interfaces, in a layer of its own.
    func testADataModuleTheAppWiresSitsAboveWhatItUsesAndBelowTheInterfaces() throws {
        let (infer, configuration) = try inferAndCheck("inferred/DataBesideInterfaces")
        XCTAssertTrue(infer.stdout.contains("  interfaces   2 Xcode targets, independent\n  shared       1 Xcode target\n"), infer.stdout)
        XCTAssertEqual(layer(of: "Data", in: configuration), "shared", configuration)
        XCTAssertNotEqual(layer(of: "RootFeature", in: configuration), "shared", configuration)
        XCTAssertTrue(configuration.contains("    members: [CartFeatureInterface, ShopFeatureInterface]\n"), configuration)
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
    }

    /// The sample pods app laid out in `Kit/`, `Common/`, `Account/` and `Business/`, with a Podfile whose target is the
    /// app: each folder is a layer in that order, and the business pod on top (ComponentOwner) is not the app.
    func testTheClassicFoldersAndThePodfilesAppTargetDecideTheLayers() throws {
        let (infer, configuration) = try inferAndCheck("PodsApp")
        XCTAssertTrue(infer.stdout.hasPrefix("""
            inferred 4 layers from 7 pods, top first:
              business  3 packages, independent
              account   1 package
              common    2 packages, independent
              kit       1 package
            app: NXApp (scaffold.app: 'componentize new' adds each new component to it)

            """), infer.stdout)
        XCTAssertTrue(configuration.contains("  app: NXApp\n"), configuration)
        XCTAssertEqual(layer(of: "Account/*", in: configuration), "account")
        XCTAssertFalse(configuration.contains("ComponentOwner"), "no pod is named the app: \(configuration)")
    }

    /// Beside the app's project, an `Example/` project with an application named `…App`; an app extension linking a
    /// package it holds by folder (its product named without a package); the app named like the package of its
    /// features; a framework target of the example named like the package it builds. The app is `Shop`, the extension
    /// sits above the package it links, which is not a third-party package, the package named like the app keeps its
    /// own folder's layer (the app is placed by its kind), and the framework target shares its package's layer.
    func testAnExampleIsNeverTheAppAndAnExtensionSitsAboveWhatItLinks() throws {
        let (infer, configuration) = try inferAndCheck("inferred/ExtensionAndExample")
        XCTAssertTrue(infer.stdout.contains("app: Shop (scaffold.app"), infer.stdout)
        XCTAssertTrue(configuration.contains("  app: Shop\n"), configuration)
        XCTAssertFalse(infer.stdout.contains("third-party:"), "ShopKit is local: \(infer.stdout)")
        XCTAssertTrue(configuration.contains("  packages: {}"), configuration)
        let widget = try XCTUnwrap(layer(of: "ShopWidget", in: configuration), configuration)
        XCTAssertEqual(widget, "extensions", "an extension is placed by its kind: \(configuration)")
        let kit = try XCTUnwrap(layer(of: "Packages/", in: configuration), configuration)
        let order = configuration.split(separator: "\n").filter { $0.hasPrefix("  - name: ") }.map { String($0.dropFirst("  - name: ".count)) }
        XCTAssertLessThan(try XCTUnwrap(order.firstIndex(of: widget)), try XCTUnwrap(order.firstIndex(of: kit)), "the extension is above ShopKit: \(order)")
        XCTAssertTrue(configuration.contains("    kinds: [application]\n"), configuration)
        // The example project's framework target named like the package it builds goes where that package goes.
        XCTAssertTrue(configuration.contains("    paths: [\"Packages/*\"]\n    members: [Catalog]\n"), configuration)
        XCTAssertFalse(configuration.contains("members: [Shop]") || configuration.contains("members: [Shop,"), configuration)

        let json = try run("check", "--format", "json", "--no-baseline")
        XCTAssertFalse(json.stdout.contains("\"rule\" : \"third-party\"") || json.stdout.contains("\"rule\": \"third-party\""), json.stdout)
    }

    /// When the pods read compile 1 of the repository's 6 Swift files (two podspecs choose their files from the
    /// environment), `init --infer` proposes nothing: it names what it could not read, writes no file, exits 2; with
    /// `--allow-unread` it proposes layers for the part read.
    func testInferDeclinesWhenMostOfTheCodeIsUnread() throws {
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/inferred/MostlyUnread"), to: root)
        let declined = try run("init", "--infer")
        XCTAssertEqual(declined.status, 2, declined.stdout + declined.stderr)
        XCTAssertTrue(declined.stderr.contains("error: cannot infer a layering: the targets read compile 1 of the repository's 6 Swift and C-family files"),
                      declined.stderr)
        XCTAssertTrue(declined.stderr.contains("2 descriptions could not be read (Business/Feed/Feed.podspec, Kit/CoreKit/CoreKit.podspec"), declined.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("componentize.yml").path))
        let allowed = try run("init", "--infer", "--allow-unread")
        XCTAssertEqual(allowed.status, 0, allowed.stdout + allowed.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("componentize.yml").path))
    }

    /// A local pod whose podspec no reader can evaluate (it asks the environment) is still the repository's pod: never
    /// listed as a third-party package, and its package is named as not read.
    func testAnUnreadableLocalPodIsLocalNeverThirdParty() throws {
        let (infer, configuration) = try inferAndCheck("inferred/UnreadablePod")
        XCTAssertTrue(infer.stdout.contains("not read: Kit/LegacyKit"), infer.stdout)
        XCTAssertFalse(infer.stdout.lowercased().contains("third-party: legacykit"), infer.stdout)
        XCTAssertFalse(configuration.lowercased().contains("legacykit:"), configuration)
        XCTAssertTrue(infer.stdout.contains("app: Shop (scaffold.app"), "the Podfile's target is the app: \(infer.stdout)")
    }

    /// Unit-test bundles hosted by the app (they depend on it) and a mocks framework the tests use, which depends on the
    /// frameworks it fakes (so it sits high): `init --infer` lists the mocks module in `testSupport`, and `check` judges
    /// neither a test bundle's dependency on its host app nor (once listed) on the mocks as pointing up a layer.
    func testAMocksModuleIsTestSupportAndATestBundlesHostAppIsNoUpwardDependency() throws {
        let (infer, configuration) = try inferAndCheck("inferred/MocksAndHostedTests")
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
        XCTAssertTrue(configuration.contains("testSupport: [\"*TestSupport\", \"*TestKit\", \"XCTest*\", \"MockData\"]"), configuration)

        try edit("componentize.yml", replacing: ", \"MockData\"]", with: "]")
        let withoutMocks = try run("check", "--no-baseline")
        XCTAssertTrue(withoutMocks.stdout.contains("[upward] NetworkTests (core) depends on MockData"), withoutMocks.stdout)
        XCTAssertFalse(withoutMocks.stdout.contains("depends on Tunnel"), "the host app: \(withoutMocks.stdout)")
    }

    /// A layer holding only app extensions (a widget, a share extension) is named `extensions`, not `features`.
    func testALayerOfAppExtensionsIsNamedExtensions() throws {
        let (infer, configuration) = try inferAndCheck("inferred/AppExtensions")
        XCTAssertTrue(infer.stdout.contains("  extensions  2 Xcode targets, independent"), infer.stdout)
        XCTAssertEqual(layer(of: "NotesWidget", in: configuration), "extensions", configuration)
        XCTAssertEqual(layer(of: "NotesShare", in: configuration), "extensions", configuration)
    }

    /// An XcodeGen unit-test bundle, in a spec the app's project includes from the folder of the package it tests,
    /// depending on that package's product (a project of its own, named unlike any layer's member): it takes the layer
    /// of the target it tests, so `init --infer` baselines nothing and `check` calls nothing unassigned. A bundle that
    /// depends on no local target still belongs to no layer.
    func testATestBundleBesideThePackageItTestsTakesThatPackagesLayer() throws {
        let (infer, _) = try inferAndCheck("inferred/TestsBesidePackage")
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
        XCTAssertFalse(try run("check", "--no-baseline").stdout.contains("[unassigned]"))

        try edit("Modules/NotesUI/project.yml", replacing: "    dependencies:\n      - package: NotesUI\n        product: NotesUI\n", with: "")
        let unplaced = try run("check", "--no-baseline")
        XCTAssertTrue(unplaced.stdout.contains("[unassigned] NotesUITests (package Notes) belongs to no layer"), unplaced.stdout)
    }
    /// An XcodeGen app with a widget, a watch app and its extension, a command-line tool and a script-only aggregate
    /// target: the extensions and the watch app are placed by their kind, in `extensions` above the frameworks they link
    /// (never at the bottom by depth), the tool and the aggregate in no layer (a note says so, and `check` asks nothing of
    /// them: not even of the outside package the tool links, though its project is named like the app). No mediator is named (the app has none), and no `.gitignore` is written (no SwiftPM package here).
    func testExtensionsToolsAndAggregatesArePlacedByKind() throws {
        let (infer, configuration) = try inferAndCheck("inferred/KindsPlacedByKind")
        XCTAssertEqual(layer(of: "TrailsWidget", in: configuration), "extensions", configuration)
        XCTAssertEqual(layer(of: "TrailsWatchExtension", in: configuration), "extensions", configuration)
        XCTAssertEqual(layer(of: "TrailsWatch,", in: configuration), "extensions", configuration)
        XCTAssertEqual(layer(of: "TrailKit", in: configuration), "core", configuration)
        XCTAssertEqual(layer(of: "Trails]", in: configuration), "app", configuration)
        XCTAssertNil(layer(of: "trailgen", in: configuration), configuration)
        XCTAssertNil(layer(of: "Lint", in: configuration), configuration)
        XCTAssertTrue(configuration.contains("for them): Lint (script-only aggregate target), trailgen (command-line tool)."), configuration)
        XCTAssertTrue(configuration.contains("(named after its kind: app extensions and watch apps)"), configuration)
        XCTAssertFalse(configuration.contains("Mediator"), "no mediator in this app: \(configuration)")
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent(".gitignore").path), "no SwiftPM package: no .gitignore")
        // The tool's outside package is no layer's: the tool is in no layer, not in its project's (named like the app).
        let check = try run("check", "--no-baseline").stdout
        XCTAssertFalse(check.contains("[unassigned]"), check)
        XCTAssertFalse(check.contains("[third-party]"), check)
    }

    /// Two application targets and nothing else: the one layer is `app` (what they are), not `core`.
    func testALayerOfOnlyApplicationsIsTheApp() throws {
        let (infer, configuration) = try inferAndCheck("inferred/OnlyApps")
        XCTAssertTrue(infer.stdout.contains("  app  2 Xcode targets"), infer.stdout)
        XCTAssertFalse(configuration.contains("name: core"), configuration)
    }

    /// Three sibling modules the app uses, two of them also on a small injector: depth would put RideMaps beside the
    /// injector and the other two above it; they are siblings (only the app uses them), so they are one independent
    /// layer above the injector and the protocols. RideMaps has a `Target_` class, so the app talks through a mediator:
    /// the configuration names the registry `new --interface` creates.
    func testSiblingModulesStayInOneIndependentLayerAndAMediatorAppGetsItsRegistry() throws {
        let (infer, configuration) = try inferAndCheck("inferred/SiblingModules")
        XCTAssertTrue(infer.stdout.contains("  features  3 Xcode targets, independent\n"), infer.stdout)
        XCTAssertTrue(configuration.contains("    members: [RideChat, RideMaps, RideTickets]\n"), configuration)
        XCTAssertEqual(layer(of: "RideInjector", in: configuration), "core", configuration)
        // RideLog, which the app alone uses and which uses nothing, is a base module, not a feature beside the others.
        XCTAssertEqual(layer(of: "RideLog", in: configuration), layer(of: "RideProtocols", in: configuration), configuration)
        XCTAssertTrue(configuration.contains("  mediator: Mediator\n"), configuration)
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
    }

    /// XcodeGen projects in the team's folders (`Projects/Core`, `Projects/Domain`, `Projects/Features/*`, `App`), with
    /// one feature using another: depth would cut the features in two (Cart above Home and Search); the folders are
    /// consistent with what depends on what, so each is a layer, named after it, and the features stay one layer.
    func testTheTeamsFolderGroupsOfProjectsAreTheLayers() throws {
        let (infer, configuration) = try inferAndCheck("inferred/ProjectFolders")
        XCTAssertTrue(infer.stdout.hasPrefix("""
            inferred 4 layers from 6 Xcode projects, top first:
              app       1 Xcode target
              features  3 Xcode targets
              domain    1 Xcode target
              core      1 Xcode target

            """), infer.stdout)
        XCTAssertTrue(configuration.contains("  - name: features\n    members: [Cart, Home, Search]\n"), configuration)
        XCTAssertTrue(infer.stdout.contains("baselined: nothing"), infer.stdout)
    }
}
