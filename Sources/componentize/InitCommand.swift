import ArgumentParser
import Configuration
import Foundation
import ManifestReading
import Project
import Scaffolding

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

            Refuses to replace an existing file, and to write a second configuration below one.
            """
    )

    @Option(help: "four-layer or three-layer (default: four-layer).")
    var preset: Preset?

    @Option(help: "The prefix of your base packages (NX for NXKit, NXUI...); also names the registry <prefix>Mediator.")
    var prefix: String = ""

    @Flag(help: "Infer the layers from the repository's packages instead of a preset.")
    var infer = false

    @Flag(name: .customLong("dry-run"), help: "With --infer: print the configuration instead of writing it.")
    var dryRun = false

    @Option(help: "With --infer: how to read manifests (auto, static or swiftpm).")
    var reader: ReaderStrategy = .auto

    @Argument(help: "The repository root (default: the current directory).", completion: .directory)
    var path: String = "."

    func validate() throws {
        if !prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) {
            throw ValidationError("--prefix '\(prefix)' must be ASCII letters and digits, e.g. NX")
        }
        if infer, preset != nil || !prefix.isEmpty {
            throw ValidationError("--infer proposes layers from the repository; it takes no --preset or --prefix")
        }
        if dryRun, !infer {
            throw ValidationError("--dry-run goes with --infer")
        }
    }

    func run() throws {
        if infer { return try runInference() }
        let preset = preset ?? .fourLayer
        let written = try ConfigurationWriter(preset: preset, prefix: prefix).write(root: path)
        let ignore = try GitIgnore.ensure(in: path)
        print("wrote \(written)\(ignore.map { " and \($0)" } ?? "") (preset \(preset.rawValue)); create components with 'componentize new <Name>'")
    }

    private func runInference() throws {
        let inferred = try Project.inferConfiguration(at: path, reader: ManifestReader(strategy: reader), today: try Project.today())
        let summary = InferenceSummary(inferred).lines
        if dryRun {
            print(inferred.configuration, terminator: "")
            Terminal.printError(summary.joined(separator: "\n"))
            if let baseline = inferred.baseline {
                Terminal.printError("would write \(InferredConfigurationWriter.baselineFileName) with \(baseline.keys.count) entries")
            }
            return
        }
        let written = try InferredConfigurationWriter(layering: inferred.layering).write(
            root: path, configuration: inferred.configuration,
            baseline: inferred.baseline.map { (InferredConfigurationWriter.baselineFileName, $0.rendered()) })
        let ignore = try GitIgnore.ensure(in: path)
        print(summary.joined(separator: "\n"))
        print("wrote \((written + (ignore.map { [$0] } ?? [])).joined(separator: ", ")); 'componentize check' passes on the repository as it is, "
            + "and fails on a new dependency that points up a layer or between members of an independent layer")
    }
}

/// The few lines `init --infer` prints: layers with their sizes, cycles, third-party packages, what was baselined.
struct InferenceSummary {
    var lines: [String] = []

    init(_ inferred: InferredConfiguration) {
        let layering = inferred.layering
        let kind = layering.componentsArePackages ? "package" : "target"
        lines.append("inferred \(layering.layers.count) layer\(layering.layers.count == 1 ? "" : "s") from \(layering.componentCount) \(kind)s, top first:")
        let width = layering.layers.map(\.name.count).max() ?? 0
        for layer in layering.layers {
            let count = layer.components.count
            lines.append("  \(layer.name.padding(toLength: width, withPad: " ", startingAt: 0))  \(count) \(kind)\(count == 1 ? "" : "s")"
                + (layer.independent ? ", independent" : ""))
        }
        for cycle in layering.cycles { lines.append("cycle: \(cycle.joined(separator: ", ")) depend on each other (one layer)") }
        if !layering.thirdParty.isEmpty {
            lines.append("third-party: " + layering.thirdParty.map { "\($0.package) (\($0.layers.joined(separator: ", ")))" }.joined(separator: ", "))
        }
        if !inferred.workspace.unreadable.isEmpty {
            lines.append("not read: " + inferred.workspace.unreadable.map(\.relativeDirectory).joined(separator: ", ")
                + " (no reader could evaluate the manifest; add those packages to a layer once they read)")
        }
        if let baseline = inferred.baseline {
            var counts: [String: Int] = [:]
            for finding in inferred.findings { counts[finding.rule, default: 0] += 1 }
            lines.append("baselined: \(baseline.keys.count) finding\(baseline.keys.count == 1 ? "" : "s") ("
                + counts.keys.sorted().map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ") + ")")
        } else {
            lines.append("baselined: nothing, the repository follows these layers today")
        }
    }
}

extension Preset: ExpressibleByArgument {}
