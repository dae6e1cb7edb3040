import Diagnostics
import Files
import Foundation
import Parallel
import Paths
import SourceText
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
/// module's when its extension of that type declares it, even when the toolchain declares the name on types of its own
/// (`@Dependency(\.numberFormatter)` is not MeasurementFormatter's), unless the type written is the toolchain's.
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

    /// Whether a use of a member the toolchain's modules declare too (`numberFormatter`, MeasurementFormatter's) may be
    /// the toolchain's: unless the code writes a type the toolchain does not declare (`\DependencyValues.x`,
    /// `@Dependency(\.x)`), on which only the extensions of the modules it sees can declare the member.
    static func mayBeToolchains(_ use: UseFinder.Use) -> Bool {
        guard ToolchainNames.names.contains(Substring(use.name)) else { return false }
        guard let root = use.root, !root.isEmpty else { return true }
        return ToolchainNames.names.contains(Substring(root))
    }

    /// The first use of each query's module in its target's files, in the queries' order; nil where there is none.
    ///
    /// Linear in the files and their words, whatever the number of modules a target asks about or sees: the words that
    /// the asked modules' files may declare in extensions are indexed once, each asking target's words are walked once
    /// against that index, and each file is parsed at most twice: its extensions' member level only, for the members
    /// they declare (``ExtensionText``); whole, for every name it declares and the names its own target asks about that
    /// it uses. Which files are parsed is the words' answer (``SourceWords``, from the import pass); what they declare
    /// and use is SwiftParser's.
    public static func firstUses(_ queries: [APIUseQuery], in groups: [SourceGroup], fileSystem: any FileSystem) -> [APIUse?] {
        let words = GroupWords(groups, used: Set(queries.flatMap { [$0.target, $0.module] + $0.seen }), fileSystem: fileSystem)
        let asking = AskingTargets(queries)
        let index = ExtensionWordIndex(words, modules: Set(queries.map(\.module)))
        let candidates = inSlices(of: asking.targets.count, minimumSliceSize: 4, slicesPerCore: 8) { slice in
            slice.map { asking.candidateFiles(of: $0, in: index, words: words) }
        }
        let moduleFiles = Array(Set(candidates.flatMap { $0.files.values.joined() })).sorted()
        let members = parse(moduleFiles, in: groups, fileSystem: fileSystem) { bytes, _ in extensionMembers(in: bytes) }
        // Each question's names: the members of its module's candidate files that tell a module and that its target's
        // files may use (no other name can be found used).
        let declared = queries.indices.map { index in
            let query = queries[index], target = candidates[asking.position[query.target] ?? 0]
            var names: [String: Set<String>] = [:]
            for file in target.files[query.module] ?? [] { names.merge(members[file] ?? [:]) { $0.union($1) } }
            return names.filter { !commonNames.contains($0.key) && target.words.contains(SourceWords.hash($0.key)) }
        }
        let found = TargetFiles.found(queries, asking: asking, declared: declared, words: words, groups: groups, fileSystem: fileSystem)
        return queries.indices.map { index in
            guard !declared[index].isEmpty, let files = found[asking.position[queries[index].target] ?? 0] else { return nil }
            return firstUse(of: declared[index], query: queries[index], in: files)
        }
    }

    /// Each of `files` read and given to `body` (with the file) once, on every core; a file that is not UTF-8 text is left out.
    static func parse<T: Sendable>(_ files: [GroupFile], in groups: [SourceGroup], fileSystem: any FileSystem,
                                   _ body: @escaping @Sendable ([UInt8], GroupFile) -> T?) -> [GroupFile: T] {
        let results = inSlicesOnThreads(of: files.count, minimumSliceSize: 8, slicesPerCore: 8, threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { index in text(of: files[index], in: groups, fileSystem: fileSystem).flatMap { body($0, files[index]) } }
        }
        var parsed: [GroupFile: T] = [:]
        parsed.reserveCapacity(files.count)
        for (file, result) in zip(files, results) { parsed[file] = result }
        return parsed
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
    /// extends. SwiftParser reads the file's extensions without the code of their members (``ExtensionText``), or the
    /// whole file when that cut cannot be made.
    static func extensionMembers(in bytes: [UInt8]) -> [String: Set<String>] {
        switch ExtensionText.reduced(bytes) {
        case .noExtension: return [:]
        case .text(let text): return members(parsing: text)
        case nil: return members(parsing: bytes)
        }
    }

    static func members(parsing bytes: [UInt8]) -> [String: Set<String>] {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        let collector = DeclarationCollector(viewMode: .sourceAccurate)
        collector.walk(tree)
        return collector.members
    }

    /// The first use that is the module's, in file order then source order; else the first whose owner cannot be told
    /// (another declaration of the name by the target or a module it sees, or an unreadable module), which is no
    /// finding either way.
    static func firstUse(of declared: [String: Set<String>], query: APIUseQuery, in files: TargetFiles) -> APIUse? {
        let groups = seenGroups(of: query)
        var undecided: APIUse?
        for uses in files.uses {
            for use in uses where declared[use.name] != nil && !mayBeToolchains(use) {
                if let root = use.root, declared[use.name]?.contains(root) != true { continue }
                var found = APIUse(name: use.name, location: use.location)
                // Another declaration of the name may be the one used: any, for a member whose type is not written; one
                // on that type (`@Dependency(\\.apiClient) var apiClient` is not on DependencyValues) for one whose type is.
                let others = groups.filter { group in
                    files.declarations[use.name]?[group].map { use.root == nil || $0.contains(use.root ?? "") } ?? false
                }
                if !others.isEmpty {
                    found.alsoDeclaredBy = others
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

    /// The groups whose declarations a query's target sees besides the module's: the target itself, then the modules
    /// it sees, each once.
    /// The groups of `lists`, each once, in the order first listed.
    static func orderedUnion(_ lists: [[Int]]) -> [Int] {
        var once: Set<Int> = []
        return lists.joined().filter { once.insert($0).inserted }
    }

    static func seenGroups(of query: APIUseQuery) -> [Int] {
        var once: Set<Int> = []
        return ([query.target] + query.seen).filter { $0 != query.module && once.insert($0).inserted }
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
}

/// The words that the asked modules' files may declare in an extension (the declarable words of their files that hold
/// `extension`, less the names that tell no module), each with those files: built once for a use pass.
struct ExtensionWordIndex: Sendable {
    var files: [UInt64: [GroupFile]] = [:]

    init(_ words: GroupWords, modules: Set<Int>) {
        for group in modules.sorted() {
            for (index, file) in words.files[group].enumerated() {
                guard let file, file.hasExtension else { continue }
                for word in file.declarable where !APIUsePass.commonNameHashes.contains(word) {
                    files[word, default: []].append(GroupFile(group: group, index: index))
                }
            }
        }
    }
}

/// The use pass's queries by the target that asks them, targets in the order they first ask.
struct AskingTargets: Sendable {
    /// Groups.
    var targets: [Int] = []
    /// The queries of each target, in order.
    var queries: [[Int]] = []
    /// The modules each target asks about.
    var modules: [Set<Int>] = []
    /// A target's place in ``targets`` by its group.
    var position: [Int: Int] = [:]

    init(_ all: [APIUseQuery]) {
        for (index, query) in all.enumerated() {
            if let known = position[query.target] {
                queries[known].append(index)
                modules[known].insert(query.module)
            } else {
                position[query.target] = targets.count
                targets.append(query.target)
                queries.append([index])
                modules.append([query.module])
            }
        }
    }

    /// What one pass over a target's words finds: the words where its files may use a member that tells a module (a
    /// toolchain's name only where a type may be written before it: ``SourceWords/rooted``), and the files of the
    /// modules it asks about that may declare one of them in an extension, by module, in file order.
    struct Candidates: Sendable {
        var words: Set<UInt64> = []
        var files: [Int: [GroupFile]] = [:]
    }

    func candidateFiles(of position: Int, in index: ExtensionWordIndex, words: GroupWords) -> Candidates {
        var candidates = Candidates()
        var found: [Int: Set<GroupFile>] = [:]
        for file in words.files[targets[position]] {
            guard let file else { continue }
            for word in file.used where !candidates.words.contains(word) {
                if APIUsePass.toolchainHashes.contains(word), !file.usesRooted(word) { continue }
                candidates.words.insert(word)
                for moduleFile in index.files[word] ?? [] where modules[position].contains(moduleFile.group) {
                    found[moduleFile.group, default: []].insert(moduleFile)
                }
            }
        }
        candidates.files = found.mapValues { $0.sorted() }
        return candidates
    }
}

/// What an asking target's questions need from the files it sees: the uses of their names in its own files, and who else
/// declares the names used.
struct TargetFiles: Sendable {
    /// The uses in each of the target's files that hold one of the names, in file order then source order.
    var uses: [[UseFinder.Use]] = []
    /// By name used and group (the target itself, or a module it sees): the types it declares the name in (`""` at a
    /// file's level).
    var declarations: [String: [Int: Set<String>]] = [:]

    /// What a parse of one file gives: what it declares, and the uses of its target's names.
    struct Parsed: Sendable {
        var declarations: [String: Set<String>] = [:]
        var uses: [UseFinder.Use] = []
    }

    /// What each asking target's questions need, by its place, every file parsed once: first its own files that may use
    /// one of its names (what they declare kept too), then, for the names found used, the files of the modules it sees
    /// whose declarable words hold one. Nil for a target with no name to ask about.
    static func found(_ queries: [APIUseQuery], asking: AskingTargets, declared: [[String: Set<String>]], words: GroupWords,
                      groups: [SourceGroup], fileSystem: any FileSystem) -> [TargetFiles?] {
        let names = asking.queries.map { indices in Set(indices.flatMap { declared[$0].keys }) }
        var usingTarget: [GroupFile: Int] = [:]
        for (position, target) in asking.targets.enumerated() where !names[position].isEmpty {
            // A toolchain's name is used only where its type may be written.
            let hashes = names[position].map { (SourceWords.hash($0), ToolchainNames.names.contains(Substring($0))) }
            for (index, file) in words.files[target].enumerated() where file.map({ file in
                hashes.contains { $0.1 ? file.usesRooted($0.0) : file.uses($0.0) }
            }) ?? false {
                usingTarget[GroupFile(group: target, index: index)] = position
            }
        }
        let planned = usingTarget
        let using = APIUsePass.parse(planned.keys.sorted(), in: groups, fileSystem: fileSystem) { bytes, file in
            parse(bytes, file: file, declarations: nil, uses: planned[file].map { names[$0] }, groups: groups)
        }
        // Who else declares a name matters only for the names a question finds used, and only until it is told.
        let needs = asking.queries.indices.map { position in
            DeclarationSearch.needs(asking.queries[position].map { declared[$0] }, in: using, of: asking.targets[position], words: words)
        }
        let seen = asking.queries.map { indices in APIUsePass.orderedUnion(indices.map { APIUsePass.seenGroups(of: queries[$0]) }) }
        var search = DeclarationSearch(needs: needs, seen: seen, words: words, parsed: using.mapValues(\.declarations))
        let allUsed = Set(needs.flatMap(\.keys))
        while case let wanted = search.next(), !wanted.isEmpty {
            let parsed = APIUsePass.parse(wanted, in: groups, fileSystem: fileSystem) { bytes, file in
                parse(bytes, file: file, declarations: allUsed, uses: nil, groups: groups).declarations
            }
            search.add(parsed, for: wanted)
        }
        return asking.targets.indices.map { position in
            guard !names[position].isEmpty else { return nil }
            let target = asking.targets[position]
            let uses = words.files[target].indices.compactMap { using[GroupFile(group: target, index: $0)]?.uses }.filter { !$0.isEmpty }
            return TargetFiles(uses: uses, declarations: search.declarations(of: position))
        }
    }

    private static func parse(_ bytes: [UInt8], file: GroupFile, declarations names: Set<String>?, uses: Set<String>?,
                              groups: [SourceGroup]) -> Parsed {
        let tree = bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        var parsed = Parsed()
        // A target's own file may declare a name another of its files uses: what it declares is kept whole.
        let collector = EveryNameCollector()
        collector.walk(tree)
        parsed.declarations = names.map { names in collector.declarations.filter { names.contains($0.key) } } ?? collector.declarations
        if let uses {
            let finder = UseFinder(names: uses)
            finder.walk(tree)
            if !finder.uses.isEmpty {
                let path = APIUsePass.shownPath(of: file, in: groups), lines = LineStarts(bytes)
                parsed.uses = finder.uses.map { use in
                    var located = use
                    let (line, column) = lines.lineAndColumn(of: use.position.utf8Offset)
                    located.location = FileLocation(path: path, line: line, column: column)
                    return located
                }
            }
        }
        return parsed
    }
}

/// Who declares the names a target uses, besides the module asked about: the target itself and each module it sees.
/// A group's files whose declarable words hold a name are parsed a few at a time, those already parsed and the smallest
/// first, only until what the target's uses of the name ask is told: whether the group declares it at all (a use whose
/// type is not written), and whether in each type a use writes.
struct DeclarationSearch: Sendable {
    /// What a target's uses of a name ask.
    struct Need: Sendable, Equatable {
        /// A use whose type is not written: any declaration of the name counts.
        var any = false
        /// The types uses write: a declaration in one of them counts for those uses.
        var roots: Set<String> = []
    }

    /// One name in one group, for one target.
    private struct Item: Sendable {
        var name: String
        var group: Int
        var need: Need
        var files: [GroupFile]
        var next = 0
        var types: Set<String> = []

        var isTold: Bool { (!need.any || !types.isEmpty) && need.roots.isSubset(of: types) }
    }

    /// By target's place.
    private var items: [[Item]] = []
    private var parsed: [GroupFile: [String: Set<String>]]
    private var batch = 1

    /// What a target's uses of its questions' names ask, by name: only the uses that are a question's (the type written,
    /// when it is, one the module extends).
    static func needs(_ questions: [[String: Set<String>]], in parsed: [GroupFile: TargetFiles.Parsed], of target: Int,
                      words: GroupWords) -> [String: Need] {
        var needs: [String: Need] = [:]
        for index in words.files[target].indices {
            for use in parsed[GroupFile(group: target, index: index)]?.uses ?? [] {
                guard questions.contains(where: { $0[use.name].map { types in use.root.map(types.contains) ?? true } ?? false }) else { continue }
                if let root = use.root { needs[use.name, default: Need()].roots.insert(root) } else { needs[use.name, default: Need()].any = true }
            }
        }
        return needs
    }

    /// `parsed`: what the files already parsed declare.
    init(needs: [[String: Need]], seen: [[Int]], words: GroupWords, parsed: [GroupFile: [String: Set<String>]]) {
        self.parsed = parsed
        let wanted = Set(needs.flatMap(\.keys).map(SourceWords.hash))
        var index: [UInt64: [GroupFile]] = [:]
        for group in Set(seen.joined()).sorted() {
            for (file, fileWords) in words.files[group].enumerated() {
                for word in fileWords?.declarable ?? [] where wanted.contains(word) { index[word, default: []].append(GroupFile(group: group, index: file)) }
            }
        }
        let size = { (file: GroupFile) in words.files[file.group][file.index].map { $0.declarable.count + $0.used.count } ?? 0 }
        items = Array(repeating: [], count: needs.count)
        for (position, byName) in needs.enumerated() {
            for (name, need) in byName.sorted(by: { $0.key < $1.key }) {
                let files = Dictionary(grouping: index[SourceWords.hash(name)] ?? [], by: \.group)
                for group in seen[position] {
                    guard let inGroup = files[group] else { continue }
                    let ordered = inGroup.sorted { (parsed[$0] == nil ? 1 : 0, size($0), $0) < (parsed[$1] == nil ? 1 : 0, size($1), $1) }
                    items[position].append(Item(name: name, group: group, need: need, files: ordered))
                }
            }
        }
    }

    /// The files to parse next: for each name not yet told, its next few files not parsed (twice as many each round).
    mutating func next() -> [GroupFile] {
        var wanted: Set<GroupFile> = []
        for position in items.indices {
            for index in items[position].indices {
                consumeParsed(&items[position][index])
                let item = items[position][index]
                guard !item.isTold, item.next < item.files.count else { continue }
                wanted.formUnion(item.files[item.next..<min(item.files.count, item.next + batch)])
            }
        }
        batch *= 2
        return wanted.sorted()
    }

    mutating func add(_ declarations: [GroupFile: [String: Set<String>]], for files: [GroupFile]) {
        for file in files { parsed[file] = declarations[file] ?? [:] }
    }

    /// The item's files already parsed, in order, until one is not or the item is told.
    private func consumeParsed(_ item: inout Item) {
        while !item.isTold, item.next < item.files.count, let declared = parsed[item.files[item.next]] {
            item.types.formUnion(declared[item.name] ?? [])
            item.next += 1
        }
    }

    /// By name and group, the types found so far for a target: enough to tell what its uses ask.
    func declarations(of position: Int) -> [String: [Int: Set<String>]] {
        var declarations: [String: [Int: Set<String>]] = [:]
        for item in items[position] where !item.types.isEmpty { declarations[item.name, default: [:]][item.group] = item.types }
        return declarations
    }
}

extension APIUsePass {
    /// An identifier's text without the backticks that escape it (`` `default` `` is `default`).
    static func unescaped(_ text: String) -> String {
        guard text.utf8.first == UInt8(ascii: "`") || text.utf8.last == UInt8(ascii: "`") else { return text }
        return text.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }

    static let commonNameHashes = Set(commonNames.map(SourceWords.hash))
    /// The hashes of the names the toolchain's modules declare: they tell a module only on a type the code writes.
    static let toolchainHashes = Set(ToolchainNames.names.map { SourceWords.hash($0.utf8) })
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
        members[APIUsePass.unescaped(name.text), default: []].insert(current.type)
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
        declarations[APIUsePass.unescaped(name.text), default: []].insert(types.last ?? "")
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
    struct Use: Sendable {
        var name: String
        var position: AbsolutePosition
        /// The type the member is looked up on, when written (`Color` in `Color.brand`); nil when inferred.
        var root: String?
        /// Where it is, once a converter of its file says.
        var location = FileLocation(path: "")
    }

    let names: Set<String>
    private(set) var uses: [Use] = []

    init(names: Set<String>) {
        self.names = names
        super.init(viewMode: .sourceAccurate)
    }

    private func found(_ token: TokenSyntax, root: String?) {
        let name = APIUsePass.unescaped(token.text)
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
