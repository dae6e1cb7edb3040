import Diagnostics

/// What the fix of a finding does to a manifest, typed: the one edit `fix` makes for it (several findings may share one:
/// a misspelt product name is both `unresolved` and the `implicit-dependency` of the import it was meant to declare).
public enum FixIntent: Sendable, Hashable {
    /// `entry` added to the `dependencies:` of a target, with the `Package(dependencies:)` entry it needs when the
    /// package is not declared yet.
    case addDependency(entry: String, packageEntry: String?)
    /// The entry removed; `package` is the identity of the package it names, whose `Package(dependencies:)` entry goes
    /// too when nothing else names it.
    case removeEntry(package: String?)
    /// The path of a `.package(path:)` replaced.
    case replacePath(String)
    /// The name an entry is written with replaced (`.product(name:)`, `.target(name:)`, a bare name).
    case replaceName(String)
    /// `s.dependency 'name'` added after a dependency line of the spec.
    case addPodDependency(String)
    /// A podspec's dependency line removed.
    case removePodDependency

    /// Whether the edit takes something away (an entry, a path or a name as written): what may leave an import unprovided.
    public var takesAway: Bool {
        switch self {
        case .addDependency, .addPodDependency: false
        case .removeEntry, .replacePath, .replaceName, .removePodDependency: true
        }
    }

    /// Whether the edit declares something new (an entry, or what a repaired name or path leads to): what may close a
    /// cycle or break a layer's rules.
    public var declares: Bool {
        switch self {
        case .addDependency, .addPodDependency, .replacePath, .replaceName: true
        case .removeEntry, .removePodDependency: false
        }
    }
}

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
