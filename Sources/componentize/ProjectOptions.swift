import ArgumentParser
import Project

/// The options of every command that reads a repository: where it is, its configuration, how to read manifests.
struct ProjectOptions: ParsableArguments {
    @Argument(help: "The repository root, or a package folder (default: the current directory).", completion: .directory)
    var path: String = "."

    @Option(name: .customLong("config"), help: "A configuration file other than PATH/componentize.yml.", completion: .file())
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
