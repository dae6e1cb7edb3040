#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Diagnostics
import Foundation
import ManifestReading
import SwiftParser
import SwiftSyntax

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// An open folder whose files are opened relative to it; closed when the last copy goes.
public final class FolderDescriptor: Sendable {
    let descriptor: Int32

    /// Nil when the folder cannot be opened.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }
}

/// One `import` in a source file.
public struct SourceImport: Sendable, Hashable {
    /// The module imported: `X` for `import X`, `import X.Sub`, `import struct X.Y`, `@import X;`, `#import <X/Y.h>`.
    public var module: String
    /// The rest of the path: `Sub` for `import X.Sub`, `Y` for `import struct X.Y`; empty for a whole module.
    public var path: [String]
    /// `@testable`, `@_exported`, `@_implementationOnly`, `@preconcurrency`, `@_spi(…)`: the attribute names.
    public var attributes: [String]
    /// `public`, `package`, `internal`, `private`, `fileprivate`, when written.
    public var accessLevel: String?
    /// `struct`, `class`, `enum`, `protocol`, `typealias`, `func`, `let`, `var`, when written.
    public var declarationKind: String?
    /// The `#if` conditions around it, outermost first (`os(iOS)`, `canImport(UIKit)`, `!DEBUG` for an `#else`).
    public var conditions: [String]
    public var line: Int
    public var column: Int

    public init(module: String, path: [String] = [], attributes: [String] = [], accessLevel: String? = nil, declarationKind: String? = nil,
                conditions: [String] = [], line: Int, column: Int) {
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

    /// `#if canImport(X)` around it: the code builds without the module.
    public var isOptional: Bool { conditions.contains { $0.hasPrefix("canImport(") } }
}

/// What a scan of one file found: its imports, or why it could not be read.
public struct ScannedFile: Sendable, Equatable {
    public var imports: [SourceImport]
    /// A problem with the file itself (not UTF-8, binary, too large to read whole): at most a warning.
    public var problem: String?
}

/// Reads the imports of Swift and C-family source files.
///
/// Swift: the file is cut after its last line that can start an import declaration (attributes and an access level
/// may precede `import`), extended to close any open `#if`, and that header is parsed with SwiftParser, which alone
/// decides what is an import (comments, strings and `#if false` are not). Imports written after other code still
/// count: the cut is after the last such line in the whole file. C-family: `@import X;` and `#import <X/…>` /
/// `#include <X/…>` lines outside comments.
public enum ImportScanner {
    /// Files are read whole up to this size; a larger file is read up to it, with a warning.
    public static let maximumBytes = 4 << 20
    /// The header handed to the parser is at most this long.
    public static let maximumHeaderBytes = 1 << 20

    /// `path` relative to the open folder `directory` when given (a package's folder, opened once for its files: the
    /// kernel then looks up fewer path components a file), else as it is.
    public static func scan(file path: String, in directory: FolderDescriptor? = nil, maximumBytes: Int = maximumBytes) -> ScannedFile {
        let descriptor = openat(directory?.descriptor ?? AT_FDCWD, path, O_RDONLY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        return finish([read(descriptor: descriptor, path: path, maximumBytes: maximumBytes)])[0]
    }

    /// Files opened this many at a time by ``scan(files:in:maximumBytes:)``, far below any limit on open files.
    static let batchSize = 64

    /// ``scan(file:in:maximumBytes:)`` for many files, in order: each batch is opened and announced to the kernel
    /// before the first is read, so reads of files not yet cached are queued together instead of one at a time, and
    /// the batch's Swift headers are parsed together (see ``swiftImports(of:)``).
    /// `parsed`, when given, is consulted before a header is parsed and keeps what was parsed, for the next call.
    public static func scan(files paths: [String], in directory: FolderDescriptor? = nil, maximumBytes: Int = maximumBytes,
                            parsed: ParsedHeaders? = nil) -> [ScannedFile] {
        var scanned: [ScannedFile] = []
        scanned.reserveCapacity(paths.count)
        var start = 0
        while start < paths.count {
            let batch = paths[start..<min(start + batchSize, paths.count)]
            let descriptors = batch.map { openat(directory?.descriptor ?? AT_FDCWD, $0, O_RDONLY | O_CLOEXEC) }
            if descriptors.count > 1 {
                for descriptor in descriptors where descriptor >= 0 { _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_WILLNEED)) }
            }
            var pending: [Pending] = []
            pending.reserveCapacity(batch.count)
            for (path, descriptor) in zip(batch, descriptors) {
                pending.append(read(descriptor: descriptor, path: path, maximumBytes: maximumBytes))
                if descriptor >= 0 { close(descriptor) }
            }
            scanned += finish(pending, parsed: parsed)
            start += batch.count
        }
        return scanned
    }

