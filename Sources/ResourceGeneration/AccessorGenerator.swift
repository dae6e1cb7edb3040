import Diagnostics
import Foundation
import Output
import Stencil
import Templates

/// Renders a target's ``ResourceInventory`` as Swift through the `resources/ResourceAccessors.swift.stencil`
/// template (built in, or from a team's own template folder).
public struct AccessorGenerator {
    public static let templateName = "resources/ResourceAccessors.swift.stencil"

    /// Templates by path; the built-in ones unless a folder replaces them.
    public var templates: [String: String]

    public init(templateDirectory: String? = nil) throws {
        var templates = EmbeddedTemplates.files
        if let templateDirectory {
            let path = (templateDirectory as NSString).appendingPathComponent(Self.templateName)
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw InputError("no \(Self.templateName) in the template folder", at: FileLocation(path: templateDirectory))
            }
            templates[Self.templateName] = text
        }
        self.templates = templates
    }

    /// The Swift source, and warnings about names that collided.
    public func generate(_ inventory: ResourceInventory, manifestPath: String) throws -> (source: String, warnings: [ResourceDiagnostic]) {
        var warnings: [ResourceDiagnostic] = []
        func identifiers(_ names: [String], sources: [String], kind: String) -> [String] {
            let (unique, collisions) = IdentifierNaming.unique(names.map(IdentifierNaming.lowerCamelCase))
            for collision in collisions {
                let described = collision.indices.map { "\(sources[$0]) → \(unique[$0])" }.joined(separator: ", ")
                warnings.append(ResourceDiagnostic(
                    severity: .warning,
                    message: "\(kind) names collide as '\(collision.name)'; numbered in bundle order: \(described)",
                    location: FileLocation(path: manifestPath)))
            }
            return unique
        }
        let files = inventory.files
        let fileIdentifiers = identifiers(files.map(\.bundlePath), sources: files.map(\.bundlePath), kind: "file")
        let imageIdentifiers = identifiers(inventory.images.map(\.name), sources: inventory.images.map { image in image.catalog.map { "\($0)/\(image.name)" } ?? (image.file?.bundlePath ?? image.name) }, kind: "image")
        let colorIdentifiers = identifiers(inventory.colors.map(\.name), sources: inventory.colors.map { "\($0.catalog)/\($0.name)" }, kind: "color")
        let nibIdentifiers = identifiers(inventory.nibs, sources: inventory.nibs, kind: "nib")
        let storyboardIdentifiers = identifiers(inventory.storyboards, sources: inventory.storyboards, kind: "storyboard")
        let fontIdentifiers = identifiers(inventory.fonts.map(\.bundlePath), sources: inventory.fonts.map(\.bundlePath), kind: "font")
        let tableTypeNames = IdentifierNaming.unique(inventory.strings.map { Self.typeName($0.name) }).names

        let context: [String: Any] = [
            "target": inventory.targetName,
            "enumName": Self.typeName(inventory.targetName) + "Resources",
            "hasPlurals": inventory.strings.contains { $0.keys.contains(where: \.isPlural) },
            "files": zip(files, fileIdentifiers).map { file, identifier in
                ["identifier": identifier, "nameLiteral": Self.literal(file.name), "extLiteral": Self.literal(file.ext),
                 "subdirectoryLiteral": Self.literal(file.subdirectory),
                 "initializer": "File(name: \(Self.literal(file.name)), ext: \(Self.literal(file.ext)), subdirectory: \(Self.literal(file.subdirectory)))"]
            },
            "images": zip(inventory.images, imageIdentifiers).map { image, identifier in
                ["identifier": identifier, "nameLiteral": Self.literal(image.name), "catalogLiteral": Self.literal(image.catalog),
                 "initializer": "ImageResource(name: \(Self.literal(image.name)), catalog: \(Self.literal(image.catalog)))"]
            },
            "colors": zip(inventory.colors, colorIdentifiers).map { color, identifier in
                ["identifier": identifier, "nameLiteral": Self.literal(color.name), "catalogLiteral": Self.literal(color.catalog)]
            },
            "nibs": zip(inventory.nibs, nibIdentifiers).map { ["identifier": $1, "nameLiteral": Self.literal($0)] },
            "storyboards": zip(inventory.storyboards, storyboardIdentifiers).map { ["identifier": $1, "nameLiteral": Self.literal($0)] },
            "fonts": zip(inventory.fonts, fontIdentifiers).map { font, identifier in
                ["identifier": identifier, "nameLiteral": Self.literal(font.name), "extLiteral": Self.literal(font.ext)]
            },
            "tables": zip(inventory.strings, tableTypeNames).map { table, typeName in
                let keyIdentifiers = identifiers(table.keys.map(\.key), sources: table.keys.map { "\(table.name): \($0.key)" }, kind: "string key")
                return [
                    "typeName": typeName, "nameLiteral": Self.literal(table.name),
                    "keys": zip(table.keys, keyIdentifiers).map { key, identifier in
                        let names = key.arguments.indices.map { "p\($0 + 1)" }
                        return [
                            "identifier": identifier, "keyLiteral": Self.literal(key.key),
                            "parameters": zip(names, key.arguments).map { "_ \($0): \($1.rawValue)" }.joined(separator: ", "),
                            "arguments": names.joined(separator: ", "),
                            "lookup": key.isPlural ? "pluralFormat" : "localized",
                        ]
                    },
                ] as [String: Any]
            },
        ]
        let environment = Environment(loader: DictionaryLoader(templates: templates), trimBehaviour: .smart)
        do {
            let rendered = try environment.renderTemplate(name: Self.templateName, context: TemplateValue.wrap(context) as? [String: Any] ?? context)
            return (Self.normalized(rendered), warnings)
        } catch {
            throw InputError("cannot render the resources template: \(error)", at: FileLocation(path: Self.templateName))
        }
    }

    /// One trailing newline, no trailing spaces: byte-identical output whatever the template's whitespace.
    public static func normalized(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var line = Substring(line)
            while line.last == " " || line.last == "\t" { line = line.dropLast() }
            return String(line)
        }
        var result = lines.joined(separator: "\n")
        while result.hasSuffix("\n\n") { result.removeLast() }
        if !result.hasSuffix("\n") { result += "\n" }
        return result
    }

    /// `NXUI` → `NXUI`, `my-target` → `MyTarget`.
    public static func typeName(_ name: String) -> String {
        let camel = IdentifierNaming.lowerCamelCase(name).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        guard let first = camel.first else { return "_" }
        if name.first?.isUppercase == true, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { return name }
        return first.uppercased() + camel.dropFirst()
    }

    /// A Swift string literal (or `nil`).
    static func literal(_ text: String?) -> String {
        guard let text else { return "nil" }
        return SwiftLiteral.string(text)
    }
}

/// A template variable Stencil resolves by name without converting it. Stencil re-normalizes (and on Linux
/// bridges) plain dictionaries on every lookup, which made a 5,000-resource target take seconds.
final class TemplateValue: DynamicMemberLookup {
    let fields: [String: Any]

    init(_ fields: [String: Any]) {
        self.fields = fields
    }

    subscript(dynamicMember member: String) -> Any? {
        fields[member]
    }

    /// Dictionaries below the top level become `TemplateValue`s, arrays stay arrays.
    static func wrap(_ value: Any, topLevel: Bool = true) -> Any {
        if let dictionary = value as? [String: Any] {
            let wrapped = dictionary.mapValues { wrap($0, topLevel: false) }
            return topLevel ? wrapped : TemplateValue(wrapped)
        }
        if let array = value as? [Any] {
            return array.map { wrap($0, topLevel: false) }
        }
        return value
    }
}
