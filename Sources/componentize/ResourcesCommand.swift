import ArgumentParser
import Project

struct ResourcesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resources",
        abstract: "Generate typed accessors for each component's resource bundle.",
        discussion: """
            For every target with resources (.process / .copy in its manifest), writes \
            <target folder>/Generated/<Target>Resources.swift: the bundle, its path, url(_:) and data(_:) for \
            every file, and typed names for images, colors, nibs, storyboards, fonts and localized strings \
            (format arguments typed), with UIKit, AppKit and SwiftUI helpers behind #if canImport. A file is \
            rewritten only when its content changes.

            With --check nothing is written: exit 1 with a unified diff when a file is stale or missing (for CI), and \
            when a package's manifest cannot be read (its files cannot be compared).
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(help: "Only this target.")
    var target: String?

    @Flag(help: "Write nothing; exit 1 with a diff when a generated file is stale or missing.")
    var check = false

    @Option(name: .customLong("output-dir"), help: "Where the file goes, relative to each target's folder (or absolute); default: resources.outputDir of componentize.yml, else Generated.")
    var outputDirectory: String?

    @Option(name: .customLong("template-dir"), help: "A folder with your own resources/ResourceAccessors.swift.stencil.", completion: .directory)
    var templateDirectory: String?

    func run() throws {
        let opened = try project.open()
        let outcome = try opened.generateResources(
            Project.ResourceOptions(target: target, outputDirectory: outputDirectory, check: check, templateDirectory: templateDirectory))
        let passedOver = opened.passedOver("its targets' accessors were not \(check ? "compared" : "generated")")
        for note in passedOver { print(note) }
        let skipped = passedOver.isEmpty ? "" : "; \(passedOver.count) \(passedOver.count == 1 ? "package" : "packages") passed over (manifest not read)"
        for diagnostic in outcome.diagnostics { Terminal.printError(diagnostic.description) }
        for (manifest, target) in outcome.notSwift {
            print("\(manifest): skipped \(target): it is not a Swift target; its Objective-C reads the resources through SWIFTPM_MODULE_BUNDLE (migrate-pods writes \(target)Resources on it)")
        }
        for result in outcome.results {
            switch result.status {
            case .unchanged: break
            case .written: print("wrote \(result.outputPath)")
            case .removed: print("removed \(result.outputPath): \(result.target) has no resources any more")
            case .orphaned:
                print("\(result.outputPath): \(result.target) has no resources any more; run 'componentize resources' to remove it")
                print(result.diff, terminator: "")
            case .stale, .missing:
                print("\(result.outputPath): \(result.status == .missing ? "missing" : "out of date"); run 'componentize resources' to regenerate")
                print(result.diff, terminator: "")
            }
        }
        if outcome.hasErrors { throw ExitCode(2) }
        if check && outcome.isStale {
            if !passedOver.isEmpty { print("componentize: generated files stale\(skipped)") }
            throw ExitCode(1)
        }
        if !check {
            let unchanged = outcome.results.filter { $0.status == .unchanged }.count
            let count = outcome.results.filter { $0.status != .removed }.count
            print("componentize: \(count) \(count == 1 ? "target" : "targets") with resources, \(count - unchanged) written, \(unchanged) unchanged\(skipped)")
        } else {
            let count = outcome.results.count
            print("componentize: \(count) generated \(count == 1 ? "file" : "files") up to date\(skipped)")
            // Files nobody compared are not up to date as far as anyone knows.
            if !passedOver.isEmpty { throw ExitCode(1) }
        }
    }
}
