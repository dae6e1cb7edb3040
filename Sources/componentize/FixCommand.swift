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
            repairs a misspelt .package(path:) or product name when the name meant is certain (unresolved), on \
            their own text: only the touched lines change, and all the changes to one dependencies list are made \
            together. Before writing, the planned manifests are checked as check would: an edit that would leave an \
            import unprovided, close a cycle or make check report anything new is not made. What is not fixed is \
            listed with the reason, and counted by reason. Files are written atomically, all of them or none. Exit \
            status (with --dry-run too): 0 when no finding of the rules asked remains, 1 when some remain, 2 on bad \
            input. Details: docs/fix.md.
            """
    )

    @OptionGroup var project: ProjectOptions

    @Option(name: .customLong("rule"), help: "Fix only this rule's findings: implicit-dependency, unused-dependency, pod-package-mismatch or unresolved (repeatable; default: all four).")
    var rules: [String] = []

    @Flag(name: .customLong("dry-run"), help: "Print the unified diffs and what would be fixed; write nothing.")
    var dryRun = false

    @Flag(name: .customLong("timings"), help: "Print how long each stage took (the check, the edits, the check of the planned manifests), on standard error.")
    var showTimings = false

    func run() throws {
        let known = FixRequest.fixableRules.map(\.rawValue)
        for rule in rules where !known.contains(rule) {
            throw ValidationError("fix edits for \(known.joined(separator: ", ")) findings, not '\(rule)'\(EditDistance.suggestion(for: rule, in: known))")
        }
        let request = FixRequest(today: try Project.today(), rules: Set((rules.isEmpty ? known : rules).map { RuleID(rawValue: $0) }), dryRun: dryRun,
                                 toolVersion: Componentize.version)
        let timings = showTimings ? StageTimings() : nil
        let opened = try project.open(timings: timings)
        let outcome = try opened.fix(request)
        if let timings { Terminal.printError(timings.report) }
        let passedOver = opened.passedOver("its findings were not fixed")
        for note in passedOver { print(note) }
        print(FixReporter(dryRun: dryRun).render(outcome))
        if !passedOver.isEmpty {
            print("componentize fix: passed over \(passedOver.count) \(passedOver.count == 1 ? "package" : "packages") whose manifest cannot be read")
        }
        // The project and what fix built are the operating system's to take back at exit, not freed one by one.
        Terminal.exit(!outcome.notFixed.isEmpty || !passedOver.isEmpty ? 1 : 0, keeping: opened, outcome)
    }
}
