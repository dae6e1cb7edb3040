import Diagnostics
import SourceText

/// How components reach each other at run time without importing each other.
public enum WiringMechanism: String, Sendable, Hashable, Comparable, CaseIterable {
    /// CTMediator: `performTarget:action:params:` finds the class `Target_<name>` and its method `Action_<action>:`.
    case targetAction = "target-action"
    /// BeeHive (`registerService:service:` / `createService:`) and the generated Swift registry (`register` / `resolve`).
    case service
    /// URL routers (MGJRouter and the like): `registerURLPattern:toHandler:` / `openURL:`.
    case route

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// A name as the code writes it where a mediator is called: decided when it is a literal or a constant of its target.
public enum WiringValue: Sendable, Hashable {
    case literal(String)
    /// An identifier the file's target may define as a constant (`static NSString *const kTarget = @"A";`, `let`).
    case constant(String)
    /// Anything else, as written (shortened): whatever it is at run time cannot be known statically.
    case expression(String)
    /// A name made by a token-pasting macro (`_Target(Home)` for `#define _Target(name) Target_##name`): known once the
    /// repository's macros are.
    case pasted(macro: String, argument: String)
}

/// One place in a source file that provides or uses a name at run time through a mediator.
public struct WiringFact: Sendable, Hashable {
    public enum Role: String, Sendable, Hashable { case provides, uses }

    public var role: Role
    public var mechanism: WiringMechanism
    /// The API as the reports name it: `performTarget:action:params:`, `Target_ class`, `registerService:service:`.
    public var api: String
    /// The target (without `Target_`), the service protocol, or the URL.
    public var name: WiringValue
    /// For target-action: the action; nil for a provided target itself. A call's action as passed (without prefix
    /// or colon); a provided method's name as declared (`Action_showDetail`, with its prefix), ``takesArgument`` telling
    /// whether its selector ends with a colon.
    public var action: WiringValue?
    /// For a provided target-action method: whether its selector takes the params argument (`Action_a:`), or not
    /// (`Action_a`).
    public var takesArgument = true
    /// For a route used: the receiver written (`MGJRouter`), which tells a router's `openURL:` from `UIApplication`'s.
    /// For a target-action call: the class the message is sent to, where the code says it (`CTMediator` for
    /// `[[CTMediator sharedInstance] performTarget:…]` or `self` in a CTMediator category); nil for a variable.
    public var receiver: String?
    /// For a provided `Target_` class: the class name as written (`Target_Home`, or `_Target(Home)` pasted).
    public var className: WiringValue?
    /// Inside a category or extension of CTMediator, the way the articles call a target: the category's name
    /// (`ComponentVideo` for `@implementation CTMediator (ComponentVideo)`; empty for a Swift extension); nil outside one.
    public var mediatorCategory: String?
    /// For a target-action call: read from its `target:` and `action:` labels (a CTMediator clone whose entry point is
    /// not `performTarget`), so a call only where the repository has provider classes (`Target_<name>`).
    public var isLabelledCall = false
    /// The `#if` conditions around it, outermost first.
    public var conditions: [String]
    public var line: Int
    public var column: Int

    public init(role: Role, mechanism: WiringMechanism, api: String, name: WiringValue, action: WiringValue? = nil, receiver: String? = nil,
                mediatorCategory: String? = nil, conditions: [String] = [], line: Int, column: Int) {
        self.role = role
        self.mechanism = mechanism
        self.api = api
        self.name = name
        self.action = action
        self.receiver = receiver
        self.mediatorCategory = mediatorCategory
        self.conditions = conditions
        self.line = line
        self.column = column
    }
}

extension WiringFact {
    public var inMediatorCategory: Bool { mediatorCategory != nil }
}

/// What one file says about run-time wiring: its facts, and the string constants it defines (for names written as
/// constants).
public struct FileWiring: Sendable, Equatable {
    public var facts: [WiringFact]
    /// Constant name → value: `static NSString *const kTarget = @"A";`, `#define kTarget @"A"`, `let kTarget = "A"`.
    public var constants: [String: String]
    /// What it says of mediator classes themselves: their superclasses, implementations and naming macros.
    public var mediators: MediatorDeclarations

    public init(facts: [WiringFact] = [], constants: [String: String] = [:], mediators: MediatorDeclarations = MediatorDeclarations()) {
        self.facts = facts
        self.constants = constants
        self.mediators = mediators
    }

    public var isEmpty: Bool { facts.isEmpty && mediators.isEmpty }
}

/// What the code says about the classes calls are sent to and the names providers are declared with, which decides how
/// a target-action call finds its provider: CTMediator's naming (`Target_<name>`, `Action_<action>:`), a clone's own.
public struct MediatorDeclarations: Sendable, Equatable {
    /// `@interface AppMediator : CTMediator`: class → superclass.
    public var superclasses: [String: String] = [:]
    /// `#define _Target(name) Target_##name`: macro → the text pasted around its argument.
    public var pasteMacros: [String: PasteMacro] = [:]
    /// Classes whose own implementation (not a category) defines `performTarget:action:…`, with the format strings it
    /// builds class and selector names from (`Target_%@`, `Action_%@:`), in order.
    public var implementations: [String: [String]] = [:]

    public init() {}

    public var isEmpty: Bool { superclasses.isEmpty && pasteMacros.isEmpty && implementations.isEmpty }

    /// Adds another file's declarations; the first of a name wins.
    public mutating func merge(_ other: MediatorDeclarations) {
        superclasses.merge(other.superclasses) { first, _ in first }
        pasteMacros.merge(other.pasteMacros) { first, _ in first }
        implementations.merge(other.implementations) { first, _ in first }
    }
}

/// A wiring fact and the file it is in, as messages name the file.
public struct LocatedWiringFact: Sendable, Hashable {
    public var fact: WiringFact
    public var location: FileLocation

    public init(_ fact: WiringFact, in path: String) {
        self.fact = fact
        location = FileLocation(path: path, line: fact.line, column: fact.column)
    }
}
