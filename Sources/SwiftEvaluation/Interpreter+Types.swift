import SwiftSyntax

/// The types the description declares: their members read and called, implicit members (`.feature(.home)`) given the
/// type their context names, and values made of them (cases, instances).
extension Interpreter {
    // MARK: - Implicit members

    /// `.name` or `.name(arguments)` with no type written: an implicit object, given its type where a context names one
    /// (``coerce(_:to:at:)``: a declared parameter, property or variable, a case's associated value, the API's argument,
    /// the other side of `==`), or read as a member of the one declared type that has it (``memberOfDeclared``). Never
    /// resolved by its name alone: `.app` is `Product.app` in `product:`, whatever else a helper names `app`.
    func implicitMember(_ name: String, arguments: [(label: String?, value: Value)]?, at node: some SyntaxProtocol) -> Value {
        let object = ManifestObject(kind: name, arguments: typedArguments(arguments ?? [], at: node), position: objectPosition(of: node))
        object.isImplicit = true
        object.file = callSites.isEmpty ? file(of: node) : nil
        return .object(object)
    }

    /// An API call's arguments given the types the reader's policy names for their labels.
    func typedArguments(_ arguments: [(label: String?, value: Value)], at node: some SyntaxProtocol) -> [(label: String?, value: Value)] {
        guard !policy.argumentTypes.isEmpty else { return arguments }
        return arguments.map { argument in
            (argument.label, argument.label.flatMap { policy.argumentTypes[$0] }.map { coerce(argument.value, to: .parse($0), at: node) } ?? argument.value)
        }
    }

    /// An implicit member given the declared type its context names; nil when that type has no such member.
    func resolveImplicit(_ object: ManifestObject, in type: String, at node: some SyntaxProtocol) -> Value? {
        let name = object.kind, arguments = object.arguments
        if name == "init" { return construct(type, arguments, at: node) }
        if let declared = types.type(type), let enumCase = declared.case(named: name) {
            return .enumCase(EnumCase(type: type, name: name, associated: associatedValues(arguments, of: enumCase, in: type)))
        }
        // No arguments: a property (`.networking`), else a function called with none.
        if let callable = (arguments.isEmpty ? staticMember(of: type, name, labels: nil) : nil) ?? staticMember(of: type, name, labels: object.labels) {
            return invoke(callable, with: arguments, at: node)
        }
        if arguments.isEmpty, types.type(type + "." + name) != nil { return .type(type + "." + name) }
        return nil
    }

    /// An implicit object whose member is read (`.home.title`): the one declared enum with a case of its name.
    func deferredType(of object: ManifestObject) -> String? {
        guard object.isImplicit else { return nil }
        let enums = types.enums(withCase: object.kind)
        return enums.count == 1 ? enums[0] : nil
    }

    /// A value given the type a declaration names: implicit members resolved in it, through arrays, optionals and
    /// dictionaries; a case of a declared enum given where the API's type is expected is that API's member of its name.
    func coerce(_ value: Value, to reference: TypeReference?, at node: some SyntaxProtocol) -> Value {
        guard let reference else { return value }
        if case .object(let object) = value, let member = object.deferredMember, !object.spliced {
            return coerce(contextual(object, member: member, in: reference, at: node), to: reference, at: node)
        }
        switch (reference, value) {
        case (.optional(let wrapped), _):
            if case .null = value { return value }
            return coerce(value, to: wrapped, at: node)
        case (.array(let element), .array(let items)):
            return .array(items.flatMap { item -> [Value] in
                guard case .object(let object) = item, object.spliced, let member = object.deferredMember else { return [coerce(item, to: element, at: node)] }
                switch coerce(contextual(object, member: member, in: reference, at: node), to: reference, at: node) {
                case .array(let spliced): return spliced
                case let other: return [other]
                }
            })
        case (.dictionary(let key, let valueType), .dictionary(let entries)):
            return .dictionary(entries.map { (coerce($0.key, to: key, at: node), coerce($0.value, to: valueType, at: node)) })
        case (.named(let alias), .object(let object)) where object.isImplicit:
            let written = types.unaliased(alias, from: owners.last)
            guard let type = types.resolve(written, from: owners.last) else {
                guard policy.makesObject(written), object.kind == "init" else { return value }
                return .object(renamed(object, to: written))
            }
            return resolveImplicit(object, in: type, at: node) ?? value
        default:
            return value
        }
    }

