import Diagnostics
import Files
import Foundation
import Paths
import Yams

/// Reads `componentize.yml` into a ``Configuration``, with `componentize.yml:line:col` on every mistake.
public struct ConfigurationLoader: Sendable {
    public static let fileName = "componentize.yml"

    /// Rule identifiers the configuration may name (in `rules:` and `exceptions:`).
    public var knownRules: Set<RuleID>

    public init(knownRules: Set<RuleID>) {
        self.knownRules = knownRules
    }

    /// The configuration of a repository: its `componentize.yml`, else the four-layer preset.
    public func load(repositoryRoot root: String, fileSystem: any FileSystem) throws(InputError) -> Configuration {
        let path = root == "." ? Self.fileName : (root as NSString).appendingPathComponent(Self.fileName)
        guard fileSystem.status(of: path).exists else { return Preset.fourLayer.model }
        return try read(path, fileSystem: fileSystem)
    }

    /// The configuration file at `path`.
    public func read(_ path: String, fileSystem: any FileSystem) throws(InputError) -> Configuration {
        guard fileSystem.status(of: path).exists else { throw InputError("no such configuration file", at: FileLocation(path: path)) }
        guard let bytes = fileSystem.contents(of: path, upTo: 16 << 20) else {
            throw InputError("cannot read the configuration", at: FileLocation(path: path))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw InputError("the configuration is not UTF-8 text", at: FileLocation(path: path, line: 1, column: 1))
        }
        return try parse(text, path: path)
    }

    public func parse(_ text: String, path: String) throws(InputError) -> Configuration {
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.inputError(error, path: path)
        } catch {
            throw InputError("cannot parse YAML: \(error)", at: FileLocation(path: path))
        }
        guard let node else { return Preset.fourLayer.model.with(source: .file(path)) }
        return try ConfigurationReader(path: path, knownRules: knownRules).model(from: node)
    }

    /// `YYYY-MM-DD`, as `expires:` and `COMPONENTIZE_TODAY` are written.
    public static func isDate(_ text: String) -> Bool {
        Day(text) != nil
    }

    private static func inputError(_ error: YamlError, path: String) -> InputError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return InputError("invalid YAML: \(problem)", at: FileLocation(path: path, line: mark.line, column: mark.column))
        default:
            return InputError("invalid YAML: \(error)", at: FileLocation(path: path))
        }
    }
}

extension Configuration {
    func with(source: ConfigurationSource) -> Configuration {
        var copy = self
        copy.source = source
        return copy
    }
}

/// Walks the YAML tree, checking every key and type.
private struct ConfigurationReader {
    var path: String
    var knownRules: Set<RuleID>

    func location(_ node: Node) -> FileLocation {
        FileLocation(path: path, line: node.mark?.line, column: node.mark?.column)
    }

    func error(_ message: String, at node: Node) -> InputError {
        InputError(message, at: location(node))
    }

    func mapping(_ node: Node, _ what: String) throws(InputError) -> [(key: String, keyNode: Node, value: Node)] {
        guard let mapping = node.mapping else { throw error("\(what) must be a mapping of keys to values", at: node) }
        var result: [(String, Node, Node)] = []
        for (key, value) in mapping {
            guard let name = key.scalar?.string else { throw error("keys of \(what) must be plain words", at: key) }
            result.append((name, key, value))
        }
        return result
    }

    func checkKeys(_ entries: [(key: String, keyNode: Node, value: Node)], allowed: [String], in what: String) throws(InputError) {
        for entry in entries where !allowed.contains(entry.key) {
            throw error("unknown key '\(entry.key)' in \(what); expected one of: \(allowed.joined(separator: ", "))\(EditDistance.suggestion(for: entry.key, in: allowed))", at: entry.keyNode)
        }
    }

    func string(_ node: Node, _ what: String) throws(InputError) -> String {
        guard let scalar = node.scalar else { throw error("\(what) must be a string", at: node) }
        return scalar.string
    }

    func bool(_ node: Node, _ what: String) throws(InputError) -> Bool {
        guard let scalar = node.scalar, let value = Bool(scalar.string.lowercased()) else {
            throw error("\(what) must be true or false", at: node)
        }
        return value
    }

