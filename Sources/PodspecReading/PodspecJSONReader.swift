import Diagnostics
import Files
import Foundation

/// Reads a `.podspec.json` (CocoaPods' own JSON form of a spec, as `pod ipc spec` prints it and trunk stores it) into the
/// same ``PodSpec`` as the static reader: attributes by key (platform sections become `ios.x`), `dependencies` as a
/// hash of name to requirements, `subspecs` as an array. JSON carries no positions, so every location is the file.
public struct PodspecJSONReader: Sendable {
    public init() {}

    public func read(path: String, fileSystem: any FileSystem) throws -> PodSpec {
        try read(data: Data(PodspecFile.bytes(of: path, fileSystem: fileSystem, maximumBytes: PodspecStaticReader.maximumBytes)), path: path)
    }

    /// A spec from JSON text; locations are `path`.
    public func read(data: Data, path: String) throws -> PodSpec {
        let decoded: JSONNode
        do {
            decoded = try JSONDecoder().decode(JSONNode.self, from: data)
        } catch {
            throw InputError("this podspec is not valid JSON", at: FileLocation(path: path))
        }
        guard case .object(let root) = decoded else { throw InputError("this podspec's JSON is not an object", at: FileLocation(path: path)) }
        return try spec(root, subspecName: nil, path: path)
    }

    static let platforms = ["ios", "osx", "tvos", "watchos", "visionos"]

    func spec(_ object: [String: JSONNode], subspecName: String?, path: String) throws -> PodSpec {
        let location = FileLocation(path: path)
        var spec = PodSpec(subspecName: subspecName, location: location)
        for key in object.keys.sorted() {
            guard let raw = object[key] else { continue }
            switch key {
            case "subspecs", "testspecs":
                guard case .array(let items) = raw else { throw InputError("'\(key)' is not an array", at: location) }
                for item in items {
                    guard case .object(let child) = item, case .string(let name)? = child["name"] else {
                        throw InputError("a \(key == "subspecs" ? "subspec" : "test spec") without a name", at: location)
                    }
                    let read = try self.spec(child, subspecName: name, path: path)
                    if key == "subspecs" { spec.subspecs.append(read) } else { spec.testSpecs.append(read) }
                }
            case "dependencies":
                spec.dependencies += try dependencies(raw, platform: nil, location: location)
            case _ where Self.platforms.contains(key):
                guard case .object(let section) = raw else { throw InputError("'\(key)' is not an object of attributes", at: location) }
                for (scoped, value) in section.sorted(by: { $0.key < $1.key }) {
                    if scoped == "dependencies" {
                        spec.dependencies += try dependencies(value, platform: key, location: location)
                    } else {
                        spec.set("\(key).\(scoped)", value.value, at: location)
                    }
                }
            case "name" where subspecName != nil:
                continue
            default:
                spec.set(key, raw.value, at: location)
            }
        }
        return spec
    }

    func dependencies(_ raw: JSONNode, platform: String?, location: FileLocation) throws -> [PodDependency] {
        guard case .object(let hash) = raw else { throw InputError("'dependencies' is not an object of name to requirements", at: location) }
        return hash.keys.sorted().map { name in
            PodDependency(name: name, requirements: hash[name]?.value.strings ?? [], platform: platform, location: location)
        }
    }
}

/// Any JSON value, decoded with its types kept apart (a boolean is not a number).
indirect enum JSONNode: Decodable {
    case string(String), integer(Int), float(Double), bool(Bool), null, array([JSONNode]), object([String: JSONNode])

    init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var items: [JSONNode] = []
            while !list.isAtEnd { items.append(try list.decode(JSONNode.self)) }
            self = .array(items)
            return
        }
        if let keyed = try? decoder.container(keyedBy: Key.self) {
            var members: [String: JSONNode] = [:]
            for key in keyed.allKeys { members[key.stringValue] = try keyed.decode(JSONNode.self, forKey: key) }
            self = .object(members)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() { self = .null } else if let flag = try? single.decode(Bool.self) { self = .bool(flag) }
        else if let number = try? single.decode(Int.self) { self = .integer(number) } else if let number = try? single.decode(Double.self) { self = .float(number) }
        else { self = .string(try single.decode(String.self)) }
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Objects' members sorted by key: JSON objects have no order.
    var value: PodValue {
        switch self {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .float(let number): return .float(number)
        case .bool(let flag): return .bool(flag)
        case .null: return .null
        case .array(let items): return .array(items.map(\.value))
        case .object(let members): return .hash(members.keys.sorted().map { ($0, members[$0]?.value ?? .null) })
        }
    }
}
