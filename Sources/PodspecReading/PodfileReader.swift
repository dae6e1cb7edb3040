import Diagnostics
import Files
import Foundation
import Paths

/// A `pod` line of a Podfile that names a local pod: `pod 'NXKit', :path => '../NXKit'` (or `path: '…'`).
public struct PodfilePathPod: Sendable, Equatable {
    public var name: String
    /// As written, relative to the Podfile's folder.
    public var path: String
    /// The `target` blocks it is inside, outermost first (`abstract_target`s included).
    public var targets: [String]
    public var location: FileLocation
}

/// A `pod` line: `pod 'Home'`, `pod 'NXUI/Core', :path => '../NXUI'`, `pod 'NXKit', :subspecs => ['Colors']`.
public struct PodfilePod: Sendable, Equatable {
    /// As written: a pod, or a pod and its subspec (`NXUI/Core`).
    public var name: String
    /// `:path`, as written (relative to the Podfile's folder); nil for a pod from a specs repository.
    public var path: String?
    /// `:subspecs => [...]`, as written.
    public var subspecs: [String] = []
    public var location: FileLocation

    /// The pod the line names (`NXUI` for `NXUI/Core`).
    public var podName: String { name.split(separator: "/").first.map(String.init) ?? name }

    /// The products the line gives a target: the pod or subspec named, or each of `:subspecs`.
    public var products: [String] {
        subspecs.isEmpty ? [name] : subspecs.map { podName + "/" + $0 }
    }
}

/// One target definition of a Podfile: `target 'App' do … end`, an `abstract_target`, or the Podfile itself (the root,
/// abstract, whose pods every target inherits).
public struct PodfileTarget: Sendable, Equatable {
    /// How a nested target takes its parent's pods (`inherit!`).
    public enum Inheritance: String, Sendable, Equatable {
        /// The default: the parent's pods are the target's too.
        case complete
        /// `inherit! :search_paths`: the parent's pods are found (imports compile) but not linked (a test bundle of an
        /// app that links them).
        case searchPaths = "search_paths"
        /// `inherit! :none`.
        case none
    }

    public var name: String
    /// The root and `abstract_target`s (and targets marked `abstract!`) name no Xcode target.
    public var isAbstract: Bool
    /// The enclosing definition's index; nil for the root.
    public var parent: Int?
    public var inheritance: Inheritance = .complete
    /// `project 'App/App.xcodeproj'` (or `xcodeproj 'App'`) in this definition, as written.
    public var project: String?
    /// Its own pods, in order.
    public var pods: [PodfilePod] = []
    /// The statements that may add pods the reader does not read (a file loaded by a computed path, a method defined
    /// elsewhere): the target's pods may be more than `pods`.
    public var unreadAdditions: [PodfileUnreadAddition] = []
    /// The `target` line; the Podfile for the root.
    public var location: FileLocation
}

/// A statement of a Podfile (or of a file it loads) that may add pods to its target without the reader knowing which:
/// `load` of a file it cannot read, a call of a method it does not define (`use_react_native!`), a computed pod name.
public struct PodfileUnreadAddition: Sendable, Equatable {
    /// What it is, as notes say it: `'use_react_native!', a method the Podfile does not define`.
    public var construct: String
    public var location: FileLocation
}

/// What componentize reads of a Podfile: its target definitions with their pods, as CocoaPods nests them.
///
/// `target` and `abstract_target` blocks (nested), `inherit!`, `project`/`xcodeproj`, `abstract!`, `pod` lines with
/// `:path` and `:subspecs`, `def` helpers called by name, and `if`/`unless`/`case` blocks and modifiers (their pods are
/// read whatever the condition: a pod any branch adds is one the target may have). Settings (`platform`,
/// `use_frameworks!`, `source`, `install!`, …) are read past; `pre_install`/`post_install` hooks are skipped. A pod line
/// the reader cannot evaluate (a name or path computed at run time) is a note at its line, and the rest is read.
/// A file the Podfile reads in (`load 'modules.rb'`, `require_relative`, `eval(File.read(…))`, ``RubyLoadedFile``) is
/// read where the statement stands, its places named in that file. What may add pods the reader cannot see (a file it
/// cannot read, a method defined nowhere it reads, a computed pod name) is an ``PodfileUnreadAddition`` of the target,
/// with a note: that target's pods are not all known.
public struct Podfile: Sendable, Equatable {
    /// The Podfile as messages name it.
    public var path: String
    /// The root first, then every `target` and `abstract_target` in the order written.
    public var targets: [PodfileTarget]
    /// Pod lines and constructs that could not be read, at their places.
    public var notes: [Note]

