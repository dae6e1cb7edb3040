import SwiftSyntax

/// A type the evaluated code declares or extends (`enum Feature: String, CaseIterable`, `struct TargetSpec`,
/// `extension TargetDependency { enum SPM { … } }`), with what evaluation needs of it: its cases, stored properties,
/// initializers, and static and instance members. Nested types are named with their parents (`TargetDependency.SPM`).
public struct DeclaredType {
    public enum Kind: Sendable {
        case `enum`, `struct`, `class`, `protocol`
        /// Only extended here (a ProjectDescription or standard library type).
        case extended
    }

    /// A case of an enum, with its raw value's expression and its associated values' labels and types.
    struct Case {
        var name: String
        var rawValue: ExprSyntax?
        var associated: [(label: String?, type: TypeReference?)]
    }

    /// A stored property, with its declared type and initial value.
    struct Stored {
        var name: String
        var type: TypeReference?
        var initial: ExprSyntax?
        var isMutable: Bool
    }

    public var name: String
    public var kind: Kind
    var cases: [Case] = []
    /// The type of its raw values (`String`, `Int`), when it has them.
    var rawType: String?
    var stored: [Stored] = []
    var initializers: [InitializerDeclSyntax] = []
    var staticMembers: [String: [Callable]] = [:]
    var instanceMembers: [String: [Callable]] = [:]
    /// Protocols it conforms to (and types it inherits from), as written.
    var conformances: [String] = []

    init(name: String, kind: Kind) {
        self.name = name
        self.kind = kind
    }

    func `case`(named name: String) -> Case? {
        cases.first { $0.name == name }
    }

    var isCaseIterable: Bool { conformances.contains("CaseIterable") }
}

/// A type as written in a declaration, enough to give an implicit member (`.feature`) its type: a name (resolved against
/// the declared types), an array, a set, an optional, a dictionary or a metatype.
indirect enum TypeReference: Sendable, CustomStringConvertible {
    case named(String)
    case array(TypeReference)
    case optional(TypeReference)
    case dictionary(TypeReference, TypeReference)
    case metatype(TypeReference)

    init?(_ syntax: TypeSyntax?) {
        guard let syntax else { return nil }
        if let identifier = syntax.as(IdentifierTypeSyntax.self) {
            let arguments = identifier.genericArgumentClause?.arguments.compactMap { TypeReference($0.argument.as(TypeSyntax.self)) } ?? []
            switch (identifier.name.text, arguments.count) {
            case ("Array", 1), ("Set", 1): self = .array(arguments[0])
            case ("Optional", 1): self = .optional(arguments[0])
            case ("Dictionary", 2): self = .dictionary(arguments[0], arguments[1])
            default: self = .named(identifier.name.text)
            }
        } else if let member = syntax.as(MemberTypeSyntax.self) {
            self = .named(SyntaxText.withoutSpaces(member))
        } else if let array = syntax.as(ArrayTypeSyntax.self), let element = TypeReference(array.element) {
            self = .array(element)
        } else if let dictionary = syntax.as(DictionaryTypeSyntax.self), let key = TypeReference(dictionary.key), let value = TypeReference(dictionary.value) {
            self = .dictionary(key, value)
        } else if let optional = syntax.as(OptionalTypeSyntax.self), let wrapped = TypeReference(optional.wrappedType) {
            self = .optional(wrapped)
        } else if let optional = syntax.as(ImplicitlyUnwrappedOptionalTypeSyntax.self), let wrapped = TypeReference(optional.wrappedType) {
            self = .optional(wrapped)
        } else if let metatype = syntax.as(MetatypeTypeSyntax.self), let base = TypeReference(metatype.baseType) {
            self = .metatype(base)
        } else if let someOrAny = syntax.as(SomeOrAnyTypeSyntax.self), let constraint = TypeReference(someOrAny.constraint) {
            self = constraint
        } else if let attributed = syntax.as(AttributedTypeSyntax.self), let base = TypeReference(attributed.baseType) {
            self = base
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case .named(let name): return name
        case .array(let element): return "[\(element)]"
        case .optional(let wrapped): return "\(wrapped)?"
        case .dictionary(let key, let value): return "[\(key): \(value)]"
        case .metatype(let base): return "\(base).Type"
        }
    }
}

/// Every type the evaluated files declare or extend, by qualified name, with indexes by member name for implicit member
/// expressions (`.feature(target: .Home)`), whose type Swift takes from the context.
final class TypeTable {
    private(set) var types: [String: DeclaredType] = [:]
    /// Qualified names by last component (`SPM` → `TargetDependency.SPM`).
    private(set) var bySimpleName: [String: [String]] = [:]
    /// Types with a static member of that name.
    private(set) var staticOwners: [String: Set<String>] = [:]

    func type(_ name: String) -> DeclaredType? {
        types[name]
    }

