import DependencyGraph
import Diagnostics
import Discovery
import Foundation
import PackageModel
import Paths

/// Repairs of a misspelt name or path (`unresolved`), made only when certain: the written name is a typo
/// (``NearName``) of exactly one candidate, nothing else comes close, and the code imports what the candidate provides.
/// Else the finding is left, saying which one was meant cannot be known.
extension FixPlanner {
    /// A repair of one entry: the edit, what the fix line says, and what the entry names once repaired.
    struct Repair {
        var edit: PlannedEdit
        var description: String
        var key: String
    }

    mutating func planRepair(_ finding: Finding) throws(NotFixable) {
        if let missing = graph.missingPackages.first(where: { $0.location == finding.location }) {
            return try planPathRepair(finding, missing)
        }
        guard let edge = graph.edges.first(where: { $0.location == finding.location && Self.isUnresolved($0) }) else {
            throw NotFixable("fix does not edit for this finding; \(finding.fix)", kind: .forAPerson)
        }
        let from = graph.sortedTargets[edge.fromNumber]
        try refuseXcode(from, finding)
        guard let repair = try nameRepair(edge, from: from) else {
            let name = dependency(at: edge.location, of: from)?.name ?? edge.written
            throw NotFixable("no name declared is near '\(name)'; \(finding.fix)", kind: .forAPerson)
        }
        add(repair.edit, in: package(of: from), for: Need(finding: finding, description: repair.description))
    }

    static func isUnresolved(_ edge: Edge) -> Bool {
        if case .unresolved = edge.to { return true }
        return false
    }

    // MARK: - Paths

    /// A `.package(path:)` to a folder without a manifest: replaced by the folder beside it that the typo meant.
    private mutating func planPathRepair(_ finding: Finding, _ missing: MissingPackageReference) throws(NotFixable) {
        guard let owner = project.workspace.packages.first(where: { $0.manifestPath == finding.location.path }),
              let line = finding.location.line, let column = finding.location.column else {
            throw NotFixable("fix does not edit for this finding; \(finding.fix)", kind: .forAPerson)
        }
        guard !owner.isXcodeProject else { throw NotFixable("Xcode projects are not edited; \(finding.fix)", kind: .xcode) }
        guard owner.manifest.kind != .pod else { throw NotFixable("fix edits only the paths of a Package.swift; \(finding.fix)", kind: .forAPerson) }
        guard let suggestion = missing.suggestion else {
            throw NotFixable("no folder beside it with \(missing.expectedFile) has a near name; \(finding.fix)", kind: .forAPerson)
        }
        do throws(NotFixable) {
            try requireCertain(missing, suggestion: suggestion, in: owner)
        } catch {
            throw NotFixable("which package was meant cannot be known: \(error.reason); if it is '\(suggestion)', write it by hand", kind: .uncertain)
        }
        let edit = PlannedEdit(file: manifestFile(of: owner), line: line, column: column, intent: .replacePath(suggestion), package: owner.relativeDirectory,
                               target: nil)
        add(edit, in: owner, for: Need(finding: finding, description: "replace the path '\(missing.written)' with '\(suggestion)'"))
    }