    /// An implicit chain `.Nested.member` several types declare `Nested` in, read in the one the context names (the
    /// element's for an array, the wrapped one for an optional), as Swift resolves it; else declined, saying why.
    func contextual(_ object: ManifestObject, member name: String, in reference: TypeReference, at node: some SyntaxProtocol) -> Value {
        func named(_ reference: TypeReference) -> String? {
            switch reference {
            case .array(let inner), .optional(let inner): return named(inner)
            case .named(let alias):
                let written = types.unaliased(alias, from: owners.last)
                return types.resolve(written, from: owners.last) ?? written
            default: return nil
            }
        }
        // `UI.flexLayout`: the types the chain names inside the nested one, then the static member.
        let path = name.split(separator: ".").map(String.init)
        let last = path.last ?? name, inner = path.dropLast().joined(separator: ".")
        func holder(_ nested: String) -> String { inner.isEmpty ? nested : nested + "." + inner }
        let candidates = types.nestedTypes(named: object.kind).filter { nested in
            (inner.isEmpty || types.type(holder(nested)) != nil) && staticMember(of: holder(nested), last, labels: nil) != nil
        }
        if let type = named(reference), candidates.contains(type + "." + object.kind),
           let value = member(last, ofType: holder(type + "." + object.kind), at: node) {
            return value
        }
        let declaring = candidates.isEmpty ? "no type of the helpers holds" : "\(candidates.joined(separator: " and ")) declare"
        return unknown("'.\(object.kind).\(name)', which \(declaring), where the type the context names (\(reference)) is none of them", at: node)
    }

    /// `.init(…)` of an API type (`let project: Project = .init(…)`) is a call of that type.
    private func renamed(_ object: ManifestObject, to kind: String) -> ManifestObject {
        let renamed = ManifestObject(kind: kind, arguments: object.arguments, position: object.position)
        renamed.argumentPositions = object.argumentPositions
        renamed.range = object.range
        renamed.file = object.file
        return renamed
    }

    /// An enum case's associated values, each given the type its declaration names.
    func associatedValues(_ arguments: [(label: String?, value: Value)], of enumCase: DeclaredType.Case, in type: String) -> [(label: String?, value: Value)] {
        owners.append(type)
        defer { owners.removeLast() }
        return arguments.enumerated().map { index, argument in
            let declared = enumCase.associated.indices.contains(index) ? enumCase.associated[index].type : nil
            return (argument.label, coerce(argument.value, to: declared, at: SyntaxNodeAnchor.shared.node))
        }
    }

    // MARK: - Members of declared types

    /// A static member of a declared type (or of a protocol it conforms to) whose parameters accept `labels` (nil: a
    /// property).
    func staticMember(of type: String, _ name: String, labels: [String?]?) -> Callable? {
        for owner in [type] + types.conformances(of: type) {
            if let found = types.type(owner)?.staticMembers[name]?.first(where: { accepts($0, labels: labels) }) { return found }
        }
        return nil
    }

    /// An instance member of a declared type, or of a protocol it conforms to (a protocol extension's default).
    func instanceMember(of type: String, _ name: String, labels: [String?]?) -> Callable? {
        for owner in [type] + types.conformances(of: type) {
            if let found = types.type(owner)?.instanceMembers[name]?.first(where: { accepts($0, labels: labels) }) { return found }
        }
        return nil
    }

    func accepts(_ callable: Callable, labels: [String?]?) -> Bool {
        switch callable.body {
        case .computed, .closure, .expression, .keyPath: return labels == nil
        case .function(let function):
            guard let labels else { return false }
            return bind(parameters: function.signature.parameterClause.parameters, labels: labels) != nil
        case .initializer(let initializer):
            guard let labels else { return false }
            return bind(parameters: initializer.signature.parameterClause.parameters, labels: labels) != nil
        }
    }

    /// `T.name` for a declared type: `self`, `allCases`, a static property, a case without associated values, a nested
    /// type; nil when the type has none of these.
    func member(_ name: String, ofType type: String, at node: some SyntaxProtocol) -> Value? {
        if name == "self" || name == "Type" { return .type(type) }
        let declared = types.type(type)
        if name == "allCases", let declared, declared.kind == .enum {
            return .array(declared.cases.filter(\.associated.isEmpty).map { .enumCase(EnumCase(type: type, name: $0.name)) })
        }
        if let callable = staticMember(of: type, name, labels: nil) { return invoke(callable, with: [], at: node) }
        if let found = declared?.case(named: name), found.associated.isEmpty { return .enumCase(EnumCase(type: type, name: name)) }
        if types.type(type + "." + name) != nil { return .type(type + "." + name) }
        return nil
    }

    /// `T.name(arguments)` for a declared type: an initializer, a static function, a case with associated values.
    func call(_ name: String, ofType type: String, _ arguments: [(label: String?, value: Value)], at node: some SyntaxProtocol) -> Value? {
        if name == "init" { return construct(type, arguments, at: node) }
        if let callable = staticMember(of: type, name, labels: arguments.map(\.label)) { return invoke(callable, with: arguments, at: node) }
        if let found = types.type(type)?.case(named: name) {
            return .enumCase(EnumCase(type: type, name: name, associated: associatedValues(arguments, of: found, in: type)))
        }
        return nil
    }

