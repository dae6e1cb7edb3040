import Diagnostics
import Paths

/// The layer models `componentize init` writes, and that apply when a repository has no `componentize.yml`.
public enum Preset: String, Sendable, CaseIterable {
    /// The source article's app: kit → common (UI, Service) → account → business → app.
    case fourLayer = "four-layer"
    /// Base → common business → business (seed 004), under the app.
    case threeLayer = "three-layer"

    public var model: Configuration {
        switch self {
        case .fourLayer:
            return Configuration(
                layers: [
                    Layer(name: "app", members: globs(["App", "*App"]), kinds: Layer.applicationKinds, defaultDependencies: ["business", "account", "common", "kit"]),
                    Layer(name: "business", members: globs(["Component*"]), independent: true, interfacePattern: "{name}Interface",
                          defaultDependencies: ["account", "common", "kit"]),
                    Layer(name: "account", members: globs(["*Account"]), defaultDependencies: ["common", "kit"]),
                    // A CTMediator category pod (`CTMediator+ComponentVideo`) is the callers' way to a business pod: beside the mediator.
                    Layer(name: "common", members: globs(["*UI", "*Service", "*Mediator", "CTMediator+*"]), defaultDependencies: ["kit"]),
                    Layer(name: "kit", members: globs(["*Kit"])),
                ],
                thirdParty: ThirdPartyPolicy(layers: ["common", "app"]),
                testSupport: globs(["*TestSupport", "*TestKit", "XCTest*"]),
                source: .preset(self)
            )
        case .threeLayer:
            return Configuration(
                layers: [
                    Layer(name: "app", members: globs(["App", "*App"]), kinds: Layer.applicationKinds, defaultDependencies: ["business", "common-business", "base"]),
                    Layer(name: "business", members: globs(["Feature*", "Component*"]), independent: true,
                          interfacePattern: "{name}Interface", defaultDependencies: ["common-business", "base"]),
                    Layer(name: "common-business", members: globs(["*Account", "*Analytics", "*Payment", "*Cart", "*Mediator", "CTMediator+*"]),
                          defaultDependencies: ["base"]),
                    Layer(name: "base", members: globs(["*Kit", "*Network*", "*Storage", "*Base", "*UI"])),
                ],
                thirdParty: ThirdPartyPolicy(layers: ["base", "app"]),
                testSupport: globs(["*TestSupport", "*TestKit", "XCTest*"]),
                source: .preset(self)
            )
        }
    }

    private func globs(_ patterns: [String]) -> [Glob] {
        patterns.compactMap { try? Glob($0) }
    }
}
