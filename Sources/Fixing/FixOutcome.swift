import Diagnostics

/// What `componentize fix` changed, or would change with `--dry-run`: each file's text before and after, each finding
/// fixed with the edit that fixes it, and each finding left with the reason.
public struct FixOutcome: Sendable {
    /// One file's edit.
    public struct Change: Sendable {
        /// As messages name it.
        public var path: String
        public var before: String
        public var after: String

        public init(path: String, before: String, after: String) {
            self.path = path
            self.before = before
            self.after = after
        }
    }

    /// A finding and the edit that fixes it.
    public struct Fixed: Sendable {
        public var finding: Finding
        /// `add .product(name: "NXKit", package: "NXKit") to NXUI`.
        public var edit: String

        public init(finding: Finding, edit: String) {
            self.finding = finding
            self.edit = edit
        }
    }

    /// A finding left as it is, and why.
    public struct NotFixed: Sendable {
        public var finding: Finding
        public var reason: String
        public var kind: LeftBecause

        public init(finding: Finding, reason: String, kind: LeftBecause = .cannotPlace) {
            self.finding = finding
            self.reason = reason
            self.kind = kind
        }

        public init(finding: Finding, _ refusal: NotFixable) {
            self.init(finding: finding, reason: refusal.reason, kind: refusal.kind)
        }
    }

    public var changes: [Change] = []
    public var fixed: [Fixed] = []
    public var notFixed: [NotFixed] = []
    /// Whether the files were written (false for a dry run, and when nothing changed).
    public var written = false
    /// Findings of the rules asked that the baseline records: known, so left as they are.
    public var baselined = 0

    public init() {}
}
