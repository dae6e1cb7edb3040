import Diagnostics
import Files
import Parallel
import Paths
import SourceText

/// One target's files that may hold run-time wiring: those the source pass found holding a ``WiringPass/markers`` word,
/// and its BeeHive service lists.
public struct WiringSources: Sendable {
    /// A file (relative to ``directory``), its path as messages show it, and its bytes when they were read already
    /// (else the pass reads it).
    public struct File: Sendable, Equatable {
        public var path: String
        public var shown: String
        public var bytes: [UInt8]?

        public init(path: String, shown: String, bytes: [UInt8]? = nil) {
            self.path = path
            self.shown = shown
            self.bytes = bytes
        }
    }

    public var package: String
    public var target: String
    /// Absolute.
    public var directory: String
    public var files: [File]
    public var servicePlists: [File]
    /// Its other Objective-C and C files (headers above all): read only for the string constants ``files`` name and do
    /// not define (`static NSString *const kRouteHome = @"app://home";` in a header).
    public var constantFiles: [File]

    public init(package: String, target: String, directory: String, files: [File], servicePlists: [File] = [], constantFiles: [File] = []) {
        self.package = package
        self.target = target
        self.directory = directory
        self.files = files
        self.servicePlists = servicePlists
        self.constantFiles = constantFiles
    }
}

/// What one file says about run-time wiring, and the file as messages name it.
public struct WiredFile: Sendable, Equatable {
    public var path: String
    public var wiring: FileWiring
}

/// What one target's files say about run-time wiring, file by file.
public struct TargetWiring: Sendable {
    public var package: String
    public var target: String
    /// In the order of the target's files, then its service lists; files that say nothing left out.
    public var files: [WiredFile]

    public init(package: String, target: String, files: [WiredFile]) {
        self.package = package
        self.target = target
        self.files = files
    }

    /// Every fact, located, by file.
    public var facts: [LocatedWiringFact] {
        files.flatMap { file in file.wiring.facts.map { LocatedWiringFact($0, in: file.path) } }
    }

    /// The string constants its files define (the first definition of a name wins, in file order).
    public var constants: [String: String] {
        files.reduce(into: [:]) { constants, file in constants.merge(file.wiring.constants) { first, _ in first } }
    }

    /// What its files say of mediator classes (superclasses, implementations, naming macros).
    public var mediators: MediatorDeclarations {
        files.reduce(into: MediatorDeclarations()) { $0.merge($1.wiring.mediators) }
    }
}

/// The run-time wiring stage, between the source pass and the graph: reads the files the source pass marked
/// (Objective-C through ``CFamilyTokens``, Swift through SwiftParser, batched as ``SwiftWiringScanner`` joins them)
/// and BeeHive's property lists, on more threads than cores.
public enum WiringPass {
    /// Files are read up to this size, as the source pass reads them.
    public static let maximumBytes = 4 << 20

    /// A source file that holds none of these words holds no wiring and is not read for it.
    public static let markers = MarkerWords([
        "performTarget", "Target_", "registerService", "createService", "BeeHiveService", "registerURLPattern", "openURL",
        "objectForURL", "forURL", "register(", "resolve(", "Target(", "Action(", "TARGET(", "ACTION(", "target: \"", "target:\"",
    ])

    /// Each target's wiring, in the order given. Each distinct file is scanned once however many targets compile it (a
    /// pod's file is also its package's and its sample project's), on every core when the files' bytes came with them,
    /// on more threads than cores when files are to be read.
    public static func wiring(of targets: [WiringSources], fileSystem: any FileSystem) -> [TargetWiring] {
        let scanned = ScannedFiles(targets, fileSystem: fileSystem)
        let body: @Sendable (Range<Int>) -> [TargetWiring] = { slice in
            slice.map { wiring(of: targets[$0], scanned: scanned, fileSystem: fileSystem) }
        }
        return scanned.reads ? inSlicesOnThreads(of: targets.count, minimumSliceSize: 8, slicesPerCore: 16, threadsPerCore: fileThreadsPerCore, body)
            : inSlices(of: targets.count, minimumSliceSize: 8, slicesPerCore: 16, body)
    }

    private static func wiring(of target: WiringSources, scanned: ScannedFiles, fileSystem: any FileSystem) -> TargetWiring {
        var files = target.files.compactMap { file in
            scanned.wiring(of: file, in: target.directory).map { WiredFile(path: file.shown, wiring: $0) }
        }
        files += constantFiles(of: target, defining: undefinedConstants(in: files), fileSystem: fileSystem)
        for plist in target.servicePlists {
            let bytes = fileSystem.contents(of: PathArithmetic.join(target.directory, plist.path), upTo: maximumBytes)
            files.append(WiredFile(path: plist.shown, wiring: FileWiring(facts: ServicePlist.facts(in: bytes))))
        }
        return TargetWiring(package: target.package, target: target.target, files: files.filter { !$0.wiring.isEmpty || !$0.wiring.constants.isEmpty })
    }

