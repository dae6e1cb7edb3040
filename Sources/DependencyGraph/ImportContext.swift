import Discovery
import PackageModel
import PodspecReading
import SourceImports

extension ImportResolution {
    /// What the resolution needs of the whole graph, built once.
    struct Context: Sendable {
        var modules: [String: [GraphTarget]] = [:]
        /// Outside products by the module they build (`ESTabBarController_swift` for pod `ESTabBarController-swift`), from
        /// every manifest's entries: the product and the package some manifest declares it from.
        var externalProducts: [String: (package: String, product: String)] = [:]
        /// Products some manifest declares whose package cannot be read (named without it, or a package not read), by
        /// the module they build: a target importing one without declaring it is undecided, not importing nothing known.
        var unreadProducts: [String: Edge.Destination] = [:]
        /// What each target declares of outside packages and of packages that cannot be read.
        var declaredOutside: [Int: [Edge.Destination]] = [:]
        /// By outside package, the other outside packages some target declares beside one of its products: the packages
        /// the repository uses it with, one of which may build on it and re-export its modules.
        var companions: [String: Set<String>] = [:]
        /// Why each package a path leads to cannot be read, by identity.
        var unreadPaths: [String: UnreadPackage.Reason] = [:]
        /// Pods of the repository whose podspecs cannot be read while their text states their module, by lowercased
        /// name (a pod's identity).
        var plainPods: [String: PlainPod] = [:]
        /// Outside packages some Podfile or podspec names as pods, by identity.
        var outsidePods: Set<String> = []
        /// The pods of the repository (their podspecs read), by lowercased name: a `Podfile.lock` entry of one is stale
        /// once its podspec is edited.
        var localPods: Set<String> = []
        /// Targets whose sources were read and are no file at all (a subspec that only gathers others, a copy of a spec
        /// repository's podspec whose sources are elsewhere): they import nothing, so none of their dependencies is unused.
        var withoutFiles: Set<Int> = []
        /// Pod targets whose whole pod has no source file here (it vendors a framework, or its sources are downloaded):
        /// the modules it provides cannot be known.
        var podsWithoutFiles: Set<Int> = []
        /// By Xcode target a Podfile gives pods: every local target those pods reach through their dependencies, which
        /// CocoaPods links into the target's aggregate too (so its code sees them).
        var podClosure: [Int: [Int]] = [:]
        /// Those of them that are another repository's code (a git submodule not checked out, a folder a script fetches):
        /// they may provide outside modules, not re-export this repository's.
        var otherRepositories: Set<String> = []
        /// For each unit-test bundle injected into an application (`TEST_HOST`), by number: what is linked into that
        /// host (the host, the local targets it depends on and theirs), which the bundle sees as its own.
        var hosted: [Int: [Int]] = [:]
        var facts: ImportFacts
        /// What the umbrellas a target depends on link for it (``Umbrellas``), by the dependant's number.
        var umbrellaOutside: [Int: [Edge.Destination]] = [:]
        /// Each umbrella's module, with the outside modules it links for its dependants.
        var umbrellaExports: [String: Set<String>] = [:]
        /// By local module, the modules its files re-export (`@_exported import`).
        var localReexports: [String: Set<String>] = [:]
        /// By target number, the modules of the prebuilt frameworks it vendors (a pod's `vendored_frameworks`, an Xcode
        /// target's linked `.xcframework`).
        var vendored: [Int: Set<String>] = [:]
        /// By target number, the prebuilt binaries it links whose modules cannot be known, by file name.
        var prebuiltUnknown: [Int: [String]] = [:]
        /// Package targets with no code of their own (``Wrappers``), and by each that a library product exists to carry, the
        /// local targets it carries to what links the product.
        var wrappers = Wrappers()
        let declared: DeclaredGraph

