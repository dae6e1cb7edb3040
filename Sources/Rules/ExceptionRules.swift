import Configuration
import Diagnostics

/// Exceptions past their `expires` date.
public struct ExceptionExpiredRule: Sendable {
    public static let description = RuleDescription(
        identifier: .exceptionExpired,
        name: "Expired exception",
        summary: "An exception in componentize.yml is past its expiry date.",
        rationale: "An exception is a dated promise to fix a dependency; when the date passes, the dependency is a violation again.",
        details: "an exception past its `expires` date (at its place in componentize.yml)",
        remedy: "fix the dependency, or agree a new date",
        nonTriggeringExamples: [
            RuleExample(configuration: """
                preset: four-layer
                exceptions:
                  - {from: ComponentOwner, to: ComponentImage, rule: horizontal, reason: "split in progress", expires: 2026-12-31}
                """, today: Day(year: 2026, month: 6, day: 1), [("App", RuleExample.package("App", targets: [("ComponentOwner", ["\"ComponentImage\""]), ("ComponentImage", [])]))]),
        ],
        triggeringExamples: [
            RuleExample(configuration: """
                preset: four-layer
                exceptions:
                  - ↓{from: ComponentOwner, to: ComponentImage, rule: horizontal, reason: "split in progress", expires: 2026-01-31}
                """, today: Day(year: 2026, month: 6, day: 1), [("App", RuleExample.package("App", targets: [("ComponentOwner", ["\"ComponentImage\""]), ("ComponentImage", [])]))]),
        ]
    )

    public static func finding(for exception: LayerException) -> Finding {
        description.finding(
            "the exception for \(exception.from) → \(exception.to) (\(exception.rule)) expired on \(exception.expires.map(String.init(describing:)) ?? "?"): \(exception.reason)",
            fix: "fix the dependency and remove the exception, or agree on a new date in componentize.yml",
            at: exception.location ?? FileLocation(path: ConfigurationLoader.fileName), from: exception.from, to: exception.to)
    }
}

/// Exceptions that no longer match any finding.
public struct ExceptionStaleRule: Sendable {
    public static let description = RuleDescription(
        identifier: .exceptionStale,
        name: "Stale exception",
        summary: "An exception in componentize.yml matches no dependency any more.",
        rationale: "An exception that excuses nothing hides the next real violation of the same edge; remove it.",
        details: "an exception that matches no finding",
        remedy: "remove it",
        defaultSeverity: .warning,
        nonTriggeringExamples: [
            RuleExample(configuration: """
                preset: four-layer
                exceptions:
                  - {from: ComponentOwner, to: ComponentImage, rule: horizontal, reason: "split in progress"}
                """, [("App", RuleExample.package("App", targets: [("ComponentOwner", ["\"ComponentImage\""]), ("ComponentImage", [])]))]),
        ],
        triggeringExamples: [
            RuleExample(configuration: """
                preset: four-layer
                exceptions:
                  - ↓{from: ComponentOwner, to: ComponentImage, rule: horizontal, reason: "split in progress"}
                """, [("App", RuleExample.package("App", targets: [("ComponentOwner", []), ("ComponentImage", [])]))]),
        ]
    )

    /// The finding for a stale exception; `raw` (what the rules found before exceptions) gives a did-you-mean when one
    /// of them is a letter or two from what the exception names.
    public static func finding(for exception: LayerException, raw: [Finding] = []) -> Finding {
        let guess = nearest(to: exception, among: raw).map { "did you mean {from: \($0.from), to: \($0.to), rule: \($0.rule)}? check reports that; else " } ?? ""
        return description.finding(
            "the exception for \(exception.from) → \(exception.to) (\(exception.rule)) matches no dependency any more",
            fix: guess + "remove it from componentize.yml",
            at: exception.location ?? FileLocation(path: ConfigurationLoader.fileName), from: exception.from, to: exception.to)
    }

    /// The finding key nearest to the exception: each of its names equal or misspelt, the same rule first.
    static func nearest(to exception: LayerException, among raw: [Finding]) -> FindingKey? {
        func near(_ written: String, _ actual: String) -> Int? {
            written == actual ? 0 : EditDistance.nearest(to: written, in: [actual]).map { _ in EditDistance.between(written, actual) }
        }
        let scored = Set(raw.map(\.key)).compactMap { key -> (FindingKey, Int)? in
            guard let from = near(exception.from, key.from), let to = near(exception.to, key.to) else { return nil }
            let score = 2 * (from + to) + (key.rule == exception.rule ? 0 : 1)
            return score == 0 ? nil : (key, score)
        }
        return scored.min { ($0.1, $0.0) < ($1.1, $1.0) }?.0
    }
}

extension RuleID {
    public static let exceptionExpired: RuleID = "exception-expired"
    public static let exceptionStale: RuleID = "exception-stale"
}
