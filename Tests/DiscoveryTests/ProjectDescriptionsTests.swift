import Diagnostics
import Discovery
import Files
import ManifestReading
import PackageModel
import Testing

/// Discovery of the descriptions Xcode projects are generated from, and of build descriptions nothing here reads.
struct ProjectDescriptionsTests {
    func discover(_ files: [String: String]) throws -> Workspace {
        var fileSystem = InMemoryFileSystem()
        for (path, text) in files { fileSystem.write(text, to: "/repo/" + path) }
        return try PackageDiscovery(reader: ManifestReader(strategy: .static, environment: [:])).discover(root: "/repo", fileSystem: fileSystem)
    }

    static let spec = "name: App\npackages:\n  Kit:\n    path: Kit\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n    dependencies:\n      - package: Kit\n"

    /// The spec is read, its generated project is not (said in a note), its local package is followed; a file it includes
    /// is no spec of its own.
    @Test func aSpecIsReadInThePlaceOfTheProjectItGenerates() throws {
        let workspace = try discover([
            "project.yml": "include: [Modules/project.yml]\n" + Self.spec,
            "Modules/project.yml": "targets:\n  Feature:\n    type: framework\n    platform: iOS\n",
            "App.xcodeproj/project.pbxproj": "// generated\n",
            "App/App.swift": "",
            "Kit/Package.swift": PackageDiscoveryTests.manifest("Kit"),
        ])
        #expect(workspace.packages.map(\.relativeDirectory) == ["Kit", "project.yml"])
        let app = try #require(workspace.packages.last)
        #expect(app.kind == .xcodeGenSpec && app.isXcodeProject && app.folder == "/repo")
        #expect(app.manifest.targets.map(\.name) == ["Feature", "App"])
        #expect(app.localDependencies["Kit"] == "/repo/Kit")
        #expect(workspace.notes.map(\.description) == [
            "/repo/project.yml: note: App.xcodeproj is generated from this XcodeGen spec: the spec is read, not the project (one source of truth: what xcodegen generates is what is checked)",
        ])
    }

    @Test func aSpecThatCannotBeReadIsUnreadableAtItsPlace() throws {
        let workspace = try discover(["project.yml": "name: [App\n", "App.xcodeproj/project.pbxproj": "// generated\n"])
        #expect(workspace.packages.isEmpty)
        #expect(workspace.unreadable.map { "\($0.kind) \($0.location)" } == ["xcodeGenSpec /repo/project.yml:2:1"])
    }

    /// A spec xcodegen cannot load where it lies (no `name:`: a fragment; an include missing from its folder: a spec a
    /// script copies elsewhere first) is a note naming it and why, never `unreadable-manifest`: where it is used from
    /// cannot be known.
    @Test func aSpecUsedFromElsewhereIsANoteNotAnError() throws {
        let workspace = try discover([
            "Apps/Main/project.yml": "name: Main\ninclude:\n  - path: Kit/project.yml\n",
            "Kit/project.yml": "targets:\n  Kit:\n    type: framework\n    platform: iOS\n",
        ])
        #expect(workspace.unreadable.isEmpty)
        #expect(workspace.unreadDescriptions == ["/repo/Apps/Main/project.yml", "/repo/Kit/project.yml"])
        #expect(workspace.notes.map(\.description) == [
            "/repo/Apps/Main/project.yml: note: this XcodeGen spec cannot be loaded where it lies (the included file /repo/Apps/Main/Kit/project.yml does not exist; XcodeGen cannot load this spec, at /repo/Apps/Main/project.yml:3:5): it is a fragment other specs include or is run from another folder, which cannot be known, so it is not read",
            "/repo/Kit/project.yml: note: this XcodeGen spec cannot be loaded where it lies (it has no name: (the project's name), which xcodegen needs of the spec it is given, at /repo/Kit/project.yml:1:1): it is a fragment other specs include or is run from another folder, which cannot be known, so it is not read",
        ])
    }

    /// A YAML file of another name with XcodeGen's keys whose targets depend on targets it does not define is a fragment
    /// other specs include (shared settings and an app target), not a spec: a note, and no `unresolved`.
    @Test func aSpecOfAnotherNameDependingOnTargetsItLacksIsAFragment() throws {
        let workspace = try discover([
            "Shared/app_shared.yml": "name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    dependencies:\n      - target: Kit\n",
        ])
        #expect(workspace.packages.isEmpty && workspace.unreadable.isEmpty)
        #expect(workspace.unreadDescriptions == ["/repo/Shared/app_shared.yml"])
        #expect(workspace.notes.map(\.description) == [
            "/repo/Shared/app_shared.yml: note: this YAML file has XcodeGen's keys (name:, targets:) but its targets depend on Kit it does not define: a fragment other specs include, not read as a spec",
        ])
    }

    /// Bazel and Buck files and an `.xcodeproj` without its project file: each kind a note naming what is not read.
    @Test func descriptionsNothingReadsAreNamedInNotes() throws {
        let workspace = try discover([
            "MODULE.bazel": "", "Lib/BUILD.bazel": "", "App/BUILD": "", "Tools/BUCK": "", "Stub.xcodeproj/xcuserdata/x": "",
        ])
        #expect(workspace.notes.map(\.description) == [
            "/repo/App/BUILD: note: a Bazel build description (and 2 more Bazel files): componentize does not read Bazel, so the targets it declares are not checked unless a Package.swift, podspec or Xcode project also declares them",
            "/repo/Tools/BUCK: note: a Buck build description: componentize does not read Buck, so the targets it declares are not checked unless a Package.swift, podspec or Xcode project also declares them",
            "/repo/Stub.xcodeproj: note: this .xcodeproj has no project.pbxproj (a stub, or a project whose file is not committed): nothing of it is read",
        ])
        #expect(workspace.unreadDescriptions == ["/repo/App/BUILD", "/repo/Stub.xcodeproj", "/repo/Tools/BUCK"])
    }

    /// XcodeGen reads `project.yml` unless given `--spec`: a YAML file of another name whose top level has `name:` and
    /// `targets:`, in a folder without a `project.yml` and below none, is read as a spec, and a note says so; beside or
    /// below a `project.yml` (a target's `target.yml` it includes), or
    /// without those keys (a CI workflow, SwiftGen's configuration), it is not; one that cannot be read as a spec is a
    /// note naming it (only its keys said it was one), never an error.
    @Test func aSpecUnderAnotherNameIsReadWhenItsKeysSayItIsOne() throws {
        let workspace = try discover([
            "project-app.yml": Self.spec,
            "swiftgen.yml": "strings:\n  inputs: App\n",
            "Beside/project.yml": "name: Beside\ntargets:\n  Beside:\n    type: framework\n    platform: iOS\n",
            "Beside/project-extra.yml": "name: Extra\ntargets:\n  Extra:\n    type: framework\n    platform: iOS\n",
            "Beside/Share/target.yml": "name: Share\ntargets:\n  Share:\n    type: app-extension\n    platform: iOS\n",
            "Tools/pipeline.yaml": "name: Pipeline\ntargets: [1, 2]\n",
            "App/App.swift": "",
            "Kit/Package.swift": PackageDiscoveryTests.manifest("Kit"),
        ])
        #expect(workspace.packages.map(\.relativeDirectory) == ["Beside/project.yml", "Kit", "project-app.yml"])
        let app = try #require(workspace.packages.last)
        #expect(app.kind == .xcodeGenSpec && app.manifest.targets.map(\.name) == ["App"])
        #expect(workspace.unreadable.isEmpty)
        #expect(workspace.notes.map(\.description).contains(
            "/repo/project-app.yml: note: read as an XcodeGen spec (its top level has name: and targets:, and no project.yml is beside it): xcodegen reads it when given --spec project-app.yml"))
        #expect(workspace.notes.contains { $0.description.hasPrefix("/repo/Tools/pipeline.yaml: note: this YAML file has XcodeGen's keys (name:, targets:) but is not read as a spec: ") })
        #expect(workspace.unreadDescriptions == ["/repo/Tools/pipeline.yaml"])
    }

    /// Two specs under other names in one folder (`project-spm.yml`, `project-carthage.yml`) are alternatives xcodegen
    /// is given one at a time: neither is read, a note names both. A `carthage:` dependency provides the module of the
    /// framework Carthage builds.
    @Test func alternativeSpecsAreNotReadAndCarthageFrameworksProvideTheirModules() throws {
        let carthage = "name: Lib\ntargets:\n  Lib:\n    type: framework\n    platform: iOS\n    dependencies:\n      - carthage: Alamofire\n"
        let workspace = try discover([
            "Lib/project-spm.yml": Self.spec, "Lib/project-carthage.yml": carthage, "Other/project-lib.yml": carthage, "App/App.swift": "",
        ])
        #expect(workspace.packages.map(\.relativeDirectory) == ["Other/project-lib.yml"])
        #expect(workspace.packages.first?.manifest.targets.map(\.vendoredModules) == [["Alamofire"]])
        #expect(workspace.notes.map(\.description).contains(
            "/repo/Lib/project-carthage.yml: note: project-carthage.yml, project-spm.yml all have XcodeGen's keys: alternative specs xcodegen is given one at a time (--spec), so none is read"))
        #expect(workspace.unreadDescriptions == ["/repo/Lib/project-carthage.yml"])
    }
}
