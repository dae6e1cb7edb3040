import Diagnostics
import SwiftSyntax


/// A value computed while evaluating a description (a `Package.swift`, a Tuist `Project.swift`) statically.
///
/// Calls of the description's API (`Package(...)`, `.target(...)`, `.when(...)`, `.linux`) become ``ManifestObject``s
/// that keep their arguments; their meaning is decided later by the reader's decoder from where they are used. Values of
/// the types the description declares itself are enum cases and instances. Anything that cannot be computed exactly is
/// `.unknown`, carrying the reason; it only matters if the decoder needs it.
public indirect enum Value {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([Value])
    case object(ManifestObject)
    case function(Callable)
    case environment
    case type(String)
    case unknown(Decline)
    /// A case of an enum the description declares (`ModulePaths.feature(.Home)`).
    case enumCase(EnumCase)
    /// A value of a struct or class the description declares.
    case instance(Instance)
    /// In literal order; keys compared with `==`.
    case dictionary([(key: Value, value: Value)])
    /// `\.name`: a property read from each element.
    case keyPath([String])

    public var isNotNull: Bool {
        if case .null = self { return false }
        return true
    }

    public var decline: Decline? {
        if case .unknown(let decline) = self { return decline }
        return nil
    }

    public var typeDescription: String {
        switch self {
        case .string: return "a string"
        case .int: return "an integer"
        case .bool: return "a Boolean"
        case .null: return "nil"
        case .array: return "an array"
        case .object(let object): return "'.\(object.kind)'"
        case .function: return "a function"
        case .environment: return "the environment"
        case .type(let name): return "the type \(name)"
        case .unknown: return "an unknown value"
        case .enumCase(let value): return "'\(value.type).\(value.name)'"
        case .instance(let value): return "a \(value.type)"
        case .dictionary: return "a dictionary"
        case .keyPath: return "a key path"
        }
    }
}

/// A case of a declared enum, with its associated values.
public struct EnumCase {
    /// The enum's qualified name (`ModulePaths.Feature`).
    public var type: String
    public var name: String
    public var associated: [(label: String?, value: Value)]

    public init(type: String, name: String, associated: [(label: String?, value: Value)] = []) {
        self.type = type
        self.name = name
        self.associated = associated
    }
}

/// A value of a declared struct or class: its stored properties (a copy, as Swift's structs are).
public struct Instance {
    public var type: String
    public var fields: [(name: String, value: Value)]

    public subscript(name: String) -> Value? {
        get { fields.first { $0.name == name }?.value }
        set {
            if let index = fields.firstIndex(where: { $0.name == name }) {
                fields[index].value = newValue ?? .null
            } else {
                fields.append((name, newValue ?? .null))
            }
        }
    }
}

/// The result of a call of the description's API or one of its enum cases, e.g. `.target(name: "A")`, `Package(...)`
/// or `.linux`.
///
/// A reference type, like PackageDescription's `Package` and `Target` classes, so that
/// `package.targets.append(...)` and `target.swiftSettings = ...` mutate the object everyone sees.
public final class ManifestObject {
    /// `Package`, `target`, `product`, `when`, `linux`, ...
    public let kind: String
    /// An explicit type before the member, e.g. `Target.Dependency` in `Target.Dependency.product(...)`.
    public let qualifier: String?
    public private(set) var arguments: [(label: String?, value: Value)]
    private var assigned: [String: Value] = [:]
    public let position: SourcePosition
    /// The file it was created in, when that is not the evaluated file itself (a Tuist helper).
    public var file: String?
    /// UTF-8 offsets of the expression that created the object.
    public var range: Range<Int> = 0..<0
    /// Where each argument of the creating call is written (its label, or its value when unlabeled).
    public var argumentPositions: [SourcePosition] {
        get {
            if let computeArgumentPositions {
                storedArgumentPositions = computeArgumentPositions()
                self.computeArgumentPositions = nil
            }
            return storedArgumentPositions
        }
        set {
            storedArgumentPositions = newValue
            computeArgumentPositions = nil
        }
    }
    private var storedArgumentPositions: [SourcePosition] = []
    private var computeArgumentPositions: (() -> [SourcePosition])?

