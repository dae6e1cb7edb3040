import Diagnostics
import Files
import Paths
import Yams

/// An XcodeGen spec with every file it includes merged in, as XcodeGen merges them: each included file (itself with
/// its own includes) merged in order, then the including file's own values over them.
struct SpecLoading {
    var fileSystem: any FileSystem
    /// How messages name a file (absolute in, as shown out).
    var shown: (String) -> String
    /// Every file read, in the order read.
    private(set) var files: [String] = []

    init(fileSystem: any FileSystem, shown: @escaping (String) -> String) {
        self.fileSystem = fileSystem
        self.shown = shown
    }

    /// Real specs and their includes are a few kilobytes; a file this large is not one.
    static let maximumSize = 4 << 20

    /// Where an included file is looked for. XcodeGen 2.33 and later resolve an include written in a file that was
    /// itself included with `relativePaths: false` from that file's includer's base (so a chain of such includes starts
    /// from the main spec's folder); earlier versions from the folder of the file that writes it. The two agree unless
    /// such a chain nests.
    enum IncludeRule: Sendable {
        case current
        case before2_33
    }

    /// Where one file of the spec lies, as XcodeGen's `SpecFile` tracks it: `folder` is where a `relativePaths` include
    /// it writes is looked for (its own folder, unless it was included with `relativePaths: false`), `includeBase` where
    /// a `relativePaths: false` one is, and `pathBase` the folder its relative paths (sources, configFiles) start from.
    struct Frame {
        var folder: String
        var includeBase: String
        var pathBase: String

        init(mainSpec path: String) {
            folder = PathArithmetic.resolve("..", from: path)
            includeBase = folder
            pathBase = folder
        }

        init(folder: String, includeBase: String, pathBase: String) {
            self.folder = folder
            self.includeBase = includeBase
            self.pathBase = pathBase
        }

        /// The file `include` names, and the frame it is read in.
        func including(_ include: Include, by file: String, rule: IncludeRule) -> (path: String, frame: Frame) {
            let pathBase = include.relativePaths ? PathArithmetic.resolve("..", from: PathArithmetic.resolve(include.path, from: pathBase)) : pathBase
            if rule == .before2_33 {
                let path = PathArithmetic.resolve(include.path, from: PathArithmetic.resolve("..", from: file))
                let folder = PathArithmetic.resolve("..", from: path)
                return (path, Frame(folder: folder, includeBase: folder, pathBase: pathBase))
            }
            guard include.relativePaths else {
                let path = PathArithmetic.resolve(include.path, from: includeBase)
                return (path, Frame(folder: includeBase, includeBase: includeBase, pathBase: pathBase))
            }
            let path = PathArithmetic.resolve(include.path, from: folder)
            return (path, Frame(folder: PathArithmetic.resolve("..", from: path), includeBase: folder, pathBase: pathBase))
        }
    }

    /// The merged spec of the file at `path` (absolute). Its includes are looked for as the current XcodeGen does; a
    /// spec whose nested includes only XcodeGen before 2.33 finds (it was written for that version) is read that way.
    mutating func load(_ path: String) throws -> SpecNode {
        do {
            return try load(path, frame: Frame(mainSpec: path), rule: .current, chain: [], includedAt: nil)
        } catch let missing as SpecUsedElsewhere {
            files = []
            guard let earlier = try? load(path, frame: Frame(mainSpec: path), rule: .before2_33, chain: [], includedAt: nil) else {
                throw missing
            }
            return earlier
        }
    }

