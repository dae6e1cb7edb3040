import Configuration
import DependencyGraph
import Diagnostics
import Output
import Rules

/// Draws the component graph: layers as clusters top to bottom, one node a component, violating edges red (orange
/// when the baseline knows the violation), edges that only an `import` makes (no manifest declares them) dashed.
public struct GraphRenderer: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case dot, mermaid, json
    }

    public var showExternal: Bool
    /// Only this component and its direct neighbours.
    public var focus: String?
    /// Only these components and what they depend on (the part of the repository a command was pointed at).
    public var scope: Set<String>?

    public init(showExternal: Bool = false, focus: String? = nil, scope: Set<String>? = nil) {
        self.showExternal = showExternal
        self.focus = focus
        self.scope = scope
    }

    struct Node: Hashable, Comparable {
        var name: String
        var layer: String?
        var external: Bool
        static func < (lhs: Node, rhs: Node) -> Bool { lhs.name < rhs.name }
    }

    struct Link: Hashable, Comparable {
        var from: String
        var to: String
        var violation: String?
        /// The violation is one the baseline records (known, not new).
        var baselined = false
        /// Only an `import` connects them; no manifest declares it.
        var viaImport = false
        /// Only a call through a mediator connects them (drawn dotted).
        var viaMediator = false
        static func < (lhs: Link, rhs: Link) -> Bool { (lhs.from, lhs.to) < (rhs.from, rhs.to) }
    }

    /// The rule an edge breaks, by `from->to` target names: new findings first, then what the baseline knows.
    struct Violations {
        var new: [String: String]
        var known: [String: String]

        init(findings: [Finding], baselined: [Finding]) {
            func byEdge(_ findings: [Finding]) -> [String: String] {
                Dictionary(findings.filter { !$0.key.to.isEmpty }.map { ("\($0.key.from)->\($0.key.to)", $0.rule.rawValue) }, uniquingKeysWith: { a, _ in a })
            }
            new = byEdge(findings)
            known = byEdge(baselined)
        }

        /// The rule, and whether the baseline knows it, for the first key that has one.
        func verdict(_ keys: [String]) -> (rule: String, baselined: Bool)? {
            if let rule = keys.lazy.compactMap({ new[$0] }).first { return (rule, false) }
            return keys.lazy.compactMap { known[$0] }.first.map { ($0, true) }
        }
    }

    /// Links no manifest declares (imports, calls through a mediator) between components not linked already.
    private func addUndeclared(_ edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)], to links: inout [String: Link],
                               violations: Violations, mark: (inout Link) -> Void) {
        for (edge, from, to) in edges where !from.isTest && from.component != to.component {
            let key = "\(from.component)->\(to.component)"
            guard links[key] == nil else { continue }
            let verdict = violations.verdict(["\(edge.from.name)->\(to.id.name)"])
            var link = Link(from: from.component, to: to.component, violation: verdict?.rule, baselined: verdict?.baselined ?? false)
            mark(&link)
            links[key] = link
        }
    }

    /// A cycle's finding names the dependency to cut, but every link among the modules of its cycle is part of the
    /// violation.
    private func markCycles(_ findings: [Finding], graph: DependencyGraph, links: inout [String: Link], baselined: Bool = false) {
        let cut = findings.filter { $0.rule == CycleRule.description.identifier }.map(\.key.from)
        guard !cut.isEmpty else { return }
        var setOf: [String: Int] = [:]
        for (index, members) in StronglyConnected.components(graph.successors).enumerated() {
            for member in members { setOf[graph.sortedTargets[member].id.name] = index }
        }
        for set in Set(cut.compactMap { setOf[$0] }) {
            let inCycle = Set(graph.sortedTargets.filter { !$0.isTest && setOf[$0.id.name] == set }.map(\.component))
            for (key, link) in links where link.violation == nil && inCycle.contains(link.from) && inCycle.contains(link.to) {
                links[key]?.violation = CycleRule.description.identifier.rawValue
                links[key]?.baselined = baselined
            }
        }
    }

    /// Components and their links, without test targets.
    func model(_ graph: DependencyGraph, findings: [Finding], baselined: [Finding] = []) throws -> (nodes: [Node], links: [Link]) {
        var nodes: Set<Node> = []
        var links: [String: Link] = [:]
        let violations = Violations(findings: findings, baselined: baselined)
        for target in graph.sortedTargets where !target.isTest {
            nodes.insert(Node(name: target.component, layer: target.layer, external: false))
        }
        for edge in graph.edges {
            let from = graph.sortedTargets[edge.fromNumber]
            guard !from.isTest else { continue }
            let toName: String
            switch edge.to {
            case .target(let id):
                guard let to = graph.target(id), to.component != from.component else { continue }
                toName = to.component
            case .external(let package, let product):
                guard showExternal else { continue }
                toName = package ?? product
                nodes.insert(Node(name: toName, layer: nil, external: true))
            case .unresolved, .unavailable:
                continue
            }
            let key = "\(from.component)->\(toName)"
            let verdict = violations.verdict(["\(edge.from.name)->\(toName)", "\(edge.from.name)->\(edge.to.targetName ?? "")"])
            if let existing = links[key] {
                if existing.violation == nil || existing.baselined && verdict?.baselined == false, let verdict {
                    links[key]?.violation = verdict.rule
                    links[key]?.baselined = verdict.baselined
                }
            } else {
                links[key] = Link(from: from.component, to: toName, violation: verdict?.rule, baselined: verdict?.baselined ?? false)
            }
        }
        addUndeclared(graph.importEdges, to: &links, violations: violations) { $0.viaImport = true }
        addUndeclared(graph.mediatorEdges, to: &links, violations: violations) { $0.viaMediator = true }
        markCycles(findings, graph: graph, links: &links)
        markCycles(baselined, graph: graph, links: &links, baselined: true)
        var keptNodes = nodes, keptLinks = Set(links.values)
        if let scope {
            keptLinks = keptLinks.filter { scope.contains($0.from) }
            let names = Set(keptLinks.flatMap { [$0.from, $0.to] }).union(scope)
            keptNodes = keptNodes.filter { names.contains($0.name) }
        }
        if let focus {
            guard nodes.contains(where: { $0.name == focus }) else {
                throw InputError("--focus \(focus): no component of that name; components are: \(nodes.map(\.name).sorted().joined(separator: ", "))\(EditDistance.suggestion(for: focus, in: nodes.map(\.name).sorted()))")
            }
            keptLinks = keptLinks.filter { $0.from == focus || $0.to == focus }
            let names = Set(keptLinks.flatMap { [$0.from, $0.to] }).union([focus])
            keptNodes = keptNodes.filter { names.contains($0.name) }
        }
        return (keptNodes.sorted(), keptLinks.sorted())
    }

    /// `findings` are drawn red; `baselined` (what the baseline records) orange, as known.
    public func render(_ graph: DependencyGraph, findings: [Finding], baselined: [Finding] = [], format: Format) throws -> String {
        let (nodes, links) = try model(graph, findings: findings, baselined: baselined)
        switch format {
        case .dot: return dot(graph.layers, nodes, links)
        case .mermaid: return mermaid(graph.layers, nodes, links)
        case .json: return json(graph.layers, nodes, links)
        }
    }

    private func identifier(_ name: String) -> String {
        "n_" + name.unicodeScalars.map { ($0.properties.isAlphabetic || ("0"..."9").contains($0)) && $0.isASCII ? String($0) : "_" }.joined()
    }

    private func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    private func groups(_ layers: [Layer], _ nodes: [Node]) -> [(title: String, nodes: [Node])] {
        var result: [(String, [Node])] = layers.map { layer in (layer.name, nodes.filter { !$0.external && $0.layer == layer.name }) }
        result.append(("no layer", nodes.filter { !$0.external && $0.layer == nil }))
        result.append(("third-party", nodes.filter(\.external)))
        return result.filter { !$0.1.isEmpty }
    }

    func dot(_ layers: [Layer], _ nodes: [Node], _ links: [Link]) -> String {
        var lines = ["digraph components {", "  rankdir=TB;", "  compound=true;", "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"Helvetica\"];", "  edge [color=gray40];"]
        for (index, group) in groups(layers, nodes).enumerated() {
            lines.append("  subgraph cluster_\(index) {")
            lines.append("    label=\(quoted(group.title)); style=\"rounded,filled\"; fillcolor=\(group.title == "third-party" ? "lightyellow" : "gray95"); color=gray70;")
            for node in group.nodes { lines.append("    \(identifier(node.name)) [label=\(quoted(node.name))];") }
            lines.append("  }")
        }
        for link in links {
            let color = link.baselined ? "orange" : "red"
            var attributes = link.violation.map { ["color=\(color)", "penwidth=2", "label=\(quoted(link.baselined ? $0 + " (baselined)" : $0))", "fontcolor=\(color)"] } ?? []
            if link.viaImport { attributes.append("style=dashed") }
            if link.viaMediator { attributes.append("style=dotted") }
            let style = attributes.isEmpty ? "" : " [" + attributes.joined(separator: ", ") + "]"
            lines.append("  \(identifier(link.from)) -> \(identifier(link.to))\(style);")
        }
        lines.append("}")
        return lines.joined(separator: "\n")
    }

    func mermaid(_ layers: [Layer], _ nodes: [Node], _ links: [Link]) -> String {
        var lines = ["flowchart TB"]
        for (index, group) in groups(layers, nodes).enumerated() {
            lines.append("  subgraph layer\(index)[\(quoted(group.title))]")
            for node in group.nodes { lines.append("    \(identifier(node.name))[\(quoted(node.name))]") }
            lines.append("  end")
        }
        var red: [Int] = [], orange: [Int] = []
        for (index, link) in links.enumerated() {
            let arrow = link.viaImport || link.viaMediator ? "-.->" : "-->"
            if let label = link.violation.map({ link.baselined ? $0 + " (baselined)" : $0 }) ?? (link.viaMediator ? "mediator" : nil) {
                lines.append("  \(identifier(link.from)) \(arrow)|\(label)| \(identifier(link.to))")
                if link.violation != nil { if link.baselined { orange.append(index) } else { red.append(index) } }
            } else {
                lines.append("  \(identifier(link.from)) \(arrow) \(identifier(link.to))")
            }
        }
        if !red.isEmpty { lines.append("  linkStyle \(red.map(String.init).joined(separator: ",")) stroke:red,stroke-width:2px") }
        if !orange.isEmpty { lines.append("  linkStyle \(orange.map(String.init).joined(separator: ",")) stroke:orange,stroke-width:2px") }
        return lines.joined(separator: "\n")
    }

    func json(_ layers: [Layer], _ nodes: [Node], _ links: [Link]) -> String {
        JSONValue.object([
            ("layers", .array(layers.map { .string($0.name) })),
            ("nodes", .array(nodes.map { node in
                .object([("name", .string(node.name)), ("layer", node.layer.map(JSONValue.string) ?? .null), ("external", .bool(node.external))])
            })),
            ("edges", .array(links.map { link in
                .object([("from", .string(link.from)), ("to", .string(link.to)), ("violation", link.violation.map(JSONValue.string) ?? .null),
                         ("baselined", .bool(link.baselined)), ("import", .bool(link.viaImport)), ("mediator", .bool(link.viaMediator))])
            })),
        ]).rendered()
    }
}

extension Edge.Destination {
    var targetName: String? {
        if case .target(let id) = self { return id.name }
        return nil
    }
}
