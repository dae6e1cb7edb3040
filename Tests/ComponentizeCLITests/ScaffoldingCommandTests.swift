import Foundation
import XCTest

/// `componentize init` and `new` end to end: what they create, and every refusal leaving the tree unchanged.
final class ScaffoldingCommandTests: XCTestCase {
    private var root: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func componentize(_ arguments: String...) throws -> CommandResult {
        try Componentize.run(arguments, in: root)
    }

    /// Every file under the root with its content, to prove a refusal changed nothing.
    private func snapshot() throws -> [String: Data] {
        try FileSnapshot.of(root)
    }

    private func assertRefused(_ arguments: [String], status: Int32 = 2, message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let before = try snapshot()
        let result = try Componentize.run(arguments, in: root)
        XCTAssertEqual(result.status, status, result.stdout + result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(message), "expected '\(message)' in:\n\(result.stderr)", file: file, line: line)
        XCTAssertEqual(try snapshot(), before, "the file tree must be unchanged", file: file, line: line)
    }

    private func setUpArticleApp() throws {
        XCTAssertEqual(try componentize("init", "--prefix", "NX").status, 0)
        for name in ["NXKit", "NXUI", "NXService", "EMAccount", "ComponentImage", "App"] {
            let result = try Componentize.run(["new", name], in: root)
            XCTAssertEqual(result.status, 0, result.stderr)
        }
    }

    func testNewDeclaresTheLayersDefaultsAndIsAddedToTheApp() throws {
        try setUpArticleApp()
        let result = try componentize("new", "ComponentVideo", "--interface")
        XCTAssertEqual(result.status, 0, result.stderr)
        let manifest = try String(contentsOf: root.appendingPathComponent("Packages/business/ComponentVideo/Package.swift"), encoding: .utf8)
        for dependency in ["../../kit/NXKit", "../../common/NXUI", "../../common/NXService", "../../account/EMAccount",
                           "../../common/NXMediator", "../ComponentVideoInterface"] {
            XCTAssertTrue(manifest.contains(".package(path: \"\(dependency)\")"), dependency)
        }
        let app = try String(contentsOf: root.appendingPathComponent("Packages/app/App/Package.swift"), encoding: .utf8)
        XCTAssertTrue(app.contains("        .package(path: \"../../business/ComponentVideo\"),\n"), app)
        XCTAssertTrue(app.contains("                .product(name: \"ComponentVideo\", package: \"ComponentVideo\"),\n"), app)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Packages/business/ComponentVideoInterface/Sources/ComponentVideoInterface/ComponentVideoInterface.swift").path))
        let check = try componentize("check", ".")
        XCTAssertEqual(check.status, 0, check.stdout)
        XCTAssertEqual(try componentize("resources", ".", "--check").status, 0, "the generated accessors are what `resources` writes")
        let other = try componentize("new", "ComponentOwner", "--depends-on", "ComponentVideoInterface")
        XCTAssertEqual(other.status, 0, other.stderr)
        XCTAssertEqual(try componentize("check", ".").status, 0)
    }

    /// Every way of calling `new`, in the order a team would (components before and after the app, with and without an
    /// interface, an interface for a component that exists): nothing for `check --fail-on warning` to report, so nothing
    /// for `fix` to undo.
    func testEveryNewVariantLeavesNothingForCheckOrFix() throws {
        XCTAssertEqual(try componentize("init", "--prefix", "NX").status, 0)
        for arguments in [["NXKit"], ["NXUI"], ["EMAccount"], ["ComponentImage"], ["ComponentVideo", "--interface"],
                          ["ComponentOwner", "--depends-on", "ComponentVideoInterface"], ["App"], ["ComponentAlbum"],
                          ["ComponentMusic", "--interface"], ["ComponentImage", "--interface"], ["NXStorage"], ["ComponentPlain", "--no-resources"]] {
            let result = try Componentize.run(["new"] + arguments, in: root)
            XCTAssertEqual(result.status, 0, "\(arguments): \(result.stderr)")
            let check = try componentize("check", ".", "--fail-on", "warning")
            XCTAssertEqual(check.status, 0, "after new \(arguments.joined(separator: " ")):\n\(check.stdout)")
        }
        let fix = try componentize("fix", "--dry-run")
        XCTAssertEqual(fix.stdout, "componentize fix: would fix 0 findings\n", "fix has nothing to undo")
    }

    /// Without `scaffold.layout`, a new package goes where its layer's members live and an interface beside its component.
    func testNewFollowsTheRepositoryLayout() throws {
        try FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/ComponentBasedApp"), to: root)
        let plan = try componentize("new", "ComponentImage2", "--interface", "--dry-run")
        XCTAssertEqual(plan.status, 0, plan.stderr)
        for folder in ["Business/ComponentImage2/  (business", "Business/ComponentImage2Interface/  (business", "Common/Mediator/  (common"] {
            XCTAssertTrue(plan.stdout.contains(folder), "expected \(folder) in:\n\(plan.stdout)")
        }
        XCTAssertFalse(plan.stdout.contains("Packages/"), "no second folder tree:\n\(plan.stdout)")
        let kit = try componentize("new", "NXLogKit", "--dry-run")
        XCTAssertTrue(kit.stdout.contains("Kit/NXLogKit/  (kit"), kit.stdout)
    }

