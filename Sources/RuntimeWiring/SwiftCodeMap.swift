import SourceText

/// Where a Swift file's wiring can be, found in one pass over its bytes, so that SwiftParser reads only those places
/// (``SwiftWiringScanner``): the calls and `Target_` classes outside comments and strings, each as the smallest
/// balanced span that holds it, with the `#if` conditions and `extension CTMediator` bodies around it.
///
/// The pass knows comments (nested), string literals (single-line, multi-line, raw, with interpolations) and brackets;
/// anything it cannot follow (a regex literal, unbalanced brackets, an unclosed literal) makes the map unusable
/// (``isUsable`` false), and the whole file is parsed instead.
struct SwiftCodeMap {
    /// A span to parse: a call with its receiver chain and trailing closure, a `Target_` class with its attributes, or a
    /// `let name = "…"` constant.
    struct Window: Equatable {
        var range: Range<Int>
        var conditions: [String]
        var inMediatorExtension: Bool
        /// A call's window starts at its name: the receiver written right before it (`MGJRouter` in `MGJRouter.openURL(…)`;
        /// nil for a chain or none), as the full parse would see it. Nil for other windows.
        var call: Call?

        struct Call: Equatable {
            var receiver: String?
            /// Where the arguments the reading needs end (`performTarget`'s target and action): the window is parsed up
            /// to there and closed with `)`. Nil when the whole call is parsed.
            var cut: Int?
        }

        /// The end of the text to parse: the cut, or the range's end.
        var parsedEnd: Int { call?.cut ?? range.upperBound }
        /// A `let` inside a function, accessor or closure: a constant of that body only, not of the target.
        var isLocal = false
    }

    /// Words after which a `{` opens a type's body, and words after which it opens code.
    static let typeKeywords = ["struct", "class", "enum", "extension", "protocol", "actor"]
    static let codeKeywords = ["func", "init", "deinit", "subscript", "var", "get", "set", "willSet", "didSet", "in", "return"]

    static let calls: [String] = [
        "performTarget", "registerService", "createService", "register", "resolve", "registerURLPattern", "openURL", "objectForURL", "object",
    ]

    private(set) var windows: [Window] = []
    private(set) var isUsable = true
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var depth = 0
    /// Each open `#if`: the conditions of its earlier clauses, and the current clause's (nil for `#else`).
    private var conditions: [(earlier: [String], current: String?)] = []
    /// The bracket depth inside each open `extension CTMediator` body.
    private var extensionDepths: [Int] = []
    private var pendingExtension = false
    /// For each open bracket: whether it is a body of code (a function's, an accessor's, a closure's), not a type's.
    private var codeBodies: [Bool] = []
    /// A type's body opens next (after `struct`, `class`, `enum`, `extension`, `protocol`, `actor`).
    private var pendingTypeBody = false
    private var lineStart = 0
    private var previousWord: Range<Int>?
    /// Each open bracket: where it is, and for a `(` right after a name, where that name starts (a call's).
    private var brackets: [(open: Int, callee: Int?)] = []