    /// How the note on a `project` the reader cannot evaluate begins.
    public static let unknownProject = "a project that is not a string"

    /// Whether a `project` line could not be read: some target integrates a project not known.
    public var hasUnknownProject: Bool { notes.contains { $0.message.hasPrefix(Self.unknownProject) } }

    /// Every `:path` pod, with the targets it is inside.
    public var pathPods: [PodfilePathPod] {
        targets.indices.flatMap { index in
            targets[index].pods.compactMap { pod in
                pod.path.map { PodfilePathPod(name: pod.name, path: $0, targets: enclosingNames(of: index), location: pod.location) }
            }
        }
    }

    /// The names CocoaPods may give a target's aggregate (after `Pods-`), its own name first: `App`, then each with its
    /// enclosing definitions' names before it (`Shared-App` for `target 'App'` inside `abstract_target 'Shared'`).
    public func labels(of index: Int) -> [String] {
        let names = enclosingNames(of: index)
        guard !names.isEmpty else { return [targets[index].name] }
        return (0..<names.count).reversed().map { names[$0...].joined(separator: "-") }
    }

    /// The names of the definitions from the outermost to `index` (the root left out).
    func enclosingNames(of index: Int) -> [String] {
        var names: [String] = []
        var current: Int? = index
        while let at = current, let parent = targets[at].parent {
            names.insert(targets[at].name, at: 0)
            current = parent
        }
        return names
    }

    /// The pods a target's code can import: its own, and its parent's as its inheritance gives them (linked or found
    /// through search paths), up to the root.
    public func visiblePods(of index: Int) -> [PodfilePod] {
        inherited(\.pods, of: index)
    }

    /// The statements that may add pods to a target the reader does not read: its own, and its parent's as its
    /// inheritance gives them, up to the root.
    public func unreadAdditions(of index: Int) -> [PodfileUnreadAddition] {
        inherited(\.unreadAdditions, of: index)
    }

    /// A target's own items and its parents' as its inheritance gives them, up to the root.
    private func inherited<Item>(_ items: KeyPath<PodfileTarget, [Item]>, of index: Int) -> [Item] {
        var found = targets[index][keyPath: items]
        var current = index
        while targets[current].inheritance != .none, let parent = targets[current].parent {
            found += targets[parent][keyPath: items]
            current = parent
        }
        return found
    }

    /// The project a target integrates, as written: its own `project`, else its nearest enclosing definition's.
    public func project(of index: Int) -> String? {
        var current: Int? = index
        while let at = current {
            if let project = targets[at].project { return project }
            current = targets[at].parent
        }
        return nil
    }
}

/// Reads a Podfile without Ruby (the Ruby subset Podfiles are written in: ``RubyLexer``).
public struct PodfileReader: Sendable {
    public init() {}

    /// The Podfile at `path`, its places named `shownAs` (the path as messages name it).
    public func read(path: String, shownAs shown: String? = nil, fileSystem: any FileSystem) throws -> Podfile {
        guard let text = fileSystem.text(of: path, upTo: PodspecStaticReader.maximumBytes) else {
            throw InputError("cannot read this Podfile as UTF-8 text", at: FileLocation(path: shown ?? path))
        }
        let folder = PathArithmetic.lexical(PathArithmetic.join(path, ".."))
        let shownFolder = PathArithmetic.lexical(PathArithmetic.join(shown ?? path, ".."))
        return try read(source: text, path: shown ?? path, folder: (folder, shownFolder)) { fileSystem.text(of: $0, upTo: PodspecStaticReader.maximumBytes) }
    }

