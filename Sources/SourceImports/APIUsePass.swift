import Diagnostics
import Files
import Foundation
import Parallel
import Paths
import SwiftParser
import SwiftSyntax

/// Swift files of one folder: a target's, or a module's of an outside package.
public struct SourceGroup: Sendable {
    /// Absolute.
    public var directory: String
    /// The folder as messages name it.
    public var shownDirectory: String
    /// Relative to ``directory``, in order.
    public var files: [String]
    /// Their words when the import pass read them (nil for a file that is not Swift text); nil: the pass reads them.
    public var words: [SourceWords?]?

    public init(directory: String, shownDirectory: String, files: [String], words: [SourceWords?]? = nil) {
        self.directory = directory
        self.shownDirectory = shownDirectory
        self.files = files
        self.words = words
    }
}

/// One question for the use pass: do the files of one group (a target) use what another group (a module) declares?
public struct APIUseQuery: Sendable {
    public var target: Int
    public var module: Int
    /// The groups whose declarations the target's files see besides the module's (the modules it imports): a name one
    /// of them (or the target itself) may declare tells no module.
    public var seen: [Int]
    /// Modules the target's files may see whose declarations cannot be read here (an Apple SDK's, a package not checked
    /// out), sorted: a member used without its type written may be theirs.
    public var opaque: [String]

    public init(target: Int, module: Int, seen: [Int] = [], opaque: [String] = []) {
        self.target = target
        self.module = module
        self.seen = seen
        self.opaque = opaque
    }
}

/// The first use of a module's API in a target's files, or why a use cannot be told to be the module's.
public struct APIUse: Sendable, Equatable {
    /// The name used: a member of one of the module's extensions.
    public var name: String
    public var location: FileLocation
    /// The seen groups (or the target itself) that declare the name too: the use may be theirs.
    public var alsoDeclaredBy: [Int] = []
    /// Modules that cannot be read and may declare the name (the type it is used on is not written): the use may be
    /// theirs. Empty when it is the module's.
    public var undecidedBy: [String] = []
}

/// Finds code that uses a dependency without importing it: a member of one of its extensions, referenced as `.name`,
/// `\.name`, `value.name`, `Type.name` or `name(` (as `@Dependency(\.apiClient)` uses `extension DependencyValues {
/// public var apiClient }`), which compiles only because another import loads the module. A type or top-level function
/// is never such a use: Swift finds those only in modules the file imports.
///
/// A use is the module's only when nothing else the file can see may declare the name: the target itself (any of its
/// declarations), the modules it imports, the toolchain's modules (``ToolchainNames``), and, for a member whose type is
/// not written, the modules that cannot be read here (then the use is undecided). A member whose type is written
/// (`Color.brand`, `\DependencyValues.apiClient`, the key path of `@Dependency(…)` and `@Environment(…)`) is the
/// module's when its extension of that type declares it.
public enum APIUsePass {
    /// Names too common to tell which module a use comes from.
    static let commonNames: Set<String> = [
        "init", "id", "body", "value", "description", "debugDescription", "hash", "hashValue", "rawValue", "count", "isEmpty", "first",
        "last", "map", "flatMap", "compactMap", "filter", "reduce", "forEach", "contains", "sorted", "name", "title", "text", "type", "data",
        "error", "result", "state", "action", "view", "make", "update", "reset", "start", "stop", "run", "load", "save", "get", "set",
        "shared", "default", "live", "test", "testValue", "liveValue", "previewValue", "preview", "mock", "none", "some", "success",
        "failure", "empty", "all", "key", "path", "url", "date", "index", "items", "content", "color", "image", "font", "size", "style",
        "label", "send", "call", "callAsFunction", "encode", "decode", "from", "to", "with", "main", "current", "config",
        "configuration", "client", "model", "store", "reducer", "effect", "task", "cancel", "fetch", "request", "response",
    ]

    /// Property wrappers whose key path's root type their API fixes (`@Dependency(\.x)` is a `DependencyValues` key path).
    static let keyPathRoots: [String: String] = [
        "Dependency": "DependencyValues", "Environment": "EnvironmentValues", "FocusedValue": "FocusedValues", "FocusedBinding": "FocusedValues",
    ]

    /// Whether a name can tell a module: not too common, not the toolchain's.
    static func tells(_ name: String) -> Bool {
        !commonNames.contains(name) && !ToolchainNames.names.contains(Substring(name))
    }

