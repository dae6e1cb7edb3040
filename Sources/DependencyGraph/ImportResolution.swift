import Diagnostics
import Discovery
import Parallel
import PodspecReading
import SourceImports

/// Turns what the sources import into the graph's import facts (``ImportIndex``).
///
/// An import of a local module the importing target does not declare (directly) becomes an import edge, located at the
/// first file that imports it, which `upward`, `horizontal` and `implicit-dependency` then check. Optional imports
/// (`#if canImport`), system modules, `ignore`d modules and a target's own module are left out.
///
/// An import of an outside module is declared when a declared product provides it: from the product's package's
/// manifest and sources when its checkout was read, else from the table of known re-exports, else the product's own
/// module. When a declared product's modules cannot be known (its package cannot be read), an import the target does not
/// otherwise declare is undecided, never a finding: ``UndecidedImport`` says which packages would decide it.
struct ImportResolution {
    let declared: DeclaredGraph

    /// `previous`: the resolution of a graph of the same sources whose manifests some planned ones replace; the targets
    /// nothing planned can change are not decided again (``Resolved/stale(under:numbers:)``).
    func index(of read: ImportFacts, entries: [ManifestEntry], previous: Resolved? = nil) -> ImportIndex {
        // Each target read is looked up once, by number.
        // (By position: a loop over the targets themselves copies each one.)
        let numbers = read.targets.indices.map { declared.target(TargetID(package: read.targets[$0].package, name: read.targets[$0].target))?.number }
        // Quoted includes of other components' headers are uses of their modules (or undecided).
        var facts = read
        let (targets, headersUndecided) = QuotedHeaders(read.targets, numbers: numbers, targets: declared.sortedTargets, successors: declared.successors,
                                                        outsidePods: QuotedHeaders.OutsidePods(declared))
            .resolved(read.targets, numbers: numbers)
        facts.targets = targets
        let localReexports = reexports(of: facts, numbers: numbers)
        let context = Context(declared: declared, facts: facts, numbers: numbers, localReexports: localReexports)
        let decided = decided(targets, numbers: numbers, context: context, previous: previous)
        let results = decided.compactMap { $0 }
        var imported: [Int: Set<String>] = [:]
        imported.reserveCapacity(results.count)
        for result in results {
            if imported[result.from] == nil { imported[result.from] = result.imported } else { imported[result.from]?.formUnion(result.imported) }
        }
        let importedModules = sharedByModule(imported), reexports = localReexports.merging(context.umbrellaExports) { $0.union($1) }
            .merging(context.wrappers.carriedModules(declared)) { $0.union($1) }
        var opacity = Opacity(declared: declared, imported: importedModules, context: context)
        var moduleMaps: [Int: [String]] = [:]
        // (By position: a loop over the targets themselves copies each one.)
        for index in facts.targets.indices {
            if let modules = facts.targets[index].moduleMapModules, let number = numbers[index] { moduleMaps[number] = modules }
        }
        // A target with no Swift or Objective-C file imports no module: its `#include`s name headers, and what it depends
        // on orders or links the build (an aggregate target, a C or C++ library). Its dependencies are not judged.
        let modular = Self.modularTargets(facts.targets, numbers: numbers, declared: declared)
        let interfaceModules = Self.interfaceModules(facts.targets, numbers: numbers)
        let hostedImports = Self.importsOfHostedTests(context.hosted, imported: importedModules)
        let registrars = Self.loadTimeRegistrars(facts.targets, numbers: numbers), headers = headerUses(facts.targets, numbers: numbers)
        let conformers = Set(zip(facts.targets, numbers).compactMap { imports, number in imports.registersConformances ? number : nil })
        // A target with an undecided import, or importing a module undecided for another (reached through its re-export).
        let undecidedModules = Set(results.flatMap { $0.undecided.map(\.module) })
        let undecidedTargets = Set(results.filter { !$0.undecided.isEmpty || !$0.imported.isDisjoint(with: undecidedModules) }.map(\.from))
        let unimported = UnimportedDependencies.find(declared, entries: entries, imported: importedModules.filter { modular.contains($0.key) },
                                                     reexports: reexports, external: facts.external,
                                                     headers: headers, moduleMaps: moduleMaps, byModule: context.modules,
                                                     withoutFiles: (context.withoutFiles, context.podsWithoutFiles), opaque: { opacity.modules(seenBy: $0) })
            // A module a storyboard or xib the target bundles names for a class (`customModule`) is loaded at run time.
            .filter { dependency in interfaceModules[dependency.from.number].map { $0.isDisjoint(with: dependency.modules) } ?? true }
            // An application links for the unit-test bundles it hosts too: they import what it links as their own.
            .filter { dependency in hostedImports[dependency.from.number].map { $0.isDisjoint(with: dependency.modules) } ?? true }
            // A library linked for what runs when it is loaded, or for the symbols another library it links uses.
            .filter { !Self.isLinkedForLoading($0, registrars: registrars, uses: (importedModules, headers), declared: declared) }
            // A module adding conformances of other modules' types to other modules' protocols: Swift finds them at run time.
            .filter { dependency in !dependency.targets.contains { conformers.contains($0.number) } }
            // A target whose build-tool plugin generates code: what that code imports is not on disk.
            .filter { !Self.appliesCodeGeneratingPlugin($0.from, declared: declared) }
            // A wrapper a library product exists to carry uses what it carries by carrying it.
            .filter { $0.targets.isEmpty || context.wrappers.carried[$0.from.number] == nil }
            // An import nothing read provides may enter the build through an outside package the dependency links.
            .filter { !Self.mayBringUndecided($0, undecided: undecidedTargets, context: context) }
        let index = ImportIndex(edges: results.flatMap(\.edges), undeclaredExternal: results.flatMap(\.external),
                                importedModules: importedModules, reexports: reexports, external: facts.external,
                                undecided: results.flatMap(\.undecided) + headersUndecided, unimported: unimported,
                                usesWithoutImport: [], resolution: facts.keepsResolution ? Resolved(context: context, numbers: numbers, results: decided) : nil)
        releaseInBackground(results)
        return index
    }