    /// A file read: scanned already, or a Swift header still to parse (with a problem of the file itself).
    private enum Pending {
        case scanned(ScannedFile)
        case swift(SwiftHeader, problem: String?)
    }

    /// The scans of files read, the Swift headers among them parsed together.
    private static func finish(_ pending: [Pending], parsed known: ParsedHeaders? = nil) -> [ScannedFile] {
        var headers: [SwiftHeader] = []
        for item in pending { if case .swift(let header, _) = item { headers.append(header) } }
        var parsed = swiftImports(of: headers, parsed: known).makeIterator()
        return pending.map { item in
            switch item {
            case .scanned(let scanned):
                return scanned
            case .swift(_, let problem):
                var scanned = parsed.next() ?? ScannedFile(imports: [], problem: nil)
                scanned.problem = scanned.problem ?? problem
                return scanned
            }
        }
    }

    /// Reads the file open as `descriptor` (negative when it could not be opened); `path` names its kind.
    private static func read(descriptor: Int32, path: String, maximumBytes: Int) -> Pending {
        guard var bytes = read(descriptor: descriptor, upTo: maximumBytes + 1) else {
            return .scanned(ScannedFile(imports: [], problem: "cannot be read (it vanished, or check its permissions)"))
        }
        var problem: String?
        let truncated = bytes.count > maximumBytes
        if truncated {
            problem = "is larger than \(maximumBytes >> 10) KiB: only the first \(maximumBytes >> 10) KiB were read for imports"
            bytes.removeLast(bytes.count - maximumBytes)
            // Do not split a UTF-8 sequence at the cut.
            while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
            if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        }
        switch textKind(of: bytes) {
        case .binary: return .scanned(ScannedFile(imports: [], problem: "holds binary data (a NUL byte): not read for imports"))
        case .notUTF8: return .scanned(ScannedFile(imports: [], problem: "is not UTF-8 text: not read for imports"))
        case .text: break
        }
        guard TargetSources.fileExtension(of: path) == "swift" else {
            var scanned = cFamilyImports(in: String(decoding: bytes, as: UTF8.self))
            scanned.problem = scanned.problem ?? problem
            return .scanned(scanned)
        }
        return .swift(SwiftHeader(of: bytes), problem: problem)
    }

    /// The modules a file re-exports (`@_exported import X`); only a file whose text holds `@_exported` is parsed.
    public static func exportedModules(file path: String) -> [String] {
        guard let bytes = read(path, upTo: maximumBytes), TargetSources.fileExtension(of: path) == "swift",
              contains(bytes, Array("@_exported".utf8)), String(validating: bytes, as: UTF8.self) != nil else { return [] }
        return swiftImports(in: bytes).imports.filter(\.isExported).map(\.module)
    }

    private enum TextKind { case text, binary, notUTF8 }

    /// One pass for the NUL byte and non-ASCII bytes; only a file with the latter is decoded to check its UTF-8.
    private static func textKind(of bytes: [UInt8]) -> TextKind {
        let (hasNUL, hasNonASCII) = bytes.withUnsafeBufferPointer { buffer -> (Bool, Bool) in
            var nonASCII: UInt8 = 0
            for byte in buffer {
                if byte == 0 { return (true, false) }
                nonASCII |= byte
            }
            return (false, nonASCII & 0x80 != 0)
        }
        if hasNUL { return .binary }
        return !hasNonASCII || String(validating: bytes, as: UTF8.self) != nil ? .text : .notUTF8
    }

    private static func contains(_ bytes: [UInt8], _ needle: [UInt8]) -> Bool {
        Data(bytes).range(of: Data(needle)) != nil
    }

    /// Up to `limit` bytes of a file, read with POSIX calls (cheaper than FileHandle for thousands of small files):
    /// one `read` for a file under 16 KiB, the buffer doubling for a larger one.
    static func read(_ path: String, upTo limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return read(descriptor: descriptor, upTo: limit)
    }

