import Configuration
import DependencyGraph
import Diagnostics
import PackageModel
import Paths

/// A package whose manifest no reader can evaluate: it is left out of the graph, and said so.
public struct UnreadableManifestRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unreadableManifest,
        name: "Unreadable manifest",
        summary: "A Package.swift that neither the static reader nor SwiftPM can evaluate.",
        rationale: "A package componentize cannot read is a package nothing checks: its dependencies could break every rule unseen.",
        details: "a `Package.swift` neither reader can evaluate, with the reader's own message at its place; the package's targets take part in no other rule. A podspec the static reader declines (a construct it does not evaluate: `if ENV[…]`, `File.read`) while CocoaPods is not installed to evaluate it is a warning, not an error: Ruby may accept it; so is a Tuist `Project.swift` the reader declines (Swift may accept it), at the place it stopped. What a target depending on either imports that the unread one may link is undecided, never a finding. An unreadable local pod stays a local pod: a Podfile's or podspec's dependency on it is neither third-party nor unresolved, and the imports it may provide are undecided. A `Package.swift` that creates no package (no `Package(…)` in it) and that no dependency leads to is a placeholder (it keeps a folder out of the package around it, or out of Xcode's index): a note, not a finding",
        remedy: "make the manifest build with `swift package dump-package`",
        nonTriggeringExamples: [
            RuleExample([("Kit/NXKit", RuleExample.package("NXKit"))]),
        ],
        triggeringExamples: [
            RuleExample([
                ("Kit/NXKit", """
                    // swift-tools-version:5.9
                    import PackageDescription
                    let package = Package(name: "NXKit", targets: [.target(name: "NXKit")↓

                    """),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ]),
            // A podspec the static reader declines: a warning at the construct, the pod still a local one.
            RuleExample([], podspecs: [("Kit/NXKit/NXKit.podspec", declinedPodspec)]),
        ]
    )

    /// A pod whose files depend on the environment, valid Ruby the static reader does not evaluate.
    static let declinedPodspec = """
        Pod::Spec.new do |s|
          s.name = 'NXKit'
          s.version = '1.0.0'
          ↓if ENV['NX_SOURCE']
            s.source_files = 'NXKit/Classes/**/*'
          else
            s.vendored_frameworks = 'NXKit.framework'
          end
        end

        """

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        graph.unreadableManifests.map { unreadable in
            if unreadable.isDeclined { return declined(unreadable) }
            let pod = unreadable.kind == .pod, project = unreadable.kind == .xcodeProject
            let description = unreadable.kind == .xcodeGenSpec || unreadable.kind == .tuistProject
            let fix = pod
                ? "write the podspec in the subset the static podspec reader evaluates (literals, interpolation, no File, ENV or conditions: docs/podspecs.md), or fix what it names; until then the pod is not checked"
                : project ? "repair the project file at the place named (Xcode opens a project only when it reads); until then its targets are not checked"
                : description ? "fix the \(unreadable.kind.noun) at the place named (\(unreadable.kind == .tuistProject ? "tuist generate" : "xcodegen generate") stops there too); until then its targets are not checked"
                : "make the manifest build with 'swift package dump-package' in \(unreadable.package); until then its targets are not checked"
            let what = pod ? "podspec of the pod" : project ? "Xcode project" : description ? unreadable.kind.noun : "manifest of the package"
            // A Tuist project is its folder, named by its description as the reader read it.
            let place = unreadable.kind == .tuistProject ? Self.description(of: unreadable) : unreadable.package
            return finding("cannot read the \(what) in \(place): \(unreadable.message)",
                           fix: fix, at: unreadable.location, from: unreadable.package)
        }
    }
}

extension UnreadableManifestRule {
    /// A podspec the static reader declines (valid Ruby it does not evaluate, such as `if ENV['X']`) while CocoaPods is
    /// not there to evaluate it: nothing says the podspec is wrong, so a warning, and what the pod provides is undecided.
    func declined(_ unreadable: UnreadableManifest) -> Finding {
        if unreadable.kind == .tuistProject { return declinedTuistProject(unreadable) }
        let file = unreadable.manifestPath.split(separator: "/").last.map(String.init) ?? unreadable.manifestPath
        var finding = finding("\(file) is not read, so its pod is not checked: \(unreadable.message)",
                              fix: "with CocoaPods installed ('pod' on PATH) componentize asks 'pod ipc spec' to evaluate it; else write the podspec in the subset the static reader evaluates (docs/podspecs.md). Until then what the pod provides is undecided, never a finding",
                              at: unreadable.location, from: unreadable.package)
        finding.severity = .warning
        return finding
    }

    /// A Tuist project's `Project.swift`, relative to the root (the package is its folder).
    static func description(of unreadable: UnreadableManifest) -> String {
        PathArithmetic.join(unreadable.package, PathArithmetic.lastComponent(of: unreadable.manifestPath))
    }

    /// A Tuist project whose description (or a helper it calls) uses a construct the reader does not evaluate: Swift
    /// may well accept it, so a warning at the place the reader stopped; its targets are not checked, and what the
    /// targets depending on it import that it may link is undecided, never a finding.
    func declinedTuistProject(_ unreadable: UnreadableManifest) -> Finding {
        // Several projects declined in one helper line are each named (`to`: one finding a project at that place).
        var finding = finding("\(Self.description(of: unreadable)) is not read, so the targets of this Tuist project are not checked: \(unreadable.message)",
                              fix: "write the description (or the helper named) in the subset the Tuist reader evaluates (docs/generated-projects.md), or fix what it names; until then what other projects take from it is undecided, never a finding",
                              at: unreadable.location, from: unreadable.package, to: unreadable.package)
        finding.severity = .warning
        return finding
    }
}

extension RuleID {
    public static let unreadableManifest: RuleID = "unreadable-manifest"
}
