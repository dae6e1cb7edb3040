import Configuration
import Diagnostics
import Files
import Foundation
import LayerInference
import Output
import Paths
import Rules

/// `componentize init --infer`: writes the inferred layering as a commented componentize.yml, and the baseline of
/// what breaks it today.
public struct InferredConfigurationWriter {
    public var layering: InferredLayering
    public static let baselineFileName = "componentize-baseline.json"

    public init(layering: InferredLayering) {
        self.layering = layering
    }

    /// The registry `componentize new --interface` creates, and the index of the layer it goes to: below the widest
    /// independent layer, in the first layer under it that is not independent. Nil when no such layer exists, or when
    /// components talk through no mediator (``InferredLayering/hasMediator``).
    var registry: (name: String, layer: Int, exists: Bool)? {
        guard layering.hasMediator else { return nil }
        let independent = layering.layers.indices.filter { layering.layers[$0].independent }
        guard let widest = independent.max(by: { (layering.layers[$0].components.count, $1) < (layering.layers[$1].components.count, $0) }),
              let below = layering.layers.indices.first(where: { $0 > widest && !layering.layers[$0].independent }) else { return nil }
        let name = Self.registryName
        return (name, below, layering.layers.contains { $0.components.contains(name) })
    }

    /// The registry's name (`scaffold.mediator`).
    static let registryName = "Mediator"

    /// The configuration; `baseline` names the baseline file and `baselineSummary` what it holds.
    public func render(baseline: String? = nil, baselineSummary: String = "") throws -> String {
        let packages = layering.componentsArePackages
        let registry = self.registry
        let cycleOf = Dictionary(layering.cycles.flatMap { cycle in cycle.map { ($0, cycle) } }, uniquingKeysWith: { first, _ in first })
        let context: [String: Any] = [
            "components": packages ? layering.packageKinds.description : "\(layering.componentCount) targets",
            "app": layering.app.map(Self.quoted) ?? "\"\"",
            "appComment": layering.app == nil ? "no app was found; name it here when there is one, and `new` adds each new component to it."
                : "the host app it adds each new component to.",
            "membership": packages
                ? "A package belongs to the layer whose `paths` glob matches its folder (relative to this file)."
                : "A target belongs to the layer whose `members` glob matches its name.",
            "layers": layering.layers.enumerated().map { index, layer -> [String: Any] in
                var comment = Self.count(of: layer, packages: packages)
                var layer = layer
                // The registry joins its layer by name (it does not exist yet, so no folder says where it is).
                if let registry, registry.layer == index, !registry.exists { layer.members.append(registry.name) }
                let entries = (packages ? layer.paths : layer.members).map(Self.quoted)
                if packages, layer.paths.count == 1, layer.paths[0].contains("*") {
                    comment += ": every package in \(layer.paths[0])"
                } else if layer.components.count > 1 || !layer.namedFromFolders {
                    comment += ": " + layer.components.joined(separator: ", ")
                }
                if !layer.namedBy.isEmpty { comment += " (named after \(layer.namedBy))" }
                let cycles = Set(layer.components.compactMap { cycleOf[$0] }).sorted { $0.lexicographicallyPrecedes($1) }
                for cycle in cycles { comment += "; \(cycle.joined(separator: ", ")) depend on each other in a cycle" }
                // An Xcode project's targets share its folder: a layer names them by `members`.
                let targets = packages && !layer.members.isEmpty ? layer.members.map(Self.quoted).joined(separator: ", ") : ""
                let onlyTargets = packages && layer.paths.isEmpty
                return ["name": layer.name, "key": packages && !onlyTargets ? "paths" : "members",
                        "entries": onlyTargets ? targets : entries.joined(separator: ", "), "targets": onlyTargets ? "" : targets,
                        "independent": layer.independent, "inside": layer.dependenciesInside == 1 ? "the one dependency between two of them today is"
                            : "the \(layer.dependenciesInside) dependencies between them today are",
                        "fewInside": layer.independent && layer.dependenciesInside > 0, "comment": comment,
                        "interfaces": layer.independent ? Self.interfacePattern : "", "kinds": layer.kinds.joined(separator: ", ")]
            },
            "thirdParty": layering.thirdParty.map { entry -> [String: String] in
                ["package": Self.quoted(entry.package), "layers": entry.layers.joined(separator: ", ")]
            },
            "unplaced": layering.unplaced.map { "\($0.component) (\($0.kind))" }.joined(separator: ", "),
            "mediator": registry.map { Self.quoted($0.name) } ?? "",
            "mediatorLayer": registry.map { layering.layers[$0.layer].name } ?? "",
            "testSupport": (["*TestSupport", "*TestKit", "XCTest*"] + layering.testSupport).map { JSONValue.string($0).rendered() }.joined(separator: ", "),
            "testDoubles": layering.testSupport.joined(separator: ", "),
            "baseline": baseline.map(Self.quoted) ?? "",
            "baselineSummary": baselineSummary,
        ]
        return try TemplateLibrary().render("init/inferred.yml.stencil", context: context)
    }

    /// The interface modules members of an independent layer may depend on (`new <Name> --interface` creates them).
    static let interfacePattern = "{name}Interface"

    /// `3 packages`, `2 Xcode targets`, `5 components (3 packages, 2 Xcode targets)`; `targets` in a one-package repository.
    public static func count(of layer: InferredLayering.Layer, packages: Bool) -> String {
        func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
        guard packages else { return count(layer.components.count, "target") }
        let targets = layer.members.count + layer.targetsByKind.count, packageCount = layer.components.count - targets
        if targets == 0 { return count(packageCount, "package") }
        if packageCount == 0 { return count(targets, "Xcode target") }
        return "\(count(layer.components.count, "component")) (\(count(packageCount, "package")), \(count(targets, "Xcode target")))"
    }

    /// A YAML double-quoted scalar when the text needs one.
    static func quoted(_ text: String) -> String {
        let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "-_./".unicodeScalars.contains($0)) }
            && !text.hasPrefix("-") && !text.hasPrefix(".")
        // A JSON string is a YAML double-quoted scalar.
        return plain ? text : JSONValue.string(text).rendered()
    }

    /// Writes the baseline (when there is one) and then `<root>/componentize.yml`; refuses to replace either, or to
    /// add a configuration below one that already governs `root`.
    public func write(root: String, configuration text: String, baseline: (name: String, contents: String)?) throws -> [String] {
        let path = PathArithmetic.join(root, ConfigurationLoader.fileName)
        try ConfigurationWriter.checkCanWrite(root: root, path: path)
        var written: [String] = []
        if let baseline {
            let baselinePath = PathArithmetic.join(root, baseline.name)
            if DiskFileSystem().status(of: baselinePath).exists {
                throw InputError("\(baseline.name) already exists; init never overwrites it (remove it first)", at: FileLocation(path: baselinePath))
            }
            try AtomicFile.write(Data(baseline.contents.utf8), to: baselinePath)
            written.append(baselinePath)
        }
        try AtomicFile.write(Data(text.utf8), to: path)
        return [path] + written
    }
}
