import Configuration
import Diagnostics
import RuntimeWiring

/// Matches what the sources call through a mediator with what they provide (``MediatorIndex``).
///
/// Names written as constants are looked up among the string constants of the calling target's files. A name computed
/// at run time is undecided. So is a call nothing provides while a package of the repository cannot be read (it may
/// provide it). Routes match their patterns segment by segment (`:id` matches any segment; a query is ignored). Only
/// the mechanisms the configuration's `mediators:` section reads are matched.
struct MediatorResolution {
    let declared: DeclaredGraph
    let settings: MediatorSettings

    func index(of targets: [TargetWiring]) -> MediatorIndex {
        var declarations = MediatorDeclarations()
        for wiring in targets { declarations.merge(wiring.mediators) }
        let namings = MediatorNamings(settings: settings, declarations: declarations)
        var provisions: [WiringProvision] = []
        var pending: [(fact: LocatedWiringFact, from: GraphTarget, constants: [String: String])] = []
        var undecided: [UndecidedWiringCall] = []
        var unexpanded: [FileLocation] = []
        // The first registration of each mechanism whose name is computed.
        var undecidedProvision: [WiringMechanism: (written: String, location: FileLocation)] = [:]
        for wiring in targets where !wiring.files.isEmpty {
            guard let target = declared.target(TargetID(package: wiring.package, name: wiring.target)) else { continue }
            let constants = wiring.constants
            for located in wiring.facts where reads(located.fact) {
                guard located.fact.role == .provides else {
                    pending.append((located, target, constants))
                    continue
                }
                if located.fact.mechanism == .targetAction {
                    guard let keys = providedKeys(of: located.fact, namings: namings) else {
                        unexpanded.append(located.location)
                        continue
                    }
                    provisions += keys.map { WiringProvision(key: $0, target: target, location: located.location, api: located.fact.api) }
                    continue
                }
                switch key(of: located.fact, constants: constants, in: target) {
                case .decided(let key): provisions.append(WiringProvision(key: key, target: target, location: located.location, api: located.fact.api,
                                                                          implementation: located.fact.className.flatMap { namings.expand($0) }))
                case .undecided(let written, let decider):
                    undecided.append(UndecidedWiringCall(from: target, location: located.location, api: located.fact.api, written: written, decider: decider))
                    if !target.isTest, undecidedProvision[located.fact.mechanism] == nil { undecidedProvision[located.fact.mechanism] = (written, located.location) }
                case .notWiring: break
                }
            }
        }
        let unread = unreadPackages() + unexpanded.prefix(1).map { "the provider class at \($0), named by a macro componentize cannot expand" }
        // A mechanism some registration decides has its names: only where every registration of it is computed may one of
        // them be what a call names (a mediator library's own machinery registers whatever it is given, beside the app's).
        for provision in provisions where !provision.target.isTest { undecidedProvision[provision.key.mechanism] = nil }
        let lookup = ProvisionLookup(provisions)
        var calls: [WiringCall] = []
        for (located, from, constants) in pending {
            switch resolve(located.fact, constants: constants, in: from, namings: namings, lookup: lookup) {
            case .decided(let key):
                let providers = lookup.providers(of: key)
                if providers.isEmpty, let decider = Self.decider(unread: unread, undecidedProvision: undecidedProvision[key.mechanism]) {
                    undecided.append(UndecidedWiringCall(from: from, location: located.location, api: located.fact.api, written: key.description,
                                                         decider: decider))
                    continue
                }
                calls.append(WiringCall(key: key, from: from, location: located.location, api: located.fact.api,
                                        inMediatorCategory: located.fact.inMediatorCategory,
                                        isProvidersInterface: located.fact.mediatorCategory == key.name || from.id.name.hasSuffix("+\(key.name)"),
                                        conditions: located.fact.conditions, providers: providers))
            case .undecided(let written, let decider):
                undecided.append(UndecidedWiringCall(from: from, location: located.location, api: located.fact.api, written: written, decider: decider))
            case .notWiring: break
            }
        }
        // A file several targets compile is one place.
        var seen: Set<FileLocation> = []
        undecided = undecided.filter { seen.insert($0.location).inserted }
        return MediatorIndex(provisions: provisions, calls: calls, undecided: undecided, edges: edges(of: calls))
    }

    /// What would decide a call nothing provides, when something may provide it unseen: a package that cannot be read, or
    /// the registrations of its mechanism when every one is computed (a route pattern or protocol built at run time); nil
    /// when nothing may.
    private static func decider(unread: [String], undecidedProvision: (written: String, location: FileLocation)?) -> String? {
        if !unread.isEmpty { return "reading \(unread.joined(separator: ", ")) (it cannot be read, and may provide it)" }
        guard let (written, location) = undecidedProvision else { return nil }
        return "the names registered at run time, such as `\(written)` at \(location) (no registration of this kind names one the code writes)"
    }

