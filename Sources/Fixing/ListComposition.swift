import SwiftSyntax

/// The changes to one literal `dependencies:` list, made as edits that never overlap: an entry alone on its line is
/// removed with its line, new entries go on lines of their own in the list's indentation and trailing-comma style,
/// entries that share a line are written again together, replacements inside an entry stay where they are. New entries
/// go before the first greater entry the list keeps when it is sorted, else after its last.
struct ListComposition {
    let editor: PackageManifestEditor
    let array: ArrayExprSyntax
    let argument: LabeledExprSyntax
    let elements: [ArrayElementSyntax]
    private(set) var removed: Set<Int> = []
    /// Replacements inside entries, by entry.
    private(set) var inner: [Int: [TextEdit]] = [:]
    /// The entries to add, each once, sorted, none the list keeps already.
    private(set) var additions: [String] = []
    private(set) var refused: [Int: NotFixable] = [:]

    init(editor: PackageManifestEditor, array: ArrayExprSyntax, argument: LabeledExprSyntax) {
        self.editor = editor
        self.array = array
        self.argument = argument
        elements = Array(array.elements)
    }

    /// Takes the list's changes (each with its index among all changes), refusing those that contradict each other.
    mutating func take(_ operations: [(operation: PackageManifestEditor.Operation, index: Int)]) {
        var removers: [Int: Int] = [:], editors: [Int: [Int]] = [:], adds: [(entry: String, index: Int)] = []
        for (operation, index) in operations {
            switch operation {
            case .remove(let element):
                if let place = place(of: element) { removers[place] = index }
            case .inner(let element, let edit):
                guard let place = element.flatMap(place(of:)) else { continue }
                inner[place, default: []].append(edit)
                editors[place, default: []].append(index)
            case .add(let entry):
                adds.append((entry, index))
            }
        }
        for (place, removal) in removers {
            guard let edits = editors[place] else { removed.insert(place); continue }
            refused[removal] = NotFixable("another finding's edit replaces the path or name of this entry; fix them one at a time (--rule)")
            for index in edits { refused[index] = NotFixable("another finding's edit removes this entry; fix them one at a time (--rule)") }
            inner[place] = nil
        }
        refuseDuplicatingReplacements(editors)
        let keys = elements.indices.map(key(of:))
        let kept = Set(elements.indices.filter { !removed.contains($0) }.map { keys[$0] })
        let gone = Set(removed.map { keys[$0] })
        var seen = kept
        for (entry, index) in adds.sorted(by: { $0.entry < $1.entry }) {
            let key = PackageManifestEditor.entryKey(of: entry)
            if gone.contains(key) {
                refused[index] = NotFixable("another finding removes the same entry from this list")
            } else if seen.insert(key).inserted {
                additions.append(entry)
            }
        }
    }

    /// A replacement that would make an entry name what another entry of the list names: SwiftPM refuses a package
    /// declared twice, and a second entry for one product is a mistake.
    private mutating func refuseDuplicatingReplacements(_ editors: [Int: [Int]]) {
        for place in inner.keys.sorted() {
            let key = key(of: place)
            guard let twin = elements.indices.first(where: { $0 != place && !removed.contains($0) && self.key(of: $0) == key }) else { continue }
            for index in editors[place] ?? [] {
                refused[index] = NotFixable("the list already has \(elements[twin].expression.trimmedDescription): the replacement would declare it twice")
            }
            inner[place] = nil
        }
    }

    private func place(of element: ArrayElementSyntax) -> Int? {
        elements.firstIndex { $0.id == element.id }
    }

    private func key(of place: Int) -> String {
        inner[place] == nil ? PackageManifestEditor.entryKey(of: elements[place].expression) : PackageManifestEditor.entryKey(of: text(place))
    }

    /// An entry's text with the replacements inside it made.
    private func text(_ place: Int) -> String {
        let expression = elements[place].expression
        let start = expression.positionAfterSkippingLeadingTrivia.utf8Offset, end = expression.endPositionBeforeTrailingTrivia.utf8Offset
        let original = String(decoding: editor.bytes[start..<end], as: UTF8.self)
        let local = (inner[place] ?? []).map { TextEdit(range: ($0.range.lowerBound - start)..<($0.range.upperBound - start), replacement: $0.replacement) }
        return TextEdit.apply(local, to: original) ?? original
    }

