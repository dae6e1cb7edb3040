import Configuration
import Diagnostics
import Parallel
import Paths

/// One `import` in a target's sources, as the graph needs it.
public struct SourceImportUse: Sendable, Hashable {
    public var module: String
    public var location: FileLocation
    /// Inside `#if canImport(…)`: the target builds without the module.
    public var isOptional: Bool
    /// `@_exported import`: whoever imports this target sees the module too.
    public var isExported: Bool

    public init(module: String, location: FileLocation, isOptional: Bool = false, isExported: Bool = false) {
        self.module = module
        self.location = location
        self.isOptional = isOptional
        self.isExported = isExported
    }
}

/// An import of a product of a package from outside the repository that the importing target does not declare.
public struct UndeclaredExternalImport: Sendable {
    public var from: GraphTarget
    /// The module imported.
    public var module: String
    /// The product that provides it: from its package's manifest when that was read, else the module's name.
    public var product: String
    /// The identity of the package some manifest of the repository declares the product from.
    public var package: String
    public var location: FileLocation
    public var otherLocations: [FileLocation]
}

/// What one target's sources import.
public struct TargetSourceImports: Sendable {
    public var target: TargetID
    /// Sorted by file, line and column.
    public var uses: [SourceImportUse]

    public init(target: TargetID, uses: [SourceImportUse]) {
        self.target = target
        self.uses = uses
    }
}

