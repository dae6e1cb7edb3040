import Diagnostics
import Files
import Foundation
import Output
import Rules

/// Findings a team has accepted for now: they do not fail the run. Keyed by rule and edge, never by line.
public struct Baseline: Sendable, Equatable {
    public var keys: [FindingKey]

    public init(keys: [FindingKey]) {
        self.keys = Array(Set(keys)).sorted()
    }

    public init(findings: [Finding]) {
        self.init(keys: findings.map(\.key))
    }

    /// The file as ``rendered()`` writes it.
    struct File: Decodable {
        struct Entry: Decodable {
            var rule: String
            var from: String
            var to: String?
        }

        var version: Int?
        var findings: [Entry]
    }

    /// Reads a file written by ``rendered()``.
    public static func load(path: String, fileSystem: any FileSystem) throws -> Baseline {
        guard let bytes = fileSystem.contents(of: path, upTo: 64 << 20) else {
            throw InputError("cannot read the baseline", at: FileLocation(path: path))
        }
        return try parse(Data(bytes), path: path)
    }

    static func parse(_ data: Data, path: String) throws -> Baseline {
        let file: File
        do {
            file = try JSONDecoder().decode(File.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) where !context.codingPath.isEmpty {
            let entry = context.codingPath.last?.intValue.map { "baseline entry \($0 + 1)" } ?? "a baseline entry"
            throw InputError("\(entry) needs \"\(key.stringValue)\"", at: FileLocation(path: path))
        } catch {
            throw InputError("not a componentize baseline: expected {\"version\": 1, \"findings\": [{\"rule\": ..., \"from\": ..., \"to\": ...}]}",
                             at: FileLocation(path: path, line: 1, column: 1))
        }
        if let version = file.version, version != 1 {
            throw InputError("baseline version \(version) is newer than this componentize understands (1)", at: FileLocation(path: path, line: 1, column: 1))
        }
        return Baseline(keys: file.findings.map { FindingKey(rule: RuleID($0.rule), from: $0.from, to: $0.to ?? "") })
    }

    /// Sorted, one entry per rule and edge, stable across runs.
    public func rendered() -> String {
        JSONValue.object([
            ("version", .int(1)),
            ("findings", .array(keys.map { key in
                .object([("rule", .string(key.rule.rawValue)), ("from", .string(key.from)), ("to", .string(key.to))])
            })),
        ]).rendered() + "\n"
    }

    /// Splits findings into new ones and ones the baseline knows, and lists baseline entries that matched nothing.
    public func apply(to findings: [Finding]) -> (new: [Finding], known: [Finding], stale: [FindingKey]) {
        let known = Set(keys)
        // Entries written before a cycle was a finding per dependency to cut: the modules of the cycle, joined, and no `to`.
        let cycleEntries = keys.filter { $0.rule == .cycle && $0.to.isEmpty }.map { ($0, Set($0.from.split(separator: ",").map(String.init))) }
        var matched: Set<FindingKey> = []
        var new: [Finding] = [], knownFindings: [Finding] = []
        for finding in findings {
            var keys = known.contains(finding.key) ? [finding.key] : []
            if finding.rule == .cycle {
                keys += cycleEntries.filter { $0.1.contains(finding.key.from) && $0.1.contains(finding.key.to.isEmpty ? finding.key.from : finding.key.to) }.map(\.0)
            }
            if keys.isEmpty { new.append(finding) } else { knownFindings.append(finding) }
            matched.formUnion(keys)
        }
        return (new, knownFindings, self.keys.filter { !matched.contains($0) })
    }
}