    /// A value of a declared type made by `T(…)`: `init(rawValue:)` of an enum with raw values, an initializer the type
    /// declares, or a struct's memberwise initializer.
    func construct(_ type: String, _ arguments: [(label: String?, value: Value)], at node: some SyntaxProtocol) -> Value? {
        guard let declared = types.type(type) else { return nil }
        if declared.kind == .enum, arguments.map(\.label) == ["rawValue"] {
            if let decline = arguments[0].value.decline { return .unknown(decline) }
            for candidate in declared.cases where candidate.associated.isEmpty {
                let raw = rawValue(of: EnumCase(type: type, name: candidate.name))
                if case .bool(true) = equals(raw, arguments[0].value, at: node) { return .enumCase(EnumCase(type: type, name: candidate.name)) }
            }
            return .null
        }
        guard declared.kind == .struct || declared.kind == .class else { return nil }
        var instance = Instance(type: type, fields: [])
        owners.append(type)
        for stored in declared.stored {
            instance[stored.name] = stored.initial.map { coerce(evaluate($0, in: globals), to: stored.type, at: $0) } ?? .null
        }
        owners.removeLast()
        if let initializer = declared.initializers.first(where: { bind(parameters: $0.signature.parameterClause.parameters, labels: arguments.map(\.label)) != nil }) {
            return invoke(Callable(name: "init", body: .initializer(initializer), scope: globals, owner: type), with: arguments, at: node, receiver: .instance(instance))
        }
        guard declared.initializers.isEmpty else { return unknown("initializer of \(type) with these arguments", at: node) }
        var remaining = arguments[...]
        for stored in declared.stored where remaining.first?.label == stored.name {
            instance[stored.name] = coerce(remaining.removeFirst().value, to: stored.type, at: node)
        }
        guard remaining.isEmpty else { return unknown("memberwise initializer of \(type) with these arguments", at: node) }
        return .instance(instance)
    }

    /// The raw value of a case: the one it declares, else its name (`String` raw values) or the previous one plus one.
    func rawValue(of value: EnumCase) -> Value {
        guard let declared = types.type(value.type), let index = declared.cases.firstIndex(where: { $0.name == value.name }) else { return .null }
        if let expression = declared.cases[index].rawValue { return evaluate(expression, in: globals) }
        guard declared.rawType != "String" else { return .string(value.name) }
        guard declared.rawType == "Int" else { return .null }
        guard index > 0 else { return .int(0) }
        if case .int(let previous) = rawValue(of: EnumCase(type: value.type, name: declared.cases[index - 1].name)) { return .int(previous + 1) }
        return .null
    }

    /// A property of a value of a declared type: `rawValue`, a stored property, a computed one.
    func property(_ name: String, of value: Value, at node: some SyntaxProtocol) -> Value? {
        switch value {
        case .enumCase(let enumCase):
            if name == "rawValue" { return rawValue(of: enumCase) }
            if name == "description" { return .string(enumCase.name) }
            guard let callable = instanceMember(of: enumCase.type, name, labels: nil) else { return nil }
            return invoke(callable, with: [], at: node, receiver: value)
        case .instance(let instance):
            if let field = instance[name] { return field }
            guard let callable = instanceMember(of: instance.type, name, labels: nil) else { return nil }
            return invoke(callable, with: [], at: node, receiver: value)
        case .string:
            // A computed property of the helpers' own `extension String` (`var pascalCase: String { … }`).
            guard let callable = instanceMember(of: "String", name, labels: nil) else { return nil }
            return invoke(callable, with: [], at: node, receiver: value)
        default:
            return nil
        }
    }

    /// A method of a value of a declared type, or of a protocol it conforms to.
    func method(_ name: String, of value: Value, _ arguments: [(label: String?, value: Value)], at node: some SyntaxProtocol) -> Value? {
        let type: String
        switch value {
        case .enumCase(let enumCase): type = enumCase.type
        case .instance(let instance): type = instance.type
        default: return nil
        }
        guard let callable = instanceMember(of: type, name, labels: arguments.map(\.label)) else { return nil }
        return invoke(callable, with: arguments, at: node, receiver: value)
    }

    /// What `String(describing:)` and string interpolation make of a value: a case's name, a type's last name.
    func described(_ value: Value) -> String? {
        switch value {
        case .string(let text): return text
        case .int(let number): return String(number)
        case .bool(let flag): return String(flag)
        case .enumCase(let enumCase) where enumCase.associated.isEmpty: return enumCase.name
        case .type(let type): return String(type.split(separator: ".").last ?? Substring(type))
        case .object(let object) where object.isImplicit && object.arguments.isEmpty: return object.kind
        default: return nil
        }
    }

    /// The declared type of a value, for the implicit members compared with it.
    func declaredType(of value: Value) -> String? {
        switch value {
        case .enumCase(let enumCase): return enumCase.type
        case .instance(let instance): return instance.type
        default: return nil
        }
    }
}

/// A node to locate coercions that have no syntax of their own.
final class SyntaxNodeAnchor: @unchecked Sendable {
    static let shared = SyntaxNodeAnchor()
    let node = Syntax(TokenSyntax.identifier("_"))
}