    /// The first use of each query's module in its target's files, in the queries' order; nil where there is none.
    ///
    /// A module's file is parsed only when a word that may name one of its declarations is a word of the asking
    /// target's files (``SourceWords``, from the import pass), and a target's file only when it holds one of the names
    /// found; what those files declare and use is SwiftParser's answer.
    public static func firstUses(_ queries: [APIUseQuery], in groups: [SourceGroup], fileSystem: any FileSystem) -> [APIUse?] {
        let words = GroupWords(groups, used: Set(queries.flatMap { [$0.target, $0.module] + $0.seen }), fileSystem: fileSystem)
        let needed = inSlices(of: queries.count, minimumSliceSize: 64, slicesPerCore: 4) { slice in
            slice.map { words.moduleFiles(of: queries[$0].module, thatMayDeclareWordsOf: queries[$0].target) }
        }
        let parsed = Array(Set(needed.joined())).sorted()
        let members = Dictionary(uniqueKeysWithValues: zip(parsed, inSlices(of: parsed.count, minimumSliceSize: 8, slicesPerCore: 8) { slice in
            slice.map { text(of: parsed[$0], in: groups, fileSystem: fileSystem).map(extensionMembers) ?? [:] }
        }))
        return inSlices(of: queries.count, minimumSliceSize: 8, slicesPerCore: 8) { slice in
            slice.map { index in
                let query = queries[index]
                var declared: [String: Set<String>] = [:]
                for file in needed[index] { declared.merge(members[file] ?? [:]) { $0.union($1) } }
                declared = declared.filter { tells($0.key) }
                guard !declared.isEmpty else { return nil }
                let shared = alsoDeclared(Set(declared.keys), seenBy: query, groups: groups, words: words, fileSystem: fileSystem)
                return firstUse(of: declared, shared: shared, query: query, groups: groups, words: words, fileSystem: fileSystem)
            }
        }
    }

    /// A file's bytes when it is UTF-8 text.
    static func text(of file: GroupFile, in groups: [SourceGroup], fileSystem: any FileSystem) -> [UInt8]? {
        let path = PathArithmetic.join(groups[file.group].directory, groups[file.group].files[file.index])
        guard let bytes = fileSystem.contents(of: path, upTo: ImportScanner.maximumBytes), SourceFileReader.textKind(of: bytes) == .text else {
            return nil
        }
        return bytes
    }

    /// What a module's file declares in extensions that another module can use: each member's name, with the types it
    /// extends.
    static func extensionMembers(in bytes: [UInt8]) -> [String: Set<String>] {
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
        return collector.members
    }

    /// The names of `names` that the target itself or another module its files see declares too (any declaration, any
    /// access: a `@testable import` sees internal ones), with the groups that do. Files whose declarable words hold none
    /// of the names are not parsed.
    static func alsoDeclared(_ names: Set<String>, seenBy query: APIUseQuery, groups: [SourceGroup], words: GroupWords,
                             fileSystem: any FileSystem) -> [String: [(group: Int, types: Set<String>)]] {
        var found: [String: [(group: Int, types: Set<String>)]] = [:]
        let hashes = names.map(SourceWords.hash)
        for group in [query.target] + query.seen where group != query.module {
            for (index, file) in words.files[group].enumerated() {
                guard let file, hashes.contains(where: file.declares),
                      let bytes = text(of: GroupFile(group: group, index: index), in: groups, fileSystem: fileSystem) else { continue }
                let collector = EveryNameCollector()
                collector.walk(bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
                for (name, types) in collector.declarations where names.contains(name) {
                    if let last = found[name]?.indices.last, found[name]?[last].group == group {
                        found[name]?[last].types.formUnion(types)
                    } else {
                        found[name, default: []].append((group, types))
                    }
                }
            }
        }
        return found
    }

    /// The first use that is the module's, in file order then source order; else the first whose owner cannot be told
    /// (another declaration of the name, or an unreadable module), which is no finding either way.
    static func firstUse(of declared: [String: Set<String>], shared: [String: [(group: Int, types: Set<String>)]], query: APIUseQuery, groups: [SourceGroup],
                         words: GroupWords, fileSystem: any FileSystem) -> APIUse? {
        let hashes = declared.keys.map(SourceWords.hash)
        var undecided: APIUse?
        for (index, fileWords) in words.files[query.target].enumerated() {
            guard let fileWords, hashes.contains(where: fileWords.has),
                  let bytes = text(of: GroupFile(group: query.target, index: index), in: groups, fileSystem: fileSystem) else { continue }
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            let finder = UseFinder(names: Set(declared.keys))
            finder.walk(tree)
            var converter: SourceLocationConverter?
            for use in finder.uses {
                if let root = use.root, declared[use.name]?.contains(root) != true { continue }
                converter = converter ?? SourceLocationConverter(fileName: shownPath(of: GroupFile(group: query.target, index: index), in: groups), tree: tree)
                guard let location = converter?.location(for: use.position) else { continue }
                var found = APIUse(name: use.name, location: FileLocation(path: location.file, line: location.line, column: location.column))
                // Another declaration of the name may be the one used: any, for a member whose type is not written; one
                // on that type (`@Dependency(\\.apiClient) var apiClient` is not on DependencyValues) for one whose type is.
                let others = (shared[use.name] ?? []).filter { use.root == nil || $0.types.contains(use.root ?? "") }
                if !others.isEmpty {
                    found.alsoDeclaredBy = others.map(\.group)
                } else if use.root == nil, !query.opaque.isEmpty {
                    found.undecidedBy = query.opaque
                } else {
                    return found
                }
                undecided = undecided ?? found
            }
        }
        return undecided
    }

    static func shownPath(of file: GroupFile, in groups: [SourceGroup]) -> String {
        let relative = groups[file.group].files[file.index]
        let joined = PathArithmetic.join(groups[file.group].shownDirectory, relative)
        return relative.hasPrefix("../") ? PathArithmetic.lexical(joined) : joined
    }
}

/// A file of a group: which group, which file.
struct GroupFile: Hashable, Comparable, Sendable {
    var group: Int
    var index: Int

