import Configuration
import DependencyGraph
import Discovery
import PackageModel
import Testing
import TestSupport

/// A graph built with a previous one of the same packages (what `fix` checks its planned manifests with) takes the
/// unchanged packages' placements and edges from it, and is the graph built whole.
struct SplicedGraphTests {
    private static let configuration = """
        layers:
          - {name: app, members: [App*]}
          - {name: business, members: [Component*], independent: true}
          - {name: common, members: ["NX*Service"]}
          - {name: kit, members: [NXKit]}
        """

    /// Kit, a service on it, two components on the service, and a package of checks no layer claims whose test target
    /// takes the layer of the component it depends on (a test placed across packages).
    private static func example() throws -> ExampleWorkspace {
        try ExampleWorkspace(WorkspaceExample(configuration: configuration, [
            ("Kit/NXKit", WorkspaceExample.package("NXKit")),
            ("Common/NXService", WorkspaceExample.package("NXService", targets: [("NXService", ["\"NXKit\""])], packages: [".package(path: \"../../Kit/NXKit\")"])),
            ("Business/ComponentVideo", WorkspaceExample.package("ComponentVideo", targets: [("ComponentVideo", ["\"NXService\""])],
                                                                 packages: [".package(path: \"../../Common/NXService\")", ".package(path: \"../../Kit/NXKit\")"])),
            ("Business/ComponentAudio", WorkspaceExample.package("ComponentAudio", targets: [("ComponentAudio", ["\"NXService\""])],
                                                                 packages: [".package(path: \"../../Common/NXService\")"])),
            ("Checks", """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Checks", dependencies: [.package(path: "../Business/ComponentVideo")], targets: [
                    .testTarget(name: "VideoChecks", dependencies: [.product(name: "ComponentVideo", package: "ComponentVideo")]),
                ])
                """),
        ]))
    }

    /// Everything a rule reads of the declared graph, as text.
    private func described(_ graph: DependencyGraph) -> [String] {
        graph.sortedTargets.map {
            "\($0.number) \($0.id.package)/\($0.id.name) \($0.layer ?? "-") \($0.rank ?? -1) \($0.assignment) \($0.component) \($0.interfaceOf ?? "-") "
                + "\($0.module) \($0.packageIndex) \($0.location) \($0.productKind) \($0.packageKind)"
        } + graph.edges.map {
            "\($0.fromNumber) -> \($0.toNumber ?? -1) \($0.to) \($0.written) \($0.location) \($0.viaPodfile)"
        } + graph.localEdges.map { "\($0.edge.written): \($0.from.label) -> \($0.to.label)" } + graph.successors.map { "\($0)" }
    }

    private func manifest(_ workspace: Workspace, _ package: String) throws -> Int {
        try #require(workspace.packages.firstIndex { $0.relativeDirectory == package })
    }

    /// The example's graph, and the graph of its workspace after `edit` built with it as the previous one, which must
    /// be the graph built whole.
    private func spliced(_ edit: (inout Workspace) throws -> Void) throws -> (previous: DependencyGraph, spliced: DependencyGraph) {
        let example = try Self.example()
        let configuration = example.project.configuration
        let previous = DependencyGraph(workspace: example.project.workspace, model: configuration)
        var workspace = example.project.workspace
        try edit(&workspace)
        let spliced = DependencyGraph(workspace: workspace, model: configuration, previous: previous)
        #expect(described(spliced) == described(DependencyGraph(workspace: workspace, model: configuration)))
        return (previous, spliced)
    }

    private func audioEdge(_ graph: DependencyGraph) -> Edge? {
        graph.edges.first { $0.from.package == "Business/ComponentAudio" }
    }

    @Test func anEditedManifestsPackageIsWorkedOutAgainAndTheOthersAreTakenAsTheyWere() throws {
        let (previous, spliced) = try spliced { workspace in
            let video = try manifest(workspace, "Business/ComponentVideo")
            workspace.packages[video].manifest.targets[0].dependencies.append(TargetDependency(kind: .product, name: "NXKit", package: "NXKit"))
            let service = try manifest(workspace, "Common/NXService")
            workspace.packages[service].manifest.targets[0].dependencies = []
        }
        #expect(described(spliced) != described(previous))
        // The unchanged packages' edges are the previous graph's own; the edited ones' are new.
        let kept = try #require(audioEdge(spliced))
        #expect(kept === audioEdge(previous))
        #expect(spliced.edges.filter { $0.from.package == "Business/ComponentVideo" }.map(\.written) == ["NXService", "NXKit from NXKit"])
        #expect(try #require(spliced.sortedTargets.first { $0.id.name == "VideoChecks" }).layer == "business")
    }

    @Test func aTestPlacedAcrossPackagesFollowsItsEditedDependencies() throws {
        let (_, spliced) = try spliced { workspace in
            let checks = try manifest(workspace, "Checks"), kit = try manifest(workspace, "Kit/NXKit")
            workspace.packages[checks].manifest.targets[0].dependencies = [TargetDependency(kind: .product, name: "NXKit", package: "NXKit")]
            workspace.packages[checks].localDependencies["../Kit/NXKit"] = workspace.packages[kit].directory
            workspace.packages[checks].manifest.dependencies.append(PackageDependency(identity: "nxkit", kind: .fileSystem, location: "../Kit/NXKit"))
        }
        #expect(try #require(spliced.sortedTargets.first { $0.id.name == "VideoChecks" }).layer == "kit")
    }

    @Test(arguments: [true, false])
    func aManifestThatRenamesATargetOrChangesAProductBuildsTheGraphWhole(renaming: Bool) throws {
        let (previous, spliced) = try spliced { workspace in
            let kit = try manifest(workspace, "Kit/NXKit")
            if renaming { workspace.packages[kit].manifest.targets[0].name = "NXKitCore" } else { workspace.packages[kit].manifest.products = [] }
        }
        let resolved = try #require(audioEdge(spliced))
        #expect(resolved !== audioEdge(previous), "the dependants' edges are resolved again")
    }
}
