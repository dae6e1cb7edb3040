import Diagnostics
import Output

/// `--format codeclimate`: the Code Climate issue list GitLab reads as a Code Quality report
/// (`artifacts: reports: codequality:`). Paths are relative to the folder the check runs in (the job's folder, the
/// repository's root); each issue's fingerprint is
/// stable across runs and edits that move lines (rule, edge and file, numbered when one file has several).
public struct CodeClimateReporter: Sendable {
    public init() {}

    public func render(_ report: Report) -> String {
        var seen: [String: Int] = [:]
        let issues = report.result.findings.map { finding -> JSONValue in
            let path = report.pathFromCurrentFolder(finding.location.path)
            let identity = "\(finding.key)\u{0}\(path)"
            let occurrence = seen[identity, default: 0]
            seen[identity] = occurrence + 1
            return .object([
                ("type", .string("issue")),
                ("check_name", .string(finding.rule.rawValue)),
                ("description", .string("\(finding.message). Fix: \(finding.fix)")),
                ("content", .object([("body", .string(finding.rationale))])),
                ("categories", .array([.string("Complexity")])),
                ("severity", .string(finding.severity == .error ? "major" : "minor")),
                ("fingerprint", .string(Self.fingerprint(identity + "\u{0}\(occurrence)"))),
                ("location", .object([
                    ("path", .string(path)),
                    ("lines", .object([("begin", .int(finding.location.line ?? 1))])),
                ])),
            ])
        }
        // A stale baseline entry is told as an info issue at the baseline's place (Code Climate has no notes).
        let stale = report.staleBaselineEntries.map { key -> JSONValue in
            .object([
                ("type", .string("issue")),
                ("check_name", .string("baseline")),
                ("description", .string(Report.staleNote(key))),
                ("categories", .array([.string("Style")])),
                ("severity", .string("info")),
                ("fingerprint", .string(Self.fingerprint("stale\u{0}\(key)"))),
                ("location", .object([("path", .string(report.baselinePath ?? "componentize.yml")), ("lines", .object([("begin", .int(1))]))])),
            ])
        }
        return JSONValue.array(issues + stale).rendered()
    }

    /// 32 hexadecimal digits: two FNV-1a hashes of the text, with different offsets (no cryptographic claim; unique
    /// enough to tell issues apart, and the same on every machine).
    static func fingerprint(_ text: String) -> String {
        func fnv(_ offset: UInt64) -> UInt64 {
            var hash = offset
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x100_0000_01B3
            }
            return hash
        }
        let hex = [fnv(0xCBF2_9CE4_8422_2325), fnv(0x6C62_272E_07BB_0142)].map { value -> String in
            let digits = String(value, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        return hex.joined()
    }
}

extension CodeClimateReporter: Reporter {
    public var format: String { "codeclimate" }
    public var purpose: String? { "GitLab Code Quality" }
}
