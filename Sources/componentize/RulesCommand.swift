import ArgumentParser
import Reports

struct RulesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "List the rules check applies, with their default severity, rationale and fix.",
        discussion: """
            Each rule's identifier is what componentize.yml names under rules: (severities) and exceptions:, and what \
            baselines record. markdown is docs/rules.md's table and examples (scripts/rules-doc writes it).
            """
    )

    @Option(help: "text, markdown or json.")
    var format: RuleCatalog.Format = .text

    func run() {
        print(RuleCatalog().render(format))
    }
}

extension RuleCatalog.Format: ExpressibleByArgument {}
