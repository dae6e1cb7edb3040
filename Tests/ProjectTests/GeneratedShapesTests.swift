import Configuration
import Diagnostics
import Project
import Rules
import XCTest

/// Shapes of XcodeGen specs and Tuist projects found on apps nobody here had tuned on, each written here: frameworks a
/// sibling project of the workspace builds, generators' templates beside the real specs, paths and dependencies made by
/// helpers of a Tuist plug-in.
final class GeneratedShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-generated" }

    /// An XcodeGen framework target `name` in `Projects/<name>/project.yml`, linking `frameworks` by file (`implicit:`:
    /// the build folder's product of whatever builds it).
    func writeFramework(_ name: String, type: String = "framework", links frameworks: [String], imports: [String]) throws {
        let dependencies = frameworks.map { "      - framework: ../../\($0).framework\n        implicit: true\n" }.joined()
        try write("name: \(name)\ntargets:\n  \(name):\n    type: \(type)\n    platform: iOS\n    sources: [Sources]\n"
                  + (dependencies.isEmpty ? "" : "    dependencies:\n" + dependencies), to: "Projects/\(name)/project.yml")
        try write(imports.map { "import \($0)\n" }.joined() + "public struct \(name)Thing {}\n", to: "Projects/\(name)/Sources/\(name).swift")
    }

    /// Specs, all named `project.yml`, that link each other's frameworks by file (`framework: ../../Tasks.framework`)
    /// and no `projectReferences:`: each framework is the product of the sibling project's target that builds it, never
    /// of the first project found (which made `App depends on Tasks` unresolved against `Common`).
    func testAFrameworkASiblingSpecBuildsIsThatSpecsTarget() throws {
        try writeFramework("Common", links: [], imports: [])
        try writeFramework("Tasks", links: ["Common"], imports: ["Common"])
        try writeFramework("Editing", links: ["Common"], imports: ["Common"])
        try writeFramework("App", type: "application", links: ["Common", "Tasks", "Editing"], imports: ["Common", "Editing", "Tasks"])
        let findings = try check().result.findings
        XCTAssertEqual(described(findings.filter { $0.severity == .error }), [])
        // Dropping one: the import it served is undeclared.
        try writeFramework("App", type: "application", links: ["Common", "Tasks"], imports: ["Common", "Editing", "Tasks"])
        XCTAssertEqual(described(try check().result.findings.filter { $0.severity == .error }),
                       ["ROOT/Projects/App/Sources/App.swift:2:1: implicit-dependency: App imports Editing, which target App does not link"])
    }

    /// A framework linked by file that no project of the repository builds (a script, Carthage or a pod makes it): the
    /// target declares its module, named like the framework, as it does a framework file of the repository's; never an
    /// error, and the rest of its imports are still checked.
    func testAFrameworkNoProjectBuildsProvidesTheModuleOfItsName() throws {
        try writeFramework("Common", links: [], imports: [])
        try writeFramework("Tasks", links: [], imports: [])
        try writeFramework("App", type: "application", links: ["Common", "Generated"], imports: ["Common", "Generated", "Tasks"])
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.severity == .error }),
                       ["ROOT/Projects/App/Sources/App.swift:3:1: implicit-dependency: App imports Tasks, which target App does not link"])
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, [])
    }

    /// A cookiecutter template beside the real specs (its folder named `{{cookiecutter.name}}`, its spec full of
    /// placeholders no YAML reader takes) and a spec whose text holds `{{ … }}` placeholders: notes saying they are
    /// templates, never `unreadable-manifest`, and nothing in them is read as code of the repository.
    func testTemplatesOfGeneratorsAreNotesNotProjects() throws {
        try writeFramework("Common", links: [], imports: [])
        try write("name: {{cookiecutter.name}}\ntargets:\n  {{cookiecutter.name}}:\n    type: framework\n    platform: iOS\n    sources: [Sources]\n",
                  to: "Templates/Feature/{{cookiecutter.name}}/project.yml")
        try write("import Common\nimport {{cookiecutter.dependency}}\n", to: "Templates/Feature/{{cookiecutter.name}}/Sources/View.swift")
        try write("name: \"{{ name }}\"\ntargets:\n  \"{{ name }}\":\n    type: framework\n    platform: iOS\n    sources: [Sources]\n",
                  to: "Templates/Module/project.yml")
        try write("import Common\n", to: "Templates/Module/Sources/Module.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings), [])
        let notes = check.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") }
        XCTAssert(notes.contains("ROOT/Templates/Feature/{{cookiecutter.name}}: note: a template folder (its name holds a {{ … }} placeholder): a generator makes projects from it, it is none itself, so nothing in it is read"), "\(notes)")
        XCTAssert(notes.contains("ROOT/Templates/Module/project.yml:1:1: note: a template, not a spec: it holds {{ … }} placeholders a generator fills in (XcodeGen's variables are ${…}), so it is not read"), "\(notes)")
    }

    /// A module generator's spec (`templates/module/module.yml`: `name: ${PROJECT_NAME}`, a target `${PROJECT_NAME}Demo`)
    /// takes its names from the environment: a note, never a project whose targets join a layer or a finding.
    func testASpecNamedByEnvironmentVariablesIsATemplateNote() throws {
        try write("name: ${PROJECT_NAME}\ntargets:\n  ${PROJECT_NAME}Demo:\n    type: application\n    platform: iOS\n    sources: ${PROJECT_NAME}Demo\n",
                  to: "templates/module/module.yml")
        try write("name: App\ntargets:\n  App:\n    type: application\n    platform: iOS\n    sources: [App]\n", to: "App/project.yml")
        try write("import Foundation\n", to: "App/App/App.swift")
        let checked = try check()
        XCTAssertEqual(described(checked.result.findings), [])
        XCTAssertTrue(checked.notes.contains { $0.message.hasPrefix("a template, not a spec: its names are environment variables") }, "\(checked.notes.map(\.message))")
        XCTAssertFalse(checked.notes.contains { $0.message.contains("${PROJECT_NAME}Demo are not checked") }, "\(checked.notes.map(\.message))")
    }

    /// A Tuist app whose dependencies are helpers of a local plug-in: static lets on a type alias of `TargetDependency`
    /// whose paths are `Path` helpers of the same names (`Dep.core` with `path: .core`), and lets of structs nested in
    /// the alias (`.Features.Main.Feature`). Every project is read (it was "cannot evaluate a dependency made by
    /// '.core(…)'", leaving the app unchecked), what is declared is declared, and a dependency dropped is a finding.
    func testTuistDependenciesFromAPluginsAliasAndNestedTypesAreRead() throws {
        try write("import ProjectDescription\nlet config = Config(plugins: [.local(path: .relativeToRoot(\"Plugins/Dependencies\"))])\n",
                  to: "Tuist/Config.swift")
        try write("import ProjectDescription\nlet plugin = Plugin(name: \"Dependencies\")\n", to: "Plugins/Dependencies/Plugin.swift")
        try write("""
            import ProjectDescription
            public extension Dep {
                struct Features {
                    public struct Main {}
                }
                static let core = Dep.project(target: "Core", path: .core)
            }
            public extension Dep.Features.Main {
                static let Feature = Dep.project(target: "MainFeature", path: .relativeToRoot("Features/MainFeature"))
            }

            """, to: "Plugins/Dependencies/ProjectDescriptionHelpers/Dep+Project.swift")
        try write("import ProjectDescription\npublic typealias Dep = TargetDependency\n", to: "Plugins/Dependencies/ProjectDescriptionHelpers/DepAlias.swift")
        try write("import ProjectDescription\nextension Path {\n    static var core: Self { .relativeToRoot(\"Core\") }\n}\n",
                  to: "Plugins/Dependencies/ProjectDescriptionHelpers/Path+Core.swift")
        func project(_ name: String, product: String, dependencies: String) -> String {
            """
            import ProjectDescription
            import Dependencies

            let project = Project(name: "\(name)", targets: [
                .target(name: "\(name)", destinations: .iOS, product: .\(product), bundleId: "com.example.\(name)", sources: ["Sources/**"],
                        dependencies: [\(dependencies)]),
            ])

            """
        }
        try write(project("Core", product: "framework", dependencies: ""), to: "Core/Project.swift")
        try write("public struct Core {}\n", to: "Core/Sources/Core.swift")
        try write(project("MainFeature", product: "framework", dependencies: ".core"), to: "Features/MainFeature/Project.swift")
        try write("import Core\npublic struct Main {}\n", to: "Features/MainFeature/Sources/Main.swift")
        try write(project("App", product: "app", dependencies: ".core, .Features.Main.Feature"), to: "App/Project.swift")
        try write("import Core\nimport MainFeature\n", to: "App/Sources/App.swift")
        let first = try check()
        XCTAssertEqual(described(first.result.findings), [])
        XCTAssertEqual(first.notes.filter { $0.description.contains("not read") }.map(\.description), [])
        try write(project("App", product: "app", dependencies: ".Features.Main.Feature"), to: "App/Project.swift")
        XCTAssertEqual(described(try check().result.findings.filter { $0.severity == .error }),
                       ["ROOT/App/Sources/App.swift:1:1: implicit-dependency: App imports Core, which target App does not link"])
    }

    /// A Tuist repository's root `Package.swift` that declares no target (Tuist's list of outside packages, without
    /// `#if TUIST`) and a Tuist plugin's own `Package.swift` beside its `Plugin.swift` are no components: neither is a
    /// package of the workspace, each with a note; the project's target is.
    func testTuistsDependencyListAndAPluginsPackageAreNoComponents() throws {
        try write("""
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "TrailDependencies", dependencies: [.package(url: "https://github.com/example/Then", from: "3.0.0")])

            """, to: "Package.swift")
        try write("import ProjectDescription\nlet plugin = Plugin(name: \"Scaffold\")\n", to: "Plugins/Scaffold/Plugin.swift")
        try write("""
            // swift-tools-version: 5.9
            import PackageDescription
            let package = Package(name: "Scaffold", targets: [.target(name: "Scaffold", path: "ProjectDescriptionHelpers")])

            """, to: "Plugins/Scaffold/Package.swift")
        try write("import ProjectDescription\npublic let scaffoldName = \"Trails\"\n", to: "Plugins/Scaffold/ProjectDescriptionHelpers/Name.swift")
        try write("""
            import ProjectDescription
            let project = Project(name: "Trails", targets: [
                .target(name: "Trails", destinations: .iOS, product: .app, bundleId: "com.example.trails", sources: ["Sources/**"]),
            ])

            """, to: "App/Project.swift")
        try write("struct TrailsApp {}\n", to: "App/Sources/TrailsApp.swift")
        let project = try open()
        XCTAssertEqual(project.workspace.packages.map(\.manifest.name), ["Trails"])
        let checked = try project.check(today: Day(year: 2026, month: 6, day: 1))
        XCTAssertTrue(checked.notes.contains { $0.message.hasPrefix("this Package.swift declares the Tuist projects' outside dependencies") },
                      "\(checked.notes.map(\.message))")
        XCTAssertTrue(checked.notes.contains { $0.message.hasPrefix("this Package.swift is a Tuist plugin's") }, "\(checked.notes.map(\.message))")
    }
}
