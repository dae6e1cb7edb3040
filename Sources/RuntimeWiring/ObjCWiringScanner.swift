import SourceText
/// The run-time wiring an Objective-C file holds, read from its tokens (``CFamilyTokens``): CTMediator calls and
/// `Target_`/`Action_` providers, BeeHive services, URL routes, and the string constants names may be written as.
enum ObjCWiringScanner {
    static func wiring(in text: String) -> FileWiring {
        wiring(in: Array(text.utf8))
    }

    static func wiring(in bytes: [UInt8]) -> FileWiring {
        let tokens = CFamilyTokens(bytes)
        var walk = Walk(tokens: tokens.tokens, conditionSets: tokens.conditionSets, bytes: bytes)
        walk.run()
        walk.mediators.pasteMacros = tokens.pasteMacros
        return FileWiring(facts: walk.facts, constants: tokens.defines.merging(walk.constants) { first, _ in first }, mediators: walk.mediators)
    }

    /// Selector parts read as calls: the mechanism, the role, and the API as reports name it.
    static let messages: [String: (WiringMechanism, WiringFact.Role, String)] = [
        "performTarget": (.targetAction, .uses, "performTarget:action:params:"),
        "registerService": (.service, .provides, "registerService:service:"),
        "createService": (.service, .uses, "createService:"),
        "registerURLPattern": (.route, .provides, "registerURLPattern:toHandler:"),
        "openURL": (.route, .uses, "openURL:"),
        "objectForURL": (.route, .uses, "objectForURL:"),
    ]
}

private struct Walk {
    typealias Token = CFamilyTokens.Token
    let tokens: [Token]
    let conditionSets: [[String]]
    var facts: [WiringFact] = []
    var constants: [String: String] = [:]
    var mediators = MediatorDeclarations()
    /// The class of the `@implementation` being read, and whether it is a category of a mediator class.
    var implementation: String?
    var mediatorCategory: String?
    /// The provider class being read: a `Target_` class, or one named through a macro (`_Target(Home)`).
    var providerClass: (name: WiringValue, written: WiringValue)?
    /// In a class's own `@implementation` (not a category): whether it defines `performTarget:…`, and the format
    /// strings of its methods.
    var definesPerformTarget = false
    var formats: [String] = []
    /// The first selector part of each method the `@implementation` being read defines, and where its facts start: a
    /// mediator's or router's own implementation calling the API it implements is its machinery, not a call.
    var definedSelectors: Set<String> = []
    var implementationFactsStart = 0
    /// For each open `[`: the receiver written right after it, when it is a name.
    var receivers: [String?] = []
    var braceDepth = 0
    var index = 0

    let bytes: [UInt8]

    init(tokens: [Token], conditionSets: [[String]], bytes: [UInt8]) {
        self.tokens = tokens
        self.conditionSets = conditionSets
        self.bytes = bytes
    }

    mutating func run() {
        while index < tokens.count {
            let token = tokens[index]
            // By kind first: most tokens are identifiers, and only keywords and punctuation are compared as text.
            switch token.kind {
            case .identifier: identifier(token)
            case .string: if implementation != nil, mediatorCategory == nil, token.text.contains("%@") { formats.append(token.text) }
            case .keyword: keyword(token)
            case .punctuation: punctuation(token)
            }
            index += 1
        }
    }

    private mutating func keyword(_ token: Token) {
        switch token.text {
        case "@implementation": beginImplementation()
        case "@interface": interface()
        case "@end": endImplementation()
        case "@BeeHiveService": annotation(token)
        default: break
        }
    }

    private mutating func punctuation(_ token: Token) {
        switch token.text {
        case "-", "+": if token.firstOnLine, implementation != nil, text(at: index + 1) == "(" { methodHeader() }
        case "[": receivers.append(receiver(after: index))
        case "]": _ = receivers.popLast()
        case "{": braceDepth += 1
        case "}": braceDepth = max(0, braceDepth - 1)
        default: break
        }
    }

    private func text(at position: Int) -> String? {
        tokens.indices.contains(position) ? tokens[position].text : nil
    }

