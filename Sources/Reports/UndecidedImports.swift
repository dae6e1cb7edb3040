import DependencyGraph

/// What reports say of the imports no rule decides: how many, and the packages that would decide them.
struct UndecidedImports {
    var count: Int
    /// Each package that would decide some, with how many.
    var packages: [(package: UnreadPackage, imports: Int)]

    init(_ undecided: [UndecidedImport]) {
        count = undecided.count
        var counts: [UnreadPackage: Int] = [:]
        for item in undecided { for package in item.deciders { counts[package, default: 0] += 1 } }
        packages = counts.keys.sorted().map { ($0, counts[$0, default: 0]) }
    }

    /// The closing line of the text report; nil when every import was decided.
    var sentence: String? {
        guard count > 0 else { return nil }
        var text = "componentize: \(count) import\(count == 1 ? "" : "s") undecided: the packages that would decide \(count == 1 ? "it" : "them") "
            + "cannot be read: " + packages.map(\.package.description).joined(separator: ", ")
        if packages.contains(where: { $0.package.reason == .notCheckedOut }) {
            text += "; 'swift package resolve' in the packages that declare them puts their checkouts where componentize reads them"
        }
        return text
    }
}

/// What reports say of the uses of a dependency's API without an import that no rule decides: each, with the modules
/// that may declare the name instead.
struct UndecidedUses {
    var uses: [UseWithoutImport]

    init(_ uses: [UseWithoutImport]) {
        self.uses = uses
    }

    /// The closing lines of the text report; empty when every use was decided.
    var lines: [String] {
        guard !uses.isEmpty else { return [] }
        let count = uses.count
        var lines = ["componentize: \(count) use\(count == 1 ? "" : "s") of a dependency's API without its import undecided (never a finding, nor an unused dependency; what would decide \(count == 1 ? "it" : "each") follows):"]
        lines += uses.prefix(UndecidedWiring.listed).map { use in
            let others = use.undecidedBy.prefix(4).joined(separator: ", ") + (use.undecidedBy.count > 4 ? ", …" : "")
            return "    \(use.location): \(use.from.id.name) uses `\(use.name)`, which \(use.module) declares: would be decided by reading \(others), which the target also sees and componentize cannot read here (or by writing the type the member is used on)"
        }
        if count > UndecidedWiring.listed { lines.append("    and \(count - UndecidedWiring.listed) more (--format json lists them all)") }
        return lines
    }
}

/// What reports say of the mediator calls no rule decides: each, with what would decide it.
struct UndecidedWiring {
    /// The text report lists this many; JSON lists all.
    static let listed = 5
    var calls: [UndecidedWiringCall]

    init(_ calls: [UndecidedWiringCall]) {
        self.calls = calls.sorted { $0.location < $1.location }
    }

    /// The closing lines of the text report; empty when every call was decided.
    var lines: [String] {
        guard !calls.isEmpty else { return [] }
        let count = calls.count
        var lines = ["componentize: \(count) mediator call\(count == 1 ? "" : "s") undecided (never a finding; what would decide \(count == 1 ? "it" : "each") follows):"]
        lines += calls.prefix(Self.listed).map { "    \($0.location): \($0.from.id.name) \($0.api) with `\($0.written)`: would be decided by \($0.decider)" }
        if count > Self.listed { lines.append("    and \(count - Self.listed) more (--format json lists them all)") }
        return lines
    }
}
