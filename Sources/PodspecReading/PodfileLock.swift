import PackageModel
import Yams

/// What a `Podfile.lock` says CocoaPods resolved (its `PODS:` section): every pod the Podfile's targets reach, with the
/// pods each depends on. Names are pods' root names, lowercased (`Moya/RxSwift` is `moya`): what a subspec depends on
/// counts for its pod, which can only make a pod's closure larger.
public struct PodfileLock: Sendable, Equatable {
    /// By pod, the pods it depends on.
    public private(set) var dependencies: [String: Set<String>] = [:]
    /// By pod, its root name as the lock spells it (`Localize-Swift` for `localize-swift`).
    public private(set) var spellings: [String: String] = [:]

    /// Nil when the text is not YAML or has no `PODS:` list.
    public init?(text: String) {
        guard let yaml = try? Yams.load(yaml: text) as? [String: Any], let pods = yaml["PODS"] as? [Any] else { return nil }
        for entry in pods {
            if let written = entry as? String {
                add(written, needs: [])
            } else if let entry = entry as? [String: Any] {
                for (written, needs) in entry { add(written, needs: ((needs as? [Any]) ?? []).compactMap { ($0 as? String).map(Self.pod) }) }
            }
        }
    }

    private mutating func add(_ written: String, needs: [String]) {
        let pod = Self.pod(written)
        dependencies[pod, default: []].formUnion(needs)
        if spellings[pod] == nil { spellings[pod] = Self.rootName(written) }
    }

    /// The pod a line names: `Moya/RxSwift (15.0.0)` is `moya`.
    public static func pod(_ written: String) -> String {
        rootName(written).lowercased()
    }

    /// The root name a line names as written: `Moya/RxSwift (15.0.0)` is `Moya`.
    private static func rootName(_ written: String) -> String {
        let name = written.split(separator: " ", maxSplits: 1).first.map(String.init) ?? written
        return name.split(separator: "/", maxSplits: 1).first.map(String.init) ?? name
    }

    /// Whether CocoaPods resolved a pod of this name (any case, any subspec).
    public func knows(_ pod: String) -> Bool {
        dependencies[Self.pod(pod)] != nil
    }

    /// The resolved pod that builds `module` by CocoaPods' naming (`localize-swift` for `Localize_Swift`), the pod of
    /// that very name first; nil when none does. A pod whose podspec sets `module_name` is not found by it: the lock
    /// does not say so.
    public func pod(ofModule module: String) -> String? {
        let written = Self.pod(module)
        if dependencies[written] != nil { return written }
        return dependencies.keys.filter { ModuleName.of(pod: $0).lowercased() == written }.min()
    }

    /// The pods these bring, themselves included; the entries of `notExpanding` are not followed (a development pod's
    /// says what its podspec declared at the last `pod install`, which an edit since may have changed).
    public func closure(of pods: [String], notExpanding: Set<String> = []) -> Set<String> {
        var reached = Set(pods.map(Self.pod)), pending = Array(reached)
        while let next = pending.popLast() {
            if notExpanding.contains(next) { continue }
            for dependency in dependencies[next] ?? [] where reached.insert(dependency).inserted { pending.append(dependency) }
        }
        return reached
    }
}
