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
                """, today: "2026-06-01", [("App", RuleExample.package("App", targets: [("ComponentOwner", ["\"ComponentImage\""]), ("ComponentImage", [])]))]),
        ],
        triggeringExamples: [
            RuleExample(configuration: """
                preset: four-layer
                exceptions:
                  - ↓{from: ComponentOwner, to: ComponentImage, rule: horizontal, reason: "split in progress", expires: 2026-01-31}
                """, today: "2026-06-01", [("App", RuleExample.package("App", targets: [("ComponentOwner", ["\"ComponentImage\""]), ("ComponentImage", [])]))]),
        ]
    )

    public static func finding(for exception: LayerException) -> Finding {
        description.finding(
            "the exception for \(exception.from) → \(exception.to) (\(exception.rule)) expired on \(exception.expires ?? "?"): \(exception.reason)",
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

    public static func finding(for exception: LayerException) -> Finding {
        description.finding(
            "the exception for \(exception.from) → \(exception.to) (\(exception.rule)) matches no dependency any more",
            fix: "remove it from componentize.yml",
            at: exception.location ?? FileLocation(path: ConfigurationLoader.fileName), from: exception.from, to: exception.to)
    }
}

extension RuleID {
    public static let exceptionExpired: RuleID = "exception-expired"
    public static let exceptionStale: RuleID = "exception-stale"
}
