import Discovery
import ManifestReading
import SourceImports

extension ImportResolution {
    /// What the resolution needs of the whole graph, built once.
    struct Context: Sendable {
        var modules: [String: [GraphTarget]] = [:]
        /// Outside products by the module they build (`ESTabBarController_swift` for pod `ESTabBarController-swift`), from
        /// every manifest's entries: the product and the package some manifest declares it from.
        var externalProducts: [String: (package: String, product: String)] = [:]
        /// What each target declares of outside packages and of packages that cannot be read.
        var declaredOutside: [Int: [Edge.Destination]] = [:]
        /// Why each package a path leads to cannot be read, by identity.
        var unreadPaths: [String: UnreadPackage.Reason] = [:]
        /// Those of them that are another repository's code (a git submodule not checked out, a folder a script fetches):
        /// they may provide outside modules, not re-export this repository's.
        var otherRepositories: Set<String> = []
        /// For each unit-test bundle injected into an application (`TEST_HOST`), by number: what is linked into that
        /// host (the host, the local targets it depends on and theirs), which the bundle sees as its own.
        var hosted: [Int: [Int]] = [:]
        var facts: ImportFacts

        init(declared: DeclaredGraph, facts: ImportFacts) {
            self.facts = facts
            for target in declared.sortedTargets where !target.isTest { modules[target.module, default: []].append(target) }
            for edge in declared.edges {
                switch edge.to {
                case .external(let package, let product):
                    let module = DependencyGraph.moduleName(of: product.split(separator: "/").first.map(String.init) ?? product)
                    if let package, externalProducts[module] == nil { externalProducts[module] = (package, product) }
                    declaredOutside[edge.fromNumber, default: []].append(edge.to)
                case .unavailable:
                    declaredOutside[edge.fromNumber, default: []].append(edge.to)
                case .target, .unresolved:
                    continue
                }
            }
            for missing in declared.workspace.missing {
                let identity = PackageDependency.identity(forLocation: missing.directory)
                unreadPaths[identity] = .missing(missing.written)
                if missing.isExpectedAbsent { otherRepositories.insert(identity) }
            }
            for unreadable in declared.workspace.unreadable {
                unreadPaths[PackageDependency.identity(forLocation: unreadable.directory)] = .unreadable
            }
            for (index, package) in declared.workspace.packages.enumerated() where package.isXcodeProject {
                for target in package.manifest.targets {
                    guard let host = target.host, let test = declared.numbering.number(of: target.name, inPackage: index),
                          let hostNumber = declared.numbering.number(of: host, inPackage: index) else { continue }
                    hosted[test] = Self.closure(of: hostNumber, in: declared.successors)
                }
            }
        }

        /// A target and every local target it depends on, directly or not, in the order reached.
        static func closure(of start: Int, in successors: [[Int]]) -> [Int] {
            var reached = [start], seen: Set<Int> = [start], next = 0
            while next < reached.count {
                for successor in successors[reached[next]] where seen.insert(successor).inserted { reached.append(successor) }
                next += 1
            }
            return reached
        }

        /// The local targets a target's imports may name without an edge of their own: those it declares, and for a
        /// hosted unit-test bundle everything linked into its host (Xcode builds them into the folder the bundle is
        /// compiled against, and the bundle runs inside the host: linking one again would link a static product twice).
        func declaredTargets(of target: GraphTarget, in declared: DeclaredGraph) -> Set<Int> {
            Set(declared.successors[target.number]).union(hosted[target.number] ?? [])
        }

        /// What an import of `module` by `target` is, whatever file imports it (an optional import is left out apart).
        func decision(for module: String, by target: GraphTarget) -> ModuleDecision {
            if module == target.module || facts.systemModules.contains(module) || facts.ignore.contains(where: { $0.matches(module) }) { return .leftOut }
            return modules[module].map { .local($0) } ?? .external
        }

