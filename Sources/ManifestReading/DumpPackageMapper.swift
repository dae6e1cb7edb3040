import Diagnostics
import Foundation
import Paths
import PackageModel

/// Maps the JSON of `swift package dump-package` to a ``Manifest``.
struct DumpPackageMapper {
    var manifestPath: String
    var packageDirectory: String
    var toolsVersion: ToolsVersion

    private var location: FileLocation { FileLocation(path: manifestPath) }

    func map(_ data: Data) throws -> Manifest {
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else {
            throw InputError("swift package dump-package printed something that is not a JSON object", at: location)
        }
        guard let name = root["name"] as? String else { throw malformed("name") }
        let dependencies = try (root["dependencies"] as? [[String: Any]] ?? []).map(packageDependency)
        let products = try (root["products"] as? [[String: Any]] ?? []).map(product)
        let targets = try (root["targets"] as? [[String: Any]] ?? []).map(target)
        var toolsVersion = self.toolsVersion
        if let version = (root["toolsVersion"] as? [String: Any])?["_version"] as? String, let parsed = ToolsVersion(string: version) {
            toolsVersion = parsed
        }
        var manifest = Manifest(
            manifestFile: (manifestPath as NSString).lastPathComponent, reader: .swiftpm, name: name,
            toolsVersion: toolsVersion, dependencies: dependencies, products: products, targets: targets
        )
        manifest.defaultLocalization = root["defaultLocalization"] as? String
        return manifest
    }

    private func malformed(_ what: String) -> InputError {
        InputError("unexpected dump-package JSON: cannot read \(what)", at: location)
    }

    private func packageDependency(_ json: [String: Any]) throws -> PackageDependency {
        guard let (kindName, payload) = json.first, let details = (payload as? [Any])?.first as? [String: Any],
              let identity = details["identity"] as? String else { throw malformed("a package dependency") }
        var dependency = try packageDependency(kindName, identity: identity, details: details)
        dependency.name = details["nameForTargetDependencyResolutionOnly"] as? String
        return dependency
    }

    private func packageDependency(_ kindName: String, identity: String, details: [String: Any]) throws -> PackageDependency {
        switch kindName {
        case "sourceControl":
            let locationJSON = details["location"] as? [String: Any]
            let remote = ((locationJSON?["remote"] as? [Any])?.first as? [String: Any])?["urlString"] as? String
            let local = (locationJSON?["local"] as? [Any])?.first as? String
            return PackageDependency(identity: identity, kind: .sourceControl, location: remote ?? local ?? identity)
        case "fileSystem":
            let path = details["path"] as? String ?? identity
            return PackageDependency(identity: identity, kind: .fileSystem, location: relativePath(path))
        case "registry":
            return PackageDependency(identity: identity, kind: .registry, location: identity)
        default:
            throw malformed("package dependency kind '\(kindName)'")
        }
    }

    /// SwiftPM prints absolute paths; show them relative to the package like the manifest does.
    private func relativePath(_ path: String) -> String {
        PathArithmetic.relative(URL(fileURLWithPath: path).standardizedFileURL.path,
                                to: URL(fileURLWithPath: packageDirectory).standardizedFileURL.path)
    }

    private func product(_ json: [String: Any]) throws -> Product {
        guard let name = json["name"] as? String, let type = json["type"] as? [String: Any], let kindName = type.keys.first,
              let kind = Product.Kind(rawValue: kindName) else { throw malformed("a product") }
        let linkage = (type["library"] as? [String])?.first.flatMap(Product.Linkage.init(rawValue:))
        return Product(name: name, type: kind, targets: json["targets"] as? [String] ?? [], linkage: linkage)
    }

    private func target(_ json: [String: Any]) throws -> Target {
        guard let name = json["name"] as? String, let typeName = json["type"] as? String,
              let type = Target.Kind(rawValue: typeName) else { throw malformed("a target") }
        let dependencies = try (json["dependencies"] as? [[String: Any]] ?? []).map(targetDependency)
        let resources: [TargetResource] = (json["resources"] as? [[String: Any]] ?? []).compactMap { resource in
            guard let path = resource["path"] as? String, let ruleName = (resource["rule"] as? [String: Any])?.keys.first,
                  let rule = TargetResource.Rule(rawValue: ruleName) else { return nil }
            return TargetResource(rule: rule, path: path)
        }
        var target = Target(name: name, type: type, dependencies: dependencies, path: json["path"] as? String, resources: resources)
        target.sources = json["sources"] as? [String]
        target.exclude = json["exclude"] as? [String] ?? []
        target.plugins = (json["pluginUsages"] as? [[String: Any]] ?? []).map { usage in
            ((usage["plugin"] as? [Any])?.first as? String) ?? "?"
        }
        return target
    }

    private func targetDependency(_ json: [String: Any]) throws -> TargetDependency {
        guard let (kindName, payload) = json.first, let values = payload as? [Any], let name = values.first as? String,
              let kind = TargetDependency.Kind(rawValue: kindName) else { throw malformed("a target dependency") }
        var dependency = TargetDependency(kind: kind, name: name)
        var condition: [String: Any]?
        switch kind {
        case .product:
            dependency.package = values.count > 1 ? values[1] as? String : nil
            condition = values.count > 3 ? values[3] as? [String: Any] : nil
        case .target, .byName:
            condition = values.count > 1 ? values[1] as? [String: Any] : nil
        }
        if let condition {
            dependency.platforms = (condition["platformNames"] as? [String]).flatMap { $0.isEmpty ? nil : $0 }
            dependency.traits = (condition["traits"] as? [String])?.sorted()
        }
        return dependency
    }
}
