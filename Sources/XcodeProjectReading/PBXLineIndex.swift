/// Where each object of a `project.pbxproj` is written: the lines of its definition, so that a reference inside an
/// object can be found at its line. The values come from Foundation's reading; this only locates them in the text.
struct PBXLineIndex {
    private let bytes: [UInt8]
    /// The byte offset each line starts at.
    private var lineStarts: [Int] = [0]
    /// For each object id: its first and last line (1-based).
    private var spans: [String: ClosedRange<Int>] = [:]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        indexObjects()
    }

    /// The line where object `id` is defined.
    func line(of id: String) -> Int? {
        spans[id]?.lowerBound
    }

    /// The first line inside object `owner` where `id` appears as a whole word; else the owner's own line.
    func line(of id: String, inside owner: String) -> Int? {
        guard let span = spans[owner] else { return nil }
        let needle = Array(id.utf8)
        for line in span where contains(needle, onLine: line) { return line }
        return span.lowerBound
    }

    private func contains(_ needle: [UInt8], onLine line: Int) -> Bool {
        let start = lineStarts[line - 1], end = line < lineStarts.count ? lineStarts[line] : bytes.count
        guard let first = needle.first, end - start >= needle.count else { return false }
        var index = start
        while index + needle.count <= end {
            if bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle),
               index == start || !Self.isWord(bytes[index - 1]), index + needle.count == end || !Self.isWord(bytes[index + needle.count]) {
                return true
            }
            index += 1
        }
        return false
    }

    static func isWord(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: ":"):
            return true
        default:
            return false
        }
    }

    /// One pass over the text: braces outside strings and comments give the depth; a word at depth 2 (inside the root
    /// dictionary's `objects`) followed by `= {` starts an object that ends when the depth falls back to 2.
    private mutating func indexObjects() {
        var scanner = Scanner(bytes: bytes)
        var depth = 0
        var lastWord: (text: String, line: Int)?
        var sawEquals = false
        var open: (id: String, line: Int)?
        while let token = scanner.next() {
            switch token.kind {
            case .word(let text):
                lastWord = depth == 2 ? (text, token.line) : nil
                sawEquals = false
            case .equals:
                sawEquals = lastWord != nil
            case .open:
                if depth == 2, sawEquals, let word = lastWord { open = (word.text, word.line) }
                depth += 1
                lastWord = nil
            case .close:
                depth -= 1
                if depth == 2, let object = open {
                    spans[object.id] = object.line...token.line
                    open = nil
                }
                lastWord = nil
            case .other:
                lastWord = nil
            }
        }
    }

    /// The tokens that matter for locating objects: words and quoted strings, `=`, braces; comments skipped.
    private struct Scanner {
        enum Kind {
            case word(String), equals, open, close, other
        }

        let bytes: [UInt8]
        var index = 0
        var line = 1

        mutating func next() -> (kind: Kind, line: Int)? {
            skipSpaceAndComments()
            guard index < bytes.count else { return nil }
            let byte = bytes[index], startLine = line
            switch byte {
            case UInt8(ascii: "="): index += 1; return (.equals, startLine)
            case UInt8(ascii: "{"): index += 1; return (.open, startLine)
            case UInt8(ascii: "}"): index += 1; return (.close, startLine)
            case UInt8(ascii: "\""): return (.word(quoted()), startLine)
            default:
                guard PBXLineIndex.isWord(byte) else { index += 1; return (.other, startLine) }
                let start = index
                while index < bytes.count, PBXLineIndex.isWord(bytes[index]) { index += 1 }
                return (.word(String(decoding: bytes[start..<index], as: UTF8.self)), startLine)
            }
        }

        private mutating func quoted() -> String {
            index += 1
            let start = index
            while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
            let text = String(decoding: bytes[start..<min(index, bytes.count)], as: UTF8.self)
            index += 1
            return text
        }

        private mutating func skipSpaceAndComments() {
            while index < bytes.count {
                let byte = bytes[index]
                if byte == UInt8(ascii: "\n") {
                    line += 1
                    index += 1
                } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r") {
                    index += 1
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                    index += 2
                    while index < bytes.count, !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/")) {
                        if bytes[index] == UInt8(ascii: "\n") { line += 1 }
                        index += 1
                    }
                    index += 2
                } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                    while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
                } else {
                    return
                }
            }
        }
    }
}
