/// Why the static reader will not give an answer for a manifest: a construct it cannot evaluate exactly.
///
/// The static reader never returns a partial model; it throws this instead, and `--reader auto` then asks SwiftPM.
public struct Decline: Error, Hashable, Sendable, CustomStringConvertible {
    /// The construct, e.g. `while loop` or `call to 'FileManager.default.fileExists'`.
    public var construct: String
    public var line: Int
    public var column: Int
    /// Not a construct the reader cannot evaluate but a call SwiftPM's compiler refuses (a misspelt argument label):
    /// `construct` is then the error message.
    public var isRejection = false

    public init(_ construct: String, line: Int, column: Int) {
        self.construct = construct
        self.line = line
        self.column = column
    }

    public var description: String { "\(line):\(column): cannot evaluate \(construct)" }
}
