import Configuration
import DependencyGraph
import Diagnostics
import Rules

/// The layers the rules run with. A `componentize.yml` says them; without one the preset applies only where it fits:
/// when every local package is a member of one of its layers. Elsewhere the preset's layers were never chosen, so the
/// rules that need layers do not run and a note says how to get them.
struct Layering {
    var configuration: Configuration
    var note: Note?

    /// The rules that judge an edge by its ends' layers.
    static let layeringRules: [RuleID] = [.upward, .horizontal, .thirdParty, .unassigned]

    init(configuration: Configuration, graph: @autoclosure () -> DependencyGraph) {
        self.configuration = configuration
        guard case .preset(let preset) = configuration.source else { return }
        let graph = graph()
        let packages = Set(graph.sortedTargets.filter { !$0.isTest }.map(\.packageIndex))
        let unplaced = Set(graph.sortedTargets.filter { !$0.isTest && $0.layer == nil }.map(\.packageIndex))
        guard !unplaced.isEmpty else { return }
        self.configuration.layers = []
        for rule in Self.layeringRules { self.configuration.severities[rule] = .off }
        note = Note("no componentize.yml: the \(preset.rawValue) preset's layers (chosen by names such as *Kit or *Account) place "
            + "\(packages.count - unplaced.count) of the \(packages.count) package\(packages.count == 1 ? "" : "s"), so no layering rule ran (\(Self.layeringRules.map(\.rawValue).joined(separator: ", "))); "
            + "'componentize init --infer' proposes layers from today's dependencies, 'componentize init --preset \(preset.rawValue)' writes the preset to adapt")
    }
}
