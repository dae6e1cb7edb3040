import Foundation

/// BeeHive's service registrations in a property list (`BHService.plist`): an array of `{service: Protocol, impl:
/// Class}` dictionaries, or such an array under any key. Each registration provides its protocol, located at the line
/// of its `service` value in an XML list (a binary list has no lines: line 1).
enum ServicePlist {
    static func facts(in bytes: [UInt8]?) -> [WiringFact] {
        guard let bytes, let list = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return registrations(in: list).map { service, implementation in
            let line = lines.firstIndex { $0.contains("<string>\(service)</string>") }.map { $0 + 1 } ?? 1
            let column = line > 1 ? (lines[line - 1].range(of: "<string>").map { lines[line - 1].distance(from: lines[line - 1].startIndex, to: $0.lowerBound) + 1 } ?? 1) : 1
            var fact = WiringFact(role: .provides, mechanism: .service, api: "BHService.plist", name: .literal(service), line: line, column: column)
            fact.className = implementation.map { .literal($0) }
            return fact
        }
    }

    /// The `service` names of every registration, with their `impl` classes, in order.
    private static func registrations(in list: Any) -> [(service: String, implementation: String?)] {
        if let entries = list as? [Any] {
            return entries.compactMap { entry in
                guard let entry = entry as? [String: Any], let service = entry["service"] as? String else { return nil }
                return (service, entry["impl"] as? String)
            }
        }
        if let dictionary = list as? [String: Any] {
            return dictionary.keys.sorted().flatMap { registrations(in: dictionary[$0] as Any) }
        }
        return []
    }
}
