import DependencyGraph
import Output

/// What `componentize why` prints: the chain of dependencies from one component or target to another, as text or JSON.
public struct ChainReporter: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, json
    }

    public var from: String
    public var to: String

    public init(from: String, to: String) {
        self.from = from
        self.to = to
    }

    /// The chain, or what says there is none.
    public func render(_ chain: DependencyChain?, format: Format) -> String {
        switch format {
        case .json:
            let steps: [JSONValue] = (chain?.steps ?? []).map { step in
                .object([
                    ("from", .string(step.from.id.name)), ("to", .string(step.to.id.name)), ("kind", .string(step.kind.rawValue)),
                    ("written", .string(step.written)), ("file", .string(step.location.path)),
                    ("line", step.location.line.map(JSONValue.int) ?? .null), ("column", step.location.column.map(JSONValue.int) ?? .null),
                ])
            }
            let outside: JSONValue = chain?.outside.map { step in
                .object([
                    ("from", .string(step.from.id.name)), ("package", step.package.map(JSONValue.string) ?? .null), ("product", .string(step.product)),
                    ("written", .string(step.written)), ("file", .string(step.location.path)),
                    ("line", step.location.line.map(JSONValue.int) ?? .null), ("column", step.location.column.map(JSONValue.int) ?? .null),
                ])
            } ?? .null
            return JSONValue.object([("from", .string(from)), ("to", .string(to)), ("found", .bool(chain != nil)), ("steps", .array(steps)),
                                     ("outside", outside)]).rendered()
        case .text:
            guard let chain else { return "\(from) does not depend on \(to), directly or through anything else" }
            var lines = chain.steps.isEmpty && chain.outside == nil ? ["\(from) is \(to)"] : []
            let outside = chain.outside.map { ["\($0.product) (outside\($0.package.map { ", package " + $0 } ?? ""))"] } ?? []
            lines.append(([from] + chain.steps.map(\.to.id.name) + outside).joined(separator: " → "))
            for step in chain.steps {
                let entry = step.kind == .import ? step.written : step.kind == .mediator ? "calls \(step.written) through a mediator" : "\(step.kind.rawValue) \(step.written)"
                lines.append("  \(step.from.id.name) → \(step.to.id.name)  \(entry)  \(step.location)")
            }
            if let step = chain.outside {
                lines.append("  \(step.from.id.name) → \(step.product)  product \(step.written)  \(step.location)")
            }
            return lines.joined(separator: "\n")
        }
    }
}
