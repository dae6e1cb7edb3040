import Diagnostics
import Output

/// A value a podspec attribute is set to: what Ruby literals give once symbols are names (as CocoaPods' JSON has it).
public indirect enum PodValue: Sendable, Equatable {
    case string(String)
    case integer(Int)
    case float(Double)
    case bool(Bool)
    case null
    case array([PodValue])
    /// Keys in the order written.
    case hash([(String, PodValue)])

    public static func == (lhs: PodValue, rhs: PodValue) -> Bool {
        switch (lhs, rhs) {
        case let (.string(a), .string(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.float(a), .float(b)): return a == b
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null): return true
        case let (.array(a), .array(b)): return a == b
        case let (.hash(a), .hash(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The strings of a string or an array of strings (`source_files`, `frameworks`): what a list attribute holds.
    public var strings: [String] {
        switch self {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(\.strings)
        default: return []
        }
    }

    public var json: JSONValue {
        switch self {
        case .string(let text): return .string(text)
        case .integer(let value): return .int(value)
        case .float(let value): return .string(String(value))
        case .bool(let value): return .bool(value)
        case .null: return .null
        case .array(let items): return .array(items.map(\.json))
        case .hash(let members): return .object(members.map { ($0.0, $0.1.json) })
        }
    }
}

/// `s.dependency 'AFNetworking', '~> 4.0'`, where it is written.
public struct PodDependency: Sendable, Equatable {
    public var name: String
    public var requirements: [String]
    /// `ios` for `s.ios.dependency`; nil for every platform.
    public var platform: String?
    public var location: FileLocation

    /// The pod the name refers to: `NXUI` for `NXUI/Core`.
    public var podName: String { String(name.split(separator: "/", maxSplits: 1).first ?? Substring(name)) }
}

/// An attribute as set, where it is set.
public struct PodAttribute: Sendable, Equatable {
    /// `source_files`, or `ios.deployment_target` for a platform-scoped one.
    public var key: String
    public var value: PodValue
    public var location: FileLocation
}

/// A podspec, or one of its subspecs: the attributes set on it, its dependencies and its subspecs, in order.
public struct PodSpec: Sendable, Equatable {
    /// The subspec's name (`Core`); nil for the root spec, whose name is its `name` attribute.
    public var subspecName: String?
    /// The last value of each attribute, in the order first set.
    public var attributes: [PodAttribute] = []
    public var dependencies: [PodDependency] = []
    public var subspecs: [PodSpec] = []
    /// `s.test_spec 'Tests' do … end`: the pod's tests, built as test bundles of their own, not part of the pod.
    public var testSpecs: [PodSpec] = []
    /// Where the spec (`Pod::Spec.new`) or subspec (`s.subspec`) starts.
    public var location: FileLocation

    public init(subspecName: String? = nil, location: FileLocation) {
        self.subspecName = subspecName
        self.location = location
    }

    public func attribute(_ key: String) -> PodAttribute? {
        attributes.first { $0.key == key }
    }

    /// The pod's name: the root's `name` attribute.
    public var name: String? {
        if case .string(let name)? = attribute("name")?.value { return name }
        return nil
    }

    mutating func set(_ key: String, _ value: PodValue, at location: FileLocation) {
        if let index = attributes.firstIndex(where: { $0.key == key }) {
            attributes[index].value = value
            attributes[index].location = location
        } else {
            attributes.append(PodAttribute(key: key, value: value, location: location))
        }
    }

    /// The shape `scripts/podspec-record.rb` prints for the same podspec evaluated by Ruby: name, attributes,
    /// dependencies (with their lines) and subspecs.
    public var record: JSONValue {
        .object([
            ("name", subspecName.map(JSONValue.string) ?? .null),
            ("attributes", .object(attributes.map { ($0.key, $0.value.json) })),
            ("dependencies", .array(dependencies.map { dependency in
                .object([
                    ("name", .string(dependency.name)),
                    ("requirements", .array(dependency.requirements.map(JSONValue.string))),
                    ("platform", dependency.platform.map(JSONValue.string) ?? .null),
                    ("line", dependency.location.line.map(JSONValue.int) ?? .null),
                ])
            })),
            ("subspecs", .array(subspecs.map(\.record))),
        ] + (testSpecs.isEmpty ? [] : [("testspecs", .array(testSpecs.map(\.record)))]))
    }
}