        /// `numbers`: each of `facts.targets`' number in `declared`, nil for a target it does not hold.
        init(declared: DeclaredGraph, facts: ImportFacts, numbers: [Int?], localReexports: [String: Set<String>] = [:]) {
            self.facts = facts
            self.localReexports = localReexports
            self.declared = declared
            podClosure = Self.podClosures(of: declared)
            (withoutFiles, podsWithoutFiles) = Self.targetsWithoutFiles(declared, facts.targets, numbers: numbers)
            // (By position: a loop over the packages, targets or edges themselves copies each one.)
            let packages = declared.workspace.packages, targets = declared.sortedTargets
            for package in packages.indices {
                for dependency in packages[package].manifest.dependencies
                where dependency.kind == .pod && packages[package].localDependencies[dependency.location] == nil {
                    outsidePods.insert(dependency.identity)
                }
            }
            modules.reserveCapacity(targets.count)
            for number in targets.indices where !targets[number].isTest { modules[targets[number].module, default: []].append(targets[number]) }
            for number in targets.indices where targets[number].packageKind == .pod {
                localPods.insert(PodfileLock.pod(packages[targets[number].packageIndex].manifest.name))
            }
            // Only the packages that vendor frameworks or link prebuilt binaries are looked into, target by target.
            let vendors = packages.map { $0.manifest.targets.contains { !$0.vendoredModules.isEmpty || !$0.prebuiltUnknown.isEmpty } }
            for target in declared.sortedTargets where vendors[target.packageIndex] {
                let manifestTarget = packages[target.packageIndex].manifest.target(named: target.id.name)
                let written = manifestTarget?.vendoredModules ?? []
                if !written.isEmpty { vendored[target.number] = Set(written) }
                if let unknown = manifestTarget?.prebuiltUnknown, !unknown.isEmpty { prebuiltUnknown[target.number] = unknown }
            }
            for index in declared.edges.indices {
                let to = declared.edges[index].to
                switch to {
                case .external(let package, let product):
                    let module = DependencyGraph.moduleName(of: product.split(separator: "/").first.map(String.init) ?? product)
                    if let package, externalProducts[module] == nil { externalProducts[module] = (package, product) }
                    if package == nil, unreadProducts[module] == nil { unreadProducts[module] = to }
                    declaredOutside[declared.edges[index].fromNumber, default: []].append(to)
                case .unavailable(_, let product):
                    let module = Provisions.module(ofProduct: product)
                    if unreadProducts[module] == nil { unreadProducts[module] = to }
                    declaredOutside[declared.edges[index].fromNumber, default: []].append(to)
                case .target, .unresolved:
                    continue
                }
            }
            companions = Self.companions(declaredOutside)
            for missing in declared.workspace.missing {
                let identity = PackageDependency.identity(forLocation: missing.directory)
                unreadPaths[identity] = .missing(missing.written)
                // A folder outside the repository may be this repository's own checkout under its usual name: what it
                // holds may be named like a local module.
                if missing.isExpectedAbsent && !missing.outsideRepository { otherRepositories.insert(identity) }
            }
            for unreadable in declared.workspace.unreadable {
                unreadPaths[PackageDependency.identity(forLocation: unreadable.directory)] = .unreadable
                if let pod = unreadable.plainPod { plainPods[PodfileLock.pod(pod.name)] = pod }
            }
            let umbrellas = Umbrellas(declared: declared, facts: facts, numbers: numbers, declaredOutside: declaredOutside)
            wrappers = Wrappers(declared: declared, facts: facts, numbers: numbers, declaredOutside: declaredOutside)
            umbrellaOutside = umbrellas.outsideByDependant
            umbrellaExports = umbrellas.exports
            for index in packages.indices where packages[index].isXcodeProject {
                for target in packages[index].manifest.targets {
                    guard let host = target.host, let test = declared.numbering.number(of: target.name, inPackage: index),
                          let hostNumber = declared.numbering.number(of: host, inPackage: index) else { continue }
                    hosted[test] = Self.closure(of: hostNumber, in: declared.successors)
                }
            }
        }

