/// One replacement in a file's bytes: the range (UTF-8 offsets) and what replaces it (empty to delete, an empty range
/// to insert).
public struct TextEdit: Sendable, Hashable {
    public var range: Range<Int>
    public var replacement: String

    public init(range: Range<Int>, replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    public init(inserting text: String, at offset: Int) {
        self.init(range: offset..<offset, replacement: text)
    }

    /// `edits` applied to `source` together; nil when two of them overlap (then none is applied). Edits that are equal
    /// count once.
    public static func apply(_ edits: [TextEdit], to source: String) -> String? {
        let sorted = Array(Set(edits)).sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        for (first, second) in zip(sorted, sorted.dropFirst()) where second.range.lowerBound < first.range.upperBound
            || (second.range.lowerBound == first.range.lowerBound && first.range.isEmpty && second.range.isEmpty) {
            return nil
        }
        var bytes = Array(source.utf8)
        for edit in sorted.reversed() {
            guard edit.range.upperBound <= bytes.count else { return nil }
            bytes.replaceSubrange(edit.range, with: Array(edit.replacement.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// Why an edit is not made: the finding stays, reported as "not fixed" with this reason.
public struct NotFixable: Error, Sendable, Equatable {
    public var reason: String
    /// Where in the file the obstacle is, when it is one place (a `dependencies:` that is not a literal list).
    public var line: Int?
    public var column: Int?
    public var kind: LeftBecause

    public init(_ reason: String, line: Int? = nil, column: Int? = nil, kind: LeftBecause = .cannotPlace) {
        self.reason = reason
        self.line = line
        self.column = column
        self.kind = kind
    }
}
