import Diagnostics
import Project
import Rules
import XCTest

/// Descriptions spelt in another case than the name their tool looks for (`project.swift`, `Project.yml`, `podfile`):
/// Apple's tools run on macOS's default file system, which ignores case, so Tuist, XcodeGen and CocoaPods find them
/// there. They are read under the name their tool looks for, and a note says that a case-sensitive disk would not find
/// them.
final class CaseSpelledDescriptionsTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-case-spelled" }

    private func tuistProject(_ name: String, targets: [(name: String, product: String, sources: String, dependencies: String)]) -> String {
        let list = targets.map { target in
            """
                    .target(name: "\(target.name)", destinations: .iOS, product: .\(target.product), bundleId: "com.example.\(target.name)",
                            sources: ["\(target.sources)/**"], dependencies: [\(target.dependencies)]),
            """
        }
        return "import ProjectDescription\n\nlet project = Project(\n    name: \"\(name)\",\n    targets: [\n\(list.joined(separator: "\n"))\n    ]\n)\n"
    }

    /// A Tuist project whose manifest is spelt `project.swift` is read as `Project.swift`: the `.project(target:path:)`
    /// dependencies of other projects on it resolve, its own imports are checked, and a note says how it is spelt.
    func testATuistProjectSpeltInLowerCaseIsReadWithANote() throws {
        try write(tuistProject("SignIn", targets: [("SignIn", "framework", "Sources", ""), ("SignInUI", "framework", "UI", "")]),
                  to: "Projects/Feature/SignIn/project.swift")
        try write("public struct SignIn {}\n", to: "Projects/Feature/SignIn/Sources/SignIn.swift")
        try write("import SignIn\n", to: "Projects/Feature/SignIn/UI/SignInView.swift")
        try write(tuistProject("App", targets: [("App", "app", "Sources",
                                                 ".project(target: \"SignIn\", path: .relativeToRoot(\"Projects/Feature/SignIn\")), .project(target: \"SignInUI\", path: \"../Feature/SignIn\")")]),
                  to: "Projects/App/Project.swift")
        try write("import SignIn\nimport SignInUI\n", to: "Projects/App/Sources/App.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.severity == .error }),
                       ["ROOT/Projects/Feature/SignIn/UI/SignInView.swift:1:1: implicit-dependency: SignInUI imports SignIn, which target SignInUI does not link"])
        XCTAssertTrue(check.notes.contains { note in
            note.message.hasPrefix("read as Project.swift: it is spelt project.swift") && note.message.contains("a case-sensitive one (Linux, CI) does not")
                && note.location?.path.hasSuffix("Projects/Feature/SignIn/project.swift") == true
        }, "\(check.notes.map(\.message))")
    }

    /// A Tuist `.project(target:path:)` whose folder holds no `Project.swift` is unresolved for want of a `Project.swift`
    /// (a Tuist project), never of a `Package.swift`.
    func testATuistProjectDependencyOnAFolderWithoutOneSaysNoProjectSwift() throws {
        try write("public struct Legacy {}\n", to: "Projects/Legacy/Sources/Legacy.swift")
        try write(tuistProject("App", targets: [("App", "app", "Sources", ".project(target: \"Legacy\", path: \"../Legacy\")")]),
                  to: "Projects/App/Project.swift")
        try write("import Legacy\n", to: "Projects/App/Sources/App.swift")
        let findings = try check().result.findings.filter { $0.rule == .unresolved }
        XCTAssertEqual(findings.map(\.message), ["App depends on the Tuist project at '../Legacy', which has no Project.swift"])
        XCTAssertEqual(findings.map(\.fix), ["fix the path, or add the project's Project.swift there (a Tuist .project(path:) names the folder of one)"])
    }

    /// An XcodeGen spec spelt `Project.yml` is read as `project.yml` (not as a spec named by --spec), with a note.
    func testAnXcodeGenSpecSpeltInAnotherCaseIsReadWithANote() throws {
        try write("""
            name: App
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]
              Feature:
                type: framework
                platform: iOS
                sources: [Feature]

            """, to: "Project.yml")
        try write("public struct Feature {}\n", to: "Feature/Feature.swift")
        try write("import Feature\n", to: "App/App.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.severity == .error }),
                       ["ROOT/App/App.swift:1:1: implicit-dependency: App (app) imports Feature (app), which target App does not link"])
        XCTAssertTrue(check.notes.contains { $0.message.hasPrefix("read as project.yml: it is spelt Project.yml") }, "\(check.notes.map(\.message))")
        XCTAssertFalse(check.notes.contains { $0.message.contains("--spec") }, "\(check.notes.map(\.message))")
    }

    /// A package target whose folder differs from its name only in case (`Userservices`, `Sources/UserServices`) has its
    /// files read from that folder, as SwiftPM on macOS reads them, with a note; a target with no such folder, or with
    /// two spelt in other cases, keeps its "not checked" note.
    func testAPackageTargetsFolderSpeltInAnotherCaseIsReadWithANote() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Modules",
                products: [.library(name: "Userservices", targets: ["Userservices"]), .library(name: "Core", targets: ["Core"])],
                targets: [
                    .target(name: "Core"),
                    .target(name: "Userservices"),
                    .target(name: "Twice"),
                ]
            )

            """, to: "Modules/Package.swift")
        try write("public struct Core {}\n", to: "Modules/Sources/Core/Core.swift")
        try write("import Core\n", to: "Modules/Sources/UserServices/UserService.swift")
        try write("import Core\n", to: "Modules/Sources/TWICE/A.swift")
        try write("import Core\n", to: "Modules/Sources/twice/B.swift")
        let check = try check()
        XCTAssertEqual(described(check.result.findings.filter { $0.severity == .error }),
                       ["ROOT/Modules/Sources/UserServices/UserService.swift:1:1: implicit-dependency: Userservices imports Core, which its manifest does not declare"])
        XCTAssertTrue(check.notes.contains { $0.message.hasPrefix("target Userservices has no folder of its name but 'Sources/UserServices' in another case") },
                      "\(check.notes.map(\.message))")
        XCTAssertTrue(check.notes.contains { $0.message.hasPrefix("the imports of Twice are not checked: no folder for it") }, "\(check.notes.map(\.message))")
    }

    /// A Podfile spelt `podfile` is read (its path pods followed), with a note.
    func testAPodfileSpeltInLowerCaseIsReadWithANote() throws {
        try write("""
            name: App
            targets:
              App:
                type: application
                platform: iOS
                sources: [App]

            """, to: "project.yml")
        try write("import UIKit\n", to: "App/App.swift")
        try write("platform :ios, '15.0'\nproject 'App'\n\ntarget 'App' do\n  pod 'Kit', :path => 'LocalPods/Kit'\nend\n", to: "podfile")
        try write("public struct Kit {}\n", to: "LocalPods/Kit/Kit.swift")
        let check = try check()
        XCTAssertEqual(check.result.findings.filter { $0.rule == .unresolved }.map { "\($0.location.path.replacingOccurrences(of: root, with: "ROOT")):\($0.location.line ?? 0) \($0.message)" },
                       ["ROOT/podfile:5 podfile depends on the pod at 'LocalPods/Kit', which has no Kit.podspec"])
        XCTAssertTrue(check.notes.contains { $0.message.hasPrefix("read as Podfile: it is spelt podfile") }, "\(check.notes.map(\.message))")
    }

    /// A `package.swift` is not read as a package (the readers need `Package.swift`), but a note says why.
    func testAPackageManifestSpeltInLowerCaseIsANote() throws {
        try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"Kit\")\n", to: "Kit/package.swift")
        try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"App\", targets: [.target(name: \"App\")])\n",
                  to: "Package.swift")
        try write("public struct App {}\n", to: "Sources/App/App.swift")
        let check = try check()
        XCTAssertTrue(check.notes.contains { $0.message.hasPrefix("package.swift is Package.swift in another case") && $0.location?.path.hasSuffix("Kit/package.swift") == true },
                      "\(check.notes.map(\.message))")
    }
}
