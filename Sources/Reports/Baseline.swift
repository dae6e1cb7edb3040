import Output
import Diagnostics
import Foundation
import ManifestReading

/// Findings a team has accepted for now: they do not fail the run. Keyed by rule and edge, never by line.
public struct Baseline: Sendable, Equatable {
    public var keys: [FindingKey]

    public init(keys: [FindingKey]) {
        self.keys = Array(Set(keys)).sorted()
    }

    public init(findings: [Finding]) {
        self.init(keys: findings.map(\.key))
    }

    /// Reads a file written by ``rendered()``.
    public static func load(path: String) throws -> Baseline {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError("cannot read the baseline", at: FileLocation(path: path))
        }
        guard let root = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let entries = root["findings"] as? [[String: Any]] else {
            throw InputError("not a componentize baseline: expected {\"version\": 1, \"findings\": [...]}", at: FileLocation(path: path, line: 1, column: 1))
        }
        var keys: [FindingKey] = []
        for (index, entry) in entries.enumerated() {
            guard let rule = entry["rule"] as? String, let from = entry["from"] as? String else {
                throw InputError("baseline entry \(index + 1) needs \"rule\" and \"from\"", at: FileLocation(path: path))
            }
            keys.append(FindingKey(rule: rule, from: from, to: entry["to"] as? String ?? ""))
        }
        return Baseline(keys: keys)
    }

    /// Sorted, one entry per rule and edge, stable across runs.
    public func rendered() -> String {
        JSONValue.object([
            ("version", .int(1)),
            ("findings", .array(keys.map { key in
                .object([("rule", .string(key.rule)), ("from", .string(key.from)), ("to", .string(key.to))])
            })),
        ]).rendered() + "\n"
    }

    /// Splits findings into new ones and ones the baseline knows, and lists baseline entries that matched nothing.
    public func apply(to findings: [Finding]) -> (new: [Finding], known: [Finding], stale: [FindingKey]) {
        let known = Set(keys)
        let matched = Set(findings.map(\.key))
        return (findings.filter { !known.contains($0.key) }, findings.filter { known.contains($0.key) },
                keys.filter { !matched.contains($0) })
    }
}
