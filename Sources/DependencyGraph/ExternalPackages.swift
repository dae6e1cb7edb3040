import Discovery
import PackageModel

/// A package from outside the repository whose manifest is on disk (a SwiftPM checkout): which modules each of its
/// products lets a client import, so an import can be matched to the product that provides it.
public struct ExternalPackage: Sendable {
    /// The identity manifests use for it (`swift-log`).
    public var identity: String
    /// Where its manifest was read, as reports name it.
    public var manifestPath: String
    /// Library products by name, each with its modules: its targets and, transitively, their targets in the same
    /// package (the modules the product builds), sorted.
    public var libraries: [String: [String]]
    /// Products nobody imports: executables, plugins, and libraries made only of macros.
    public var tools: Set<String>
    /// Modules of the package that re-export others (`@_exported import`), when its sources were read.
    public var exports: [String: Set<String>]
    /// Its folder (absolute), and its manifest: where its modules' files are.
    public var directory: String?
    public var manifest: Manifest

    public init(identity: String, manifestPath: String, manifest: Manifest, exports: [String: Set<String>] = [:], directory: String? = nil) {
        self.identity = identity
        self.manifestPath = manifestPath
        self.exports = exports
        self.directory = directory
        self.manifest = manifest
        let targets = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var libraries: [String: [String]] = [:]
        var tools: Set<String> = []
        for product in manifest.products {
            guard product.type == .library else {
                tools.insert(product.name)
                continue
            }
            var seen: Set<String> = []
            var pending = product.targets
            while let name = pending.popLast() {
                guard seen.insert(name).inserted, let target = targets[name] else { continue }
                pending += target.dependencies.compactMap { dependency in
                    switch dependency.kind {
                    case .target: return dependency.name
                    case .byName: return targets[dependency.name] != nil ? dependency.name : nil
                    case .product: return nil
                    }
                }
            }
            let importable = seen.filter { targets[$0].map { ![.macro, .plugin, .executable].contains($0.type) } ?? false }
            if importable.isEmpty {
                tools.insert(product.name)
            } else {
                libraries[product.name] = importable.map(DependencyGraph.moduleName(of:)).sorted()
            }
        }
        self.libraries = libraries
        self.tools = tools
    }

    /// An outside package read from its checkout.
    public init(_ checkout: CheckedOutPackage) {
        var exports: [String: Set<String>] = [:]
        for (target, modules) in checkout.exports { exports[DependencyGraph.moduleName(of: target), default: []].formUnion(modules) }
        self.init(identity: checkout.identity, manifestPath: checkout.manifestPath, manifest: checkout.manifest, exports: exports,
                  directory: checkout.directory)
    }

    /// The modules of a product, nil when the package has no library of that name.
    public func modules(of product: String) -> [String]? {
        libraries[product]
    }
}

/// The outside packages whose manifests were read, indexed for the import pass and the rules.
public struct ExternalModules: Sendable {
    public private(set) var packages: [String: ExternalPackage] = [:]
    /// Module → the (package, product) pairs that provide it, sorted.
    private var owners: [String: [(package: String, product: String)]] = [:]

    public init(_ packages: [ExternalPackage] = []) {
        for package in packages where self.packages[package.identity] == nil { self.packages[package.identity] = package }
        for identity in self.packages.keys.sorted() {
            guard let package = self.packages[identity] else { continue }
            for product in package.libraries.keys.sorted() {
                for module in package.libraries[product] ?? [] { owners[module, default: []].append((identity, product)) }
            }
        }
    }

    public var isEmpty: Bool { packages.isEmpty }

    /// The products that provide a module, from the manifests read; empty when none of them does.
    public func owners(of module: String) -> [(package: String, product: String)] {
        owners[module] ?? []
    }

    /// What a declared product lets the target import: its modules (empty for a tool), or nil when they cannot be
    /// known (its package's manifest was not read, or a product named without its package matches several).
    public func modules(ofProduct product: String, package: String?) -> [String]? {
        if let package {
            guard let found = packages[package] else { return nil }
            if let modules = found.libraries[product] { return modules }
            return found.tools.contains(product) ? [] : nil
        }
        let matches = packages.values.filter { $0.libraries[product] != nil || $0.tools.contains(product) }
        guard matches.count == 1, let only = matches.first else { return nil }
        return only.libraries[product] ?? []
    }

    /// Whether the declared product is an executable, plugin or macro product.
    public func isTool(product: String, package: String?) -> Bool {
        modules(ofProduct: product, package: package)?.isEmpty == true
    }

    /// The modules an outside module re-exports.
    public func exports(of module: String) -> Set<String> {
        var result: Set<String> = []
        for owner in owners(of: module) { result.formUnion(packages[owner.package]?.exports[module] ?? []) }
        return result
    }
}
