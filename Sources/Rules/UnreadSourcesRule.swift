import Configuration
import DependencyGraph
import Diagnostics

/// A check that read far less of the repository's code than it holds: never a plain success.
public struct UnreadSourcesRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unreadSources,
        name: "Unread sources",
        summary: "Most of the repository's source files are in no target componentize read.",
        rationale: "A check that read a small part of the code says nothing of the rest: its success is not the repository's.",
        details: "when the targets read compile fewer than half of the repository's Swift and C-family files (`.swift`, `.m`, `.mm`, `.c`, `.cc`, `.cpp`, `.cxx`; outside skipped and `exclude`d folders and the folders of manifests that cannot be read, but for the files a target read compiles there, description files left out), once, at the first file of the folder holding the most unread files, with the counts; its advice names the descriptions not read, whose notes say why (a Bazel or Buck file, a stub `.xcodeproj`, a YAML file with XcodeGen's keys that cannot be read), and says so when there is none",
        remedy: "make the descriptions the advice names readable (or describe the unread folders' targets), or exclude the folders that are not the app's code",
        defaultSeverity: .warning,
        nonTriggeringExamples: [
            RuleExample([("Kit/NXKit", RuleExample.package("NXKit"))], sources: [("Kit/NXKit/Sources/NXKit/Kit.swift", "public struct Kit {}\n")]),
        ],
        triggeringExamples: [
            RuleExample([("Kit/NXKit", RuleExample.package("NXKit"))], sources: [
                ("Kit/NXKit/Sources/NXKit/Kit.swift", "public struct Kit {}\n"),
                ("App/Sources/AppDelegate.swift", "↓final class AppDelegate {}\n"),
                ("App/Sources/SceneDelegate.swift", "final class SceneDelegate {}\n"),
            ]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        guard let coverage = graph.coverage, coverage.isFarBelow, let first = coverage.firstUnread else { return [] }
        let folders = coverage.unreadFolders.map { "\($0.folder): \($0.files)" }.joined(separator: ", ")
        let path = graph.root == "." ? first : graph.root + "/" + first
        return [finding("read \(coverage.read) of \(coverage.total) Swift and C-family files: \(coverage.total - coverage.read) are in no target componentize read (\(folders))",
                        fix: Self.advice(unreadDescriptions: coverage.unreadDescriptions),
                        at: FileLocation(path: path, line: 1, column: 1), from: graph.root)]
    }

    /// The notes name the descriptions not read only when there are some; else no description here builds those files.
    static func advice(unreadDescriptions: [String]) -> String {
        let exclude = "or exclude the folders that are not the app's code (exclude: in componentize.yml)"
        guard let first = unreadDescriptions.first else {
            return "no Package.swift, podspec, Xcode project or description componentize reads builds them: describe their targets in one, " + exclude
        }
        let many = unreadDescriptions.count > 1
        let named = first + (many ? " and \(unreadDescriptions.count - 1) more" : "")
        return many
            ? "the notes say why \(named) are not read: make them readable (or check what they describe with a tool that reads them), " + exclude
            : "the notes say why \(named) is not read: make it readable (or check what it describes with a tool that reads it), " + exclude
    }
}

extension RuleID {
    public static let unreadSources: RuleID = "unread-sources"
}
