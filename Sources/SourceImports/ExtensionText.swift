import SourceText

/// A module file's text cut down to what ``DeclarationCollector`` reads: the file's top level and the member level of
/// its extensions, with every other brace body blanked (bytes turned to spaces, line breaks kept), so that SwiftParser
/// reads the extensions' member declarations and not the code of their bodies, nor the bodies of the file's other
/// declarations. What the collector records from the text is what it records from the whole file: a member of an
/// extension is a declaration right inside an extension's body, and only the bodies inside those members are blanked.
///
/// One pass over the bytes, knowing comments (nested), string literals (``SwiftLiterals``) and braces. Anything it cannot
/// follow gives nil, and the whole file is parsed: a raw string or a `#/…/#` regex literal, unbalanced braces, an
/// unclosed comment or literal, or an `#if` clause that opens or closes more braces than it closes or opens.
enum ExtensionText {
    /// What the pass found.
    enum Reduced: Equatable {
        /// The text to parse, as long as the file.
        case text([UInt8])
        /// The file has no extension body: it declares no member of an extension.
        case noExtension
    }

    /// The cut-down text, or nil when the pass cannot follow the file.
    static func reduced(_ bytes: [UInt8]) -> Reduced? {
        var scan = Scan()
        let ranges = bytes.withUnsafeBufferPointer { buffer -> [Range<Int>]? in
            while scan.isUsable && scan.index < buffer.count { scan.step(buffer) }
            return scan.isUsable && scan.depth == 0 && scan.clauses.isEmpty ? scan.blanked : nil
        }
        guard let ranges else { return nil }
        guard scan.sawExtensionBody else { return .noExtension }
        var text = bytes
        for range in ranges {
            for index in range where text[index] != UInt8(ascii: "\n") && text[index] != UInt8(ascii: "\r") { text[index] = UInt8(ascii: " ") }
        }
        return .text(text)
    }

    /// The state of the pass.
    private struct Scan {
        var index = 0
        var isUsable = true
        /// Brace depth.
        var depth = 0
        /// The brace depth at each open `#if`.
        var clauses: [Int] = []
        /// At the top level, after the word `extension` and before the `{` of its body.
        var pendingExtension = false
        /// Inside the body of a top-level extension (its member level is depth 1).
        var inExtension = false
        var sawExtensionBody = false
        /// Where the body being blanked begins (after its `{`), and the depth inside it.
        var blankStart: Int?
        var blankDepth = 0
        var blanked: [Range<Int>] = []
        var lineStart = 0

        /// Words after which a `{` at the top level opens something other than an extension's body.
        static let otherDeclarations: Set<String> = [
            "struct", "class", "enum", "protocol", "actor", "func", "var", "let", "typealias", "init", "deinit", "subscript", "import",
            "macro", "operator", "precedencegroup", "case",
        ]

        mutating func step(_ bytes: UnsafeBufferPointer<UInt8>) {
            let current = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            switch current {
            case UInt8(ascii: "/") where next == UInt8(ascii: "/"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
                guard let end = SwiftLiterals.blockCommentEnd(bytes, from: index) else { return isUsable = false }
                index = end
            case UInt8(ascii: "\""):
                guard let end = SwiftLiterals.stringEnd(bytes, from: index, hashes: 0) else { return isUsable = false }
                index = end
            case UInt8(ascii: "#"): hash(bytes)
            case UInt8(ascii: "{"): open()
            case UInt8(ascii: "}"): close()
            case UInt8(ascii: "\n"):
                index += 1
                lineStart = index
            default:
                if isWordStart(current) { word(bytes) } else { index += 1 }
            }
        }

        private mutating func open() {
            if depth == 0 {
                if pendingExtension {
                    inExtension = true
                    sawExtensionBody = true
                } else {
                    startBlank()
                }
                pendingExtension = false
            } else if depth == 1 && inExtension {
                startBlank()
            }
            depth += 1
            index += 1
        }

        private mutating func startBlank() {
            blankStart = index + 1
            blankDepth = depth + 1
        }

        private mutating func close() {
            if let start = blankStart, depth == blankDepth {
                blanked.append(start..<index)
                blankStart = nil
            }
            depth -= 1
            if depth < 0 { isUsable = false }
            if depth == 0 { inExtension = false }
            index += 1
        }

        private mutating func word(_ bytes: UnsafeBufferPointer<UInt8>) {
            let start = index
            while index < bytes.count, isWordStart(bytes[index]) || (bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9")) { index += 1 }
            guard depth == 0 else { return }
            let word = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
            if word == "extension" {
                pendingExtension = true
            } else if Self.otherDeclarations.contains(word) {
                pendingExtension = false
            }
        }

        /// A raw string or regex literal (not followed), or a compiler directive at the start of a line.
        private mutating func hash(_ bytes: UnsafeBufferPointer<UInt8>) {
            var end = index
            while end < bytes.count, bytes[end] == UInt8(ascii: "#") { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "\"") || bytes[end] == UInt8(ascii: "/") { return isUsable = false }
            let onlySpacesBefore = (lineStart..<index).allSatisfy { bytes[$0] == UInt8(ascii: " ") || bytes[$0] == UInt8(ascii: "\t") }
            index = end
            guard onlySpacesBefore else { return }
            var wordEnd = end
            while wordEnd < bytes.count, isWordStart(bytes[wordEnd]) { wordEnd += 1 }
            switch String(decoding: UnsafeBufferPointer(rebasing: bytes[end..<wordEnd]), as: UTF8.self) {
            case "if": clauses.append(depth)
            case "elseif", "else": if clauses.last != depth { isUsable = false }
            case "endif": if clauses.popLast() != depth { isUsable = false }
            default: break
            }
            index = wordEnd
        }

        private func isWordStart(_ byte: UInt8) -> Bool {
            (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
                || byte >= 0x80
        }
    }
}
