import Configuration
import DependencyGraph
import Diagnostics
import Foundation

/// A component mid-migration, built by both a podspec and a Package.swift in one folder, whose two declarations
/// depend on different components or outside packages.
public struct PodPackageMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "pod-package-mismatch",
        name: "Podspec and Package.swift disagree",
        summary: "A component declared both as a pod and as a package depends on different things in each.",
        rationale: "While a component is built by CocoaPods and by SwiftPM, the two declarations are one component: a dependency only one of them declares builds in one world and breaks, or hides a layering violation, in the other.",
        defaultSeverity: .warning,
        nonTriggeringExamples: [
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], podspecs: [
                ("Kit/NXKit/NXKit.podspec", RuleExample.podspec("NXKit")),
                ("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI", dependencies: ["NXKit"])),
            ]),
            // A pod depending on a component that is only a package yet, by its name.
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], podspecs: [("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI", dependencies: ["NXKit"]))]),
        ],
        triggeringExamples: [
            // The podspec depends on NXKit, the package does not.
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI")),
            ], podspecs: [
                ("Kit/NXKit/NXKit.podspec", RuleExample.podspec("NXKit")),
                ("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI", dependencies: ["↓NXKit"])),
            ]),
            // The package depends on NXKit, the podspec does not.
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: ["↓.package(path: \"../../Kit/NXKit\")"])),
            ], podspecs: [("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI"))]),
            // An outside pod the package has no counterpart for, by name.
            RuleExample([
                ("Common/NXService", RuleExample.package("NXService")),
            ], podspecs: [("Common/NXService/NXService.podspec", RuleExample.podspec("NXService", dependencies: ["↓AFNetworking"]))]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        graph.migratingComponents.flatMap(findings)
    }

    private func findings(_ pair: MigratingComponent) -> [Finding] {
        let component = pair.component
        let podFile = (pair.podspecPath as NSString).lastPathComponent
        let podLocal = Set(pair.podDependencies.compactMap(\.directory)), packageLocal = Set(pair.packageDependencies.compactMap(\.directory))
        let podOutside = pair.podDependencies.filter { $0.directory == nil }, packageOutside = pair.packageDependencies.filter { $0.directory == nil }
        var findings: [Finding] = []
        for declared in pair.podDependencies {
            if let directory = declared.directory {
                guard !packageLocal.contains(directory) else { continue }
                findings.append(finding(
                    "\(podFile) depends on \(declared.name), \(component)'s Package.swift does not: the pod and the package of \(component) disagree",
                    fix: "add .package(path: \"\(declared.relativePath ?? declared.name)\") and .product(name: \"\(declared.name)\", package: \"\(declared.name)\") to \(pair.manifestPath), or remove this s.dependency if \(component) no longer uses \(declared.name)",
                    at: declared.location, from: component, to: declared.name))
            } else if !packageOutside.contains(where: { !$0.names.isDisjoint(with: declared.names) }) {
                findings.append(finding(
                    "\(podFile) depends on the outside pod \(declared.name); \(component)'s Package.swift declares no package or product of that name",
                    fix: "add the SwiftPM package that provides \(declared.name) to \(pair.manifestPath) (.package(url:from:) and its product), or remove this s.dependency if \(component) no longer uses it",
                    at: declared.location, from: component, to: declared.name))
            }
        }
        for declared in pair.packageDependencies {
            if let directory = declared.directory {
                guard !podLocal.contains(directory) else { continue }
                findings.append(finding(
                    "\(component)'s Package.swift depends on \(declared.name), \(podFile) does not: the pod and the package of \(component) disagree",
                    fix: "add s.dependency '\(declared.name)' to \(pair.podspecPath), or remove this dependency if \(component) no longer uses \(declared.name)",
                    at: declared.location, from: component, to: declared.name))
            } else if !podOutside.contains(where: { !$0.names.isDisjoint(with: declared.names) }) {
                findings.append(finding(
                    "\(component)'s Package.swift depends on the outside package \(declared.name); \(podFile) declares no pod of that name",
                    fix: "add the pod that provides \(declared.name) to \(pair.podspecPath) (s.dependency), or remove this dependency if \(component) no longer uses it",
                    at: declared.location, from: component, to: declared.name))
            }
        }
        return findings
    }
}
