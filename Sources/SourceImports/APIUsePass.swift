import Diagnostics
import Files
import Foundation
import Parallel
import SwiftParser
import SwiftSyntax

/// One question for the use pass: do these files use what this module declares?
public struct APIUseQuery: Sendable {
    /// The importing target's files: absolute, and as messages name them, in order.
    public var files: [(path: String, shown: String)]
    public var module: String
    /// The module's Swift files, absolute.
    public var moduleFiles: [String]

    public init(files: [(path: String, shown: String)], module: String, moduleFiles: [String]) {
        self.files = files
        self.module = module
        self.moduleFiles = moduleFiles
    }
}

/// The first use of a module's API in a target's files.
public struct APIUse: Sendable, Equatable {
    /// The name used: a type the module declares, or a member of one of its extensions.
    public var name: String
    public var location: FileLocation
}

/// Finds code that uses a dependency without importing it: a type the dependency declares, or a member of one of its
/// extensions referenced as `.name`, `\.name` or `name(` (as `@Dependency(\.apiClient)` uses `extension
/// DependencyValues { public var apiClient }`), which compiles only because another import loads the module.
///
/// A module's names come from SwiftParser over its files (public, open and package declarations: types anywhere,
/// members of extensions, top-level functions and variables), names too common to tell a module by left out. A target's
/// file is parsed only when its bytes hold one of the names; SwiftParser then decides whether it is a use (comments,
/// strings and other kinds of reference are not).
public enum APIUsePass {
    /// Names too common to tell which module a use comes from.
    static let commonNames: Set<String> = [
        "init", "id", "body", "value", "description", "debugDescription", "hash", "hashValue", "rawValue", "count", "isEmpty", "first",
        "last", "map", "flatMap", "compactMap", "filter", "reduce", "forEach", "contains", "sorted", "name", "title", "text", "type", "data",
        "error", "result", "state", "action", "view", "make", "update", "reset", "start", "stop", "run", "load", "save", "get", "set",
        "shared", "default", "live", "test", "testValue", "liveValue", "previewValue", "preview", "mock", "none", "some", "success",
        "failure", "empty", "all", "key", "path", "url", "date", "index", "items", "content", "color", "image", "font", "size", "style",
        "label", "send", "call", "callAsFunction", "encode", "decode", "from", "to", "with", "some", "main", "current", "config",
        "configuration", "client", "model", "store", "reducer", "effect", "task", "cancel", "fetch", "request", "response",
    ]

    /// The first use of each query's module in its files, in the queries' order; nil where there is none.
    public static func firstUses(_ queries: [APIUseQuery], fileSystem: any FileSystem) -> [APIUse?] {
        let modules = Array(Set(queries.map(\.module))).sorted()
        let moduleFiles = Dictionary(queries.map { ($0.module, $0.moduleFiles) }, uniquingKeysWith: { first, _ in first })
        let names = Dictionary(uniqueKeysWithValues: zip(modules, inSlices(of: modules.count, minimumSliceSize: 4, slicesPerCore: 8) { slice in
            slice.map { declaredNames(in: moduleFiles[modules[$0]] ?? [], fileSystem: fileSystem) }
        }))
        return inSlices(of: queries.count, minimumSliceSize: 8, slicesPerCore: 8) { slice in
            slice.map { firstUse(of: names[queries[$0].module] ?? [], in: queries[$0].files, fileSystem: fileSystem) }
        }
    }