    /// The Podfile; an error at its place when its text cannot be split into Ruby tokens or a block is never closed.
    /// `folder`: the Podfile's folder as read and as messages name it, from which `files` reads the files it loads.
    public func read(source: String, path: String, folder: (real: String, shown: String)? = nil,
                     files: @escaping (String) -> String? = { _ in nil }) throws -> Podfile {
        let tokens: [RubyToken]
        do {
            tokens = try RubyLexer.tokens(of: source)
        } catch let error as RubySyntaxError {
            throw InputError(error.message, at: FileLocation(path: path, line: error.line, column: error.column))
        }
        let shownFolder = PathArithmetic.lexical(PathArithmetic.join(path, ".."))
        let source = PodfileWalker.Source(tokens: tokens, path: path, folder: folder?.real ?? shownFolder, shownFolder: folder?.shown ?? shownFolder)
        var walker = PodfileWalker(source: source, files: files)
        try walker.statements(until: nil)
        return Podfile(path: path, targets: walker.targets, notes: walker.notes)
    }
}

private struct PodfileWalker {
    /// A Ruby file being walked: the Podfile, or a file it loads.
    struct Source {
        var tokens: [RubyToken]
        /// As messages name it.
        var path: String
        /// Its folder, as read and as messages name it.
        var folder: String
        var shownFolder: String
    }

    var source: Source
    /// The Podfile's: `load 'x.rb'` is read from the folder `pod install` runs in.
    let podfile: Source
    let files: (String) -> String?
    /// The files being loaded (a file loading itself is read once).
    var loading: Set<String> = []
    var tokens: [RubyToken] { source.tokens }
    var path: String { source.path }
    var position = 0
    var targets: [PodfileTarget]
    /// The definition statements add to.
    var definition = 0
    var notes: [Note] = []
    var locals: [String: PodValue] = [:]
    /// How many blocks given to a method the reader does not know the statement is inside.
    var insideUnknown = 0
    /// Every local variable assigned, its value known or not: a statement starting with one calls no method.
    var assigned: Set<String> = []
    /// `def` helpers: the file, the token range of each body and the names of its parameters, by name.
    var helpers: [String: (source: Source, body: Range<Int>, parameters: Set<String>)] = [:]
    /// Helpers being walked (a helper that calls itself is walked once).
    var calling: Set<String> = []

    init(source: Source, files: @escaping (String) -> String?) {
        self.source = source
        podfile = source
        self.files = files
        targets = [PodfileTarget(name: "Pods", isAbstract: true, location: FileLocation(path: source.path))]
    }

    var token: RubyToken { tokens[position] }
    /// The token after the current one (the last token, the end, repeats).
    var next: RubyToken { tokens[min(position + 1, tokens.count - 1)] }

    mutating func advance() {
        if position < tokens.count - 1 { position += 1 }
    }

    func location(_ token: RubyToken) -> FileLocation {
        FileLocation(path: path, line: token.line, column: token.column)
    }

    /// A helper's body walked at each of its calls says the same at the same place: once.
    mutating func note(_ message: String, at token: RubyToken) {
        let note = Note(message, at: location(token))
        if !notes.contains(where: { $0.message == note.message && $0.location == note.location }) { notes.append(note) }
    }

    /// Keywords that separate the branches of a condition: their line is read past, the statements after them are read.
    static let branchKeywords: Set<String> = ["else", "elsif", "when", "then", "in", "rescue", "ensure"]

    mutating func statements(until closer: String?) throws {
        while true {
            while token.kind == .newline || token.kind == .punctuation(";") { advance() }
            if token.kind == .end {
                guard closer == nil else { throw InputError("a 'do' block that is never closed with 'end'", at: location(token)) }
                return
            }
            if let closer, token.kind == .identifier(closer) {
                advance()
                return
            }
            try statement()
        }
    }