        /// What a target's declared outside entries let it import, and the packages that cannot be read among them.
        func provisions(of target: GraphTarget) -> Provisions {
            var provisions = Provisions()
            let destinations = (declaredOutside[target.number] ?? []) + (hosted[target.number] ?? []).flatMap { declaredOutside[$0] ?? [] }
            for destination in destinations {
                switch destination {
                case .external(let package, let product):
                    provisions.add(product: product, package: package, facts: facts)
                case .unavailable(let package, let product):
                    provisions.products.insert(DependencyGraph.moduleName(of: product))
                    let reason = unreadPaths[package] ?? .unreadable
                    provisions.addUnread(UnreadPackage(package: package, reason: reason), isPath: !otherRepositories.contains(package))
                    provisions.unreadProducts[product] = UnreadPackage(package: package, reason: reason)
                case .target, .unresolved:
                    continue
                }
            }
            return provisions
        }

        /// The outside product that provides `module`, for a target that declares none that does: from the checkouts
        /// read (the product named like the module first), else a product of that name another manifest declares.
        func provider(of module: String) -> ImportResolution.ExternalImports.Key? {
            let owners = facts.external.owners(of: module)
            if let owner = owners.first(where: { $0.product == module }) ?? owners.first {
                return .init(package: owner.package, product: owner.product, module: module)
            }
            return externalProducts[module].map { .init(package: $0.package, product: $0.product, module: module) }
        }
    }

    /// What a target may import through its declared outside products.
    struct Provisions: Sendable {
        /// Modules known to be provided (the products' modules and what they re-export).
        var known: Set<String> = []
        /// The modules of the products themselves, by name: importing one is declaring it, whatever its package holds.
        var products: Set<String> = []
        /// Packages whose products' modules cannot be known, sorted.
        var unread: [UnreadPackage] = []
        /// Those of them a `.package(path:)` leads to: one may re-export a local module.
        var unreadPaths: [UnreadPackage] = []

        /// The products the target names whose package cannot be read, by name, with that package: an import of a local
        /// module such a product may hold is undecided, never a finding (the report cannot call it both).
        var unreadProducts: [String: UnreadPackage] = [:]

        func declare(_ module: String) -> Bool {
            known.contains(module) || products.contains(module)
        }

        mutating func add(product: String, package: String?, facts: ImportFacts) {
            let outside = facts.external
            products.insert(DependencyGraph.moduleName(of: product))
            if let modules = outside.modules(ofProduct: product, package: package) {
                known.formUnion(modules)
                for module in modules { known.formUnion(outside.exports(of: module)) }
            } else if facts.reexports[DependencyGraph.moduleName(of: product)] != nil {
                known.formUnion(Self.reexported(by: DependencyGraph.moduleName(of: product), in: facts.reexports))
            } else {
                let unread = UnreadPackage(package: package ?? product, reason: package == nil ? .productByName : .notCheckedOut)
                addUnread(unread, isPath: false)
                unreadProducts[product] = unread
            }
        }

        /// What a module re-exports by the table, and what those re-export, and so on.
        static func reexported(by module: String, in table: [String: Set<String>]) -> Set<String> {
            var found: Set<String> = []
            var pending = Array(table[module] ?? [])
            while let next = pending.popLast() {
                guard found.insert(next).inserted else { continue }
                pending += table[next] ?? []
            }
            return found
        }

        mutating func addUnread(_ package: UnreadPackage, isPath: Bool) {
            if !unread.contains(package) { unread.append(package); unread.sort() }
            if isPath, !unreadPaths.contains(package) { unreadPaths.append(package); unreadPaths.sort() }
        }
    }
}

/// How an imported module is resolved for one importing target.
enum ModuleDecision {
    /// Its own module, a system module or an ignored one.
    case leftOut
    /// Local targets building it, in their order.
    case local([GraphTarget])
    /// Not built here: an outside product's, or nobody's.
    case external
}
