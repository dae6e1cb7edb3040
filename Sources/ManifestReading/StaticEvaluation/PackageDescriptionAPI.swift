import SwiftEvaluation
import Diagnostics
import PackageModel

/// PackageDescription's own declarations (generated from the toolchain's symbol graphs), so that the static reader
/// refuses a call the compiler refuses when SwiftPM builds the manifest: a misspelt or unknown argument label, an
/// argument out of order, one that belongs to another call, one the manifest's tools version does not have yet.
enum PackageDescriptionAPI {
    struct Parameter: Equatable {
        /// nil when the parameter is unlabeled (`_`).
        var label: String?
        var hasDefault: Bool
        var isVariadic: Bool
    }

    struct Signature {
        var type: String
        var member: String
        var parameters: [Parameter]
        var introduced: ToolsVersion?
        var obsoleted: ToolsVersion?
        /// SwiftPM's own words on what replaced an obsolete declaration.
        var message: String?

        init(_ type: String, _ member: String, _ parameters: String, introduced: String?, obsoleted: String?, message: String?) {
            self.message = message
            self.type = type
            self.member = member
            self.parameters = parameters.split(separator: " ").map { word in
                let name = word.replacingOccurrences(of: "=", with: "").replacingOccurrences(of: "...", with: "")
                return Parameter(label: name == "_" ? nil : name, hasDefault: word.contains("="), isVariadic: word.contains("..."))
            }
            self.introduced = introduced.flatMap { ToolsVersion(string: $0) }
            self.obsoleted = obsoleted.flatMap { ToolsVersion(string: $0) }
        }

        func isAvailable(at version: ToolsVersion) -> Bool {
            (introduced.map { version >= $0 } ?? true) && (obsoleted.map { version < $0 } ?? true)
        }

        /// Whether the labels bind to the parameters in order, every parameter left out having a default.
        func accepts(_ labels: [String?]) -> Bool {
            var index = 0
            for parameter in parameters {
                if index < labels.count, labels[index] == parameter.label {
                    index += 1
                    while parameter.isVariadic, index < labels.count, labels[index] == nil { index += 1 }
                } else if !parameter.hasDefault {
                    return false
                }
            }
            return index == labels.count
        }

        var labels: [String] { parameters.compactMap(\.label) }
    }

    /// Why the compiler refuses the call: the message and the argument it is about (nil: the call itself).
    struct Refusal: Equatable {
        var message: String
        var argument: Int?
    }

    /// Why no declaration of `type.member` that `version` has accepts `labels`; nil when one does, or when
    /// PackageDescription declares no such member (a construct this check does not judge).
    static func refusal(of member: String, on type: String, labels: [String?], at version: ToolsVersion) -> Refusal? {
        guard let all = byMember[type + "." + member], !all.contains(where: { $0.isAvailable(at: version) && $0.accepts(labels) }) else { return nil }
        let available = all.filter { $0.isAvailable(at: version) }
        let call = display(type: type, member: member)
        return unknownLabel(in: labels, of: all, call: call)
            ?? duplicate(in: labels, call: call)
            ?? versionRefusal(all.filter { $0.accepts(labels) }, call: call, labels: labels, version: version)
            ?? orderOrMissing(labels, available.isEmpty ? all : available, call: call)
    }

    /// The signatures by `Type.member`, looked up once a decoded call.
    static let byMember: [String: [Signature]] = Dictionary(grouping: signatures) { $0.type + "." + $0.member }

    /// `.target(…)`, `Package(…)`.
    static func display(type: String, member: String) -> String {
        member == "init" ? "\(type)(…)" : ".\(member)(…)"
    }

    private static func unknownLabel(in labels: [String?], of all: [Signature], call: String) -> Refusal? {
        let known = Set(all.flatMap(\.labels))
        for (index, label) in labels.enumerated() {
            guard let label else {
                if !all.contains(where: { $0.parameters.contains { $0.label == nil } }) {
                    return Refusal(message: "an argument of \(call) has no label; its arguments are \(sortedList(known))", argument: index)
                }
                continue
            }
            guard !known.contains(label) else { continue }
            if let nearest = EditDistance.nearest(to: label, in: all.flatMap(\.labels)) {
                return Refusal(message: "\(call) has no argument '\(label)'; did you mean '\(nearest)'?", argument: index)
            }
            let owners = signatures.filter { $0.labels.contains(label) }.map { display(type: $0.type, member: $0.member) }
            if let owner = owners.first {
                return Refusal(message: "'\(label)' is an argument of \(owner), not of \(call)", argument: index)
            }
            return Refusal(message: "\(call) has no argument '\(label)'; its arguments are \(sortedList(known))", argument: index)
        }
        return nil
    }

    private static func duplicate(in labels: [String?], call: String) -> Refusal? {
        var seen: Set<String> = []
        for (index, label) in labels.enumerated() {
            guard let label else { continue }
            if !seen.insert(label).inserted { return Refusal(message: "argument '\(label)' is given twice in \(call)", argument: index) }
        }
        return nil
    }

    /// Declarations that would accept the call at another tools version.
    private static func versionRefusal(_ accepting: [Signature], call: String, labels: [String?], version: ToolsVersion) -> Refusal? {
        guard !accepting.isEmpty else { return nil }
        let written = String(call.dropLast(3)) + "(" + labels.map { ($0 ?? "_") + ":" }.joined() + ")"
        if let introduced = accepting.compactMap(\.introduced).filter({ $0 > version }).min() {
            return Refusal(message: "\(written) needs swift-tools-version \(introduced) or later; this manifest declares \(version)", argument: nil)
        }
        let obsolete = accepting.filter { $0.obsoleted.map { $0 <= version } ?? false }
        if let obsoleted = obsolete.compactMap(\.obsoleted).max() {
            let why = obsolete.first { $0.obsoleted == obsoleted && $0.message != nil }?.message.map { " (\($0))" } ?? ""
            return Refusal(message: "\(written) is obsolete from swift-tools-version \(obsoleted)\(why); this manifest declares \(version)", argument: nil)
        }
        return nil
    }

    /// All labels are known: one is out of order, or a required one is missing.
    private static func orderOrMissing(_ labels: [String?], _ candidates: [Signature], call: String) -> Refusal {
        let named = labels.compactMap { $0 }
        for signature in candidates where Set(named).isSubset(of: signature.labels) {
            let order = named.compactMap { signature.labels.firstIndex(of: $0) }
            if let out = order.indices.dropFirst().first(where: { order[$0] < order[$0 - 1] }),
               let index = labels.firstIndex(of: named[out]) {
                return Refusal(message: "argument '\(named[out])' must precede argument '\(named[out - 1])' in \(call)", argument: index)
            }
        }
        let missing = candidates.map { signature in
            signature.parameters.filter { !$0.hasDefault && !($0.label.map(named.contains) ?? true) }.compactMap(\.label)
        }.filter { !$0.isEmpty }.min { $0.count < $1.count }
        if let missing {
            return Refusal(message: "\(call) needs the argument\(missing.count == 1 ? "" : "s") \(missing.map { "'\($0)'" }.joined(separator: ", "))", argument: nil)
        }
        return Refusal(message: "no form of \(call) takes (\(labels.map { ($0 ?? "_") + ":" }.joined()))", argument: nil)
    }

    private static func sortedList(_ labels: Set<String>) -> String {
        labels.sorted().joined(separator: ", ")
    }
}
