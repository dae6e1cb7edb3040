import Diagnostics

/// One `import` in a source file.
public struct SourceImport: Sendable, Hashable {
    /// The module imported: `X` for `import X`, `import X.Sub`, `import struct X.Y`, `@import X;`, `#import <X/Y.h>`.
    public var module: String
    /// The rest of the path: `Sub` for `import X.Sub`, `Y` for `import struct X.Y`; empty for a whole module.
    public var path: [String]
    /// `@testable`, `@_exported`, `@_implementationOnly`, `@preconcurrency`, `@_spi(…)`: the attribute names.
    public var attributes: [String]
    /// `public import X`, when written.
    public var accessLevel: AccessLevel?
    /// `import struct X.Y`, when written.
    public var declarationKind: ImportKind?
    /// The `#if` conditions around it, outermost first (`os(iOS)`, `canImport(UIKit)`, `!DEBUG` for an `#else`).
    public var conditions: [String]
    public var line: Int
    public var column: Int
    /// `#include <dir/h.h>` (not `#import` or `@import`): `dir` may be a module, or only a folder the target's header
    /// search paths reach (`cSettings: .headerSearchPath`, a folder several targets share). Which one cannot be told
    /// from the line, so it decides nothing (like ``isOptional``): it counts as a use of a module `dir` the target
    /// declares, and is never a finding.
    public var isHeaderInclude = false

    public init(module: String, path: [String] = [], attributes: [String] = [], accessLevel: AccessLevel? = nil,
                declarationKind: ImportKind? = nil, conditions: [String] = [], line: Int, column: Int) {
        self.module = module
        self.path = path
        self.attributes = attributes
        self.accessLevel = accessLevel
        self.declarationKind = declarationKind
        self.conditions = conditions
        self.line = line
        self.column = column
    }

    public var isExported: Bool { attributes.contains("_exported") }

    /// `#if canImport(X)` (`#if __has_include(<X/X.h>)` in C) around it (the code builds without the module), or a
    /// compilation flag of the team's own (`#if COLLECTIONS_SINGLE_MODULE`, `#ifdef USE_PUSH`, or their `#else`): whether
    /// that branch is built depends on flags the build may or may not pass, so the import decides nothing (never a
    /// finding, and the module counts as imported). The same in Swift and in Objective-C.
    public var isOptional: Bool {
        conditions.contains { $0.hasPrefix("canImport(") || $0.contains("__has_include") || Self.namesOwnFlag($0) }
    }

    /// Whether a condition around it names one of `macros` (defined only under `__has_include` by a file of its target):
    /// as optional as the `__has_include` itself.
    public func isUnder(optionalMacros macros: Set<String>) -> Bool {
        guard !macros.isEmpty else { return false }
        return conditions.contains { condition in
            condition.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).contains { macros.contains(String($0)) }
        }
    }

    /// Flags every build of some configuration defines, and literals: a branch under them is built. C's own macros
    /// (`__OBJC__`, `__cplusplus`, `_WIN32`: reserved names) and the SDK's `TARGET_OS_…` ones are known too.
    static let knownFlags: Set<String> = ["DEBUG", "NDEBUG", "SWIFT_PACKAGE", "COCOAPODS", "TARGET_IPHONE_SIMULATOR", "true", "false"]

    /// Whether a name is a flag of ``knownFlags``, or one the compiler or SDK defines.
    static func isKnownFlag(_ name: Substring) -> Bool {
        if knownFlags.contains(String(name)) || name.hasPrefix("__") { return true }
        if name.hasPrefix("_"), let second = name.dropFirst().first, second.isUppercase { return true }
        return ["TARGET_OS_", "TARGET_CPU_", "TARGET_RT_"].contains { name.hasPrefix($0) }
    }

    /// Whether a condition names a flag other than the known ones, outside the platform tests (`os(iOS)`,
    /// `swift(>=5.9)`, `canImport(X)`: a name followed by `(` and its argument) and compiler features (`$Macros`); the
    /// argument of C's `defined(FLAG)` (or `defined FLAG`) is a flag.
    static func namesOwnFlag(_ condition: String) -> Bool {
        var rest = Substring(condition)
        var afterDefined = false
        while let start = rest.firstIndex(where: { $0.isLetter || $0 == "_" || $0 == "$" }) {
            let end = rest[rest.index(after: start)...].firstIndex { !($0.isLetter || $0.isNumber || $0 == "_") } ?? rest.endIndex
            let name = rest[start..<end]
            rest = rest[end...]
            let isArgument = afterDefined
            afterDefined = false
            if name == "defined" {
                afterDefined = true
                continue
            }
            if !isArgument, rest.drop(while: { $0 == " " }).first == "(" {
                rest = rest[(rest.firstIndex(of: ")") ?? rest.endIndex)...]
                continue
            }
            // `$AsyncAwait`: a compiler feature, known to every compiler that has it.
            if name.first != "$", !isKnownFlag(name) { return true }
        }
        return false
    }

    /// Whether a `SWIFT_PACKAGE` condition around it leaves it out of a build: CocoaPods builds a pod without
    /// `SWIFT_PACKAGE`, SwiftPM with it (`#if SWIFT_PACKAGE` / `#else` imports of a pod mid-migration).
    public func isLeftOut(bySwiftPM swiftPM: Bool) -> Bool {
        conditions.contains { condition in
            condition == "SWIFT_PACKAGE" ? !swiftPM : ["!SWIFT_PACKAGE", "!(SWIFT_PACKAGE)"].contains(condition) && swiftPM
        }
    }
}