    mutating func statement() throws {
        let start = token
        guard case .identifier(let word) = token.kind else { return try skipStatement() }
        switch word {
        case "target", "abstract_target": try target(abstract: word == "abstract_target", at: start)
        case "pod": pod(at: start)
        case "inherit!": inherit(at: start)
        case "project", "xcodeproj": project(at: start)
        case "abstract!":
            targets[definition].isAbstract = true
            skipLine()
        case "if", "unless", "case", "while", "until":
            // Every branch is read: a pod any of them adds is one the target may have.
            skipLine()
            try statements(until: "end")
        case _ where Self.branchKeywords.contains(word):
            skipLine()
        case "def": try define(at: start)
        case _ where RubyLoadedFile.keywords.contains(word) && next.kind != .punctuation("="): load(word, at: start)
        // A `module` or `class` of a loaded file defines methods and constants, no pod of a target.
        case "pre_install", "post_install", "post_integrate", "pre_integrate", "begin", "for", "module", "class":
            try skipBlock(at: start)
        case _ where helpers[word] != nil && next.kind != .punctuation("="):
            try call(word, at: start)
        default:
            try assignmentOrSetting(at: start)
        }
    }

    mutating func target(abstract: Bool, at start: RubyToken) throws {
        advance()
        let names = values(untilBlock: true)
        guard case .string(let name)? = names?.first else {
            unread("a target whose name is computed (only a literal name is read)", at: start)
            return try skipBlock(at: start)
        }
        targets.append(PodfileTarget(name: name, isAbstract: abstract, parent: definition, location: location(start)))
        // `target 'App'` without a block is a target all the same, with what its enclosing target gives it.
        guard token.kind == .identifier("do") else { return skipLine() }
        advance()
        if token.kind == .punctuation("|") { skipBlockParameters() }
        let enclosing = definition
        definition = targets.count - 1
        try statements(until: "end")
        definition = enclosing
    }

    mutating func pod(at start: RubyToken) {
        advance()
        guard case .string(let parts) = token.kind, parts.count <= 1, case .text(let name) = parts.first ?? .text("") else {
            unread("a pod whose name is computed (only a literal name is read)", at: start)
            return skipLine()
        }
        var pod = PodfilePod(name: name, location: location(start))
        advance()
        guard let arguments = values(untilBlock: false) else {
            note("this pod's options are computed, so its :path is not known: the pod is matched by its name", at: start)
            targets[definition].pods.append(pod)
            return skipLine()
        }
        for case .hash(let options) in arguments {
            for (key, value) in options {
                switch (key, value) {
                case ("path", .string(let written)): pod.path = Self.folder(of: written)
                // `:podspec => './X.podspec'`: the pod's own podspec file in the repository (not one at a URL, nor a file of
                // another name, whose folder says nothing of where X.podspec is) names the pod's folder too.
                case ("podspec", .string(let written)) where !written.contains("://") && Self.namesOwnPodspec(written, of: name):
                    pod.path = pod.path ?? Self.folder(of: written)
                case ("subspecs", .array(let items)): pod.subspecs = items.compactMap { if case .string(let item) = $0 { return item } else { return nil } }
                default: continue
                }
            }
        }
        targets[definition].pods.append(pod)
        skipLine()
    }

    /// The pod's folder: a `:path` may name the podspec file itself (`:path => 'Core.podspec'`), as CocoaPods accepts.
    static func folder(of written: String) -> String {
        guard written.hasSuffix(".podspec") || written.hasSuffix(".podspec.json") else { return written }
        guard let slash = written.lastIndex(of: "/") else { return "." }
        return written[..<slash].isEmpty ? "/" : String(written[..<slash])
    }

    static func namesOwnPodspec(_ written: String, of pod: String) -> Bool {
        let file = written.split(separator: "/").last.map(String.init) ?? written
        let name = pod.split(separator: "/").first.map(String.init) ?? pod
        return file == name + ".podspec" || file == name + ".podspec.json"
    }

