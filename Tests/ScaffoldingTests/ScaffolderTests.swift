import Configuration
import Diagnostics
import Discovery
import Files
import Foundation
import ManifestReading
import Paths
import Project
import Testing
@testable import Scaffolding
import PackageModel

/// The steps of a scaffolding plan, on a repository made by `init` and earlier plans written to disk.
final class ScaffolderTests {
    let root = NSTemporaryDirectory() + "componentize-scaffolder-\(UUID().uuidString)"

    init() throws {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        _ = try ConfigurationWriter(preset: .fourLayer, prefix: "NX").write(root: root)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func project() throws -> Project {
        try Project.open(at: root, reader: ManifestReader(strategy: .static))
    }

    private func plan(_ name: String, layer: String? = nil, dependsOn: [String] = [], interface: Bool = false) throws -> ScaffoldPlan {
        try project().plan(newComponent: ScaffoldRequest(name: name, layer: layer, dependsOn: dependsOn, interface: interface), today: Day(year: 2026, month: 6, day: 1))
    }

    @discardableResult
    private func create(_ name: String, interface: Bool = false) throws -> ScaffoldPlan {
        let plan = try plan(name, interface: interface)
        try ScaffoldWriter(root: root).write(plan)
        return plan
    }

    private func manifest(of plan: ScaffoldPlan, _ name: String) throws -> String {
        let package = try #require(plan.packages.first { $0.name == name })
        return try #require(package.files.first { $0.path == "Package.swift" }).content
    }

    @Test func theLayerComesFromTheMembersOrTheFlag() throws {
        let project = try project()
        let scaffolder = Scaffolder(root: root, configuration: project.configuration, workspace: project.workspace, graph: project.graph, today: Day(year: 2026, month: 6, day: 1),
                                    discovery: PackageDiscovery(reader: project.reader, exclude: project.configuration.exclude), fileSystem: DiskFileSystem())
        #expect(try scaffolder.layer(for: ScaffoldRequest(name: "ComponentVideo")).name == "business")
        #expect(try scaffolder.layer(for: ScaffoldRequest(name: "Payments", layer: "common")).name == "common")
        #expect(throws: InputError.self) { try scaffolder.layer(for: ScaffoldRequest(name: "Payments")) }
        #expect(throws: InputError.self) { try scaffolder.layer(for: ScaffoldRequest(name: "X", layer: "nowhere")) }
    }

    @Test func kindsFollowTheLayer() throws {
        let model = try project().configuration
        let kinds = model.layers.map { ComponentKind.of($0, in: model) }
        #expect(kinds == [.common, .business, .account, .common, .kit])
    }

    @Test func defaultDependenciesAreTheExistingPackagesOfTheLayersBelowByRelativePath() throws {
        try create("NXKit")
        try create("NXUI")
        let plan = try plan("EMAccount")
        #expect(plan.packages.map(\.directory) == ["Packages/account/EMAccount"])
        let manifest = try manifest(of: plan, "EMAccount")
        #expect(manifest.contains(".package(path: \"../../common/NXUI\")"))
        #expect(manifest.contains(".package(path: \"../../kit/NXKit\")"))
        #expect(plan.notes == ["no host app package 'App' yet: 'componentize new App' will depend on EMAccount"])
    }

    @Test func anInterfaceBringsTheRegistryAndTheInterfacePackage() throws {
        try create("NXKit")
        let plan = try plan("ComponentVideo", interface: true)
        #expect(plan.packages.map(\.name) == ["NXMediator", "ComponentVideoInterface", "ComponentVideo"])
        #expect(plan.packages.map(\.kind) == [.mediator, .interface, .business])
        let manifest = try manifest(of: plan, "ComponentVideo")
        #expect(manifest.contains(".package(path: \"../ComponentVideoInterface\")"))
        #expect(manifest.contains(".package(path: \"../../common/NXMediator\")"))
        #expect(plan.notes.first?.hasPrefix("created the component registry NXMediator") == true)
    }

    /// The `horizontal` rule's fix for a business component that exists: add its interface beside it.
    @Test func anExistingComponentGetsOnlyItsInterface() throws {
        try create("NXKit")
        try create("ComponentImage")
        let plan = try plan("ComponentImage", interface: true)
        #expect(plan.packages.map(\.name) == ["NXMediator", "ComponentImageInterface"])
        let change = try #require(plan.manifestChanges.first)
        #expect(plan.manifestChanges.count == 2 && !change.isApp)
        #expect(change.path.hasSuffix("Packages/business/ComponentImage/Package.swift"))
        let registration = plan.manifestChanges[1]
        #expect(registration.isNewFile && registration.path.hasSuffix("Packages/business/ComponentImage/Sources/ComponentImage/ComponentImageRegistration.swift"))
        #expect(registration.after.contains("registry.register((any ComponentImageService).self) { Service() }"), "both new dependencies are used")
        #expect(change.after.contains(".package(path: \"../ComponentImageInterface\")"))
        #expect(change.after.contains(".product(name: \"ComponentImageInterface\", package: \"ComponentImageInterface\")"))
        #expect(change.after.contains(".package(path: \"../../common/NXMediator\")"))
        #expect(plan.notes.contains { $0.contains("used by ComponentImageRegistration") })
        try ScaffoldWriter(root: root).write(plan)
        let check = try project().check(today: Day(year: 2026, month: 6, day: 1))
        #expect(check.result.findings.isEmpty, "no error and no warning: \(check.result.findings.map(\.message))")
        #expect(throws: InputError.self) { try self.plan("ComponentImage", interface: true) }
    }

    @Test func theAppIsToldWhereToRegisterAComponent() throws {
        try create("NXKit")
        try create("ComponentVideo", interface: true)
        try create("App")
        let plan = try plan("ComponentImage", interface: true)
        let note = try #require(plan.notes.first { $0.hasPrefix("register ComponentImage") })
        #expect(note.hasPrefix("register ComponentImage with the app's registry: add ComponentImageInApp.register(in: registry) to makeRegistry() in Packages/app/App/Sources/App/App.swift:"), "\(note)")
        let use = try #require(plan.manifestChanges.first { $0.path.hasSuffix("Packages/app/App/Sources/App/ComponentImageInApp.swift") })
        #expect(use.after.contains("ComponentImage.register(in: registry)"))
        #expect(plan.appChange?.after.contains(".product(name: \"NXMediator\", package: \"NXMediator\")") == true, "the app declares the registry it uses")
    }

    @Test func theHostAppGetsTheNewComponent() throws {
        try create("NXKit")
        try create("App")
        let plan = try plan("ComponentImage")
        let change = try #require(plan.appChange)
        #expect(change.path.hasSuffix("Packages/app/App/Package.swift"))
        #expect(!change.before.contains("ComponentImage"))
        #expect(change.after.contains(".package(path: \"../../business/ComponentImage\")"))
        #expect(change.after.contains(".product(name: \"ComponentImage\", package: \"ComponentImage\")"))
        #expect(plan.manifestChanges.contains { $0.isNewFile && $0.after.contains("import ComponentImage") }, "and a first use of it")
    }

    @Test func whatCheckWouldRejectIsRefused() throws {
        try create("NXKit")
        try create("ComponentImage")
        do {
            _ = try plan("ComponentOwner", dependsOn: ["ComponentImage"])
            Issue.record("a horizontal dependency was planned")
        } catch let error as InputError {
            #expect(error.message.hasPrefix("refusing to create ComponentOwner: 'componentize check' would reject it"))
            #expect(error.message.contains("[horizontal] ComponentOwner (business) depends on ComponentImage (business)"))
        }
        #expect(throws: InputError.self) { try self.plan("ComponentOwner", dependsOn: ["NoSuchThing"]) }
    }

    @Test func aPackageCheckWouldPlaceInAnotherLayerIsRefusedAndOneInNoLayerIsNoted() throws {
        try create("NXKit")
        do {
            _ = try plan("VideoKit", layer: "business")
            Issue.record("a package check would place in kit was planned as business")
        } catch let error as InputError {
            #expect(error.message == "refusing to create VideoKit in Packages/business/VideoKit: 'componentize check' would place it in layer kit, "
                + "not business; a package is in business when its name matches Component*")
        }
        let payments = try plan("Payments", layer: "common")
        #expect(payments.packages.map(\.directory) == ["Packages/common/Payments"])
        #expect(payments.notes.contains { $0.hasPrefix("Payments is in no layer for 'componentize check' (rule unassigned)") && $0.contains("*Service") })
    }

