import Configuration
import Diagnostics
import Files
import Foundation
import Output
import PackageModel
import Paths
import Rules

/// `componentize init`: a commented componentize.yml for a preset.
public struct ConfigurationWriter {
    public var preset: Preset
    public var prefix: String

    public init(preset: Preset, prefix: String) {
        self.preset = preset
        self.prefix = prefix
    }

    public func render() throws -> String {
        let model = preset.model
        let context: [String: Any] = [
            "preset": preset.rawValue,
            "prefix": prefix,
            "layers": model.layers.map { layer -> [String: Any] in
                var members = layer.members.map { "\"\($0.pattern)\"" }
                if !prefix.isEmpty, layer.name == model.layers.last?.name { members.insert("\"\(prefix)*\"", at: 0) }
                return [
                    "name": layer.name,
                    "members": members.joined(separator: ", "),
                    "independent": layer.independent,
                    "interfaces": layer.interfacePattern ?? "",
                    "defaults": layer.defaultDependencies.joined(separator: ", "),
                ]
            },
            "thirdPartyLayers": model.thirdParty.layers.joined(separator: ", "),
            "testSupport": model.testSupport.map { "\"\($0.pattern)\"" }.joined(separator: ", "),
        ]
        return try TemplateLibrary().render("init/componentize.yml.stencil", context: context)
    }

    /// Writes `<root>/componentize.yml`; refuses to replace an existing one, or to add one below a configuration that
    /// already governs `root` (up to the folder holding `.git`).
    public func write(root: String) throws -> String {
        let path = PathArithmetic.join(root, ConfigurationLoader.fileName)
        try Self.checkCanWrite(root: root, path: path)
        let text = try render()
        try AtomicFile.write(Data(text.utf8), to: path)
        return path
    }

    /// Refuses a missing folder, an existing configuration, and a folder another configuration already governs; asks
    /// `fileSystem` as it is now (the disk, uncached).
    static func checkCanWrite(root: String, path: String, fileSystem: any FileSystem = DiskFileSystem()) throws {
        guard fileSystem.isFolder(root) else {
            throw InputError("no such folder: create it first, or run init in the repository's root", at: FileLocation(path: root))
        }
        if fileSystem.status(of: path).exists {
            throw InputError("componentize.yml already exists; init never overwrites it (edit it, or remove it first)", at: FileLocation(path: path))
        }
        if let governing = try ConfigurationSearch.governing(root, loader: ConfigurationLoader(knownRules: RuleRegistry.identifiers), fileSystem: fileSystem) {
            throw InputError("this folder is already governed by \(PathArithmetic.join(governing.root, ConfigurationLoader.fileName)); one configuration per repository (edit that one, or use --config)",
                             at: FileLocation(path: path))
        }
    }
}
