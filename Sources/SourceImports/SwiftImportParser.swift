import SwiftParser
import SwiftSyntax

/// Parses Swift headers (see ``SwiftHeader``) with SwiftParser, which alone decides what is an import (comments,
/// strings and `#if false` are not), and keeps what it parsed: a header read before (by its bytes) is not parsed
/// again. One thread's.
final class SwiftImportParser {
    /// Headers this long or shorter are parsed together with others of their batch.
    static let maximumJoinedHeaderBytes = 16 << 10

    let parsed: ParsedHeaders?

    /// `keepingHeaders`: remember parsed headers (see ``ParsedHeaders``) for the next calls.
    init(keepingHeaders: Bool = true, maximumKeptBytes: Int = 1 << 20) {
        parsed = keepingHeaders ? ParsedHeaders(maximumTotalBytes: maximumKeptBytes) : nil
    }

    /// The imports of each header. Self-contained headers are parsed as one text, one after another: one parser set up
    /// instead of one a file. The joined parse is used only when it has no error and no declaration in it runs from
    /// one file into the next; otherwise, and for every other header, each is parsed alone. A header kept from before,
    /// or equal to an earlier one of `headers`, is not parsed.
    func imports(of headers: [SwiftHeader]) -> [ScannedFile] {
        var results = [ScannedFile?](repeating: nil, count: headers.count)
        let (sameAs, kept) = reuse(headers, into: &results)
        let joinable = headers.indices.filter {
            results[$0] == nil && sameAs[$0] == nil
                && !headers[$0].bytes.isEmpty && headers[$0].isSelfContained && headers[$0].bytes.count <= Self.maximumJoinedHeaderBytes
                && headers[$0].unparsable == nil
        }
        if joinable.count > 1, let joined = Self.joinedImports(of: joinable.map { headers[$0].bytes }) {
            for (index, imports) in zip(joinable, joined) { results[index] = ScannedFile(imports: imports, problem: headers[index].problem) }
        }
        for index in headers.indices where results[index] == nil && sameAs[index] == nil {
            results[index] = Self.imports(of: headers[index])
        }
        if let parsed {
            for (key, index) in kept { if let scanned = results[index] { parsed[key] = scanned } }
        }
        return headers.indices.map { index in results[sameAs[index] ?? index] ?? ScannedFile(imports: []) }
    }

    /// Fills `results` with what was kept from before. Returns, for each header equal to an earlier one of `headers`, that
    /// one's index, and the headers to keep once parsed.
    private func reuse(_ headers: [SwiftHeader], into results: inout [ScannedFile?]) -> (sameAs: [Int?], kept: [(key: ParsedHeaders.Key, index: Int)]) {
        var sameAs = [Int?](repeating: nil, count: headers.count)
        var kept: [(key: ParsedHeaders.Key, index: Int)] = []
        guard let parsed else { return (sameAs, kept) }
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
        return (sameAs, kept)
    }

    /// The imports of one header, parsed alone.
    static func imports(of header: SwiftHeader) -> ScannedFile {
        guard !header.bytes.isEmpty else { return ScannedFile(imports: [], problem: nil) }
        if let unparsable = header.unparsable { return ScannedFile(imports: [], problem: unparsable) }
        let tree = header.bytes.withUnsafeBufferPointer { Parser.parse(source: $0) }
        var walk = ImportWalk(bytes: header.bytes, start: 0)
        var imports: [SourceImport] = []
        walk.collect(tree.statements, conditions: [], into: &imports)
        return ScannedFile(imports: imports, problem: header.problem)
    }

    /// The imports of Swift source text (its header).
    static func imports(in text: String, maximumHeaderBytes: Int = SwiftHeader.maximumBytes) -> ScannedFile {
        imports(of: SwiftHeader(of: Array(text.utf8), maximumHeaderBytes: maximumHeaderBytes))
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
        var walk = ImportWalk(bytes: joined, start: 0)
        for item in tree.statements {
            let start = item.positionAfterSkippingLeadingTrivia.utf8Offset
            while segment + 1 < starts.count, starts[segment + 1] <= start { segment += 1 }
            let end = segment + 1 < starts.count ? starts[segment + 1] : joined.count
            guard item.endPositionBeforeTrailingTrivia.utf8Offset <= end else { return nil }
            if walk.start != starts[segment] { walk = ImportWalk(bytes: joined, start: starts[segment]) }
            walk.collect(item, conditions: [], into: &imports[segment])
        }
        return imports
    }
}

