import Configuration
import Paths
import ResourceGeneration

/// The kinds of component the templates know; each is a folder of `templates/` with its `manifest.yml`.
public enum ComponentKind: String, Sendable, CaseIterable {
    case kit, common, account, business, interface, mediator, app
    /// A pod's CTMediator category (`CTMediator+ComponentVideo`): what callers depend on instead of the pod.
    case ctmediator

    /// The kind of an ordinary member of `layer`: the independent layer is `business`, `kit`/`common`/`account`
    /// by name, the lowest layer `kit`, the rest `common`.
    static func of(_ layer: Layer, in model: Configuration) -> ComponentKind {
        if layer.independent { return .business }
        if let named = ComponentKind(rawValue: layer.name), [.kit, .common, .account].contains(named) { return named }
        if layer.name == model.layers.last?.name { return .kit }
        return .common
    }

    /// The README's first sentence for a component of this kind.
    func summary(layer: String) -> String {
        let a = Self.article(for: layer)
        switch self {
        case .kit: return "\(a) \(layer) component: constants, colours, fonts, device and version helpers that know nothing of any business."
        case .common where layer != "common":
            // A layer the model names otherwise (`features` that are not independent, `shared`): what it is is the team's to say.
            return "\(a) \(layer) component: built and tested on its own, on top of the layers below \(layer)."
        case .common: return "\(a) \(layer) component: shared UI and services (wrapping third-party libraries) for every business component."
        case .account: return "\(a) \(layer) component: the signed-in user, account data, its storage and management."
        case .business: return "\(a) \(layer) component: one product area, reached by the others only through its interface or the registry."
        case .interface: return "The interface of a \(layer) component: protocols and value types other components may depend on."
        case .mediator: return "The component registry (\(layer) layer): business components register their services by protocol, callers resolve them."
        case .app: return "The host app: it integrates every component and wires them together."
        case .ctmediator: return "A CTMediator category (\(layer) layer): the calls other components make to a pod's Target_ class."
        }
    }

    /// "An" before a vowel (`An account component`), else "A".
    static func article(for word: String) -> String {
        word.first.map { "aeiouAEIOU".contains($0) } == true ? "An" : "A"
    }
}

/// What a component's templates see (documented in docs/scaffolding.md); turned into Stencil's dictionary only
/// when rendering.
struct TemplateContext {
    struct Dependency {
        var product: String
        var package: String
        /// From the new package's folder, e.g. `../../Kit/NXKit`.
        var path: String
    }

    /// The new package's folder, relative to the repository root (not a template variable).
    var directory: String
    var name: String
    var layer: String
    var kind: ComponentKind
    /// The layers (and interfaces) the component may depend on, for its README.
    var allowed: String
    var toolsVersion: String
    var platforms: [String]
    /// Set when the package has localized resources (`.lproj` folders, string catalogs): SwiftPM requires it then.
    var defaultLocalization: String?
    var dependencies: [Dependency]
    var testDependencies: [Dependency] = []
    var hasResources: Bool
    /// The component's UI is written against UIKit (behind `#if canImport(UIKit)`).
    var uiKit = false
    /// For the app: the components it registers with the mediator.
    var registrations: [String] = []
    /// For a component with an interface: the interface module and the registry.
    var interfaceName: String?
    var mediator: String?
    /// For an interface: the component it describes.
    var component: String?

    /// A dependency as the package's manifest declares it: by path from the package's folder.
    func dependency(_ dependency: Scaffolder.Dependency) -> Dependency {
        Dependency(product: dependency.product, package: dependency.package, path: PathArithmetic.relative(dependency.directory, to: directory))
    }

    var dictionary: [String: Any] {
        let describe = { (dependency: Dependency) -> [String: String] in
            ["product": dependency.product, "package": dependency.package, "path": dependency.path]
        }
        var values: [String: Any] = [
            "name": name, "layer": layer, "kind": kind.rawValue,
            "layerDescription": kind.summary(layer: layer),
            "allowed": allowed,
            "toolsVersion": toolsVersion,
            "platforms": platforms.joined(separator: ", "),
            "dependencies": dependencies.map(describe),
            "testDependencies": testDependencies.map(describe),
            "hasResources": hasResources,
            "resourcesComma": hasResources ? "," : "",
            "dependencyLiterals": dependencies.map { "\"\($0.product)\"" }.joined(separator: ", "),
            "dependencyNames": dependencies.map(\.product).joined(separator: ", "),
            "resourceIdentifier": IdentifierNaming.lowerCamelCase(name + ".json"),
            "uiKit": uiKit,
        ]
        if !registrations.isEmpty { values["registrations"] = registrations }
        if let interfaceName { values["interfaceName"] = interfaceName }
        if let mediator { values["mediator"] = mediator }
        if let component { values["component"] = component }
        if let defaultLocalization { values["defaultLocalization"] = defaultLocalization }
        return values
    }
}