    /// A string or a list of strings.
    func strings(_ node: Node, _ what: String) throws(InputError) -> [(String, Node)] {
        if let scalar = node.scalar { return [(scalar.string, node)] }
        guard let sequence = node.sequence else { throw error("\(what) must be a string or a list of strings", at: node) }
        var result: [(String, Node)] = []
        for item in sequence {
            result.append((try string(item, "each entry of \(what)"), item))
        }
        return result
    }

    func globs(_ node: Node, _ what: String) throws(InputError) -> [Glob] {
        var result: [Glob] = []
        for (pattern, item) in try strings(node, what) {
            result.append(try Glob(pattern, location: location(item)))
        }
        return result
    }

    func model(from root: Node) throws(InputError) -> Configuration {
        let entries = try mapping(root, "the configuration")
        try checkKeys(entries, allowed: ["preset", "strict", "layers", "thirdParty", "testSupport", "exceptions", "rules", "exclude", "scaffold", "resources",
                                           "baseline", "imports", "pods", "xcode", "mediators"],
                      in: "the configuration")
        var model = Preset.fourLayer.model
        if let presetNode = entries.first(where: { $0.key == "preset" })?.value {
            let name = try string(presetNode, "preset")
            guard let preset = Preset(rawValue: name) else {
                throw error("unknown preset '\(name)'; expected one of: \(Preset.allCases.map(\.rawValue).joined(separator: ", "))\(EditDistance.suggestion(for: name, in: Preset.allCases.map(\.rawValue)))", at: presetNode)
            }
            model = preset.model
        }
        model.source = .file(path)
        if let layersNode = entries.first(where: { $0.key == "layers" })?.value {
            model.layers = try layers(layersNode)
        }
        for entry in entries {
            switch entry.key {
            case "strict": model.strict = try bool(entry.value, "strict")
            case "testSupport": model.testSupport = try globs(entry.value, "testSupport")
            case "exclude": model.exclude = try globs(entry.value, "exclude")
            case "scaffold": model.scaffold = try scaffold(entry.value)
            case "resources":
                let settings = try mapping(entry.value, "resources")
                try checkKeys(settings, allowed: ["outputDir"], in: "resources")
                if let value = settings.first(where: { $0.key == "outputDir" })?.value {
                    let directory = try string(value, "resources.outputDir")
                    guard !directory.isEmpty else { throw error("resources.outputDir cannot be empty", at: value) }
                    model.resourcesOutputDirectory = directory
                }
            case "thirdParty": model.thirdParty = try thirdParty(entry.value, layers: model.layers)
            case "exceptions": model.exceptions = try exceptions(entry.value)
            case "rules": model.severities = try severities(entry.value)
            case "imports":
                let settings = try mapping(entry.value, "imports")
                try checkKeys(settings, allowed: ["check", "system", "ignore", "reexports"], in: "imports")
                for setting in settings {
                    switch setting.key {
                    case "check": model.imports.check = try bool(setting.value, "imports.check")
                    case "system": model.imports.system = try strings(setting.value, "imports.system").map(\.0)
                    case "reexports": model.imports.reexports = try reexports(setting.value)
                    default: model.imports.ignore = try globs(setting.value, "imports.ignore")
                    }
                }
            case "pods": model.pods = try pods(entry.value)
            case "xcode": model.xcode = try xcode(entry.value)
            case "mediators": model.mediators = try mediators(entry.value)
            case "baseline":
                let file = try string(entry.value, "baseline")
                guard !file.isEmpty else { throw error("baseline must name a file, e.g. componentize-baseline.json", at: entry.value) }
                model.baseline = file
                model.baselineLocation = location(entry.value)
            default: break
            }
        }
        for layer in model.layers {
            for dependency in layer.defaultDependencies where model.layer(named: dependency) == nil {
                throw InputError("layer '\(layer.name)' names unknown layer '\(dependency)' in defaults\(EditDistance.suggestion(for: dependency, in: model.layers.map(\.name)))", at: layer.location)
            }
        }
        return model
    }

    /// `xcode: {check: true, projects: [App/*.xcodeproj], ignoreTargets: ["*UITests"]}`.
    func xcode(_ node: Node) throws(InputError) -> XcodeSettings {
        let settings = try mapping(node, "xcode")
        try checkKeys(settings, allowed: ["check", "projects", "ignoreTargets"], in: "xcode")
        var result = XcodeSettings()
        for setting in settings {
            switch setting.key {
            case "check": result.check = try bool(setting.value, "xcode.check")
            case "projects": result.projects = try globs(setting.value, "xcode.projects")
            default: result.ignoreTargets = try globs(setting.value, "xcode.ignoreTargets")
            }
        }
        return result
    }

