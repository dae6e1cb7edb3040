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
}
