import Configuration
import DependencyGraph
import Diagnostics
import PackageModel

/// A dependency on a target, product or package that exists nowhere in the graph.
public struct UnresolvedDependencyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unresolved,
        name: "Unresolved dependency",
        summary: "A dependency names a target, product or package that the repository does not have.",
        rationale: "A dependency that resolves to nothing cannot be checked and will not build.",
        details: "a dependency on a target, product or package that exists nowhere; a `.package(path:)` to a folder without a manifest (at that entry); a Podfile's `pod 'X', :path => '…'` to a folder without `X.podspec` (once, at the Podfile line, whatever other podspec the folder holds: the targets given the pod by that line are not reported again). Not a finding, but a note, and what the package provides undecided: a package in a git submodule that is not checked out, or in a folder `.gitignore` keeps out of the repository (a script or a tool fetches it; patterns match whatever the case, as git on a Mac does), or a path that leaves the repository to a folder that is not there (a checkout expected beside it), a Podfile's path pod as a package's path. Not a finding either: an Xcode target dependency that names nothing, or a target of its project that no object defines any more (a deleted target's `PBXTargetDependency` or its proxy's `remoteGlobalIDString`: a note, Xcode builds past it), a product an Xcode target links by name that no package joined to the project has (undecided: Xcode finds it in packages componentize may not see), a dependency on a target another Xcode project no longer has (a note: which target Xcode would build cannot be told), and, before tools 5.5, `package:` naming an outside package by the name its own manifest gives it (undecided until it is checked out)",
        remedy: "fix the name or the path, or declare the package",
        nonTriggeringExamples: [
            RuleExample([("App", RuleExample.package("App", targets: [("App", ["\"NXKit\""]), ("NXKit", [])]))]),
            // Before tools 5.5, `package:` is the name the dependency's own manifest gives it: unknown until checked out.
            RuleExample([("Kit/NXStore", RuleExample.package("NXStore", targets: [("NXStore", [".product(name: \"RealmSwift\", package: \"Realm\")"])],
                                                             packages: [".package(url: \"https://github.com/realm/realm-swift.git\", from: \"10.0.0\")"], tools: "5.3"))]),
        ],
        triggeringExamples: [
            RuleExample([("App", RuleExample.package("App", targets: [("App", ["↓\"NXKitt\""]), ("NXKit", [])]))]),
            RuleExample([("App", RuleExample.package("App", targets: [("App", ["↓.product(name: \"NXKit\", package: \"NXKit\")"])]))]),
            // A path to a folder without a manifest: once, at the entry; the product it should provide is not checked further.
            RuleExample([("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                             packages: ["↓.package(path: \"../../Kit/NXKit\")"]))]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        let packages = graph.missingPackages.map { missing in
            let pod = missing.kind == .pod
            let what = "the " + missing.kind.noun
            return finding("\(missing.referencedBy) depends on \(what) at '\(missing.written)', which \(missing.folderExists ? "has no \(missing.expectedFile)" : "does not exist")",
                           fix: fix(for: missing, pod: pod), at: missing.location, from: missing.referencedBy, to: missing.written)
        }
        return packages + graph.edges.compactMap { edge in
            guard case .unresolved(let reason) = edge.to else { return nil }
            let from = graph.sortedTargets[edge.fromNumber]
            let fix = from.packageKind == .xcodeProject
                ? "remove the entry in Xcode, or restore what it names (an object id nothing defines is what a bad merge leaves)"
                : from.packageKind.isXcodeProject ? "fix the name in the \(from.packageKind.noun), or remove the entry"
                : "fix the name, or declare the package with .package(path:) in \(from.packageName)'s Package.swift"
            return finding("\(from.label) depends on \(edge.written): \(reason)", fix: fix,
                           at: edge.location, from: from.id.name, to: edge.written)
        }
    }
}

extension UnresolvedDependencyRule {
    func fix(for missing: MissingPackageReference, pod: Bool) -> String {
        let guess = missing.suggestion.map { "did you mean '\($0)' (it has \(missing.expectedFile))? Else " } ?? ""
        let fix = missing.folderExists
            ? (pod ? "fix the path, or the pod's name (CocoaPods reads \(missing.expectedFile) in that folder\(Self.holding(missing.podspecsThere)))"
                : missing.kind == .tuistProject ? "fix the path, or add the project's \(missing.expectedFile) there (a Tuist .project(path:) names the folder of one)"
                : "fix the path, or add the package's manifest there")
            : "fix the path, or check out the \(pod ? "pod" : "package") there (a submodule or sibling repository?)"
        return guess.isEmpty ? fix : guess + fix
    }

    /// `, which holds NXCore.podspec` (a pod renamed since the Podfile line was written), or nothing.
    static func holding(_ podspecs: [String]) -> String {
        guard !podspecs.isEmpty else { return "" }
        let listed = podspecs.prefix(3).joined(separator: ", ") + (podspecs.count > 3 ? " and \(podspecs.count - 3) more" : "")
        return ", which holds " + listed
    }
}

extension RuleID {
    public static let unresolved: RuleID = "unresolved"
}
