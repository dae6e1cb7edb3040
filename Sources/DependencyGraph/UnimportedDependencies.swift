import Diagnostics

/// A declared dependency none of the target's files imports, directly or through a module that re-exports it: a local
/// entry (every target of a product counts), or a product of an outside package whose checkout says what it provides.
public struct UnimportedDependency: Sendable {
    public var from: GraphTarget
    /// The manifest entry.
    public var edge: Edge
    /// The local targets it leads to; empty for an outside product.
    public var targets: [GraphTarget]
    /// The modules it provides, none imported.
    public var modules: [String]
    /// What findings name it by: the first local target, or the outside product.
    public var name: String
    /// The folders and files of an outside product's modules, when its checkout was read.
    public var outside: ExternalPackage?
    /// The local targets whose declarations the target's files see besides its own and the dependency's: the local
    /// modules it imports. A name one of them declares too does not tell whether the dependency is used.
    public var visible: [GraphTarget] = []
    /// The modules the target's files may see whose declarations cannot be read (an Apple SDK's, an outside package
    /// not checked out), its own imports and its local dependencies' together, sorted.
    public var opaque: [String] = []
}

/// A declared dependency whose API a target's files use without importing it: a type it declares, or a member of one
/// of its extensions (`.apiClient`, `\.apiClient`, `apiClient(`), visible only because another import loads the module.
public struct UseWithoutImport: Sendable {
    public var from: GraphTarget
    public var module: String
    /// The name used.
    public var name: String
    /// The first use.
    public var location: FileLocation
    /// Another module the file imports (or the target itself) declares the name too: the dependency may be used, or
    /// not (never a finding either way).
    public var alsoDeclaredBy: [String]
    /// Modules that cannot be read and may declare the name, the type it is used on not being written: undecided, never
    /// a finding either way.
    public var undecidedBy: [String]

    public init(from: GraphTarget, module: String, name: String, location: FileLocation, alsoDeclaredBy: [String] = [], undecidedBy: [String] = []) {
        self.from = from
        self.module = module
        self.name = name
        self.location = location
        self.alsoDeclaredBy = alsoDeclaredBy
        self.undecidedBy = undecidedBy
    }

    /// Whether the use is the module's: a `missing-import`.
    public var isDecided: Bool { alsoDeclaredBy.isEmpty && undecidedBy.isEmpty }
}

enum UnimportedDependencies {
    /// Local entries first (in the order first declared), then outside products, in manifest order.
    /// `headers`: pairs (target, dependency) where the target's files include one of the dependency's headers by quotes.
    /// `byModule`: the non-test targets by the module they build, in their order.
    /// `withoutFiles`: the targets with no file (they import nothing, so report nothing), and the pod targets whose pod
    /// has none (what they provide cannot be known: never unused).
    static func find(_ declared: DeclaredGraph, entries: [ManifestEntry], imported: [Int: Set<String>], reexports: [String: Set<String>],
                     external: ExternalModules, headers: Set<SIMD2<Int>> = [], moduleMaps: [Int: [String]] = [:],
                     byModule: [String: [GraphTarget]], withoutFiles: (targets: Set<Int>, pods: Set<Int>) = ([], []),
                     opaque: (Int) -> [String] = { _ in [] }) -> [UnimportedDependency] {
        let found = (local(declared, entries: entries, imported: imported, reexports: reexports, headers: headers, moduleMaps: moduleMaps)
            + outside(declared, imported: imported, reexports: reexports, external: external)).filter { dependency in
                !withoutFiles.targets.contains(dependency.from.number)
                    && !(!dependency.targets.isEmpty && dependency.targets.allSatisfy { withoutFiles.pods.contains($0.number) })
            }
        guard !found.isEmpty else { return found }
        return found.map { dependency in
            var visible = dependency
            let modules = (imported[dependency.from.number] ?? []).sorted()
            visible.visible = modules.flatMap { byModule[$0] ?? [] }.filter { $0.module != dependency.from.module }
            visible.opaque = opaque(dependency.from.number)
            return visible
        }
    }

    /// Kinds of target nothing imports: a dependency on one is never unimported. Of Xcode targets, only frameworks and
    /// libraries build a module; a dependency on a bundle, an extension, an app, an aggregate or a tool orders the build
    /// (or embeds the product).
    private static func isImported(_ target: GraphTarget) -> Bool {
        if target.productKind.isXcode { return target.productKind.isLinkedLibrary }
        switch target.type {
        case .executable, .plugin, .macro, .binary, .system: return false
        default: return true
        }
    }