        /// By outside package, the outside packages declared beside one of its products in one target.
        static func companions(_ declaredOutside: [Int: [Edge.Destination]]) -> [String: Set<String>] {
            var companions: [String: Set<String>] = [:]
            for destinations in declaredOutside.values {
                let packages = Set(destinations.compactMap { destination -> String? in
                    if case .external(let package?, _) = destination { return package }
                    return nil
                })
                for package in packages { companions[package, default: []].formUnion(packages.subtracting([package])) }
            }
            return companions
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

        /// The targets read that have no file or whose listed files are not all there, and the pod targets whose pod has
        /// none.
        static func targetsWithoutFiles(_ declared: DeclaredGraph, _ targets: [TargetImports], numbers: [Int?]) -> (targets: Set<Int>, pods: Set<Int>) {
            // By target number, how many files it compiles (nil: not read); by package, how many its pod targets compile.
            var files = [Int?](repeating: nil, count: declared.sortedTargets.count), empty: Set<Int> = []
            for index in targets.indices {
                guard let number = numbers[index] else { continue }
                files[number] = (files[number] ?? 0) + targets[index].files.count
                if targets[index].missingFiles { empty.insert(number) }
            }
            // By package, how many files its pod targets read compile (nil: no pod target of it read).
            var podFiles = [Int?](repeating: nil, count: declared.workspace.packages.count)
            for (number, count) in files.enumerated() {
                guard let count else { continue }
                if count == 0 { empty.insert(number) }
                if declared.sortedTargets[number].packageKind == .pod {
                    let package = declared.sortedTargets[number].packageIndex
                    podFiles[package] = (podFiles[package] ?? 0) + count
                }
            }
            guard podFiles.contains(where: { $0 != nil }) else { return (empty, []) }
            let pods = files.indices.filter { files[$0] != nil && podFiles[declared.sortedTargets[$0].packageIndex] == 0 }
            return (empty, Set(pods))
        }

        /// For each target given pods by a Podfile, those pods and the local targets they depend on, directly or not.
        static func podClosures(of declared: DeclaredGraph) -> [Int: [Int]] {
            var pods: [Int: [Int]] = [:]
            for edge in declared.edges where edge.viaPodfile { if let to = edge.toNumber { pods[edge.fromNumber, default: []].append(to) } }
            return pods.mapValues { roots in
                var seen = Set(roots), order = Array(seen).sorted(), pending = order
                while let next = pending.popLast() {
                    for successor in declared.successors[next] where seen.insert(successor).inserted {
                        order.append(successor)
                        pending.append(successor)
                    }
                }
                return order
            }
        }

        /// The local targets a target may import without an import edge: those it declares; for a target given pods by a
        /// Podfile, every local target of those pods' closure; for a hosted unit-test bundle, everything linked into its
        /// host (Xcode builds them into the folder the bundle is compiled against, and the bundle runs inside the host:
        /// linking one again would link a static product twice).
        func visible(from target: GraphTarget, declared: DeclaredGraph) -> Set<Int> {
            let direct = declared.successors[target.number]
            let carried = wrappers.carried.isEmpty ? [] : direct.flatMap { wrappers.carried[$0] ?? [] }
            return Set(direct).union(carried).union(podClosure[target.number] ?? []).union(hosted[target.number] ?? [])
        }

        /// What an import of `module` by `target` is, whatever file imports it (an optional import is left out apart).
        func decision(for module: String, by target: GraphTarget) -> ModuleDecision {
            if module == target.module || facts.ignore.contains(where: { $0.matches(module) }) { return .leftOut }
            // A module of the repository named like an SDK module (`Network`): the import may mean either.
            if facts.systemModules.contains(module) { return modules[module].map { .sdkNamesake($0) } ?? .leftOut }
            if isVendored(module, for: target) { return .leftOut }
            if let local = modules[module] { return .local(local) }
            return DependencyGraph.isAppleSDKModule(module) ? .leftOut : .external
        }

        /// Whether a prebuilt framework of the target, or of a target it sees, provides `module`: CocoaPods links a pod's
        /// vendored frameworks into it and into whatever depends on it.
        func isVendored(_ module: String, for target: GraphTarget) -> Bool {
            guard !vendored.isEmpty else { return false }
            if vendored[target.number]?.contains(module) == true { return true }
            return visible(from: target, declared: declared).contains { vendored[$0]?.contains(module) == true }
        }

        /// What a target's declared outside entries let it import, and the packages that cannot be read among them.
        func provisions(of target: GraphTarget) -> Provisions {
            var provisions = Provisions()
            for binary in prebuiltUnknown[target.number] ?? [] {
                provisions.addUnread(UnreadPackage(package: binary, reason: .prebuilt), isPath: false)
            }
            // A Podfile statement that may give the target pods not read: any import of an outside module it does not
            // otherwise declare may be one of them, and so may a local pod (not a local target of another kind).
            for statement in declared.workspace.packages[target.packageIndex].podfileTargets[target.id.name]?.unreadAdditions ?? [] {
                let unread = UnreadPackage(package: statement.location.map(\.description) ?? "Podfile", reason: .podfileStatement(statement.message))
                provisions.addUnread(unread, isPath: false)
                provisions.unreadPodfileStatements.append(unread)
            }
            for pod in visible(from: target, declared: declared) where podsWithoutFiles.contains(pod) {
                provisions.addUnread(UnreadPackage(package: declared.sortedTargets[pod].packageName, reason: .withoutSources), isPath: false)
            }
            let pods = (podClosure[target.number] ?? []).flatMap { declaredOutside[$0] ?? [] }
            let hostedOutside = (hosted[target.number] ?? []).flatMap { declaredOutside[$0] ?? [] }
            provisions.namedPackages = Set(declared.workspace.packages[target.packageIndex].manifest.dependencies
                .filter { $0.kind == .sourceControl || $0.kind == .registry }.map(\.identity))
            for destination in (declaredOutside[target.number] ?? []) + pods + hostedOutside + (umbrellaOutside[target.number] ?? []) {
                if case .external(let package?, _) = destination { provisions.linkedPackages.insert(package) }
                if case .unavailable(let package, _) = destination { provisions.linkedPackages.insert(package) }
                switch destination {
                case .external(let package, let product):
                    provisions.add(product: product, package: package, facts: facts, isPod: package.map(outsidePods.contains) ?? false)
                case .unavailable(let package, let product):
                    provisions.products.insert(Provisions.module(ofProduct: product))
                    if let pod = plainPod(package, for: target) {
                        // Its module is its name's; what it brings, the lock's entry says, as for an outside pod.
                        let unread = UnreadPackage(package: pod, reason: .unreadPodspec)
                        provisions.addUnread(unread, isPath: false)
                        provisions.unreadProducts[product] = unread
                        continue
                    }
                    let reason = unreadPaths[package] ?? .unreadable
                    // A local pod by its name as written (`NXKit`, not the identity `nxkit`).
                    let root = String(product.split(separator: "/").first ?? Substring(product))
                    let unread = UnreadPackage(package: root.lowercased() == package ? root : package, reason: reason)
                    provisions.addUnread(unread, isPath: !otherRepositories.contains(package))
                    provisions.unreadProducts[product] = unread
                case .target, .unresolved:
                    continue
                }
            }
            return provisions
        }

        /// The name of the unreadable pod at `package` when its text states its module and the lock `target`'s pods are
        /// resolved by lists it with every pod its text names: the lock then says what it brings.
        func plainPod(_ package: String, for target: GraphTarget) -> String? {
            guard let pod = plainPods[package], let lock = lock(of: target), pod.isStated(by: lock) else { return nil }
            return pod.name
        }

        /// The package that cannot be read of a product some manifest declares building `module`: what would decide an
        /// import of it by a target that does not declare it.
        func unreadProvider(of module: String) -> UnreadPackage? {
            switch unreadProducts[module] {
            case .external(nil, let product)?: return UnreadPackage(package: product, reason: .productByName)
            case .unavailable(let package, _)?: return UnreadPackage(package: package, reason: unreadPaths[package] ?? .unreadable)
            default: return nil
            }
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

        /// The `Podfile.lock` that says what a target's outside pods bring: its Podfile's, for an Xcode target a Podfile
        /// integrates; for a pod's target, the first (by folder) that resolved the pod; nil for any other.
        func lock(of target: GraphTarget) -> PodfileLock? {
            let workspace = declared.workspace
            guard !workspace.podfileLocks.isEmpty else { return nil }
            if target.productKind.isXcode {
                return workspace.packages[target.packageIndex].podfileTargets[target.id.name].flatMap { workspace.podfileLocks[$0.folder] }
            }
            guard target.packageKind == .pod else { return nil }
            let name = workspace.packages[target.packageIndex].manifest.name
            return workspace.podfileLocks.sorted { $0.key < $1.key }.first { $0.value.knows(name) }?.value
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
        /// The outside packages the target names a product of: what else they hold cannot be told without reading them.
        var linkedPackages: Set<String> = []
        /// The identities of the outside packages the target's manifest declares.
        var namedPackages: Set<String> = []
        /// Those of them a `.package(path:)` leads to: one may re-export a local module.
        var unreadPaths: [UnreadPackage] = []
        /// The statements of the target's Podfile that may give it pods not read: one may be a local pod.
        var unreadPodfileStatements: [UnreadPackage] = []

        /// The products the target names whose package cannot be read, by name, with that package: an import of a local
        /// module such a product may hold is undecided, never a finding (the report cannot call it both).
        var unreadProducts: [String: UnreadPackage] = [:]

        func declare(_ module: String) -> Bool {
            known.contains(module) || products.contains(module)
        }

        /// Whether `module`'s origin is stated by the repository and the target links nothing of it, so that no package it
        /// cannot read may provide the module: a module named like an outside package the manifest declares (`apns` for
        /// `APNS`, its main product as SwiftPM names them), or a product some manifest or project declares from a known
        /// package (`.product(name: "Lottie", package: "lottie-ios")`). Two modules of one build cannot share a name, so
        /// an unread package the target declares (not checked out, or a product named without its package) could bring
        /// that module only transitively, which is what `implicit-dependency` reports. Undecided when the target links a
        /// product of that package (it may vend the module; a product named without its package may be one, unless the
        /// module is a product some manifest names), when a local package or project it depends on, a pod, a
        /// prebuilt library or a Podfile statement cannot be read (each may re-export anything), when beside a package not
        /// checked out the manifest does not declare that package, or an unread package it declares is declared beside
        /// that package in some target (either may bring the module by re-exporting it), or when nothing states the
        /// module's origin.
        func isProductOfItsOwn(_ module: String, context: ImportResolution.Context) -> Bool {
            // A local package or project it depends on that cannot be read (an empty framework linking the outside
            // products, a package re-exporting one) may bring any module in: nothing is decided without reading it.
            guard unreadPaths.isEmpty else { return false }
            // A product named without its package may be one of that package's (and provide the module with its own).
            if let named = packageNamed(like: module), !unread.contains(where: { $0.reason == .productByName }) {
                return !linkedPackages.contains(named)
            }
            guard unread.allSatisfy({ $0.reason == .productByName || $0.reason == .notCheckedOut }),
                  let provider = context.provider(of: module) else { return false }
            guard !linkedPackages.contains(provider.package) else { return false }
            let notCheckedOut = unread.filter { $0.reason == .notCheckedOut }
            guard !notCheckedOut.isEmpty else { return true }
            // Beside packages not checked out, only a package the manifest still declares (its product removed from the
            // target): one it does not declare reaches the build through another's graph, which one of them may re-export.
            // And an unread package the repository declares beside it elsewhere may build on it and re-export the module
            // (a `TCAUtils` re-exporting `ComposableArchitecture`).
            let companions = context.companions[provider.package] ?? []
            return namedPackages.contains(provider.package) && !notCheckedOut.contains { companions.contains($0.package) }
        }

        /// The outside package the target's manifest declares whose identity is the module's name (`apns` for `APNS`):
        /// the module of its main product, as SwiftPM names them.
        func packageNamed(like module: String) -> String? {
            let identity = module.lowercased()
            return namedPackages.contains(identity) ? identity : nil
        }

        /// The module a product builds: a pod's subspec (`AFNetworking/NSURLSession`) builds its pod's.
        static func module(ofProduct product: String) -> String {
            DependencyGraph.moduleName(of: product.split(separator: "/").first.map(String.init) ?? product)
        }

        mutating func add(product: String, package: String?, facts: ImportFacts, isPod: Bool = false) {
            let outside = facts.external
            products.insert(Self.module(ofProduct: product))
            if let modules = outside.modules(ofProduct: product, package: package) {
                known.formUnion(modules)
                for module in modules { known.formUnion(outside.exports(of: module)) }
            } else if facts.reexports[DependencyGraph.moduleName(of: product)] != nil {
                known.formUnion(Self.reexported(by: DependencyGraph.moduleName(of: product), in: facts.reexports))
            } else {
                // A pod by its name as written (`SDWebImage` for `SDWebImage/WebP`).
                let name = isPod ? String(product.split(separator: "/").first ?? Substring(product)) : package ?? product
                let unread = UnreadPackage(package: name, reason: package == nil ? .productByName : isPod ? .outsidePod : .notCheckedOut)
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

/// Umbrella targets: a framework or library target of a project (Xcode's, XcodeGen's, Tuist's) that links outside
/// products none of its own files imports links them for the targets above it, which import them (the shape of a
/// `ThirdPartyLibrary` framework every feature depends on). So does a package's library target that depends on
/// outside products and whose files import nothing but Foundation and what they re-export (a local `Modules`
/// package whose one file is empty, joined to an app only to bring its remote packages into the build). Its products
/// are visible to the targets that depend on it directly, as a re-export is; a target that reaches them only through
/// another still declares nothing.
struct Umbrellas {
    /// The umbrellas' outside entries, by the number of each target depending on one.
    var outsideByDependant: [Int: [Edge.Destination]] = [:]
    /// Each umbrella's module with the modules of the products it links.
    var exports: [String: Set<String>] = [:]

    init(declared: DeclaredGraph, facts: ImportFacts, numbers: [Int?], declaredOutside: [Int: [Edge.Destination]]) {
        // Only an Xcode library target with outside entries can be an umbrella: the rest is looked at for those alone.
        var candidates = Set(declaredOutside.keys.filter { number in
            let target = declared.sortedTargets[number]
            return target.productKind.isLinkedLibrary || target.packageKind == .package && target.type == .regular && !target.isTest
        })
        guard !candidates.isEmpty else { return }
        var imported: [Int: Set<String>] = [:]
        // (By position: a loop over the targets copies each.)
        for index in facts.targets.indices where !facts.targets[index].files.isEmpty {
            guard let number = numbers[index], candidates.contains(number) else { continue }
            let uses = facts.targets[index].uses
            imported[number, default: []].formUnion(uses.map(\.module))
            // A package target with code of its own (an import it does not re-export of anything but Foundation and the
            // standard library: `import SwiftUI` is a view's) is a module, not a bundle of its dependencies.
            if declared.sortedTargets[number].packageKind == .package, uses.contains(where: { use in
                !use.isExported && !DependencyGraph.readableToolchainModules.contains(use.module)
            }) { candidates.remove(number) }
        }
        var dependants: [Int: [Int]] = [:]
        for number in declared.successors.indices {
            for successor in declared.successors[number] where candidates.contains(successor) { dependants[successor, default: []].append(number) }
        }
        for number in candidates.sorted() {
            let target = declared.sortedTargets[number]
            // One with no source file at all (its folder holds a placeholder) imports nothing: it links them for the others.
            let modules = imported[number] ?? []
            let outside = (declaredOutside[number] ?? []).filter { if case .external = $0 { return true } else { return false } }
            let products = Set(outside.compactMap { destination -> String? in
                if case .external(_, let product) = destination { return DependencyGraph.moduleName(of: product) }
                return nil
            })
            guard !products.isEmpty, modules.isDisjoint(with: products) else { continue }
            exports[target.module] = products
            for dependant in dependants[number] ?? [] { outsideByDependant[dependant, default: []] += outside }
        }
    }
}

/// Wrappers: a package's regular target whose files read hold no code of its own (no declaration, no import but the
/// toolchain's and what it re-exports: a `Dummy.swift`), depending on something: what it depends on that is not read (a package whose
/// folder is an absent submodule) may be how an undecided import of what links it enters the build. One that is a library product's target is what the
/// product exists to carry: SwiftPM makes every module of the closure of a product's targets importable by what links
/// it (a dependency under a platform condition too: the platform is not decided here), so what links the product
/// declares the local targets the wrapper depends on (through other wrappers too), and the wrapper uses each of them by
/// carrying it.
struct Wrappers: Sendable {
    /// The wrappers, by number.
    var targets: Set<Int> = []
    /// By wrapper a library product holds, the local targets it carries, in the order reached.
    var carried: [Int: [Int]] = [:]

    init() {}

    init(declared: DeclaredGraph, facts: ImportFacts, numbers: [Int?], declaredOutside: [Int: [Edge.Destination]]) {
        // By number: read (a package's target), and with code of its own. (By position: a loop over the targets copies each.)
        var read = [Bool](repeating: false, count: declared.sortedTargets.count), codeOfItsOwn = read
        for index in facts.targets.indices {
            guard let number = numbers[index], declared.sortedTargets[number].packageKind == .package else { continue }
            read[number] = true
            guard !codeOfItsOwn[number] else { continue }
            // A file that may declare something (or whose words were not read) is code of its own, whatever it imports.
            let words = facts.targets[index].words
            codeOfItsOwn[number] = words.count != facts.targets[index].files.count || words.contains(where: { $0?.declaresNothing != true })
                || facts.targets[index].uses.contains(where: { !$0.isExported && !DependencyGraph.readableToolchainModules.contains($0.module) })
        }
        targets = Set(read.indices.filter { number in
            guard read[number], !codeOfItsOwn[number] else { return false }
            let target = declared.sortedTargets[number]
            return target.type == .regular && !target.isTest && !(declared.successors[number].isEmpty && declaredOutside[number] == nil)
        })
        let packages = declared.workspace.packages
        for number in targets.sorted() {
            let target = declared.sortedTargets[number]
            guard packages[target.packageIndex].manifest.products.contains(where: { $0.type == .library && $0.targets.contains(target.id.name) }) else { continue }
            var reached: [Int] = [], seen: Set<Int> = [number], pending = [number]
            while let next = pending.popLast() {
                for successor in declared.successors[next] where seen.insert(successor).inserted {
                    reached.append(successor)
                    if targets.contains(successor) { pending.append(successor) }
                }
            }
            carried[number] = reached
        }
    }

    /// Each carrying wrapper's module with the modules it carries: what links its product imports them through it.
    func carriedModules(_ declared: DeclaredGraph) -> [String: Set<String>] {
        var modules: [String: Set<String>] = [:]
        for (number, carried) in carried { modules[declared.sortedTargets[number].module, default: []].formUnion(carried.map { declared.sortedTargets[$0].module }) }
        return modules
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
    /// An SDK module's name that local targets also build: theirs when the importer declares one, else undecided.
    case sdkNamesake([GraphTarget])
}
