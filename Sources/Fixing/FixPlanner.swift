import DependencyGraph
import Diagnostics
import Discovery
import Files
import Configuration
import Foundation
import ManifestReading
import Paths
import Rules

/// What `fix` plans on: the repository's packages, its layering, and the file system its manifests are read from.
public struct FixRepository: Sendable {
    public var workspace: Workspace
    /// The configuration the graph was built with (its layers and third-party policy).
    public var layering: Configuration
    public var fileSystem: any FileSystem

    public init(workspace: Workspace, layering: Configuration, fileSystem: any FileSystem) {
        self.workspace = workspace
        self.layering = layering
        self.fileSystem = fileSystem
    }
}

/// Turns `check`'s implicit-dependency, unused-dependency and pod-package-mismatch findings into manifest edits, file by file: what each finding needs
/// (an entry added to a target, a package added, an entry removed), then the edits made on each file's own text. A
/// finding whose edit would make `check` report something new (a cycle, a third-party package the layer may not use),
/// or that the edit cannot place exactly, is not fixed, with the reason.
public struct FixPlanner {
    let project: FixRepository
    let graph: DependencyGraph
    public private(set) var files: [String: FilePlan] = [:]
    public private(set) var notFixed: [FixOutcome.NotFixed] = []
    private var migrating: [MigratingComponent]?

    /// One position in a manifest.
    struct Position: Hashable, Comparable, Sendable {
        var line: Int
        var column: Int

        static func < (lhs: Position, rhs: Position) -> Bool { (lhs.line, lhs.column) < (rhs.line, rhs.column) }
    }

    /// An edit one finding needs, described as the fix names it.
    public struct Need: Sendable {
        var finding: Finding
        var description: String
    }

    /// What one file's findings need.
    public struct FilePlan: Sendable {
        public var shown: String
        var isPodspec: Bool
        var targetAdds: [Position: [(element: String, need: Need, package: String?)]] = [:]
        var packageAdds: [String: [Need]] = [:]
        var removals: [(position: Position, need: Need, package: String?)] = []
        var podAdds: [Int: [(name: String, need: Need)]] = [:]
        var podRemovals: [(line: Int, need: Need)] = []
        var pathReplacements: [(position: Position, path: String, need: Need)] = []
    }

    public init(repository project: FixRepository, graph: DependencyGraph) {
        self.project = project
        self.graph = graph
    }

    public mutating func plan(_ finding: Finding) {
        do throws(NotFixable) {
            switch finding.rule {
            case .implicitDependency: try planAddition(finding)
            case .unusedDependency: try planRemoval(finding)
            case .podPackageMismatch: try planMismatch(finding)
            case .unresolved: try planPathReplacement(finding)
            default: throw NotFixable("fix does not edit for \(finding.rule) findings; see the fix line")
            }
        } catch {
            notFixed.append(FixOutcome.NotFixed(finding: finding, reason: error.reason))
        }
    }

    // MARK: - Implicit dependencies

    private mutating func planAddition(_ finding: Finding) throws(NotFixable) {
        if let local = graph.importEdges.first(where: { $0.edge.location == finding.location && $0.from.id.name == finding.key.from }) {
            return try planLocalAddition(finding, from: local.from, to: local.to)
        }
        if let outside = graph.imports?.undeclaredExternal.first(where: { $0.location == finding.location && $0.from.id.name == finding.key.from }) {
            return try planOutsideAddition(finding, outside)
        }
        throw NotFixable("the import behind this finding is no longer in the graph")
    }