    /// Sets ``argumentPositions`` to what `compute` returns, computed when first read.
    public func setArgumentPositions(_ compute: @escaping () -> [SourcePosition]) {
        computeArgumentPositions = compute
    }
    /// Written as an implicit member (`.framework`, `.init(…)`): its type is the context's, which may be a declared one.
    public var isImplicit = false
    /// An implicit member chain (`.ThirdParty.UI`) whose nested type more than one type declares: the member read once
    /// the context names the type, as Swift resolves it against the contextual type (``Interpreter/coerce(_:to:at:)``).
    public var deferredMember: String?
    /// A deferred chain an array's `+` holds in its place: its value, an array, spliced into the array once resolved.
    public var spliced = false

    public init(kind: String, qualifier: String? = nil, arguments: [(label: String?, value: Value)], position: SourcePosition) {
        self.kind = kind
        self.qualifier = qualifier
        self.arguments = arguments
        self.position = position
    }

    public var labels: [String?] { arguments.map(\.label) }

    public func argument(_ label: String) -> Value? {
        arguments.first { $0.label == label }?.value
    }

    /// The value of a property: assigned after creation, else the argument of the same label.
    public func property(_ name: String) -> Value? {
        if let value = assigned[name] { return value }
        if name == "type", let type = targetTypeName { return .object(ManifestObject(kind: type, arguments: [], position: position)) }
        if let value = argument(name) { return value }
        // Non-optional array properties of PackageDescription's classes default to empty.
        switch (kind, name) {
        case ("Package", "dependencies"), ("Package", "products"), ("Package", "targets"): return .array([])
        case (_, "dependencies") where targetTypeName != nil: return .array([])
        default: return nil
        }
    }

    public func setProperty(_ name: String, _ value: Value) {
        assigned[name] = value
    }

    /// `regular`, `test`, ... for the target factories; nil for other objects.
    public var targetTypeName: String? {
        switch kind {
        case "target": return "regular"
        case "executableTarget": return "executable"
        case "testTarget": return "test"
        case "systemLibrary": return "system"
        case "binaryTarget": return "binary"
        case "plugin" where argument("capability") != nil: return "plugin"
        case "macro": return "macro"
        default: return nil
        }
    }
}

/// A function the evaluated code declares, or a closure.
public struct Callable {
    enum Body {
        case function(FunctionDeclSyntax)
        case closure(ClosureExprSyntax)
        case computed(AccessorBlockSyntax)
        case initializer(InitializerDeclSyntax)
        /// A stored property's or global's initial value, evaluated where it is read.
        case expression(ExprSyntax)
        /// `\.a.b` used as a function: its argument's properties read in turn.
        case keyPath([String])
    }

    var name: String
    var body: Body
    var scope: Scope
    /// The declared type it is a member of (qualified), for `Self` and for the types its signature names.
    var owner: String? = nil
    /// The type it returns or holds, as declared, for the implicit members it is given.
    var type: TypeReference? = nil
}

/// Variables visible at a point of the evaluated code.
public final class Scope {
    private var values: [String: Value] = [:]
    let parent: Scope?

    init(parent: Scope?) {
        self.parent = parent
    }

    public func lookup(_ name: String) -> Value? {
        values[name] ?? parent?.lookup(name)
    }

    func declare(_ name: String, _ value: Value) {
        values[name] = value
    }

    func declaresLocally(_ name: String) -> Bool {
        values[name] != nil
    }

    private var types: [String: TypeReference] = [:]

    /// `var dependencies: [TargetDependency] = …`: the type a variable was declared with.
    func declareType(_ name: String, _ type: TypeReference) {
        types[name] = type
    }

    func declaredType(of name: String) -> TypeReference? {
        if values[name] != nil { return types[name] }
        return parent?.declaredType(of: name)
    }

    /// Assigns to the nearest scope that declares `name`; false when none does.
    @discardableResult
    func assign(_ name: String, _ value: Value) -> Bool {
        if values[name] != nil {
            values[name] = value
            return true
        }
        return parent?.assign(name, value) ?? false
    }
}
