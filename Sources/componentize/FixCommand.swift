import ArgumentParser
import Diagnostics
import Project
import Reports

struct FixCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fix",
        abstract: "Edit manifests so that they declare what the code imports.",
        discussion: """
            Adds what the sources import but the manifest does not declare (implicit-dependency) and removes what \
            it declares but nothing imports (unused-dependency), in Package.swift files and podspecs, and makes a \
            component's podspec and Package.swift declare the same local components (pod-package-mismatch), and \
            replaces a misspelt .package(path:) with the folder beside it that has the manifest (unresolved), on \
            their own text: only the touched lines change. A dependency check would reject (a cycle, a third-party package \
            the layer may not use) is not added, and an entry the edit cannot place exactly (a list built by code, \
            a #if branch) is not touched: both are listed as not fixed, with the reason. Files are written \
            atomically, all of them or none. Exit status: 0 when nothing of the rules asked remains, 1 when \
            findings remain, 2 on bad input. Details: docs/fix.md.
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(name: .customLong("rule"), help: "Fix only this rule's findings: implicit-dependency, unused-dependency, pod-package-mismatch or unresolved (repeatable; default: all four).")
    var rules: [String] = []

    @Flag(name: .customLong("dry-run"), help: "Print the unified diffs and what would be fixed; write nothing.")
    var dryRun = false

    func run() throws {
        let known = FixRequest.fixableRules.map(\.rawValue)
        for rule in rules where !known.contains(rule) {
            throw ValidationError("fix edits for \(known.joined(separator: ", ")) findings, not '\(rule)'\(EditDistance.suggestion(for: rule, in: known))")
        }
        let request = FixRequest(today: try Project.today(), rules: Set((rules.isEmpty ? known : rules).map { RuleID(rawValue: $0) }), dryRun: dryRun,
                                 toolVersion: Componentize.version)
        let opened = try project.open()
        let outcome = try opened.fix(request)
        let passedOver = opened.passedOver("its findings were not fixed")
        for note in passedOver { print(note) }
        print(FixReporter(dryRun: dryRun).render(outcome))
        if !passedOver.isEmpty {
            print("componentize fix: passed over \(passedOver.count) \(passedOver.count == 1 ? "package" : "packages") whose manifest cannot be read")
        }
        if !outcome.notFixed.isEmpty || !passedOver.isEmpty { throw ExitCode(1) }
    }
}
