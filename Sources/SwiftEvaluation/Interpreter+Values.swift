import SwiftSyntax

/// Member reads, calls and comparisons on the values declared types and dictionaries make.
extension Interpreter {
    /// `base.name` when `base` is a declared type, a value of one, an implicit member read as one, or a dictionary; nil
    /// to read it the usual way.
    func memberOfDeclared(_ name: String, of base: Value, at node: MemberAccessExprSyntax) -> Value? {
        switch base {
        case .type(let type) where types.type(type) != nil:
            return member(name, ofType: type, at: node)
        case .enumCase, .instance:
            return property(name, of: base, at: node) ?? unknown("property '\(name)' of \(base.typeDescription)", at: node)
        case .string where instanceMember(of: "String", name, labels: nil) != nil:
            return property(name, of: base, at: node)
        case .object(let object) where object.deferredMember != nil && !object.spliced:
            // `.ThirdParty.UI.flexLayout` whose `ThirdParty.UI` several types declare: the chain grows, read once the
            // context names the type.
            return .object(deferred(object, member: (object.deferredMember ?? "") + "." + name))
        case .object(let object) where object.isImplicit && object.property(name) == nil:
            // `.Core.networking`: a static member of the one nested type named `Core` that has it.
            let owners = object.arguments.isEmpty ? types.nestedTypes(named: object.kind).filter { staticMember(of: $0, name, labels: nil) != nil } : []
            if owners.count == 1 { return member(name, ofType: owners[0], at: node) }
            // Declared in more than one (`Package.ThirdParty.UI`, `TargetDependency.ThirdParty.UI`): Swift takes the
            // one of the contextual type, known once the value is given where a type is named.
            if owners.count > 1, object.deferredMember == nil { return .object(deferred(object, member: name)) }
            // `.Features.Main.Feature`: a type nested in the one nested type named `Features` that holds one of that name.
            let nested = object.arguments.isEmpty && name.first?.isUppercase == true
                ? types.nestedTypes(named: object.kind).filter { types.type($0 + "." + name) != nil } : []
            if nested.count == 1 { return .type(nested[0] + "." + name) }
            // `.ThirdParty.UI` with `Package.ThirdParty.UI` and `TargetDependency.ThirdParty.UI` both declared: the
            // contextual type says which, as for a member.
            if nested.count > 1 { return .object(deferred(object, member: name)) }
            let holders = object.arguments.isEmpty ? (types.staticOwners[object.kind] ?? []).filter { staticMember(of: $0, object.kind, labels: nil) != nil } : []
            let resolved: Value?
            if let type = deferredType(of: object) {
                resolved = resolveImplicit(object, in: type, at: node)
            } else {
                // `.externalDependencies.network`: the static member of the one type that declares one.
                resolved = holders.count == 1 ? holders.first.flatMap { member(object.kind, ofType: $0, at: node) } : nil
            }
            // A static member holding a type (`ExternalDependencies.self`): the member is that type's.
            if case .type(let held)? = resolved, types.type(held) != nil { return member(name, ofType: held, at: node) }
            return resolved.flatMap { property(name, of: $0, at: node) }
        case .dictionary(let entries):
            switch name {
            case "keys": return .array(entries.map(\.key))
            case "values": return .array(entries.map(\.value))
            case "isEmpty": return .bool(entries.isEmpty)
            case "count": return .int(entries.count)
            default: return unknown("property '\(name)' of a dictionary", at: node)
            }
        default:
            return nil
        }
    }

    /// An implicit chain `.Nested.member` whose nested type several types declare, read once its context names one.
    func deferred(_ object: ManifestObject, member: String, spliced: Bool = false) -> ManifestObject {
        let deferred = ManifestObject(kind: object.kind, arguments: [], position: object.position)
        deferred.isImplicit = true
        deferred.file = object.file
        deferred.range = object.range
        deferred.deferredMember = member
        deferred.spliced = spliced
        return deferred
    }

    /// A member named without `self.` inside a type's member: a property of `self`, else a static member of the type.
    func implicitSelfMember(_ name: String, in scope: Scope, at node: some SyntaxProtocol) -> Value? {
        if let receiver = scope.lookup("self"), let value = property(name, of: receiver, at: node) { return value }
        if let owner = owners.last, let callable = staticMember(of: owner, name, labels: nil) { return invoke(callable, with: [], at: node) }
        return nil
    }

    /// `Name(arguments)` with `Name` a declared type, or `String(describing:)`; nil otherwise.
    func callOfDeclared(_ name: String, _ arguments: [(label: String?, value: Value)], at call: FunctionCallExprSyntax) -> Value? {
        if name == "String", arguments.map(\.label) == ["describing"] {
            if case .unknown = arguments[0].value { return arguments[0].value }
            return described(arguments[0].value).map(Value.string) ?? unknown("String(describing:) of \(arguments[0].value.typeDescription)", at: call)
        }
        // `Self(…)` in a member of a type: that type's initializer.
        let written = name == "Self" ? owners.last ?? name : name
        guard let type = types.resolve(written, from: owners.last), let declared = types.type(type), declared.kind != .extended else { return nil }
        return construct(type, arguments, at: call) ?? unknown("call to '\(name)'", at: call)
    }

