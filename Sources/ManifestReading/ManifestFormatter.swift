import Diagnostics
import Output
import PackageModel

/// Prints a ``Manifest`` as the documented JSON (docs/manifest-json.md) or as a summary for people.
public enum ManifestFormatter {
    public static func json(_ manifest: Manifest) -> String {
        jsonValue(manifest).rendered()
    }

    /// Several manifests as one JSON array.
    public static func json(_ manifests: [Manifest]) -> String {
        JSONValue.array(manifests.map(jsonValue)).rendered()
    }

    static func jsonValue(_ manifest: Manifest) -> JSONValue {
        .object([
            ("manifest", .string(manifest.manifestFile)),
            ("reader", .string(manifest.reader.rawValue)),
            ("name", .string(manifest.name)),
            ("toolsVersion", .string(manifest.toolsVersion.description)),
            ("defaultLocalization", manifest.defaultLocalization.map(JSONValue.string) ?? .null),
            ("dependencies", .array(manifest.dependencies.map { dependency in
                .object([
                    ("identity", .string(dependency.identity)),
                    ("kind", .string(dependency.kind.rawValue)),
                    ("location", .string(dependency.location)),
                    ("name", dependency.name.map(JSONValue.string) ?? .null),
                    ("line", dependency.position.map { .int($0.line) } ?? .null),
                    ("column", dependency.position.map { .int($0.column) } ?? .null),
                ])
            })),
            ("products", .array(manifest.products.map { product in
                .object([
                    ("name", .string(product.name)),
                    ("type", .string(product.type.rawValue)),
                    ("linkage", product.linkage.map { .string($0.rawValue) } ?? .null),
                    ("targets", .array(product.targets.map(JSONValue.string))),
                ])
            })),
            ("targets", .array(manifest.targets.map { target in
                .object([
                    ("name", .string(target.name)),
                    ("type", .string(target.type.rawValue)),
                    ("path", target.path.map(JSONValue.string) ?? .null),
                    ("sources", target.sources.map { .array($0.map(JSONValue.string)) } ?? .null),
                    ("exclude", .array(target.exclude.map(JSONValue.string))),
                    ("dependencies", .array(target.dependencies.map { dependency in
                        .object([
                            ("kind", .string(dependency.kind.rawValue)),
                            ("name", .string(dependency.name)),
                            ("package", dependency.package.map(JSONValue.string) ?? .null),
                            ("platforms", dependency.platforms.map { .array($0.map(JSONValue.string)) } ?? .null),
                            ("traits", dependency.traits.map { .array($0.map(JSONValue.string)) } ?? .null),
                            ("line", dependency.position.map { .int($0.line) } ?? .null),
                            ("column", dependency.position.map { .int($0.column) } ?? .null),
                        ])
                    })),
                ])
            })),
        ])
    }

    public static func text(_ manifest: Manifest) -> String {
        var lines = ["\(manifest.name) (\(manifest.manifestFile), tools \(manifest.toolsVersion), read by \(manifest.reader.rawValue))"]
        if !manifest.dependencies.isEmpty {
            lines.append("packages:")
            for dependency in manifest.dependencies {
                lines.append("  \(dependency.identity)  \(dependency.location)  [\(dependency.kind.rawValue)]\(positionText(dependency.position))")
            }
        }
        if !manifest.products.isEmpty {
            lines.append("products:")
            for product in manifest.products {
                let kind = product.linkage.map { "\(product.type.rawValue), \($0.rawValue)" } ?? product.type.rawValue
                lines.append("  \(product.name) (\(kind)): \(product.targets.joined(separator: ", "))")
            }
        }
        lines.append("targets:")
        for target in manifest.targets {
            lines.append("  \(target.name) (\(target.type.rawValue))\(positionText(target.position))")
            for dependency in target.dependencies {
                var entry = "    -> \(dependency.name)"
                if let package = dependency.package { entry += " from \(package)" }
                if dependency.kind != .byName { entry += " [\(dependency.kind.rawValue)]" }
                if let platforms = dependency.platforms { entry += " on \(platforms.joined(separator: ", "))" }
                if let traits = dependency.traits { entry += " with traits \(traits.joined(separator: ", "))" }
                lines.append(entry + positionText(dependency.position))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func positionText(_ position: SourcePosition?) -> String {
        position.map { "  (line \($0.line))" } ?? ""
    }
}
