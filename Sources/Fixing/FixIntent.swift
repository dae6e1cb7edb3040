import Diagnostics

/// One edit `fix` plans: its intent, the manifest and place it applies to, and what it changes the declarations of.
public struct PlannedEdit: Sendable, Hashable {
    /// The manifest file itself (absolute).
    public var file: String
    /// For an addition, where the target starts (for a podspec, the dependency line the new one goes after); else where
    /// the entry edited starts.
    public var line: Int
    public var column: Int
    public var intent: FixIntent
    /// The package (its folder relative to the root) whose manifest it edits.
    public var package: String
    /// The target whose `dependencies:` it edits; nil for an entry of `Package(dependencies:)`.
    public var target: String?

    public init(file: String, line: Int, column: Int, intent: FixIntent, package: String, target: String?) {
        self.file = file
        self.line = line
        self.column = column
        self.intent = intent
        self.package = package
        self.target = target
    }
}

/// Why a finding is left as it is, in the groups `fix`'s summary counts.
public enum LeftBecause: Int, Sendable, CaseIterable, Comparable {
    /// Xcode projects are not edited.
    case xcode
    /// A near name or path: which one was meant cannot be known.
    case uncertain
    /// The edit would make `check` report something new (a cycle, a layer's rule, an import left unprovided).
    case worsens
    /// The edit cannot be placed exactly (a list built by code, a variable, a `#if` branch, a helper).
    case cannotPlace
    /// The finding is for a person: the code or the structure has to change, or what to write is not in the repository.
    case forAPerson

    public var summary: String {
        switch self {
        case .xcode: "in an Xcode project, which fix does not edit"
        case .uncertain: "which one was meant cannot be known"
        case .worsens: "the edit would make check report something new"
        case .cannotPlace: "the edit cannot be placed exactly (edit by hand)"
        case .forAPerson: "for a person to decide (see each finding's fix line)"
        }
    }

    public static func < (lhs: LeftBecause, rhs: LeftBecause) -> Bool { lhs.rawValue < rhs.rawValue }
}
