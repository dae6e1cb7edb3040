import Diagnostics
import Rules
import Testing
import TestSupport

/// Runs every rule over its own examples: non-triggering ones must give no finding of the rule, triggering ones
/// exactly one finding at each `↓`. Each example is a repository in memory read by the real discovery, source pass and
/// check. Adding a rule with examples adds its tests; a failure points at the example.
struct RuleExampleTests {
    static let rules = RuleRegistry.descriptions.map(\.identifier.rawValue)

    static func description(of rule: String) throws -> RuleDescription {
        try #require(RuleRegistry.descriptions.first { $0.identifier.rawValue == rule })
    }

    @Test("every rule has examples of both kinds", arguments: rules)
    func examplesOfBothKinds(rule: String) throws {
        let description = try Self.description(of: rule)
        #expect(!description.nonTriggeringExamples.isEmpty, "\(rule) has no non-triggering example")
        #expect(!description.triggeringExamples.isEmpty, "\(rule) has no triggering example")
    }

    @Test("non-triggering examples give no finding of their rule", arguments: rules)
    func nonTriggeringExamples(rule: String) throws {
        for example in try Self.description(of: rule).nonTriggeringExamples {
            let workspace = try ExampleWorkspace(example)
            let findings = workspace.check().findings
            #expect(workspace.markers(of: RuleID(rule), in: findings).isEmpty,
                    "\(rule) triggered: \(findings.map { "\($0.location) \($0.rule) \($0.message)" })", sourceLocation: example.sourceLocation)
        }
    }

    @Test("triggering examples give one finding at each ↓", arguments: rules)
    func triggeringExamples(rule: String) throws {
        for example in try Self.description(of: rule).triggeringExamples {
            let workspace = try ExampleWorkspace(example)
            let findings = workspace.check().findings
            #expect(!workspace.markers.isEmpty, "the example has no ↓", sourceLocation: example.sourceLocation)
            #expect(workspace.markers(of: RuleID(rule), in: findings) == workspace.markers,
                    "all findings: \(findings.map { "\($0.location) \($0.rule) \($0.message)" })", sourceLocation: example.sourceLocation)
        }
    }

    /// A rule that is off does not report, and does not run unless an exception names it: an exception for what it
    /// would find is still used (not stale), and what it excuses is listed.
    @Test func aRuleThatIsOffIsNotReportedAndItsExceptionsStayUsed() throws {
        var example = try #require(MediatorUnusedRule.description.triggeringExamples.first)
        let on = try ExampleWorkspace(example).check().findings.filter { $0.rule == .mediatorUnused }
        let unused = try #require(on.first)
        example.configuration = nil
        let off = try ExampleWorkspace(example).check()
        #expect(off.findings.filter { $0.rule == .mediatorUnused || $0.rule.rawValue == "exception-stale" }.isEmpty)
        example.configuration = "exceptions:\n  - {rule: mediator-unused, from: \(unused.key.from), to: \"\(unused.key.to)\", reason: called by push}\n"
        let excused = try ExampleWorkspace(example).check()
        #expect(excused.findings.filter { $0.rule == .mediatorUnused || $0.rule.rawValue == "exception-stale" }.isEmpty)
        #expect(excused.excused.map(\.key.to) == [unused.key.to])
    }

    /// A stale exception one typo away from a finding names it: the misspelt name, or the wrong rule.
    @Test func aStaleExceptionNamesTheFindingItWasMeantFor() throws {
        let targets = [("ComponentOwner", ["\"ComponentImage\""]), ("ComponentImage", [])]
        for (written, meant) in [("{from: ComponentOwnr, to: ComponentImage, rule: horizontal", "{from: ComponentOwner, to: ComponentImage, rule: horizontal}"),
                                 ("{from: ComponentOwner, to: ComponentImage, rule: upward", "{from: ComponentOwner, to: ComponentImage, rule: horizontal}")] {
            let example = RuleExample(configuration: "preset: four-layer\nexceptions:\n  - \(written), reason: split}\n",
                                      [("App", RuleExample.package("App", targets: targets))])
            let stale = try #require(try ExampleWorkspace(example).check().findings.first { $0.rule.rawValue == "exception-stale" })
            #expect(stale.fix == "did you mean \(meant)? check reports that; else remove it from componentize.yml")
        }
    }
}

extension RuleExample {
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "Rules/" + (file.split(separator: "/").last.map(String.init) ?? file), filePath: file, line: line, column: 1)
    }
}
