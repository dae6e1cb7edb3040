import Configuration
import DependencyGraph
@testable import LayerInference
import Rules
import Testing
import TestSupport

/// `init --infer`'s proposal, on in-memory repositories.
struct LayerInferenceTests {
    /// A repository of packages `(folder, name, local dependencies by folder, external products)`.
    static func infer(_ packages: [(String, [String])], external: [String: String] = [:]) throws -> InferredLayering {
        let manifests = packages.map { folder, dependencies -> (directory: String, manifest: String) in
            let name = String(folder.split(separator: "/").last ?? "")
            var packageLines = dependencies.map { ".package(path: \"\(PathArithmeticForTests.relative($0, from: folder))\")" }
            var targetDependencies = dependencies.map { ".product(name: \"\($0.split(separator: "/").last ?? "")\", package: \"\($0.split(separator: "/").last ?? "")\")" }
            if let product = external[folder] {
                packageLines.append(".package(url: \"https://example.com/\(product.lowercased())-swift.git\", from: \"1.0.0\")")
                targetDependencies.append(".product(name: \"\(product)\", package: \"\(product.lowercased())-swift\")")
            }
            return (folder, RuleExample.package(name, targets: [(name, targetDependencies)], packages: packageLines))
        }
        let workspace = try InMemoryRepository.workspace(manifests, root: "/repo")
        return LayerInference().infer(DependencyGraph(workspace: workspace, model: Configuration(layers: [])))
    }

    static let sampleApp: [(String, [String])] = [
        ("Kit/NXKit", []),
        ("Common/NXUI", ["Kit/NXKit"]),
        ("Common/NXService", ["Kit/NXKit"]),
        ("Account/EMAccount", ["Common/NXService", "Kit/NXKit"]),
        ("Business/ComponentVideo", ["Account/EMAccount", "Common/NXUI"]),
        ("Business/ComponentImage", ["Account/EMAccount"]),
        ("App", ["Business/ComponentVideo", "Business/ComponentImage"]),
    ]

    @Test func layersFollowTheLongestChainBelowEachPackageAndAreNamedAfterTheirFolders() throws {
        let layering = try Self.infer(Self.sampleApp)
        #expect(layering.layers.map(\.name) == ["app", "business", "account", "common", "kit"])
        #expect(layering.layers.map(\.paths) == [["App"], ["Business/*"], ["Account/*"], ["Common/*"], ["Kit/*"]])
        #expect(layering.layers.map(\.independent) == [false, true, false, true, false])
        #expect(layering.cycles.isEmpty)
    }

    @Test func consecutiveDepthsOneFolderHoldsBecomeOneLayer() throws {
        let layering = try Self.infer([
            ("Core/Kit", []), ("Core/Network", ["Core/Kit"]),
            ("Services/Auth", ["Core/Network"]), ("Services/User", ["Services/Auth"]),
            ("Features/Cart", ["Services/User"]), ("Features/Checkout", ["Features/Cart"]), ("Features/Home", ["Services/User"]),
            ("App", ["Features/Checkout", "Features/Home"]),
        ])
        #expect(layering.layers.map(\.name) == ["app", "features", "services", "core"])
        #expect(layering.layers[1].components.sorted() == ["Cart", "Checkout", "Home"])
        #expect(layering.layers[1].independent == false, "Checkout depends on Cart")
    }

    /// One feature of five depending on another does not make the features a layer whose members may depend on each
    /// other: the layer is independent, and that one dependency goes to the baseline.
    @Test func aFewDependenciesInsideAFolderLayerKeepItIndependent() throws {
        var packages: [(String, [String])] = ["Kit", "Log", "Net", "Store", "UI"].map { ("Core/\($0)", []) }
        packages += [("App", ["Features/A", "Features/B", "Features/C", "Features/D", "Features/E"])]
        packages += ["A", "B", "C", "D"].map { ("Features/\($0)", ["Core/Kit"]) } + [("Features/E", ["Features/A", "Core/Kit"])]
        let layering = try Self.infer(packages)
        #expect(layering.layers.map(\.name) == ["app", "features", "core"])
        #expect(layering.layers[1].independent)
        #expect(layering.layers[1].dependenciesInside == 1)
        // Two of five is more than a few.
        packages[packages.count - 2] = ("Features/D", ["Features/B", "Core/Kit"])
        #expect(try Self.infer(packages).layers[1].independent == false)
    }

