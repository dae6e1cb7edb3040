import SwiftSyntax

extension Interpreter {
    /// Registers functions, types and static members first: Swift lets code use them before their declaration. In a
    /// library file (a helper), a global `let` is evaluated where it is read, as Swift initializes globals lazily.
    func collectDeclarations(_ items: CodeBlockItemListSyntax, context: String?, isLibrary: Bool) {
        for item in items {
            guard case .decl(let decl) = item.item else { continue }
            if let function = decl.as(FunctionDeclSyntax.self) {
                globals.declare(function.name.text, .function(Callable(name: function.name.text, body: .function(function), scope: globals)))
            } else if let variable = decl.as(VariableDeclSyntax.self) {
                for binding in variable.bindings {
                    guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
                    if let accessors = binding.accessorBlock {
                        globals.declare(name, .function(Callable(name: name, body: .computed(accessors), scope: globals)))
                    } else if isLibrary, let initializer = binding.initializer {
                        globals.declare(name, .function(Callable(name: name, body: .expression(initializer.value), scope: globals)))
                    }
                }
            } else if let ifConfig = decl.as(IfConfigDeclSyntax.self), case .statements(let active)? = ifConfig.activeClause(in: configuration).clause?.elements {
                collectDeclarations(active, context: context, isLibrary: isLibrary)
            } else {
                collectType(decl, context: context)
            }
        }
    }

    /// A type declaration or an extension, with its members and the types nested in it.
    func collectType(_ decl: DeclSyntax, context: String?) {
        let name: String, kind: DeclaredType.Kind, members: MemberBlockSyntax, inheritance: InheritanceClauseSyntax?
        if let ext = decl.as(ExtensionDeclSyntax.self) {
            let written = types.unaliased(Self.withoutModule(SyntaxText.withoutSpaces(ext.extendedType)))
            name = types.resolve(written, from: nil) ?? written
            (kind, members, inheritance) = (.extended, ext.memberBlock, ext.inheritanceClause)
        } else if let type = decl.as(StructDeclSyntax.self) {
            (name, kind, members, inheritance) = (qualify(type.name.text, in: context), .struct, type.memberBlock, type.inheritanceClause)
        } else if let type = decl.as(EnumDeclSyntax.self) {
            (name, kind, members, inheritance) = (qualify(type.name.text, in: context), .enum, type.memberBlock, type.inheritanceClause)
        } else if let type = decl.as(ClassDeclSyntax.self) {
            (name, kind, members, inheritance) = (qualify(type.name.text, in: context), .class, type.memberBlock, type.inheritanceClause)
        } else if let type = decl.as(ProtocolDeclSyntax.self) {
            (name, kind, members, inheritance) = (qualify(type.name.text, in: context), .protocol, type.memberBlock, type.inheritanceClause)
        } else {
            return
        }
        if kind != .extended { declaredTypes.insert(name) }
        let conformances = inheritance?.inheritedTypes.map { SyntaxText.trimmed($0.type) } ?? []
        types.update(name, kind: kind) { type in
            type.conformances += conformances
            if kind == .enum, let first = conformances.first, ["String", "Int", "Character", "Double"].contains(first) { type.rawType = first }
        }
        for member in members.members {
            collectMember(member.decl, of: name, isExtension: kind == .extended)
        }
    }

    /// The type aliases the files declare (`typealias Dep = TargetDependency`), at the top level, under an active `#if`
    /// or nested in a type: collected from every file before any declaration, since an extension of an alias may come
    /// before the alias (in an earlier helper file) and is an extension of the type it names.
    func collectAliases(_ items: CodeBlockItemListSyntax, context: String?) {
        for item in items {
            guard case .decl(let decl) = item.item else { continue }
            collectAliases(in: decl, context: context)
        }
    }

