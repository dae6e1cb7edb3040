import DependencyGraph
import Diagnostics

/// What a check leaves undecided (never a finding): an import, a mediator call, or a use of a dependency's API without
/// its import, each with what would decide it. One list of them (``CheckResult/undecided``) is what every report reads
/// and what ``CheckResult/limited(to:)`` filters: a new kind is a new case.
public enum Undecided: Sendable {
    /// An import no rule decides, because a package that would decide it cannot be read.
    case `import`(UndecidedImport)
    /// A call through a mediator whose name is computed at run time, or that a package that cannot be read may answer.
    case call(UndecidedWiringCall)
    /// A use of a dependency's API without an import, which a module componentize cannot read may declare instead.
    case use(UseWithoutImport)

    public var location: FileLocation {
        switch self {
        case .import(let item): return item.location
        case .call(let call): return call.location
        case .use(let use): return use.location
        }
    }
}

extension [Undecided] {
    /// The undecided imports, in the list's order.
    public var imports: [UndecidedImport] { compactMap { if case .import(let item) = $0 { return item } else { return nil } } }
    /// The undecided mediator calls, in the list's order.
    public var calls: [UndecidedWiringCall] { compactMap { if case .call(let call) = $0 { return call } else { return nil } } }
    /// The undecided uses, in the list's order.
    public var uses: [UseWithoutImport] { compactMap { if case .use(let use) = $0 { return use } else { return nil } } }
}
