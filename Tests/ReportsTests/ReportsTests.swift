import DependencyGraph
import Diagnostics
import Foundation
import Rules
import Testing
import TestSupport
@testable import Reports

/// Baselines and the graph drawing, on in-memory workspaces.
struct BaselineTests {
    private func finding(_ rule: RuleID, _ from: String, _ to: String = "", line: Int = 1) -> Finding {
        Finding(rule: rule, severity: .error, message: "m", rationale: "r", fix: "f", location: FileLocation(path: "P/Package.swift", line: line),
                key: FindingKey(rule: rule, from: from, to: to))
    }

    @Test func rendersSortedUniqueKeysAndReadsThemBack() throws {
        let baseline = Baseline(findings: [finding("upward", "NXKit", "NXUI"), finding("cycle", "A,B"), finding("upward", "NXKit", "NXUI", line: 9)])
        let text = baseline.rendered()
        #expect(text == """
            {
              "version": 1,
              "findings": [
                {
                  "rule": "cycle",
                  "from": "A,B",
                  "to": ""
                },
                {
                  "rule": "upward",
                  "from": "NXKit",
                  "to": "NXUI"
                }
              ]
            }

            """)
        #expect(try Baseline.parse(Data(text.utf8), path: "b.json") == baseline)
    }

    @Test func appliesByEdgeNotByLine() {
        let baseline = Baseline(keys: [FindingKey(rule: "upward", from: "NXKit", to: "NXUI"), FindingKey(rule: "horizontal", from: "A", to: "B")])
        let moved = finding("upward", "NXKit", "NXUI", line: 40), new = finding("upward", "NXKit", "ComponentVideo")
        let (fresh, known, stale) = baseline.apply(to: [moved, new])
        #expect(fresh == [new])
        #expect(known == [moved])
        #expect(stale == [FindingKey(rule: "horizontal", from: "A", to: "B")])
    }

    @Test(arguments: [
        ("[]", "not a componentize baseline"),
        ("{\"findings\": [{\"rule\": \"upward\"}]}", "baseline entry 1 needs \"from\""),
        ("{\"version\": 2, \"findings\": []}", "baseline version 2 is newer"),
        ("{\"findings\": [{\"rule\": \"upward\", \"from\": 3}]}", "not a componentize baseline"),
    ])
    func badFilesAreLocatedErrors(text: String, message: String) {
        do {
            _ = try Baseline.parse(Data(text.utf8), path: "base.json")
            Issue.record("accepted \(text)")
        } catch let error as InputError {
            #expect(error.description.hasPrefix("base.json"), "\(error)")
            #expect(error.message.contains(message), "\(error)")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

struct GraphRendererTests {
    private func graph() throws -> (DependencyGraph, [Finding]) {
        let workspace = try ExampleWorkspace(RuleExample([
            ("Kit/NXKit", RuleExample.package("NXKit", targets: [("NXKit", [".product(name: \"NXUI\", package: \"NXUI\")"])],
                                              packages: [".package(path: \"../../Common/NXUI\")"])),
            ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"Logging\", package: \"swift-log\")"])],
                                                packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.0.0\")"])),
        ]))
        return (workspace.graph, workspace.check().findings)
    }

    @Test func dotDrawsLayersAndViolationsInRed() throws {
        let (graph, findings) = try graph()
        let dot = try GraphRenderer().render(graph, findings: findings, format: .dot)
        #expect(dot.contains("label=\"common\""))
        #expect(dot.contains("n_NXKit -> n_NXUI [color=red, penwidth=2, label=\"upward\", fontcolor=red];"))
        #expect(!dot.contains("swift-log"), "external packages are hidden by default")
    }

    @Test func externalPackagesShowAsTheirOwnGroup() throws {
        let (graph, findings) = try graph()
        let json = try GraphRenderer(showExternal: true).render(graph, findings: findings, format: .json)
        #expect(json.contains("\"name\": \"swift-log\""))
        #expect(json.contains("\"external\": true"))
        let mermaid = try GraphRenderer(showExternal: true).render(graph, findings: findings, format: .mermaid)
        #expect(mermaid.contains("n_NXKit -->|upward| n_NXUI"))
        #expect(mermaid.contains("linkStyle 0 stroke:red"))
    }

    @Test func everyEdgeOfACycleIsRed() throws {
        let workspace = try ExampleWorkspace(RuleExample([
            ("Common", RuleExample.package("Common", targets: [("NXUI", ["\"NXService\""]), ("NXService", ["\"NXUI\""])])),
        ]))
        let dot = try GraphRenderer().render(workspace.graph, findings: workspace.check().findings, format: .dot)
        #expect(dot.contains("n_NXService -> n_NXUI [color=red, penwidth=2, label=\"cycle\", fontcolor=red];"), "\(dot)")
        #expect(dot.contains("n_NXUI -> n_NXService [color=red, penwidth=2, label=\"cycle\", fontcolor=red];"), "\(dot)")
    }

    /// An edge only an import makes is dashed, and red like any other edge that breaks a rule (an undeclared import
    /// always breaks one: a layering rule, else implicit-dependency).
    @Test func importOnlyEdgesAreDashed() throws {
        let workspace = try ExampleWorkspace(RuleExample([
            ("Business/ComponentVideo", RuleExample.package("ComponentVideo")),
            ("Business/ComponentImage", RuleExample.package("ComponentImage")),
            ("Kit/NXKit", RuleExample.package("NXKit")),
        ], sources: [("Business/ComponentVideo/Sources/ComponentVideo/Player.swift", "import ComponentImage\nimport NXKit\n")]))
        let findings = workspace.check().findings
        let dot = try GraphRenderer().render(workspace.graph, findings: findings, format: .dot)
        #expect(dot.contains("n_ComponentVideo -> n_ComponentImage [color=red, penwidth=2, label=\"horizontal\", fontcolor=red, style=dashed];"), "\(dot)")
        #expect(dot.contains("n_ComponentVideo -> n_NXKit [color=red, penwidth=2, label=\"implicit-dependency\", fontcolor=red, style=dashed];"), "\(dot)")
        let mermaid = try GraphRenderer().render(workspace.graph, findings: findings, format: .mermaid)
        #expect(mermaid.contains("n_ComponentVideo -.->|implicit-dependency| n_NXKit"))
        let json = try GraphRenderer().render(workspace.graph, findings: findings, format: .json)
        #expect(json.contains("\"import\": true"))
    }

    @Test func focusKeepsOneComponentAndItsNeighbours() throws {
        let (graph, findings) = try graph()
        let (nodes, links) = try GraphRenderer(focus: "NXUI").model(graph, findings: findings)
        #expect(nodes.map(\.name) == ["NXKit", "NXUI"])
        #expect(links.count == 1)
        #expect(throws: InputError.self) { try GraphRenderer(focus: "Nothing").model(graph, findings: findings) }
    }

    @Test func outputIsDeterministic() throws {
        let (graph, findings) = try graph()
        let renderer = GraphRenderer(showExternal: true)
        #expect(try renderer.render(graph, findings: findings, format: .dot) == renderer.render(graph, findings: findings, format: .dot))
    }
}

/// `--format html`: the page's data, its escaping, and the graph's baselined edges.
struct HTMLReporterTests {
    private func report(message: String = "m") throws -> Report {
        let workspace = try ExampleWorkspace(RuleExample([
            ("Kit/NXKit", RuleExample.package("NXKit", targets: [("NXKit", [".product(name: \"NXUI\", package: \"NXUI\")"])],
                                              packages: [".package(path: \"../../Common/NXUI\")"])),
            ("Common/NXUI", RuleExample.package("NXUI")),
        ]))
        var findings = workspace.check().findings
        findings[0].message = message
        var report = Report(result: CheckResult(findings: findings, packageCount: 2, targetCount: 2), toolVersion: "test")
        report.architecture = try ArchitectureModel(graph: workspace.graph, findings: findings, baselined: [])
        return report
    }

    @Test func thePageCarriesEveryComponentLinkAndFinding() throws {
        let data = HTMLReporter().data(try report()).rendered()
        #expect(data.contains("\"name\": \"NXKit\"") && data.contains("\"name\": \"NXUI\""))
        #expect(data.contains("\"kind\": \"package\""))
        #expect(data.contains("\"violation\": \"upward\""))
        #expect(data.contains("\"fromComponent\": \"NXKit\""))
    }

    /// Text from the repository (names, messages) can end no element and start none: in the data it is JSON with `<`,
    /// `>` and `&` escaped; in the title, HTML-escaped; the script sets it as text.
    @Test func textFromTheRepositoryIsNeverMarkup() throws {
        let page = try HTMLReporter().render(try report(message: "A</script><b>&amp;\"é"))
        #expect(page.components(separatedBy: "</script>").count == 3, "only the page's own two script elements end")
        #expect(!page.contains("<b>"))
        #expect(page.contains("A\\u003c/script\\u003e\\u003cb\\u003e\\u0026amp;\\\"é"))
        #expect(!page.contains("http://") || !page.contains("src=\"http"), "nothing is fetched")
        #expect(try HTMLReporter().render(try report()) == HTMLReporter().render(try report()), "deterministic")
    }

    /// An edge whose violation the baseline records is drawn as known, not as new.
    @Test func baselinedViolationsAreKnownEdges() throws {
        let workspace = try ExampleWorkspace(RuleExample([
            ("Common", RuleExample.package("Common", targets: [("NXUI", ["\"NXService\""]), ("NXService", ["\"NXUI\""])])),
        ]))
        let findings = workspace.check().findings
        let dot = try GraphRenderer().render(workspace.graph, findings: [], baselined: findings, format: .dot)
        #expect(dot.contains("n_NXService -> n_NXUI [color=orange, penwidth=2, label=\"cycle (baselined)\", fontcolor=orange];"), "\(dot)")
        let model = try ArchitectureModel(graph: workspace.graph, findings: [], baselined: findings)
        #expect(model.links.allSatisfy { $0.baselined && $0.violation == "cycle" })
    }
}