    /// The class a message is sent to, when the code names it: `X` in `[X …]`, `[[X sharedInstance] …]` or
    /// `[[X alloc] init]`; the implementation's class for `self` and `super`; nil for a variable.
    private func receiver(after bracket: Int) -> String? {
        guard let first = tokens.indices.contains(bracket + 1) ? tokens[bracket + 1] : nil else { return nil }
        if first.kind == .identifier {
            return first.text == "self" || first.text == "super" ? implementation ?? first.text : first.text
        }
        guard first.text == "[", let inner = tokens.indices.contains(bracket + 2) ? tokens[bracket + 2] : nil, inner.kind == .identifier,
              inner.text.first?.isUppercase == true else { return nil }
        return inner.text
    }

    /// `@interface AppMediator : CTMediator`: the superclass.
    private mutating func interface() {
        guard let name = text(at: index + 1), text(at: index + 2) == ":", let superclass = text(at: index + 3),
              tokens[index + 3].kind == .identifier else { return }
        mediators.superclasses[name] = superclass
    }

    private mutating func beginImplementation() {
        guard let name = text(at: index + 1) else { return }
        implementation = name
        let isCategory = text(at: index + 2) == "("
        let category = isCategory ? text(at: index + 3).map { $0 == ")" ? "" : $0 } : nil
        // A category of a mediator class (CTMediator's, or a clone's): the way the articles call a target.
        mediatorCategory = name.hasSuffix("Mediator") ? category : nil
        definesPerformTarget = false
        formats = []
        providerClass = nil
        definedSelectors = []
        implementationFactsStart = facts.count
        if name.hasPrefix("Target_"), name.count > 7 {
            providerClass = (.literal(String(name.dropFirst(7))), .literal(name))
            fact(.provides, .targetAction, "Target_ class", .literal(String(name.dropFirst(7))), className: .literal(name), at: tokens[index + 1])
        } else if let category, !category.isEmpty, Self.isMacroName(name), name.uppercased().contains("TARGET"), text(at: index + 4) == ")" {
            // `@implementation _Target(Home)`: a class named by a macro (a category of a class named so otherwise).
            let pasted = WiringValue.pasted(macro: name, argument: category)
            providerClass = (pasted, pasted)
            fact(.provides, .targetAction, "Target_ class", pasted, className: pasted, at: tokens[index + 1])
        }
    }

    private mutating func endImplementation() {
        if let name = implementation, mediatorCategory == nil, definesPerformTarget { mediators.implementations[name] = formats }
        if implementation != nil, !definedSelectors.isEmpty, implementationFactsStart <= facts.count {
            let own = facts[implementationFactsStart...].filter { fact in
                fact.mechanism == .targetAction && fact.role == .provides || !definedSelectors.contains(String(fact.api.prefix { $0 != ":" }))
            }
            facts.replaceSubrange(implementationFactsStart..., with: own)
        }
        implementation = nil
        mediatorCategory = nil
        providerClass = nil
    }

    /// A method of a provider class provides an action by its name (`- (id)Action_showDetail:(NSDictionary *)params`,
    /// `- (id)_Action(showDetail):…`), whichever naming a mediator looks it up by; a mediator's own `performTarget:` is
    /// noted. The header is not read as a message.
    private mutating func methodHeader() {
        var position = index + 1
        var depth = 0
        repeat {
            if text(at: position) == "(" { depth += 1 } else if text(at: position) == ")" { depth -= 1 }
            position += 1
        } while depth > 0 && position < tokens.count
        if let name = text(at: position), tokens[position].kind == .identifier {
            if name == "performTarget", mediatorCategory == nil { definesPerformTarget = true }
            if ObjCWiringScanner.messages[name] != nil { definedSelectors.insert(name) }
            if let target = providerClass?.name {
                var method = WiringValue.literal(name)
                var end = position + 1
                if text(at: end) == "(", tokens.indices.contains(end + 1), tokens[end + 1].kind == .identifier, text(at: end + 2) == ")" {
                    method = .pasted(macro: name, argument: tokens[end + 1].text)
                    end += 3
                }
                fact(.provides, .targetAction, "Action_ method", target, action: method, takesArgument: text(at: end) == ":",
                     className: providerClass?.written, at: tokens[position])
            }
        }
        while position < tokens.count, text(at: position) != "{", text(at: position) != ";" { position += 1 }
        index = position - 1
    }

    /// `_Target`, `HD_TARGET`: how macros are named (a class is not).
    static func isMacroName(_ name: String) -> Bool {
        name.hasPrefix("_") || name == name.uppercased()
    }