    mutating func inherit(at start: RubyToken) {
        advance()
        if case .symbol(let mode) = token.kind, let inheritance = PodfileTarget.Inheritance(rawValue: mode) {
            targets[definition].inheritance = inheritance
        } else {
            note("inherit! takes :complete, :search_paths or :none; the target keeps inheriting everything", at: start)
        }
        skipLine()
    }

    mutating func project(at start: RubyToken) {
        advance()
        if case .string(let written)? = values(untilBlock: false)?.first {
            targets[definition].project = written
        } else {
            note(Podfile.unknownProject + ": the target's project is not known", at: start)
        }
        skipLine()
    }

    /// `def name … end`: kept to be walked where it is called.
    mutating func define(at start: RubyToken) throws {
        advance()
        guard case .identifier(let name) = token.kind else { return try skipBlock(at: start, opened: true) }
        // `def helper(name, options = {})`, `def helper name`: a parameter is a local of the body, no method.
        var parameters: Set<String> = []
        var previous = token.kind
        advance()
        while token.kind != .newline && token.kind != .end {
            if case .identifier(let parameter) = token.kind, [.identifier(name), .punctuation("("), .punctuation(","), .punctuation("*"), .punctuation("**"), .punctuation("&")].contains(previous) {
                parameters.insert(parameter)
            }
            previous = token.kind
            advance()
        }
        let bodyStart = position
        try skipBody(at: start)
        helpers[name] = (source, bodyStart..<position, parameters)
    }

    /// Walks a helper's body in the current target, as Ruby runs it where it is called.
    mutating func call(_ name: String, at start: RubyToken) throws {
        skipLine()
        guard let helper = helpers[name], calling.insert(name).inserted else { return }
        let resume = (source, position, assigned)
        source = helper.source
        position = helper.body.lowerBound
        assigned.formUnion(helper.parameters)
        // The body ends at the `end` the definition closed with.
        try statements(until: "end")
        (source, position, assigned) = resume
        calling.remove(name)
    }

    /// A statement that may add pods the reader does not see: noted, and kept with the target it adds them to.
    mutating func unread(_ construct: String, at start: RubyToken) {
        let name = definition == 0 ? "every target" : "target '\(targets[definition].name)'"
        note("\(construct): the pods it may add to \(name) are not read, so imports of pods the Podfile does not name there are undecided", at: start)
        let addition = PodfileUnreadAddition(construct: construct, location: location(start))
        if !targets[definition].unreadAdditions.contains(addition) { targets[definition].unreadAdditions.append(addition) }
    }

    /// `load 'modules.rb'`, `require_relative 'pods'`, `eval(File.read('pods.rb'))`: the file's statements are walked
    /// here, as Ruby runs them (its `def`s become helpers, its `pod` lines the current target's).
    mutating func load(_ keyword: String, at start: RubyToken) {
        advance()
        var arguments: [RubyToken] = []
        while token.kind != .newline && token.kind != .end {
            arguments.append(token)
            advance()
        }
        let written: String, fromFile: Bool
        switch RubyLoadedFile.named(by: keyword, arguments: arguments) {
        case .library: return
        case .computed: return unread("'\(keyword)' of a file whose path is computed", at: start)
        case .file(let file, let relative): (written, fromFile) = (file, relative)
        }
        let base = fromFile ? source : podfile
        let real = RubyLoadedFile.resolve(written, from: base.folder)
        guard loading.insert(real).inserted else { return }
        defer { loading.remove(real) }
        // A required file defines methods (a call of one the reader does not know is noted where it is called); a loaded or
        // evaluated one runs in place, and may add pods there.
        let notRead = { (walker: inout PodfileWalker, why: String) in
            let construct = "'\(keyword)' of '\(written)', \(why)"
            if keyword.hasPrefix("require") { walker.note(construct + ": the methods it defines are not known", at: start) } else { walker.unread(construct, at: start) }
        }
        guard let text = files(real) else { return notRead(&self, "a file that cannot be read") }
        let loaded: [RubyToken]
        do {
            loaded = try RubyLexer.tokens(of: text)
        } catch {
            return notRead(&self, "a file the reader cannot split into Ruby tokens")
        }
        let shown = RubyLoadedFile.resolve(written, from: base.shownFolder)
        let resume = (source, position)
        source = Source(tokens: loaded, path: shown, folder: PathArithmetic.lexical(PathArithmetic.join(real, "..")),
                        shownFolder: PathArithmetic.lexical(PathArithmetic.join(shown, "..")))
        position = 0
        let enclosing = definition
        do {
            try statements(until: nil)
        } catch {
            (source, position) = resume
            definition = enclosing
            return notRead(&self, "a file with a block never closed")
        }
        (source, position) = resume
        definition = enclosing
    }

