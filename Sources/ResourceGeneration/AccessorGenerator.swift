import Diagnostics
import Files
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

    public init(templateDirectory: String? = nil, fileSystem: any FileSystem = DiskFileSystem()) throws {
        var templates = EmbeddedTemplates.files
        if let templateDirectory {
            let path = (templateDirectory as NSString).appendingPathComponent(Self.templateName)
            guard let text = fileSystem.text(of: path) else {
                throw InputError("no \(Self.templateName) in the template folder", at: FileLocation(path: templateDirectory))
            }
            templates[Self.templateName] = text
        }
        self.templates = templates
    }

    /// The Swift source, and warnings about names that collided.
    public func generate(_ inventory: ResourceInventory, manifestPath: String) throws -> (source: String, warnings: [ResourceDiagnostic]) {
        var naming = AccessorNaming(manifestPath: manifestPath)
        let context = AccessorContext(inventory, naming: &naming)
        let environment = Environment(loader: DictionaryLoader(templates: templates), trimBehaviour: .smart)
        do {
            let rendered = try environment.renderTemplate(name: Self.templateName, context: context.templateValues)
            return (Self.normalized(rendered), naming.warnings)
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