    /// Maps `bytes`; the buffer must outlive the map's construction only.
    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        while isUsable && index < bytes.count { step() }
        if depth != 0 || !conditions.isEmpty { isUsable = false }
        windows = Self.outermost(windows)
    }

    private func byte(_ offset: Int) -> UInt8 {
        offset >= 0 && offset < bytes.count ? bytes[offset] : 0
    }

    private mutating func step() {
        let current = bytes[index]
        switch current {
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "/"): skipLineComment()
        case UInt8(ascii: "/") where byte(index + 1) == UInt8(ascii: "*"): skipBlockComment()
        case UInt8(ascii: "#"): hash()
        case UInt8(ascii: "\""): if let end = SwiftLiterals.stringEnd(bytes, from: index, hashes: 0) { index = end } else { isUsable = false }
        case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): open(current)
        case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): close()
        case UInt8(ascii: "\n"):
            index += 1
            lineStart = index
        default:
            if Self.startsIdentifier(current) { word() } else { index += 1 }
        }
    }

    private mutating func skipLineComment() {
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
    }

    private mutating func skipBlockComment() {
        guard let end = SwiftLiterals.blockCommentEnd(bytes, from: index) else { return isUsable = false }
        index = end
    }

    /// `#if`/`#elseif`/`#else`/`#endif` at the start of a line, a raw string (`#"…"#`), or a regex literal (unusable).
    private mutating func hash() {
        var hashes = 0
        while byte(index + hashes) == UInt8(ascii: "#") { hashes += 1 }
        if byte(index + hashes) == UInt8(ascii: "\"") {
            guard let end = SwiftLiterals.stringEnd(bytes, from: index + hashes, hashes: hashes) else { return isUsable = false }
            index = end
            return
        }
        if byte(index + hashes) == UInt8(ascii: "/") { return isUsable = false }
        let onlySpacesBefore = (lineStart..<index).allSatisfy { bytes[$0] == UInt8(ascii: " ") || bytes[$0] == UInt8(ascii: "\t") }
        guard onlySpacesBefore else { return index += 1 }
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        directive(String(decoding: UnsafeBufferPointer(rebasing: bytes[(index + 1)..<end]), as: UTF8.self))
        index = end
    }

    /// The condition stack as `#if` clauses change it (the same spelling ``SwiftWiringScanner`` gives a full parse).
    private mutating func directive(_ line: String) {
        let withoutComment = line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? line
        let parts = withoutComment.split(maxSplits: 1, whereSeparator: { $0 == " " || $0 == "\t" })
        let condition = parts.count > 1 ? parts[1].trimmingSpaces() : ""
        switch parts.first {
        case "if": conditions.append(([], condition))
        case "elseif", "else":
            guard let last = conditions.popLast() else { return isUsable = false }
            conditions.append((last.earlier + (last.current.map { [$0] } ?? []), parts.first == "else" ? nil : condition))
        case "endif": if conditions.popLast() == nil { isUsable = false }
        default: break
        }
    }

    private mutating func open(_ bracket: UInt8) {
        if bracket == UInt8(ascii: "{"), pendingExtension {
            extensionDepths.append(depth + 1)
            pendingExtension = false
        }
        codeBodies.append(bracket == UInt8(ascii: "{") && !pendingTypeBody)
        let callee = previousWord.flatMap { word in
            bracket == UInt8(ascii: "(") && (word.upperBound..<index).allSatisfy { bytes[$0] == UInt8(ascii: " ") } ? word.lowerBound : nil
        }
        brackets.append((index, callee))
        if bracket == UInt8(ascii: "{") { pendingTypeBody = false }
        depth += 1
        index += 1
    }

    private mutating func close() {
        if extensionDepths.last == depth { extensionDepths.removeLast() }
        _ = codeBodies.popLast()
        _ = brackets.popLast()
        depth -= 1
        if depth < 0 { isUsable = false }
        index += 1
    }

    private mutating func word() {
        let start = index
        while index < bytes.count, Self.continuesIdentifier(bytes[index]) { index += 1 }
        let word = start..<index
        let previous = previousWord
        defer { previousWord = word }
        if let previous, spells(previous, "extension"), spells(word, "CTMediator") { pendingExtension = true }
        if Self.typeKeywords.contains(where: { spells(word, $0) }) { pendingTypeBody = true }
        if Self.codeKeywords.contains(where: { spells(word, $0) }) { pendingTypeBody = false }
        if let previous, spells(previous, "class"), word.count > 7, spells(word.prefix(7), "Target_") {
            if let end = Self.bodyEnd(bytes, from: index) { add(attributesStart(before: previous.lowerBound)..<end) } else { isUsable = false }
            return
        }
        if spells(word, "let"), let end = constantEnd(after: index) {
            add(start..<end)
            windows[windows.count - 1].isLocal = codeBodies.contains(true)
            return
        }
        if spells(word, "target"), let call = labelledCall(after: index) { return add(call.range, call: call.call) }
        guard Self.calls.contains(where: { spells(word, $0) }), previous.map({ !spells($0, "func") }) ?? true,
              byte(nextNonSpace(from: index)) == UInt8(ascii: "(") else { return }
        let open = nextNonSpace(from: index)
        guard let end = callEnd(from: open) else { return isUsable = false }
        let cut = spells(word, "performTarget") ? Self.argumentsEnd(bytes, from: open, keeping: 2) : nil
        add(start..<end, call: Window.Call(receiver: receiver(before: start), cut: cut))
    }

    /// The call whose arguments hold `target: "…"` (a CTMediator clone's entry point with its own name), when `start` is
    /// right after that label's word: the call's whole span from its name; nil for anything else, and for a call one of
    /// ``calls`` names (windowed at its name already).
    private func labelledCall(after start: Int) -> (range: Range<Int>, call: Window.Call)? {
        let colon = nextNonSpace(from: start)
        guard byte(colon) == UInt8(ascii: ":"), byte(nextNonSpace(from: colon + 1)) == UInt8(ascii: "\""),
              let (open, callee) = brackets.last, let callee, byte(open) == UInt8(ascii: "(") else { return nil }
        var nameEnd = callee
        while Self.continuesIdentifier(byte(nameEnd)) { nameEnd += 1 }
        guard !Self.calls.contains(where: { spells(callee..<nameEnd, $0) }), let end = callEnd(from: open) else { return nil }
        return (callee..<end, Window.Call(receiver: receiver(before: callee), cut: nil))
    }

    /// Whether the bytes in `range` are `text`.
    private func spells(_ range: Range<Int>, _ text: String) -> Bool {
        range.count == text.utf8.count && bytes[range].elementsEqual(text.utf8)
    }

    private mutating func add(_ range: Range<Int>, call: Window.Call? = nil) {
        let category = !extensionDepths.isEmpty
        // A clause's conditions, as a full parse spells them: the negations of the clauses before it, then its own.
        let around = conditions.flatMap { clause in clause.earlier.map { "!(\($0))" } + (clause.current.map { [$0] } ?? []) }
        windows.append(Window(range: range, conditions: around, inMediatorExtension: category, call: call))
    }

    private func nextNonSpace(from start: Int) -> Int {
        var position = start
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") { position += 1 }
        return position
    }

    /// `let name = "text"` or `let name: Type = "text"`, the literal on one line and the whole initializer: its end.
    private func constantEnd(after start: Int) -> Int? {
        var position = nextNonSpace(from: start)
        guard Self.startsIdentifier(byte(position)) else { return nil }
        while Self.continuesIdentifier(byte(position)) { position += 1 }
        position = nextNonSpace(from: position)
        if byte(position) == UInt8(ascii: ":") {
            while position < bytes.count, byte(position) != UInt8(ascii: "=") {
                if [UInt8(ascii: "\n"), UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "\"")].contains(byte(position)) { return nil }
                position += 1
            }
        }
        guard byte(position) == UInt8(ascii: "="), byte(position + 1) != UInt8(ascii: "=") else { return nil }
        position = position + 1
        while [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(byte(position)) { position += 1 }
        guard byte(position) == UInt8(ascii: "\""), byte(position + 1) != UInt8(ascii: "\"") || byte(position + 2) != UInt8(ascii: "\""),
              let end = SwiftLiterals.stringEnd(bytes, from: position, hashes: 0) else { return nil }
        let after = byte(nextNonSpace(from: end))
        return [0, UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: ";"), UInt8(ascii: "}"), UInt8(ascii: "/"), UInt8(ascii: ",")].contains(after) ? end : nil
    }

    /// The call's closing parenthesis, then a trailing closure when one follows on the same line.
    private func callEnd(from open: Int) -> Int? {
        guard let close = SwiftLiterals.matching(bytes, from: open) else { return nil }
        let next = nextNonSpace(from: close)
        guard byte(next) == UInt8(ascii: "{") else { return close }
        return SwiftLiterals.matching(bytes, from: next)
    }

    /// `MGJRouter` for `MGJRouter.openURL`, `self` for `self.openURL`: a plain name right before the call's dot; the
    /// type for `CTMediator.sharedInstance().performTarget` or `CTMediator.shared.performTarget`; nil for `a.b.call`,
    /// `f().call`, `x?.call` or no receiver.
    private func receiver(before start: Int) -> String? {
        let dotAt = dot(before: start)
        guard dotAt >= 0 else { return nil }
        if let (name, before) = name(endingBefore: dotAt) {
            guard byte(before) == UInt8(ascii: ".") else { return name }
            return type(endingBefore: before)
        }
        let call = emptyCall(endingBefore: dotAt)
        guard call >= 0, let (_, before) = name(endingBefore: call), byte(before) == UInt8(ascii: ".") else { return nil }
        return type(endingBefore: before)
    }

    /// `T` in `T.member`: a capitalized name with nothing before it.
    private func type(endingBefore dotAt: Int) -> String? {
        guard let (type, before) = name(endingBefore: dotAt), type.first?.isUppercase == true, byte(before) != UInt8(ascii: ".") else { return nil }
        return type
    }

    /// The position of the `.` right before `start` (spaces between), or -1.
    private func dot(before start: Int) -> Int {
        var position = start - 1
        while position >= 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[position]) { position -= 1 }
        return byte(position) == UInt8(ascii: ".") ? position : -1
    }

    /// Where `()` ends right before `end` begins, or -1.
    private func emptyCall(endingBefore end: Int) -> Int {
        guard end > 1, byte(end - 1) == UInt8(ascii: ")"), byte(end - 2) == UInt8(ascii: "(") else { return -1 }
        return end - 2
    }

    /// The identifier ending right before `end` (spaces between), and the position of the byte before it; nil when
    /// there is none or it is backticked.
    private func name(endingBefore end: Int) -> (String, Int)? {
        guard end > 0 else { return nil }
        var position = end - 1
        while position >= 0, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r")].contains(bytes[position]) { position -= 1 }
        let last = position + 1
        while position >= 0, Self.continuesIdentifier(bytes[position]) { position -= 1 }
        guard position + 1 < last, Self.startsIdentifier(bytes[position + 1]), byte(position) != UInt8(ascii: "`") else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<last]), as: UTF8.self), position)
    }

    /// The start of the attribute lines right above a class (`@objc(Target_A)`, `@objcMembers`), else its line.
    private func attributesStart(before classStart: Int) -> Int {
        var start = lineStart
        while start > 0 {
            var previous = start - 1
            while previous > 0, bytes[previous - 1] != UInt8(ascii: "\n") { previous -= 1 }
            guard byte(nextNonSpace(from: previous)) == UInt8(ascii: "@") else { break }
            start = previous
        }
        return start
    }

    /// Windows inside another one are read with it (which is then read whole: the inner one may be past its cut).
    static func outermost(_ windows: [Window]) -> [Window] {
        var kept: [Window] = []
        for window in windows.sorted(by: { ($0.range.lowerBound, -$0.range.upperBound) < ($1.range.lowerBound, -$1.range.upperBound) }) {
            guard let last = kept.last, last.range.upperBound > window.range.lowerBound else {
                kept.append(window)
                continue
            }
            kept[kept.count - 1].call?.cut = nil
            if last.range.upperBound < window.range.upperBound { kept[kept.count - 1].range = last.range.lowerBound..<window.range.upperBound }
        }
        return kept
    }
}