    /// Adds a type's declaration or an extension's members to the table.
    func update(_ name: String, kind: DeclaredType.Kind, _ change: (inout DeclaredType) -> Void) {
        if types[name] == nil {
            bySimpleName[String(name.split(separator: ".").last ?? Substring(name)), default: []].append(name)
        }
        // Changed in place: a copy of the type would copy its member tables on every member added.
        let membersBefore = types[name]?.staticMembers.count ?? 0
        update(&types[name, default: DeclaredType(name: name, kind: kind)], kind: kind, change)
        if let members = types[name]?.staticMembers, members.count != membersBefore {
            for member in members.keys { staticOwners[member, default: []].insert(name) }
        }
        conformanceCache = [:]
        casesIndex = nil
    }

    private func update(_ type: inout DeclaredType, kind: DeclaredType.Kind, _ change: (inout DeclaredType) -> Void) {
        if type.kind == .extended, kind != .extended { type.kind = kind }
        change(&type)
    }

    /// Type aliases by qualified name (`Dep` → `TargetDependency` for `typealias Dep = TargetDependency`).
    private(set) var aliases: [String: String] = [:]

    func alias(_ name: String, to type: String) {
        guard name != type else { return }
        aliases[name] = type
    }

    /// The name written with a type alias it starts with replaced by the type it names (`Dep.Modules` is
    /// `TargetDependency.Modules`), an alias nested in `context` or its parents first; as written when it starts with none.
    func unaliased(_ written: String, from context: String? = nil) -> String {
        guard !aliases.isEmpty else { return written }
        var result = written
        // An alias may name another alias; a cycle (`typealias A = B`, `typealias B = A`) stops after a few steps.
        for _ in 0..<8 {
            let head = String(result.prefix { $0 != "." })
            let rest = result.dropFirst(head.count)
            var scope = context
            var target: String?
            while let current = scope, target == nil {
                target = aliases[current + "." + head]
                scope = current.contains(".") ? String(current[..<(current.lastIndex(of: ".") ?? current.endIndex)]) : nil
            }
            guard let found = target ?? aliases[head] else { return result }
            result = found + rest
        }
        return result
    }

    /// The qualified name a type written in the context of `context` (a qualified type, or nil at the top level) names:
    /// a type alias replaced by its type, then nested types first (`Feature` inside `ModulePaths` is
    /// `ModulePaths.Feature`), then the top level, then (a qualified name only) the only type whose name ends with it;
    /// nil when no declared or extended type has it. As in Swift, a simple name never names a type nested in a type
    /// outside its context: `Project` inside `extension Project` (or at the top level) is the API's `Project`, not a
    /// plug-in's `TargetDependency.Project`.
    func resolve(_ written: String, from context: String?) -> String? {
        let written = unaliased(written, from: context)
        if types[written] != nil, !written.contains(".") || context == nil { return written }
        var scope = context
        while let current = scope {
            if types[current + "." + written] != nil { return current + "." + written }
            scope = current.contains(".") ? String(current[..<(current.lastIndex(of: ".") ?? current.endIndex)]) : nil
        }
        if types[written] != nil { return written }
        guard written.contains(".") else { return nil }
        let last = String(written.split(separator: ".").last ?? Substring(written))
        let candidates = (bySimpleName[last] ?? []).filter { $0.hasSuffix("." + written) }
        return candidates.count == 1 ? candidates[0] : nil
    }

    private var conformanceCache: [String: [String]] = [:]
    private var casesIndex: [String: [String]]?

    /// The types a type conforms to that are declared or extended here, transitively (protocol extensions' members).
    func conformances(of name: String) -> [String] {
        if let cached = conformanceCache[name] { return cached }
        let found = computeConformances(of: name)
        conformanceCache[name] = found
        return found
    }

    private func computeConformances(of name: String) -> [String] {
        var result: [String] = []
        var pending = types[name]?.conformances ?? []
        while let next = pending.first {
            pending.removeFirst()
            guard let resolved = resolve(next, from: nil), !result.contains(resolved), resolved != name else { continue }
            result.append(resolved)
            pending += types[resolved]?.conformances ?? []
        }
        return result
    }

    /// Nested types whose last name is `name` (`.Core` in `.Core.networking`): the candidates an implicit member names.
    func nestedTypes(named name: String) -> [String] {
        (bySimpleName[name] ?? []).filter { $0.contains(".") }
    }

    /// Enums that have a case of that name.
    func enums(withCase name: String) -> [String] {
        if casesIndex == nil {
            var index: [String: [String]] = [:]
            for type in types.values where type.kind == .enum {
                for found in type.cases { index[found.name, default: []].append(type.name) }
            }
            casesIndex = index.mapValues { $0.sorted() }
        }
        return casesIndex?[name] ?? []
    }

    /// The types with a static member of that name.
    func owners(ofStatic name: String) -> [String] {
        (staticOwners[name] ?? []).sorted()
    }
}