    /// A method of a value of a declared type; nil for other receivers.
    func methodOfDeclared(_ name: String, on receiver: Value, _ arguments: [(label: String?, value: Value)], at call: FunctionCallExprSyntax) -> Value? {
        switch receiver {
        case .enumCase, .instance:
            return method(name, of: receiver, arguments, at: call) ?? unknown("method '\(name)' of \(receiver.typeDescription)", at: call)
        case .object(let object):
            guard let type = deferredType(of: object), let resolved = resolveImplicit(object, in: type, at: call) else { return nil }
            return method(name, of: resolved, arguments, at: call)
        default:
            return nil
        }
    }

    /// `==` where a declared type's value, a type or a dictionary takes part.
    func equalsDeclared(_ lhs: Value, _ rhs: Value, at node: some SyntaxProtocol) -> Value {
        switch (lhs, rhs) {
        case let (.enumCase(a), .enumCase(b)):
            guard a.type == b.type, a.name == b.name, a.associated.count == b.associated.count else { return .bool(false) }
            return equals(.array(a.associated.map(\.value)), .array(b.associated.map(\.value)), at: node)
        case let (.enumCase(a), .object(b)) where b.isImplicit, let (.object(b), .enumCase(a)) where b.isImplicit:
            guard a.name == b.kind, a.associated.count == b.arguments.count else { return .bool(false) }
            return equals(.array(a.associated.map(\.value)), .array(b.arguments.map(\.value)), at: node)
        case let (.instance(a), .instance(b)):
            guard a.type == b.type, a.fields.map(\.name) == b.fields.map(\.name) else { return .bool(false) }
            return equals(.array(a.fields.map(\.value)), .array(b.fields.map(\.value)), at: node)
        case let (.type(a), .type(b)):
            return .bool(a == b)
        case (.null, _), (_, .null):
            return .bool(false)
        default:
            return unknown("== on \(lhs.typeDescription) and \(rhs.typeDescription)", at: node)
        }
    }

    /// A key path used where a function is (`map(\.name)`, `filter(\.hasTests)`) as the function reading it.
    func functionOfKeyPath(_ value: Value) -> Value {
        guard case .keyPath(let names) = value else { return value }
        return .function(Callable(name: "keyPath", body: .keyPath(names), scope: globals))
    }

    /// A property read through a key path.
    func readProperty(_ name: String, of value: Value, at node: some SyntaxProtocol) -> Value {
        switch value {
        case .unknown: return value
        case .enumCase, .instance: return property(name, of: value, at: node) ?? unknown("property '\(name)' of \(value.typeDescription)", at: node)
        case .object(let object):
            if let found = object.property(name) { return found }
            if let type = deferredType(of: object), let resolved = resolveImplicit(object, in: type, at: node) { return readProperty(name, of: resolved, at: node) }
            return .null
        case .string(let text) where name == "count": return .int(text.count)
        case .array(let items) where name == "count": return .int(items.count)
        case .string(let text) where name == "isEmpty": return .bool(text.isEmpty)
        case .array(let items) where name == "isEmpty": return .bool(items.isEmpty)
        default: return unknown("key path property '\(name)' of \(value.typeDescription)", at: node)
        }
    }

    /// Array methods real descriptions use beyond the manifests' set: `reduce`, `sorted`, `union`, `contains(_:)` of
    /// declared values; nil to try the usual ones.
    func callMoreArrayMethods(_ name: String, on items: [Value], _ arguments: [(label: String?, value: Value)], at call: FunctionCallExprSyntax) -> Value? {
        switch (name, arguments.map(\.label)) {
        case ("reduce", [nil, nil]):
            guard case .function(let combine) = arguments[1].value else { return nil }
            var result = arguments[0].value
            for item in items {
                result = invoke(combine, with: [(nil, result), (nil, item)], at: call)
                if case .unknown = result { return result }
            }
            return result
        case ("sorted", []):
            var strings: [String] = []
            for item in items {
                guard case .string(let text) = item else { return unknown("sorted() of values other than strings", at: call) }
                strings.append(text)
            }
            return .array(strings.sorted().map(Value.string))
        case ("union", [nil]), ("appending", ["contentsOf"]):
            guard case .array(let more) = arguments[0].value else { return nil }
            var result = items
            for item in more where name == "appending" || !result.contains(where: { if case .bool(true) = equals($0, item, at: call) { true } else { false } }) {
                result.append(item)
            }
            return .array(result)
        case ("enumerated", []):
            return unknown("enumerated()", at: call)
        default:
            return nil
        }
    }
}

extension TypeReference {
    /// A type written in a reader's table (`[TargetDependency]`, `Path?`).
    static func parse(_ written: String) -> TypeReference {
        if written.hasSuffix("?") { return .optional(parse(String(written.dropLast()))) }
        if written.hasPrefix("["), written.hasSuffix("]") { return .array(parse(String(written.dropFirst().dropLast()))) }
        return .named(written)
    }
}
