import Configuration
import Diagnostics
import RuntimeWiring
import SourceImports

/// How each mediator class of the repository finds a target-action call's provider, and the provisions each naming
/// sees: CTMediator's (`Target_<name>`, `Action_<action>:`), a clone's from the configuration, or what the clone's own
/// implementation builds its names from (`stringWithFormat:@"Target_%@"`, `@"Action_%@"`).
struct MediatorNamings {
    /// By class: configured, else read from the class's implementation; CTMediator's own when neither says otherwise.
    private(set) var byClass: [String: MediatorNaming] = [:]
    let declarations: MediatorDeclarations
    /// Every distinct naming in play, CTMediator's first.
    private(set) var all: [MediatorNaming] = []

    init(settings: MediatorSettings, declarations: MediatorDeclarations) {
        self.declarations = declarations
        for (name, formats) in declarations.implementations {
            if let naming = Self.naming(fromFormats: formats) { byClass[name] = naming }
        }
        for (name, naming) in settings.classes { byClass[name] = naming }
        if byClass["CTMediator"] == nil { byClass["CTMediator"] = .ctmediator }
        var seen: Set<MediatorNaming> = [.ctmediator]
        all = [.ctmediator]
        for name in byClass.keys.sorted() where seen.insert(byClass[name] ?? .ctmediator).inserted { all.append(byClass[name] ?? .ctmediator) }
    }

    /// What a call sent to `receiver` finds its provider by; the reason it cannot be told otherwise.
    func naming(forReceiver receiver: String?) -> Result<MediatorNaming, UndecidedNaming> {
        guard let receiver else {
            // A variable: the one mediator class of the repository, when there is one.
            let classes = Set(byClass.keys).union(declarations.implementations.keys)
            let namings = Set(classes.compactMap { byClass[$0] })
            if namings.count == 1, classes.allSatisfy({ byClass[$0] != nil }), let only = namings.first { return .success(only) }
            return .failure(UndecidedNaming(decider: "the class the call is sent to (a variable here; \(classes.sorted().joined(separator: ", ")) name their providers differently)"))
        }
        var current = receiver
        var visited: Set<String> = []
        while visited.insert(current).inserted {
            if let naming = byClass[current] { return .success(naming) }
            guard let superclass = declarations.superclasses[current] else { break }
            current = superclass
        }
        return .failure(UndecidedNaming(decider: "how \(receiver) names its providers: mediators.ctmediator.classes.\(receiver) in componentize.yml (target and action prefixes, e.g. {target: Target_, action: Action_})"))
    }

    /// Why a call's naming cannot be told.
    struct UndecidedNaming: Error {
        var decider: String
    }

    /// A class's name as declared: a literal, or a macro's expansion; nil for a macro the repository does not define as
    /// one that pastes a name.
    func expand(_ value: WiringValue?) -> String? {
        switch value {
        case .literal(let text)?: return text
        case .pasted(let macro, let argument)?: return declarations.pasteMacros[macro]?.expand(argument)
        case .constant, .expression, nil: return nil
        }
    }

    /// The formats of a clone's own `performTarget:` implementation: one class prefix (`Target_%@`) and the action
    /// formats with it (`Action_%@:`, `Action_%@`); nil when they do not say.
    static func naming(fromFormats formats: [String]) -> MediatorNaming? {
        var targets: Set<String> = [], actions: [(prefix: String, colon: Bool)] = []
        for format in formats {
            guard let range = format.range(of: "%@"), format.firstIndex(of: "%") == range.lowerBound else { continue }
            let prefix = String(format[..<range.lowerBound]), rest = format[range.upperBound...]
            guard !prefix.isEmpty, prefix.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }), rest.isEmpty || rest == ":" else { continue }
            if prefix.lowercased().contains("target") { targets.insert(prefix) }
            if prefix.lowercased().contains("action") { actions.append((prefix, rest == ":")) }
        }
        let actionPrefixes = Set(actions.map(\.prefix))
        guard targets.count == 1, actionPrefixes.count == 1, let target = targets.first, let action = actionPrefixes.first else { return nil }
        let colons = Set(actions.map(\.colon))
        return MediatorNaming(targetPrefix: target, actionPrefix: action, selector: colons.count == 2 ? .either : colons.contains(true) ? .colon : .bare)
    }
}