    /// `init --infer` writes layers as folders (`paths`), without members.
    @Test func aLayerGivenByAFolderOfPackagesGetsItsNewPackagesThere() throws {
        let repository = root + "/inferred"
        try FileManager.default.createDirectory(atPath: repository, withIntermediateDirectories: true)
        try """
            layers:
              - name: features
                paths: ["Modules/Features/*"]
              - name: core
                paths: ["Modules/Core/**", "Shared"]
            """.write(toFile: repository + "/componentize.yml", atomically: true, encoding: .utf8)
        func plan(_ name: String, layer: String?) throws -> ScaffoldPlan {
            try Project.open(at: repository, reader: ManifestReader(strategy: .static))
                .plan(newComponent: ScaffoldRequest(name: name, layer: layer), today: Day(year: 2026, month: 6, day: 1))
        }
        let core = try plan("CoreKit", layer: "core")
        #expect(core.packages.map(\.directory) == ["Modules/Core/CoreKit"])
        try ScaffoldWriter(root: repository).write(core)
        let feature = try plan("FeatureVideo", layer: "features")
        #expect(feature.packages.map(\.directory) == ["Modules/Features/FeatureVideo"])
        #expect(feature.packages.map(\.layer) == ["features"])
        #expect(!feature.notes.contains { $0.contains("no layer") })
        do {
            _ = try plan("FeatureVideo", layer: nil)
            Issue.record("a layer was chosen by a name no layer's members match")
        } catch let error as InputError {
            #expect(error.message == "'FeatureVideo' matches no layer's members; the layers here are given by folders, so choose one with "
                + "--layer NAME: features (folder Modules/Features/*); core (folder Modules/Core/**, folder Shared)")
        }
        #expect(Scaffolder.folderOfPackages(try Glob("Modules/Features/*")) == "Modules/Features")
        #expect(Scaffolder.folderOfPackages(try Glob("./Modules//Core/**")) == "Modules/Core")
        for other in ["Shared", "*", "Modules/*Kit", "Modules/*/Sub/*", "../Elsewhere/*"] {
            #expect(Scaffolder.folderOfPackages(try Glob(other)) == nil, "\(other)")
        }

