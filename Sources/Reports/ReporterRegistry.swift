import Foundation

/// A format of `componentize check --format`: its name, what it is for, what it needs the check to compute, and the
/// report it writes. A new format is a type conforming to it, named in ``ReporterRegistry/builtIn`` (or registered at
/// run time with ``ReporterRegistry/register(_:)``): `--format`, its help and the docs' list of formats follow.
public protocol Reporter: Sendable {
    /// The name `--format` takes.
    var format: String { get }
    /// What it is for, as `--format`'s help says in parentheses after the name; nil when the name says it.
    var purpose: String? { get }
    /// What the check computes for this format only.
    var needs: ReportNeeds { get }
    /// The report in this format; an error (exit 2, its message printed) when it cannot be written.
    func render(_ report: Report) throws -> String
    /// The same reporter writing for a terminal that shows colour or not (itself when the format has no colour).
    func coloured(_ colored: Bool) -> any Reporter
}

extension Reporter {
    public var purpose: String? { nil }
    public var needs: ReportNeeds { [] }
    public func coloured(_ colored: Bool) -> any Reporter { self }
}

/// What a check computes only for the formats that show it.
public struct ReportNeeds: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// How many findings `componentize fix` would fix (``Report/fixable``).
    public static let fixableCount = ReportNeeds(rawValue: 1 << 0)
    /// The components and links a drawing shows (``Report/architecture``).
    public static let architecture = ReportNeeds(rawValue: 1 << 1)
}

/// The reporters `--format` chooses from, in the order help and the docs list them.
public enum ReporterRegistry {
    /// The formats componentize ships.
    public static let builtIn: [any Reporter] = [
        TextReporter(), JSONReporter(), SARIFReporter(), GitHubReporter(), JUnitReporter(), CodeClimateReporter(), XcodeReporter(),
        HTMLReporter(),
    ]

    private static let registered = Registered(builtIn)

    /// Every registered reporter: the built-in ones, then those registered at run time.
    public static var reporters: [any Reporter] { registered.reporters }

    /// Adds a reporter (or replaces the one of the same format).
    public static func register(_ reporter: any Reporter) { registered.add(reporter) }

    public static func reporter(named format: String) -> (any Reporter)? {
        reporters.first { $0.format == format }
    }

    /// The formats as `--format`'s help names them: `text (for people), json, … or html (…)`.
    public static var formatList: String { formatList(reporters) }

    static func formatList(_ reporters: [any Reporter]) -> String {
        let items = reporters.map { reporter in reporter.purpose.map { "\(reporter.format) (\($0))" } ?? reporter.format }
        guard let last = items.last else { return "" }
        return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
    }

    private final class Registered: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [any Reporter]

        init(_ list: [any Reporter]) { self.list = list }

        var reporters: [any Reporter] { lock.withLock { list } }

        func add(_ reporter: any Reporter) {
            lock.withLock {
                if let index = list.firstIndex(where: { $0.format == reporter.format }) { list[index] = reporter } else { list.append(reporter) }
            }
        }
    }
}
