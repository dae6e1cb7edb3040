import Discovery

extension ImportResolution {
    /// Each target's resolution as one graph decided it, kept for a graph of the same sources with planned manifests in
    /// place of some (what `fix` checks before writing): a target is decided the same when nothing it is decided from
    /// changed (``stale(under:numbers:)``), so only the edited packages' targets, and those whose declared dependencies,
    /// pods or host changed, are decided again.
    struct Resolved: Sendable {
        let context: Context
        /// Each target read's number, by the order of the facts' targets.
        let numbers: [Int?]
        /// Each target read's result, by the same order.
        let results: [Result?]

        /// By the order of the facts' targets, whether the target must be decided again under `new`; nil when no result
        /// can be reused: the targets, their numbers or modules, a package's products, or what every target's decision
        /// reads (outside products by module, unreadable paths, umbrellas, re-exports, vendored frameworks) differ.
        func stale(under new: Context, numbers newNumbers: [Int?]) -> [Bool]? {
            let old = context
            let oldTargets = old.declared.sortedTargets, newTargets = new.declared.sortedTargets
            let oldPackages = old.declared.workspace.packages, newPackages = new.declared.workspace.packages
            guard numbers == newNumbers, results.count == newNumbers.count, old.facts.targets.count == new.facts.targets.count,
                  oldTargets.count == newTargets.count, zip(oldTargets, newTargets).allSatisfy({ Self.sameNode($0, $1) }),
                  oldPackages.count == newPackages.count,
                  zip(oldPackages, newPackages).allSatisfy({ $0.relativeDirectory == $1.relativeDirectory && $0.manifest.products == $1.manifest.products }),
                  Self.sameWhole(old, new) else { return nil }
            let edited = Set(oldPackages.indices.filter { oldPackages[$0].manifest != newPackages[$0].manifest })
            let outsideChanged = Set(newTargets.indices.filter { old.declaredOutside[$0] != new.declaredOutside[$0] })
            let staleNumbers = newTargets.indices.map { number in
                edited.contains(newTargets[number].packageIndex) || outsideChanged.contains(number)
                    || old.declared.successors[number] != new.declared.successors[number]
                    || old.podClosure[number] != new.podClosure[number] || old.hosted[number] != new.hosted[number]
                    || old.umbrellaOutside[number] != new.umbrellaOutside[number]
                    || ((new.podClosure[number] ?? []) + (new.hosted[number] ?? [])).contains(where: outsideChanged.contains)
            }
            return newNumbers.map { number in number.map { staleNumbers[$0] } ?? false }
        }

        /// Whether two graphs' targets of one number are the same node as a decision sees it (its place in the layers
        /// and in its manifest may differ: a reused result is given the new graph's target, ``reused(_:in:)``).
        private static func sameNode(_ old: GraphTarget, _ new: GraphTarget) -> Bool {
            old.id == new.id && old.number == new.number && old.module == new.module && old.isTest == new.isTest
                && old.packageIndex == new.packageIndex && old.packageName == new.packageName && old.type == new.type
                && old.productKind == new.productKind && old.packageKind == new.packageKind
        }

        /// Whether what every target's decision reads of the whole graph is the same in both contexts.
        private static func sameWhole(_ old: Context, _ new: Context) -> Bool {
            old.unreadPaths == new.unreadPaths && old.plainPods == new.plainPods && old.outsidePods == new.outsidePods && old.localPods == new.localPods && old.withoutFiles == new.withoutFiles
                && old.podsWithoutFiles == new.podsWithoutFiles && old.otherRepositories == new.otherRepositories
                && old.umbrellaExports == new.umbrellaExports && old.localReexports == new.localReexports && old.vendored == new.vendored
                && old.externalProducts.count == new.externalProducts.count
                && old.externalProducts.allSatisfy { module, provider in
                    new.externalProducts[module].map { $0.package == provider.package && $0.product == provider.product } ?? false
                }
        }

        /// A result of the old graph with the new graph's targets in place of its own (same numbers).
        static func reused(_ result: Result, in targets: [GraphTarget]) -> Result {
            var result = result
            result.edges = result.edges.map { ($0.edge, targets[$0.from.number], targets[$0.to.number]) }
            result.external = result.external.map { var external = $0; external.from = targets[external.from.number]; return external }
            result.undecided = result.undecided.map { var undecided = $0; undecided.from = targets[undecided.from.number]; return undecided }
            return result
        }
    }
}
