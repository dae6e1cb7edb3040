import SourceText

/// The part of a Swift file that can hold its imports: the file is cut after its last line that can start an import
/// declaration (attributes and an access level may precede `import`), extended to close any open `#if`. Imports
/// written after other code still count: the cut is after the last such line in the whole file.
struct SwiftHeader {
    /// The header handed to the parser is at most this long.
    static let maximumBytes = 1 << 20

    /// The file's first bytes, up to the end of its last import.
    var bytes: [UInt8]
    /// Imports may follow beyond ``maximumHeaderBytes``.
    var truncated: Bool
    var maximumHeaderBytes: Int
    /// Nothing in it can carry the lexer from one line into the next (no block comment, string or `#/` regex literal)
    /// and its `#if`s close: parsed right after another file's header, it parses as it does alone.
    var isSelfContained: Bool
    /// Why it is not parsed at all (see ``unparsable(_:)``), or nil.
    var unparsable: String?

    init(of file: [UInt8], maximumHeaderBytes: Int = SwiftHeader.maximumBytes) {
        let (end, truncated) = Self.end(of: file, maximumHeaderBytes: maximumHeaderBytes)
        // A copy of the header alone, so that a large file's other bytes are not kept while its batch is read.
        bytes = end == file.count ? file : Array(file[..<end])
        self.truncated = truncated
        self.maximumHeaderBytes = maximumHeaderBytes
        isSelfContained = JoinedParse.isSelfContained(bytes)
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

    /// The byte offset after which no line can start an import, extended past any `#if` still open there.
    static func end(of bytes: [UInt8], maximumHeaderBytes: Int = maximumBytes) -> (end: Int, truncated: Bool) {
        var end = 0
        var depth = 0
        var closingPending = false
        bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            while lineStart < buffer.count {
                var lineEnd = lineStart
                while lineEnd < buffer.count, buffer[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let next = min(lineEnd + 1, buffer.count)
                switch LineStart(buffer, from: lineStart, to: lineEnd) {
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
}
