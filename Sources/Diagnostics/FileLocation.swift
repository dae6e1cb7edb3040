/// A place in a user's file: the path as given to the tool and an optional 1-based line and column.
public struct FileLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var column: Int?

    public init(path: String, line: Int? = nil, column: Int? = nil) {
        self.path = path
        self.line = line
        self.column = column
    }

    /// `path`, `path:line` or `path:line:col`, the form editors and Xcode jump to.
    public var description: String {
        switch (line, column) {
        case let (line?, column?): return "\(path):\(line):\(column)"
        case let (line?, nil): return "\(path):\(line)"
        default: return path
        }
    }

    public static func < (lhs: FileLocation, rhs: FileLocation) -> Bool {
        (lhs.path, lhs.line ?? 0, lhs.column ?? 0) < (rhs.path, rhs.line ?? 0, rhs.column ?? 0)
    }
}