    /// By target number, the modules the storyboards and xibs it bundles name (`customModule`).
    static func interfaceModules(_ targets: [TargetImports], numbers: [Int?]) -> [Int: Set<String>] {
        var modules: [Int: Set<String>] = [:]
        for index in targets.indices where !targets[index].interfaceModules.isEmpty {
            guard let number = numbers[index] else { continue }
            modules[number, default: []].formUnion(targets[index].interfaceModules.map(\.module))
        }
        return modules
    }

    /// Build-tool plugins known to generate no source (they lint): a target applying only these is judged as any other.
    static let lintingPlugins: Set<String> = ["SwiftLintBuildToolPlugin", "SwiftLintPlugin", "SwiftFormatLintBuildToolPlugin"]

    /// Whether a package target applies a build-tool plugin that may generate Swift sources (any but those known only
    /// to lint): componentize does not run plugins, so what the generated files import cannot be known.
    static func appliesCodeGeneratingPlugin(_ target: GraphTarget, declared: DeclaredGraph) -> Bool {
        guard let plugins = declared.workspace.packages[target.packageIndex].manifest.target(named: target.id.name)?.plugins else { return false }
        return plugins.contains { !lintingPlugins.contains($0) }
    }

    /// The targets one of whose files runs code when loaded (`+ (void)load`, `__attribute__((constructor))`), by number.
    static func loadTimeRegistrars(_ targets: [TargetImports], numbers: [Int?]) -> Set<Int> {
        Set(targets.indices.compactMap { targets[$0].registersAtLoad ? numbers[$0] : nil })
    }

    /// Whether a dependency none of the target's files imports is linked by an Xcode target that makes an image for more
    /// than its API: a library whose files run code when loaded (a module registering itself with a mediator in `+load`), or a static library linked by a
    /// target that loads every object file (`-ObjC`, `-all_load`, `-force_load`), or a library another static library
    /// (or framework built static, `MACH_O_TYPE = staticlib`) it links imports or includes a header of by quotes (a
    /// static library carries none of its dependencies: the final link resolves them).
    static func isLinkedForLoading(_ dependency: UnimportedDependency, registrars: Set<Int>,
                                   uses: (imported: [Int: Set<String>], headers: Set<SIMD2<Int>>), declared: DeclaredGraph) -> Bool {
        // Only a link that makes an image (an application, an extension, a framework, a bundle) runs what it loads: a pod,
        // a package target or a static library depending on a library does not use it for that.
        func isStatic(_ target: GraphTarget) -> Bool {
            target.productKind == .staticLibrary
                || target.productKind == .framework && declared.workspace.packages[target.packageIndex].manifest.target(named: target.id.name)?.linksStatically == true
        }
        guard !dependency.targets.isEmpty, dependency.from.productKind.isXcode, !isStatic(dependency.from) else { return false }
        if dependency.targets.contains(where: { registrars.contains($0.number) }) { return true }
        let from = dependency.from
        // (`-ObjC` keeps Objective-C registrations of static libraries; a framework built static is judged by its imports.)
        if dependency.targets.contains(where: { $0.productKind == .staticLibrary }),
           declared.workspace.packages[from.packageIndex].manifest.target(named: from.id.name)?.loadsAllObjectFiles == true { return true }
        // A static library (or static framework) it links that uses the dependency leaves linking it to the image.
        let linked = declared.successors[from.number].filter { isStatic(declared.sortedTargets[$0]) }
        return dependency.targets.contains { library in
            linked.contains { $0 != library.number && (uses.imported[$0]?.contains(library.module) == true || uses.headers.contains(SIMD2($0, library.number))) }
        }
    }

