/// Words looked for in a file's bytes before it is read more closely: a file that holds none of them is not.
public struct MarkerWords: Sendable {
    private let words: [[UInt8]]
    /// By byte: whether a word starts with it (a cheap test before comparing).
    private let starts: [Bool]

    public init(_ words: [String]) {
        self.words = words.map { Array($0.utf8) }.filter { !$0.isEmpty }
        var starts = [Bool](repeating: false, count: 256)
        for word in self.words { starts[Int(word[0])] = true }
        self.starts = starts
    }

    /// Whether `bytes` hold one of the words.
    public func present(in bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            starts.withUnsafeBufferPointer { starts in
                for index in buffer.indices where starts[Int(buffer[index])] {
                    for word in words where word[0] == buffer[index] && index + word.count <= buffer.count {
                        if word.indices.allSatisfy({ buffer[index + $0] == word[$0] }) { return true }
                    }
                }
                return false
            }
        }
    }
}
