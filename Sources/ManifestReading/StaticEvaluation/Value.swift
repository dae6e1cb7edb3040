import SwiftSyntax

/// A value computed while evaluating a manifest statically.
///
/// PackageDescription calls (`Package(...)`, `.target(...)`, `.when(...)`, `.linux`) become ``ManifestObject``s that
/// keep their arguments; their meaning is decided later by ``ManifestDecoder`` from where they are used.
/// Anything that cannot be computed exactly is `.unknown`, carrying the reason; it only matters if the decoder
/// needs it.
indirect enum Value {
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

    var isNotNull: Bool {
        if case .null = self { return false }
        return true
    }

    var decline: Decline? {
        if case .unknown(let decline) = self { return decline }
        return nil
    }

    var typeDescription: String {
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
        }
    }
}

/// The result of a PackageDescription call or enum case, e.g. `.target(name: "A")`, `Package(...)` or `.linux`.
///
/// A reference type, like PackageDescription's `Package` and `Target` classes, so that
/// `package.targets.append(...)` and `target.swiftSettings = ...` mutate the object everyone sees.
final class ManifestObject {
    /// `Package`, `target`, `product`, `when`, `linux`, ...
    let kind: String
    /// An explicit type before the member, e.g. `Target.Dependency` in `Target.Dependency.product(...)`.
    let qualifier: String?
    private(set) var arguments: [(label: String?, value: Value)]
    private var assigned: [String: Value] = [:]
    let position: SourcePosition
    /// UTF-8 offsets of the expression that created the object.
    var range: Range<Int> = 0..<0
    /// Where each argument of the creating call is written (its label, or its value when unlabeled).
    var argumentPositions: [SourcePosition] = []

    init(kind: String, qualifier: String? = nil, arguments: [(label: String?, value: Value)], position: SourcePosition) {
        self.kind = kind
        self.qualifier = qualifier
        self.arguments = arguments
        self.position = position
    }

    var labels: [String?] { arguments.map(\.label) }

    func argument(_ label: String) -> Value? {
        arguments.first { $0.label == label }?.value
    }

    /// The value of a property: assigned after creation, else the argument of the same label.
    func property(_ name: String) -> Value? {
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

    func setProperty(_ name: String, _ value: Value) {
        assigned[name] = value
    }

    /// `regular`, `test`, ... for the target factories; nil for other objects.
    var targetTypeName: String? {
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

/// A function the manifest declares, or a closure.
struct Callable {
    enum Body {
        case function(FunctionDeclSyntax)
        case closure(ClosureExprSyntax)
        case computed(AccessorBlockSyntax)
    }

    var name: String
    var body: Body
    var scope: Scope
}

/// Variables visible at a point of the manifest.
final class Scope {
    private var values: [String: Value] = [:]
    let parent: Scope?

    init(parent: Scope?) {
        self.parent = parent
    }

    func lookup(_ name: String) -> Value? {
        values[name] ?? parent?.lookup(name)
    }

    func declare(_ name: String, _ value: Value) {
        values[name] = value
    }

    func declaresLocally(_ name: String) -> Bool {
        values[name] != nil
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