    /// Whether a local dependency none of the target's files imports may be how a module it imports that is undecided
    /// (for it, or for a module re-exporting it to the target) enters its build: the dependency is an umbrella
    /// (``Umbrellas``) or a wrapper (``Wrappers``: a local package that cannot be read, a git submodule not checked out,
    /// behind an empty target, directly or through the wrappers it carries) linking an outside product whose package is not
    /// read and that the target does not link itself (a `Modules` package bundling remote packages that are not checked
    /// out), whose modules cannot be known.
    static func mayBringUndecided(_ dependency: UnimportedDependency, undecided: Set<Int>, context: Context) -> Bool {
        guard undecided.contains(dependency.from.number), !dependency.targets.isEmpty else { return false }
        /// The package of an outside product that cannot be read (its product's name when named without it), else nil.
        func unread(_ destination: Edge.Destination) -> String? {
            switch destination {
            case .external(let package, let product):
                return context.facts.external.modules(ofProduct: product, package: package) == nil ? package ?? product : nil
            case .unavailable(let package, _): return package
            case .target, .unresolved: return nil
            }
        }
        let own = Set((context.declaredOutside[dependency.from.number] ?? []).compactMap(unread))
        return dependency.targets.contains { target in
            guard context.umbrellaExports[target.module] != nil || context.wrappers.targets.contains(target.number) else { return false }
            // A wrapper reaches what the wrappers it depends on link.
            var reached = [target.number], seen: Set<Int> = [target.number], index = 0
            while index < reached.count {
                for next in context.declared.successors[reached[index]] where context.wrappers.targets.contains(next) && seen.insert(next).inserted { reached.append(next) }
                index += 1
            }
            return reached.contains { number in
                (context.declaredOutside[number] ?? []).contains { unread($0).map { !own.contains($0) } ?? false }
            }
        }
    }

    /// By application number, the modules the unit-test bundles it hosts import.
    static func importsOfHostedTests(_ hosted: [Int: [Int]], imported: [Int: Set<String>]) -> [Int: Set<String>] {
        var modules: [Int: Set<String>] = [:]
        for (test, linked) in hosted {
            guard let host = linked.first, let imports = imported[test] else { continue }
            modules[host, default: []].formUnion(imports)
        }
        return modules
    }

    /// Each target's result, by the targets' order (nil for a target the graph does not hold): decided on their own, in
    /// slices on every core; with `previous`, only those it cannot answer for.
    private func decided(_ targets: [TargetImports], numbers: [Int?], context: Context, previous: Resolved?) -> [Result?] {
        let decide = { @Sendable (index: Int) -> Result? in
            numbers[index].flatMap { self.result(targets[index], from: declared.sortedTargets[$0], context: context) }
        }
        guard let previous, let stale = previous.stale(under: context, numbers: numbers) else {
            return inSlices(of: targets.count, minimumSliceSize: 16, slicesPerCore: 16) { slice in slice.map(decide) }
        }
        let again = stale.indices.filter { stale[$0] }
        let fresh = inSlices(of: again.count, minimumSliceSize: 16, slicesPerCore: 16) { slice in slice.map { decide(again[$0]) } }
        var results = previous.results.map { $0.map { Resolved.reused($0, in: declared.sortedTargets) } }
        for (index, result) in zip(again, fresh) { results[index] = result }
        return results
    }

    /// The targets with a Swift or Objective-C file, and pods (whose subspecs share one module), by number.
    static func modularTargets(_ targets: [TargetImports], numbers: [Int?], declared: DeclaredGraph) -> Set<Int> {
        var modular: Set<Int> = []
        for index in targets.indices {
            guard let number = numbers[index] else { continue }
            if declared.sortedTargets[number].packageKind == .pod
                || targets[index].files.contains(where: isModularSource) {
                modular.insert(number)
            }
        }
        return modular
    }

