import DependencyGraph
import Diagnostics
import Discovery
import Files
import Configuration
import Foundation
import PackageModel
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
    /// The entries that name nothing, by target number (worked out on first use).
    var unresolvedEdges: [Int: [Edge]]?
    /// The graph's local edges (declared, imported, called), by source (worked out on first use).
    private var outgoing: [[(to: Int, entry: EntryKey)]]?
    /// The entries planned for removal: an addition that would close a cycle only through one of them does not.
    private var removed: Set<EntryKey> = []

    /// A manifest entry of a target, wherever it leads (a product's targets share it).
    struct EntryKey: Hashable {
        var from: Int
        var location: FileLocation
    }

    /// An edit one finding needs, described as the fix names it.
    public struct Need: Sendable {
        public var finding: Finding
        public var description: String
    }

    /// What one file's findings need: the edits, in the order planned, each with the findings it fixes.
    public struct FilePlan: Sendable {
        public var shown: String
        /// What declares the file's package: a pod's podspec is edited by lines, a `Package.swift` on its syntax tree.
        var kind: PackageKind
        public private(set) var edits: [PlannedEdit] = []
        public private(set) var needs: [PlannedEdit: [Need]] = [:]

        init(shown: String, kind: PackageKind) {
            self.shown = shown
            self.kind = kind
        }

        mutating func add(_ edit: PlannedEdit, for need: Need) {
            if needs[edit] == nil { edits.append(edit) }
            needs[edit, default: []].append(need)
        }
    }

    public init(repository project: FixRepository, graph: DependencyGraph) {
        self.project = project
        self.graph = graph
    }

    public mutating func plan(_ finding: Finding) {
        do throws(NotFixable) {
            if let stated = finding.manifestFix { return try planStated(finding, stated) }
            switch finding.rule {
            case .implicitDependency: try planAddition(finding)
            case .unusedDependency: try planRemoval(finding)
            case .podPackageMismatch: try planMismatch(finding)
            case .unresolved: try planRepair(finding)
            default: throw NotFixable("fix does not edit for \(finding.rule) findings; \(finding.fix)", kind: .forAPerson)
            }
        } catch {
            notFixed.append(FixOutcome.NotFixed(finding: finding, error))
        }
    }

    /// Records an edit a finding needs in its manifest.
    mutating func add(_ edit: PlannedEdit, in package: LocalPackage, for need: Need) {
        files[edit.file, default: FilePlan(shown: package.manifestPath, kind: package.manifest.kind)].add(edit, for: need)
    }

    /// Every planned edit with the findings it fixes, files in path order.
    public var plannedEdits: [(edit: PlannedEdit, needs: [Need])] {
        files.keys.sorted().flatMap { path in (files[path]?.edits ?? []).map { ($0, files[path]?.needs[$0] ?? []) } }
    }

    // MARK: - Implicit dependencies

    private mutating func planAddition(_ finding: Finding) throws(NotFixable) {
        if let local = graph.importEdges.first(where: { $0.edge.location == finding.location && $0.from.id.name == finding.key.from }) {
            return try planLocalAddition(finding, from: local.from, to: local.to)
        }
        if let outside = graph.imports?.undeclaredExternal.first(where: { $0.location == finding.location && $0.from.id.name == finding.key.from }) {
            return try planOutsideAddition(finding, outside)
        }
        throw NotFixable("the import behind this finding is no longer in the graph", kind: .forAPerson)
    }

    private mutating func planLocalAddition(_ finding: Finding, from: GraphTarget, to: GraphTarget) throws(NotFixable) {
        try refuseXcode(from, finding)
        try refuseCycle(from: from, to: to)
        if ImplicitDependencyRule.importsProjectTarget(from: from, to: to) {
            throw NotFixable(ImplicitDependencyRule.projectTarget(from: from, to: to), kind: .forAPerson)
        }
        let fromPackage = package(of: from)
        if fromPackage.manifest.kind == .pod {
            guard from.id.package != to.id.package, let product = graph.products(holding: to).first else {
                throw NotFixable("\(to.id.name) is part of the same pod; CocoaPods builds it into one module", kind: .forAPerson)
            }
            return try planPodAddition(finding, from: from, name: product)
        }
        if from.id.package == to.id.package {
            return try addToTarget(from, element: "\"\(to.id.name)\"", need: Need(finding: finding, description: "add \"\(to.id.name)\" to \(from.id.name)"))
        }
        try addProduct(holding: to, to: from, finding: finding)
    }

    /// `.product(name:package:)` of the product holding `to` added to `from`, with `.package(path:)` when the package
    /// is not declared yet.
    private mutating func addProduct(holding to: GraphTarget, to from: GraphTarget, finding: Finding) throws(NotFixable) {
        guard package(of: to).manifest.kind != .pod else {
            throw NotFixable("\(to.packageName) is a pod: a Package.swift cannot depend on it until it is migrated (componentize migrate-pods)", kind: .forAPerson)
        }
        guard let (element, packageEntry) = ImplicitDependencyRule.productEntry(declaring: to, from: from, in: graph) else {
            throw NotFixable("package \(to.packageName) has no product holding \(to.id.name)", kind: .forAPerson)
        }
        try addToTarget(from, element: element, need: Need(finding: finding, description: "add \(element) to \(from.id.name)"), package: packageEntry)
    }

    private mutating func planOutsideAddition(_ finding: Finding, _ outside: UndeclaredExternalImport) throws(NotFixable) {
        let from = outside.from, fromPackage = package(of: from)
        try refuseXcode(from, finding)
        let layering = project.layering
        if let layer = from.layer, !layering.layers.isEmpty, layering.severities[.thirdParty] != .off,
           !layering.thirdParty.allowedLayers(package: outside.package, product: outside.product).contains(layer) {
            throw NotFixable("the \(layer) layer may not use \(outside.package) (third-party): declaring it would fail check; the code needs to change", kind: .worsens)
        }
        if fromPackage.manifest.kind == .pod { return try planPodAddition(finding, from: from, name: outside.product) }
        let declared = fromPackage.manifest.dependencies.first { $0.identity == outside.package }
        var packageEntry: String?
        if declared == nil {
            guard let entry = entryDeclaring(outside.package) else {
                throw NotFixable("no manifest of the repository declares package \(outside.package); add its .package(url:) entry by hand", kind: .forAPerson)
            }
            packageEntry = entry
        }
        let name = declared.map { $0.name ?? Self.writtenName(of: $0.location) } ?? Self.writtenName(ofEntry: packageEntry ?? outside.package)
        let element = ".product(name: \"\(outside.product)\", package: \"\(name)\")"
        try addToTarget(from, element: element, need: Need(finding: finding, description: "add \(element) to \(from.id.name)"), package: packageEntry)
    }

    private mutating func planPodAddition(_ finding: Finding, from: GraphTarget, name: String) throws(NotFixable) {
        let package = package(of: from)
        let own = (package.manifest.target(named: from.id.name)?.dependencies ?? []).compactMap(\.position).filter { $0.line > (from.position?.line ?? 0) }
        guard let last = own.map(\.line).max() else {
            throw NotFixable("the spec of \(from.id.name) has no dependency line to place `dependency '\(name)'` beside; add it by hand")
        }
        let edit = PlannedEdit(file: manifestFile(of: package), line: last, column: 0, intent: .addPodDependency(name), package: package.relativeDirectory,
                               target: from.id.name)
        add(edit, in: package, for: Need(finding: finding, description: "add dependency '\(name)' to \(from.id.name)"))
    }

    /// `element` added to the target's `dependencies:`, with `package` in `Package(dependencies:)`; or, when the target
    /// has an entry of that package whose misspelt name is the product meant, that name replaced (never a second entry).
    private mutating func addToTarget(_ target: GraphTarget, element: String, need: Need, package: String? = nil) throws(NotFixable) {
        let owner = self.package(of: target)
        if let repair = try repair(of: target, providing: element) {
            return add(repair.edit, in: owner, for: Need(finding: need.finding, description: repair.description))
        }
        let edit = PlannedEdit(file: manifestFile(of: owner), line: target.position?.line ?? 0, column: target.position?.column ?? 0,
                               intent: .addDependency(entry: element, packageEntry: package), package: owner.relativeDirectory, target: target.id.name)
        add(edit, in: owner, for: need)
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
                    + "rewrites a Package.swift migrate-pods wrote from the podspec; else add the file to the side that lacks it", kind: .forAPerson)
            }
        }
        throw NotFixable("the entry behind this finding is no longer in the graph", kind: .forAPerson)
    }

    /// The package gains the product of the local component the pod depends on, in the target that builds the pod's module.
    private mutating func planPackageSide(_ finding: Finding, _ entry: MigratingComponent.Declared, _ pair: MigratingComponent) throws(NotFixable) {
        guard let directory = entry.directory else {
            throw NotFixable("which SwiftPM package and product build the outside pod \(entry.name) is not known: add them to \(pair.manifestPath) by hand, or remove the s.dependency", kind: .forAPerson)
        }
        let from = try target(of: pair), to = try libraryTarget(in: directory, named: entry.name)
        guard try importedModules(of: [from]).contains(to.module) else {
            throw NotFixable("\(from.id.name) in the package does not import \(to.module): declared there it would be unused; if the pod's code does not import it either, remove the s.dependency", kind: .forAPerson)
        }
        if reaches(from: to, to: from) {
            throw NotFixable("\(to.id.name) already depends on \(from.id.name): declaring it in the package would close a cycle; the pod's dependency needs to go", kind: .worsens)
        }
        if let rule = LayeringVerdict.rejection(from: from, to: to, in: project.layering) {
            throw NotFixable("declaring it in the package would be reported as \(rule): the pod's dependency is the problem, not the package", kind: .worsens)
        }
        try addProduct(holding: to, to: from, finding: finding)
    }

    /// The podspec gains `s.dependency` on the pod of the local component the package depends on, after the root spec's
    /// last dependency line.
    private mutating func planPodSide(_ finding: Finding, _ entry: MigratingComponent.Declared, _ pair: MigratingComponent) throws(NotFixable) {
        guard let directory = entry.directory else {
            throw NotFixable("which pod provides the outside package \(entry.name) is not known: add its s.dependency to \(pair.podspecPath) by hand, or remove the entry", kind: .forAPerson)
        }
        guard let owner = project.workspace.packages.first(where: { $0.manifestPath == pair.manifestPath }), let pod = owner.origin.podspecBeside,
              let dependency = project.workspace.packages.first(where: { $0.directory == directory }) else {
            throw NotFixable("the component behind this finding is no longer in the graph", kind: .forAPerson)
        }
        let targets = libraryTargets(where: { $0.manifestPath == pair.manifestPath })
        let modules = libraryTargets(where: { $0.directory == directory }).map(\.module)
        let imported = try importedModules(of: targets)
        guard modules.contains(where: imported.contains) else {
            throw NotFixable("no code of \(pair.component) imports \(entry.name): the package's entry is unused, not missing from the pod", kind: .forAPerson)
        }
        guard let name = dependency.origin.podspecBeside?.spec.name ?? dependency.origin.podSpec?.name else {
            throw NotFixable("\(entry.name) has no podspec, so CocoaPods cannot depend on it: give it one, or remove the entry", kind: .forAPerson)
        }
        guard let last = pod.spec.dependencies.filter({ $0.platform == nil }).compactMap(\.location.line).max() else {
            throw NotFixable("\(pair.podspecPath) has no s.dependency line of its root spec to place the new one beside; add it by hand")
        }
        let path = PathArithmetic.join(owner.directory, (pod.path as NSString).lastPathComponent)
        let edit = PlannedEdit(file: path, line: last, column: 0, intent: .addPodDependency(name), package: owner.relativeDirectory, target: nil)
        files[path, default: FilePlan(shown: pod.path, kind: .pod)]
            .add(edit, for: Need(finding: finding, description: "add dependency '\(name)' to \((pair.podspecPath as NSString).lastPathComponent)"))
    }

    /// The targets, tests left out, of the package `matching` picks.
    private func libraryTargets(where matching: (LocalPackage) -> Bool) -> [GraphTarget] {
        let index = project.workspace.packages.firstIndex(where: matching)
        return graph.sortedTargets.filter { $0.packageIndex == index && !$0.isTest }
    }

    /// What the files of `targets` import; not fixable when the sources were not read.
    private func importedModules(of targets: [GraphTarget]) throws(NotFixable) -> Set<String> {
        guard let imported = graph.imports?.importedModules else {
            throw NotFixable("the sources were not read, so whether the code imports the dependency is not known", kind: .forAPerson)
        }
        return targets.reduce(into: []) { $0.formUnion(imported[$1.number] ?? []) }
    }

    /// The target of a migrating component's package that builds the pod's module: its only library target, else the
    /// one named like the pod or the package.
    private func target(of pair: MigratingComponent) throws(NotFixable) -> GraphTarget {
        let index = project.workspace.packages.firstIndex { $0.manifestPath == pair.manifestPath }
        let targets = graph.sortedTargets.filter { $0.packageIndex == index && $0.type == .regular && !$0.isTest }
        guard let target = targets.count == 1 ? targets.first : targets.first(where: { [pair.podName, pair.component].contains($0.id.name) }) else {
            throw NotFixable("which of the \(targets.count) targets of \(pair.manifestPath) builds the pod is not known: add the dependency to it by hand", kind: .uncertain)
        }
        return target
    }

    /// The target behind the product a dependant of the package in `directory` uses: the only target in a product, else
    /// the one named `name`.
    private func libraryTarget(in directory: String, named name: String) throws(NotFixable) -> GraphTarget {
        let index = project.workspace.packages.firstIndex { $0.directory == directory }
        let targets = graph.sortedTargets.filter { $0.packageIndex == index && !graph.products(holding: $0).isEmpty }
        guard let target = targets.count == 1 ? targets.first : targets.first(where: { $0.id.name == name }) else {
            throw NotFixable("which product of \(name) the package needs is not known: add it by hand", kind: .uncertain)
        }
        return target
    }

    // MARK: - Unused dependencies

    private mutating func planRemoval(_ finding: Finding) throws(NotFixable) {
        guard let unused = graph.imports?.unimported.first(where: { $0.edge.location == finding.location && $0.from.id.name == finding.key.from }),
              finding.location.line != nil, finding.location.column != nil else {
            throw NotFixable("the entry behind this finding is no longer in the graph", kind: .forAPerson)
        }
        try refuseXcode(unused.from, finding)
        guard let stated = UnusedDependencyRule.manifestFix(removing: unused, in: graph) else {
            throw NotFixable("the entry behind this finding is no longer in the graph", kind: .forAPerson)
        }
        try planStated(finding, stated)
    }

    // MARK: - Fixes the rule stated

    /// The edit the rule stated, checked as one found from the graph is: an Xcode target refused, an addition that
    /// would close a cycle refused, and a misspelt entry of the package meant repaired rather than a second one added.
    private mutating func planStated(_ finding: Finding, _ stated: ManifestFix) throws(NotFixable) {
        guard let from = graph.target(TargetID(package: stated.target.package, name: stated.target.name)) else {
            throw NotFixable("the target behind this finding is no longer in the graph", kind: .forAPerson)
        }
        try refuseXcode(from, finding)
        let owner = package(of: from)
        if case let .addDependency(entry, _) = stated.intent {
            if let leadsTo = stated.leadsTo {
                guard let to = graph.target(TargetID(package: leadsTo.package, name: leadsTo.name)) else {
                    throw NotFixable("the target behind this finding is no longer in the graph", kind: .forAPerson)
                }
                try refuseCycle(from: from, to: to)
            }
            if let repair = try repair(of: from, providing: entry) {
                return add(repair.edit, in: owner, for: Need(finding: finding, description: repair.description))
            }
        }
        add(PlannedEdit(file: manifestFile(of: owner), line: stated.place.line, column: stated.place.column, intent: stated.intent,
                        package: owner.relativeDirectory, target: from.id.name), in: owner, for: Need(finding: finding, description: stated.summary))
        if !stated.intent.declares { removed.insert(EntryKey(from: from.number, location: finding.location)) }
    }

    // MARK: - Helpers

    /// Whether `from` reaches `to` over the graph's edges, the entries planned for removal left out: the order findings
    /// are planned in puts removals first, so that declaring an import is not refused for a cycle the same run breaks.
    mutating func reaches(from: GraphTarget, to: GraphTarget) -> Bool {
        if outgoing == nil {
            var outgoing = [[(to: Int, entry: EntryKey)]](repeating: [], count: graph.sortedTargets.count)
            for (edge, source, destination) in graph.localEdges + graph.importEdges + graph.mediatorEdges {
                outgoing[source.number].append((destination.number, EntryKey(from: source.number, location: edge.location)))
            }
            self.outgoing = outgoing
        }
        var seen: Set<Int> = [from.number], queue = [from.number]
        while let node = queue.popLast() {
            if node == to.number { return true }
            for (next, entry) in outgoing?[node] ?? [] where !removed.contains(entry) && seen.insert(next).inserted { queue.append(next) }
        }
        return false
    }

    /// Refuses declaring `to` for `from` when `to` already reaches `from`: the entry would close a cycle.
    private mutating func refuseCycle(from: GraphTarget, to: GraphTarget) throws(NotFixable) {
        guard reaches(from: to, to: from) else { return }
        let chain = graph.chain(from: [to], to: [from]) ?? DependencyChain(steps: [])
        throw NotFixable(ImplicitDependencyRule.closingCycle(from: from, to: to, chain: chain), kind: .worsens)
    }

    /// Findings in the order they are planned: removals first (see ``reaches(from:to:)``), then as reported.
    public static func planningOrder(_ findings: [Finding]) -> [Finding] {
        findings.filter { $0.rule == .unusedDependency } + findings.filter { $0.rule != .unusedDependency }
    }

    /// An Xcode target's dependencies live in `project.pbxproj` (and the Podfile), which `fix` does not edit: the
    /// finding's own fix line says what to do in Xcode.
    func refuseXcode(_ target: GraphTarget, _ finding: Finding) throws(NotFixable) {
        guard target.productKind.isXcode else { return }
        let what = target.packageKind == .xcodeProject || !target.packageKind.isXcodeProject ? "Xcode projects" : target.packageKind.noun + "s"
        throw NotFixable("\(what) are not edited; \(finding.fix)", kind: .xcode)
    }

    func package(of target: GraphTarget) -> LocalPackage {
        project.workspace.packages[target.packageIndex]
    }

    /// The manifest file itself: the package's folder and the manifest's file name.
    func manifestFile(of package: LocalPackage) -> String {
        PathArithmetic.join(package.directory, (package.manifestPath as NSString).lastPathComponent)
    }

    /// The `.package(…)` entry another Package.swift of the repository writes for `identity`.
    private func entryDeclaring(_ identity: String) -> String? {
        for package in project.workspace.packages where package.manifest.kind != .pod
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
