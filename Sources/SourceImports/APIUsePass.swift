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
    /// The groups whose declarations the target's files see besides the module's (the target's own, the modules it
    /// imports): a name one of them may declare tells no module.
    public var seen: [Int]

    public init(target: Int, module: Int, seen: [Int] = []) {
        self.target = target
        self.module = module
        self.seen = seen
    }
}

/// The first use of a module's API in a target's files.
public struct APIUse: Sendable, Equatable {
    /// The name used: a type the module declares, or a member of one of its extensions.
    public var name: String
    public var location: FileLocation
    /// The seen groups that declare the name too, when no name of the module only is used: the use may be theirs.
    public var alsoDeclaredBy: [Int] = []
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
    static let commonNames: Set<String> = Set([
        "init", "id", "body", "value", "description", "debugDescription", "hash", "hashValue", "rawValue", "count", "isEmpty", "first",
        "last", "map", "flatMap", "compactMap", "filter", "reduce", "forEach", "contains", "sorted", "name", "title", "text", "type", "data",
        "error", "result", "state", "action", "view", "make", "update", "reset", "start", "stop", "run", "load", "save", "get", "set",
        "shared", "default", "live", "test", "testValue", "liveValue", "previewValue", "preview", "mock", "none", "some", "success",
        "failure", "empty", "all", "key", "path", "url", "date", "index", "items", "content", "color", "image", "font", "size", "style",
        "label", "send", "call", "callAsFunction", "encode", "decode", "from", "to", "with", "some", "main", "current", "config",
        "configuration", "client", "model", "store", "reducer", "effect", "task", "cancel", "fetch", "request", "response",
    ]).union(standardLibraryMembers)