    /// A folder whose name says nothing of its members keeping apart (`LocalPackages/*`) is not a folder the team made for
    /// features: a declared dependency between two of its packages is the design (widgets built on a palette), so it is
    /// never baselined as `horizontal`; the user sits above what it uses. In `Features/*` the same shape is baselined.
    @Test func aDeclaredDependencyInsideAFolderNotNamedForFeaturesIsNeverBaselined() throws {
        func packages(_ folder: String) -> [(String, [String])] {
            ["Palette", "Ledger", "Transport"].map { ("\(folder)/\($0)", []) } + [("\(folder)/Widgets", ["\(folder)/Palette"])]
                + [("App", ["Palette", "Ledger", "Transport", "Widgets"].map { "\(folder)/\($0)" })]
        }
        let local = try Self.infer(packages("LocalPackages"))
        let widgets = try #require(local.layers.firstIndex { $0.components.contains("Widgets") })
        let palette = try #require(local.layers.firstIndex { $0.components.contains("Palette") })
        #expect(widgets < palette, "\(local.layers.map(\.name)): Widgets above Palette")
        #expect(local.layers.allSatisfy { !$0.independent || $0.dependenciesInside == 0 })
        let features = try Self.infer(packages("Features"))
        #expect(features.layers.contains { $0.independent && $0.dependenciesInside == 1 && $0.components.count == 4 })
    }

    /// Depths of unrelated packages in one flat folder that no folder, ending, kind or place names are never named by
    /// listing their members: such a layer joins the one below, which is then not independent.
    @Test func aLayerOnlyItsMembersCouldNameJoinsTheLayerBelow() throws {
        let layering = try Self.infer([
            ("Packages/Models", []), ("Packages/Formatting", []), ("Packages/Clock", []),
            ("Packages/Home", ["Packages/Models"]), ("Packages/Search", ["Packages/Formatting"]), ("Packages/Settings", ["Packages/Clock"]),
            ("Packages/Lexicon", ["Packages/Home"]), ("Packages/Scanner", ["Packages/Search"]),
            ("Packages/Reader", ["Packages/Lexicon"]), ("Packages/Outline", ["Packages/Scanner"]),
            ("App", ["Packages/Reader", "Packages/Outline", "Packages/Settings"]),
        ])
        #expect(layering.layers.map(\.name) == ["app", "features", "shared", "core"])
        #expect(!layering.layers.contains { $0.namedBy.hasPrefix("its members") })
        let joined = try #require(layering.layers.first { $0.components.contains("Lexicon") })
        #expect(joined.components.contains("Home") && !joined.independent, "\(joined)")
    }

    /// A layer that is not independent, three in four of whose members end in `Feature`, is `features` (its rule keeps
    /// nothing apart); an independent one is only when every member is a feature.
    @Test func aLayerOfMostlyFeaturesIsFeaturesUnlessItKeepsThemApart() {
        func layer(independent: Bool) -> InferredLayering.Layer {
            let components = ["CartFeature", "HomeFeature", "ShopFeature", "Coordinator"]
            return .init(name: "level-2", namedFromFolders: false, paths: [], members: components, components: components, independent: independent)
        }
        var merged = [layer(independent: false)], apart = [layer(independent: true)]
        LayerInference.nameBySharedEnding(&merged)
        LayerInference.nameBySharedEnding(&apart)
        #expect(merged[0].name == "features")
        #expect(!apart[0].namedFromFolders)
    }

    /// Folders named for the classic layers (`Kit/`, `Common/`, `Account/`, `Business/`) are the layers, in the order
    /// their dependencies give, whatever the depths of their packages; a business pod is not the app.
    @Test func theClassicLayerFoldersAreTheLayers() throws {
        let layering = try Self.infer([("Kit/Base", []), ("Common/UI", ["Kit/Base"]), ("Common/Net", ["Kit/Base"]), ("Account/Session", ["Common/Net"]),
                                       ("Business/Video", ["Common/UI"]), ("Business/Owner", ["Account/Session", "Business/Video"])])
        #expect(layering.layers.map(\.name) == ["business", "account", "common", "kit"])
        #expect(layering.layers.map(\.paths) == [["Business/*"], ["Account/*"], ["Common/*"], ["Kit/*"]])
        #expect(layering.layers[0].independent == false, "two business packages, one using the other: not a few of four or more")
        #expect(layering.layers[2].independent)
    }

