/// The identifier-like words of Swift source bytes, hashed: the cheap test that tells the use pass which files
/// SwiftParser must read. It never decides a use; it only rules files out, so each set is a superset of what it stands
/// for (comments and strings are not told apart, and a hash shared by two words only costs a parse).
///
/// A word is a run of ASCII letters, digits and `_`, or of those and non-ASCII bytes (Swift identifiers may hold
/// them); a run with non-ASCII bytes also gives its ASCII parts, in case those bytes were an operator.
public struct SourceWords: Sendable, Equatable {
    /// The words that may name a declaration: the word after a declaring keyword (`struct`, `class`, `enum`, `actor`,
    /// `protocol`, `typealias`, `associatedtype`, `func`, `var`, `let`, `case`), a comma or a `<`, with only whitespace
    /// and backticks between.
    /// Every name ``DeclarationCollector`` records is one, unless a comment stands between the keyword and the name.
    /// Sorted.
    private(set) var declarable: [UInt64] = []
    /// Whether no word may name a declaration: the file declares nothing (a placeholder holding comments and imports).
    public var declaresNothing: Bool { declarable.isEmpty }
    /// The words where a member may be used (what ``UseFinder`` looks at): after a `.` (`.name`, `value.name`,
    /// `\.name`, `Type.Name`), or, not capitalized, before a `(` or a `{` (`name(…)`, `name { … }`), with only
    /// whitespace and backticks between. Sorted.
    private(set) var used: [UInt64] = []
    /// The words of ``used`` where the type a member is looked up on may be written: after a `.` that follows a
    /// capitalized word (`Type.name`, `\Type.name`, `Module.Type.Name`) or a `\` (`\.name`, the key path a property
    /// wrapper such as `@Dependency(…)` gives its root), with only whitespace and backticks between. A member every
    /// toolchain type may have (`numberFormatter`) tells a module only there. Sorted.
    private(set) var rooted: [UInt64] = []
    /// Whether the file holds the word `extension`: only then can it declare a member of an extension.
    private(set) var hasExtension = false
    /// The words right after a keyword that declares a type (`struct`, `class`, `enum`, `actor`, `protocol`,
    /// `typealias`), with only whitespace and backticks between: the types the file may declare. Sorted.
    private(set) var typeNames: [UInt64] = []

    init(_ bytes: [UInt8]) {
        // Read once, not at every word (a static's every read checks that it is made).
        let (declaringKeywords, typeKeywords, extensionHash) = (Self.declaringKeywords, Self.typeKeywords, Self.extensionHash)
        bytes.withUnsafeBufferPointer { buffer in
            var expectName = false, afterDot = false, afterRootedDot = false, rootMayPrecede = false, expectType = false
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                if Self.isWordByte(byte) {
                    let start = index
                    var hash = Self.offsetBasis, nonASCII = false
                    while index < buffer.count, Self.isWordByte(buffer[index]) {
                        hash = (hash ^ UInt64(buffer[index])) &* Self.prime
                        nonASCII = nonASCII || buffer[index] >= 0x80
                        index += 1
                    }
                    // A call names a member only when it does not start with a capital (`Text(…)` makes a value of a type).
                    let used = afterDot || (!Self.isCapital(buffer[start]) && Self.opensCall(buffer, at: index))
                    record(hash, declarable: expectName, used: used, rooted: afterRootedDot)
                    if expectType { typeNames.append(hash) }
                    expectType = typeKeywords.contains(hash)
                    if nonASCII {
                        recordASCIIParts(of: UnsafeBufferPointer(rebasing: buffer[start..<index]), declarable: expectName, used: used, rooted: afterRootedDot)
                    }
                    expectName = declaringKeywords.contains(hash)
                    hasExtension = hasExtension || hash == extensionHash
                    afterDot = false
                    afterRootedDot = false
                    rootMayPrecede = Self.isCapital(buffer[start])
                    continue
                }
                // After `,` the next of a list (`case a, b`, `let x, y`); after `<` a generic parameter.
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "<") {
                    expectName = true
                } else if !Self.isSpaceOrBacktick(byte) {
                    expectName = false
                }
                if !Self.isSpaceOrBacktick(byte) { expectType = false }
                if byte == UInt8(ascii: ".") {
                    afterRootedDot = rootMayPrecede
                    afterDot = true
                } else if !Self.isSpaceOrBacktick(byte) {
                    afterDot = false
                    afterRootedDot = false
                }
                // A written type (a capitalized word) or a key path's `\` may stand before the next `.`.
                if byte == UInt8(ascii: "\\") {
                    rootMayPrecede = true
                } else if !Self.isSpaceOrBacktick(byte) {
                    rootMayPrecede = false
                }
                index += 1
            }
        }
        declarable = Self.sortedUnique(declarable)
        used = Self.sortedUnique(used)
        rooted = Self.sortedUnique(rooted)
        typeNames = Self.sortedUnique(typeNames)
    }

    /// Whether `hash` is one of the declarable words.
    func declares(_ hash: UInt64) -> Bool {
        Self.contains(hash, in: declarable)
    }

    /// Whether `hash` is one of the types the file may declare (``typeNames``).
    func declaresType(_ hash: UInt64) -> Bool {
        Self.contains(hash, in: typeNames)
    }

    /// Whether `hash` is one of the words where a member may be used.
    func uses(_ hash: UInt64) -> Bool {
        Self.contains(hash, in: used)
    }

    /// Whether `hash` is one of the words where a member may be used on a written type (``rooted``).
    func usesRooted(_ hash: UInt64) -> Bool {
        Self.contains(hash, in: rooted)
    }

    /// Whether the bytes from `index` on are whitespace and backticks, then `(` or `{`.
    private static func opensCall(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        var index = index
        while index < buffer.count, isSpaceOrBacktick(buffer[index]) { index += 1 }
        return index < buffer.count && (buffer[index] == UInt8(ascii: "(") || buffer[index] == UInt8(ascii: "{"))
    }

    private static func isCapital(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")
    }

    private static func contains(_ hash: UInt64, in sorted: [UInt64]) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < sorted.count && sorted[low] == hash
    }

    private mutating func record(_ hash: UInt64, declarable: Bool, used: Bool, rooted: Bool) {
        if declarable { self.declarable.append(hash) }
        if used { self.used.append(hash) }
        if used && rooted { self.rooted.append(hash) }
    }

    private mutating func recordASCIIParts(of word: UnsafeBufferPointer<UInt8>, declarable: Bool, used: Bool, rooted: Bool) {
        for part in word.split(whereSeparator: { $0 >= 0x80 }) { record(Self.hash(part), declarable: declarable, used: used, rooted: rooted) }
    }

    private static func sortedUnique(_ hashes: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(hashes.count)
        for hash in hashes.sorted() where hash != result.last { result.append(hash) }
        return result
    }

    /// FNV-1a, 64 bits.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325, prime: UInt64 = 0x100_0000_01b3

    static func hash(_ word: String) -> UInt64 { hash(word.utf8) }

    private static let extensionHash = hash("extension")

    /// (An array: eleven comparisons cost less than hashing the hash for a set, at every word of every file.)
    private static let declaringKeywords: [UInt64] =
        ["struct", "class", "enum", "actor", "protocol", "typealias", "associatedtype", "func", "var", "let", "case"].map { hash($0) }

    private static let typeKeywords: [UInt64] = ["struct", "class", "enum", "actor", "protocol", "typealias"].map { hash($0) }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), 0x80...: true
        default: false
        }
    }

    private static func isSpaceOrBacktick(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "`")
    }
}