    // MARK: - Edits

    func edits() throws(NotFixable) -> [TextEdit] {
        let innerEdits = inner.keys.sorted().flatMap { inner[$0] ?? [] }
        guard !removed.isEmpty || !additions.isEmpty else { return innerEdits }
        let open = array.leftSquare.endPositionBeforeTrailingTrivia.utf8Offset
        let close = array.rightSquare.positionAfterSkippingLeadingTrivia.utf8Offset
        if elements.isEmpty { return editor.appending(additions, toEmpty: array, argument: argument) }
        if !editor.containsNewline(open, close) { return try oneLine(open: open, close: close) }
        if kept.isEmpty, additions.isEmpty, !hasComment { return [TextEdit(range: open..<close, replacement: "")] }
        var edits: [TextEdit] = []
        for group in lineGroups() { edits += try self.edits(of: group) }
        return edits
    }

    private var kept: [Int] { elements.indices.filter { !removed.contains($0) } }

    /// Where each addition goes: before a kept entry (by its place), or after the last one (`-1`).
    private var places: [Int: [String]] {
        let texts = elements.map(\.expression.trimmedDescription)
        let sorted = texts.count > 1 && zip(texts, texts.dropFirst()).allSatisfy { $0 <= $1 }
        let kept = self.kept
        var places: [Int: [String]] = [:]
        for entry in additions {
            places[sorted ? kept.first { texts[$0] > entry } ?? -1 : -1, default: []].append(entry)
        }
        return places
    }

    private var hasComment: Bool {
        let trivia = [array.leftSquare.trailingTrivia, array.rightSquare.leadingTrivia] + elements.flatMap { [$0.leadingTrivia, $0.trailingTrivia] }
        return trivia.contains { $0.contains(where: \.isComment) }
    }

    /// A list on one line is written again whole, between its brackets.
    private func oneLine(open: Int, close: Int) throws(NotFixable) -> [TextEdit] {
        guard !hasComment else { throw NotFixable("a comment shares the line of the list; edit it by hand") }
        let places = self.places
        var items: [String] = []
        for place in elements.indices {
            items += places[place] ?? []
            if !removed.contains(place) { items.append(text(place)) }
        }
        items += places[-1] ?? []
        guard !items.isEmpty, let first = elements.first, let last = elements.last else { return [TextEdit(range: open..<close, replacement: "")] }
        let lead = String(decoding: editor.bytes[open..<first.positionAfterSkippingLeadingTrivia.utf8Offset], as: UTF8.self)
        let trail = String(decoding: editor.bytes[last.endPositionBeforeTrailingTrivia.utf8Offset..<close], as: UTF8.self)
        return [TextEdit(range: open..<close, replacement: lead + items.joined(separator: ", ") + (last.trailingComma == nil ? "" : ",") + trail)]
    }

    /// The entries of the list by the lines they share: an entry joins the one before when it starts on the line that
    /// one ends on.
    private func lineGroups() -> [[Int]] {
        var groups: [[Int]] = []
        for place in elements.indices {
            if let previous = groups.last?.last,
               editor.lineStart(of: elements[place].positionAfterSkippingLeadingTrivia.utf8Offset)
                == editor.lineStart(of: elements[previous].endPositionBeforeTrailingTrivia.utf8Offset) {
                groups[groups.count - 1].append(place)
            } else {
                groups.append([place])
            }
        }
        return groups
    }

    private func edits(of group: [Int]) throws(NotFixable) -> [TextEdit] {
        let places = self.places, kept = self.kept
        // Entries added when the list keeps none go where its first entries were.
        let leading = kept.isEmpty && group == lineGroups().first ? places[-1] ?? [] : []
        let trailing = kept.last.map(group.contains) == true ? places[-1] ?? [] : []
        let changed = !leading.isEmpty || !trailing.isEmpty || group.contains { removed.contains($0) || places[$0] != nil }
        guard changed else { return group.flatMap { inner[$0] ?? [] } }
        if group.count == 1, isAlone(group) {
            return ownLine(group[0], before: leading + (places[group[0]] ?? []), after: trailing, closesList: !leading.isEmpty)
        }
        return [try inline(group, leading: leading, trailing: trailing)]
    }