    @Test func aFolderHoldingEveryPackageSaysNothingAboutLayers() throws {
        let layering = try Self.infer([("Packages/Kit", []), ("Packages/UI", ["Packages/Kit"]), ("Packages/Feature", ["Packages/UI"])])
        #expect(layering.layers.map(\.name) == ["app", "shared", "core"], "one package a layer: never named after itself, the top one the app")
        #expect(layering.layers.map(\.paths) == [["Packages/Feature"], ["Packages/UI"], ["Packages/Kit"]])
    }

    @Test func aFolderAndANameEndingGroupPackages() throws {
        let layering = try Self.infer([
            ("Local/CoreKit", []), ("Local/NetworkKit", ["Local/CoreKit"]), ("Local/Login", ["Local/NetworkKit"]),
            ("Local/Profile", ["Local/NetworkKit"]), ("Other/Payments", ["Local/NetworkKit"]), ("App", ["Local/Login", "Other/Payments"]),
        ])
        #expect(layering.layers.last?.name == "kit")
        #expect(layering.layers.last?.paths == ["Local/*Kit"])
    }

    @Test func aCycleIsOneComponentAboveWhatItDependsOn() throws {
        let layering = try Self.infer([
            ("Kit/Base", []), ("Services/Cart", ["Services/Pricing", "Kit/Base"]), ("Services/Pricing", ["Services/Cart"]),
            ("App", ["Services/Cart"]),
        ])
        #expect(layering.cycles == [["Cart", "Pricing"]])
        #expect(layering.layers.map(\.name) == ["app", "services", "kit"])
        #expect(layering.layers[1].independent == false)
    }

    @Test func thirdPartyPackagesAreAllowedWhereTheyAreUsedToday() throws {
        let layering = try Self.infer(Self.sampleApp, external: ["Common/NXService": "Alamofire", "Kit/NXKit": "Logging"])
        #expect(layering.thirdParty.map(\.package) == ["alamofire-swift", "logging-swift"])
        #expect(layering.thirdParty.map(\.layers) == [["common"], ["kit"]])
    }

    @Test func aSinglePackageIsLayeredByItsTargets() throws {
        let manifest = RuleExample.package("App", targets: [("Kit", []), ("UI", ["\"Kit\""]), ("Feature", ["\"UI\"", "\"Kit\""])])
        let workspace = try InMemoryRepository.workspace([(".", manifest)], root: "/repo")
        let layering = LayerInference().infer(DependencyGraph(workspace: workspace, model: Configuration(layers: [])))
        #expect(!layering.componentsArePackages)
        #expect(layering.layers.map(\.members) == [["Feature"], ["UI"], ["Kit"]])
        #expect(layering.layers.map(\.name) == ["app", "shared", "core"], "named after what they are, never level-N")
    }

    /// Eight depths in one folder, most of one package: single-package layers merge with their neighbours down to three
    /// to five layers; the widest independent one (the features) stays apart and independent, and the one package that
    /// uses one of them sits above it (no folder the team made says it is a feature); other merged layers are not
    /// independent.
    @Test func singlePackageDepthsMergeIntoAFewLayersAPersonWouldWrite() throws {
        let layering = try Self.infer([
            ("Packages/Models", []), ("Packages/APIClient", ["Packages/Models"]), ("Packages/Persistence", ["Packages/Models"]),
            ("Packages/Environment", ["Packages/APIClient"]), ("Packages/DesignSystem", ["Packages/Environment"]),
            ("Packages/SharedUI", ["Packages/DesignSystem"]), ("Packages/Account", ["Packages/Environment", "Packages/Persistence"]),
            ("Packages/Timeline", ["Packages/SharedUI", "Packages/Account"]), ("Packages/Profile", ["Packages/SharedUI", "Packages/Account"]),
            ("Packages/Settings", ["Packages/SharedUI", "Packages/Account"]), ("Packages/Search", ["Packages/Timeline"]),
            ("Packages/AppFeature", ["Packages/Search", "Packages/Profile", "Packages/Settings"]),
        ])
        #expect(layering.layers.map(\.name) == ["app", "search", "features", "shared", "core"], "Search, which uses Timeline, is above the features")
        #expect(layering.layers[1].namedBy.hasPrefix("its only member"))
        #expect(layering.layers.map(\.components.count) == [1, 1, 3, 3, 4])
        #expect(layering.layers.map(\.independent) == [false, false, true, false, false])
        #expect(layering.layers[2].dependenciesInside == 0)
    }

