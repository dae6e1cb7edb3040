import Diagnostics

/// What the accessors template sees, typed: the target, and for each kind of resource its Swift identifier and the
/// literals that name it. Turned into Stencil's values only at the boundary (``templateValues``).
struct AccessorContext {
    struct File {
        var identifier: String
        var name: String
        var ext: String?
        var subdirectory: String?
    }

    struct Image {
        var identifier: String
        var name: String
        var catalog: String?
    }

    struct Named {
        var identifier: String
        var name: String
        var catalog: String?
        var ext: String?
    }

    struct Table {
        var typeName: String
        var name: String
        var keys: [Key]
    }

    struct Key {
        var identifier: String
        var key: String
        var arguments: [FormatSpecifiers.ArgumentType]
        var isPlural: Bool
    }

    var target: String
    var enumName: String
    var hasPlurals: Bool
    var files: [File]
    var images: [Image]
    var colors: [Named]
    var nibs: [Named]
    var storyboards: [Named]
    var fonts: [Named]
    var tables: [Table]

    init(_ inventory: ResourceInventory, naming: inout AccessorNaming) {
        target = inventory.targetName
        enumName = AccessorGenerator.typeName(inventory.targetName) + "Resources"
        hasPlurals = inventory.strings.contains { $0.keys.contains(where: \.isPlural) }
        let files = inventory.files
        self.files = zip(files, naming.identifiers(files.map(\.bundlePath), sources: files.map(\.bundlePath), kind: "file")).map {
            File(identifier: $1, name: $0.name, ext: $0.ext, subdirectory: $0.subdirectory)
        }
        let imageSources = inventory.images.map { image in image.catalog.map { "\($0)/\(image.name)" } ?? (image.file?.bundlePath ?? image.name) }
        images = zip(inventory.images, naming.identifiers(inventory.images.map(\.name), sources: imageSources, kind: "image")).map {
            Image(identifier: $1, name: $0.name, catalog: $0.catalog)
        }
        colors = zip(inventory.colors, naming.identifiers(inventory.colors.map(\.name), sources: inventory.colors.map { "\($0.catalog)/\($0.name)" }, kind: "color"))
            .map { Named(identifier: $1, name: $0.name, catalog: $0.catalog) }
        nibs = zip(inventory.nibs, naming.identifiers(inventory.nibs, sources: inventory.nibs, kind: "nib")).map { Named(identifier: $1, name: $0) }
        storyboards = zip(inventory.storyboards, naming.identifiers(inventory.storyboards, sources: inventory.storyboards, kind: "storyboard"))
            .map { Named(identifier: $1, name: $0) }
        fonts = zip(inventory.fonts, naming.identifiers(inventory.fonts.map(\.bundlePath), sources: inventory.fonts.map(\.bundlePath), kind: "font"))
            .map { Named(identifier: $1, name: $0.name, ext: $0.ext) }
        tables = zip(inventory.strings, IdentifierNaming.unique(inventory.strings.map { AccessorGenerator.typeName($0.name) }).names).map { table, typeName in
            let identifiers = naming.identifiers(table.keys.map(\.key), sources: table.keys.map { "\(table.name): \($0.key)" }, kind: "string key")
            return Table(typeName: typeName, name: table.name, keys: zip(table.keys, identifiers).map {
                Key(identifier: $1, key: $0.key, arguments: $0.arguments, isPlural: $0.isPlural)
            })
        }
    }

    /// Stencil's values: literals written as Swift, each variable a name the template uses.
    var templateValues: [String: Any] {
        let literal = AccessorGenerator.literal
        let values: [String: Any] = [
            "target": target, "enumName": enumName, "hasPlurals": hasPlurals,
            "files": files.map { file -> [String: Any] in
                ["identifier": file.identifier, "nameLiteral": literal(file.name), "extLiteral": literal(file.ext),
                 "subdirectoryLiteral": literal(file.subdirectory),
                 "initializer": "File(name: \(literal(file.name)), ext: \(literal(file.ext)), subdirectory: \(literal(file.subdirectory)))"]
            },
            "images": images.map { image -> [String: Any] in
                ["identifier": image.identifier, "nameLiteral": literal(image.name), "catalogLiteral": literal(image.catalog),
                 "initializer": "ImageResource(name: \(literal(image.name)), catalog: \(literal(image.catalog)))"]
            },
            "colors": colors.map { ["identifier": $0.identifier, "nameLiteral": literal($0.name), "catalogLiteral": literal($0.catalog)] },
            "nibs": nibs.map { ["identifier": $0.identifier, "nameLiteral": literal($0.name)] },
            "storyboards": storyboards.map { ["identifier": $0.identifier, "nameLiteral": literal($0.name)] },
            "fonts": fonts.map { ["identifier": $0.identifier, "nameLiteral": literal($0.name), "extLiteral": literal($0.ext)] },
            "tables": tables.map { table -> [String: Any] in
                ["typeName": table.typeName, "nameLiteral": literal(table.name), "keys": table.keys.map(Self.values)]
            },
        ]
        return TemplateValue.wrap(values) as? [String: Any] ?? values
    }

    private static func values(_ key: Key) -> [String: Any] {
        let names = key.arguments.indices.map { "p\($0 + 1)" }
        return [
            "identifier": key.identifier, "keyLiteral": AccessorGenerator.literal(key.key),
            "parameters": zip(names, key.arguments).map { "_ \($0): \($1.rawValue)" }.joined(separator: ", "),
            "arguments": names.joined(separator: ", "),
            "lookup": key.isPlural ? "pluralFormat" : "localized",
        ]
    }
}

extension AccessorContext.Named {
    init(identifier: String, name: String) {
        self.init(identifier: identifier, name: name, catalog: nil, ext: nil)
    }

    init(identifier: String, name: String, catalog: String?) {
        self.init(identifier: identifier, name: name, catalog: catalog, ext: nil)
    }

    init(identifier: String, name: String, ext: String?) {
        self.init(identifier: identifier, name: name, catalog: nil, ext: ext)
    }
}

/// Unique Swift identifiers for resource names, and a warning for each set of names that collide.
struct AccessorNaming {
    let manifestPath: String
    var warnings: [ResourceDiagnostic] = []

    mutating func identifiers(_ names: [String], sources: [String], kind: String) -> [String] {
        let (unique, collisions) = IdentifierNaming.unique(names.map(IdentifierNaming.lowerCamelCase))
        for collision in collisions {
            let described = collision.indices.map { "\(sources[$0]) → \(unique[$0])" }.joined(separator: ", ")
            warnings.append(ResourceDiagnostic(severity: .warning, message: "\(kind) names collide as '\(collision.name)'; numbered in bundle order: \(described)",
                                               location: FileLocation(path: manifestPath)))
        }
        return unique
    }
}
