import Foundation

/// BeeHive's service registrations in a property list (`BHService.plist`): an array of `{service: Protocol, impl:
/// Class}` dictionaries, or such an array under any key. Each registration provides its protocol, located at the line
/// of its `service` value in an XML list (a binary list has no lines: line 1).
enum ServicePlist {
    static func facts(in bytes: [UInt8]?) -> [WiringFact] {
        guard let bytes, let list = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) else { return [] }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        return registrations(in: list).map { service in
            let line = lines.firstIndex { $0.contains("<string>\(service)</string>") }.map { $0 + 1 } ?? 1
            let column = line > 1 ? (lines[line - 1].range(of: "<string>").map { lines[line - 1].distance(from: lines[line - 1].startIndex, to: $0.lowerBound) + 1 } ?? 1) : 1
            return WiringFact(role: .provides, mechanism: .service, api: "BHService.plist", name: .literal(service), line: line, column: column)
        }
    }

    /// The `service` names of every registration, in order.
    private static func registrations(in list: Any) -> [String] {
        if let entries = list as? [Any] {
            return entries.compactMap { ($0 as? [String: Any])?["service"] as? String }
        }
        if let dictionary = list as? [String: Any] {
            return dictionary.keys.sorted().flatMap { registrations(in: dictionary[$0] as Any) }
        }
        return []
    }
}