    /// Seven packages in `libraries/Foundations` at three depths, features that use them in `Features`, some as shallow
    /// as a foundation: the folder is one layer below the features, named after it, not split among them.
    @Test func aFolderOfPackagesAtSeveralDepthsBelowAnotherFolderIsOneLayer() throws {
        let foundations = "libraries/Foundations/"
        let layering = try Self.infer([
            (foundations + "Models", []), (foundations + "Utilities", []), (foundations + "Logging", []),
            (foundations + "Networking", [foundations + "Models", foundations + "Logging"]),
            (foundations + "Storage", [foundations + "Models"]),
            (foundations + "Analytics", [foundations + "Networking"]), (foundations + "Sync", [foundations + "Storage", foundations + "Networking"]),
            ("Features/Home", [foundations + "Sync", foundations + "Analytics"]), ("Features/Search", [foundations + "Networking"]),
            ("Features/Settings", [foundations + "Utilities"]), ("Features/Profile", [foundations + "Storage"]),
            ("App", ["Features/Home", "Features/Search", "Features/Settings", "Features/Profile"]),
        ])
        #expect(layering.layers.map(\.name) == ["app", "features", "foundations"])
        #expect(layering.layers.map(\.components.count) == [1, 4, 7])
        #expect(layering.layers.last?.paths == ["libraries/Foundations/*"])
    }

    /// Xcode or Tuist targets share their project's folder, so no folder names their layers: a layer whose members
    /// mostly end in one word is named after it (plural), never after a word another layer already took.
    @Test func layersNoFolderNamesAreNamedAfterTheEndingTheirMembersShare() {
        func layer(_ components: [String]) -> InferredLayering.Layer {
            .init(name: "level-1", namedFromFolders: false, paths: [], members: components, components: components, independent: true)
        }
        var layers = [layer(["NetworkCore", "Storage"]), layer(["AuthDomain", "FeedDomain", "ProfileDomain", "Extensions"]),
                      layer(["DesignUI", "PlayerUI"]), layer(["FeedService", "AuthService", "Logging"]), layer(["HomeFeature", "FeedFeature"])]
        LayerInference.nameBySharedEnding(&layers)
        #expect(layers.map(\.name) == ["level-1", "domains", "ui", "level-1", "features"])
        #expect(layers.map(\.namedFromFolders) == [false, true, true, false, true])
    }

    /// `features` and `interfaces` say what every member is: a layer where one member is not one (Data among the feature
    /// interfaces, a router among the features) is not named so.
    @Test func aNameThatClaimsWhatEveryMemberIsIsGivenOnlyWhenEveryMemberIsOne() {
        func layer(_ components: [String]) -> InferredLayering.Layer {
            .init(name: "level-1", namedFromFolders: false, paths: [], members: components, components: components, independent: true)
        }
        var layers = [layer(["HomeFeatureInterface", "FeedFeatureInterface", "ProfileFeatureInterface", "SearchFeatureInterface", "Data"]),
                      layer(["HomeFeature", "FeedFeature", "SettingsFeature", "Router"]), layer(["AuthInterface", "FeedInterface"])]
        LayerInference.nameBySharedEnding(&layers)
        #expect(layers.map(\.name) == ["level-1", "level-1", "interfaces"])
    }

