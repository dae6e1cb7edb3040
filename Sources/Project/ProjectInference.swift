import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Files
import LayerInference
import ManifestReading
import Paths
import Reports
import Rules
import Scaffolding

/// What `componentize init --infer` proposes for a repository: the configuration text, and the baseline of what
/// breaks it today.
public struct InferredConfiguration {
    public var layering: InferredLayering
    /// The componentize.yml to write.
    public var configuration: String
    /// What the inferred layering reports on the repository as it is: recorded in ``baseline``.
    public var findings: [Finding]
    /// Nil when the repository already follows the inferred layering.
    public var baseline: Baseline?
    /// The folder the configuration goes to.
    public var root: String
    public var workspace: Workspace
}

extension Project {
    /// Reads every package under `path` and proposes layers from what depends on what (see ``LayerInference``), with a
    /// baseline of what the proposal reports today, so that `check` passes on the repository as it is.
    public static func inferConfiguration(at path: String, strategy: ReaderStrategy, today: String) throws -> InferredConfiguration {
        try inferConfiguration(at: path, reader: ManifestReader(strategy: strategy), today: today)
    }

    /// The same with this manifest reader.
    public static func inferConfiguration(at path: String, reader: ManifestReader, today: String) throws -> InferredConfiguration {
        let fileSystem = CachedFileSystem()
        guard fileSystem.status(of: path).isFolder else {
            throw InputError("no such folder: init --infer reads the repository in it", at: FileLocation(path: path))
        }
        return try open(at: path, reader: reader, fileSystem: fileSystem, searchingUpwards: false).inferConfiguration(today: today)
    }

