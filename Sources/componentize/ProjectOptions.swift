import ArgumentParser
import Diagnostics
import Project

/// The options of every command that reads a repository: where it is, its configuration, how to read manifests.
struct ProjectOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("The repository root, or a package folder (default: the current directory).", valueName: "path"), completion: .directory)
    var pathArgument: String?

    /// PATH, the current directory when it is not given.
    var path: String { pathArgument ?? "." }

    @Option(name: .customLong("config"),
            help: "Use this configuration instead of the componentize.yml found from PATH upwards (PATH is then the repository root).",
            completion: .file())
    var configurationPath: String?

    @Option(help: "How to read manifests: auto (static, then 'swift package dump-package' when static declines), static or swiftpm.")
    var reader: Project.ReaderStrategy = .auto

    @Flag(name: .customLong("no-xcode"), help: "Leave Xcode projects (.xcodeproj) out of the graph, whatever the configuration says.")
    var noXcode = false

    func open(at root: String? = nil, timings: StageTimings? = nil) throws -> Project {
        try Project.open(at: root ?? path, configuration: configurationPath, strategy: reader, timings: timings, readsXcodeProjects: !noXcode)
    }
}

extension Project.ReaderStrategy: ExpressibleByArgument {}