    /// Members of the standard library's types that packages also declare in extensions (SwiftSyntax's
    /// `TriviaPiece.isWhitespace`): `\.isWhitespace` on a `Character` names no module.
    static let standardLibraryMembers: Set<String> = [
        "isWhitespace", "isNewline", "isLetter", "isNumber", "isWholeNumber", "isPunctuation", "isSymbol", "isASCII", "isUppercase",
        "isLowercase", "isCased", "isHexDigit", "isMathSymbol", "isCurrencySymbol", "lowercased", "uppercased", "capitalized",
        "utf8", "utf16", "unicodeScalars", "properties", "asciiValue", "wholeNumberValue", "hexDigitValue", "trimmed", "reversed",
        "joined", "split", "prefix", "suffix", "dropFirst", "dropLast", "isSubset", "isSuperset", "union", "intersection",
        "subtracting", "removeAll", "append", "insert", "remove", "min", "max", "lines", "words", "offset", "distance",
    ]

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
        let names = Dictionary(uniqueKeysWithValues: zip(parsed, inSlices(of: parsed.count, minimumSliceSize: 8, slicesPerCore: 8) { slice in
            slice.map { text(of: parsed[$0], in: groups, fileSystem: fileSystem).map(declaredNames) ?? [] }
        }))
        return inSlices(of: queries.count, minimumSliceSize: 8, slicesPerCore: 8) { slice in
            slice.map { index in
                let query = queries[index]
                let declared = needed[index].reduce(into: Set<String>()) { $0.formUnion(names[$1] ?? []) }.subtracting(commonNames)
                let shared = alsoDeclared(declared, seenBy: query, groups: groups, words: words, fileSystem: fileSystem)
                if let use = firstUse(of: declared.subtracting(shared.keys), in: query.target, groups: groups, words: words, fileSystem: fileSystem) {
                    return use
                }
                guard var ambiguous = firstUse(of: Set(shared.keys), in: query.target, groups: groups, words: words, fileSystem: fileSystem) else {
                    return nil
                }
                ambiguous.alsoDeclaredBy = shared[ambiguous.name] ?? []
                return ambiguous
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

    /// What a module's file declares that another module can use.
    static func declaredNames(in bytes: [UInt8]) -> Set<String> {
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
        return collector.names
    }

    /// The names of `names` that another module the target's files see declares too, with the groups that do: a use of
    /// one does not tell which module it is. Files whose declarable words hold none of the names are not parsed.
    static func alsoDeclared(_ names: Set<String>, seenBy query: APIUseQuery, groups: [SourceGroup], words: GroupWords,
                             fileSystem: any FileSystem) -> [String: [Int]] {
        var found: [String: [Int]] = [:]
        let hashes = names.map(SourceWords.hash)
        for group in query.seen where group != query.module && group != query.target {
            for (index, file) in words.files[group].enumerated() {
                guard let file, hashes.contains(where: file.declares),
                      let bytes = text(of: GroupFile(group: group, index: index), in: groups, fileSystem: fileSystem) else { continue }
                let collector = MemberNameCollector()
                collector.walk(bytes.withUnsafeBufferPointer { Parser.parse(source: $0) })
                for name in collector.names.intersection(names) where found[name]?.last != group { found[name, default: []].append(group) }
            }
        }
        return found
    }

    /// The first use of one of `names` in a group's files, in file order then source order.
    static func firstUse(of names: Set<String>, in group: Int, groups: [SourceGroup], words: GroupWords, fileSystem: any FileSystem) -> APIUse? {
        guard !names.isEmpty else { return nil }
        let hashes = names.map(SourceWords.hash)
        for (index, fileWords) in words.files[group].enumerated() {
            guard let fileWords, hashes.contains(where: fileWords.has),
                  let bytes = text(of: GroupFile(group: group, index: index), in: groups, fileSystem: fileSystem) else { continue }
            let file = groups[group].files[index]
            let joined = PathArithmetic.join(groups[group].shownDirectory, file)
            let shown = file.hasPrefix("../") ? PathArithmetic.lexical(joined) : joined
            let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
            let finder = UseFinder(names: names)
            finder.walk(tree)
            if let (name, position) = finder.first {
                let location = SourceLocationConverter(fileName: shown, tree: tree).location(for: position)
                return APIUse(name: name, location: FileLocation(path: shown, line: location.line, column: location.column))
            }
        }
        return nil
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

/// The names a module's file declares for other modules: types (public, open, package) wherever they are; members of
/// extensions that are public, open or package themselves or by their extension; top-level functions and variables.
final class DeclarationCollector: SyntaxVisitor {
    private(set) var names: Set<String> = []
    private var extensionAccess: [Bool] = []

    private static func isVisible(_ modifiers: DeclModifierListSyntax) -> Bool {
        modifiers.contains { ["public", "open", "package"].contains($0.name.text) }
    }

    /// A name as uses spell it: without backticks.
    private func insert(_ name: TokenSyntax) {
        names.insert(name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`")))
    }

    private func type(_ name: TokenSyntax, _ modifiers: DeclModifierListSyntax) -> SyntaxVisitorContinueKind {
        if Self.isVisible(modifiers) { insert(name) }
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
        if isShared(node, node.modifiers) { insert(node.name) }
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        if isShared(node, node.modifiers) {
            for binding in node.bindings { if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier { insert(name) } }
        }
        return .skipChildren
    }
}

/// Every name a file declares for other modules, as a type, member, function, variable or case (public, open, package,
/// or in such an extension). Function bodies are not looked into.
final class MemberNameCollector: SyntaxVisitor {
    private(set) var names: Set<String> = []
    private var extensionAccess: [Bool] = []

    init() {
        super.init(viewMode: .sourceAccurate)
    }

    private func record(_ name: TokenSyntax, _ modifiers: DeclModifierListSyntax) {
        let open = modifiers.contains { ["public", "open", "package"].contains($0.name.text) }
        let closed = modifiers.contains { ["private", "fileprivate", "internal"].contains($0.name.text) }
        if open || (extensionAccess.last == true && !closed) {
            names.insert(name.text.trimmingCharacters(in: CharacterSet(charactersIn: "`")))
        }
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node.modifiers); return .visitChildren }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node.modifiers); return .visitChildren }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node.modifiers); return .visitChildren }
    override func visit(_ node: ActorDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node.modifiers); return .visitChildren }
    override func visit(_ node: ProtocolDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node.modifiers); return .visitChildren }
    override func visit(_ node: TypeAliasDeclSyntax) -> SyntaxVisitorContinueKind { record(node.name, node.modifiers); return .skipChildren }

    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind {
        extensionAccess.append(node.modifiers.contains { ["public", "open", "package"].contains($0.name.text) })
        return .visitChildren
    }

    override func visitPost(_ node: ExtensionDeclSyntax) {
        extensionAccess.removeLast()
    }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node.name, node.modifiers)
        return .skipChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings {
            if let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier { record(name, node.modifiers) }
        }
        return .skipChildren
    }

    override func visit(_ node: EnumCaseDeclSyntax) -> SyntaxVisitorContinueKind {
        for element in node.elements { record(element.name, node.modifiers) }
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
