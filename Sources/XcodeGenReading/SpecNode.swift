import Foundation
import Diagnostics
import Paths
import Yams

/// One value of an XcodeGen spec with where it was written: the file (absolute), its line and column, and the folder its
/// relative paths start from (the file's own folder for a file included with `relativePaths`, else the main spec's).
struct SpecNode: Sendable {
    enum Value: Sendable {
        case scalar(String)
        case sequence([SpecNode])
        /// In the file's order; keys are unique.
        case mapping([(key: String, node: SpecNode)])
    }

    /// Where a value was written.
    struct Origin: Sendable, Hashable {
        var file: String
        var line: Int
        var column: Int
        /// The folder a relative path written here starts from.
        var base: String
    }

    var value: Value
    var origin: Origin

    var string: String? {
        if case .scalar(let text) = value { return text }
        return nil
    }

    var entries: [(key: String, node: SpecNode)]? {
        if case .mapping(let entries) = value { return entries }
        return nil
    }

    var items: [SpecNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    subscript(key: String) -> SpecNode? {
        entries?.first { $0.key == key }?.node
    }

    /// The origin of the entry `key` (its key's place), when the node is a mapping that has it.
    func keyOrigin(_ key: String) -> Origin? {
        self[key]?.origin
    }

    /// YAML 1.1's words for true, as XcodeGen's YAML reader takes them.
    var bool: Bool? {
        guard let text = string?.lowercased() else { return nil }
        if ["true", "yes", "on"].contains(text) { return true }
        if ["false", "no", "off"].contains(text) { return false }
        return nil
    }

    /// A string, or each string of a sequence of strings.
    var strings: [SpecNode] {
        if string != nil { return [self] }
        return (items ?? []).filter { $0.string != nil }
    }

    func location(shownAs shown: (String) -> String) -> FileLocation {
        FileLocation(path: shown(origin.file), line: origin.line, column: origin.column)
    }

    /// Every scalar with `text` replaced by `replacement` (XcodeGen's `${target_name}` and template attributes).
    func replacing(_ text: String, with replacement: String) -> SpecNode {
        var copy = self
        switch value {
        case .scalar(let string):
            if string.contains(text) { copy.value = .scalar(string.replacingOccurrences(of: text, with: replacement)) }
        case .sequence(let items):
            copy.value = .sequence(items.map { $0.replacing(text, with: replacement) })
        case .mapping(let entries):
            copy.value = .mapping(entries.map { ($0.key, $0.node.replacing(text, with: replacement)) })
        }
        return copy
    }
}

extension SpecNode {
    /// The spec tree of a YAML (or JSON) node: anchors resolved by Yams, merge keys (`<<: *base`) merged in.
    init(_ node: Yams.Node, file: String, base: String) {
        let mark = node.mark
        let origin = Origin(file: file, line: mark?.line ?? 1, column: mark?.column ?? 1, base: base)
        switch node {
        case .scalar(let scalar):
            self.init(value: .scalar(scalar.string), origin: origin)
        case .sequence(let sequence):
            self.init(value: .sequence(sequence.map { SpecNode($0, file: file, base: base) }), origin: origin)
        case .mapping(let mapping):
            var merged: [(key: String, node: SpecNode)] = []
            var own: [(key: String, node: SpecNode)] = []
            for (key, value) in mapping {
                let name = key.scalar?.string ?? ""
                if name == "<<" {
                    let sources = value.sequence.map { Array($0) } ?? [value]
                    for source in sources {
                        for entry in SpecNode(source, file: file, base: base).entries ?? [] where !merged.contains(where: { $0.key == entry.key }) {
                            merged.append(entry)
                        }
                    }
                    continue
                }
                var child = SpecNode(value, file: file, base: base)
                // A key's place is where the entry is written; the value's own place is kept for scalars.
                if let keyMark = key.mark, child.string == nil || value.mark == nil {
                    child.origin.line = keyMark.line
                    child.origin.column = keyMark.column
                }
                own.removeAll { $0.key == name }
                own.append((name, child))
            }
            let entries = merged.filter { entry in !own.contains { $0.key == entry.key } } + own
            self.init(value: .mapping(entries), origin: origin)
        case .alias:
            self.init(value: .scalar(""), origin: origin)
        }
    }

    /// XcodeGen's additive merge of `self` onto `base`: mappings merged key by key, sequences appended, anything else
    /// replaced; a key ending in `:REPLACE` replaces the value whole.
    func merged(onto base: SpecNode) -> SpecNode {
        guard case .mapping(let own) = value, case .mapping(var result) = base.value else { return self }
        for (key, node) in own {
            if key.hasSuffix(":REPLACE") {
                let name = String(key.dropLast(":REPLACE".count))
                set(&result, name, node)
                continue
            }
            guard let index = result.firstIndex(where: { $0.key == key }) else {
                result.append((key, node))
                continue
            }
            let existing = result[index].node
            switch (existing.value, node.value) {
            case (.mapping, .mapping):
                result[index].node = node.merged(onto: existing)
            case (.sequence(let before), .sequence(let after)):
                var appended = node
                appended.value = .sequence(before + after)
                result[index].node = appended
            default:
                result[index].node = node
            }
        }
        var merged = base
        merged.value = .mapping(result)
        return merged
    }

    private func set(_ entries: inout [(key: String, node: SpecNode)], _ key: String, _ node: SpecNode) {
        if let index = entries.firstIndex(where: { $0.key == key }) { entries[index].node = node } else { entries.append((key, node)) }
    }

    /// A relative path written here, resolved from its base: absolute, `.` and `..` removed.
    func path(_ written: String) -> String {
        PathArithmetic.resolve(written, from: origin.base)
    }
}
