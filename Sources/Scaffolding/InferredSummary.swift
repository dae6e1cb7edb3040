import DependencyGraph
import Diagnostics
import LayerInference

extension InferredConfigurationWriter {
    /// The few lines `init --infer` prints: layers with their sizes, cycles, third-party packages, what was baselined.
    /// `unread` are the packages no reader could read; `baselined` whether a baseline is written.
    public static func summary(of layering: InferredLayering, findings: [Finding], unread: [String], baselined: Bool) -> [String] {
        let packages = layering.componentsArePackages
        let source = packages ? layering.packageKinds.description : "\(layering.componentCount) targets of one package"
        var lines = ["inferred \(layering.layers.count) layer\(layering.layers.count == 1 ? "" : "s") from \(source), top first:"]
        let width = layering.layers.map(\.name.count).max() ?? 0
        for layer in layering.layers {
            let independence = !layer.independent ? "" : layer.dependenciesInside == 0 ? ", independent"
                : ", independent (\(layer.dependenciesInside) dependenc\(layer.dependenciesInside == 1 ? "y" : "ies") between members baselined)"
            lines.append("  \(layer.name.padding(toLength: width, withPad: " ", startingAt: 0))  "
                + count(of: layer, packages: packages) + independence)
        }
        lines.append(layering.app.map { "app: \($0) (scaffold.app: 'componentize new' adds each new component to it)" }
            ?? "app: none found (set scaffold.app when there is one)")
        for cycle in layering.cycles { lines.append("cycle: \(cycle.joined(separator: ", ")) depend on each other (one layer)") }
        if !layering.thirdParty.isEmpty {
            lines.append("third-party: " + layering.thirdParty.map { "\($0.package) (\($0.layers.joined(separator: ", ")))" }.joined(separator: ", "))
        }
        if !unread.isEmpty {
            lines.append("not read: " + unread.joined(separator: ", ")
                + " (no reader could evaluate the manifest; add those packages to a layer once they read)")
        }
        guard baselined else { return lines + ["baselined: nothing, the repository follows these layers today"] }
        var counts: [RuleID: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        // Findings, as `check` counts those the baseline knows (two findings may share one baseline entry).
        return lines + ["baselined: \(findings.count) finding\(findings.count == 1 ? "" : "s") ("
            + counts.keys.sorted().map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ") + ")"]
    }
}

extension InferredConfigurationWriter {
    /// Why no layering is proposed when the targets read compile `read` of the repository's `total` Swift and C-family
    /// files, below ``SourceCoverage``'s minimum share (the code of the `unread` descriptions counted as unread): layers
    /// inferred from the part read put modules in the wrong layers. Nil when enough was read.
    public static func declining(read: Int, total: Int, unread: [String]) -> String? {
        guard total > 0, Double(read) < Double(total) * SourceCoverage.minimumShare else { return nil }
        let named = unread.isEmpty ? "no package, pod or project componentize reads builds the rest"
            : "\(unread.count) description\(unread.count == 1 ? "" : "s") could not be read (\(unread.prefix(3).joined(separator: ", "))\(unread.count > 3 ? ", …" : ""); 'componentize check' says why)"
        return "cannot infer a layering: the targets read compile \(read) of the repository's \(total) Swift and C-family files, and \(named); "
            + "layers inferred from the part read would put modules in the wrong layers. Make those descriptions readable, start from a preset "
            + "('componentize init --preset four-layer') and name your layers, or pass --allow-unread to propose layers for the part read"
    }
}