    /// The keys a `Target_` class or one of its methods provides under each naming that finds it (`Target_Home`'s
    /// `Action_show:` under CTMediator's; `action_show:` under a clone's `action_`); nil when its class is named by a
    /// macro the repository does not define as one that pastes a name.
    private func providedKeys(of fact: WiringFact, namings: MediatorNamings) -> [WiringKey]? {
        let written: WiringValue? = fact.className ?? {
            if case .literal(let name) = fact.name { return .literal("Target_" + name) }
            return nil
        }()
        guard let className = namings.expand(written) else { return nil }
        let method = fact.action.map { namings.expand($0) }
        if case .some(nil) = method { return nil }
        return namings.all.compactMap { naming in
            guard className.hasPrefix(naming.targetPrefix), className.count > naming.targetPrefix.count else { return nil }
            let name = String(className.dropFirst(naming.targetPrefix.count))
            guard let method = method ?? nil else { return WiringKey(.targetAction, name, naming: naming) }
            guard method.hasPrefix(naming.actionPrefix), method.count > naming.actionPrefix.count, naming.accepts(takesArgument: fact.takesArgument) else {
                return nil
            }
            return WiringKey(.targetAction, name, action: String(method.dropFirst(naming.actionPrefix.count)), naming: naming)
        }
    }

    /// A call's key, a target-action call's under the naming of the class it is sent to; undecided when that class's
    /// naming is not known, or when no class of the repository follows it at all.
    private func resolve(_ fact: WiringFact, constants: [String: String], in target: GraphTarget, namings: MediatorNamings,
                         lookup: ProvisionLookup) -> Resolved {
        guard fact.mechanism == .targetAction else { return key(of: fact, constants: constants, in: target) }
        let naming: MediatorNaming
        switch namings.naming(forReceiver: fact.receiver) {
        case .success(let found): naming = found
        // A clone's own entry point is read by CTMediator's naming unless its class says otherwise.
        case .failure where fact.isLabelledCall: naming = .ctmediator
        case .failure(let reason): return .undecided(written: written(fact), decider: reason.decider)
        }
        // Labels alone are no mediator call where no class follows the naming (`target:` and `action:` of another API).
        if fact.isLabelledCall, !lookup.hasTargets(naming) { return .notWiring }
        guard lookup.hasTargets(naming) else {
            let receiver = fact.receiver ?? "the mediator"
            return .undecided(written: written(fact),
                              decider: "a class named \(naming.targetPrefix)<name> for \(receiver) (none in the repository follows that naming): mediators.ctmediator.classes.\(receiver) in componentize.yml if \(receiver) names its providers otherwise")
        }
        return key(of: fact, constants: constants, in: target, naming: naming)
    }

    /// A call as written: its target and action.
    private func written(_ fact: WiringFact) -> String {
        func text(_ value: WiringValue?) -> String {
            switch value {
            case .literal(let text)?: return "\"\(text)\""
            case .constant(let name)?, .expression(let name)?: return name
            case .pasted(let macro, let argument)?: return "\(macro)(\(argument))"
            case nil: return ""
            }
        }
        return fact.action == nil ? text(fact.name) : "\(text(fact.name)), action \(text(fact.action))"
    }

    /// Whether the configuration reads this kind of fact at all.
    private func reads(_ fact: WiringFact) -> Bool {
        switch fact.mechanism {
        case .targetAction: return settings.ctmediator
        case .service: return ["register(_:factory:)", "resolve(_:)"].contains(fact.api) ? settings.registry : settings.beehive
        case .route: return settings.routes
        }
    }

    private enum Resolved {
        case decided(WiringKey)
        case undecided(written: String, decider: String)
        /// A route sent to a receiver that is not a router (`UIApplication`'s `openURL:`).
        case notWiring
    }

    private func key(of fact: WiringFact, constants: [String: String], in target: GraphTarget, naming: MediatorNaming = .ctmediator) -> Resolved {
        let name = text(of: fact.name, constants: constants, in: target)
        if fact.mechanism == .route, fact.role == .uses, !isRouterCall(fact, url: name) { return .notWiring }
        guard case .success(let decidedName) = name else {
            if case .failure(let reason) = name { return .undecided(written: reason.written, decider: reason.decider) }
            return .notWiring
        }
        guard let action = fact.action else { return .decided(WiringKey(fact.mechanism, decidedName, naming: naming)) }
        switch text(of: action, constants: constants, in: target) {
        case .success(let decidedAction): return .decided(WiringKey(fact.mechanism, decidedName, action: decidedAction, naming: naming))
        case .failure(let reason): return .undecided(written: "\(naming.targetPrefix)\(decidedName)'s action \(reason.written)", decider: reason.decider)
        }
    }

