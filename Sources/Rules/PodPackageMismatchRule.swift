import Configuration
import DependencyGraph
import Diagnostics
import Foundation

/// A component mid-migration, built by both a podspec and a Package.swift in one folder, whose two declarations
/// depend on different components or outside packages.
public struct PodPackageMismatchRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .podPackageMismatch,
        name: "Podspec and Package.swift disagree",
        summary: "A component declared both as a pod and as a package depends on different things in each.",
        rationale: "While a component is built by CocoaPods and by SwiftPM, the two declarations are one component: a dependency only one of them declares builds in one world and breaks, or hides a layering violation, in the other.",
        details: "a component mid-migration (a podspec and a `Package.swift` in one folder, read as one component: the package's targets are checked, and pods reach it by its pod name) whose two declarations disagree: a local component or an outside pod/package only one of them depends on; local ones compared by folder, outside ones by name (the package's identity, its declared name or a product used from it, against the pod's name, case and separators ignored: `Core-DataModel` is `CoreDataModel`; a pod and a package neither side otherwise names, one's name holding the other's (`SideMenuSwift`, `SideMenu`), may be one library published under two names, which is not read: no finding; a dependency only the podspec's test specs take is not compared); at the `s.dependency` line or the `Package.swift` entry. Or a source file (Swift, Objective-C, C) one of them compiles and the other does not (a file added to the pod after its migration), at the file; headers, the resource accessors `migrate-pods` writes and files holding no code (only comments: a placeholder a pod keeps in `source_files` so that CocoaPods makes its folder) are not compared",
        remedy: "the exact `.package(path:)` and `.product(name:package:)` to add to the package, or the `s.dependency` to add to the podspec, or remove the entry",
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
            // One library published as the pod SideMenuSwift and the package SideMenu (which one it is, is not read).
            RuleExample([
                ("Common/NXMenu", RuleExample.package("NXMenu", targets: [("NXMenu", [".product(name: \"SideMenu\", package: \"SideMenu\")"])],
                                                      packages: [".package(url: \"https://example.com/acme/SideMenu.git\", from: \"2.0.0\")"])),
            ], podspecs: [("Common/NXMenu/NXMenu.podspec", RuleExample.podspec("NXMenu", dependencies: ["SideMenuSwift"]))]),
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
        graph.migratingComponents.flatMap { findings($0) + fileFindings($0) }
    }

    /// A file one build compiles and the other does not: the two builds of the component have drifted apart.
    private func fileFindings(_ pair: MigratingComponent) -> [Finding] {
        let podFile = (pair.podspecPath as NSString).lastPathComponent
        let update = "'componentize migrate-pods --pod \(pair.podName) --update' rewrites the Package.swift it wrote from the podspec"
        let podOnly = pair.podOnlyFiles.map { file in
            finding("\(file) is compiled by the pod (\(podFile)'s source_files) but by no target of \(pair.component)'s Package.swift: SwiftPM builds \(pair.component) without it, and check does not read it",
                    fix: "\(update); or add it to a target's sources, or leave it out of source_files if no build needs it",
                    at: FileLocation(path: pair.folder.isEmpty ? file : pair.folder + "/" + file), from: pair.component, to: file)
        }
        let packageOnly = pair.packageOnlyFiles.map { file in
            finding("\(file) is compiled by \(pair.component)'s Package.swift but not selected by \(podFile)'s source_files: CocoaPods builds the pod without it",
                    fix: "add it to the podspec's source_files, or exclude it from the package's target (\(update))",
                    at: FileLocation(path: pair.folder.isEmpty ? file : pair.folder + "/" + file), from: pair.component, to: file)
        }
        return podOnly + packageOnly
    }

    private func findings(_ pair: MigratingComponent) -> [Finding] {
        let component = pair.component
        let podFile = (pair.podspecPath as NSString).lastPathComponent
        /// What one side declares that the other does not, with the message and fix for each kind of entry.
        func missing(_ declared: [MigratingComponent.Declared], _ other: [MigratingComponent.Declared],
                     local: (MigratingComponent.Declared) -> (String, String), outside: (MigratingComponent.Declared) -> (String, String)) -> [Finding] {
            let otherLocal = Set(other.compactMap(\.directory)), otherOutside = other.filter { $0.directory == nil }
            // The outside entries of the other side that no entry of this side names (by their folded names).
            let ownOutside = declared.filter { $0.directory == nil }
            let otherUnmatched = otherOutside.filter { candidate in !ownOutside.contains { Self.sameName($0, candidate) } }
            return declared.compactMap { entry in
                let text: (message: String, fix: String)
                if let directory = entry.directory {
                    guard !otherLocal.contains(directory) else { return nil }
                    text = local(entry)
                } else {
                    // `ProtonCore-DataModel` the pod, `ProtonCoreDataModel` the product: one name, spelt two ways.
                    guard !otherOutside.contains(where: { Self.sameName(entry, $0) }) else { return nil }
                    // `SideMenuSwift` the pod, `SideMenu` the package, neither named by the other side otherwise: one library
                    // published under two names, maybe; whether it is, is not read (the pod's podspec is a specs repository's).
                    guard !otherUnmatched.contains(where: { Self.mayBeOneLibrary(entry, $0) }) else { return nil }
                    text = outside(entry)
                }
                return finding(text.message, fix: text.fix, at: entry.location, from: component, to: entry.name)
            }
        }
        return missing(pair.podDependencies, pair.packageDependencies, local: { entry in (
            "\(podFile) depends on \(entry.name), \(component)'s Package.swift does not: the pod and the package of \(component) disagree",
            "add .package(path: \"\(entry.relativePath ?? entry.name)\") and .product(name: \"\(entry.name)\", package: \"\(entry.name)\") to \(pair.manifestPath), or remove this s.dependency if \(component) no longer uses \(entry.name)"
        ) }, outside: { entry in (
            "\(podFile) depends on the outside pod \(entry.name); \(component)'s Package.swift declares no package or product of that name",
            "add the SwiftPM package that provides \(entry.name) to \(pair.manifestPath) (.package(url:from:) and its product), or remove this s.dependency if \(component) no longer uses it"
        ) }) + missing(pair.packageDependencies, pair.podDependencies, local: { entry in (
            "\(component)'s Package.swift depends on \(entry.name), \(podFile) does not: the pod and the package of \(component) disagree",
            "add s.dependency '\(entry.name)' to \(pair.podspecPath), or remove this dependency if \(component) no longer uses \(entry.name)"
        ) }, outside: { entry in (
            "\(component)'s Package.swift depends on the outside package \(entry.name); \(podFile) declares no pod of that name",
            "add the pod that provides \(entry.name) to \(pair.podspecPath) (s.dependency), or remove this dependency if \(component) no longer uses it"
        ) })
    }
}

extension PodPackageMismatchRule {
    /// A name without its separators: `protoncore-datamodel` and `protoncoredatamodel` are one.
    static func folded(_ name: String) -> String {
        String(name.filter { $0.isLetter || $0.isNumber })
    }

    /// Whether two outside entries share a name, separators and case ignored.
    static func sameName(_ one: MigratingComponent.Declared, _ other: MigratingComponent.Declared) -> Bool {
        !Set(one.names.map(folded)).isDisjoint(with: other.names.map(folded))
    }

    /// Whether one entry's name holds the other's whole (`sidemenuswift` holds `sidemenu`): the names one library takes
    /// as a pod and as a package (a language suffix, a platform suffix).
    static func mayBeOneLibrary(_ one: MigratingComponent.Declared, _ other: MigratingComponent.Declared) -> Bool {
        one.names.map(folded).contains { name in
            other.names.map(folded).contains { candidate in
                let (short, long) = name.count <= candidate.count ? (name, candidate) : (candidate, name)
                return short.count >= 3 && long.contains(short)
            }
        }
    }
}

extension RuleID {
    public static let podPackageMismatch: RuleID = "pod-package-mismatch"
}
