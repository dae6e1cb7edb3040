import Configuration
import Diagnostics
import Fixing
@testable import Project
import XCTest

/// Fixes stated by the rule that finds the problem (issue 45): `unused-dependency` and `implicit-dependency` give a
/// finding of a `Package.swift` the manifest edit that fixes it, and `fix` plans exactly the edit it used to find again
/// from the finding's rule, key and place.
final class StatedFixTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-stated-fix" }

    private func package(_ name: String, targets: String, products: String = "", dependencies: String = "") -> String {
        """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "\(name)",
            products: [\(products)],
            dependencies: [\(dependencies)],
            targets: [
                \(targets)
            ]
        )

        """
    }

    /// A package with a product each other package may name: `Kit/<name>`.
    private func writeLibrary(_ name: String) throws {
        try write(package(name, targets: ".target(name: \"\(name)\")", products: ".library(name: \"\(name)\", targets: [\"\(name)\"])"),
                  to: "Kit/\(name)/Package.swift")
        try write("public struct \(name)Type {}\n", to: "Kit/\(name)/Sources/\(name)/\(name).swift")
    }

    /// What `fix` plans for `findings`, each edit with its place, intent, target and the needs it meets.
    private func planned(_ findings: [Finding], of project: Project, check: ProjectCheck) -> [String] {
        var planner = FixPlanner(repository: project.fixRepository, graph: check.graph)
        for finding in FixPlanner.planningOrder(findings) { planner.plan(finding) }
        XCTAssertEqual(planner.notFixed.map(\.reason), [])
        return planner.plannedEdits.map { planned in
            "\(planned.edit.file.replacingOccurrences(of: root, with: "ROOT")):\(planned.edit.line):\(planned.edit.column) \(planned.edit.intent) "
                + "\(planned.edit.package) \(planned.edit.target ?? "-"): \(planned.needs.map(\.description))"
        }
    }

    /// `Common/NXUI`, a package of the targets NXUI and Helpers, NXUI's file importing `imports`; then its findings of `rule`.
    private func checkNXUI(targets: String, dependencies: String = "", imports: [String], rule: RuleID) throws
        -> (project: Project, check: ProjectCheck, findings: [Finding]) {
        try writeLibrary("NXKit")
        try write(package("NXUI", targets: targets, dependencies: dependencies), to: "Common/NXUI/Package.swift")
        try write(imports.map { "import \($0)\n" }.joined() + "\npublic struct Theme {}\n", to: "Common/NXUI/Sources/NXUI/Theme.swift")
        try write("public struct Helper {}\n", to: "Common/NXUI/Sources/Helpers/Helper.swift")
        let project = try open()
        let check = try project.check(today: Day(year: 2026, month: 6, day: 1))
        return (project, check, check.result.findings.filter { $0.rule == rule })
    }

    /// The plans of `findings` as stated, and as found again with the statement taken away.
    private func plans(_ findings: [Finding], of project: Project, check: ProjectCheck) -> (stated: [String], found: [String]) {
        (planned(findings, of: project, check: check), planned(findings.map { var finding = $0; finding.manifestFix = nil; return finding }, of: project, check: check))
    }

    /// A local target's entry (another package's product, and a target of the same package) and an outside product's
    /// whose checkout says what it provides, none imported: each finding states the removal, at the entry, with the
    /// identity of the package whose `Package(dependencies:)` entry may go too.
    func testUnusedDependencyStatesTheRemovalThePlannerFound() throws {
        let (project, check, findings) = try checkNXUI(targets: """
            .target(name: "NXUI", dependencies: [.product(name: "NXKit", package: "NXKit"), "Helpers"]),
                    .target(name: "Helpers")
            """, dependencies: ".package(path: \"../../Kit/NXKit\")", imports: ["Foundation"], rule: .unusedDependency)
        XCTAssertEqual(findings.compactMap(\.manifestFix).map(\.intent), [.removeEntry(package: "nxkit"), .removeEntry(package: "nxui")])
        XCTAssertEqual(findings.compactMap(\.manifestFix).map(\.target), Array(repeating: ManifestFix.Target(package: "Common/NXUI", name: "NXUI"), count: 2))
        XCTAssertEqual(findings.compactMap(\.manifestFix).map(\.place), findings.map { SourcePosition(line: $0.location.line ?? 0, column: $0.location.column ?? 0) })
        let (stated, found) = plans(findings, of: project, check: check)
        XCTAssertEqual(stated.count, 2)
        XCTAssertEqual(stated, found)
    }

    /// A development pod's `s.dependency` on another pod none of its files imports: the line is removed.
    func testUnusedDependencyOfAPodStatesTheLineRemoved() throws {
        func podspec(_ name: String, _ lines: [String] = []) -> String {
            (["Pod::Spec.new do |s|", "  s.name = '\(name)'", "  s.version = '1.0.0'", "  s.source_files = 'Classes/**/*'"] + lines.map { "  " + $0 } + ["end", ""])
                .joined(separator: "\n")
        }
        try write(podspec("Core"), to: "Core/Core.podspec")
        try write("public struct Core {}\n", to: "Core/Classes/Core.swift")
        try write(podspec("Files", ["s.dependency 'Core'"]), to: "Files/Files.podspec")
        try write("import Foundation\n\npublic struct Files {}\n", to: "Files/Classes/Files.swift")
        let project = try open()
        let check = try project.check(today: Day(year: 2026, month: 6, day: 1))
        let findings = check.result.findings.filter { $0.rule == .unusedDependency }
        XCTAssertEqual(findings.compactMap(\.manifestFix).map(\.intent), [.removePodDependency])
        let (stated, found) = plans(findings, of: project, check: check)
        XCTAssertEqual(stated.count, 1)
        XCTAssertEqual(stated, found)
    }

    /// An import of another package's product (whose package is not declared yet) and of a target of the same package:
    /// each finding states the entry added where the importer starts, with the `.package(path:)` it needs and the
    /// target it leads to (which `fix` checks for a cycle).
    func testImplicitDependencyStatesTheAdditionThePlannerFound() throws {
        let (project, check, findings) = try checkNXUI(targets: """
            .target(name: "NXUI"),
                    .target(name: "Helpers")
            """, imports: ["NXKit", "Helpers"], rule: .implicitDependency)
        XCTAssertEqual(findings.compactMap(\.manifestFix).map(\.intent), [
            .addDependency(entry: ".product(name: \"NXKit\", package: \"NXKit\")", packageEntry: ".package(path: \"../../Kit/NXKit\")"),
            .addDependency(entry: "\"Helpers\"", packageEntry: nil),
        ])
        XCTAssertEqual(findings.compactMap(\.manifestFix).map(\.leadsTo),
                       [ManifestFix.Target(package: "Kit/NXKit", name: "NXKit"), ManifestFix.Target(package: "Common/NXUI", name: "Helpers")])
        let (stated, found) = plans(findings, of: project, check: check)
        XCTAssertEqual(stated.count, 2)
        XCTAssertEqual(stated, found)
        // Planned from what the rule stated, not from where the finding stands: placed elsewhere, the same edits.
        let elsewhere = findings.map { var finding = $0; finding.location.line = 99; return finding }
        XCTAssertEqual(planned(elsewhere, of: project, check: check), stated)
    }
}
