/// What the text of a podspec no reader could evaluate still states: a pod named like its file, whose text never
/// mentions `module_name`, `header_dir` or `module_map`, builds its name's module (``ModuleName/of(pod:declared:)``);
/// and the pods its `dependency` lines name, when each names one in a plain string.
public struct PlainPod: Sendable, Hashable {
    /// The pod's name: its podspec's file name (`DTProto` for `DTProto.podspec`).
    public var name: String
    /// The pods its `dependency` lines name, by root name lowercased (as ``PodfileLock`` names them).
    public var dependencies: Set<String>

    /// Nil when the file is no `.podspec`, its text cannot be split into Ruby tokens, mentions how its module is named,
    /// or has a `dependency` whose pod is not a plain string.
    public init?(podspec path: String, text: String) {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        guard file.hasSuffix(".podspec"), file.count > ".podspec".count,
              !["module_name", "header_dir", "module_map"].contains(where: text.contains),
              let tokens = try? RubyLexer.tokens(of: text) else { return nil }
        name = String(file.dropLast(".podspec".count))
        dependencies = []
        for index in tokens.indices where tokens[index].kind == .identifier("dependency") {
            var next = index + 1
            if next < tokens.count, tokens[next].kind == .punctuation("(") { next += 1 }
            guard next < tokens.count, case .string(let parts) = tokens[next].kind, parts.count == 1,
                  case .text(let pod) = parts[0] else { return nil }
            dependencies.insert(PodfileLock.pod(pod))
        }
    }

    /// Whether the lock lists the pod with every pod its text depends on: its entry is then what the pod brings (the
    /// text cannot say more).
    public func isStated(by lock: PodfileLock) -> Bool {
        guard let listed = lock.dependencies[PodfileLock.pod(name)] else { return false }
        return dependencies.isSubset(of: listed)
    }
}
