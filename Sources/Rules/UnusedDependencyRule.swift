import Configuration
import DependencyGraph
import Diagnostics

/// A declared dependency that none of the target's files imports: a local module, or an outside product whose manifest was read.
public struct UnusedDependencyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: "unused-dependency",
        name: "Unused dependency",
        summary: "A target declares a dependency on a local module, or on a product of an outside package whose checkout is on disk, that none of its files imports.",
        rationale: "Every declared dependency is built before the target and rebuilt with it, and it draws an edge in the graph every check reads: one the code does not use slows builds and hides the real structure.",
        defaultSeverity: .warning,
        nonTriggeringExamples: [
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import NXKit\n")]),
            // Reached through a module that re-exports it.
            RuleExample([
                ("App", RuleExample.package("App", targets: [("App", ["\"Core\"", "\"Base\""]), ("Core", ["\"Base\""]), ("Base", [])])),
            ], sources: [("App/Sources/App/App.swift", "import Core\n"), ("App/Sources/Core/Core.swift", "@_exported import Base\n")]),
            // An outside product whose package is not checked out: its modules cannot be known.
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                    packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\n")]),
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                    packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import AnalyticsCore\n")], checkouts: [("swift-analytics", RuleExample.outsidePackage("swift-analytics", products: [("Analytics", ["Analytics"])], targets: [("AnalyticsCore", []), ("Analytics", ["AnalyticsCore"])]))]),
        ],
        triggeringExamples: [
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", ["↓.product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\n")]),
            // Its checkout says which modules the product provides, and no file imports one.
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", ["↓.product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                    packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\n")], checkouts: [("swift-analytics", RuleExample.outsidePackage("swift-analytics", products: [("Analytics", ["Analytics"])], targets: [("AnalyticsCore", []), ("Analytics", ["AnalyticsCore"])]))]),
        ]
    )

    /// Kinds of target nothing imports: a dependency on one is never unused.
    private static func isImported(_ target: GraphTarget) -> Bool {
        switch target.type {
        case .executable, .plugin, .macro, .binary, .system: false
        default: true
        }
    }

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        guard graph.importsRead else { return [] }
        // A declared entry (a product may hold several targets) is used when any of its targets' modules is imported,
        // directly or through a module that re-exports it.
        // Entries in the order first seen, each by the index of its first edge and the numbers of the targets it
        // names (numbers, not the edges themselves: copying those was most of the rule's time).
        let localEdges = graph.localEdges
        var entryOf: [EntryKey: Int] = [:]
        entryOf.reserveCapacity(localEdges.count)
        var entries: [(edge: Int, to: [Int])] = []
        for index in localEdges.indices {
            let from = localEdges[index].edge.fromNumber
            guard !localEdges[index].edge.viaImport, graph.importedModules[from] != nil else { continue }
            let key = EntryKey(target: from, line: localEdges[index].edge.location.line ?? 0, column: localEdges[index].edge.location.column ?? 0)
            if let entry = entryOf[key] {
                entries[entry].to.append(localEdges[index].to.number)
            } else {
                entryOf[key] = entries.count
                entries.append((index, [localEdges[index].to.number]))
            }
        }
        var exportsOfModule: [String: Set<String>] = [:]
        for (number, exported) in graph.exportedModules {
            exportsOfModule[graph.sortedTargets[number].module, default: []].formUnion(exported)
        }
        // A pod's subspecs build one module: what any of its files imports is used by all of them.
        // Targets are numbered package by package: a package is known by the number of its first target.
        let targets = graph.sortedTargets
        var packageOf = [Int](repeating: 0, count: targets.count)
        for number in targets.indices.dropFirst() {
            packageOf[number] = targets[number].id.package == targets[number - 1].id.package ? packageOf[number - 1] : number
        }
        var targetsOfModule: [ModuleKey: [Int]] = [:]
        for number in graph.importedModules.keys {
            targetsOfModule[ModuleKey(package: packageOf[number], module: targets[number].module), default: []].append(number)
        }
        var sharedImports: [ModuleKey: Set<String>] = [:]
        for (key, numbers) in targetsOfModule where numbers.count > 1 {
            sharedImports[key] = numbers.reduce(into: Set<String>()) { $0.formUnion(graph.importedModules[$1] ?? []) }
        }
        let imports = { [sharedImports, packageOf] (target: GraphTarget) -> Set<String>? in
            guard let own = graph.importedModules[target.number] else { return nil }
            guard !sharedImports.isEmpty else { return own }
            return sharedImports[ModuleKey(package: packageOf[target.number], module: target.module)] ?? own
        }
        // Where the non-test targets of each package declare their dependencies: a pod's test spec inherits its spec's
        // `s.dependency` lines, and an inherited line is reported, if at all, for the spec. Only the test targets'
        // places are looked up.
        var testPlaces: Set<PlaceKey> = []
        for entry in entries where localEdges[entry.edge].from.isTest {
            let edge = localEdges[entry.edge].edge
            testPlaces.insert(PlaceKey(package: packageOf[edge.fromNumber], location: edge.location))
        }
        var declaredByCode: Set<PlaceKey> = []
        if !testPlaces.isEmpty {
            for (edge, from, _) in graph.localEdges where !from.isTest && !edge.viaImport {
                let place = PlaceKey(package: packageOf[from.number], location: edge.location)
                if testPlaces.contains(place) { declaredByCode.insert(place) }
            }
        }
        var findings: [Finding] = []
        for entry in entries {
            let (edge, from, _) = localEdges[entry.edge]
            let targets = entry.to.map { graph.sortedTargets[$0] }
            guard let imported = imports(from), let first = targets.first else { continue }
            if !targets.allSatisfy(Self.isImported) { continue }
            if from.isTest && targets.contains(where: { $0.component == from.component }) { continue }
            if from.isTest && declaredByCode.contains(PlaceKey(package: packageOf[from.number], location: edge.location)) { continue }
            // Within one module (subspecs of a pod) there is nothing to import.
            if targets.contains(where: { $0.module == from.module }) { continue }
            if targets.contains(where: { imported.contains($0.module) }) { continue }
            if !exportsOfModule.isEmpty {
                let modules = Set(targets.map(\.module))
                if imported.contains(where: { !(exportsOfModule[$0] ?? []).isDisjoint(with: modules) }) { continue }
            }
            findings.append(finding("\(from.label) declares a dependency on \(edge.written), which none of its files imports",
                                    fix: "remove this entry (\(edge.written)) from the dependencies of \(from.id.name), or import it where the code uses it",
                                    at: edge.location, from: from.id.name, to: first.id.name))
        }
        // A product of an outside package: decided only when its package's manifest was read (its checkout).
        for edge in graph.edges {
            guard case let .external(package, product) = edge.to, let imported = imports(graph.sortedTargets[edge.fromNumber]),
                  let modules = graph.externalModules.modules(ofProduct: product, package: package), !modules.isEmpty else { continue }
            let provided = Set(modules)
            guard imported.isDisjoint(with: provided), !imported.contains(where: {
                !(exportsOfModule[$0] ?? []).isDisjoint(with: provided) || !graph.externalModules.exports(of: $0).isDisjoint(with: provided)
            }) else { continue }
            let from = graph.sortedTargets[edge.fromNumber]
            let which = modules == [product] ? "" : " (modules \(modules.joined(separator: ", ")))"
            findings.append(finding("\(from.label) declares a dependency on \(edge.written)\(which), which none of its files imports",
                                    fix: "remove this entry (\(edge.written)) from the dependencies of \(from.id.name), or import it where the code uses it",
                                    at: edge.location, from: from.id.name, to: product))
        }
        return findings
    }
}

/// A manifest entry of one target: the targets of a product share it.
private struct EntryKey: Hashable {
    var target: Int
    var line: Int
    var column: Int
}

/// A module of one package (a pod's subspecs share one); the package by its first target's number.
private struct ModuleKey: Hashable {
    var package: Int
    var module: String
}

/// A manifest entry's place in one package (by its first target's number). Hashed by line and column: within a
/// package the file is nearly always the same, and hashing its path for every edge was most of the rule's time.
private struct PlaceKey: Hashable {
    var package: Int
    var location: FileLocation

    func hash(into hasher: inout Hasher) {
        hasher.combine(package)
        hasher.combine(location.line)
        hasher.combine(location.column)
    }
}
