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
        details: "when the targets read compile fewer than half of the repository's Swift and C-family files (`.swift`, `.m`, `.mm`, `.c`, `.cc`, `.cpp`, `.cxx`; outside skipped and `exclude`d folders and the folders of manifests that cannot be read, description files left out), once, at the first file of the folder holding the most unread files, with the counts; the notes name the descriptions not read (a declined Tuist helper, a Bazel or Buck file, a stub `.xcodeproj`)",
        remedy: "make the descriptions the notes name readable, or exclude the folders that are not the app's code",
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
                        fix: "the notes name the project descriptions componentize does not read: make them readable (or check their app with a tool that reads them), or exclude the folders that are not the app's code (exclude: in componentize.yml)",
                        at: FileLocation(path: path, line: 1, column: 1), from: graph.root)]
    }
}

extension RuleID {
    public static let unreadSources: RuleID = "unread-sources"
}
