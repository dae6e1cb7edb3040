import Configuration
import DependencyGraph
import Diagnostics

/// A declared dependency that none of the target's files imports: a local module, or an outside product whose manifest was read.
public struct UnusedDependencyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unusedDependency,
        name: "Unused dependency",
        summary: "A target declares a dependency on a local module, or on a product of an outside package whose checkout is on disk, that none of its files imports.",
        rationale: "Every declared dependency is built before the target and rebuilt with it, and it draws an edge in the graph every check reads: one the code does not use slows builds and hides the real structure.",
        details: "a declared dependency on a local module (a target, or every target of a product), or on a product of an outside package whose checkout is on disk, that none of the target's files imports, directly or through a module that re-exports it (`@_exported import`); not for executables, plugins, macros, binary and system-library targets, a test target's dependency on what it tests, outside products whose package is not checked out (their modules cannot be known), or a target whose files could not be read",
        remedy: "remove the entry, or import it where the code uses it",
        defaultSeverity: .warning,
        cost: .everyImport,
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
        guard let imports = graph.imports else { return [] }
        return localFindings(in: graph, imports: imports) + outsideFindings(in: graph, imports: imports)
    }

    /// A declared entry (a product may hold several targets) is used when any of its targets' modules is imported,
    /// directly or through a module that re-exports it.
    private func localFindings(in graph: DependencyGraph, imports: ImportIndex) -> [Finding] {
        var findings: [Finding] = []
        for entry in graph.manifestEntries where !entry.isInherited {
            let (edge, from, _) = graph.localEdges[entry.edge]
            guard let imported = imports.importedModules[from.number] else { continue }
            let targets = entry.targets.map { graph.sortedTargets[$0] }
            guard let first = targets.first, targets.allSatisfy(Self.isImported) else { continue }
            if from.isTest && targets.contains(where: { $0.component == from.component }) { continue }
            // Within one module (subspecs of a pod) there is nothing to import.
            if targets.contains(where: { $0.module == from.module || imported.contains($0.module) }) { continue }
            if !imports.reexports.isEmpty {
                let modules = Set(targets.map(\.module))
                if imported.contains(where: { !(imports.reexports[$0] ?? []).isDisjoint(with: modules) }) { continue }
            }
            findings.append(finding("\(from.label) declares a dependency on \(edge.written), which none of its files imports",
                                    fix: "remove this entry (\(edge.written)) from the dependencies of \(from.id.name), or import it where the code uses it",
                                    at: edge.location, from: from.id.name, to: first.id.name))
        }
        return findings
    }

    /// A product of an outside package: decided only when its package's manifest was read (its checkout).
    private func outsideFindings(in graph: DependencyGraph, imports: ImportIndex) -> [Finding] {
        var findings: [Finding] = []
        for edge in graph.edges {
            guard case let .external(package, product) = edge.to, let imported = imports.importedModules[edge.fromNumber],
                  let modules = imports.external.modules(ofProduct: product, package: package), !modules.isEmpty else { continue }
            let provided = Set(modules)
            guard imported.isDisjoint(with: provided), !imported.contains(where: {
                !(imports.reexports[$0] ?? []).isDisjoint(with: provided) || !imports.external.exports(of: $0).isDisjoint(with: provided)
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

extension RuleID {
    public static let unusedDependency: RuleID = "unused-dependency"
}