/// The access level written before `import` (SE-0409).
public enum AccessLevel: String, Sendable, Hashable, CaseIterable {
    case open, `public`, package, `internal`, `fileprivate`, `private`
}

/// The kind of declaration a scoped import names: `import struct X.Y`.
public enum ImportKind: String, Sendable, Hashable, CaseIterable {
    case `typealias`, `struct`, `class`, `enum`, `protocol`, `let`, `var`, `func`
}

/// What a scan of one file found: its imports, or why it could not be read.
public struct ScannedFile: Sendable, Equatable {
    public var imports: [SourceImport]
    /// A problem with the file itself (not UTF-8, binary, too large to read whole): at most a warning.
    public var problem: String?
    /// A Swift file's words, for the use pass.
    public var words: SourceWords?
    /// Its bytes, when it holds one of the marker words the pass was given (``SourcePass/imports(of:fileSystem:marking:)``).
    public var marked: [UInt8]?
    /// The headers it includes by quotes (`#import "BHService.h"`), found beside it or through search paths.
    public var quotedIncludes: [QuotedInclude] = []
    /// The headers it includes by angle brackets without a folder (`#import <AnalyticsManager.h>`): the SDK's, or a
    /// pod's public header found through CocoaPods' header search paths; which one is not read.
    public var bareAngledHeaders: [String] = []
    /// The macros it defines only under `__has_include` (``CFamilyTokens/optionalMacros``).
    public var optionalMacros: Set<String> = []
    /// Whether it runs code when loaded (`+ (void)load`, `__attribute__((constructor))`: ``LoadTimeRegistration``).
    public var registersAtLoad = false
    /// A Swift file's top-level extensions that add conformances (``ExtensionConformances``).
    public var conformances: [ExtensionConformance] = []

    public init(imports: [SourceImport], problem: String? = nil) {
        self.imports = imports
        self.problem = problem
    }
}

/// `#import "Folder/Header.h"` (or `#include`): a header found beside the file or through the search paths, whichever
/// module it belongs to.
public struct QuotedInclude: Sendable, Hashable {
    /// As written between the quotes.
    public var path: String
    /// The `#if` conditions around it, outermost first.
    public var conditions: [String]
    public var line: Int
    public var column: Int

    public init(path: String, conditions: [String] = [], line: Int, column: Int) {
        self.path = path
        self.conditions = conditions
        self.line = line
        self.column = column
    }

    /// The header's file name (`Header.h` for `Folder/Header.h`).
    public var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// Under a flag of the team's own or `__has_include`, as an import would be (``SourceImport/isOptional``).
    public var isOptional: Bool { SourceImport(module: "", conditions: conditions, line: line, column: column).isOptional }
}

/// A quoted include in a target's sources, where it is: the graph finds the target whose header it names.
public struct HeaderInclude: Sendable, Hashable {
    /// The header's file name.
    public var name: String
    public var location: FileLocation
    public var isOptional: Bool
    /// As written between the quotes (`Folder/Header.h`, `Header.h`).
    public var path: String

    public init(name: String, location: FileLocation, isOptional: Bool = false, path: String? = nil) {
        self.name = name
        self.location = location
        self.isOptional = isOptional
        self.path = path ?? name
    }
}