    private struct Undecided: Error {
        var written: String
        var decider: String
    }

    private func text(of value: WiringValue, constants: [String: String], in target: GraphTarget) -> Result<String, Undecided> {
        switch value {
        case .literal(let text): return .success(text)
        case .constant(let name):
            if let text = constants[name] { return .success(text) }
            return .failure(Undecided(written: name, decider: "`\(name)` as a string constant of \(target.id.name), or a string literal"))
        case .expression(let written): return .failure(Undecided(written: written, decider: "a string literal, or a string constant of \(target.id.name)"))
        case .pasted(let macro, let argument): return .failure(Undecided(written: "\(macro)(\(argument))", decider: "a string literal"))
        }
    }

    /// A route used is one sent to a router, or a literal URL with a configured scheme.
    private func isRouterCall(_ fact: WiringFact, url: Result<String, Undecided>) -> Bool {
        if let receiver = fact.receiver, settings.routers.contains(receiver) { return true }
        guard case .success(let url) = url, let colon = url.firstIndex(of: ":") else { return false }
        return settings.schemes.contains(String(url[..<colon]))
    }

    /// `app://video/:id` matches `app://video/42` and `app://video/42?from=home`.
    static func routeMatches(pattern: String, url: String) -> Bool {
        let path = url.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? url
        let patternParts = pattern.split(separator: "/", omittingEmptySubsequences: false)
        let urlParts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard patternParts.count == urlParts.count else { return false }
        return zip(patternParts, urlParts).allSatisfy { part, segment in part == segment || (part.hasPrefix(":") && !segment.isEmpty) }
    }

    /// Packages the graph cannot read (unreadable manifests, missing package folders), by folder, sorted.
    private func unreadPackages() -> [String] {
        Array(Set(declared.workspace.unreadable.map(\.relativeDirectory) + declared.workspace.missing.map(\.written))).sorted()
    }

    /// One edge per caller and provider of another component, at the first call; tests and the provider's own
    /// category (its published interface, which callers depend on instead) make none.
    private func edges(of calls: [WiringCall]) -> [(edge: Edge, from: GraphTarget, to: GraphTarget)] {
        var seen: Set<SIMD2<Int>> = []
        var edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)] = []
        for call in calls where !call.from.isTest && !call.isProvidersInterface {
            for provider in call.providers where provider.target.component != call.from.component && seen.insert(SIMD2(call.from.number, provider.target.number)).inserted {
                let edge = Edge(from: call.from.id, to: .target(provider.target.id), written: call.key.description, location: call.location,
                                fromNumber: call.from.number, toNumber: provider.target.number, viaMediator: true)
                edges.append((edge, call.from, provider.target))
            }
        }
        return edges
    }
}

/// The provisions by key, and the route patterns by their number of segments: a call's providers without a pass over
/// every provision.
private struct ProvisionLookup {
    var byKey: [WiringKey: [WiringProvision]] = [:]
    var routesBySegments: [Int: [WiringProvision]] = [:]
    var namingsWithTargets: Set<MediatorNaming> = []

    init(_ provisions: [WiringProvision]) {
        for provision in provisions {
            if provision.key.mechanism == .targetAction, provision.key.action == nil { namingsWithTargets.insert(provision.key.naming) }
            if provision.key.mechanism == .route {
                routesBySegments[Self.segments(of: provision.key.name), default: []].append(provision)
            } else {
                byKey[provision.key, default: []].append(provision)
            }
        }
    }

    /// Whether some class provides a target under the naming.
    func hasTargets(_ naming: MediatorNaming) -> Bool {
        namingsWithTargets.contains(naming)
    }

    /// The same target and action, or protocol; for a route, every pattern that matches the URL.
    func providers(of key: WiringKey) -> [WiringProvision] {
        guard key.mechanism == .route else { return byKey[key] ?? [] }
        let path = key.name.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? key.name
        return (routesBySegments[Self.segments(of: path)] ?? []).filter { MediatorResolution.routeMatches(pattern: $0.key.name, url: key.name) }
    }

    static func segments(of path: String) -> Int {
        path.split(separator: "/", omittingEmptySubsequences: false).count
    }
}