    func testHorizontalDependencyIsRefusedWithTheInterfaceFix() throws {
        try setUpArticleApp()
        try assertRefused(["new", "ComponentOwner", "--depends-on", "ComponentImage"],
                          message: "[horizontal] ComponentOwner (business) depends on ComponentImage (business); fix: ComponentImage may be reached through ComponentImageInterface")
    }

    func testUpwardDependencyIsRefused() throws {
        try setUpArticleApp()
        try assertRefused(["new", "NXCoreKit", "--depends-on", "NXUI"], message: "[upward] NXCoreKit (kit) depends on NXUI (common)")
    }

    func testBadNamesAreRefused() throws {
        XCTAssertEqual(try componentize("init").status, 0)
        try assertRefused(["new", "1Video", "--layer", "business"], message: "must start with an ASCII letter or '_'")
        try assertRefused(["new", "Component Video"], message: "contains a space")
        try assertRefused(["new", "../ComponentVideo"], message: "is a name, not a path")
        try assertRefused(["new", "Business/ComponentVideo"], message: "is a name, not a path")
        try assertRefused(["new", "ComponentVidéo"], message: "ASCII letters, digits and '_' only")
        try assertRefused(["new", "struct", "--layer", "kit"], message: "is a Swift keyword")
        try assertRefused(["new", "Weather"], message: "'Weather' matches no layer's members; choose one with --layer NAME")
        try assertRefused(["new", "Weather", "--layer", "galaxy"], message: "--layer galaxy: no such layer; layers are: app, business, account, common, kit")
        XCTAssertEqual(try componentize("new", "NXKit").status, 0)
        try assertRefused(["new", "NXKit"], message: "'NXKit' is already a package or target")
        try assertRefused(["new", "NXUI", "--depends-on", "Nowhere"], message: "--depends-on Nowhere: no package or product of that name")
        try assertRefused(["new", "NXUI", "--interface"], message: "--interface is for components of an independent layer")
    }

    func testExistingDestinationIsNeverOverwritten() throws {
        XCTAssertEqual(try componentize("init").status, 0)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Packages/kit/NXKit"), withIntermediateDirectories: true)
        try "keep me".write(to: root.appendingPathComponent("Packages/kit/NXKit/notes.txt"), atomically: true, encoding: .utf8)
        try assertRefused(["new", "NXKit"], message: "Packages/kit/NXKit already exists; componentize new never overwrites")
    }

    func testAFolderThatCannotBeCreatedLeavesNothingBehind() throws {
        XCTAssertEqual(try componentize("init").status, 0)
        try "not a folder".write(to: root.appendingPathComponent("Packages"), atomically: true, encoding: .utf8)
        try assertRefused(["new", "NXKit"], message: "Packages/kit: error: cannot create the folder")
    }

    func testInitRefusesToOverwrite() throws {
        XCTAssertEqual(try componentize("init", "--preset", "three-layer").status, 0)
        try assertRefused(["init"], message: "componentize.yml already exists; init never overwrites it")
    }

    func testDryRunWritesNothing() throws {
        try setUpArticleApp()
        let before = try snapshot()
        let result = try componentize("new", "ComponentVideo", "--dry-run")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try snapshot(), before)
        XCTAssertTrue(result.stdout.contains("Packages/business/ComponentVideo/  (business)"), result.stdout)
        XCTAssertTrue(result.stdout.contains("  Sources/ComponentVideo/Generated/ComponentVideoResources.swift"), result.stdout)
        XCTAssertTrue(result.stdout.contains("+        .package(path: \"../../business/ComponentVideo\"),"), "the app's edit is shown:\n\(result.stdout)")
    }

    func testOutputIsDeterministic() throws {
        XCTAssertEqual(try componentize("init").status, 0)
        XCTAssertEqual(try componentize("new", "NXKit").status, 0)
        let first = try snapshot()
        try FileManager.default.removeItem(at: root.appendingPathComponent("Packages"))
        XCTAssertEqual(try componentize("new", "NXKit").status, 0)
        XCTAssertEqual(try snapshot(), first)
    }

    func testCustomTemplatesEndToEnd() throws {
        XCTAssertEqual(try componentize("init").status, 0)
        let templates = root.appendingPathComponent("team-templates/kit")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try """
            files:
              - template: shared/Package.swift.stencil
                path: Package.swift
              - template: kit/Team.swift.stencil
                path: "Sources/{{ name }}/{{ name }}+Team.swift"
              - template: shared/Tests.swift.stencil
                path: "Tests/{{ name }}Tests/{{ name }}Tests.swift"
            """.write(to: templates.appendingPathComponent("manifest.yml"), atomically: true, encoding: .utf8)
        try "/// {{ name }} in {{ layer }}, by the team's template.\npublic enum {{ name }} {\n    public static let name = \"{{ name }}\"\n}\n"
            .write(to: templates.appendingPathComponent("Team.swift.stencil"), atomically: true, encoding: .utf8)
        let result = try componentize("new", "NXKit", "--no-resources", "--template-dir", "team-templates")
        XCTAssertEqual(result.status, 0, result.stderr)
        let source = try String(contentsOf: root.appendingPathComponent("Packages/kit/NXKit/Sources/NXKit/NXKit+Team.swift"), encoding: .utf8)
        XCTAssertEqual(source, "/// NXKit in kit, by the team's template.\npublic enum NXKit {\n    public static let name = \"NXKit\"\n}\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Packages/kit/NXKit/README.md").path))
    }
}
