import Diagnostics
import Parallel
import SourceImports

/// Turns what the sources import into the graph's import facts (``ImportIndex``): an import of a local module the
/// importing target does not declare (directly) becomes an import edge, located at the first file that imports it,
/// which `upward`, `horizontal` and `implicit-dependency` then check. Optional imports (`#if canImport`), system
/// modules, `ignore`d modules and a target's own module are left out. A module of an outside package counts as declared
/// when a declared product provides it (from the package's manifest when its checkout was read, else a product of the
/// module's name); when a declared product of its package cannot be known, the import is not decided.
struct ImportResolution {
    let declared: DeclaredGraph

    func index(of facts: ImportFacts) -> ImportIndex {
        let context = Context(declared: declared, facts: facts)
        // Each target's imports are decided on their own: in slices on every core, joined in the targets' order.
        let targets = facts.targets
        let results = inSlices(of: targets.count, minimumSliceSize: 16, slicesPerCore: 16) { slice in
            slice.compactMap { index in self.result(targets[index], context: context) }
        }
        var imported: [Int: Set<String>] = [:], exported: [Int: Set<String>] = [:]
        imported.reserveCapacity(results.count)
        for result in results {
            if imported[result.from] == nil { imported[result.from] = result.imported } else { imported[result.from]?.formUnion(result.imported) }
            if !result.exported.isEmpty { exported[result.from, default: []].formUnion(result.exported) }
        }
        let index = ImportIndex(edges: results.flatMap(\.edges), undeclaredExternal: results.flatMap(\.external),
                                importedModules: sharedByModule(imported), reexports: reexports(exported), external: facts.external)
        releaseInBackground(results)
        return index
    }

    /// The subspecs of a pod build one module: what any of its targets imports, each of them imports.
    private func sharedByModule(_ imported: [Int: Set<String>]) -> [Int: Set<String>] {
        let targets = declared.sortedTargets
        var targetsOfModule: [ModuleKey: [Int]] = [:]
        for number in imported.keys { targetsOfModule[ModuleKey(package: targets[number].packageIndex, module: targets[number].module), default: []].append(number) }
        var shared = imported
        for numbers in targetsOfModule.values where numbers.count > 1 {
            let union = numbers.reduce(into: Set<String>()) { $0.formUnion(imported[$1] ?? []) }
            for number in numbers { shared[number] = union }
        }
        return shared
    }

    private func reexports(_ exported: [Int: Set<String>]) -> [String: Set<String>] {
        var byModule: [String: Set<String>] = [:]
        for (number, modules) in exported { byModule[declared.sortedTargets[number].module, default: []].formUnion(modules) }
        return byModule
    }

    /// What the resolution needs of the whole graph, built once.
    private struct Context: Sendable {
        var modules: [String: [GraphTarget]] = [:]
        /// Outside products by name, from every manifest's entries: the package some manifest declares each from.
        var externalProducts: [String: String] = [:]
        /// What each target declares of outside products. Without its package's manifest, a product's module is taken to
        /// be its name.
        var declaredExternal: [Int: [(package: String?, product: String)]] = [:]
        var facts: ImportFacts

        init(declared: DeclaredGraph, facts: ImportFacts) {
            self.facts = facts
            for target in declared.sortedTargets where !target.isTest { modules[target.module, default: []].append(target) }
            for edge in declared.edges {
                guard case let .external(package, product) = edge.to else { continue }
                if let package, externalProducts[product] == nil { externalProducts[product] = package }
                declaredExternal[edge.fromNumber, default: []].append((package, product))
            }
        }

        func isLeftOut(_ use: SourceImportUse, by target: GraphTarget) -> Bool {
            use.isOptional || use.module == target.module || facts.systemModules.contains(use.module)
                || facts.ignore.contains(where: { $0.matches(use.module) })
        }
    }