    private mutating func planLocalAddition(_ finding: Finding, from: GraphTarget, to: GraphTarget) throws(NotFixable) {
        try refuseXcode(from, finding)
        if graph.chain(from: [to], to: [from]) != nil {
            throw NotFixable("\(to.id.name) already depends on \(from.id.name): declaring it would close a cycle; the code needs to change")
        }
        let fromPackage = package(of: from)
        if fromPackage.manifest.reader.isPodspec {
            guard from.id.package != to.id.package, let product = graph.products(holding: to).first else {
                throw NotFixable("\(to.id.name) is part of the same pod; CocoaPods builds it into one module")
            }
            return try planPodAddition(finding, from: from, name: product)
        }
        if from.id.package == to.id.package {
            return addToTarget(from, element: "\"\(to.id.name)\"", need: Need(finding: finding, description: "add \"\(to.id.name)\" to \(from.id.name)"))
        }
        try addProduct(holding: to, to: from, finding: finding)
    }

    /// `.product(name:package:)` of the product holding `to` added to `from`, with `.package(path:)` when the package
    /// is not declared yet.
    private mutating func addProduct(holding to: GraphTarget, to from: GraphTarget, finding: Finding) throws(NotFixable) {
        let fromPackage = package(of: from), toPackage = package(of: to)
        guard !toPackage.manifest.reader.isPodspec else {
            throw NotFixable("\(to.packageName) is a pod: a Package.swift cannot depend on it until it is migrated (componentize migrate-pods)")
        }
        guard let product = graph.products(holding: to).first else { throw NotFixable("package \(to.packageName) has no product holding \(to.id.name)") }
        let declared = fromPackage.manifest.dependencies.first { fromPackage.localDependencies[$0.location] == toPackage.directory }
        // `.package(path: "../")` is named by the folder it leads to, as SwiftPM names it.
        let name = declared?.name ?? (toPackage.directory as NSString).lastPathComponent
        let element = ".product(name: \"\(product)\", package: \"\(name)\")"
        let packageEntry = declared == nil ? ".package(path: \"\(PathArithmetic.relative(toPackage.directory, to: fromPackage.directory))\")" : nil
        addToTarget(from, element: element, need: Need(finding: finding, description: "add \(element) to \(from.id.name)"), package: packageEntry)
    }

    private mutating func planOutsideAddition(_ finding: Finding, _ outside: UndeclaredExternalImport) throws(NotFixable) {
        let from = outside.from, fromPackage = package(of: from)
        try refuseXcode(from, finding)
        let layering = project.layering
        if let layer = from.layer, !layering.layers.isEmpty, layering.severities[.thirdParty] != .off,
           !layering.thirdParty.allowedLayers(package: outside.package, product: outside.product).contains(layer) {
            throw NotFixable("the \(layer) layer may not use \(outside.package) (third-party): declaring it would fail check; the code needs to change")
        }
        if fromPackage.manifest.reader.isPodspec { return try planPodAddition(finding, from: from, name: outside.product) }
        let declared = fromPackage.manifest.dependencies.first { $0.identity == outside.package }
        var packageEntry: String?
        if declared == nil {
            guard let entry = entryDeclaring(outside.package) else {
                throw NotFixable("no manifest of the repository declares package \(outside.package); add its .package(url:) entry by hand")
            }
            packageEntry = entry
        }
        let name = declared.map { $0.name ?? Self.writtenName(of: $0.location) } ?? Self.writtenName(ofEntry: packageEntry ?? outside.package)
        let element = ".product(name: \"\(outside.product)\", package: \"\(name)\")"
        addToTarget(from, element: element, need: Need(finding: finding, description: "add \(element) to \(from.id.name)"), package: packageEntry)
    }

    private mutating func planPodAddition(_ finding: Finding, from: GraphTarget, name: String) throws(NotFixable) {
        let package = package(of: from)
        let own = (package.manifest.target(named: from.id.name)?.dependencies ?? []).compactMap(\.position).filter { $0.line > (from.position?.line ?? 0) }
        guard let last = own.map(\.line).max() else {
            throw NotFixable("the spec of \(from.id.name) has no dependency line to place `dependency '\(name)'` beside; add it by hand")
        }
        let path = manifestFile(of: package)
        files[path, default: FilePlan(shown: package.manifestPath, isPodspec: true)].podAdds[last, default: []]
            .append((name, Need(finding: finding, description: "add dependency '\(name)' to \(from.id.name)")))
    }