    /// Whether a file is Swift or Objective-C (what makes a target import modules).
    private static func isModularSource(_ file: String) -> Bool {
        switch TargetSources.fileExtension(of: file) {
        case "swift", "m", "mm": return true
        default: return false
        }
    }

    /// Which targets' headers each target includes by quotes (`#import "BHService.h"`, found through search paths):
    /// a use of that target without a module import.
    private func headerUses(_ targets: [TargetImports], numbers: [Int?]) -> Set<SIMD2<Int>> {
        guard targets.indices.contains(where: { !targets[$0].quotedIncludes.isEmpty }) else { return [] }
        var owners: [String: [Int]] = [:]
        for index in targets.indices {
            guard let number = numbers[index] else { continue }
            for file in targets[index].files where file.hasSuffix(".h") {
                owners[String(file.split(separator: "/").last ?? ""), default: []].append(number)
            }
        }
        var uses: Set<SIMD2<Int>> = []
        for index in targets.indices {
            guard let number = numbers[index] else { continue }
            for header in targets[index].quotedIncludes { for owner in owners[header] ?? [] where owner != number { uses.insert(SIMD2(number, owner)) } }
        }
        return uses
    }

    /// The subspecs of a pod build one module (and Xcode targets may share a product module name): what any of its
    /// targets imports, each of them imports. The targets of a Package.swift build a module each.
    private func sharedByModule(_ imported: [Int: Set<String>]) -> [Int: Set<String>] {
        let targets = declared.sortedTargets
        var targetsOfModule: [ModuleKey: [Int]] = [:]
        for number in imported.keys where targets[number].packageKind != .package {
            targetsOfModule[ModuleKey(package: targets[number].packageIndex, module: targets[number].module), default: []].append(number)
        }
        var shared = imported
        for numbers in targetsOfModule.values where numbers.count > 1 {
            let union = numbers.reduce(into: Set<String>()) { $0.formUnion(imported[$1] ?? []) }
            for number in numbers { shared[number] = union }
        }
        return shared
    }

    /// By local module, the modules its files re-export (`@_exported import`), read before any target's imports are
    /// decided: what a target that declares the re-exporting one may import.
    private func reexports(of facts: ImportFacts, numbers: [Int?]) -> [String: Set<String>] {
        var byModule: [String: Set<String>] = [:]
        for index in facts.targets.indices {
            let number = numbers[index]
            // The toolchain's and the SDK's modules are every target's already: re-exporting one provides nothing.
            for use in facts.targets[index].uses where use.isExported && !facts.systemModules.contains(use.module)
                && !DependencyGraph.isAppleSDKModule(use.module) {
                guard let number else { break }
                byModule[declared.sortedTargets[number].module, default: []].insert(use.module)
            }
        }
        for (umbrella, modules) in localUmbrellas(facts, numbers: numbers) { byModule[umbrella, default: []].formUnion(modules) }
        return byModule
    }

    /// A library target of a project with no source file that depends on local targets (a `Shared` framework every
    /// feature depends on, gathering the design system, the logger…) links them for the targets above it: its dependants
    /// see them as they would a re-export. By the umbrella's module, the modules of the local targets it depends on.
    private func localUmbrellas(_ facts: ImportFacts, numbers: [Int?]) -> [String: Set<String>] {
        var withFiles: Set<Int> = []
        for index in facts.targets.indices where !facts.targets[index].files.isEmpty { if let number = numbers[index] { withFiles.insert(number) } }
        var umbrellas: [String: Set<String>] = [:]
        let targets = declared.sortedTargets
        for number in targets.indices where !targets[number].isTest && !withFiles.contains(targets[number].number)
            && targets[number].productKind.isLinkedLibrary {
            let module = targets[number].module
            let modules = declared.successors[targets[number].number].map { targets[$0].module }.filter { $0 != module }
            if !modules.isEmpty { umbrellas[module] = Set(modules) }
        }
        return umbrellas
    }


    /// The modules the local targets `numbers` re-export, and what those re-export in turn: declared through them.
    private func reexported(through numbers: [Int], context: Context) -> Set<String> {
        guard !context.localReexports.isEmpty else { return [] }
        var modules: Set<String> = []
        for number in numbers where context.localReexports[declared.sortedTargets[number].module] != nil {
            modules.formUnion(Provisions.reexported(by: declared.sortedTargets[number].module, in: context.localReexports))
        }
        return modules
    }