    /// `@BeeHiveService(Protocol, Implementation)`.
    private mutating func annotation(_ token: Token) {
        guard text(at: index + 1) == "(", tokens.indices.contains(index + 2), tokens[index + 2].kind == .identifier else { return }
        let implementation = text(at: index + 3) == "," && tokens.indices.contains(index + 4) && tokens[index + 4].kind == .identifier
            ? WiringValue.literal(tokens[index + 4].text) : nil
        fact(.provides, .service, "@BeeHiveService", .literal(tokens[index + 2].text), className: implementation, at: token)
    }

    private mutating func identifier(_ token: Token) {
        if braceDepth == 0, text(at: index + 1) == "=", tokens.indices.contains(index + 3), tokens[index + 2].kind == .string, text(at: index + 3) == ";" {
            constants[token.text] = tokens[index + 2].text
            return
        }
        guard !receivers.isEmpty, text(at: index + 1) == ":", let (mechanism, role, api) = ObjCWiringScanner.messages[token.text] else { return }
        let (name, next) = argument(from: index + 2)
        // BeeHive registers by `registerService:service:`: a selector that only starts alike (a string registry's own
        // `registerService:object:`) is another API.
        if token.text == "registerService", text(at: next) != "service" || text(at: next + 1) != ":" { return }
        var action: WiringValue?
        if mechanism == .targetAction {
            guard text(at: next) == "action", text(at: next + 1) == ":" else { return }
            action = argument(from: next + 2).value
        }
        let receiver = role == .uses && mechanism != .service ? receivers.last ?? nil : nil
        var registered: WiringValue?
        if token.text == "registerService", text(at: next) == "service", text(at: next + 1) == ":", text(at: next + 2) == "[",
           tokens.indices.contains(next + 3), tokens[next + 3].kind == .identifier, text(at: next + 4) == "class" {
            registered = .literal(tokens[next + 3].text)
        }
        fact(role, mechanism, api, name, action: action, receiver: receiver, className: registered, at: token)
    }

    /// The argument of a selector part, from the token after its colon up to the next selector part or the end of the
    /// message; and where it ends.
    private func argument(from start: Int) -> (value: WiringValue, end: Int) {
        var position = start
        var depth = 0
        while position < tokens.count {
            let token = tokens[position]
            if depth == 0, token.text == "]" || token.text == ";" { break }
            if depth == 0, position > start, token.kind == .identifier, text(at: position + 1) == ":" { break }
            if token.kind == .punctuation {
                switch token.text {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                default: break
                }
            }
            position += 1
        }
        return (Self.value(of: tokens[start..<position], in: bytes), position)
    }

    /// A literal (`@"A"`, `@protocol(P)`, `NSProtocolFromString(@"P")`), a constant's name, or an expression as the
    /// source writes it (spaces and line breaks made one space).
    static func value(of slice: ArraySlice<Token>, in bytes: [UInt8]) -> WiringValue {
        let parts = Array(slice)
        if !parts.isEmpty, parts.allSatisfy({ $0.kind == .string }) { return .literal(parts.map(\.text).joined()) }
        if parts.count == 1, parts[0].kind == .identifier { return .constant(parts[0].text) }
        if parts.count == 4, parts[0].text == "@protocol" || parts[0].text == "NSProtocolFromString", parts[1].text == "(", parts[3].text == ")",
           parts[2].kind != .punctuation {
            return parts[2].kind == .identifier && parts[0].text == "NSProtocolFromString" ? .constant(parts[2].text) : .literal(parts[2].text)
        }
        guard let first = parts.first, let last = parts.last, first.range.lowerBound < last.range.upperBound, last.range.upperBound <= bytes.count else {
            return .expression("")
        }
        let source = String(decoding: bytes[first.range.lowerBound..<last.range.upperBound], as: UTF8.self)
        let written = source.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
        return .expression(written.count > 40 ? String(written.prefix(39)) + "…" : written)
    }

    private mutating func fact(_ role: WiringFact.Role, _ mechanism: WiringMechanism, _ api: String, _ name: WiringValue, action: WiringValue? = nil,
                               takesArgument: Bool = true, receiver: String? = nil, className: WiringValue? = nil, at token: Token) {
        var fact = WiringFact(role: role, mechanism: mechanism, api: api, name: name, action: action, receiver: receiver,
                              mediatorCategory: mediatorCategory, conditions: conditionSets[token.conditions], line: token.line, column: token.column)
        fact.takesArgument = takesArgument
        fact.className = className
        facts.append(fact)
    }
}