    /// What a module's files declare that another module can use, less the common names.
    static func declaredNames(in files: [String], fileSystem: any FileSystem) -> Set<String> {
        var names: Set<String> = []
        for file in files where file.hasSuffix(".swift") {
            guard let bytes = fileSystem.contents(of: file, upTo: ImportScanner.maximumBytes), String(validating: bytes, as: UTF8.self) != nil else { continue }
            let collector = DeclarationCollector(viewMode: .sourceAccurate)
            collector.walk(bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
            names.formUnion(collector.names)
        }
        return names.subtracting(commonNames)
    }

    /// The first use of one of `names` in `files`, in file order then source order.
    static func firstUse(of names: Set<String>, in files: [(path: String, shown: String)], fileSystem: any FileSystem) -> APIUse? {
        guard !names.isEmpty else { return nil }
        let needles = names.map { Array($0.utf8) }
        for file in files where file.path.hasSuffix(".swift") {
            guard let bytes = fileSystem.contents(of: file.path, upTo: ImportScanner.maximumBytes), needles.contains(where: { contains(bytes, $0) }),
                  String(validating: bytes, as: UTF8.self) != nil else { continue }
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            let finder = UseFinder(names: names)
            finder.walk(tree)
            if let (name, position) = finder.first {
                let location = SourceLocationConverter(fileName: file.shown, tree: tree).location(for: position)
                return APIUse(name: name, location: FileLocation(path: file.shown, line: location.line, column: location.column))
            }
        }
        return nil
    }

    static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        return bytes.withUnsafeBufferPointer { buffer in
            var index = 0
            let last = buffer.count - needle.count
            while index <= last {
                if buffer[index] == first {
                    var matched = 1
                    while matched < needle.count, buffer[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return true }
                }
                index += 1
            }
            return false
        }
    }
}

/// The names a module's file declares for other modules: types (public, open, package) wherever they are; members of
/// extensions that are public, open or package themselves or by their extension; top-level functions and variables.
final class DeclarationCollector: SyntaxVisitor {
    private(set) var names: Set<String> = []
    private var extensionAccess: [Bool] = []

    private static func isVisible(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["public", "open", "package"].contains($0.name.text) }
    }

    private func type(_ name: TokenSyntax, _ modifiers: DeclModifierListSyntax) -> SyntaxVisitorContinueKind {
        if Self.isVisible(modifiers) { names.insert(name.text) }
        return .visitChildren
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { type(node.name, node.modifiers) }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { type(node.name, node.modifiers) }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { type(node.name, node.modifiers) }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { type(node.name, node.modifiers) }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { type(node.name, node.modifiers) }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { type(node.name, node.modifiers) }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extensionAccess.append(Self.isVisible(node.modifiers))
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        extensionAccess.removeLast()
    }

    /// A member of an extension, or a top-level declaration, that other modules see.
    private func isShared(_ node: some SyntaxProtocol, _ modifiers: DeclModifierListSyntax) -> Bool {
        // A member: the declaration, its item, the item list, the member block, the extension.
        let inExtension = node.parent?.parent?.parent?.parent?.is(ExtensionDeclSyntax.self) == true
        // At the top: the declaration, its code block item, the item list, the file.
        let topLevel = node.parent?.parent?.parent?.is(SourceFileSyntax.self) == true
        guard inExtension || topLevel else { return false }
        return Self.isVisible(modifiers) || (inExtension && extensionAccess.last == true && !modifiers.contains { ["private", "fileprivate", "internal"].contains($0.name.text) })
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        if isShared(node, node.modifiers) { names.insert(node.name.text) }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if isShared(node, node.modifiers) {
            for binding in node.bindings { if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text { names.insert(name) } }
        }
        return .skipChildren
    }
}

/// The first use of one of a module's names in a file: a type name in a type or an expression, or a member referenced
/// as `.name`, `\.name` or `name(`.
final class UseFinder: SyntaxVisitor {
    let names: Set<String>
    private(set) var first: (name: String, position: AbsolutePosition)?

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    private func found(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
        let name = token.text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
        guard first == nil, names.contains(name) else { return first == nil ? .visitChildren : .skipChildren }
        first = (name, token.positionAfterSkippingLeadingTrivia)
        return .skipChildren
    }

    override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind { found(node.name) }
    override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
        _ = found(node.name)
        return first == nil ? .visitChildren : .skipChildren
    }

    override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
        guard first == nil else { return .skipChildren }
        let parent = node.parent
        let isMember = parent?.as(MemberAccessExprSyntax.self)?.declName == node
        let isKeyPath = parent?.is(KeyPathPropertyComponentSyntax.self) == true
        let isCall = parent?.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self) == node
        let isType = node.baseName.text.first?.isUppercase == true
        return isMember || isKeyPath || isCall || isType ? found(node.baseName) : .visitChildren
    }
}
