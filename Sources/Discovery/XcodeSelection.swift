import Paths

/// Which Xcode projects discovery reads, and which of their targets it leaves out (`xcode:` in `componentize.yml`).
public struct XcodeSelection: Sendable {
    /// Read `.xcodeproj` folders at all (`--no-xcode` turns it off).
    public var check: Bool
    /// Globs on project paths relative to the root (`App/*.xcodeproj`); empty: every project.
    public var projects: [Glob]
    /// Globs on target names left out of the graph (`*UITests`).
    public var ignoreTargets: [Glob]

    public init(check: Bool = true, projects: [Glob] = [], ignoreTargets: [Glob] = []) {
        self.check = check
        self.projects = projects
        self.ignoreTargets = ignoreTargets
    }
}
