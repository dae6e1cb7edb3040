import ArgumentParser
import Project

struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Print what one package's manifest declares.",
        discussion: """
            Shows the package's name, its package dependencies, products and targets with their \
            dependencies, and the line and column of every dependency entry. This is the reading \
            'componentize check' works from.

            The static reader evaluates Package.swift with SwiftSyntax, without compiling it, and \
            declines (saying which construct, at which line) anything it cannot evaluate exactly. \
            'auto' then asks SwiftPM ('swift package dump-package', cached by manifest content).

            A PATH ending in .podspec or .podspec.json is a CocoaPods spec: read statically (Ruby is not run; a \
            construct the reader does not evaluate is an error at its line; with 'auto' and CocoaPods installed, \
            'pod ipc spec' evaluates it instead), printed as text, as json (the package \
            check makes of it: a target per spec and subspec) or as record (the attributes, dependencies and \
            subspecs Ruby's own evaluation records; docs/podspecs.md).

            A PATH ending in .xcodeproj is an Xcode project, read with Foundation (no Xcode needed): its targets, \
            their kinds, file counts and dependencies, each with its line in project.pbxproj (docs/xcode.md).
            """
    )

    @Argument(help: "Package directories (folders holding Package.swift), podspecs, .xcodeproj folders, XcodeGen specs (project.yml) or Tuist Project.swift files; default: the current directory. With several, JSON output is an array.", completion: .directory)
    var paths: [String] = ["."]

    @Option(help: "How to read the manifest: static (SwiftSyntax only), swiftpm (dump-package), or auto: static, then swiftpm when static declines.")
    var reader: Project.ReaderStrategy = .auto

    @Option(help: "Output format: text for people, json for tools (schema in docs/manifest-json.md); record (podspecs only): what Ruby's evaluation records.")
    var format: ManifestInspection.Format = .text

    @Option(name: .customLong("swift-version"),
            help: "The toolchain version that picks Package@swift-X.Y.swift variants and decides compiler() conditions (default: the compiler componentize was built with).")
    var swiftVersion: String?

    private var arePodspecs: Bool {
        !paths.isEmpty && paths.allSatisfy { Project.PackageKind(manifestPath: $0) == .pod }
    }

    func validate() throws {
        if let swiftVersion, Project.ToolsVersion(string: swiftVersion) == nil {
            throw ValidationError("--swift-version '\(swiftVersion)' is not a version: write it like 6.0 or 5.10.1.")
        }
        if arePodspecs, reader == .swiftpm {
            throw ValidationError("--reader swiftpm reads Package.swift; a podspec is read with --reader static or auto")
        }
        if !arePodspecs, format == .record {
            throw ValidationError("--format record is for podspecs (paths ending in .podspec or .podspec.json)")
        }
    }

    func run() throws {
        let inspection = try Project.inspectManifests(at: paths, reader: reader, format: format,
                                                      toolchain: swiftVersion.flatMap(Project.ToolsVersion.init(string:)))
        for note in inspection.notes { Terminal.printError(note) }
        print(inspection.output)
    }
}

extension ManifestInspection.Format: ExpressibleByArgument {}