    mutating func assignmentOrSetting(at start: RubyToken) throws {
        if next.kind == .punctuation("="), case .identifier(let name) = token.kind {
            advance()
            advance()
            // A value the reader cannot evaluate (`Gem::Version.new('1.10')`) leaves the name unknown: a pod that uses
            // it is not read, with a note at its line.
            // `config = use_native_modules!`: a method defined nowhere the reader reads may add pods as it computes a value.
            if case .identifier(let callee) = token.kind, !Self.settings.contains(callee), !assigned.contains(callee), helpers[callee] == nil, insideUnknown == 0,
               !["true", "false", "nil", "__dir__", "__FILE__"].contains(callee) {
                unread("'\(callee)', a method the Podfile does not define", at: token)
            }
            assigned.insert(name)
            if let assigned = values(untilBlock: false), assigned.count == 1 { locals[name] = assigned[0] } else { locals[name] = nil }
            return skipLine()
        }
        // A setting (`platform :ios, '13.0'`, `use_frameworks!`, `source '…'`): read past it. A method the Podfile does
        // not define (`use_react_native!`, one of a file it cannot read) may add pods.
        guard case .identifier(let word) = token.kind, !Self.settings.contains(word), !assigned.contains(word), insideUnknown == 0 else {
            advance()
            return try skipStatement()
        }
        unread("'\(word)', a method the Podfile does not define", at: start)
        // The block it is given (`catalyst_configuration do … end`) runs as that method says: its pod lines are read, its
        // calls are the method's own (noted once, here).
        insideUnknown += 1
        defer { insideUnknown -= 1 }
        advance()
        try skipStatement()
    }

    /// The Podfile's own words that add no pod, and Ruby's that print or stop.
    static let settings: Set<String> = [
        "platform", "use_frameworks!", "use_modular_headers!", "inhibit_all_warnings!", "source", "workspace", "install!", "plugin",
        "ensure_bundler!", "supports_swift_versions", "link_with", "generate_bridge_support!", "set_arc_compatibility_flag!",
        "script_phase", "puts", "print", "p", "pp", "warn", "raise", "abort", "exit", "return", "next", "break", "end",
    ]

    /// Reads past the rest of a statement; the statements of a block it opens (`%w[A B].each do |name|`) are read in
    /// the current target, as Ruby runs them there.
    mutating func skipStatement() throws {
        while token.kind != .newline && token.kind != .end {
            if token.kind == .identifier("do") {
                advance()
                if token.kind == .punctuation("|") { skipBlockParameters() }
                return try statements(until: "end")
            }
            advance()
        }
    }

    mutating func skipLine() {
        while token.kind != .newline && token.kind != .end { advance() }
    }

    mutating func skipBlockParameters() {
        advance()
        while token.kind != .punctuation("|") && token.kind != .newline && token.kind != .end { advance() }
        advance()
    }

    /// Skips from a statement's first token to the `end` closing the block it opens; `opened`: the opening keyword was
    /// already passed (`do` of a setting, `def`'s name).
    mutating func skipBlock(at start: RubyToken, opened: Bool = false) throws {
        if opened {
            while token.kind != .newline && token.kind != .end { advance() }
            return try skipBody(at: start)
        }
        var depth = 0
        var atStatementStart = true
        while token.kind != .end {
            if case .identifier(let word) = token.kind {
                if word == "end" {
                    depth -= 1
                    advance()
                    if depth == 0 { return }
                    atStatementStart = false
                    continue
                }
                if Self.opens(word, atStatementStart: atStatementStart) { depth += 1 }
            }
            atStatementStart = Self.startsStatement(token)
            advance()
        }
        throw InputError("a block that is never closed with 'end'", at: location(start))
    }