        // A layout the configuration writes wins; the package is then in no layer, and the plan says so.
        try """
            layers:
              - name: features
                paths: ["Modules/Features/*"]
              - name: core
                paths: ["Modules/Core/**"]
            scaffold:
              layout: "Packages/{layer}/{name}"
            """.write(toFile: repository + "/componentize.yml", atomically: true, encoding: .utf8)
        let laidOut = try plan("FeatureVideo", layer: "features")
        #expect(laidOut.packages.map(\.directory) == ["Packages/features/FeatureVideo"])
        #expect(laidOut.notes.contains { $0.contains("FeatureVideo is in no layer") && $0.contains("its folder matches Modules/Features/*") })
    }

    @Test func newPackagesDeclarePlatformsAndIgnoreTheirBuildFolders() throws {
        let plan = try plan("NXKit")
        #expect(try manifest(of: plan, "NXKit").contains("    platforms: [.iOS(.v15), .macOS(.v12)],\n"))
        #expect(!(try manifest(of: plan, "NXKit").contains("defaultLocalization")), "no localized resources, no default localization")
        let files = try #require(plan.packages.first).files
        let ignore = try #require(files.first { $0.path == ".gitignore" })
        #expect(ignore.content.contains(".build/\n") && ignore.content.contains(".swiftpm/\n"))
    }

    /// Templates that add a `.lproj` folder get a manifest SwiftPM accepts: with `defaultLocalization`.
    @Test func localizedResourcesBringADefaultLocalization() throws {
        let templates = root + "/templates"
        try FileManager.default.createDirectory(atPath: templates + "/kit", withIntermediateDirectories: true)
        try """
            files:
              - template: shared/Package.swift.stencil
                path: Package.swift
              - template: kit/Component.swift.stencil
                path: "Sources/{{ name }}/{{ name }}.swift"
              - template: kit/Localizable.strings.stencil
                path: "Sources/{{ name }}/Resources/en.lproj/Localizable.strings"
            """.write(toFile: templates + "/kit/manifest.yml", atomically: true, encoding: .utf8)
        try "\"greeting\" = \"Hello\";\n".write(toFile: templates + "/kit/Localizable.strings.stencil", atomically: true, encoding: .utf8)
        let plan = try project().plan(newComponent: ScaffoldRequest(name: "NXKit", templateDirectory: templates), today: Day(year: 2026, month: 6, day: 1))
        let manifest = try manifest(of: plan, "NXKit")
        #expect(manifest.contains("    name: \"NXKit\",\n    defaultLocalization: \"en\",\n"), "\(manifest)")
    }

    @Test func plansAreDeterministic() throws {
        try create("NXKit")
        let first = try plan("ComponentVideo", interface: true), second = try plan("ComponentVideo", interface: true)
        #expect(first.packages.map { $0.files.map(\.content) } == second.packages.map { $0.files.map(\.content) })
    }
}
