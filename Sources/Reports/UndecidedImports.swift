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
