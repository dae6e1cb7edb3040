import ArgumentParser
import Foundation
import Diagnostics
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
            write (exit 2); --force replaces one it wrote. A pod mixing Swift and Objective-C in one target stays a \
            pod (exit 1, with its files). docs/migrate-pods.md.
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

    @Flag(help: "Add to each Objective-C or C file the imports it got from the pod's prefix header (the only option that touches sources; with --dry-run, print the diffs).")
    var editSources = false

    @Option(name: .customLong("template-dir"), help: "A folder with your own migrate-pods/Package.swift.stencil or known-pods.yml.", completion: .directory)
    var templateDirectory: String?

    func run() throws {
        let run = try project.open().migratePods(named: pods, templates: templateDirectory, today: try Project.today())
        var blocked = false
        var items: [PodMigrationRun.Item] = []
        for item in run.items {
            let name = item.migration.podName
            // A pod with a Package.swift already: replaced only when migrate-pods wrote it and --force says so; named
            // with --pod it is an error, else it is skipped (migrated before, or by hand).
            if item.existing != .none, !(item.existing == .generated && force) {
                let why = item.existing == .generated ? "migrate-pods wrote it; run with --force to replace it"
                    : "migrate-pods never replaces a manifest it did not write"
                guard pods.contains(name) else {
                    Terminal.printError("\(item.manifestPath): note: \(name) already has a Package.swift (\(why)); skipped")
                    continue
                }
                Terminal.printError("\(item.manifestPath): error: a Package.swift is already here; \(why)")
                throw ExitCode(2)
            }
            items.append(item)
            for note in item.migration.notes { Terminal.printError(note.description) }
            if let left = item.migration.leftAsPod {
                print("\(left.location): warning: \(name) stays a pod: \(left.reason)")
                blocked = true
            }
            for unmapped in item.migration.unmapped {
                let pod = unmapped.name.split(separator: "/")[0]
                print("\(unmapped.location): \(allowUnmapped ? "warning" : "error"): outside pod \(unmapped.name) has no known SwiftPM package: add it to componentize.yml, e.g. pods: {\(pod): {url: \"https://…\", from: \"1.0.0\", product: \"\(pod)\"}}")
                blocked = blocked || !allowUnmapped
            }
            for finding in item.violations {
                print("\(finding.location): \(allowViolations ? "warning" : "error"): [\(finding.rule)] \(finding.message); the package would carry this dependency (fix: \(finding.fix))")
                blocked = blocked || !allowViolations
            }
        }
        if dryRun {
            for item in items {
                guard let text = item.text else { continue }
                print("==> \(item.manifestPath)")
                print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
                let folder = (item.manifestPath as NSString).deletingLastPathComponent
                for file in item.migration.generatedFiles {
                    print("==> \(folder.isEmpty ? file.path : folder + "/" + file.path)")
                    print(file.text, terminator: "")
                }
                guard editSources else { continue }
                for edit in item.migration.sourceEdits { print(edit.diff(path: folder.isEmpty ? edit.file : folder + "/" + edit.file), terminator: "") }
            }
        }
        if !items.isEmpty { print(summary(items)) }
        if blocked {
            print("componentize: nothing written; fix the errors above\(dryRun ? "" : ", or see --allow-unmapped and --allow-violations")")
            throw ExitCode(1)
        }
        if dryRun { return }
        for path in try PodMigrationRun.write(items, editSources: editSources) { print("wrote \(path)") }
        if items.isEmpty { print("componentize: no development pod left to migrate") }
    }

    func summary(_ items: [PodMigrationRun.Item]) -> String {
        let header = ["pod", "package", "targets", "resources", "mapped", "unmapped", "source edits"]
        let rows = items.map { item -> [String] in
            let migration = item.migration
            return [migration.podName, item.text == nil ? "(stays a pod)" : item.manifestPath,
                    migration.targets.map(\.name).joined(separator: ", "),
                    String(migration.targets.reduce(0) { $0 + $1.resources.count }),
                    String(migration.packages.count), migration.unmapped.map(\.name).joined(separator: ", "),
                    migration.sourceEdits.isEmpty ? "" : "\(migration.sourceEdits.count)\(editSources ? "" : " (--edit-sources)")"]
        }
        let widths = header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ").trimmingCharacters(in: .whitespaces)
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}
