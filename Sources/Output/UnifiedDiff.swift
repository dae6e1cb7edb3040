/// A unified diff of two texts, for `componentize resources --check`. The line matching is the standard
/// library's `CollectionDifference`; this type only prints it as hunks with three lines of context.
public enum UnifiedDiff {
    public static func make(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let oldLines = lines(old), newLines = lines(new)
        let difference = newLines.difference(from: oldLines)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        // Walk both sides in step: (old index, new index, kind) for every line of the merged view.
        var rows: [(old: Int?, new: Int?)] = []
        var i = 0, j = 0
        while i < oldLines.count || j < newLines.count {
            if i < oldLines.count, removed.contains(i) {
                rows.append((i, nil)); i += 1
            } else if j < newLines.count, inserted.contains(j) {
                rows.append((nil, j)); j += 1
            } else {
                rows.append((i, j)); i += 1; j += 1
            }
        }
        let changed = rows.indices.filter { rows[$0].old == nil || rows[$0].new == nil }
        guard !changed.isEmpty else { return "" }
        var output = ["--- \(oldName)", "+++ \(newName)"]
        var start = 0
        while start < changed.count {
            var end = start
            while end + 1 < changed.count, changed[end + 1] - changed[end] <= 2 * context { end += 1 }
            let first = max(0, changed[start] - context), last = min(rows.count - 1, changed[end] + context)
            let hunk = rows[first...last]
            let oldStart = (hunk.first { $0.old != nil }?.old ?? 0) + 1
            let newStart = (hunk.first { $0.new != nil }?.new ?? 0) + 1
            let oldCount = hunk.filter { $0.old != nil }.count, newCount = hunk.filter { $0.new != nil }.count
            output.append("@@ -\(oldCount == 0 ? oldStart - 1 : oldStart),\(oldCount) +\(newCount == 0 ? newStart - 1 : newStart),\(newCount) @@")
            for row in hunk {
                switch (row.old, row.new) {
                case let (old?, nil): output.append("-" + oldLines[old])
                case let (nil, new?): output.append("+" + newLines[new])
                case let (old?, _?): output.append(" " + oldLines[old])
                default: break
                }
            }
            start = end + 1
        }
        return output.joined(separator: "\n") + "\n"
    }

    private static func lines(_ text: String) -> [String] {
        var result = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if result.last == "" { result.removeLast() }
        return result
    }
}