    /// Skips the statements of a block already opened, through its `end`.
    mutating func skipBody(at start: RubyToken) throws {
        var depth = 1
        var atStatementStart = true
        while token.kind != .end {
            if case .identifier(let word) = token.kind {
                if word == "end" {
                    depth -= 1
                    if depth == 0 { return advance() }
                } else if Self.opens(word, atStatementStart: atStatementStart) {
                    depth += 1
                }
            }
            atStatementStart = Self.startsStatement(token)
            advance()
        }
        throw InputError("a block that is never closed with 'end'", at: location(start))
    }

    /// Whether a word opens a block closed by `end` (a modifier `if` after code opens none).
    static func opens(_ word: String, atStatementStart: Bool) -> Bool {
        ["do", "def", "class", "module", "begin", "case"].contains(word)
            || (["if", "unless", "while", "until", "for"].contains(word) && atStatementStart)
    }

    static func startsStatement(_ token: RubyToken) -> Bool {
        token.kind == .newline || token.kind == .punctuation(";") || token.kind == .punctuation("(") || token.kind == .punctuation("=")
    }

    /// Comma-separated literal values up to the end of the line (or a `do`, or a modifier `if`/`unless`): strings,
    /// symbols, booleans, arrays and hashes of them, local variables holding them; nil when something else is there.
    mutating func values(untilBlock: Bool) -> [PodValue]? {
        var result: [PodValue] = []
        var pendingLabel: String?
        var hash: [(String, PodValue)] = []
        func flushHash() {
            if !hash.isEmpty { result.append(.hash(hash)); hash = [] }
        }
        while token.kind != .newline && token.kind != .end && !(untilBlock && token.kind == .identifier("do")) {
            if token.kind == .identifier("if") || token.kind == .identifier("unless") { break }
            guard let value = valueOrLabel(&pendingLabel) else { return nil }
            if let value {
                if let label = pendingLabel {
                    hash.append((label, value))
                    pendingLabel = nil
                } else if next.kind == .punctuation("=>"), case .string(let key) = value {
                    pendingLabel = key
                } else {
                    flushHash()
                    result.append(value)
                }
            }
            advance()
        }
        flushHash()
        return result
    }

    /// The value at the current token; `.some(nil)` for punctuation between values or a label; nil for what cannot be
    /// read.
    mutating func valueOrLabel(_ pendingLabel: inout String?) -> PodValue?? {
        switch token.kind {
        case .string(let parts):
            var text = ""
            for part in parts {
                guard case .text(let piece) = part else { return nil }
                text += piece
            }
            return .some(.string(text))
        case .symbol(let name): return .some(.string(name))
        case .identifier("true"): return .some(.bool(true))
        case .identifier("false"): return .some(.bool(false))
        case .identifier(let name) where locals[name] != nil: return .some(locals[name])
        case .identifier(let name) where next.kind == .punctuation(":"):
            pendingLabel = name
            advance()
            return .some(nil)
        case .punctuation(","), .punctuation("=>"), .punctuation("("), .punctuation(")"):
            return .some(nil)
        case .punctuation("["):
            return array().map { .some($0) }
        case .words(let words):
            return .some(.array(words.map { .string($0) }))
        default:
            return nil
        }
    }

    /// `['Debug', 'Release']`: its string items; nil when an item is not a string.
    mutating func array() -> PodValue? {
        advance()
        var items: [PodValue] = []
        while token.kind != .punctuation("]") && token.kind != .end && token.kind != .newline {
            switch token.kind {
            case .string(let parts):
                guard case .text(let piece)? = parts.first, parts.count == 1 else { return nil }
                items.append(.string(piece))
            case .symbol(let name): items.append(.string(name))
            case .punctuation(","): break
            default: return nil
            }
            advance()
        }
        return .array(items)
    }
}