    /// An entry alone on its line (with a comment after it): removed with its line; entries added on lines of their own
    /// before it or after it.
    private func ownLine(_ place: Int, before: [String], after: [String], closesList: Bool) -> [TextEdit] {
        let element = elements[place]
        let start = element.positionAfterSkippingLeadingTrivia.utf8Offset
        let lineStart = editor.lineStart(of: start), lineEnd = editor.lineEnd(of: element.endPositionBeforeTrailingTrivia.utf8Offset)
        let indent = editor.indentation(at: start)
        var edits: [TextEdit] = []
        if !before.isEmpty {
            let lastComma = !closesList || elements.last?.trailingComma != nil
            let lines = before.enumerated().map { index, entry in indent + entry + (lastComma || index < before.count - 1 ? "," : "") + "\n" }
            edits.append(TextEdit(inserting: lines.joined(), at: lineStart))
        }
        if removed.contains(place) { return edits + [TextEdit(range: lineStart..<min(lineEnd + 1, editor.bytes.count), replacement: "")] }
        edits += inner[place] ?? []
        guard !after.isEmpty else { return edits }
        // After the entry's line (and a comment on it), in the list's trailing-comma style.
        let withCommas = elements.last?.trailingComma != nil
        if element.trailingComma == nil { edits.append(TextEdit(inserting: ",", at: element.expression.endPositionBeforeTrailingTrivia.utf8Offset)) }
        let lines = after.enumerated().map { index, entry in indent + entry + (withCommas || index < after.count - 1 ? "," : "") + "\n" }
        guard lineEnd < editor.bytes.count else { return edits + [TextEdit(inserting: "\n" + lines.joined().dropLast(), at: lineEnd)] }
        return edits + [TextEdit(inserting: lines.joined(), at: lineEnd + 1)]
    }

    /// Entries that share a line: written again together (those kept, those added among them), with the comma the last
    /// of them had.
    private func inline(_ group: [Int], leading: [String], trailing: [String]) throws(NotFixable) -> TextEdit {
        guard let first = group.first, let last = group.last else { return TextEdit(inserting: "", at: 0) }
        let inside = group.dropFirst().map { elements[$0].leadingTrivia } + group.dropLast().map { elements[$0].trailingTrivia }
        guard !inside.contains(where: { $0.contains(where: \.isComment) }) else {
            throw NotFixable("a comment sits between entries on one line of the list; edit it by hand")
        }
        let places = self.places
        var items = leading
        for place in group {
            items += places[place] ?? []
            if !removed.contains(place) { items.append(text(place)) }
        }
        items += trailing
        let start = elements[first].positionAfterSkippingLeadingTrivia.utf8Offset, end = elements[last].endPositionBeforeTrailingTrivia.utf8Offset
        guard items.isEmpty else {
            return TextEdit(range: start..<end, replacement: items.joined(separator: ", ") + (elements[last].trailingComma == nil ? "" : ","))
        }
        if isAlone(group) { return TextEdit(range: editor.lineStart(of: start)..<min(editor.lineEnd(of: end) + 1, editor.bytes.count), replacement: "") }
        var after = end
        while after < editor.bytes.count, editor.bytes[after] == UInt8(ascii: " ") { after += 1 }
        return TextEdit(range: start..<after, replacement: "")
    }

    /// Whether nothing but whitespace comes before the group's first entry on its line, and nothing but whitespace or a
    /// comment after its last.
    private func isAlone(_ group: [Int]) -> Bool {
        guard let first = group.first, let last = group.last else { return false }
        let start = elements[first].positionAfterSkippingLeadingTrivia.utf8Offset
        let end = elements[last].endPositionBeforeTrailingTrivia.utf8Offset
        let before = editor.bytes[editor.lineStart(of: start)..<start].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        let rest = String(decoding: editor.bytes[end..<editor.lineEnd(of: end)], as: UTF8.self).trimmingPrefix { $0 == " " || $0 == "\t" }
        return before && (rest.isEmpty || rest.hasPrefix("//"))
    }
}
