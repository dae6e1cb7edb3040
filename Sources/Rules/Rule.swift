import Configuration
import DependencyGraph
import Diagnostics

/// A layering rule: its identity, the sentence it prints for people, and examples the tests run.
public protocol Rule: Sendable {
    static var description: RuleDescription { get }
    init()
    /// Findings at the rule's default severity; the checker applies configured severities and exceptions.
    func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding]
}

/// What a rule is, for reports (SARIF rule metadata, `--help`) and for the generic example test.
public struct RuleDescription: Sendable {
    public var identifier: RuleID
    public var name: String
    /// One line: what the rule reports.
    public var summary: String
    /// Why the rule exists, written for the person whose build it fails.
    public var rationale: String
    /// What exactly it reports, for the rules' documentation.
    public var details: String
    /// What the fix it prints tells a person to do.
    public var remedy: String
    public var defaultSeverity: Severity
    /// How much work the rule is on a large repository: the checker starts costly rules first.
    public var cost: RuleCost
    /// Workspaces the rule must accept.
    public var nonTriggeringExamples: [RuleExample]
    /// Workspaces the rule must reject, with `↓` before each entry a finding must point at.
    public var triggeringExamples: [RuleExample]

    public init(identifier: RuleID, name: String, summary: String, rationale: String, details: String, remedy: String,
                defaultSeverity: Severity = .error, cost: RuleCost = .graph, nonTriggeringExamples: [RuleExample] = [],
                triggeringExamples: [RuleExample] = []) {
        self.cost = cost
        self.details = details
        self.remedy = remedy
        self.identifier = identifier
        self.name = name
        self.summary = summary
        self.rationale = rationale
        self.defaultSeverity = defaultSeverity
        self.nonTriggeringExamples = nonTriggeringExamples
        self.triggeringExamples = triggeringExamples
    }

    /// A finding of this rule at its default severity, explained by its rationale.
    public func finding(_ message: String, fix: String, at location: FileLocation, from: String, to: String = "",
                        manifestFix: ManifestFix? = nil) -> Finding {
        Finding(rule: identifier, severity: defaultSeverity, message: message, rationale: rationale, fix: fix, location: location,
                key: FindingKey(rule: identifier, from: from, to: to), manifestFix: manifestFix)
    }
}

extension Rule {
    /// A finding of this rule about the edge (or module) `from` → `to`.
    func finding(_ message: String, fix: String, at location: FileLocation, from: String, to: String = "",
                 manifestFix: ManifestFix? = nil) -> Finding {
        Self.description.finding(message, fix: fix, at: location, from: from, to: to, manifestFix: manifestFix)
    }
}

/// How much work a rule is on a large repository.
public enum RuleCost: Int, Sendable, Comparable {
    /// A pass over the graph's targets and edges.
    case graph
    /// A pass over every import of every target.
    case everyImport

    public static func < (lhs: RuleCost, rhs: RuleCost) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A tiny workspace: manifests by package folder, and optionally a `componentize.yml`.
///
/// In manifests and configuration, `↓` marks the exact place a finding must point at (it is removed before
/// the workspace is written).
public struct RuleExample: Sendable {
    public var configuration: String?
    public var packages: [(directory: String, manifest: String)]
    /// Source files by path from the root (`Common/NXUI/Sources/NXUI/Theme.swift`), for rules about imports.
    public var sources: [(path: String, text: String)]
    /// Manifests of outside packages by identity, as if checked out under `.build/checkouts` (what their products
    /// provide to imports).
    public var checkouts: [(identity: String, manifest: String)]
    /// Podspecs by path from the root (`Common/NXUI/NXUI.podspec`): a pod, or beside a package mid-migration.
    public var podspecs: [(path: String, text: String)]
    /// The day the check runs, for rules about dates.
    public var today: Day
    /// Where the example is written, so a failing example points at itself.
    public var file: String
    public var line: Int

    public init(configuration: String? = nil, today: Day = Day(year: 2026, month: 6, day: 1), _ packages: [(String, String)],
                sources: [(String, String)] = [], checkouts: [(String, String)] = [], podspecs: [(String, String)] = [],
                file: String = #filePath, line: Int = #line) {
        self.configuration = configuration
        self.podspecs = podspecs.map { (path: $0.0, text: $0.1) }
        self.checkouts = checkouts.map { (identity: $0.0, manifest: $0.1) }
        self.packages = packages.map { (directory: $0.0, manifest: $0.1) }
        self.sources = sources.map { (path: $0.0, text: $0.1) }
        self.today = today
        self.file = file
        self.line = line
    }

    /// An outside package's manifest: library products over its targets, targets with their target dependencies.
    public static func outsidePackage(_ name: String, products: [(String, [String])], targets: [(String, [String])], macros: [String] = []) -> String {
        func quoted(_ names: [String]) -> String { names.map { "\"\($0)\"" }.joined(separator: ", ") }
        let productList = products.map { ".library(name: \"\($0.0)\", targets: [\(quoted($0.1))])" }
        let targetList = targets.map { ".\(macros.contains($0.0) ? "macro" : "target")(name: \"\($0.0)\", dependencies: [\(quoted($0.1))])" }
        return """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [\(productList.joined(separator: ", "))],
                targets: [\(targetList.joined(separator: ", "))]
            )

            """
    }