    static func < (lhs: GroupFile, rhs: GroupFile) -> Bool { (lhs.group, lhs.index) < (rhs.group, rhs.index) }
}

/// The words of the groups a use pass asks about: as the import pass found them, else read now.
struct GroupWords: Sendable {
    /// By group and file; empty for a group no query names, nil for a file that is not Swift text.
    var files: [[SourceWords?]]

    init(_ groups: [SourceGroup], used: Set<Int>, fileSystem: any FileSystem) {
        files = inSlicesOnThreads(of: groups.count, minimumSliceSize: 4, slicesPerCore: 16, threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { index in
                guard used.contains(index) else { return [] }
                return groups[index].words ?? fileSystem.contents(of: groups[index].files, in: groups[index].directory, upTo: ImportScanner.maximumBytes).map {
                    $0.flatMap { SourceFileReader.textKind(of: $0) == .text ? SourceWords($0) : nil }
                }
            }
        }
    }

    init(groups files: [[SourceWords?]]) {
        self.files = files
    }

    /// The module's files one of whose declarable words (less the common names) is a word of the target's files.
    func moduleFiles(of module: Int, thatMayDeclareWordsOf target: Int) -> [GroupFile] {
        files[module].indices.compactMap { index in
            guard let declarable = files[module][index]?.declarable,
                  declarable.contains(where: { word in
                      files[target].contains { $0?.has(word) == true } && !APIUsePass.commonNameHashes.contains(word)
                  }) else { return nil }
            return GroupFile(group: module, index: index)
        }
    }
}

extension APIUsePass {
    static let commonNameHashes = Set(commonNames.map(SourceWords.hash))
}

/// The members a module's file declares in extensions for other modules, each with the types it extends (the last
/// component: `Name` for `extension Notification.Name`): functions, variables, nested types, public, open or package
/// themselves or by their extension.
final class DeclarationCollector: SyntaxVisitor {
    private(set) var members: [String: Set<String>] = [:]
    private var extensions: [(type: String, isPublic: Bool)] = []

    private static func isVisible(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["public", "open", "package"].contains($0.name.text) }
    }