/// How a quoted include reaches another component's module.
public enum QuotedReach: Sendable, Hashable {
    /// `#import "Sentry/Sentry.h"`, whose folder names a module the repository knows and no component holds the file:
    /// the same as `#import <Sentry/Sentry.h>` (CocoaPods' header maps and framework search paths find both).
    case moduleFolder
    /// A header a pod or a package holds, included by a pod or a package (whose search paths hold the public headers
    /// of what it declares only).
    case componentHeader
    /// Another header, or one included by an Xcode target, found through header search paths (`HEADER_SEARCH_PATHS`,
    /// a recursive `$(SRCROOT)/**`): it compiles without a declared dependency, so whether one is missing is undecided.
    case searchPath
}

/// One `import` in a target's sources, as the graph needs it: where it is, and what it promises.
public struct SourceImportUse: Sendable, Hashable {
    public var module: String
    public var location: FileLocation
    /// Inside `#if canImport(…)`, or a C `#include <dir/h.h>` (``SourceImport/isHeaderInclude``): it decides nothing.
    public var isOptional: Bool
    /// `@_exported import`: whoever imports this target sees the module too.
    public var isExported: Bool
    /// A quoted include (`#import "Folder/Header.h"`, `#import "Header.h"`) of another component's header: how the graph
    /// found the module it reaches; nil for an import that names its module.
    public var quoted: QuotedReach?

    public init(module: String, location: FileLocation, isOptional: Bool = false, isExported: Bool = false) {
        self.module = module
        self.location = location
        self.isOptional = isOptional
        self.isExported = isExported
    }
}

/// What one target's sources import.
public struct TargetImports: Sendable {
    /// The package's key, as the caller gave it in ``SourcePackage/key``.
    public var package: String
    public var target: String
    /// Sorted by file, line and column.
    public var uses: [SourceImportUse]
    /// The files read, relative to the package's folder, in order.
    public var files: [String]
    /// The words of each Swift file among them, in the same order (nil for other files and for those not read).
    public var words: [SourceWords?]
    /// Those of ``files`` that hold one of the marker words the pass was given, in order, with the bytes read: the
    /// stage that asked takes them (and may leave this empty) instead of reading the files again.
    public var markedFiles: [MarkedFile] = []
    /// BeeHive's service lists in its folder (``TargetSources/Selection/servicePlists``).
    public var servicePlists: [String] = []
    /// The modules the storyboards and xibs it bundles name for their objects' classes (`customModule`): used, though
    /// no file imports them.
    public var interfaceModules: [InterfaceModuleUse] = []
    /// The file names of the headers its files include by quotes, or by angle brackets without a folder (a pod's public
    /// header through CocoaPods' search paths): another target's header used without a module import. What a target
    /// uses, never what it must declare (``headerIncludes``).
    public var quotedIncludes: Set<String> = []
    /// Each quoted include of its files that names no file of its own, at its place, in file order.
    public var headerIncludes: [HeaderInclude] = []
    /// Those of ``files`` that are headers of its project its files include by quotes, not files the project gives it
    /// (``IncludedHeaders``): another target's header when it compiles nothing of their folder.
    public var includedHeaders: Set<String> = []
    /// The modules its own module map declares (`include/module.modulemap` of a C target: `module zlib { … }`), which
    /// importers name instead of the target; nil when it has none.
    public var moduleMapModules: [String]?
    /// Whether files its project lists are not there (a stale project, a checkout without them): what those import
    /// cannot be known.
    public var missingFiles = false
    /// Whether one of its Objective-C or C files runs code when loaded (`+ (void)load`, `__attribute__((constructor))`):
    /// what links it uses it, import or not.
    public var registersAtLoad = false
    /// Whether one of its Swift files makes a type it does not declare conform to a protocol it does not declare
    /// (``ExtensionConformances``): Swift finds the conformance at run time, so what links it uses it, import or not.
    public var registersConformances = false

    public init(package: String, target: String, uses: [SourceImportUse], files: [String] = [], words: [SourceWords?] = []) {
        self.package = package
        self.target = target
        self.uses = uses
        self.files = files
        self.words = words
    }
}

/// A file that holds one of the marker words a source pass was given, and the bytes the pass read of it.
public struct MarkedFile: Sendable {
    /// Relative to its package's folder, as ``TargetImports/files`` names it.
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}