    private static func read(descriptor: Int32, upTo limit: Int) -> [UInt8]? {
        guard descriptor >= 0 else { return nil }
        var bytes: [UInt8] = []
        var capacity = min(16 << 10, limit)
        while bytes.count < limit {
            if bytes.count == capacity { capacity = min(max(capacity * 2, 4096), limit) }
            let wanted = capacity - bytes.count
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
                let got = systemRead(descriptor, buffer.baseAddress, wanted)
                failed = got < 0
                count = max(got, 0)
            }
            if failed { return nil }
            if chunk.isEmpty { break }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            // A short read of a regular file is its end: no further call to learn that.
            if chunk.count < wanted { break }
        }
        return bytes
    }

    // MARK: Swift

    public static func swiftImports(in text: String, maximumHeaderBytes: Int = maximumHeaderBytes) -> ScannedFile {
        swiftImports(in: Array(text.utf8), maximumHeaderBytes: maximumHeaderBytes)
    }

    /// The imports of Swift source given as UTF-8 bytes.
    static func swiftImports(in bytes: [UInt8], maximumHeaderBytes: Int = maximumHeaderBytes) -> ScannedFile {
        swiftImports(of: SwiftHeader(of: bytes, maximumHeaderBytes: maximumHeaderBytes))
    }

    /// The part of a Swift file that can hold its imports (see ``swiftHeader(of:maximumHeaderBytes:)``).
    struct SwiftHeader {
        /// The file's first bytes, up to the end of its last import.
        var bytes: [UInt8]
        /// Imports may follow beyond ``maximumHeaderBytes``.
        var truncated: Bool
        var maximumHeaderBytes: Int
        /// Nothing in it can carry the lexer from one line into the next (no block comment, string or `#/` regex
        /// literal) and its `#if`s close: parsed right after another file's header, it parses as it does alone.
        var isSelfContained: Bool
        /// Why it is not parsed at all (see ``unparsable(_:)``), or nil.
        var unparsable: String?

        init(of file: [UInt8], maximumHeaderBytes: Int = ImportScanner.maximumHeaderBytes) {
            let (end, truncated) = ImportScanner.swiftHeader(of: file, maximumHeaderBytes: maximumHeaderBytes)
            // A copy of the header alone, so that a large file's other bytes are not kept while its batch is read.
            bytes = end == file.count ? file : Array(file[..<end])
            self.truncated = truncated
            self.maximumHeaderBytes = maximumHeaderBytes
            isSelfContained = ImportScanner.isSelfContained(bytes)
            unparsable = Self.unparsable(bytes)
        }

        var problem: String? {
            truncated ? "has imports beyond its first \(maximumHeaderBytes >> 10) KiB of declarations: those were not read" : nil
        }

        /// Why SwiftParser is not given this header (brackets that would keep it busy for seconds), or nil.
        static func unparsable(_ bytes: [UInt8]) -> String? {
            guard let excess = bytes.withUnsafeBufferPointer({ BracketNesting.firstExcess(in: $0) }) else { return nil }
            let what = excess.kind == .tooDeep ? "brackets nested more than \(BracketNesting.maximumDepth) deep"
                : "more than \(BracketNesting.maximumDirectlyNestedSquareBrackets) '[' directly nested"
            return "has \(what) at line \(excess.line) before its last import: not read for imports"
        }
    }

    /// Headers this long or shorter are parsed together with others of their batch.
    static let maximumJoinedHeaderBytes = 16 << 10

    /// The imports of each header. Self-contained headers are parsed as one text, one after another: one parser set up
    /// instead of one a file. The joined parse is used only when it has no error and no declaration in it runs from
    /// one file into the next; otherwise, and for every other header, each is parsed alone.
    ///
    /// With `parsed`, a header read before (by its bytes) is not parsed again, nor one equal to another of `headers`.
    static func swiftImports(of headers: [SwiftHeader], parsed: ParsedHeaders? = nil) -> [ScannedFile] {
        var results = [ScannedFile?](repeating: nil, count: headers.count)
        // The first of `headers` with the same bytes, for each that is not parsed itself.
        var sameAs = [Int?](repeating: nil, count: headers.count)
        // The headers to parse that `parsed` will keep, in order.
        var kept: [(key: ParsedHeaders.Key, index: Int)] = []
        if let parsed {
            var firstIndex: [ParsedHeaders.Key: Int] = [:]
            for index in headers.indices where ParsedHeaders.keeps(headers[index]) {
                let key = ParsedHeaders.Key(headers[index].bytes)
                if let known = parsed[key] {
                    results[index] = known
                    parsed.noteReused()
                } else if let first = firstIndex[key] {
                    sameAs[index] = first
                    parsed.noteReused()
                } else {
                    firstIndex[key] = index
                    kept.append((key, index))
                }
            }
        }
        let joinable = headers.indices.filter {
            results[$0] == nil && sameAs[$0] == nil
                && !headers[$0].bytes.isEmpty && headers[$0].isSelfContained && headers[$0].bytes.count <= maximumJoinedHeaderBytes
                && headers[$0].unparsable == nil
        }
        if joinable.count > 1, let joined = joinedImports(of: joinable.map { headers[$0].bytes }) {
            for (index, imports) in zip(joinable, joined) { results[index] = ScannedFile(imports: imports, problem: headers[index].problem) }
        }
        for index in headers.indices where results[index] == nil && sameAs[index] == nil {
            results[index] = swiftImports(of: headers[index])
        }
        if let parsed {
            for (key, index) in kept { if let scanned = results[index] { parsed[key] = scanned } }
        }
        return headers.indices.map { index in
            if let first = sameAs[index] { return results[first] ?? ScannedFile(imports: [], problem: nil) }
            return results[index] ?? ScannedFile(imports: [], problem: nil)
        }
    }

    private static func swiftImports(of header: SwiftHeader) -> ScannedFile {
        guard !header.bytes.isEmpty else { return ScannedFile(imports: [], problem: nil) }
        if let unparsable = header.unparsable { return ScannedFile(imports: [], problem: unparsable) }
        let tree = header.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        var place = Header(bytes: header.bytes, start: 0)
        var imports: [SourceImport] = []
        collect(tree.statements, conditions: [], header: &place, into: &imports)
        return ScannedFile(imports: imports, problem: header.problem)
    }

    /// The imports of each of `headers` parsed as one text; nil when that parse cannot stand for separate ones.
    static func joinedImports(of headers: [[UInt8]]) -> [[SourceImport]]? {
        var joined: [UInt8] = []
        joined.reserveCapacity(headers.reduce(0) { $0 + $1.count })
        var starts: [Int] = []
        for header in headers {
            starts.append(joined.count)
            joined += header
            // `import A` must not run into the next file's first line.
            if header.last != UInt8(ascii: "\n") { joined.append(UInt8(ascii: "\n")) }
        }
        let tree = joined.withUnsafeBufferPointer { Parser.parse(source: $0) }
        guard !tree.hasError else { return nil }
        var imports = [[SourceImport]](repeating: [], count: headers.count)
        var segment = 0
        var place = Header(bytes: joined, start: 0)
        for item in tree.statements {
            let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
            while segment + 1 < starts.count, starts[segment + 1] <= start { segment += 1 }
            let end = segment + 1 < starts.count ? starts[segment + 1] : joined.count
            guard item.endPositionBeforeTrailingTrivia.utf8Offset <= end else { return nil }
            if place.start != starts[segment] { place = Header(bytes: joined, start: starts[segment]) }
            collect(item, conditions: [], header: &place, into: &imports[segment])
        }
        return imports
    }

    /// The parsed text, and where one file's header begins in it: positions become that file's line and column
    /// without a walk of the tree.
    private struct Header {
        let bytes: [UInt8]
        let start: Int
        /// The offset (from `start`) and number of the last line a position was found on: positions come in order.
        private var lineStart = 0, line = 1, scanned = 0

        init(bytes: [UInt8], start: Int) {
            self.bytes = bytes
            self.start = start
        }

        /// The source text between two positions.
        func text(_ from: AbsolutePosition, _ to: AbsolutePosition) -> String {
            String(decoding: bytes[from.utf8Offset..<max(from.utf8Offset, to.utf8Offset)], as: UTF8.self)
        }

        /// Line and column (in UTF-8 bytes) in the file, counted from 1, as the compiler counts them (`\n`, `\r\n` and
        /// `\r` end a line).
        mutating func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
            let offset = position.utf8Offset - start
            if offset < scanned {
                // An earlier position than the last one: count again from the top.
                lineStart = 0
                line = 1
                scanned = 0
            }
            var index = start + scanned
            while index < start + offset {
                let byte = bytes[index]
                index += 1
                if byte == UInt8(ascii: "\r"), index < start + offset, bytes[index] == UInt8(ascii: "\n") { index += 1 }
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    line += 1
                    lineStart = index - start
                }
            }
            scanned = max(scanned, index - start)
            return (line, offset - lineStart + 1)
        }
    }

    private static func collect(_ items: CodeBlockItemListSyntax, conditions: [String], header: inout Header,
                                into imports: inout [SourceImport]) {
        for item in items { collect(item, conditions: conditions, header: &header, into: &imports) }
    }

    private static func collect(_ item: CodeBlockItemSyntax, conditions: [String], header: inout Header,
                                into imports: inout [SourceImport]) {
        let node = item.item
        if let declaration = node.as(ImportDeclSyntax.self) {
            imports.append(sourceImport(declaration, conditions: conditions, header: &header))
        } else if let ifConfig = node.as(IfConfigDeclSyntax.self) {
            var previous: [String] = []
            for clause in ifConfig.clauses {
                let condition = clause.condition.map { header.text($0.positionAfterSkippingLeadingTrivia, $0.endPositionBeforeTrailingTrivia) }
                let clauseConditions: [String]
                if let condition {
                    clauseConditions = previous.map { "!(\($0))" } + [condition]
                    previous.append(condition)
                } else {
                    clauseConditions = previous.map { "!(\($0))" }
                }
                if condition == "false" || (condition == nil && previous.contains("true")) { continue }
                if case .statements(let statements)? = clause.elements {
                    collect(statements, conditions: conditions + clauseConditions, header: &header, into: &imports)
                }
            }
        }
    }

    private static func sourceImport(_ declaration: ImportDeclSyntax, conditions: [String], header: inout Header) -> SourceImport {
        let components = declaration.path.map(\.name.text)
        let location = header.location(of: declaration.importKeyword.positionAfterSkippingLeadingTrivia)
        let attributes = declaration.attributes.isEmpty ? [] : declaration.attributes.compactMap { element -> String? in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            if let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text { return name }
            let nameSyntax = attribute.attributeName
            return header.text(nameSyntax.positionAfterSkippingLeadingTrivia, nameSyntax.endPositionBeforeTrailingTrivia)
        }
        let accessLevel = declaration.modifiers.isEmpty ? nil
            : declaration.modifiers.lazy.map(\.name.text).first { accessLevelNames.contains($0) }
        return SourceImport(module: components.first ?? "", path: Array(components.dropFirst()), attributes: attributes, accessLevel: accessLevel,
                            declarationKind: declaration.importKindSpecifier?.text, conditions: conditions,
                            line: location.line, column: location.column)
    }

    /// The byte offset after which no line can start an import, extended past any `#if` still open there.
    static func swiftHeader(of bytes: [UInt8], maximumHeaderBytes: Int = maximumHeaderBytes) -> (end: Int, truncated: Bool) {
        var end = 0
        var depth = 0
        var closingPending = false
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            while lineStart < buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let next = min(lineEnd + 1, buffer.count)
                switch classify(buffer, from: lineStart, to: lineEnd) {
                case .importDeclaration:
                    end = next
                    closingPending = depth > 0
                case .ifDirective: depth += 1
                case .endifDirective: depth = max(0, depth - 1)
                case .other: break
                }
                // The last import sits inside an `#if`: the header runs to the line that closes it.
                if closingPending, depth == 0 {
                    end = next
                    closingPending = false
                }
                lineStart = next
            }
        }
        if end > maximumHeaderBytes {
            var cut = maximumHeaderBytes
            while cut > 0, bytes[cut - 1] != UInt8(ascii: "\n") { cut -= 1 }
            return (cut, true)
        }
        return (end, false)
    }

    /// See ``SwiftHeader/isSelfContained``: no `"`, `/*` or `#/`, and as many `#endif` lines as `#if` lines, never more.
    static func isSelfContained(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var depth = 0
            var lineStart = 0
            var previous: UInt8 = 0
            for index in 0..<buffer.count {
                let byte = buffer[index]
                switch byte {
                case UInt8(ascii: "\""): return false
                case UInt8(ascii: "*") where previous == UInt8(ascii: "/"): return false
                case UInt8(ascii: "/") where previous == UInt8(ascii: "#"): return false
                case UInt8(ascii: "\n"):
                    switch classify(buffer, from: lineStart, to: index) {
                    case .ifDirective: depth += 1
                    case .endifDirective:
                        depth -= 1
                        if depth < 0 { return false }
                    default: break
                    }
                    lineStart = index + 1
                default: break
                }
                previous = byte
            }
            if lineStart < buffer.count {
                switch classify(buffer, from: lineStart, to: buffer.count) {
                case .ifDirective: depth += 1
                case .endifDirective: depth -= 1
                default: break
                }
            }
            return depth == 0
        }
    }

    private enum LineStart { case importDeclaration, ifDirective, endifDirective, other }

    private static let accessLevelNames: Set<String> = ["public", "package", "internal", "private", "fileprivate", "open"]
    private static let accessLevels: [[UInt8]] = accessLevelNames.map { Array($0.utf8) }
    private static let importWord = Array("import".utf8), ifWord = Array("if".utf8), endifWord = Array("endif".utf8)

    /// What a line starts with, after spaces, attributes (`@testable`, `@_spi(X)`) and an access level.
    private static func classify(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> LineStart {
        var index = start
        func skipSpaces() { while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 } }
        /// The identifier at `index` (consumed), as a range of `bytes`.
        func word() -> Range<Int> {
            let begin = index
            while index < end, isIdentifierByte(bytes[index]) { index += 1 }
            return begin..<index
        }
        func equal(_ range: Range<Int>, _ word: [UInt8]) -> Bool {
            range.count == word.count && zip(bytes[range], word).allSatisfy { $0 == $1 }
        }
        skipSpaces()
        if index < end, bytes[index] == UInt8(ascii: "#") {
            index += 1
            let directive = word()
            if equal(directive, ifWord) { return .ifDirective }
            if equal(directive, endifWord) { return .endifDirective }
            return .other
        }
        while index < end, bytes[index] == UInt8(ascii: "@") {
            index += 1
            _ = word()
            if index < end, bytes[index] == UInt8(ascii: "(") {
                while index < end, bytes[index] != UInt8(ascii: ")") { index += 1 }
                index += 1
            }
            skipSpaces()
        }
        var current = word()
        if accessLevels.contains(where: { equal(current, $0) }) {
            skipSpaces()
            current = word()
        }
        return equal(current, importWord) && (index >= end || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t"))
            ? .importDeclaration : .other
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    // MARK: C family

    /// `@import X;`, `@import X.Sub;`, `#import <X/Header.h>`, `#include <X/Header.h>`, outside comments. Quoted
    /// includes (`#import "Local.h"`) and system headers without a folder (`<stdio.h>`) name no module.
    public static func cFamilyImports(in text: String) -> ScannedFile {
        var imports: [SourceImport] = []
        var inBlockComment = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if inBlockComment {
                guard let close = line.range(of: "*/") else { continue }
                line = line[close.upperBound...]
                inBlockComment = false
            }
            if let open = line.range(of: "/*"), line.range(of: "*/", range: open.upperBound..<line.endIndex) == nil {
                inBlockComment = true
                line = line[..<open.lowerBound]
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let column = line.distance(from: line.startIndex, to: trimmed.startIndex) + 1
            if trimmed.hasPrefix("@import ") {
                let name = trimmed.dropFirst(8).prefix { $0 != ";" && $0 != " " }
                let parts = name.split(separator: ".").map(String.init)
                if let module = parts.first {
                    imports.append(SourceImport(module: module, path: Array(parts.dropFirst()), line: offset + 1, column: column))
                }
            } else if trimmed.hasPrefix("#import") || trimmed.hasPrefix("#include") {
                let rest = trimmed.drop { $0 != "<" && $0 != "\"" }
                guard rest.first == "<", let slash = rest.firstIndex(of: "/"), let close = rest.firstIndex(of: ">"), slash < close else { continue }
                imports.append(SourceImport(module: String(rest[rest.index(after: rest.startIndex)..<slash]), line: offset + 1, column: column))
            }
        }
        return ScannedFile(imports: imports, problem: nil)
    }
}