    /// Throws why the folder `check` suggests may not be the one meant: not a typo of the path's last part, or another
    /// folder as near; not a package read; already declared; without a product the manifest names from the missing
    /// package; or none of its modules imported by the targets naming them.
    private func requireCertain(_ missing: MissingPackageReference, suggestion: String, in owner: LocalPackage) throws(NotFixable) {
        guard let directory = project.workspace.missing.first(where: { $0.location == missing.location })?.directory else {
            throw NotFixable("the entry is no longer in the graph")
        }
        let parent = PathArithmetic.resolve("..", from: directory)
        let written = PathArithmetic.lastComponent(of: directory), meant = PathArithmetic.lastComponent(of: PathArithmetic.resolve(suggestion, from: owner.directory))
        let folders = project.fileSystem.listing(of: parent)?.entries.filter { entry in
            entry.kind == .folder && project.fileSystem.status(of: PathArithmetic.join(PathArithmetic.join(parent, entry.name), missing.expectedFile)).exists
        }.map(\.name) ?? []
        guard NearName.certain(written, among: folders) == meant else {
            throw NotFixable(NearName.isTypo(written, of: meant) ? "another folder beside it is as near as '\(meant)'"
                : "'\(meant)' is \(NearName.distance(written, meant)) letters from '\(written)', more than a typo")
        }
        let target = project.fileSystem.realPath(PathArithmetic.join(parent, meant))
        guard let candidate = project.workspace.packages.first(where: { $0.directory == target }) else {
            throw NotFixable("'\(suggestion)' is not among the packages read")
        }
        if owner.localDependencies.values.contains(candidate.directory) {
            throw NotFixable("\(owner.manifestPath) already declares the package at '\(suggestion)', so the path cannot be that one (remove the entry if nothing needs it)")
        }
        try requireProducts(of: candidate, namedFrom: PackageDependency.identity(forLocation: directory), in: owner)
    }

    /// Every product the targets of `owner` name from the missing package must be one of the candidate's, named by its
    /// identity, and the code must import one of them.
    private func requireProducts(of candidate: LocalPackage, namedFrom missing: String, in owner: LocalPackage) throws(NotFixable) {
        let identity = PackageDependency.identity(forLocation: candidate.directory)
        let index = project.workspace.packages.firstIndex { $0.directory == owner.directory }
        var imported = false, named = false
        for edge in graph.edges where graph.sortedTargets[edge.fromNumber].packageIndex == index {
            guard case let .unavailable(package, product) = edge.to, package == missing else { continue }
            named = true
            let from = graph.sortedTargets[edge.fromNumber]
            guard let declared = candidate.manifest.products.first(where: { $0.name == product }) else {
                throw NotFixable("'\(candidate.relativeDirectory)' has no product \(product), which \(from.id.name) names")
            }
            if let written = dependency(at: edge.location, of: from)?.package, written.lowercased() != identity {
                throw NotFixable("\(from.id.name) names the package '\(written)', not '\(identity)'")
            }
            let modules = moduleNames(of: declared.targets, in: candidate)
            imported = imported || !(graph.imports?.importedModules[from.number] ?? []).isDisjoint(with: modules)
        }
        guard named else { throw NotFixable("no target names a product of it, so the code cannot tell which package was meant") }
        guard imported else { throw NotFixable("no code of \(owner.manifest.name) imports a module of what '\(candidate.relativeDirectory)' provides") }
    }

    // MARK: - Names

    /// A misspelt product or target name, replaced by the name meant; nil when no name is near.
    func nameRepair(_ edge: Edge, from: GraphTarget) throws(NotFixable) -> Repair? {
        let owner = package(of: from)
        guard owner.manifest.kind != .pod, let dependency = dependency(at: edge.location, of: from),
              let line = edge.location.line, let column = edge.location.column else { return nil }
        let candidates = nameCandidates(of: dependency, from: from, in: owner)
        let limit = max(2, dependency.name.count / 3)
        guard candidates.keys.contains(where: { EditDistance.between(dependency.name.lowercased(), $0.lowercased()) <= limit }) else { return nil }
        guard let meant = NearName.certain(dependency.name, among: Array(candidates.keys)) else {
            throw NotFixable("which one was meant cannot be known: more than one name is near '\(dependency.name)', or none is one typo away; fix the name by hand",
                             kind: .uncertain)
        }
        guard !(graph.imports?.importedModules[from.number] ?? []).isDisjoint(with: candidates[meant] ?? []) else {
            throw NotFixable("which one was meant cannot be known: \(from.id.name) imports no module of '\(meant)', the near name; fix the name by hand",
                             kind: .uncertain)
        }
        let key = dependency.kind == .product ? "product:\(meant)|" + (dependency.package ?? dependency.name).lowercased() : "name:" + meant
        let edit = PlannedEdit(file: manifestFile(of: owner), line: line, column: column, intent: .replaceName(meant), package: owner.relativeDirectory,
                               target: from.id.name)
        return Repair(edit: edit, description: "replace the name '\(dependency.name)' with '\(meant)' in the dependencies of \(from.id.name)", key: key)
    }

