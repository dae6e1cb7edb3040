import Configuration
import DependencyGraph
import Diagnostics
import PackageModel
import Testing
import TestSupport

/// The graph's two steps: layer assignment and edge resolution, on workspaces read in memory.
struct DependencyGraphTests {
    private func graph(configuration: String? = nil, _ packages: [(String, String)]) throws -> DependencyGraph {
        try ExampleWorkspace(WorkspaceExample(configuration: configuration, packages)).graph
    }

    private func target(_ name: String, in graph: DependencyGraph) throws -> GraphTarget {
        try #require(graph.sortedTargets.first { $0.id.name == name }, "no target \(name)")
    }

    @Test func layersComeFromTargetNameThenPackageNameThenFolder() throws {
        let graph = try graph(configuration: """
            layers:
              - {name: app, members: [App]}
              - {name: business, members: [Component*], independent: true}
              - {name: kit, members: [NXKit], paths: ["External/*"]}
            """, [
            ("App", WorkspaceExample.package("App", targets: [("App", []), ("NXKit", [])])),
            ("Kit/NXKit", WorkspaceExample.package("NXKit", targets: [("NXKit", []), ("NXKitExtras", [])])),
            ("External/Lib", WorkspaceExample.package("Lib")),
            ("Other/Loose", WorkspaceExample.package("Loose")),
        ])
        #expect(try target("App", in: graph).layer == "app")
        #expect(try target("App", in: graph).assignment == .targetName)
        let extras = try target("NXKitExtras", in: graph)
        #expect(extras.layer == "kit")
        #expect(extras.assignment == .packageName)
        #expect(extras.component == "NXKit", "a member package is one component")
        #expect(try target("Lib", in: graph).assignment == .packagePath)
        #expect(try target("Loose", in: graph).layer == nil)
    }