    /// One target's undeclared imports, and every module its files import or re-export.
    private struct Result: Sendable {
        var from: Int
        var edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]
        var external: [UndeclaredExternalImport]
        var imported: Set<String>
        var exported: Set<String>
    }

    private func result(_ targetImports: TargetImports, context: Context) -> Result? {
        guard let from = declared.target(TargetID(package: targetImports.package, name: targetImports.target)) else { return nil }
        var local = LocalImports(declared: Set(declared.successors[from.number])), external = ExternalImports()
        var imported: Set<String> = [], exported: Set<String> = []
        for use in targetImports.uses {
            imported.insert(use.module)
            if use.isExported { exported.insert(use.module) }
            guard !context.isLeftOut(use, by: from) else { continue }
            if let candidates = context.modules[use.module] {
                local.add(use, candidates: candidates, from: from)
            } else {
                external.add(use, from: from, context: context)
            }
        }
        return Result(from: from.number, edges: local.edges(from: from, targets: declared.sortedTargets), external: external.imports(from: from),
                      imported: imported, exported: exported)
    }

    /// A target's imports of local modules it does not declare, by the target imported, in the order first imported.
    private struct LocalImports {
        /// The local targets the importing target declares, by number.
        let declared: Set<Int>
        var uses: [Int: [SourceImportUse]] = [:]
        var order: [Int] = []

        mutating func add(_ use: SourceImportUse, candidates: [GraphTarget], from: GraphTarget) {
            guard !candidates.contains(where: { declared.contains($0.number) }) else { return }
            let to = candidates.first { $0.id.package == from.id.package } ?? candidates[0]
            if uses[to.number] == nil { order.append(to.number) }
            uses[to.number, default: []].append(use)
        }

        func edges(from: GraphTarget, targets: [GraphTarget]) -> [(edge: Edge, from: GraphTarget, to: GraphTarget)] {
            order.compactMap { number in
                guard let uses = uses[number], let first = uses.first else { return nil }
                let to = targets[number]
                let edge = Edge(from: from.id, to: .target(to.id), written: "import \(first.module)", location: first.location,
                                fromNumber: from.number, toNumber: number, viaImport: true, otherLocations: uses.dropFirst().map(\.location))
                return (edge, from, to)
            }
        }
    }

    /// A target's imports of outside modules it does not declare, by the product that provides them.
    private struct ExternalImports {
        struct Key: Hashable {
            var package: String
            var product: String
            var module: String
        }

        var uses: [Key: [SourceImportUse]] = [:]
        var order: [Key] = []

        mutating func add(_ use: SourceImportUse, from: GraphTarget, context: Context) {
            guard let key = undeclaredProduct(use.module, from: from, context: context) else { return }
            if uses[key] == nil { order.append(key) }
            uses[key, default: []].append(use)
        }

        /// The product that provides `module` when the target does not declare it; nil when it does, when that cannot
        /// be decided, or when no outside package is known to provide the module.
        private func undeclaredProduct(_ module: String, from: GraphTarget, context: Context) -> Key? {
            let outside = context.facts.external
            let mine = context.declaredExternal[from.number] ?? []
            let owners = outside.owners(of: module)
            if let owner = owners.first(where: { $0.product == module }) ?? owners.first {
                var decided = true
                let declares = mine.contains { entry in
                    guard let provided = outside.modules(ofProduct: entry.product, package: entry.package) else {
                        if entry.package == nil || owners.contains(where: { $0.package == entry.package }) { decided = false }
                        return false
                    }
                    return provided.contains(module) || provided.contains { outside.exports(of: $0).contains(module) }
                }
                return declares || !decided ? nil : Key(package: owner.package, product: owner.product, module: module)
            }
            guard let package = context.externalProducts[module] else { return nil }
            // Undecidable when the target declares another product of that package (it may hold the module), or a
            // product by bare name (its package is not known).
            guard !mine.contains(where: { $0.product == module || $0.package == package || $0.package == nil }) else { return nil }
            return Key(package: package, product: module, module: module)
        }

        func imports(from: GraphTarget) -> [UndeclaredExternalImport] {
            order.compactMap { key in
                guard let uses = uses[key], let first = uses.first else { return nil }
                return UndeclaredExternalImport(from: from, module: key.module, product: key.product, package: key.package, location: first.location,
                                                otherLocations: uses.dropFirst().map(\.location))
            }
        }
    }

    /// A module of one package (a pod's subspecs share one).
    private struct ModuleKey: Hashable {
        var package: Int
        var module: String
    }
}
