import Diagnostics
import PackageModel
import Paths

/// How a repository is checked and what is generated in it, from `componentize.yml` or a preset: the layers of the
/// componentized app and the rules between them first, then exceptions, severities, what discovery skips, and the
/// settings of `new`, `resources`, the source pass and `migrate-pods`.
public struct Configuration: Sendable, Equatable {
    /// Layers from the top (the app) to the bottom (the kit).
    public var layers: [Layer]
    public var thirdParty: ThirdPartyPolicy
    /// Globs of module names any test target may depend on, whatever their layer.
    public var testSupport: [Glob]
    public var exceptions: [LayerException]
    public var severities: [RuleID: Severity]
    /// A glob that matches nothing is an error rather than silently useless.
    public var strict: Bool
    /// Where it came from: a file, or a preset.
    public var source: ConfigurationSource
    /// Folders (globs relative to the root) where discovery looks for no package: samples, fixtures, vendored code.
    public var exclude: [Glob] = []
    /// How `componentize new` lays out and writes new packages.
    public var scaffold = ScaffoldSettings()
    /// Where `componentize resources` writes each target's accessors, relative to the target's folder.
    public var resourcesOutputDirectory = "Generated"
    /// Whether and how `check` reads the sources' imports.
    public var imports = ImportSettings()
    /// A baseline file `check` applies without `--baseline`, relative to the configuration's folder.
    public var baseline: String?
    public var baselineLocation: FileLocation?
    /// Where outside pods live as SwiftPM packages, by pod name (`pods:`), for `migrate-pods`.
    public var pods: [String: PodPackageMapping] = [:]
    /// Which Xcode projects are read, and which of their targets are left out.
    public var xcode = XcodeSettings()
    /// Which run-time wiring `check` reads (CTMediator, BeeHive, the registry, URL routes) and how it judges it.
    public var mediators = MediatorSettings()

    public init(layers: [Layer], thirdParty: ThirdPartyPolicy = ThirdPartyPolicy(), testSupport: [Glob] = [],
                exceptions: [LayerException] = [], severities: [RuleID: Severity] = [:], strict: Bool = false,
                source: ConfigurationSource = .file("componentize.yml")) {
        self.layers = layers
        self.thirdParty = thirdParty
        self.testSupport = testSupport
        self.exceptions = exceptions
        self.severities = severities
        self.strict = strict
        self.source = source
    }

    public func layer(named name: String) -> Layer? {
        layers.first { $0.name == name }
    }

    /// 0 for the top layer; larger is lower.
    public func rank(of layerName: String) -> Int? {
        layers.firstIndex { $0.name == layerName }
    }

    /// The layers strictly below `layerName`, top first.
    public func layers(below layerName: String) -> [Layer] {
        guard let rank = rank(of: layerName) else { return [] }
        return Array(layers[(rank + 1)...])
    }
}

/// Where a configuration came from.
public enum ConfigurationSource: Sendable, Equatable, CustomStringConvertible {
    /// A `componentize.yml`, as messages name it.
    case file(String)
    /// A preset, because no file configures the repository.
    case preset(Preset)

    /// The file, when there is one.
    public var path: String? {
        if case .file(let path) = self { return path }
        return nil
    }

    /// `componentize.yml`, or `preset four-layer`.
    public var description: String {
        switch self {
        case .file(let path): return path
        case .preset(let preset): return "preset \(preset.rawValue)"
        }
    }
}

/// One layer: which modules belong to it and how they may depend on each other.
public struct Layer: Sendable, Equatable {
    public var name: String
    /// Globs matched against target names, then package names.
    public var members: [Glob]
    /// Globs matched against package directories, relative to the repository root.
    public var paths: [Glob]
    /// Kinds of Xcode targets (`application`, `app-extension`…) placed in the layer whatever their names.
    public var kinds: [String] = []

    /// The kinds of Xcode targets a layer's `kinds` may name.
    public static let xcodeKinds = ProductKind.xcodeKinds.map(\.rawValue)

    /// The kinds of targets that make an app: apps and their extensions.
    public static let applicationKinds = ProductKind.xcodeKinds.filter(\.isApplication).map(\.rawValue)
    /// Members may not depend on each other (the business layer).
    public var independent: Bool
    /// How a member's interface module is named, e.g. `{name}Interface`: others may depend on it.
    public var interfacePattern: String? {
        didSet { interfaceAffixes = Self.affixes(of: interfacePattern) }
    }
    /// The text before and after `{name}` in ``interfacePattern``.
    private var interfaceAffixes: (prefix: String, suffix: String)?
    /// The layers a new component of this layer depends on by default (`componentize new`).
    public var defaultDependencies: [String]
    public var location: FileLocation?

