/// The identifier-like words of Swift source bytes, hashed: the cheap test that tells the use pass which files
/// SwiftParser must read. It never decides a use; it only rules files out, so each set is a superset of what it stands
/// for (comments and strings are not told apart, and a hash shared by two words only costs a parse).
///
/// A word is a run of ASCII letters, digits and `_`, or of those and non-ASCII bytes (Swift identifiers may hold
/// them); a run with non-ASCII bytes also gives its ASCII parts, in case those bytes were an operator.
public struct SourceWords: Sendable, Equatable {
    /// Every word of the file, as a Bloom filter (two bits a word, about eight bits a word): ``has(_:)`` may say yes for
    /// a word the file does not hold, never no for one it holds.
    private var filter: [UInt64] = []
    /// The words that may name a declaration: the word after a declaring keyword (`struct`, `class`, `enum`, `actor`,
    /// `protocol`, `typealias`, `associatedtype`, `func`, `var`, `let`, `case`), a comma or a `<`, with only whitespace
    /// and backticks between.
    /// Every name ``DeclarationCollector`` records is one, unless a comment stands between the keyword and the name.
    /// Sorted.
    var declarable: [UInt64] = []
    /// Every word, while the file is read.
    private var all: [UInt64] = []

    init(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { buffer in
            var expectName = false
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
                    record(hash, declarable: expectName)
                    if nonASCII { recordASCIIParts(of: UnsafeBufferPointer(rebasing: buffer[start..<index]), declarable: expectName) }
                    expectName = Self.declaringKeywords.contains(hash)
                    continue
                }
                // After `,` the next of a list (`case a, b`, `let x, y`); after `<` a generic parameter.
                if byte == UInt8(ascii: ",") || byte == UInt8(ascii: "<") {
                    expectName = true
                } else if !Self.isSpaceOrBacktick(byte) {
                    expectName = false
                }
                index += 1
            }
        }
        declarable = Self.sortedUnique(declarable)
        makeFilter()
    }

    private mutating func makeFilter() {
        var bits = 64
        while bits < all.count * 8 { bits *= 2 }
        filter = Array(repeating: 0, count: bits / 64)
        for hash in all {
            let (first, second) = Self.bits(of: hash, in: bits)
            filter[first >> 6] |= 1 << UInt64(first & 63)
            filter[second >> 6] |= 1 << UInt64(second & 63)
        }
        all = []
    }

    /// The two bits of a word's hash in a filter of `count` bits (a power of two).
    private static func bits(of hash: UInt64, in count: Int) -> (Int, Int) {
        (Int(truncatingIfNeeded: hash) & (count - 1), Int(truncatingIfNeeded: hash >> 32) & (count - 1))
    }

    /// Whether `hash` is one of the declarable words.
    func declares(_ hash: UInt64) -> Bool {
        var low = 0, high = declarable.count
        while low < high {
            let middle = (low + high) / 2
            if declarable[middle] < hash { low = middle + 1 } else { high = middle }
        }
        return low < declarable.count && declarable[low] == hash
    }

    private mutating func record(_ hash: UInt64, declarable: Bool) {
        all.append(hash)
        if declarable { self.declarable.append(hash) }
    }

    private mutating func recordASCIIParts(of word: UnsafeBufferPointer<UInt8>, declarable: Bool) {
        for part in word.split(whereSeparator: { $0 >= 0x80 }) { record(Self.hash(part), declarable: declarable) }
    }

    private static func sortedUnique(_ hashes: [UInt64]) -> [UInt64] {
        var result: [UInt64] = []
        result.reserveCapacity(hashes.count)
        for hash in hashes.sorted() where hash != result.last { result.append(hash) }
        return result
    }

    /// Whether the file may hold the word of this hash: false when it certainly does not.
    func has(_ hash: UInt64) -> Bool {
        guard !filter.isEmpty else { return false }
        let (first, second) = Self.bits(of: hash, in: filter.count * 64)
        return filter[first >> 6] & (1 << UInt64(first & 63)) != 0 && filter[second >> 6] & (1 << UInt64(second & 63)) != 0
    }

    /// FNV-1a, 64 bits.
    static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash = offsetBasis
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* prime }
        return hash
    }

    private static let offsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325, prime: UInt64 = 0x100_0000_01b3

    static func hash(_ word: String) -> UInt64 { hash(word.utf8) }

    private static let declaringKeywords: Set<UInt64> = Set(
        ["struct", "class", "enum", "actor", "protocol", "typealias", "associatedtype", "func", "var", "let", "case"].map { hash($0) })

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