    /// One target's undeclared and undecided imports, and every module its files import.
    struct Result: Sendable {
        var from: Int
        var edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]
        var external: [UndeclaredExternalImport]
        var undecided: [UndecidedImport]
        var imported: Set<String>
    }

    /// Whether an outside product the target declares is named like `module` (a local package that cannot be read,
    /// whose product may be a local module, left out).
    private func declaresOutside(_ module: String, _ provisions: Provisions) -> Bool {
        guard provisions.products.contains(module) else { return false }
        return !provisions.unreadProducts.contains { product, unread in
            Provisions.module(ofProduct: product) == module && ![.outsidePod, .notCheckedOut].contains(unread.reason)
        } && !provisions.unreadPaths.contains { Provisions.module(ofProduct: $0.package) == module }
    }

    private func result(_ targetImports: TargetImports, from: GraphTarget, context: Context) -> Result? {
        let provisions = context.provisions(of: from)
        var local = LocalImports(declared: context.visible(from: from, declared: declared), unreadPaths: provisions.unreadPaths,
                                 unreadProducts: provisions.unreadProducts)
        // A target a Podfile gives pods sees their closure (CocoaPods links it into its aggregate): an outside pod's, not
        // read, may hold a local pod it imports.
        let integrated = declared.workspace.packages[from.packageIndex].podfileTargets[from.id.name] != nil
        local.unreadPodfileStatements = provisions.unreadPodfileStatements + (integrated ? provisions.unread.filter { [.outsidePod, .unreadPodspec].contains($0.reason) } : [])
        local.lock = context.lock(of: from)
        local.localPods = context.localPods
        var external = ExternalImports(provisions: provisions, lock: context.lock(of: from), localPods: context.localPods, integrated: integrated)
        // A module a declared local target re-exports (`@_exported import VendorKit` in a wrapper) is declared through it.
        let reexported = reexported(through: declared.successors[from.number], context: context)
        // A target's files import the same modules again and again: each module is looked up once.
        var decisions: [String: ModuleDecision] = [:], folders: Set<String> = [], named: Set<String> = [], knownFolders: [String: Bool] = [:]
        for use in targetImports.uses {
            let decision = decisions[use.module] ?? {
                let decision = context.decision(for: use.module, by: from)
                decisions[use.module] = decision
                return decision
            }()
            if case .external = decision, use.quoted != .moduleFolder { named.insert(use.module) }
            switch decision {
            case _ where use.isOptional, .leftOut: continue
            case _ where reexported.contains(use.module): continue
            // `#import "Folder/Header.h"` is a module's only where the repository knows one of that name.
            case .external where use.quoted == .moduleFolder && !(knownFolders[use.module] ?? {
                let known = provisions.declare(use.module) || context.provider(of: use.module) != nil
                knownFolders[use.module] = known
                return known
            }()):
                folders.insert(use.module)
            // An outside product the target declares builds the module (a pod from a specs repository named like a local
            // pod): that is what the target links.
            case .local where declaresOutside(use.module, provisions): continue
            case .local(let candidates): local.add(use, candidates: candidates, from: from, declared: declared)
            case .sdkNamesake(let candidates): local.addNamesake(use, candidates: candidates, from: from, declared: declared)
            case .external: external.add(use, context: context)
            }
        }
        var imported = Set(decisions.keys)
        // A folder written in a quoted include that names no module is no import.
        imported.subtract(folders.subtracting(named))
        let undecidedLocal = local.undecided(from: from, targets: declared.sortedTargets)
        return Result(from: from.number, edges: local.edges(from: from, targets: declared.sortedTargets), external: external.imports(from: from),
                      undecided: undecidedLocal + external.undecidedImports(from: from), imported: imported)
    }

    /// A target's imports of local modules it does not declare, by the target imported, in the order first imported.
    private struct LocalImports {
        /// The local targets the importing target declares (or sees through its host), by number.
        let declared: Set<Int>
        /// Packages the target declares by path that cannot be read: one of them may re-export a local module.
        let unreadPaths: [UnreadPackage]
        /// The products the target names whose package cannot be read, by name: one of them may hold the module imported.
        let unreadProducts: [String: UnreadPackage]
        var uses: [Int: [SourceImportUse]] = [:]
        var order: [Int] = []
        /// The targets imported by a use other than a quoted include found through header search paths.
        var named: Set<Int> = []
        /// Per target imported: the products named without their package that may hold it.
        var deciders: [Int: [UnreadPackage]] = [:]
        /// Statements of the target's Podfile that may give it pods not read, and the outside pods it gives it (whose
        /// closures are not read): one may bring a local pod imported.
        var unreadPodfileStatements: [UnreadPackage] = []
        /// What the target's Podfile resolved, when a `Podfile.lock` says it.
        var lock: PodfileLock?
        /// The repository's pods, whose lock entries may be stale.
        var localPods: Set<String> = []

        init(declared: Set<Int>, unreadPaths: [UnreadPackage], unreadProducts: [String: UnreadPackage]) {
            self.declared = declared
            self.unreadPaths = unreadPaths
            self.unreadProducts = unreadProducts
        }

        mutating func add(_ use: SourceImportUse, candidates: [GraphTarget], from: GraphTarget, declared graph: DeclaredGraph) {
            guard !candidates.contains(where: { declared.contains($0.number) }) else { return }
            let to = candidates.first { $0.id.package == from.id.package } ?? Self.reached(candidates, from: from, in: graph) ?? candidates[0]
            if uses[to.number] == nil {
                order.append(to.number)
                if !unreadProducts.isEmpty {
                    // A product the target declares from a package that cannot be read, named like the module or like a
                    // product holding it: the import may well be declared.
                    let names = graph.workspace.packages[to.packageIndex].manifest.products.filter { $0.targets.contains(to.id.name) }.map(\.name) + [to.module]
                    let matching = Set(names.compactMap { unreadProducts[$0] }).sorted()
                    if !matching.isEmpty { deciders[to.number] = matching }
                }
                if !unreadPodfileStatements.isEmpty, candidates.contains(where: { $0.packageKind == .pod }), !lockRulesOut(to, in: graph) {
                    deciders[to.number, default: []] += unreadPodfileStatements
                }
            }
            uses[to.number, default: []].append(use)
            if use.quoted != .searchPath { named.insert(to.number) }
        }

        /// An import of an SDK module's name that local targets also build: an edge when the target declares one of them,
        /// else undecided (the SDK's module may be the one meant), never a finding.
        mutating func addNamesake(_ use: SourceImportUse, candidates: [GraphTarget], from: GraphTarget, declared graph: DeclaredGraph) {
            guard !candidates.contains(where: { declared.contains($0.number) }) else { return }
            add(use, candidates: candidates, from: from, declared: graph)
            let to = candidates.first { $0.id.package == from.id.package } ?? Self.reached(candidates, from: from, in: graph) ?? candidates[0]
            if deciders[to.number]?.contains(where: { $0.reason == .sdkNamesake }) != true {
                deciders[to.number, default: []].append(UnreadPackage(package: use.module, reason: .sdkNamesake))
            }
        }

        /// Whether the lock says none of the target's unread pods brings the local pod `to` (every one of them an outside
        /// pod it resolved, none depending on a pod of that name): a development pod dropped from the target's Podfile
        /// block is then not linked, whatever the unread podspecs hold.
        func lockRulesOut(_ to: GraphTarget, in graph: DeclaredGraph) -> Bool {
            guard let lock, unreadPodfileStatements.allSatisfy({ $0.isLocked(by: lock) }) else { return false }
            let brought = lock.closure(of: unreadPodfileStatements.map(\.package), notExpanding: localPods)
            guard brought.isDisjoint(with: localPods) else { return false }
            return !brought.contains(PodfileLock.pod(to.module)) && !brought.contains(PodfileLock.pod(graph.workspace.packages[to.packageIndex].manifest.name))
        }

        /// Of several targets of other packages building one module (a mirror package reusing the names), the one `from`
        /// reaches through what it declares: the one its build uses, which its declaration should name.
        static func reached(_ candidates: [GraphTarget], from: GraphTarget, in graph: DeclaredGraph) -> GraphTarget? {
            guard candidates.count > 1 else { return nil }
            let wanted = Set(candidates.map(\.number))
            var seen: Set<Int> = [from.number], stack = [from.number]
            while let number = stack.popLast() {
                for next in graph.successors[number] where seen.insert(next).inserted {
                    if wanted.contains(next) { return candidates.first { $0.number == next } }
                    stack.append(next)
                }
            }
            return nil
        }

        private func deciders(of number: Int, targets: [GraphTarget]) -> [UnreadPackage] {
            // Only quoted includes found through header search paths: they compile without linking it.
            if !named.contains(number) { return [UnreadPackage(package: targets[number].id.name, reason: .searchPathHeader)] }
            guard let products = deciders[number] else { return unreadPaths }
            return Array(Set(unreadPaths + products)).sorted()
        }

        func edges(from: GraphTarget, targets: [GraphTarget]) -> [(edge: Edge, from: GraphTarget, to: GraphTarget)] {
            order.compactMap { number in
                guard let uses = uses[number], let first = uses.first else { return nil }
                let to = targets[number]
                let edge = Edge(from: from.id, to: .target(to.id), written: "import \(first.module)", location: first.location, fromNumber: from.number,
                                toNumber: number, viaImport: true, otherLocations: uses.dropFirst().map(\.location), isUndecided: !deciders(of: number, targets: targets).isEmpty)
                return (edge, from, to)
            }
        }

        func undecided(from: GraphTarget, targets: [GraphTarget]) -> [UndecidedImport] {
            order.compactMap { number in
                let deciders = deciders(of: number, targets: targets)
                guard !deciders.isEmpty else { return nil }
                return uses[number]?.first.map { UndecidedImport(from: from, module: $0.module, location: $0.location, deciders: deciders) }
            }
        }
    }

    /// A target's imports of outside modules it does not declare, by the product that provides them, and those
    /// undecided.
    struct ExternalImports {
        struct Key: Hashable {
            var package: String
            var product: String
            var module: String
        }

        let provisions: Provisions
        var uses: [Key: [SourceImportUse]] = [:]
        var order: [Key] = []
        var undecided: [String: [SourceImportUse]] = [:]
        var undecidedOrder: [String] = []
        /// Modules no target, package or pod read provides, by name, in the order first imported.
        var unprovided: [String: [SourceImportUse]] = [:]
        var unprovidedOrder: [String] = []
        /// Of those, what may build them: a product some manifest declares whose package cannot be read, else the
        /// outside packages the target's manifest declares that are not checked out.
        var unreadProviders: [String: [UnreadPackage]] = [:]

        /// What the target's Podfile resolved, when a `Podfile.lock` says it.
        let lock: PodfileLock?
        /// The repository's pods, whose lock entries may be stale.
        let localPods: Set<String>
        /// Whether a Podfile gives the target pods: CocoaPods links their whole closure into its aggregate target.
        let integrated: Bool

        init(provisions: Provisions, lock: PodfileLock? = nil, localPods: Set<String> = [], integrated: Bool = false) {
            self.provisions = provisions
            self.lock = lock
            self.localPods = localPods
            self.integrated = integrated
        }

        /// What the lock says the target's unread pods bring, when every package the target cannot read is an outside pod
        /// the lock resolved (nil otherwise), the entries of the repository's pods not followed (they may be stale).
        func lockedClosure() -> Set<String>? {
            guard let lock else { return nil }
            let unread = podBringers(lock)
            guard unread.allSatisfy({ $0.isLocked(by: lock) }) else { return nil }
            return lock.closure(of: unread.map(\.package), notExpanding: localPods)
        }

        /// The packages the target cannot read that may bring a pod the lock resolved, or build its module: not an
        /// outside SwiftPM package (no package brings a pod, and one build cannot hold two modules of a name), nor a pod
        /// of the repository without sources that the lock resolved (its podspec's dependencies are read; what it vendors
        /// is a prebuilt framework, not a pod).
        func podBringers(_ lock: PodfileLock) -> [UnreadPackage] {
            provisions.unread.filter { unread in
                !(unread.reason == .notCheckedOut || unread.reason == .withoutSources && lock.knows(unread.package))
            }
        }

        /// Whether `module` is a pod the lock resolved that none of the target's outside pods brings, while every package
        /// the target cannot read is such a pod the lock resolved and none brings a pod of the repository (whose podspec
        /// may now declare it): that pod provides it, and the target does not declare it (`import Kingfisher` after
        /// `pod 'Kingfisher'` left the target's block, beside RxCocoa's unread podspec).
        func isLockedPodNotBrought(_ module: String) -> Bool {
            guard let pod = lock?.pod(ofModule: module), let brought = lockedClosure(), brought.isDisjoint(with: localPods) else { return false }
            return !brought.contains(pod)
        }

        /// Whether `module` is a pod the lock says one of the outside pods of a target a Podfile integrates brings:
        /// CocoaPods links it into the target's aggregate, so the target links it (`import PINRemoteImage` beside
        /// `pod 'Texture'`, which depends on it).
        func isLockedPodLinked(_ module: String) -> Bool {
            guard integrated, let pod = lock?.pod(ofModule: module), let brought = lockedClosure() else { return false }
            return brought.contains(pod)
        }

        mutating func add(_ use: SourceImportUse, context: Context) {
            let module = use.module
            guard !provisions.declare(module), !isLockedPodLinked(module) else { return }
            let lockedPod = isLockedPodNotBrought(module)
            if !provisions.unread.isEmpty && !provisions.isProductOfItsOwn(module, context: context) && !lockedPod {
                if undecided[module] == nil { undecidedOrder.append(module) }
                undecided[module, default: []].append(use)
                return
            }
            let named = provisions.packageNamed(like: module).map { Key(package: $0, product: module, module: module) }
            // Named as the lock spells the pod (`Localize-Swift` for `import Localize_Swift`), as a `pod` line names it.
            let locked = lock.flatMap { lock in lock.pod(ofModule: module).map { Key(package: $0, product: lock.spellings[$0] ?? module, module: module) } }
            guard let key = context.provider(of: module) ?? named ?? locked else {
                // Nothing read provides it and no SDK module componentize knows is named so: undecided, never a finding
                // (an SDK module not on the list, or one the build cannot find), and never silent.
                if unprovided[module] == nil { unprovidedOrder.append(module) }
                unprovided[module, default: []].append(use)
                if unreadProviders[module] == nil {
                    let providers = context.unreadProvider(of: module).map { [$0] } ?? unreadDeclaredPackages(context: context)
                    if !providers.isEmpty { unreadProviders[module] = providers }
                }
                return
            }
            if uses[key] == nil { order.append(key) }
            uses[key, default: []].append(use)
        }

        /// The outside packages the target's manifest declares whose checkouts were not read: a module nothing read
        /// provides may be a product of one of them (still declared after the target stopped linking it).
        func unreadDeclaredPackages(context: Context) -> [UnreadPackage] {
            provisions.namedPackages.filter { context.facts.external.packages[$0] == nil }.sorted()
                .map { UnreadPackage(package: $0, reason: .notCheckedOut) }
        }

        func imports(from: GraphTarget) -> [UndeclaredExternalImport] {
            order.compactMap { key in
                guard let uses = uses[key], let first = uses.first else { return nil }
                return UndeclaredExternalImport(from: from, module: key.module, product: key.product, package: key.package, location: first.location,
                                                otherLocations: uses.dropFirst().map(\.location))
            }
        }

        /// The packages that would decide an import of `module` the target does not declare: its unread packages, or,
        /// when the lock says what each brings (none through a pod of the repository), those that bring a pod of that name.
        func bringers(of module: String) -> [UnreadPackage] {
            guard let lock, let pod = lock.pod(ofModule: module), let brought = lockedClosure(), brought.isDisjoint(with: localPods) else {
                return provisions.unread
            }
            let bringing = podBringers(lock).filter { lock.closure(of: [$0.package], notExpanding: localPods).contains(pod) }
            return bringing.isEmpty ? provisions.unread : bringing
        }

        func undecidedImports(from: GraphTarget) -> [UndecidedImport] {
            undecidedOrder.compactMap { module in
                undecided[module]?.first.map { UndecidedImport(from: from, module: module, location: $0.location, deciders: bringers(of: module)) }
            } + unprovidedOrder.compactMap { module in
                unprovided[module]?.first.map { UndecidedImport(from: from, module: module, location: $0.location,
                                                                deciders: unreadProviders[module] ?? [UnreadPackage(package: module, reason: .unprovided)]) }
            }
        }
    }

    /// A module of one package (a pod's subspecs share one).
    private struct ModuleKey: Hashable {
        var package: Int
        var module: String
    }
}