    /// `mediators: {ctmediator: true, beehive: true, registry: true, routes: {schemes: [app], routers: [MGJRouter]},
    /// categories: required}`; `routes: false` reads no routes.
    func mediators(_ node: Node) throws(InputError) -> MediatorSettings {
        let settings = try mapping(node, "mediators")
        try checkKeys(settings, allowed: ["ctmediator", "beehive", "registry", "routes", "categories"], in: "mediators")
        var result = MediatorSettings()
        for setting in settings {
            switch setting.key {
            case "ctmediator":
                if setting.value.scalar != nil {
                    result.ctmediator = try bool(setting.value, "mediators.ctmediator")
                } else {
                    result.classes = try mediatorClasses(setting.value)
                }
            case "beehive": result.beehive = try bool(setting.value, "mediators.beehive")
            case "registry": result.registry = try bool(setting.value, "mediators.registry")
            case "categories":
                let value = try string(setting.value, "mediators.categories")
                guard let categories = MediatorSettings.Categories(rawValue: value) else {
                    throw error("mediators.categories is 'required' or 'optional', not '\(value)'", at: setting.value)
                }
                result.categories = categories
            default: try routes(setting.value, into: &result)
            }
        }
        return result
    }

    /// `ctmediator: {classes: {HDMediator: {target: Target_, action: action_, selector: either}}}`: each clone's naming;
    /// `target` and `action` default to CTMediator's prefixes, `selector` to `colon`.
    private func mediatorClasses(_ node: Node) throws(InputError) -> [String: MediatorNaming] {
        let settings = try mapping(node, "mediators.ctmediator")
        try checkKeys(settings, allowed: ["classes"], in: "mediators.ctmediator")
        var classes: [String: MediatorNaming] = [:]
        for setting in settings {
            for entry in try mapping(setting.value, "mediators.ctmediator.classes") {
                let path = "mediators.ctmediator.classes.\(entry.key)"
                let naming = try mapping(entry.value, path)
                try checkKeys(naming, allowed: ["target", "action", "selector"], in: path)
                var result = MediatorNaming.ctmediator
                for item in naming {
                    let value = try string(item.value, "\(path).\(item.key)")
                    switch item.key {
                    case "target": result.targetPrefix = value
                    case "action": result.actionPrefix = value
                    default:
                        guard let selector = MediatorNaming.Selector(rawValue: value) else {
                            throw error("\(path).selector is 'colon', 'bare' or 'either', not '\(value)'", at: item.value)
                        }
                        result.selector = selector
                    }
                }
                classes[entry.key] = result
            }
        }
        return classes
    }

    /// `routes: false`, or `routes: {schemes: [app], routers: [MGJRouter, JLRoutes]}`.
    private func routes(_ node: Node, into result: inout MediatorSettings) throws(InputError) {
        if node.scalar != nil {
            result.routes = try bool(node, "mediators.routes")
            return
        }
        let settings = try mapping(node, "mediators.routes")
        try checkKeys(settings, allowed: ["schemes", "routers"], in: "mediators.routes")
        for setting in settings {
            let values = try strings(setting.value, "mediators.routes.\(setting.key)").map(\.0)
            if setting.key == "schemes" { result.schemes = values } else { result.routers = values }
        }
    }

    /// `pods: {AFNetworking: {url: …, from: …, product: …}}`; `product` defaults to the pod's name.
    func pods(_ node: Node) throws(InputError) -> [String: PodPackageMapping] {
        var result: [String: PodPackageMapping] = [:]
        for entry in try mapping(node, "pods") {
            let settings = try mapping(entry.value, "pods.\(entry.key)")
            try checkKeys(settings, allowed: ["url", "from", "product"], in: "pods.\(entry.key)")
            func value(_ key: String) throws(InputError) -> String? {
                guard let node = settings.first(where: { $0.key == key })?.value else { return nil }
                let text = try string(node, "pods.\(entry.key).\(key)")
                guard !text.isEmpty else { throw error("pods.\(entry.key).\(key) cannot be empty", at: node) }
                return text
            }
            guard let url = try value("url") else { throw error("pods.\(entry.key) needs 'url' (the SwiftPM package's git URL)", at: entry.keyNode) }
            guard let from = try value("from") else { throw error("pods.\(entry.key) needs 'from' (the lowest version, e.g. \"4.0.0\")", at: entry.keyNode) }
            result[entry.key] = PodPackageMapping(url: url, from: from, product: try value("product") ?? entry.key, location: location(entry.keyNode))
        }
        return result
    }

