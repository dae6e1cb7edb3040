import ArgumentParser
import Project

struct MigratePodsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate-pods",
        abstract: "Write a Package.swift beside each development pod's podspec, so SwiftPM builds the pod from the same files.",
        discussion: """
            Nothing moves: each target's path is the folder its files share, with sources, exclude and resources \
            listing exactly what the podspec's source_files, exclude_files, resources and resource_bundles select. \
            One target per spec and subspec (a subspec depends on its parent), Swift or C-family with the public \
            headers' folder as publicHeadersPath; local pods become .package(path:), outside pods the packages \
            named by pods: in componentize.yml or the built-in table; deployment targets become platforms, \
            frameworks linker settings. The podspec keeps working: check reads the folder as one component and \
            reports pod-package-mismatch when the two disagree.

            Writes nothing, and exits 1, when an outside pod has no known package (unless --allow-unmapped) or a \
            dependency breaks the layering (unless --allow-violations). Never replaces a Package.swift it did not \
            write (exit 2); --force replaces one it wrote; --update rewrites every one it wrote, so that a file added \
            to a pod since is in its package again (check reports the drift as pod-package-mismatch). A pod mixing \
            Swift and Objective-C is split into a Swift and an Objective-C target; it stays a pod (exit 1, with its \
            files) only when they cannot be split (its Objective-C imports its Swift) or its public headers clash. \
            Swift targets with resources get their accessors at once (the Generated folder their sources: list). \
            docs/migrate-pods.md.
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(name: .customLong("pod"), help: "Only this pod (repeat for several); default: every development pod under PATH.")
    var pods: [String] = []

    @Flag(help: "Print each Package.swift and a summary; write nothing.")
    var dryRun = false

    @Flag(help: "Write the packages even when outside pods have no known SwiftPM package (those dependencies are left out).")
    var allowUnmapped = false

    @Flag(help: "Write the packages even when a dependency breaks the layering (check will report it).")
    var allowViolations = false

    @Flag(help: "Replace a Package.swift that migrate-pods wrote before (never one it did not write).")
    var force = false

    @Flag(help: "Rewrite every Package.swift migrate-pods wrote, from its podspec as it is now (pods not migrated yet are left alone).")
    var update = false

    @Flag(help: "Add to each Objective-C or C file the imports it got from the pod's prefix header (the only option that touches sources; with --dry-run, print the diffs).")
    var editSources = false

    @Option(name: .customLong("template-dir"), help: "A folder with your own migrate-pods/Package.swift.stencil or known-pods.yml.", completion: .directory)
    var templateDirectory: String?

    func run() throws {
        let request = MigratePodsRequest(names: pods, templates: templateDirectory, today: try Project.today(), allowUnmapped: allowUnmapped,
                                         allowViolations: allowViolations, force: force || update, update: update)
        let opened = try project.open()
        let run = try opened.migratePods(request)
        for entry in run.entries {
            switch entry {
            case .skip(let note):
                Terminal.printError(note.description)
            case .migrate(let item):
                for note in item.migration.notes { Terminal.printError(note.description) }
                for problem in item.problems { print(problem.description) }
            }
        }
        if dryRun { print(run.dryRun(editSources: editSources), terminator: "") }
        if !run.items.isEmpty { print(run.summary(editSources: editSources)) }
        if run.isBlocked {
            print("componentize: nothing written; fix the errors above\(dryRun ? "" : ", or see --allow-unmapped and --allow-violations")")
            throw ExitCode(1)
        }
        if dryRun { return }
        let outcome = try opened.write(run, editSources: editSources)
        for path in outcome.written { print("wrote \(path)") }
        for problem in outcome.problems { Terminal.printError(problem) }
        if run.items.isEmpty { print("componentize: no development pod left to migrate") }
    }
}
