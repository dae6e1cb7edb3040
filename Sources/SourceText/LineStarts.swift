/// Where a file's lines start, as SwiftSyntax counts them (after `\n`, `\r\n` or a lone `\r`): a use's line and
/// UTF-8 column without the walk over the whole tree that `SourceLocationConverter` makes.
public struct LineStarts: Sendable {
    private var starts: [Int] = [0]

    public init(_ bytes: [UInt8]) {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\r"), index < bytes.count, bytes[index] == UInt8(ascii: "\n") { index += 1 }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(index) }
        }
    }

    /// 1-based line and UTF-8 column of a byte offset.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        var low = 0, high = starts.count
        while high - low > 1 {
            let middle = (low + high) / 2
            if starts[middle] <= offset { low = middle } else { high = middle }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