    private static func isHidden(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["private", "fileprivate", "internal"].contains($0.name.text) }
    }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let type = node.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? node.extendedType.trimmedDescription
        extensions.append((type.split(separator: "<").first.map(String.init) ?? type, Self.isVisible(node.modifiers)))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        extensions.removeLast()
    }

    /// A member right inside an extension (the declaration, its item, the item list, the member block, the extension).
    private func record(_ name: TokenSyntax, _ node: some SyntaxProtocol, _ modifiers: DeclModifierListSyntax) {
        guard let current = extensions.last, node.parent?.parent?.parent?.parent?.is(ExtensionDeclSyntax.self) == true,
              Self.isVisible(modifiers) || (current.isPublic && !Self.isHidden(modifiers)) else { return }
        members[name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`")), default: []].insert(current.type)
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node, node.modifiers); return .skipChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node, node.modifiers); return .skipChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node, node.modifiers); return .skipChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node, node.modifiers); return .skipChildren }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node, node.modifiers); return .skipChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name, node, node.modifiers)
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier { record(name, node, node.modifiers) }
        }
        return .skipChildren
    }
}

/// Every name a file declares, whatever its access, with the type it is declared in (`""` at the file's level): types,
/// functions, variables and constants of types and of the file, enum cases, type aliases, associated types and generic
/// parameters. Function bodies are not looked into.
final class EveryNameCollector: SyntaxVisitor {
    private(set) var declarations: [String: Set<String>] = [:]
    private var types: [String] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    var names: Set<String> { Set(declarations.keys) }

    private func record(_ name: TokenSyntax) {
        declarations[name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`")), default: []].insert(types.last ?? "")
    }

    private func enter(_ name: TokenSyntax) -> SyntaxVisitorContinueKind {
        record(name)
        types.append(name.text)
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { enter(node.name) }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visitPost(_ node: ActorDeclSyntax) { types.removeLast() }
    override func visitPost(_ node: ProtocolDeclSyntax) { types.removeLast() }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        let type = node.extendedType.trimmedDescription.split(separator: ".").last.map(String.init) ?? ""
        types.append(type.split(separator: "<").first.map(String.init) ?? type)
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name); return .skipChildren }
    override func visit(_ node: AssociatedTypeDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name); return .skipChildren }
    override func visit(_ node: GenericParameterSyntax) -> SyntaxVisitorContinueKind { record(node.name); return .skipChildren }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name)
        if let generics = node.genericParameterClause { for parameter in generics.parameters { record(parameter.name) } }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier { record(name) }
        }
        return .skipChildren
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements { record(element.name) }
        return .skipChildren
    }
}

/// The uses of a module's member names in a file, in source order: a member referenced as `.name`, `\.name`,
/// `value.name`, `Type.name`, `Type.Name` or `name(`, each with the type it is used on when the code writes it.
final class UseFinder: SyntaxVisitor {
    struct Use {
        var name: String
        var position: AbsolutePosition
        /// The type the member is looked up on, when written (`Color` in `Color.brand`); nil when inferred.
        var root: String?
    }

    let names: Set<String>
    private(set) var uses: [Use] = []

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    private func found(_ token: TokenSyntax, root: String?) {
        let name = token.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        if names.contains(name) { uses.append(Use(name: name, position: token.positionAfterSkippingLeadingTrivia, root: root)) }
    }

    /// `Color` for `Color`, `Notification.Name` or `SwiftUI.Color`-like chains of capitalized names; nil otherwise.
    static func typeName(_ expression: ExprSyntax?) -> String? {
        if let reference = expression?.as(DeclReferenceExprSyntax.self) {
            let text = reference.baseName.text
            return text.first?.isUppercase == true && text != "Self" ? text : nil
        }
        if let member = expression?.as(MemberAccessExprSyntax.self), typeName(member.base) != nil {
            let text = member.declName.baseName.text
            return text.first?.isUppercase == true ? text : nil
        }
        return nil
    }

    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        let base = node.baseType.as(IdentifierTypeSyntax.self)?.name.text ?? node.baseType.as(MemberTypeSyntax.self)?.name.text
        found(node.name, root: base ?? "")
        return .visitChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        let parent = node.parent
        if let member = parent?.as(MemberAccessExprSyntax.self), member.declName == node {
            found(node.baseName, root: member.base == nil ? nil : Self.typeName(member.base))
        } else if let component = parent?.as(KeyPathPropertyComponentSyntax.self) {
            found(node.baseName, root: Self.keyPathRoot(of: component))
        } else if parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self) == node,
                  node.baseName.text.first?.isUppercase == false {
            found(node.baseName, root: nil)
        }
        return .visitChildren
    }

    /// The root type of a key path's first component: written (`\DependencyValues.apiClient`), or fixed by the property
    /// wrapper it is given to (`@Dependency(\.apiClient)`); nil when inferred; "" for a later component (its type is
    /// the previous component's, never an extension's receiver that can be told).
    static func keyPathRoot(of component: KeyPathPropertyComponentSyntax) -> String? {
        guard let keyPathComponent = component.parent?.as(KeyPathComponentSyntax.self),
              let list = keyPathComponent.parent?.as(KeyPathComponentListSyntax.self), let keyPath = list.parent?.as(KeyPathExprSyntax.self) else {
            return nil
        }
        guard list.first?.id == keyPathComponent.id else { return "" }
        if let root = keyPath.root { return root.trimmedDescription.split(separator: ".").last.map(String.init) }
        var parent = keyPath.parent
        while let current = parent {
            if let attribute = current.as(AttributeSyntax.self) {
                return attribute.attributeName.as(IdentifierTypeSyntax.self).flatMap { APIUsePass.keyPathRoots[$0.name.text] }
            }
            if current.is(CodeBlockItemSyntax.self) || current.is(MemberBlockItemSyntax.self) { break }
            parent = current.parent
        }
        return nil
    }
}
