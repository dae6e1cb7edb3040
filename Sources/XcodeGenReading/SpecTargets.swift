import Diagnostics

/// The targets of a merged spec as XcodeGen makes them: each target's `templates:` (and theirs, in XcodeGen's order)
/// merged under it with `${target_name}` and its `templateAttributes` replaced, then a target of several platforms
/// made one target a platform (`Kit_iOS`, `Kit_macOS`, each building module `Kit`).
enum SpecTargets {
    /// A target ready to read: its name and its merged values.
    struct Entry {
        var name: String
        var node: SpecNode
        /// The name of the product it builds when XcodeGen sets one (`PRODUCT_NAME` of a platform's copy).
        var productName: String?
    }

    static func entries(of spec: SpecNode, shown: @escaping (String) -> String) throws -> [Entry] {
        guard let targets = spec["targets"] else { return [] }
        guard let entries = targets.entries else {
            throw InputError("targets: is a mapping of target names to targets", at: targets.location(shownAs: shown))
        }
        let templates = Dictionary(spec["targetTemplates"]?.entries ?? [], uniquingKeysWith: { first, _ in first })
        var result: [Entry] = []
        for (key, node) in entries {
            guard node.entries != nil else {
                throw InputError("target '\(key)' is not a mapping (type:, platform:, sources:, …)", at: node.location(shownAs: shown))
            }
            let templated = applyingTemplates(to: node, named: key, templates: templates)
            result += platformCopies(of: templated, named: templated["name"]?.string ?? key)
        }
        return result
    }

    /// XcodeGen's order: a template's own templates come before it, each once.
    static func templateNames(of node: SpecNode, templates: [String: SpecNode]) -> [String] {
        var names: [String] = []
        var insertion = 0
        func collect(_ node: SpecNode) {
            for template in (node["templates"]?.strings ?? []).compactMap(\.string) where !names.contains(template) {
                guard let templateNode = templates[template] else { continue }
                names.insert(template, at: insertion)
                collect(templateNode)
                insertion += 1
            }
        }
        collect(node)
        return names
    }

    static func applyingTemplates(to node: SpecNode, named name: String, templates: [String: SpecNode]) -> SpecNode {
        let names = templateNames(of: node, templates: templates)
        guard !names.isEmpty else { return node }
        var merged = SpecNode(value: .mapping([]), origin: node.origin)
        for template in names {
            if let templateNode = templates[template] { merged = templateNode.merged(onto: merged) }
        }
        var target = node.merged(onto: merged)
        target.origin = node.origin
        target = target.replacing("${target_name}", with: name).replacing("$target_name", with: name)
        for (attribute, value) in target["templateAttributes"]?.entries ?? [] {
            if let text = value.string { target = target.replacing("${\(attribute)}", with: text) }
        }
        return target
    }

    /// One entry a platform for `platform: [iOS, macOS]`, else the target itself.
    static func platformCopies(of node: SpecNode, named name: String) -> [Entry] {
        guard let platforms = node["platform"]?.items else { return [Entry(name: name, node: node)] }
        return platforms.compactMap(\.string).map { platform in
            let copy = node.replacing("${platform}", with: platform).replacing("$platform", with: platform)
            let prefix = copy["platformPrefix"]?.string ?? ""
            let suffix = copy["platformSuffix"]?.string ?? "_\(platform)"
            return Entry(name: prefix + name + suffix, node: copy, productName: name)
        }
    }
}