    public init(name: String, members: [Glob] = [], paths: [Glob] = [], kinds: [String] = [], independent: Bool = false,
                interfacePattern: String? = nil, defaultDependencies: [String] = [], location: FileLocation? = nil) {
        self.name = name
        self.members = members
        self.paths = paths
        self.kinds = kinds
        self.independent = independent
        self.interfacePattern = interfacePattern
        interfaceAffixes = Self.affixes(of: interfacePattern)
        self.defaultDependencies = defaultDependencies
        self.location = location
    }

    /// The interface module name of `component`, when the layer has interfaces.
    public func interfaceName(of component: String) -> String? {
        interfacePattern.map { $0.replacingOccurrences(of: "{name}", with: component) }
    }

    /// The component an interface module name belongs to (`ComponentVideo` for `ComponentVideoInterface`).
    public func component(ofInterface module: String) -> String? {
        guard let (prefix, suffix) = interfaceAffixes, module.utf8.count > prefix.utf8.count + suffix.utf8.count,
              module.hasPrefix(prefix), module.hasSuffix(suffix) else { return nil }
        return String(module.dropFirst(prefix.count).dropLast(suffix.count))
    }

    private static func affixes(of pattern: String?) -> (prefix: String, suffix: String)? {
        guard let pattern, let range = pattern.firstRange(of: "{name}") else { return nil }
        return (String(pattern[..<range.lowerBound]), String(pattern[range.upperBound...]))
    }

    public static func == (lhs: Layer, rhs: Layer) -> Bool {
        lhs.name == rhs.name && lhs.members == rhs.members && lhs.paths == rhs.paths && lhs.kinds == rhs.kinds && lhs.independent == rhs.independent
            && lhs.interfacePattern == rhs.interfacePattern && lhs.defaultDependencies == rhs.defaultDependencies && lhs.location == rhs.location
    }
}

/// The `xcode:` section: which Xcode projects `check` reads as packages.
public struct XcodeSettings: Sendable, Equatable {
    /// Read `.xcodeproj` folders at all (default on; `--no-xcode` turns it off).
    public var check = true
    /// Globs on project paths relative to the root; empty: every project.
    public var projects: [Glob] = []
    /// Globs on target names left out of the graph.
    public var ignoreTargets: [Glob] = []

    public init() {}
}

/// The `mediators:` section: the run-time wiring `check` reads from the sources, and whether callers must go through
/// a provider's category.
public struct MediatorSettings: Sendable, Equatable {
    /// Whether business components must call a target through a CTMediator category (`mediator-bypass`).
    public enum Categories: String, Sendable, Equatable, CaseIterable { case required, optional }

    /// CTMediator's `performTarget:action:params:` and `Target_`/`Action_` providers.
    public var ctmediator = true
    /// Mediator classes (CTMediator's clones) and how each finds its providers, by class name
    /// (`ctmediator: {classes: {HDMediator: {target: Target_, action: action_}}}`); over what componentize reads of a
    /// clone's own implementation.
    public var classes: [String: MediatorNaming] = [:]
    /// BeeHive's `registerService:service:` / `createService:` (and `@BeeHiveService`).
    public var beehive = true
    /// The generated Swift registry's `register(P.self, factory:)` / `resolve(P.self)`.
    public var registry = true
    /// URL routes: `registerURLPattern:toHandler:` and `openURL:`/`objectForURL:`.
    public var routes = true
    /// A route used is one sent to one of these receivers, or a literal URL with one of ``schemes``.
    public var routers: [String] = ["MGJRouter"]
    public var schemes: [String] = []
    public var categories = Categories.optional

    public init() {}
}

/// How a mediator class finds the provider of a target-action call: the class `<target><name>` and its method
/// `<action><action name>`, whose selector takes the params argument (`Action_show:`), or not, or either.
public struct MediatorNaming: Sendable, Hashable {
    public enum Selector: String, Sendable, Hashable, CaseIterable {
        /// `Action_show:` (CTMediator).
        case colon
        /// `Action_show`.
        case bare
        /// Either, the one with the argument first.
        case either
    }

    public var targetPrefix: String
    public var actionPrefix: String
    public var selector: Selector

    public init(targetPrefix: String, actionPrefix: String, selector: Selector) {
        self.targetPrefix = targetPrefix
        self.actionPrefix = actionPrefix
        self.selector = selector
    }