    private static func local(_ declared: DeclaredGraph, entries: [ManifestEntry], imported: [Int: Set<String>],
                              reexports: [String: Set<String>], headers: Set<SIMD2<Int>>, moduleMaps: [Int: [String]]) -> [UnimportedDependency] {
        var result: [UnimportedDependency] = []
        for entry in entries where !entry.isInherited {
            // The common case first, read in place (a copy of the edge and its targets costs more than the look): the module is imported.
            guard !declared.localEdges[entry.edge].edge.viaPodfile, let modules = imported[declared.localEdges[entry.edge].from.number] else { continue }
            if entry.targets.contains(where: { modules.contains(declared.sortedTargets[$0].module) }) { continue }
            let (edge, from, _) = declared.localEdges[entry.edge]
            let targets = entry.targets.map { declared.sortedTargets[$0] }
            guard let first = targets.first, targets.allSatisfy(isImported) else { continue }
            // A test target's dependency on what it tests (`BeeHiveTests` on `BeeHive`); within one module (subspecs of a
            // pod) nothing to import; a header of the dependency included by quotes is a use.
            if from.isTest && targets.contains(where: { $0.component == from.component || from.id.name.hasPrefix($0.id.name) }) { continue }
            if targets.contains(where: { headers.contains(SIMD2(from.number, $0.number)) }) { continue }
            // A C target's own module map names the modules importers write (`module zlib`); an empty one names none
            // componentize can read.
            if targets.contains(where: { moduleMaps[$0.number].map { $0.isEmpty || !modules.isDisjoint(with: $0) } ?? false }) { continue }
            if targets.contains(where: { $0.module == from.module || modules.contains($0.module) }) { continue }
            // A framework target an app or extension embeds in its product ships with it, perhaps as a plug-in loaded at
            // run time by name: its imports cannot tell whether it is used.
            if !from.isTest, isEmbedded(targets, by: from, in: declared) { continue }
            let provided = Set(targets.map(\.module))
            if !reexports.isEmpty, modules.contains(where: { !(reexports[$0] ?? []).isDisjoint(with: provided) }) { continue }
            // A wrapper whose files re-export what the target imports (`@_exported import VendorKit`) is what provides it.
            if !reexports.isEmpty, targets.contains(where: { reexports[$0.module] != nil
                && !ImportResolution.Provisions.reexported(by: $0.module, in: reexports).isDisjoint(with: modules) }) { continue }
            result.append(UnimportedDependency(from: from, edge: edge, targets: targets, modules: provided.sorted(), name: first.id.name))
        }
        return result
    }

    private static func isEmbedded(_ targets: [GraphTarget], by from: GraphTarget, in declared: DeclaredGraph) -> Bool {
        guard from.productKind.isXcode, let embedded = declared.workspace.packages[from.packageIndex].manifest.target(named: from.id.name)?.embedded,
              !embedded.isEmpty else { return false }
        return targets.contains { $0.productKind.isXcode && embedded.contains($0.id.name) }
    }

    /// A product of an outside package: decided only when its package's manifest was read (its checkout).
    private static func outside(_ declared: DeclaredGraph, imported: [Int: Set<String>], reexports: [String: Set<String>],
                                external: ExternalModules) -> [UnimportedDependency] {
        var result: [UnimportedDependency] = []
        for edge in declared.edges {
            guard case let .external(package, product) = edge.to, !edge.viaPodfile, let modules = imported[edge.fromNumber],
                  let provides = external.modules(ofProduct: product, package: package), !provides.isEmpty else { continue }
            let provided = Set(provides)
            guard modules.isDisjoint(with: provided), !modules.contains(where: {
                !(reexports[$0] ?? []).isDisjoint(with: provided) || !external.exports(of: $0).isDisjoint(with: provided)
            }), !provides.contains(where: { !external.exports(of: $0).isDisjoint(with: modules) }) else { continue }
            let owner = package.flatMap { external.packages[$0] } ?? external.packages.values.first { $0.libraries[product] != nil }
            result.append(UnimportedDependency(from: declared.sortedTargets[edge.fromNumber], edge: edge, targets: [], modules: provides,
                                               name: product, outside: owner))
        }
        return result
    }
}