/// The import declarations of a parsed text, with the `#if` conditions around them, located in the file whose header
/// begins at `start` of the text: positions become that file's line and column without a walk of the tree.
struct ImportWalk {
    let bytes: [UInt8]
    let start: Int
    /// The offset (from `start`) and number of the last line a position was found on: positions come in order.
    private var lineStart = 0, line = 1, scanned = 0

    init(bytes: [UInt8], start: Int) {
        self.bytes = bytes
        self.start = start
    }

    mutating func collect(_ items: CodeBlockItemListSyntax, conditions: [String], into imports: inout [SourceImport]) {
        for item in items { collect(item, conditions: conditions, into: &imports) }
    }

    mutating func collect(_ item: CodeBlockItemSyntax, conditions: [String], into imports: inout [SourceImport]) {
        let node = item.item
        if let declaration = node.as(ImportDeclSyntax.self) {
            imports.append(sourceImport(declaration, conditions: conditions))
        } else if let ifConfig = node.as(IfConfigDeclSyntax.self) {
            var previous: [String] = []
            for clause in ifConfig.clauses {
                let condition = clause.condition.map { text($0.positionAfterSkippingLeadingTrivia, $0.endPositionBeforeTrailingTrivia) }
                let clauseConditions: [String]
                if let condition {
                    clauseConditions = previous.map { "!(\($0))" } + [condition]
                    previous.append(condition)
                } else {
                    clauseConditions = previous.map { "!(\($0))" }
                }
                if condition == "false" || (condition == nil && previous.contains("true")) { continue }
                if case .statements(let statements)? = clause.elements {
                    collect(statements, conditions: conditions + clauseConditions, into: &imports)
                }
            }
        }
    }

    private mutating func sourceImport(_ declaration: ImportDeclSyntax, conditions: [String]) -> SourceImport {
        var components = declaration.path.map(\.name.text)
        if components.count == 1, let name = declaration.path.first?.name { components[0] += hyphenatedTail(after: name.endPositionBeforeTrailingTrivia) }
        let location = location(of: declaration.importKeyword.positionAfterSkippingLeadingTrivia)
        let attributes = declaration.attributes.isEmpty ? [] : declaration.attributes.compactMap { element -> String? in
            guard let attribute = element.as(AttributeSyntax.self) else { return nil }
            if let name = attribute.attributeName.as(IdentifierTypeSyntax.self)?.name.text { return name }
            let nameSyntax = attribute.attributeName
            return text(nameSyntax.positionAfterSkippingLeadingTrivia, nameSyntax.endPositionBeforeTrailingTrivia)
        }
        let accessLevel = declaration.modifiers.isEmpty ? nil : declaration.modifiers.lazy.compactMap { AccessLevel(rawValue: $0.name.text) }.first
        return SourceImport(module: components.first ?? "", path: Array(components.dropFirst()), attributes: attributes, accessLevel: accessLevel,
                            declarationKind: declaration.importKindSpecifier.flatMap { ImportKind(rawValue: $0.text) }, conditions: conditions,
                            line: location.line, column: location.column)
    }

    /// `import Mediator-Habit` (a pod's name written as its module, which is not valid Swift): the parser reads
    /// `import Mediator` and an expression `-Habit`; the module is the pod's, `Mediator_Habit` (CocoaPods makes a module
    /// name of the pod's by `_` for `-`), never `Mediator`. The `_Habit` after the name's end, or nothing.
    private func hyphenatedTail(after position: AbsolutePosition) -> String {
        var index = position.utf8Offset
        var tail = ""
        while index + 1 < bytes.count, bytes[index] == UInt8(ascii: "-"), Self.isIdentifierByte(bytes[index + 1]) {
            var end = index + 1
            while end < bytes.count, Self.isIdentifierByte(bytes[end]) { end += 1 }
            tail += "_" + String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
            index = end
        }
        return tail
    }

    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
    }

    /// The source text between two positions.
    private func text(_ from: AbsolutePosition, _ to: AbsolutePosition) -> String {
        String(decoding: bytes[from.utf8Offset..<max(from.utf8Offset, to.utf8Offset)], as: UTF8.self)
    }

    /// Line and column (in UTF-8 bytes) in the file, counted from 1, as the compiler counts them (`\n`, `\r\n` and
    /// `\r` end a line).
    private mutating func location(of position: AbsolutePosition) -> (line: Int, column: Int) {
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