    @Test func testTargetsFollowWhatTheyTest() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "ComponentVideo", targets: [
                .target(name: "ComponentVideo"),
                .testTarget(name: "ComponentVideoTests", dependencies: ["ComponentVideo"]),
                .testTarget(name: "PlaybackChecks", dependencies: ["ComponentVideo"]),
            ])
            """
        let graph = try graph([("Business/ComponentVideo", manifest)])
        for name in ["ComponentVideoTests", "PlaybackChecks"] {
            let test = try target(name, in: graph)
            #expect(test.isTest)
            #expect(test.layer == "business")
            #expect(test.assignment == .testedTarget)
            #expect(test.component == "ComponentVideo")
        }
    }

    @Test(arguments: ["ComponentVideoTests", "ComponentVideoUITests", "ComponentVideoIntegrationTests", "ComponentVideoSnapshotTests",
                      "ComponentVideoPerformanceTests"])
    func aTestTargetsNameSaysWhatItTests(name: String) throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "ComponentVideo", targets: [
                .target(name: "ComponentVideo"),
                .target(name: "VideoFixtures"),
                .testTarget(name: "\(name)", dependencies: ["VideoFixtures", "ComponentVideo"]),
            ])
            """
        let graph = try graph([("Business/ComponentVideo", manifest)])
        let package = try #require(graph.packages.first)
        #expect(LayerAssignment(model: Preset.fourLayer.model).testedTarget(of: name, in: package.manifest) == "ComponentVideo")
    }

    /// What an Xcode project records comes first: its integration tests test the app, though they depend first on a
    /// helper tool of the project.
    @Test func theTargetAProjectSaysATestBundleTestsComesFirst() {
        var tests = Target(name: "Integration Tests", type: .test, dependencies: [TargetDependency(kind: .target, name: "tests-server")])
        tests.testedTarget = "Browser"
        let manifest = Manifest(manifestFile: "project.pbxproj", reader: .static, name: "Browser", toolsVersion: ToolsVersion(5, 9),
                                dependencies: [], products: [],
                                targets: [Target(name: "Browser", type: .executable, dependencies: []), Target(name: "tests-server", type: .executable, dependencies: []), tests])
        #expect(LayerAssignment(model: Preset.fourLayer.model).testedTarget(of: "Integration Tests", in: manifest) == "Browser")
        // Without TestTargetID, the application it depends on hosts it, not the helper it depends on first.
        var hosted = Target(name: "E2E", type: .test, dependencies: [TargetDependency(kind: .target, name: "tests-server"), TargetDependency(kind: .target, name: "Browser")])
        hosted.productKind = .unitTest
        var browser = Target(name: "Browser", type: .executable, dependencies: [])
        browser.productKind = .application
        let project = Manifest(manifestFile: "project.pbxproj", reader: .static, name: "Browser", toolsVersion: ToolsVersion(5, 9), dependencies: [], products: [],
                               targets: [browser, Target(name: "tests-server", type: .executable, dependencies: []), hosted])
        #expect(LayerAssignment(model: Preset.fourLayer.model).testedTarget(of: "E2E", in: project) == "Browser")
    }

    @Test func interfaceModulesNameTheirComponent() throws {
        let graph = try graph([("Business/ComponentVideoInterface", WorkspaceExample.package("ComponentVideoInterface"))])
        #expect(try target("ComponentVideoInterface", in: graph).interfaceOf == "ComponentVideo")
    }

    /// `.package(name: "Kit", path: "../kit-checkout")`: `.product(package:)` may use that name rather than the identity.
    @Test func aPackageNamedInItsDeclarationResolvesByThatName() throws {
        let graph = try graph([
            ("Kit/kit-checkout", WorkspaceExample.package("NXKit")),
            ("Common/NXUI", WorkspaceExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"Kit\")"])],
                                                packages: [".package(name: \"Kit\", path: \"../../Kit/kit-checkout\")"])),
        ])
        let package = try #require(graph.packages.first { $0.manifest.name == "NXUI" })
        #expect(package.manifest.dependencies.map(\.identity) == ["kit-checkout"])
        #expect(package.manifest.dependencies.map(\.name) == ["Kit"])
        #expect(graph.edges.filter { $0.from.name == "NXUI" }.map(\.to) == [.target(TargetID(package: "Kit/kit-checkout", name: "NXKit"))])
    }

    /// A bare name that is no local target or product: the outside package of that name, else the only outside package.
    @Test func aBareNameComesFromThePackageOfItsNameOrTheOnlyOne() throws {
        let graph = try graph([
            ("Feed", WorkspaceExample.package("Feed", targets: [("Feed", ["\"SwiftSoup\""])],
                                              packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")",
                                                         ".package(url: \"https://github.com/scinfu/SwiftSoup.git\", from: \"2.6.0\")"])),
            ("Timeline", WorkspaceExample.package("Timeline", targets: [("Timeline", ["\"Overture\""])],
                                                  packages: [".package(url: \"https://github.com/pointfreeco/swift-overture\", from: \"0.5.0\")"])),
        ])
        #expect(graph.edges.map(\.to) == [.external(package: "swiftsoup", product: "SwiftSoup"), .external(package: "swift-overture", product: "Overture")])
    }

    @Test func edgesResolveToLocalTargetsExternalProductsOrNothing() throws {
        let graph = try graph([
            ("Kit/NXKit", WorkspaceExample.package("NXKit", targets: [("NXKit", ["\"NXKitCore\""]), ("NXKitCore", [])])),
            ("Common/NXService", WorkspaceExample.package("NXService", targets: [("NXService", [
                ".product(name: \"NXKit\", package: \"NXKit\")", "\"Logging\"", ".product(name: \"NIO\", package: \"swift-nio\")",
                ".product(name: \"Nope\", package: \"NXKit\")", ".product(name: \"X\", package: \"undeclared\")",
            ])], packages: [".package(path: \"../../Kit/NXKit\")", ".package(url: \"https://github.com/apple/swift-nio.git\", from: \"2.0.0\")",
                            ".package(url: \"https://github.com/apple/swift-metrics.git\", from: \"2.0.0\")"])),
        ])
        let edges = graph.edges.filter { $0.from.name == "NXService" }.map(\.to)
        #expect(edges == [
            .target(TargetID(package: "Kit/NXKit", name: "NXKit")),
            .external(package: nil, product: "Logging"),
            .external(package: "swift-nio", product: "NIO"),
            .unresolved("package 'NXKit' has no product named 'Nope'"),
            .unresolved("package 'undeclared' is not among NXService's dependencies"),
        ])
        #expect(graph.edges.first { $0.from.name == "NXKit" }?.to == .target(TargetID(package: "Kit/NXKit", name: "NXKitCore")))
        let located = try #require(graph.edges.first { $0.from.name == "NXService" })
        #expect(ExampleWorkspace.relative(located.location.path) == "Common/NXService/Package.swift")
        #expect(located.location.line != nil)
    }

    @Test func aBareNameWithOnlyLocalDependenciesIsUnresolved() throws {
        let graph = try graph([("App", WorkspaceExample.package("App", targets: [("App", ["\"Missing\""])]))])
        #expect(graph.edges.map(\.to) == [.unresolved("'Missing' is neither a target of App nor a product of its dependencies")])
    }

    @Test func successorsAreNumberedAndDeduplicated() throws {
        let graph = try graph([
            ("App", WorkspaceExample.package("App", targets: [("App", ["\"Core\"", ".target(name: \"Core\")"]), ("Core", [])])),
        ])
        #expect(graph.localEdges.count == 2)
        #expect(graph.sortedTargets.map(\.id.name) == ["App", "Core"])
        #expect(graph.successors == [[1], []], "App → Core once, by node number")
        #expect(try target("App", in: graph).rank == 0)
        #expect(graph.targetNames == ["App", "Core"])
        #expect(graph.packageCount == 1)
    }
}