    func layers(_ node: Node) throws(InputError) -> [Layer] {
        guard let sequence = node.sequence, !sequence.isEmpty else {
            throw error("layers must be a non-empty list, top layer first", at: node)
        }
        var result: [Layer] = []
        var pendingDefaults: [(String, Node)] = []
        for item in sequence {
            let entries = try mapping(item, "a layer")
            try checkKeys(entries, allowed: ["name", "members", "paths", "kinds", "independent", "interfaces", "defaults"], in: "a layer")
            guard let nameNode = entries.first(where: { $0.key == "name" })?.value else {
                throw error("a layer needs a name", at: item)
            }
            let name = try string(nameNode, "a layer's name")
            guard !name.isEmpty else { throw error("a layer's name cannot be empty", at: nameNode) }
            if result.contains(where: { $0.name == name }) {
                throw error("duplicate layer name '\(name)': each layer needs its own name", at: nameNode)
            }
            var layer = Layer(name: name, location: location(nameNode))
            for entry in entries {
                switch entry.key {
                case "members": layer.members = try globs(entry.value, "members")
                case "paths": layer.paths = try globs(entry.value, "paths")
                case "kinds":
                    for (kind, item) in try strings(entry.value, "kinds") where !Layer.xcodeKinds.contains(kind) {
                        throw error("unknown Xcode target kind '\(kind)'; kinds are: \(Layer.xcodeKinds.joined(separator: ", "))\(EditDistance.suggestion(for: kind, in: Layer.xcodeKinds))", at: item)
                    }
                    layer.kinds = try strings(entry.value, "kinds").map(\.0)
                case "independent": layer.independent = try bool(entry.value, "independent")
                case "interfaces":
                    let pattern = try string(entry.value, "interfaces")
                    guard pattern.contains("{name}"), pattern != "{name}" else {
                        throw error("interfaces must contain {name} and more, e.g. \"{name}Interface\"", at: entry.value)
                    }
                    layer.interfacePattern = pattern
                case "defaults":
                    let names = try strings(entry.value, "defaults")
                    layer.defaultDependencies = names.map(\.0)
                    pendingDefaults.append(contentsOf: names)
                default: break
                }
            }
            if layer.members.isEmpty && layer.paths.isEmpty && layer.kinds.isEmpty {
                throw error("layer '\(name)' needs members, paths or kinds to say which modules belong to it", at: nameNode)
            }
            result.append(layer)
        }
        for (name, node) in pendingDefaults where !result.contains(where: { $0.name == name }) {
            throw error("unknown layer '\(name)'; layers are: \(result.map(\.name).joined(separator: ", "))\(EditDistance.suggestion(for: name, in: result.map(\.name)))", at: node)
        }
        return result
    }

    func checkLayer(_ name: String, at node: Node, layers: [Layer]) throws(InputError) {
        guard layers.contains(where: { $0.name == name }) else {
            throw error("unknown layer '\(name)'; layers are: \(layers.map(\.name).joined(separator: ", "))\(EditDistance.suggestion(for: name, in: layers.map(\.name)))", at: node)
        }
    }

    func thirdParty(_ node: Node, layers: [Layer]) throws(InputError) -> ThirdPartyPolicy {
        let entries = try mapping(node, "thirdParty")
        try checkKeys(entries, allowed: ["layers", "packages"], in: "thirdParty")
        var policy = ThirdPartyPolicy()
        for entry in entries {
            if entry.key == "layers" {
                for (name, item) in try strings(entry.value, "thirdParty.layers") {
                    try checkLayer(name, at: item, layers: layers)
                    policy.layers.append(name)
                }
            } else {
                for package in try mapping(entry.value, "thirdParty.packages") {
                    var allowed: [String] = []
                    for (name, item) in try strings(package.value, "the layers of \(package.key)") {
                        try checkLayer(name, at: item, layers: layers)
                        allowed.append(name)
                    }
                    policy.packages[package.key.lowercased()] = allowed
                }
            }
        }
        return policy
    }

