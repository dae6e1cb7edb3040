import PodspecReading

/// Edits a podspec by lines: `s.dependency 'X'` added after a dependency line of the same spec (in its indentation and
/// with its receiver: `core.dependency` in a subspec), or a dependency line removed. A line that holds more than the
/// one statement (``PodspecStatements``) is ``NotFixable``.
public struct PodspecEditor {
    public let source: String
    private let lines: [Substring]
    private let statements: PodspecStatements?

    public init(source: String) {
        self.source = source
        lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        statements = PodspecStatements(source: source)
    }

    /// `s.dependency 'name'` for each of `names` on new lines after line `line` (1-based), which must be a dependency line;
    /// before it when that line is removed in the same edit (`lineRemoved`), so that the two edits do not overlap.
    public func addingDependencies(_ names: [String], afterLine line: Int, lineRemoved: Bool = false) throws(NotFixable) -> TextEdit {
        guard let (indent, receiver) = dependencyStatement(at: line) else {
            throw NotFixable("line \(line) of the podspec is not a plain `s.dependency` line to place the new one beside")
        }
        guard !lineRemoved else { return TextEdit(inserting: names.map { "\(indent)\(receiver).dependency '\($0)'\n" }.joined(), at: offset(ofLineStart: line)) }
        return TextEdit(inserting: names.map { "\n\(indent)\(receiver).dependency '\($0)'" }.joined(), at: offset(ofLineEnd: line))
    }

    /// The dependency line `line` (1-based) removed.
    public func removingDependency(at line: Int) throws(NotFixable) -> TextEdit {
        guard dependencyStatement(at: line) != nil else {
            throw NotFixable("line \(line) of the podspec holds more than one `dependency` statement; remove it by hand")
        }
        let start = offset(ofLineStart: line)
        let end = min(offset(ofLineEnd: line) + 1, source.utf8.count)
        return TextEdit(range: start..<end, replacement: "")
    }

    /// The indentation and receiver of a line that is one `x.dependency 'Name'[, 'version'…]` statement (a comment after
    /// it allowed); nil for any other line.
    private func dependencyStatement(at line: Int) -> (indent: String, receiver: String)? {
        guard line >= 1, line <= lines.count, let receiver = statements?.dependencyReceiver(atLine: line) else { return nil }
        return (String(lines[line - 1].prefix { $0 == " " || $0 == "\t" }), receiver)
    }

    private func offset(ofLineStart line: Int) -> Int {
        lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 }
    }

    private func offset(ofLineEnd line: Int) -> Int {
        offset(ofLineStart: line) + lines[line - 1].utf8.count
    }
}
