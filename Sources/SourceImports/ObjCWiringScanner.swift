/// The run-time wiring an Objective-C file holds, read from its tokens (``ObjCTokens``): CTMediator calls and
/// `Target_`/`Action_` providers, BeeHive services, URL routes, and the string constants names may be written as.
enum ObjCWiringScanner {
    static func wiring(in text: String) -> FileWiring {
        wiring(in: Array(text.utf8))
    }

    static func wiring(in bytes: [UInt8]) -> FileWiring {
        let tokens = ObjCTokens(bytes)
        var walk = Walk(tokens: tokens.tokens, conditionSets: tokens.conditionSets)
        walk.run()
        return FileWiring(facts: walk.facts, constants: tokens.defines.merging(walk.constants) { first, _ in first })
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
    typealias Token = ObjCTokens.Token
    let tokens: [Token]
    let conditionSets: [[String]]
    var facts: [WiringFact] = []
    var constants: [String: String] = [:]
    /// The class of the `@implementation` being read, and whether it is a category of CTMediator.
    var implementation: String?
    var mediatorCategory: String?
    /// For each open `[`: the receiver written right after it, when it is a name.
    var receivers: [String?] = []
    var braceDepth = 0
    var index = 0

    init(tokens: [Token], conditionSets: [[String]]) {
        self.tokens = tokens
        self.conditionSets = conditionSets
    }

    mutating func run() {
        while index < tokens.count {
            let token = tokens[index]
            switch (token.kind, token.text) {
            case (.keyword, "@implementation"): beginImplementation()
            case (.keyword, "@end"): implementation = nil; mediatorCategory = nil
            case (.keyword, "@BeeHiveService"): annotation(token)
            case (.punctuation, "-"), (.punctuation, "+"): if token.firstOnLine, implementation != nil, text(at: index + 1) == "(" { methodHeader() }
            case (.punctuation, "["): receivers.append(tokens.indices.contains(index + 1) && tokens[index + 1].kind == .identifier ? tokens[index + 1].text : nil)
            case (.punctuation, "]"): _ = receivers.popLast()
            case (.punctuation, "{"): braceDepth += 1
            case (.punctuation, "}"): braceDepth = max(0, braceDepth - 1)
            case (.identifier, _): identifier(token)
            default: break
            }
            index += 1
        }
    }

    private func text(at position: Int) -> String? {
        tokens.indices.contains(position) ? tokens[position].text : nil
    }

    private mutating func beginImplementation() {
        guard let name = text(at: index + 1) else { return }
        implementation = name
        mediatorCategory = name == "CTMediator" && text(at: index + 2) == "(" ? text(at: index + 3).map { $0 == ")" ? "" : $0 } : nil
        if name.hasPrefix("Target_"), name.count > 7 {
            fact(.provides, .targetAction, "Target_ class", .literal(String(name.dropFirst(7))), at: tokens[index + 1])
        }
    }

    /// `- (id)Action_showDetail:(NSDictionary *)params` in a `Target_` class provides that action; the header is not
    /// read as a message.
    private mutating func methodHeader() {
        var position = index + 1
        var depth = 0
        repeat {
            if text(at: position) == "(" { depth += 1 } else if text(at: position) == ")" { depth -= 1 }
            position += 1
        } while depth > 0 && position < tokens.count
        if let target = implementation, target.hasPrefix("Target_"), let name = text(at: position), name.hasPrefix("Action_"), name.count > 7,
           text(at: position + 1) == ":" {
            fact(.provides, .targetAction, "Action_ method", .literal(String(target.dropFirst(7))), action: .literal(String(name.dropFirst(7))),
                 at: tokens[position])
        }
        while position < tokens.count, text(at: position) != "{", text(at: position) != ";" { position += 1 }
        index = position - 1
    }

    /// `@BeeHiveService(Protocol, Implementation)`.
    private mutating func annotation(_ token: Token) {
        guard text(at: index + 1) == "(", tokens.indices.contains(index + 2), tokens[index + 2].kind == .identifier else { return }
        fact(.provides, .service, "@BeeHiveService", .literal(tokens[index + 2].text), at: token)
    }

    private mutating func identifier(_ token: Token) {
        if braceDepth == 0, text(at: index + 1) == "=", tokens.indices.contains(index + 3), tokens[index + 2].kind == .string, text(at: index + 3) == ";" {
            constants[token.text] = tokens[index + 2].text
            return
        }
        guard !receivers.isEmpty, text(at: index + 1) == ":", let (mechanism, role, api) = ObjCWiringScanner.messages[token.text] else { return }
        let (name, next) = argument(from: index + 2)
        var action: WiringValue?
        if mechanism == .targetAction {
            guard text(at: next) == "action", text(at: next + 1) == ":" else { return }
            action = argument(from: next + 2).value
        }
        let receiver = mechanism == .route && role == .uses ? receivers.last ?? nil : nil
        fact(role, mechanism, api, name, action: action, receiver: receiver, at: token)
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
        return (Self.value(of: tokens[start..<position]), position)
    }

    /// A literal (`@"A"`, `@protocol(P)`, `NSProtocolFromString(@"P")`), a constant's name, or an expression.
    static func value(of slice: ArraySlice<Token>) -> WiringValue {
        let parts = Array(slice)
        if !parts.isEmpty, parts.allSatisfy({ $0.kind == .string }) { return .literal(parts.map(\.text).joined()) }
        if parts.count == 1, parts[0].kind == .identifier { return .constant(parts[0].text) }
        if parts.count == 4, parts[0].text == "@protocol" || parts[0].text == "NSProtocolFromString", parts[1].text == "(", parts[3].text == ")",
           parts[2].kind != .punctuation {
            return parts[2].kind == .identifier && parts[0].text == "NSProtocolFromString" ? .constant(parts[2].text) : .literal(parts[2].text)
        }
        let written = parts.map { $0.kind == .string ? "@\"\($0.text)\"" : $0.text }.joined(separator: " ")
        return .expression(written.count > 40 ? String(written.prefix(39)) + "…" : written)
    }

    private mutating func fact(_ role: WiringFact.Role, _ mechanism: WiringMechanism, _ api: String, _ name: WiringValue, action: WiringValue? = nil,
                               receiver: String? = nil, at token: Token) {
        facts.append(WiringFact(role: role, mechanism: mechanism, api: api, name: name, action: action, receiver: receiver,
                                mediatorCategory: mediatorCategory, conditions: conditionSets[token.conditions], line: token.line, column: token.column))
    }
}