extension SwiftCodeMap {
    static func startsIdentifier(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
            || byte >= 0x80
    }

    static func continuesIdentifier(_ byte: UInt8) -> Bool {
        startsIdentifier(byte) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The first top-level comma after `keeping` arguments of the call whose `(` is at `open`, or nil: fewer arguments,
    /// a `<` at the top level (a generic argument list's commas cannot be told from the call's), or text the scan
    /// cannot follow.
    static func argumentsEnd(_ bytes: UnsafeBufferPointer<UInt8>, from open: Int, keeping: Int) -> Int? {
        var index = open + 1, commas = 0
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                guard let end = SwiftLiterals.matching(bytes, from: index) else { return nil }
                index = end
                continue
            case UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: "#"), UInt8(ascii: "/"): return nil
            case UInt8(ascii: "\""):
                guard let end = SwiftLiterals.stringEnd(bytes, from: index, hashes: 0) else { return nil }
                index = end
                continue
            case UInt8(ascii: ","):
                commas += 1
                if commas == keeping { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// After the `{…}` body that follows `start` (a class's name, generic clause, inheritance), or nil.
    static func bodyEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: "{") {
            if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "}") { return nil }
            index += 1
        }
        return index < bytes.count ? SwiftLiterals.matching(bytes, from: index) : nil
    }
}