    func inferConfiguration(today: String) throws -> InferredConfiguration {
        guard !workspace.packages.isEmpty else {
            throw InputError("no Package.swift under this folder: nothing to infer layers from (use 'componentize init --preset' to start from a preset)",
                             at: FileLocation(path: root))
        }
        var layering = LayerInference().infer(DependencyGraph(workspace: workspace, model: Configuration(layers: [])),
                                                   appTargets: workspace.podfileAppTargets)
        var findings = try reported(by: layering, today: today)
        // The inference sees declared dependencies; imports between members of an independent layer count too.
        if countImportsInside(findings, of: &layering) { findings = try reported(by: layering, today: today) }
        let writer = InferredConfigurationWriter(layering: layering)
        let configurationPath = PathArithmetic.join(root, ConfigurationLoader.fileName)
        let loader = ConfigurationLoader(knownRules: Self.knownRules)
        guard !findings.isEmpty else {
            return InferredConfiguration(layering: layering, configuration: try writer.render(), findings: [], baseline: nil, root: root,
                                         workspace: workspace)
        }
        var counts: [RuleID: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        let summary = counts.keys.sorted().map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ")
        let text = try writer.render(baseline: InferredConfigurationWriter.baselineFileName, baselineSummary: summary)
        _ = try loader.parse(text, path: configurationPath)
        return InferredConfiguration(layering: layering, configuration: text, findings: findings, baseline: Baseline(findings: findings),
                                     root: root, workspace: workspace)
    }

    /// What the layering reports, from the configuration as written and read back as `check` will read it: with the
    /// sources' imports, so an undeclared import today is baselined too.
    private func reported(by layering: InferredLayering, today: String) throws -> [Finding] {
        let text = try InferredConfigurationWriter(layering: layering).render()
        let inferred = try ConfigurationLoader(knownRules: Self.knownRules).parse(text, path: PathArithmetic.join(root, ConfigurationLoader.fileName))
        return LayerChecker(configuration: inferred, today: today).check(graph(with: inferred).graph).findings
    }

    /// Each independent layer's dependencies between members, counted from its `horizontal` findings (declared or
    /// imported); a layer with any is not independent after all (imports the inference did not see), unless it is a
    /// folder the team made and they are at most half its members. True when a layer stopped being independent.
    private func countImportsInside(_ findings: [Finding], of layering: inout InferredLayering) -> Bool {
        var inside: [String: Int] = [:]
        for finding in findings where finding.rule == .horizontal {
            guard let layer = layerOfComponent(finding.key.from, in: layering) else { continue }
            inside[layer, default: 0] += 1
        }
        var changed = false
        for index in layering.layers.indices where layering.layers[index].independent {
            let count = max(inside[layering.layers[index].name] ?? 0, layering.layers[index].dependenciesInside)
            layering.layers[index].dependenciesInside = count
            if count * 2 > layering.layers[index].components.count || (count > 0 && !layering.layers[index].teamFolder) {
                layering.layers[index].independent = false
                changed = true
            }
        }
        return changed
    }

    /// The layer of a target's component: its package, or the target itself (an Xcode target, or one of a one-package
    /// repository).
    private func layerOfComponent(_ target: String, in layering: InferredLayering) -> String? {
        let package = graph.targets(named: target).first.map { $0.xcodeKind == nil && layering.componentsArePackages ? $0.packageName : target }
        return layering.layers.first { $0.components.contains(package ?? target) }?.name
    }
}

extension InferredConfiguration {
    /// The few lines `init --infer` prints: layers with their sizes, cycles, third-party packages, what was baselined.
    public var summary: [String] {
        let packages = layering.componentsArePackages
        let source = packages ? layering.packageKinds.description : "\(layering.componentCount) targets of one package"
        var lines = ["inferred \(layering.layers.count) layer\(layering.layers.count == 1 ? "" : "s") from \(source), top first:"]
        let width = layering.layers.map(\.name.count).max() ?? 0
        for layer in layering.layers {
            let independence = !layer.independent ? "" : layer.dependenciesInside == 0 ? ", independent"
                : ", independent (\(layer.dependenciesInside) dependenc\(layer.dependenciesInside == 1 ? "y" : "ies") between members baselined)"
            lines.append("  \(layer.name.padding(toLength: width, withPad: " ", startingAt: 0))  "
                + InferredConfigurationWriter.count(of: layer, packages: packages) + independence)
        }
        lines.append(layering.app.map { "app: \($0) (scaffold.app: 'componentize new' adds each new component to it)" }
            ?? "app: none found (set scaffold.app when there is one)")
        for cycle in layering.cycles { lines.append("cycle: \(cycle.joined(separator: ", ")) depend on each other (one layer)") }
        if !layering.thirdParty.isEmpty {
            lines.append("third-party: " + layering.thirdParty.map { "\($0.package) (\($0.layers.joined(separator: ", ")))" }.joined(separator: ", "))
        }
        if !workspace.unreadable.isEmpty {
            lines.append("not read: " + workspace.unreadable.map(\.relativeDirectory).joined(separator: ", ")
                + " (no reader could evaluate the manifest; add those packages to a layer once they read)")
        }
        guard baseline != nil else { return lines + ["baselined: nothing, the repository follows these layers today"] }
        var counts: [RuleID: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        // Findings, as `check` counts those the baseline knows (two findings may share one baseline entry).
        return lines + ["baselined: \(findings.count) finding\(findings.count == 1 ? "" : "s") ("
            + counts.keys.sorted().map { "\(counts[$0, default: 0]) \($0)" }.joined(separator: ", ") + ")"]
    }

    /// The name of the baseline file written beside the configuration.
    public static var baselineFileName: String { InferredConfigurationWriter.baselineFileName }

    /// Writes the configuration (and its baseline) in ``root`` and a `.gitignore` where there is none; returns the paths
    /// written. Refuses to replace a file, or to add a configuration below one that already governs ``root``.
    public func write() throws -> [String] {
        let written = try InferredConfigurationWriter(layering: layering).write(
            root: root, configuration: configuration, baseline: baseline.map { (Self.baselineFileName, $0.rendered()) })
        return written + (try GitIgnore.ensure(in: root).map { [$0] } ?? [])
    }
}
