/// Why a static reader will not give an answer for a description: a construct it cannot evaluate exactly.
///
/// A static reader never returns a partial model; it throws this instead (for a `Package.swift`, `--reader auto` then
/// asks SwiftPM).
public struct Decline: Error, Hashable, Sendable, CustomStringConvertible {
    /// The construct, e.g. `while loop` or `call to 'FileManager.default.fileExists'`.
    public var construct: String
    public var line: Int
    public var column: Int
    /// The file the construct is in, when that is not the file evaluated (a helper it calls).
    public var file: String?
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
