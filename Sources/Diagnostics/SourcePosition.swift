/// A position in a file a reader read (a manifest, a project description), 1-based. Absent where the reader cannot
/// know it (SwiftPM's JSON has no positions).
public struct SourcePosition: Hashable, Sendable {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}
