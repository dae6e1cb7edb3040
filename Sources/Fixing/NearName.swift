import Diagnostics

/// When `fix` takes a near name for the one meant (a path's folder, a product's name): only for a typo, and only when
/// nothing else comes close. `check`'s did-you-mean is looser (within a third of the name): a suggestion a person
/// judges; `fix` writes, so it asks more.
public enum NearName {
    /// The optimal-string-alignment distance, case ignored: letters added, dropped or changed, and two neighbours
    /// swapped, each counting one.
    public static func distance(_ first: String, _ second: String) -> Int {
        let a = Array(first.lowercased()), b = Array(second.lowercased())
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var previous = [Int](repeating: 0, count: b.count + 1), row = Array(0...b.count)
        for i in 1...a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { current[j] = min(current[j], previous[j - 2] + 1) }
            }
            previous = row
            row = current
        }
        return row[b.count]
    }

    /// A typo: one letter added, dropped, changed or two swapped in a name shorter than 10 letters, at most two in a
    /// longer one (a difference of case only counts).
    public static func isTypo(_ written: String, of candidate: String) -> Bool {
        guard written != candidate else { return false }
        return distance(written, candidate) <= (written.count < 10 ? 1 : 2)
    }

    /// The candidate `written` is a typo of, when it is the only one and no other candidate is within `check`'s
    /// did-you-mean distance of it; nil otherwise.
    public static func certain(_ written: String, among candidates: [String]) -> String? {
        let others = Set(candidates).subtracting([written])
        let typos = others.filter { isTypo(written, of: $0) }
        guard typos.count == 1, let only = typos.first else { return nil }
        let limit = max(2, written.count / 3)
        let near = others.filter { EditDistance.between(written.lowercased(), $0.lowercased()) <= limit }
        return near == [only] ? only : nil
    }
}