    private mutating func addToTarget(_ target: GraphTarget, element: String, need: Need, package: String? = nil) {
        let owner = self.package(of: target)
        let position = Position(line: target.position?.line ?? 0, column: target.position?.column ?? 0)
        let path = manifestFile(of: owner)
        files[path, default: FilePlan(shown: owner.manifestPath, isPodspec: false)].targetAdds[position, default: []].append((element, need, package))
        if let package { files[path]?.packageAdds[package, default: []].append(need) }
    }

    // MARK: - A pod and its package disagreeing

    /// The side that lacks the entry gains it: the package a `.product` (the pod's dependency), the pod an
    /// `s.dependency` (the package's).
    private mutating func planMismatch(_ finding: Finding) throws(NotFixable) {
        if migrating == nil { migrating = graph.migratingComponents }
        for pair in migrating ?? [] {
            if let entry = pair.podDependencies.first(where: { $0.location == finding.location }) {
                return try planPackageSide(finding, entry, pair)
            }
            if let entry = pair.packageDependencies.first(where: { $0.location == finding.location }) {
                return try planPodSide(finding, entry, pair)
            }
            if (pair.podOnlyFiles + pair.packageOnlyFiles).contains(finding.key.to) {
                throw NotFixable("fix edits dependency entries, not the files a target compiles: 'componentize migrate-pods --pod \(pair.podName) --update' "
                    + "rewrites a Package.swift migrate-pods wrote from the podspec; else add the file to the side that lacks it")
            }
        }
        throw NotFixable("the entry behind this finding is no longer in the graph")
    }

    /// The package gains the product of the local component the pod depends on, in the target that builds the pod's module.
    private mutating func planPackageSide(_ finding: Finding, _ entry: MigratingComponent.Declared, _ pair: MigratingComponent) throws(NotFixable) {
        guard let directory = entry.directory else {
            throw NotFixable("which SwiftPM package and product build the outside pod \(entry.name) is not known: add them to \(pair.manifestPath) by hand, or remove the s.dependency")
        }
        let from = try target(of: pair), to = try libraryTarget(in: directory, named: entry.name)
        guard try importedModules(of: [from]).contains(to.module) else {
            throw NotFixable("\(from.id.name) in the package does not import \(to.module): declared there it would be unused; if the pod's code does not import it either, remove the s.dependency")
        }
        if graph.chain(from: [to], to: [from]) != nil {
            throw NotFixable("\(to.id.name) already depends on \(from.id.name): declaring it in the package would close a cycle; the pod's dependency needs to go")
        }
        if let rule = LayeringVerdict.rejection(from: from, to: to, in: project.layering) {
            throw NotFixable("declaring it in the package would be reported as \(rule): the pod's dependency is the problem, not the package")
        }
        try addProduct(holding: to, to: from, finding: finding)
    }

