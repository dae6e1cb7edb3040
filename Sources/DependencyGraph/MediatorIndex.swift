import Configuration
import Diagnostics
import RuntimeWiring
import SourceImports

/// What a call through a mediator names: a target's action, a service protocol, or a route.
public struct WiringKey: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var mechanism: WiringMechanism
    /// The target (without `Target_`), the protocol, or the URL (pattern).
    public var name: String
    /// A target-action call's action; nil for a target itself, a service or a route.
    public var action: String?
    /// For target-action: the naming of the mediator the call goes through (CTMediator's, or a clone's).
    public var naming: MediatorNaming

    public init(_ mechanism: WiringMechanism, _ name: String, action: String? = nil, naming: MediatorNaming = .ctmediator) {
        self.mechanism = mechanism
        self.name = name
        self.action = action
        self.naming = naming
    }

    /// `Target_A's Action_b:`, `Target_A`, `service VideoService`, `route app://video/:id`; a clone's prefixes for its
    /// calls (`Target_A's action_b:`).
    public var description: String {
        switch mechanism {
        case .targetAction:
            let colon = naming.selector == .bare ? "" : ":"
            return action.map { "\(naming.targetPrefix)\(name)'s \(naming.actionPrefix)\($0)\(colon)" } ?? "\(naming.targetPrefix)\(name)"
        case .service: return "service \(name)"
        case .route: return "route \(name)"
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.mechanism, lhs.name, lhs.action ?? "", lhs.naming.targetPrefix, lhs.naming.actionPrefix)
            < (rhs.mechanism, rhs.name, rhs.action ?? "", rhs.naming.targetPrefix, rhs.naming.actionPrefix)
    }
}

/// A name a target provides at run time: a `Target_` class or its `Action_` method, a registered service, a route.
public struct WiringProvision: Sendable {
    public var key: WiringKey
    public var target: GraphTarget
    public var location: FileLocation
    public var api: String
    /// For a service: the class registered for the protocol, where the registration names it.
    public var implementation: String?
}

/// A call through a mediator whose name is known, with the targets that provide it (none: nothing does).
public struct WiringCall: Sendable {
    public var key: WiringKey
    public var from: GraphTarget
    public var location: FileLocation
    public var api: String
    public var inMediatorCategory: Bool
    /// Made by the provider's own published interface: a CTMediator category named for the target (`@implementation
    /// CTMediator (ComponentVideo)`), or in a pod or target named `…+ComponentVideo` (`CTMediator+ComponentVideo`).
    public var isProvidersInterface: Bool
    public var conditions: [String]
    public var providers: [WiringProvision]
}

/// A call whose target, action, protocol or URL is computed at run time: never a finding, counted with what would
/// decide it.
public struct UndecidedWiringCall: Sendable {
    public var from: GraphTarget
    public var location: FileLocation
    public var api: String
    /// What the code passes, as written: `name`, `[self actionName]`.
    public var written: String
    /// What would decide it: "a string literal", "kTarget as a string constant of ComponentVideo".
    public var decider: String
}

/// Everything the sources wire at run time, matched: calls to what provides them, and the edges that makes.
public struct MediatorIndex: Sendable {
    public let provisions: [WiringProvision]
    public let calls: [WiringCall]
    public let undecided: [UndecidedWiringCall]
    /// Caller → provider, one per pair of targets (at the first call), kind mediator; calls from tests make none.
    public let edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]

    /// The provisions of the names a call's name may be a typo of, nearest first (target-action: the target's actions
    /// when the target exists, else the targets).
    public func nearest(to key: WiringKey) -> WiringProvision? {
        if key.mechanism == .targetAction, let action = key.action {
            let sameNaming = provisions.filter { $0.key.mechanism == .targetAction && $0.key.naming == key.naming }
            // The target is there: one of its actions, never another target.
            if sameNaming.contains(where: { $0.key.name == key.name && $0.key.action == nil }) {
                return Self.closest(action, in: sameNaming.filter { $0.key.name == key.name && $0.key.action != nil }) { $0.key.action ?? "" }
            }
            return Self.closest(key.name, in: sameNaming.filter { $0.key.action == nil }) { $0.key.name }
        }
        return Self.closest(key.name, in: provisions.filter { $0.key.mechanism == key.mechanism }) { $0.key.name }
    }

    /// The candidate whose name is within a sixth of the name's length in edits (at least 2), nearest first.
    static func closest(_ name: String, in candidates: [WiringProvision], by text: (WiringProvision) -> String) -> WiringProvision? {
        let limit = max(2, name.count / 6)
        return candidates.map { ($0, EditDistance.between(name, text($0))) }.filter { $0.1 <= limit && $0.1 > 0 }
            .min { ($0.1, $0.0.key) < ($1.1, $1.0.key) }?.0
    }
}
