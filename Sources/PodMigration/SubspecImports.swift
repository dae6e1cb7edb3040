import Diagnostics
import Files
import Paths
import SourceImports

/// A pod and its subspecs were one module under CocoaPods; under SwiftPM each subspec is a module of its own. So a Swift
/// file of a target that depends on a subspec also imports the subspec's module where SwiftPM builds it:
///
///     import NNModule_swift
///     #if SWIFT_PACKAGE
///     import NNModule_swiftURLRouter
///     #endif
///
/// (after its last unconditional import), and keeps compiling under CocoaPods. A file of the same pod needs it for every
/// subspec its target depends on; a file of another pod only when it imports that pod's module.
struct SubspecImports {
    /// The names of the repository's development pods.
    var localPods: [String]
    var fileSystem: any FileSystem

    /// The edits for one target's Swift files (paths relative to `directory`, the pod's folder).
    func edits(for target: PodMigration.Target, podName: String, directory: String) -> [PrefixHeaderUse.Edit] {
        let wanted = subspecModules(of: target, podName: podName)
        guard !wanted.isEmpty else { return [] }
        return target.sources.filter { $0.hasSuffix(".swift") }.compactMap { source in
            let file = target.path == "." ? source : PathArithmetic.join(target.path, source)
            return edit(file, in: directory, adding: wanted)
        }
    }

    /// A module to import under SwiftPM, and when: always (nil), or where the file imports the pod's module `when`, whose
    /// import SwiftPM cannot build when the target does not declare the pod's root product (`replaces`).
    private struct Wanted {
        var module: String
        var when: String?
        var replaces: Bool
    }

    private func subspecModules(of target: PodMigration.Target, podName: String) -> [Wanted] {
        let products = Set(target.dependencies.compactMap { dependency -> String? in
            if case .product(let name, _, _) = dependency { return name }
            return nil
        })
        return target.dependencies.compactMap { dependency in
            switch dependency {
            case .target(let name, _):
                return name == target.name ? nil : Wanted(module: PodMigrator.c99(name), when: nil, replaces: false)
            case .product(let name, _, _):
                guard let pod = pod(ofSubspecProduct: name), pod != podName else { return nil }
                return Wanted(module: PodMigrator.c99(name), when: PodMigrator.c99(pod), replaces: !products.contains(MigrationPlanner.targetName(pod)))
            }
        }
    }

    /// The local pod whose subspec `product` is (`NNModule-swiftURLRouter` → `NNModule-swift`), the longest name first.
    private func pod(ofSubspecProduct product: String) -> String? {
        localPods.map { ($0, MigrationPlanner.targetName($0)) }
            .filter { product != $0.1 && product.hasPrefix($0.1) }
            .max { $0.1.count < $1.1.count }?.0
    }

    private func edit(_ file: String, in directory: String, adding wanted: [Wanted]) -> PrefixHeaderUse.Edit? {
        let path = PathArithmetic.join(directory, file)
        guard let bytes = fileSystem.contents(of: path, upTo: ImportScanner.maximumBytes), let original = String(validating: bytes, as: UTF8.self),
              let scanned = ImportScanner.scan(files: [path], in: directory, fileSystem: fileSystem).first, scanned.problem == nil else { return nil }
        let imported = Set(scanned.imports.map(\.module))
        let missing = wanted.filter { !imported.contains($0.module) && $0.when.map(imported.contains) ?? true }
        guard !missing.isEmpty else { return nil }
        var lines = original.components(separatedBy: "\n")
        var added = Set(missing.map(\.module))
        // A pod module's own import, which SwiftPM cannot build here: the subspecs' imports in its place under SwiftPM.
        for pod in Set(missing.filter(\.replaces).compactMap(\.when)).sorted(by: >) {
            guard let line = scanned.imports.first(where: { $0.module == pod && $0.conditions.isEmpty })?.line, line <= lines.count,
                  lines[line - 1].trimmingCharacters(in: .whitespaces) == "import \(pod)" else { continue }
            let modules = missing.filter { $0.when == pod }.map(\.module).sorted()
            lines.replaceSubrange((line - 1)..<line, with: ["#if SWIFT_PACKAGE"] + modules.map { "import \($0)" } + ["#else", lines[line - 1], "#endif"])
            added.subtract(modules)
        }
        if !added.isEmpty {
            let after = scanned.imports.filter(\.conditions.isEmpty).map(\.line).max() ?? 0
            let shift = lines.count - original.components(separatedBy: "\n").count
            lines.insert(contentsOf: ["#if SWIFT_PACKAGE"] + added.sorted().map { "import \($0)" } + ["#endif"], at: min(after + shift, lines.count))
        }
        return PrefixHeaderUse.Edit(file: file, needs: Set(missing.map(\.module)).sorted().map { (line: "import \($0)", symbols: []) },
                                    edited: lines.joined(separator: "\n"), original: original)
    }
}