    /// CTMediator's: `Target_<name>` and `Action_<action>:`.
    public static let ctmediator = MediatorNaming(targetPrefix: "Target_", actionPrefix: "Action_", selector: .colon)

    /// Whether a method's selector fits: `takesArgument` tells whether it ends with a colon.
    public func accepts(takesArgument: Bool) -> Bool {
        switch selector {
        case .colon: takesArgument
        case .bare: !takesArgument
        case .either: true
        }
    }
}

/// The `imports:` section: the source pass of `check`.
public struct ImportSettings: Sendable, Equatable {
    /// Read every target's sources for imports (default on).
    public var check = true
    /// More modules that are never findings, beside the SDK's and the toolchain's.
    public var system: [String] = []
    /// Imported modules left out of every rule (`*Mocks`).
    public var ignore: [Glob] = []
    /// By module, the modules it re-exports (`@_exported import`), for outside packages not checked out; over the
    /// built-in table of well-known ones.
    public var reexports: [String: [String]] = [:]

    public init() {}
}

/// Which layers may use packages from outside the repository.
public struct ThirdPartyPolicy: Sendable, Equatable {
    /// Layers whose targets may depend on any non-local package.
    public var layers: [String]
    /// Per package identity, the layers that may use it (replaces `layers` for that package).
    public var packages: [String: [String]]

    public init(layers: [String] = [], packages: [String: [String]] = [:]) {
        self.layers = layers
        self.packages = packages
    }

    public func allows(layer: String, package identity: String) -> Bool {
        allowedLayers(package: identity, product: identity).contains(layer)
    }

    /// The layers that may use a product: the entry for its package's identity, else for the product (or the pod a
    /// subspec belongs to: `thirdParty.packages` may name a pod, or a product such as `SwiftSoup`), else ``layers``.
    public func allowedLayers(package identity: String?, product: String) -> [String] {
        let keys = [identity, product, product.split(separator: "/").first.map(String.init)].compactMap { $0?.lowercased() }
        return keys.lazy.compactMap { packages[$0] }.first ?? layers
    }
}

/// A dependency the team accepts for now, with the reason and an optional end date.
public struct LayerException: Sendable, Equatable {
    public var from: String
    public var to: String
    public var rule: RuleID
    public var reason: String
    /// The exception stops applying after this day.
    public var expires: Day?
    public var location: FileLocation?

    public init(from: String, to: String, rule: RuleID, reason: String, expires: Day? = nil, location: FileLocation? = nil) {
        self.from = from
        self.to = to
        self.rule = rule
        self.reason = reason
        self.expires = expires
        self.location = location
    }
}

/// The `scaffold:` section: where `componentize new` puts packages and what their manifests say.
public struct ScaffoldSettings: Sendable, Equatable {
    /// Relative to the repository root; `{layer}` and `{name}` are replaced.
    public var layout = "Packages/{layer}/{name}"
    /// The configuration sets `layout`. When it does not, a layer whose `paths` name a folder of packages
    /// (`Modules/Features/*`) gets its new packages there.
    public var layoutIsWritten = false
    public var toolsVersion = "5.9"
    /// PackageDescription expressions, e.g. `.iOS(.v15)`; empty: none declared.
    public var platforms = [".iOS(.v15)", ".macOS(.v12)"]
    /// Written as the manifest's `defaultLocalization` when the new package has localized resources.
    public var defaultLocalization = "en"
    /// The host app's package name; new components are added to its manifest.
    public var app: String? = "App"
    /// The registry package business components register their interfaces with.
    public var mediator = "Mediator"
    /// A template folder replacing the built-in templates.
    public var templates: String?
    public var location: FileLocation?

    public init() {}
}

/// The SwiftPM package that provides an outside pod: `AFNetworking: {url: "https://…", from: "4.0.0", product: "AFNetworking"}`.
public struct PodPackageMapping: Sendable, Equatable {
    public var url: String
    /// The lowest version, as `.package(url:from:)` takes it.
    public var from: String
    public var product: String
    public var location: FileLocation?

    public init(url: String, from: String, product: String, location: FileLocation? = nil) {
        self.url = url
        self.from = from
        self.product = product
        self.location = location
    }

    /// The package's identity: the URL's last path component without `.git`, lowercased (as SwiftPM names it).
    public var identity: String {
        var last = url.split(separator: "/").last.map(String.init) ?? url
        if last.hasSuffix(".git") { last = String(last.dropLast(4)) }
        return last.lowercased()
    }
}
