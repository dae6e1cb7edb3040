import ArgumentParser
import Foundation
import Project

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Write a commented componentize.yml: from a layer preset, or inferred from an existing repository.",
        discussion: """
            four-layer is the source article's app: kit, common (UI, Service), account, business, app. \
            three-layer is base, common business, business, under the app.

            --infer reads every package under PATH and proposes layers from what depends on what today: the \
            lowest packages at the bottom, each package one layer above the highest it depends on, named after \
            the folders that group them. What breaks that layering today (a cycle, say) goes to \
            componentize-baseline.json, so 'componentize check' passes on the repository as it is and fails on \
            anything new. Details: docs/configuration.md.

            When the packages, pods and projects it reads compile less than half of the repository's code, it \
            declines (exit 2) and names what it could not read, unless --allow-unread.

            Refuses to replace an existing file, and to write a second configuration below one.
            """
    )

    @Option(help: "four-layer or three-layer (default: four-layer).")
    var preset: Project.LayerPreset?

    @Option(help: "The prefix of your base packages (NX for NXKit, NXUI...); also names the registry <prefix>Mediator.")
    var prefix: String = ""

    @Flag(help: "Infer the layers from the repository's packages instead of a preset.")
    var infer = false

    @Flag(name: .customLong("dry-run"), help: "With --infer: print the configuration instead of writing it.")
    var dryRun = false

    @Flag(name: .customLong("allow-unread"),
          help: "With --infer: propose layers even when the packages, pods and projects read compile less than half of the code.")
    var allowUnread = false

    @Option(help: "With --infer: how to read manifests (auto, static or swiftpm).")
    var reader: Project.ReaderStrategy = .auto

    @Argument(help: ArgumentHelp("The repository root (default: the current directory).", valueName: "path"), completion: .directory)
    var pathArgument: String?

    /// PATH, the current directory when it is not given.
    var path: String { pathArgument ?? "." }

    func validate() throws {
        if !prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            throw ValidationError("--prefix '\(prefix)' must be ASCII letters and digits, e.g. NX")
        }
        if infer, preset != nil || !prefix.isEmpty {
            throw ValidationError("--infer proposes layers from the repository; it takes no --preset or --prefix")
        }
        if dryRun || allowUnread, !infer {
            throw ValidationError("\(dryRun ? "--dry-run" : "--allow-unread") goes with --infer")
        }
    }

    func run() throws {
        if infer { return try runInference() }
        let preset = preset ?? .fourLayer
        let written = try Project.writeConfiguration(preset: preset, prefix: prefix, in: path)
        print("wrote \(written[0])\(written.dropFirst().map { " and \($0)" }.joined()) (preset \(preset.rawValue)); create components with 'componentize new <Name>'")
    }

    private func runInference() throws {
        let inferred = try Project.inferConfiguration(at: path, strategy: reader, today: try Project.today(),
                                                     allowingUnread: allowUnread)
        if dryRun {
            print(inferred.configuration, terminator: "")
            Terminal.printError(inferred.summary.joined(separator: "\n"))
            if let baseline = inferred.baseline {
                Terminal.printError("would write \(InferredConfiguration.baselineFileName) with \(baseline.keys.count) entries")
            }
            return
        }
        let written = try inferred.write()
        print(inferred.summary.joined(separator: "\n"))
        print("wrote \(written.joined(separator: ", ")); 'componentize check' passes on the repository as it is, "
            + "and fails on a new dependency that points up a layer or between members of an independent layer")
    }
}

extension Project.LayerPreset: ExpressibleByArgument {}