    /// The podspec gains `s.dependency` on the pod of the local component the package depends on, after the root spec's
    /// last dependency line.
    private mutating func planPodSide(_ finding: Finding, _ entry: MigratingComponent.Declared, _ pair: MigratingComponent) throws(NotFixable) {
        guard let directory = entry.directory else {
            throw NotFixable("which pod provides the outside package \(entry.name) is not known: add its s.dependency to \(pair.podspecPath) by hand, or remove the entry")
        }
        guard let owner = project.workspace.packages.first(where: { $0.manifestPath == pair.manifestPath }), let pod = owner.podspec,
              let dependency = project.workspace.packages.first(where: { $0.directory == directory }) else {
            throw NotFixable("the component behind this finding is no longer in the graph")
        }
        let targets = libraryTargets(where: { $0.manifestPath == pair.manifestPath })
        let modules = libraryTargets(where: { $0.directory == directory }).map(\.module)
        let imported = try importedModules(of: targets)
        guard modules.contains(where: imported.contains) else {
            throw NotFixable("no code of \(pair.component) imports \(entry.name): the package's entry is unused, not missing from the pod")
        }
        guard let name = dependency.podspec?.spec.name ?? dependency.podSpec?.name else {
            throw NotFixable("\(entry.name) has no podspec, so CocoaPods cannot depend on it: give it one, or remove the entry")
        }
        guard let last = pod.spec.dependencies.filter({ $0.platform == nil }).compactMap(\.location.line).max() else {
            throw NotFixable("\(pair.podspecPath) has no s.dependency line of its root spec to place the new one beside; add it by hand")
        }
        let path = PathArithmetic.join(owner.directory, (pod.path as NSString).lastPathComponent)
        files[path, default: FilePlan(shown: pod.path, isPodspec: true)].podAdds[last, default: []]
            .append((name, Need(finding: finding, description: "add dependency '\(name)' to \((pair.podspecPath as NSString).lastPathComponent)")))
    }

    /// The targets, tests left out, of the package `matching` picks.
    private func libraryTargets(where matching: (LocalPackage) -> Bool) -> [GraphTarget] {
        let index = project.workspace.packages.firstIndex(where: matching)
        return graph.sortedTargets.filter { $0.packageIndex == index && !$0.isTest }
    }

    /// What the files of `targets` import; not fixable when the sources were not read.
    private func importedModules(of targets: [GraphTarget]) throws(NotFixable) -> Set<String> {
        guard let imported = graph.imports?.importedModules else {
            throw NotFixable("the sources were not read, so whether the code imports the dependency is not known")
        }
        return targets.reduce(into: []) { $0.formUnion(imported[$1.number] ?? []) }
    }

    /// The target of a migrating component's package that builds the pod's module: its only library target, else the
    /// one named like the pod or the package.
    private func target(of pair: MigratingComponent) throws(NotFixable) -> GraphTarget {
        let index = project.workspace.packages.firstIndex { $0.manifestPath == pair.manifestPath }
        let targets = graph.sortedTargets.filter { $0.packageIndex == index && $0.type == .regular && !$0.isTest }
        guard let target = targets.count == 1 ? targets.first : targets.first(where: { [pair.podName, pair.component].contains($0.id.name) }) else {
            throw NotFixable("which of the \(targets.count) targets of \(pair.manifestPath) builds the pod is not known: add the dependency to it by hand")
        }
        return target
    }

    /// The target behind the product a dependant of the package in `directory` uses: the only target in a product, else
    /// the one named `name`.
    private func libraryTarget(in directory: String, named name: String) throws(NotFixable) -> GraphTarget {
        let index = project.workspace.packages.firstIndex { $0.directory == directory }
        let targets = graph.sortedTargets.filter { $0.packageIndex == index && !graph.products(holding: $0).isEmpty }
        guard let target = targets.count == 1 ? targets.first : targets.first(where: { $0.id.name == name }) else {
            throw NotFixable("which product of \(name) the package needs is not known: add it by hand")
        }
        return target
    }

    // MARK: - Unused dependencies

    private mutating func planRemoval(_ finding: Finding) throws(NotFixable) {
        guard let unused = graph.imports?.unimported.first(where: { $0.edge.location == finding.location && $0.from.id.name == finding.key.from }),
              let line = finding.location.line, let column = finding.location.column else {
            throw NotFixable("the entry behind this finding is no longer in the graph")
        }
        try refuseXcode(unused.from, finding)
        let owner = package(of: unused.from), path = manifestFile(of: owner)
        let need = Need(finding: finding, description: "remove the entry `\(unused.edge.written)` from \(unused.from.id.name)")
        var plan = files[path, default: FilePlan(shown: owner.manifestPath, isPodspec: owner.manifest.reader.isPodspec)]
        if plan.isPodspec {
            plan.podRemovals.append((line, need))
        } else {
            let packageIdentity: String? = unused.targets.first.map { (package(of: $0).directory as NSString).lastPathComponent.lowercased() }
                ?? { if case let .external(package?, _) = unused.edge.to { return package }; return nil }()
            plan.removals.append((Position(line: line, column: column), need, packageIdentity))
        }
        files[path] = plan
    }