    func exceptions(_ node: Node) throws(InputError) -> [LayerException] {
        guard let sequence = node.sequence else { throw error("exceptions must be a list", at: node) }
        var result: [LayerException] = []
        for item in sequence {
            let entries = try mapping(item, "an exception")
            try checkKeys(entries, allowed: ["from", "to", "rule", "reason", "expires"], in: "an exception")
            func required(_ key: String) throws(InputError) -> (String, Node) {
                guard let value = entries.first(where: { $0.key == key })?.value else {
                    throw error("an exception needs '\(key)'", at: item)
                }
                return (try string(value, key), value)
            }
            let (rule, ruleNode) = try required("rule")
            guard knownRules.contains(RuleID(rule)) else {
                throw error("unknown rule '\(rule)'; rules are: \(knownRules.map(\.rawValue).sorted().joined(separator: ", "))\(EditDistance.suggestion(for: rule, in: knownRules.map(\.rawValue).sorted()))", at: ruleNode)
            }
            let reason = try required("reason").0
            guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw error("an exception's reason cannot be empty: say why the team accepts it", at: item)
            }
            var expires: Day?
            if let expiresNode = entries.first(where: { $0.key == "expires" })?.value {
                let value = try string(expiresNode, "expires")
                guard let day = Day(value) else { throw error("expires must be a date written YYYY-MM-DD", at: expiresNode) }
                expires = day
            }
            result.append(LayerException(from: try required("from").0, to: try required("to").0, rule: RuleID(rule), reason: reason,
                                         expires: expires, location: location(item)))
        }
        return result
    }


    func scaffold(_ node: Node) throws(InputError) -> ScaffoldSettings {
        let entries = try mapping(node, "scaffold")
        try checkKeys(entries, allowed: ["layout", "toolsVersion", "platforms", "defaultLocalization", "app", "mediator", "templates"],
                      in: "scaffold")
        var settings = ScaffoldSettings()
        settings.location = location(node)
        for entry in entries {
            switch entry.key {
            case "layout":
                settings.layout = try string(entry.value, "scaffold.layout")
                settings.layoutIsWritten = true
                guard settings.layout.contains("{name}") else { throw error("scaffold.layout must contain {name}", at: entry.value) }
            case "toolsVersion":
                settings.toolsVersion = try string(entry.value, "scaffold.toolsVersion")
                let parts = settings.toolsVersion.split(separator: ".")
                guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
                    throw error("scaffold.toolsVersion must be a version such as 5.9 or 6.0", at: entry.value)
                }
            case "platforms": settings.platforms = try strings(entry.value, "scaffold.platforms").map(\.0)
            case "defaultLocalization":
                let language = try string(entry.value, "scaffold.defaultLocalization")
                guard !language.isEmpty, !language.contains("\"") else {
                    throw error("scaffold.defaultLocalization must be a language tag such as en or pt-BR", at: entry.value)
                }
                settings.defaultLocalization = language
            case "app":
                let name = try string(entry.value, "scaffold.app")
                settings.app = name.isEmpty ? nil : name
            case "mediator": settings.mediator = try string(entry.value, "scaffold.mediator")
            default: settings.templates = try string(entry.value, "scaffold.templates")
            }
        }
        return settings
    }

    /// `{ComposableArchitecture: [CasePaths, Dependencies]}`: a module and the modules it re-exports.
    func reexports(_ node: Node) throws(InputError) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for entry in try mapping(node, "imports.reexports") {
            result[entry.key] = try strings(entry.value, "the modules \(entry.key) re-exports").map(\.0)
        }
        return result
    }

    func severities(_ node: Node) throws(InputError) -> [RuleID: Severity] {
        var result: [RuleID: Severity] = [:]
        for entry in try mapping(node, "rules") {
            guard knownRules.contains(RuleID(entry.key)) else {
                throw error("unknown rule '\(entry.key)'; rules are: \(knownRules.map(\.rawValue).sorted().joined(separator: ", "))\(EditDistance.suggestion(for: entry.key, in: knownRules.map(\.rawValue).sorted()))", at: entry.keyNode)
            }
            let value = try string(entry.value, "a rule's severity")
            guard let severity = Severity(rawValue: value) else {
                throw error("severity must be error, warning or off", at: entry.value)
            }
            result[RuleID(entry.key)] = severity
        }
        return result
    }
}
