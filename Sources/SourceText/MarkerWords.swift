/// Words looked for in a file's bytes before it is read more closely: a file that holds none of them is not.
public struct MarkerWords: Sendable {
    /// Every word's bytes, one after another, the words in the order of their first byte.
    private let bytes: [UInt8]
    /// Each word's range in ``bytes``, in the same order.
    private let ranges: [Range<Int>]
    /// By byte value: the words (indexes in ``ranges``) that start with it are `first[b]..<first[b + 1]`.
    private let first: [Int]

    public init(_ words: [String]) {
        let sorted = words.map { Array($0.utf8) }.filter { !$0.isEmpty }.sorted { $0[0] < $1[0] }
        var bytes: [UInt8] = [], ranges: [Range<Int>] = []
        for word in sorted {
            ranges.append(bytes.count..<(bytes.count + word.count))
            bytes += word
        }
        var first = [Int](repeating: 0, count: 257)
        for byte in 0..<256 { first[byte + 1] = first[byte] + sorted.filter { Int($0[0]) == byte }.count }
        (self.bytes, self.ranges, self.first) = (bytes, ranges, first)
    }

    /// Whether `text` holds one of the words: each byte looks only at the words that start with it.
    public func present(in text: [UInt8]) -> Bool {
        text.withUnsafeBufferPointer { text in
            bytes.withUnsafeBufferPointer { bytes in
                ranges.withUnsafeBufferPointer { ranges in
                    first.withUnsafeBufferPointer { first in
                        for index in 0..<text.count {
                            let byte = Int(text[index])
                            for word in first[byte]..<first[byte + 1] where Self.matches(bytes, ranges[word], text, at: index) { return true }
                        }
                        return false
                    }
                }
            }
        }
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + range.count <= text.count else { return false }
        var offset = 1
        while offset < range.count {
            if text[index + offset] != bytes[range.lowerBound + offset] { return false }
            offset += 1
        }
        return true
    }
}