extension DependencyGraph {
    /// SDK and toolchain modules: never an edge.
    public static let systemModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Swift", "_Concurrency", "_StringProcessing",
        "Darwin", "Glibc", "Musl", "WinSDK", "ucrt", "CRT", "Dispatch", "os", "ObjectiveC", "XCTest", "Testing", "Combine", "SwiftUI",
        "UIKit", "AppKit", "WatchKit", "TVUIKit", "CoreFoundation", "CoreGraphics", "CoreImage", "CoreText", "CoreData", "CoreLocation",
        "CoreML", "CoreMotion", "CoreBluetooth", "CoreMedia", "CoreVideo", "CoreAudio", "CoreHaptics", "CoreTelephony", "QuartzCore",
        "AVFoundation", "AVKit", "Photos", "PhotosUI", "MapKit", "WebKit", "SafariServices", "StoreKit", "UserNotifications", "Network",
        "Security", "LocalAuthentication", "AuthenticationServices", "CryptoKit", "Accelerate", "Metal", "MetalKit", "SceneKit",
        "SpriteKit", "ARKit", "RealityKit", "Vision", "NaturalLanguage", "Speech", "HealthKit", "HomeKit", "CloudKit", "GameKit",
        "Contacts", "ContactsUI", "EventKit", "EventKitUI", "MessageUI", "Social", "Intents", "IntentsUI", "WidgetKit", "ActivityKit",
        "AppIntents", "BackgroundTasks", "PassKit", "PDFKit", "QuickLook", "SwiftData", "Observation", "OSLog", "MultipeerConnectivity",
        "SystemConfiguration", "UniformTypeIdentifiers", "LinkPresentation", "Charts", "PackageDescription", "PackagePlugin",
        "XCTestDynamicOverlay", "Synchronization", "RegexBuilder", "Distributed", "simd", "zlib", "libkern", "SwiftShims",
    ]

    /// The graph with the imports of its targets' sources: an import of a local module the importing target does not
    /// declare (directly) becomes an edge of ``importEdges``, located at the first file that imports it, which
    /// `upward`, `horizontal` and `implicit-dependency` then check. Optional imports (`#if canImport`), system modules,
    /// `ignore`d modules and a target's own module are left out.
    /// A module of an outside package counts as declared when a declared product provides it (from the package's
    /// manifest in `external`, else a product of the module's name); when a declared product of its package cannot
    /// be known, the import is not decided.
    public func withImports(_ imports: [TargetSourceImports], systemModules: Set<String> = DependencyGraph.systemModules,
                            ignore: [Glob] = [], external outside: ExternalModules = ExternalModules()) -> DependencyGraph {
        var graph = self
        graph.externalModules = outside
        var modules: [String: [GraphTarget]] = [:]
        for target in sortedTargets where !target.isTest { modules[target.module, default: []].append(target) }
        // External products by name, from every manifest's entries, and what each target declares of them. Without its
        // package's manifest, a product's module is taken to be its name.
        var externalProducts: [String: String] = [:]
        var declaredExternal: [Int: [(package: String?, product: String)]] = [:]
        for edge in self.edges {
            guard case let .external(package, product) = edge.to else { continue }
            if let package, externalProducts[product] == nil { externalProducts[product] = package }
            declaredExternal[edge.fromNumber, default: []].append((package, product))
        }
        let context = ImportContext(modules: modules, externalProducts: externalProducts, declaredExternal: declaredExternal,
                                    systemModules: systemModules, ignore: ignore, outside: outside)
        // Each target's imports are decided on their own: in slices on every core, joined in the targets' order.
        let results = inSlices(of: imports.count, minimumSliceSize: 16, slicesPerCore: 16) { slice in
            slice.compactMap { index in self.importResult(imports[index], context: context) }
        }
        var imported: [Int: Set<String>] = [:], exported: [Int: Set<String>] = [:]
        imported.reserveCapacity(results.count)
        for result in results {
            if imported[result.from] == nil { imported[result.from] = result.imported } else { imported[result.from]?.formUnion(result.imported) }
            if !result.exported.isEmpty { exported[result.from, default: []].formUnion(result.exported) }
        }
        graph.importEdges = results.flatMap(\.edges)
        graph.undeclaredExternalImports = results.flatMap(\.external)
        graph.importsRead = true
        graph.importedModules = imported
        graph.exportedModules = exported
        releaseInBackground(results)
        return graph
    }

    /// What ``withImports(_:systemModules:ignore:external:)`` needs of the whole graph, built once.
    private struct ImportContext: Sendable {
        var modules: [String: [GraphTarget]]
        var externalProducts: [String: String]
        var declaredExternal: [Int: [(package: String?, product: String)]]
        var systemModules: Set<String>
        var ignore: [Glob]
        var outside: ExternalModules
    }

    /// One target's undeclared imports, and every module its files import or re-export.
    private struct ImportResult: Sendable {
        var from: Int
        var edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]
        var external: [UndeclaredExternalImport]
        var imported: Set<String>
        var exported: Set<String>
    }

    private func importResult(_ targetImports: TargetSourceImports, context: ImportContext) -> ImportResult? {
        guard let from = target(targetImports.target) else { return nil }
        let outside = context.outside
        let declared = Set(successors[from.number])
        let ownModule = from.module
        var byModule: [Int: [SourceImportUse]] = [:]
        var order: [Int] = []
        var externalUses: [String: [SourceImportUse]] = [:]
        var externalOrder: [String] = []
        var imported: Set<String> = [], exported: Set<String> = []
        for use in targetImports.uses {
            imported.insert(use.module)
            if use.isExported { exported.insert(use.module) }
            guard !use.isOptional, use.module != ownModule, !context.systemModules.contains(use.module),
                  !context.ignore.contains(where: { $0.matches(use.module) }) else { continue }
            let candidates = context.modules[use.module]
            if candidates == nil {
                let mine = context.declaredExternal[from.number] ?? []
                let owners = outside.owners(of: use.module)
                if let owner = owners.first(where: { $0.product == use.module }) ?? owners.first {
                    var decided = true
                    let declared = mine.contains { entry in
                        guard let provided = outside.modules(ofProduct: entry.product, package: entry.package) else {
                            if entry.package == nil || owners.contains(where: { $0.package == entry.package }) { decided = false }
                            return false
                        }
                        return provided.contains(use.module) || provided.contains { outside.exports(of: $0).contains(use.module) }
                    }
                    guard !declared, decided else { continue }
                    let key = owner.package + "\u{0}" + owner.product + "\u{0}" + use.module
                    if externalUses[key] == nil { externalOrder.append(key) }
                    externalUses[key, default: []].append(use)
                    continue
                }
                if let package = context.externalProducts[use.module] {
                    // Undecidable when the target declares another product of that package (it may hold the module),
                    // or a product by bare name (its package is not known).
                    guard !mine.contains(where: { $0.product == use.module || $0.package == package || $0.package == nil }) else { continue }
                    let key = package + "\u{0}" + use.module + "\u{0}" + use.module
                    if externalUses[key] == nil { externalOrder.append(key) }
                    externalUses[key, default: []].append(use)
                    continue
                }
            }
            guard let candidates, !candidates.contains(where: { declared.contains($0.number) }) else { continue }
            let to = candidates.first { $0.id.package == from.id.package } ?? candidates[0]
            if byModule[to.number] == nil { order.append(to.number) }
            byModule[to.number, default: []].append(use)
        }
        var external: [UndeclaredExternalImport] = []
        for key in externalOrder {
            let parts = key.split(separator: "\u{0}", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3, let uses = externalUses[key], let first = uses.first else { continue }
            external.append(UndeclaredExternalImport(from: from, module: parts[2], product: parts[1], package: parts[0], location: first.location,
                                                     otherLocations: uses.dropFirst().map(\.location)))
        }
        var edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)] = []
        for number in order {
            let uses = byModule[number, default: []]
            guard let first = uses.first else { continue }
            let to = sortedTargets[number]
            let edge = Edge(from: from.id, to: .target(to.id), written: "import \(first.module)", location: first.location,
                            fromNumber: from.number, toNumber: number, viaImport: true, otherLocations: uses.dropFirst().map(\.location))
            edges.append((edge, from, to))
        }
        return ImportResult(from: from.number, edges: edges, external: external, imported: imported, exported: exported)
    }

    /// The module a target builds: its name with every character not allowed in a C identifier made `_` (`my-lib` →
    /// `my_lib`).
    public static func moduleName(of targetName: String) -> String {
        if let first = targetName.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first), targetName.utf8.allSatisfy({ byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }) {
            return targetName
        }
        var name = String(targetName.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" ? Character(scalar) : "_"
        })
        if let first = name.unicodeScalars.first, ("0"..."9").contains(first) { name = "_" + name }
        return name
    }
}
