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

/// The manifest edit that fixes a finding, as the rule that found it states it: what to do, and where in the manifest.
/// `fix` makes it after checking it (a cycle it would close, an Xcode project it does not edit); a finding without one
/// is fixed, when it can be, by finding its cause in the graph again.
public struct ManifestFix: Sendable, Hashable {
    /// A local target: its package's folder relative to the root, and its name.
    public struct Target: Sendable, Hashable {
        public var package: String
        public var name: String

        public init(package: String, name: String) {
            self.package = package
            self.name = name
        }
    }

    public var intent: FixIntent
    /// The target whose `dependencies:` it edits, in its package's manifest.
    public var target: Target
    /// For an addition, where the target starts; for a removal, where the entry starts.
    public var place: SourcePosition
    /// The edit as `fix` lists it: "remove the entry `X` from Y".
    public var summary: String
    /// For an addition of a local target, that target: `fix` refuses an entry that would close a cycle.
    public var leadsTo: Target?

    public init(_ intent: FixIntent, target: Target, place: SourcePosition, summary: String, leadsTo: Target? = nil) {
        self.intent = intent
        self.target = target
        self.place = place
        self.summary = summary
        self.leadsTo = leadsTo
    }
}
