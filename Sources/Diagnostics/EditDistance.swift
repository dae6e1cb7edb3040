/// Levenshtein distance on characters, for "did you mean".
public enum EditDistance {
    public static func between(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        guard !a.isEmpty else { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }

    /// The candidate nearest to `name` within a third of its length in edits (at least 2, case ignored), the first in
    /// the candidates' order among equals; nil when none is that near (or `name` is one of them).
    public static func nearest(to name: String, in candidates: some Sequence<String>) -> String? {
        let limit = max(2, name.count / 3)
        var best: (String, Int)?
        for candidate in candidates {
            let distance = between(name.lowercased(), candidate.lowercased())
            guard distance <= limit, candidate != name else { continue }
            if distance < best?.1 ?? Int.max { best = (candidate, distance) }
        }
        return best?.0
    }

    /// "; did you mean 'check'?" for a misspelt name, else "".
    public static func suggestion(for name: String, in candidates: some Sequence<String>) -> String {
        nearest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}