    /// A podspec of a pod named `name` with these `s.dependency` lines (`↓` allowed before one).
    public static func podspec(_ name: String, dependencies: [String] = []) -> String {
        (["Pod::Spec.new do |s|", "  s.name = '\(name)'", "  s.version = '1.0.0'", "  s.source_files = '\(name)/Classes/**/*'"]
            + dependencies.map { "  \($0.hasPrefix("↓") ? "↓s.dependency '\($0.dropFirst())'" : "s.dependency '\($0)'")" } + ["end", ""])
            .joined(separator: "\n")
    }

    /// A package manifest: one target named as the package unless `targets` are given (name, dependencies as written),
    /// each its own product, and `packages` as written in `Package(dependencies:)`.
    public static func package(_ name: String, targets: [(String, [String])]? = nil, packages: [String] = [],
                               tools: String = "5.9") -> String {
        let targetList = targets ?? [(name, [])]
        let packageLines = packages.map { "        \($0)," }.joined(separator: "\n")
        let targetLines = targetList.map { target in
            "        .target(name: \"\(target.0)\", dependencies: [\(target.1.joined(separator: ", "))]),"
        }.joined(separator: "\n")
        return """
            // swift-tools-version:\(tools)
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [\(targetList.map { ".library(name: \"\($0.0)\", targets: [\"\($0.0)\"])" }.joined(separator: ", "))],
                dependencies: [
            \(packageLines)
                ],
                targets: [
            \(targetLines)
                ]
            )

            """
    }
}

/// What rules may consult besides the graph: the configuration the graph was built with, and the day.
public struct RuleContext: Sendable {
    public var configuration: Configuration
    public var today: Day

    public init(configuration: Configuration, today: Day) {
        self.configuration = configuration
        self.today = today
    }

    /// Edges between two local targets with both targets: declared edges, then undeclared imports of local modules,
    /// then calls through a mediator; a test target's edges to test support are left out.
    func checkedLocalEdges(of graph: DependencyGraph) -> some Sequence<(edge: Edge, from: GraphTarget, to: GraphTarget)> {
        let testSupport = configuration.testSupport
        // The three lists are walked in turn, never copied into one.
        return [graph.localEdges, graph.importEdges, graph.mediatorEdges].lazy.joined()
            .filter { _, from, to in !(from.isTest && testSupport.contains { $0.matches(to.id.name) }) }
    }
}

extension DependencyGraph {
    /// For an import edge imported by several files: " (also in A.swift:3, B.swift:5)".
    func alsoIn(_ edge: Edge) -> String {
        alsoIn(edge.otherLocations)
    }

    /// " (also imported in A.swift:3, B.swift:5)" for the other places an import is made; empty when there are none.
    func alsoIn(_ locations: [FileLocation]) -> String {
        guard !locations.isEmpty else { return "" }
        return " (also imported in " + locations.map { "\($0.path.split(separator: "/").last.map(String.init) ?? $0.path):\($0.line ?? 1)" }.joined(separator: ", ") + ")"
    }

    /// What a layer may depend on: its own other members (unless it is independent), then the layers below it
    /// ("other core members; nothing below", "other common members, kit").
    func describeAllowed(for layer: Layer, below: [Layer]) -> String {
        let own = layer.independent ? (layer.interfacePattern != nil ? ["the interfaces of other \(layer.name) members"] : []) : ["other \(layer.name) members"]
        let lower = below.map(\.name)
        if lower.isEmpty { return own.isEmpty ? "nothing in this repository (system frameworks only)" : own.joined() + "; no layer below" }
        return (own + lower).joined(separator: ", ")
    }
}

/// The layering rules' judgement of one edge, for tools that add edges (`fix`): which rule would report it.
public enum LayeringVerdict {
    /// `upward` or `horizontal` when `check` would report a dependency of `from` on `to`; nil when it is allowed, or
    /// when the rule that would judge it is off (as both are on layers only guessed from names).
    public static func rejection(from: GraphTarget, to: GraphTarget, in configuration: Configuration) -> RuleID? {
        if configuration.severities[.upward] != .off, UpwardDependencyRule.applies(from: from, to: to) { return .upward }
        if configuration.severities[.horizontal] != .off, HorizontalDependencyRule.applies(from: from, to: to, in: configuration) { return .horizontal }
        return nil
    }

    /// Whether `to` is an application a test bundle depends on: the app that hosts it (Xcode builds the app first and
    /// loads the tests into it), which says nothing of the layer the tested code sits in.
    public static func isHost(of test: GraphTarget, _ to: GraphTarget) -> Bool {
        test.isTest && to.productKind == .application
    }
}