/// The modules a target's files may see whose declarations componentize cannot read: what it imports that is neither a
/// local module, nor the toolchain's own (``DependencyGraph/readableToolchainModules``), nor an outside module whose
/// checkout was read; and the same of every local target it depends on or imports, whose imports load modules too.
struct Opacity {
    let declared: DeclaredGraph
    let imported: [Int: Set<String>]
    let context: ImportResolution.Context
    private var known: [Int: Set<String>] = [:]

    init(declared: DeclaredGraph, imported: [Int: Set<String>], context: ImportResolution.Context) {
        self.declared = declared
        self.imported = imported
        self.context = context
    }

    mutating func modules(seenBy target: Int) -> [String] {
        var result: Set<String> = []
        var visited: Set<Int> = [target]
        var pending = [target]
        while let next = pending.popLast() {
            if let cached = known[next] { result.formUnion(cached); continue }
            let own = (imported[next] ?? []).filter(isOpaque)
            known[next] = own
            result.formUnion(own)
            let locals = declared.successors[next] + (imported[next] ?? []).flatMap { context.modules[$0]?.map(\.number) ?? [] }
            for local in locals where visited.insert(local).inserted { pending.append(local) }
        }
        return result.sorted()
    }

    private func isOpaque(_ module: String) -> Bool {
        context.modules[module] == nil && !DependencyGraph.readableToolchainModules.contains(module) && context.facts.external.owners(of: module).isEmpty
    }
}