    /// `chain`: the files including this one, outermost first, to refuse a cycle; `includedAt`: the include entry.
    private mutating func load(_ path: String, frame: Frame, rule: IncludeRule, chain: [String], includedAt entry: SpecNode?) throws -> SpecNode {
        let base = frame.pathBase
        if let entry, chain.contains(path) {
            let cycle = (chain.drop { $0 != path } + [path]).map { PathArithmetic.lastComponent(of: $0) }.joined(separator: " → ")
            throw InputError("include cycle: \(cycle); XcodeGen cannot load this spec", at: entry.location(shownAs: shown))
        }
        // XcodeGen merges a file included twice (by two others) once.
        if entry != nil, files.contains(path) {
            return SpecNode(value: .mapping([]), origin: .init(file: path, line: 1, column: 1, base: base))
        }
        let text = try read(path, includedAt: entry)
        files.append(path)
        let root: Yams.Node?
        do {
            root = try Yams.compose(yaml: text)
        } catch let error as YamlError {
            throw Self.inputError(error, path: shown(path))
        }
        guard let root else {
            return SpecNode(value: .mapping([]), origin: .init(file: path, line: 1, column: 1, base: base))
        }
        let spec = SpecNode(root, file: path, base: base)
        guard spec.entries != nil else {
            throw InputError("an XcodeGen spec is a mapping (name:, targets:, …); this file holds \(root.sequence != nil ? "a list" : "a single value")",
                             at: FileLocation(path: shown(path), line: 1, column: 1))
        }
        var merged = SpecNode(value: .mapping([]), origin: spec.origin)
        for include in Self.includes(of: spec) {
            guard include.enabled else { continue }
            let (included, includedFrame) = frame.including(include, by: path, rule: rule)
            let sub = try load(included, frame: includedFrame, rule: rule, chain: chain + [path], includedAt: include.node)
            merged = sub.merged(onto: merged)
        }
        var own = spec
        if case .mapping(let entries) = spec.value { own.value = .mapping(entries.filter { $0.key != "include" }) }
        return own.merged(onto: merged)
    }

    /// One `include:` entry: a path, or `path:` with `relativePaths:` and `enable:`.
    struct Include {
        var path: String
        var relativePaths: Bool
        var enabled: Bool
        var node: SpecNode
    }

    static func includes(of spec: SpecNode) -> [Include] {
        guard let value = spec["include"] else { return [] }
        let entries = value.items ?? [value]
        return entries.compactMap { entry in
            if let path = entry.string { return Include(path: path, relativePaths: true, enabled: true, node: entry) }
            guard let path = entry["path"]?.string else { return nil }
            return Include(path: path, relativePaths: entry["relativePaths"]?.bool ?? true, enabled: entry["enable"]?.bool ?? true, node: entry)
        }
    }

    private func read(_ path: String, includedAt entry: SpecNode?) throws -> String {
        let location = entry?.location(shownAs: shown) ?? FileLocation(path: shown(path))
        let what = entry == nil ? "" : "the included file \(shown(path)) "
        switch fileSystem.status(of: path) {
        case .file(let size) where size > Self.maximumSize:
            throw InputError("\(what)is \(size / 1024) KiB; an XcodeGen spec file is read up to \(Self.maximumSize / 1024) KiB", at: location)
        case .file: break
        case .missing, .brokenLink, .linkLoop:
            guard entry != nil else { throw InputError("no such file", at: location) }
            throw SpecUsedElsewhere(InputError("\(what)does not exist; XcodeGen cannot load this spec", at: location))
        case .folder, .other:
            throw InputError("\(what.isEmpty ? "it " : what)is not a file", at: location)
        }
        guard let bytes = fileSystem.contents(of: path, upTo: Self.maximumSize + 1) else {
            throw InputError("cannot read \(what.isEmpty ? "the file" : what)(check its permissions)", at: location)
        }
        guard let text = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw InputError("\(what)is not UTF-8 text", at: FileLocation(path: shown(path), line: 1, column: 1))
        }
        return text
    }

    static func inputError(_ error: YamlError, path: String) -> InputError {
        switch error {
        case let .scanner(_, problem, mark, _), let .parser(_, problem, mark, _), let .composer(_, problem, mark, _):
            return InputError("invalid YAML: \(problem)", at: FileLocation(path: path, line: mark.line, column: mark.column))
        default:
            return InputError("invalid YAML: \(error)", at: FileLocation(path: path))
        }
    }
}