    /// The constants the files' facts name that none of them defines.
    static func undefinedConstants(in files: [WiredFile]) -> Set<String> {
        var named: Set<String> = []
        for file in files {
            for fact in file.wiring.facts {
                for value in [fact.name, fact.action] { if case .constant(let name)? = value { named.insert(name) } }
            }
        }
        for file in files where !named.isEmpty { named.subtract(file.wiring.constants.keys) }
        return named
    }

    /// The constants of `names` the target's other C-family files define (only files holding one of the names are read
    /// closely), each such file with its constants alone.
    private static func constantFiles(of target: WiringSources, defining names: Set<String>, fileSystem: any FileSystem) -> [WiredFile] {
        guard !names.isEmpty, !target.constantFiles.isEmpty else { return [] }
        let words = MarkerWords(names.sorted())
        let contents = fileSystem.contents(of: target.constantFiles.map(\.path), in: target.directory, upTo: maximumBytes)
        return zip(target.constantFiles, contents).compactMap { file, bytes in
            guard let bytes, words.present(in: bytes) else { return nil }
            let constants = ObjCWiringScanner.wiring(in: bytes).constants.filter { names.contains($0.key) }
            return constants.isEmpty ? nil : WiredFile(path: file.shown, wiring: FileWiring(constants: constants))
        }
    }
}

/// The wiring of every distinct file the targets name (by absolute path), each read if its bytes did not come with it
/// and scanned once. C and C++ sources are not scanned: neither can send an Objective-C message nor hold an annotation.
private struct ScannedFiles: Sendable {
    private struct Entry: Sendable {
        var path: String
        var bytes: [UInt8]?
    }

    private let wirings: [String: FileWiring]
    /// Whether files were read from the disk (not handed over by the source pass).
    let reads: Bool

    init(_ targets: [WiringSources], fileSystem: any FileSystem) {
        var entries: [String: Entry] = [:]
        for target in targets {
            for file in target.files where Self.mayHoldWiring(file.path) {
                let path = PathArithmetic.join(target.directory, file.path)
                if entries[path]?.bytes == nil { entries[path] = Entry(path: path, bytes: file.bytes) }
            }
        }
        let unique = entries.values.sorted { $0.path < $1.path }
        reads = unique.contains { $0.bytes == nil }
        let body: @Sendable (Range<Int>) -> [(String, FileWiring)] = { slice in Self.scan(Array(unique[slice]), fileSystem: fileSystem) }
        let scanned = reads ? inSlicesOnThreads(of: unique.count, minimumSliceSize: 16, slicesPerCore: 16, threadsPerCore: fileThreadsPerCore, body)
            : inSlices(of: unique.count, minimumSliceSize: 16, slicesPerCore: 16, body)
        wirings = Dictionary(scanned, uniquingKeysWith: { first, _ in first })
    }

    /// The file's wiring; nil when it was not read or not scanned.
    func wiring(of file: WiringSources.File, in directory: String) -> FileWiring? {
        wirings[PathArithmetic.join(directory, file.path)]
    }

    static func mayHoldWiring(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return ![".c", ".cc", ".cpp", ".cxx", ".c++"].contains { lowered.hasSuffix($0) }
    }

    /// Objective-C files one by one, Swift files batched (SwiftParser reads them joined); files SwiftParser would spend
    /// seconds on (the source pass says so) are not read.
    private static func scan(_ entries: [Entry], fileSystem: any FileSystem) -> [(String, FileWiring)] {
        var read = fileSystem.contents(of: entries.filter { $0.bytes == nil }.map(\.path), in: "/", upTo: WiringPass.maximumBytes).makeIterator()
        var results: [(String, FileWiring)] = [], swift: [(path: String, bytes: [UInt8])] = []
        for entry in entries {
            guard let bytes = entry.bytes ?? read.next() ?? nil else { continue }
            guard entry.path.lowercased().hasSuffix(".swift") else {
                results.append((entry.path, ObjCWiringScanner.wiring(in: bytes)))
                continue
            }
            if bytes.withUnsafeBufferPointer({ BracketNesting.firstExcess(in: $0) }) == nil { swift.append((entry.path, bytes)) }
        }
        return results + zip(swift.map(\.path), SwiftWiringScanner.wirings(of: swift.map(\.bytes)))
    }
}