    /// Layers no folder, ending or kind names: the widest independent one is `features` only when its members look like
    /// features (none named like infrastructure: `PBLog`, `Analytics`); what is left is named after its members, never
    /// `level-N`, and each says which rule named it.
    @Test func layersAreNamedForWhatTheyHoldNeverByLevel() {
        func layer(_ components: [String], independent: Bool = false) -> InferredLayering.Layer {
            .init(name: "level-1", namedFromFolders: false, paths: [], members: components, components: components, independent: independent)
        }
        var layers = [layer(["Models"]), layer(["PBLog", "PBAnalytics", "PBAuth"], independent: true), layer(["Storage", "Sync"]),
                      layer(["Session", "Routing"]), layer(["Media", "Middleware"]), layer(["Player", "Catalog", "Checkout"])]
        LayerInference.nameByWhatTheyAre(&layers)
        #expect(!layers.contains { $0.name == "features" }, "\(layers.map(\.name))")
        #expect(!layers.contains { $0.name.hasPrefix("level-") }, "\(layers.map(\.name))")
        #expect(layers.first?.name == "core")
        #expect(layers[1].name == "pbanalytics-pbauth-etc", "\(layers.map(\.name))")
        #expect(layers.allSatisfy { !$0.namedBy.isEmpty })
        #expect(Set(layers.map(\.name)).count == layers.count)

        var features = [layer(["Models"]), layer(["Home", "Search", "Settings"], independent: true)]
        LayerInference.nameByWhatTheyAre(&features)
        #expect(features.map(\.name) == ["core", "features"])
    }

    /// The names `init --infer` writes to `testSupport` when tests use them: one CamelCase word says test double.
    @Test func aModuleNamedAsATestDoubleIsToldFromOneThatOnlyContainsTheLetters() {
        #expect(LayerInference.words(of: "MullvadMockData") == ["Mullvad", "Mock", "Data"])
        #expect(LayerInference.words(of: "UITestingKit") == ["UI", "Testing", "Kit"])
        #expect(LayerInference.words(of: "mock_server") == ["Mock", "Server"])
        for name in ["MullvadMockData", "NetworkingMocks", "TestingToolkit", "FakeStore", "mock_server", "StubNetwork"] {
            #expect(LayerInference.saysTestDouble(name), "\(name)")
        }
        for name in ["Mockingbird2Kit", "Contest", "Attestation", "ShopTestKit", "XCTestExtensions", "Stubborn", "Latest"] {
            #expect(!LayerInference.saysTestDouble(name), "\(name)")
        }
    }

    /// A package of command-line tools beside the app's packages (a build script run with `swift run`, its tests): no
    /// layer's member, said in the proposal, and `unassigned` asks nothing of it; one a package depends on is a component.
    @Test func aPackageThatOnlyBuildsToolsIsInNoLayer() throws {
        let tools = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "BuildSystem", targets: [
                .executableTarget(name: "BuildSystem"),
                .testTarget(name: "ScriptTests", dependencies: ["BuildSystem"]),
            ])
            """
        let manifests: [(directory: String, manifest: String)] = [
            ("Packages/Kit", RuleExample.package("Kit")),
            ("Packages/Feature", RuleExample.package("Feature", targets: [("Feature", [".product(name: \"Kit\", package: \"Kit\")"])],
                                                     packages: [".package(path: \"../Kit\")"])),
            ("Packages/BuildSystem", tools),
        ]
        let workspace = try InMemoryRepository.workspace(manifests, root: "/repo")
        let graph = DependencyGraph(workspace: workspace, model: Configuration(layers: []))
        let layering = LayerInference().infer(graph)
        #expect(!layering.layers.flatMap(\.components).contains("BuildSystem"))
        #expect(layering.unplaced.map(\.component) == ["BuildSystem"])
        #expect(layering.unplaced.map(\.kind) == ["package of command-line tools"])
        #expect(graph.toolPackages.map { graph.packages[$0].manifest.name } == ["BuildSystem"])
    }

    @Test func theProposalIsTheSameEveryTime() throws {
        #expect(try Self.infer(Self.sampleApp) == Self.infer(Self.sampleApp.reversed()))
    }
}

/// `../../Kit/NXKit` for `Kit/NXKit` seen from `Business/ComponentVideo`.
enum PathArithmeticForTests {
    static func relative(_ path: String, from folder: String) -> String {
        String(repeating: "../", count: folder.split(separator: "/").count) + path
    }
}