    private func collectAliases(in decl: DeclSyntax, context: String?) {
        if let alias = decl.as(TypeAliasDeclSyntax.self), alias.genericParameterClause == nil {
            let type = Self.withoutModule(SyntaxText.withoutSpaces(alias.initializer.value))
            guard type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return }
            types.alias(qualify(alias.name.text, in: context), to: type)
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self) {
            switch ifConfig.activeClause(in: configuration).clause?.elements {
            case .statements(let active)?: collectAliases(active, context: context)
            case .decls(let active)?: for member in active { collectAliases(in: member.decl, context: context) }
            default: break
            }
        } else if let group = decl.asProtocol(DeclGroupSyntax.self) {
            let name: String
            if let ext = decl.as(ExtensionDeclSyntax.self) {
                name = Self.withoutModule(SyntaxText.withoutSpaces(ext.extendedType))
            } else if let named = decl.asProtocol(NamedDeclSyntax.self) {
                name = qualify(named.name.text, in: context)
            } else {
                return
            }
            for member in group.memberBlock.members { collectAliases(in: member.decl, context: name) }
        }
    }

    /// `ProjectDescription.Path` is `Path`: the API's module names are not part of a type's name here.
    static func withoutModule(_ written: String) -> String {
        for module in ["ProjectDescription.", "PackageDescription.", "Swift.", "Foundation."] where written.hasPrefix(module) {
            return String(written.dropFirst(module.count))
        }
        return written
    }

    private func qualify(_ name: String, in context: String?) -> String {
        context.map { $0 + "." + name } ?? name
    }

    /// One member of a type: a case, a stored or computed property, an initializer, a method, a nested type.
    private func collectMember(_ decl: DeclSyntax, of type: String, isExtension: Bool) {
        let isStatic = decl.asProtocol(WithModifiersSyntax.self)?.modifiers.contains {
            $0.name.tokenKind == .keyword(.static) || $0.name.tokenKind == .keyword(.class)
        } ?? false
        if let cases = decl.as(EnumCaseDeclSyntax.self) {
            let declared = cases.elements.map { element in
                DeclaredType.Case(name: element.name.text, rawValue: element.rawValue?.value,
                                  associated: element.parameterClause?.parameters.map { ($0.firstName?.text, TypeReference($0.type)) } ?? [])
            }
            types.update(type, kind: .enum) { $0.cases += declared }
        } else if let function = decl.as(FunctionDeclSyntax.self) {
            // A protocol's requirement has no body: its conformers' members (or an extension's default) are called.
            guard function.body != nil else { return }
            let callable = Callable(name: function.name.text, body: .function(function), scope: globals, owner: type)
            if isStatic {
                staticMembersByName[function.name.text, default: []].append(callable)
                types.update(type, kind: .extended) { $0.staticMembers[function.name.text, default: []].append(callable) }
            } else {
                if isExtension { instanceMethods[function.name.text, default: []].append((type, callable)) }
                types.update(type, kind: .extended) { $0.instanceMembers[function.name.text, default: []].append(callable) }
            }
        } else if let variable = decl.as(VariableDeclSyntax.self) {
            collectProperty(variable, of: type, isStatic: isStatic)
        } else if let initializer = decl.as(InitializerDeclSyntax.self) {
            types.update(type, kind: .extended) { $0.initializers.append(initializer) }
        } else if let ifConfig = decl.as(IfConfigDeclSyntax.self), case .decls(let active)? = ifConfig.activeClause(in: configuration).clause?.elements {
            for member in active { collectMember(member.decl, of: type, isExtension: isExtension) }
        } else if decl.is(StructDeclSyntax.self) || decl.is(EnumDeclSyntax.self) || decl.is(ClassDeclSyntax.self) || decl.is(ProtocolDeclSyntax.self) {
            collectType(decl, context: type)
        }
    }

    private func collectProperty(_ variable: VariableDeclSyntax, of type: String, isStatic: Bool) {
        let isMutable = variable.bindingSpecifier.tokenKind == .keyword(.var)
        for binding in variable.bindings {
            guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            let declaredType = TypeReference(binding.typeAnnotation?.type)
            if isStatic {
                let body: Callable.Body?
                if let accessors = binding.accessorBlock { body = .computed(accessors) } else { body = binding.initializer.map { .expression($0.value) } }
                guard let body else { continue }
                let callable = Callable(name: name, body: body, scope: globals, owner: type, type: declaredType)
                staticMembersByName[name, default: []].append(callable)
                types.update(type, kind: .extended) { $0.staticMembers[name, default: []].append(callable) }
            } else if let accessors = binding.accessorBlock, Self.isRequirement(accessors) {
                continue
            } else if let accessors = binding.accessorBlock, !Self.isObserver(accessors) {
                let callable = Callable(name: name, body: .computed(accessors), scope: globals, owner: type, type: declaredType)
                types.update(type, kind: .extended) { $0.instanceMembers[name, default: []].append(callable) }
            } else {
                let stored = DeclaredType.Stored(name: name, type: declaredType, initial: binding.initializer?.value, isMutable: isMutable)
                types.update(type, kind: .extended) { $0.stored.append(stored) }
            }
        }
    }

    /// `var path: String { get }` in a protocol: a requirement, no body.
    static func isRequirement(_ accessors: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = accessors.accessors else { return false }
        return list.allSatisfy { $0.body == nil }
    }

    /// `willSet`/`didSet` observe a stored property; they compute nothing.
    static func isObserver(_ accessors: AccessorBlockSyntax) -> Bool {
        guard case .accessors(let list) = accessors.accessors else { return false }
        return list.allSatisfy { [.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
    }
}
