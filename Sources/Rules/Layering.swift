import Configuration
import DependencyGraph
import Diagnostics

/// The layers the rules run with. Only a `componentize.yml` says them. Without one, the preset's layers are a guess
/// from names (`*App`, `*UI`, …) that nobody chose: a package named like an app holding a `*UI` target is no upward
/// dependency of that team's making. So the rules that need layers do not run (nor does `fix` or `migrate-pods` refuse
/// what they would report), and a note says how many packages the preset would place and how to make layers count.
/// Where the preset places only some packages, the graph carries no layers at all.
public struct Layering {
    public var configuration: Configuration
    public var note: Note?

    /// The rules that judge an edge by its ends' layers.
    public static let layeringRules: [RuleID] = [.upward, .horizontal, .thirdParty, .unassigned]

    public init(configuration: Configuration, graph: @autoclosure () -> DependencyGraph) {
        self.configuration = configuration
        guard case .preset(let preset) = configuration.source else { return }
        let graph = graph()
        let packages = Set(graph.sortedTargets.filter { !$0.isTest }.map(\.packageIndex))
        let unplaced = Set(graph.sortedTargets.filter { !$0.isTest && $0.layer == nil }.map(\.packageIndex))
        // Where the names place every package, the guess still names the folders `new` follows and the layers `graph`
        // draws; it only never judges a dependency.
        if !unplaced.isEmpty { self.configuration.layers = [] }
        for rule in Self.layeringRules { self.configuration.severities[rule] = .off }
        guard !packages.isEmpty else { return }
        let rules = Self.layeringRules.map(\.rawValue).joined(separator: ", ")
        let placed = unplaced.isEmpty
            ? "place \(packages.count == 1 ? "the one package" : "all \(packages.count) packages"), but layers guessed from names are never checked"
            : "place \(packages.count - unplaced.count) of the \(packages.count) package\(packages.count == 1 ? "" : "s")"
        note = Note("no componentize.yml: the \(preset.rawValue) preset's layers (chosen by names such as *Kit or *Account) \(placed), "
            + "so no layering rule ran (\(rules)); 'componentize init --infer' proposes layers from today's dependencies, "
            + "'componentize init --preset \(preset.rawValue)' writes the preset to adapt, and the rules run once componentize.yml says the layers")
    }
}