    /// Whether `fix` edits for the finding at all: every finding of the rules it fixes, but of unresolved ones only a
    /// misspelt `.package(path:)` (the others are for a person: see their fix line).
    public func edits(for finding: Finding) -> Bool {
        finding.rule != .unresolved || graph.missingPackages.contains { $0.location == finding.location && $0.suggestion != nil }
    }

    // MARK: - Misspelt paths

    /// A `.package(path:)` to a missing folder with a folder of that name's near spelling beside it: the path replaced.
    private mutating func planPathReplacement(_ finding: Finding) throws(NotFixable) {
        guard let missing = graph.missingPackages.first(where: { $0.location == finding.location }), let suggestion = missing.suggestion,
              let line = finding.location.line, let column = finding.location.column,
              let owner = project.workspace.packages.first(where: { $0.manifestPath == finding.location.path }) else {
            throw NotFixable("fix replaces only a .package(path:) that is one typo away from a folder with a manifest; see the fix line")
        }
        guard !owner.manifest.reader.isPodspec, owner.xcodeProject == nil else {
            throw NotFixable("fix edits only Package.swift; \(finding.fix)")
        }
        let path = manifestFile(of: owner)
        var plan = files[path, default: FilePlan(shown: owner.manifestPath, isPodspec: false)]
        plan.pathReplacements.append((Position(line: line, column: column), suggestion,
                                      Need(finding: finding, description: "replace the path '\(missing.written)' with '\(suggestion)'")))
        files[path] = plan
    }

    // MARK: - Helpers

    /// An Xcode target's dependencies live in `project.pbxproj` (and the Podfile), which `fix` does not edit: the
    /// finding's own fix line says what to do in Xcode.
    private func refuseXcode(_ target: GraphTarget, _ finding: Finding) throws(NotFixable) {
        guard target.xcodeKind != nil else { return }
        throw NotFixable("Xcode projects are not edited; \(finding.fix)")
    }

    private func package(of target: GraphTarget) -> LocalPackage {
        project.workspace.packages[target.packageIndex]
    }

    /// The manifest file itself: the package's folder and the manifest's file name.
    func manifestFile(of package: LocalPackage) -> String {
        PathArithmetic.join(package.directory, (package.manifestPath as NSString).lastPathComponent)
    }

    /// The `.package(…)` entry another Package.swift of the repository writes for `identity`.
    private func entryDeclaring(_ identity: String) -> String? {
        for package in project.workspace.packages where !package.manifest.reader.isPodspec
            && package.manifest.dependencies.contains(where: { $0.identity == identity }) {
            guard let bytes = project.fileSystem.contents(of: manifestFile(of: package), upTo: 1 << 20),
                  let source = String(validating: bytes, as: UTF8.self) else { continue }
            if let entry = PackageManifestEditor(source: source, path: package.manifestPath).packageEntry(identity: identity) { return entry }
        }
        return nil
    }

    /// `SwiftSoup` for `https://github.com/scinfu/SwiftSoup.git`: the name a `.product(package:)` may give.
    static func writtenName(of location: String) -> String {
        let last = location.split(separator: "/").last.map(String.init) ?? location
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }

    /// The written name of the package a `.package(url: "…")` entry declares.
    static func writtenName(ofEntry entry: String) -> String {
        guard let start = entry.range(of: "\""), let end = entry[start.upperBound...].range(of: "\"") else { return entry }
        return writtenName(of: String(entry[start.upperBound..<end.lowerBound]))
    }
}