    /// The names the entry may have meant, with the modules each provides: the products of the package a
    /// `.product(package:)` names; the package's other targets for a `.target(name:)`, and the products of its local
    /// dependencies too for a bare name.
    private func nameCandidates(of dependency: TargetDependency, from: GraphTarget, in owner: LocalPackage) -> [String: Set<String>] {
        var candidates: [String: Set<String>] = [:]
        func products(of package: LocalPackage) {
            for product in package.manifest.products where product.type == .library { candidates[product.name] = moduleNames(of: product.targets, in: package) }
        }
        switch dependency.kind {
        case .product:
            let name = dependency.package ?? dependency.name
            guard let declared = owner.manifest.dependencies.first(where: { $0.identity == name.lowercased() || $0.name == name }),
                  let directory = owner.localDependencies[declared.location],
                  let provider = project.workspace.packages.first(where: { $0.directory == directory }) else { return [:] }
            products(of: provider)
        case .target, .byName:
            for target in owner.manifest.targets where target.name != from.id.name { candidates[target.name] = moduleNames(of: [target.name], in: owner) }
            guard dependency.kind == .byName else { break }
            for directory in owner.localDependencies.values {
                if let provider = project.workspace.packages.first(where: { $0.directory == directory }) { products(of: provider) }
            }
        }
        return candidates
    }

    /// The modules the named targets of a package build.
    private func moduleNames(of targets: [String], in package: LocalPackage) -> Set<String> {
        let index = graph.packages.firstIndex { $0.directory == package.directory }
        return Set(graph.sortedTargets.filter { $0.packageIndex == index && targets.contains($0.id.name) }.map(\.module))
    }

    /// The manifest entry of `target` written at `location`.
    func dependency(at location: FileLocation, of target: GraphTarget) -> TargetDependency? {
        package(of: target).manifest.target(named: target.id.name)?.dependencies.first {
            $0.position?.line == location.line && $0.position?.column == location.column
        }
    }

    /// When the target has an entry of the same package (or a bare name) whose misspelt name is what `element` adds: the
    /// repair of that name, so that no second entry is written beside the wrong one. An entry near it that is not
    /// certainly the one meant leaves the addition undecided.
    mutating func repair(of target: GraphTarget, providing element: String) throws(NotFixable) -> Repair? {
        let key = PackageManifestEditor.entryKey(of: element)
        guard let wanted = Self.nameAndPackage(ofKey: key) else { return nil }
        if unresolvedEdges == nil {
            unresolvedEdges = Dictionary(grouping: graph.edges.filter(Self.isUnresolved), by: \.fromNumber)
        }
        for edge in unresolvedEdges?[target.number] ?? [] {
            guard let dependency = dependency(at: edge.location, of: target),
                  (dependency.package ?? "").lowercased() == (wanted.package ?? "").lowercased() || wanted.package == nil,
                  EditDistance.between(dependency.name.lowercased(), wanted.name.lowercased()) <= max(2, dependency.name.count / 3) else { continue }
            if let repair = try? nameRepair(edge, from: target), repair.key == key { return repair }
            throw NotFixable("the entry '\(edge.written)' of \(target.id.name) may be \(wanted.name) misspelt, and which one was meant cannot be known; fix its name by hand",
                             kind: .uncertain)
        }
        return nil
    }

    /// `(name, package)` of an entry's key (``PackageManifestEditor/entryKey(of:)``): the package is nil for a name.
    static func nameAndPackage(ofKey key: String) -> (name: String, package: String?)? {
        if key.hasPrefix("name:") { return (String(key.dropFirst(5)), nil) }
        guard key.hasPrefix("product:"), let bar = key.lastIndex(of: "|") else { return nil }
        return (String(key[key.index(key.startIndex, offsetBy: 8)..<bar]), String(key[key.index(after: bar)...]))
    }
}
