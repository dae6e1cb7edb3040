import Configuration
import DependencyGraph
import Diagnostics
import Files
import Foundation
import Output
import Paths
import Reports
import Rules

/// The outcome of `Project.check`: the graph it ran on, the findings, and notes on how packages were read.
public struct ProjectCheck {
    public var graph: DependencyGraph
    public var result: CheckResult
    /// Not findings: e.g. a manifest SwiftPM read because the static reader declined it.
    public var notes: [Note]
}

/// What `componentize check` is asked for.
public struct CheckRequest: Sendable {
    public var today: String
    /// Read the sources' imports (when the configuration's `imports.check` agrees).
    public var imports: Bool
    /// Apply this baseline instead of the one the configuration names.
    public var baseline: String?
    /// Write every current finding to this file instead of reporting them.
    public var writeBaseline: String?
    /// Report only findings in files changed since this git revision.
    public var changedSince: String?
    /// Named in the reports that carry it (SARIF, JSON).
    public var toolVersion: String
    /// Count the findings `componentize fix` would fix (the text report's closing line).
    public var countFixable = false
    /// Give the report the components and links the HTML page draws.
    public var drawsArchitecture = false
    /// Apply no baseline, not even the configured one (`--no-baseline`).
    public var ignoresBaseline = false

    public init(today: String, imports: Bool = true, baseline: String? = nil, writeBaseline: String? = nil, changedSince: String? = nil,
                toolVersion: String) {
        self.today = today
        self.imports = imports
        self.baseline = baseline
        self.writeBaseline = writeBaseline
        self.changedSince = changedSince
        self.toolVersion = toolVersion
    }
}

/// What `componentize check` ends with.
public enum CheckOutcome {
    /// The report to print, the baseline applied.
    case report(Report, ProjectCheck)
    /// Every finding written to a baseline file.
    case baselineWritten(path: String, count: Int)
}

extension Project {
    /// The layering check: every rule over the graph, with configured severities and exceptions applied. With
    /// `imports` (and `imports.check` in the configuration), the sources are read too.
    public func check(today: String, imports: Bool = true) throws -> ProjectCheck {
        if configuration.strict { try checkGlobsMatch() }
        let (graph, importNotes) = imports && configuration.imports.check ? graphWithImports : (self.graph, [])
        var result = timings.measure("rules") { LayerChecker(configuration: layering.configuration, today: today).check(graph) }
        var notes = workspace.declines.map { declined in
            Note("read with swift package dump-package: \(declined.reason)", at: declined.location)
        } + workspace.notes + importNotes + (layering.note.map { [$0] } ?? [])
        if !scopeIsRoot {
            result = result.limited(to: inScope)
            notes = notes.filter { $0.location.map { inScope($0.path) } ?? true }
            let packages = workspace.packages.filter(inScope)
            result.packageCount = packages.count
            result.packageKinds = PackageCounts(packages: packages.filter { !$0.isXcodeProject && !$0.manifest.reader.isPodspec }.count,
                                                pods: packages.filter { $0.manifest.reader.isPodspec }.count,
                                                projects: packages.filter(\.isXcodeProject).count)
            result.targetCount = packages.reduce(0) { $0 + $1.manifest.targets.count }
        }
        return ProjectCheck(graph: graph, result: result, notes: notes)
    }

    /// A changed `project.pbxproj` re-checks its targets: their files count as changed too (a product unlinked in the
    /// project is an `implicit-dependency` at an import nobody touched).
    func withProjectFiles(_ changed: ChangedFiles) -> ChangedFiles {
        var changed = changed
        for package in workspace.packages where package.isXcodeProject && changed.paths.contains(PathArithmetic.join(package.directory, "project.pbxproj")) {
            for target in package.manifest.targets {
                let folder = PathArithmetic.resolve(target.path ?? ".", from: package.directory)
                for file in target.listedFiles ?? [] { changed.paths.insert(fileSystem.realPath(PathArithmetic.resolve(file, from: folder))) }
            }
        }
        return changed
    }

    /// `componentize check`: the check, limited to files changed since a revision when asked, with the baseline
    /// applied; or every finding written to a new baseline.
    public func check(_ request: CheckRequest) throws -> CheckOutcome {
        if request.changedSince != nil, request.writeBaseline != nil {
            throw InputError("--write-baseline writes every finding of the repository, and --changed-since keeps only those of changed files: a baseline written with both would forget the rest; run it without --changed-since")
        }
        let full = try check(today: request.today, imports: request.imports)
        try requireSomethingToCheck()
        var check = full
        if let revision = request.changedSince {
            check = check.limited(to: withProjectFiles(try ChangedFiles.since(revision, in: absoluteRoot)))
        }
        if let path = request.writeBaseline {
            let baseline = Baseline(findings: check.result.findings)
            try AtomicFile.write(Data(baseline.rendered().utf8), to: path)
            return .baselineWritten(path: path, count: baseline.keys.count)
        }
        var report = Report(result: check.result, notes: check.notes, toolVersion: request.toolVersion)
        report.folders = (absoluteRoot, currentFolder)
        let applied = request.ignoresBaseline ? nil : try baseline(path: request.baseline)
        if let baseline = applied {
            report.baselinePath = request.baseline ?? baselinePath.map { PathArithmetic.relative($0, to: currentFolder) }
            let (new, known, _) = baseline.apply(to: check.result.findings)
            report.result.findings = new
            report.baselined = known
            // Whether an entry still matches is judged on the whole repository, never on the changed files alone.
            report.staleBaselineEntries = baseline.apply(to: full.result.findings).stale
        }
        if let revision = request.changedSince {
            let shown = Set(check.result.findings.map(\.location.path)), everything = full.result.findings.filter { !shown.contains($0.location.path) }
            report.leftOut = (applied.map { $0.apply(to: everything).new.count } ?? everything.count, revision)
        }
        if request.countFixable { report.fixable = fixableCount(report.result.findings, graph: check) }
        if request.drawsArchitecture {
            report.architecture = try ArchitectureModel(graph: check.graph, findings: report.result.findings, baselined: report.baselined)
        }
        return .report(report, check)
    }

    /// A check that read no target while the repository holds code (every description declined, or one Tuist or Bazel
    /// cannot be read here) checked nothing: an input error naming what was not read, never a green run. An unreadable
    /// manifest is a finding already, and its check fails on it.
    func requireSomethingRead() throws {
        guard workspace.unreadable.isEmpty, !workspace.sourceFiles.isEmpty, workspace.packages.allSatisfy({ $0.manifest.targets.isEmpty }) else { return }
        throw nothingChecked()
    }

    func nothingChecked() -> InputError {
        let unread = workspace.notes.filter { note in
            ["not read:", "componentize does not read", "has no project.pbxproj"].contains { note.message.contains($0) }
        }
        let why = unread.isEmpty ? "" : ": " + unread.prefix(3).map(\.description).joined(separator: "; ")
        return InputError("nothing was checked: no target of a package, pod or project was read, and the repository holds \(workspace.sourceFiles.count) Swift and C-family files\(why)",
                          at: FileLocation(path: PathArithmetic.relative(scope, to: currentFolder)))
    }

    /// `check` of a folder that holds no package, pod or Xcode project is a mistake (a wrong path, a typo): an input
    /// error saying what was looked for, never a green run.
    func requireSomethingToCheck() throws {
        let found = workspace.packages.contains { inScope($0) } || workspace.unreadable.contains { inScope($0.manifestPath) }
        guard !found else { return try requireSomethingRead() }
        if !workspace.declined.isEmpty { throw nothingChecked() }
        let shown = PathArithmetic.relative(scope, to: currentFolder)
        if let generated = GeneratedFolders.cocoaPodsOutput(containing: scope + "/", fileSystem: fileSystem) {
            throw InputError("nothing to check here: \(PathArithmetic.relative(generated, to: currentFolder)) is CocoaPods' generated Pods folder, not the repository's own code; check the folder that holds the Podfile",
                             at: FileLocation(path: shown))
        }
        throw InputError("nothing to check: no Package.swift, podspec or Xcode project under this folder (looked everywhere below it but .build, generated Pods, DerivedData, Carthage, node_modules, hidden folders and the configuration's exclude globs)",
                         at: FileLocation(path: shown))
    }

    /// The baseline the configuration names (`baseline:`), relative to the configuration's folder.
    public var baselinePath: String? {
        guard let file = configuration.source.path else { return nil }
        return configuration.baseline.map { PathArithmetic.join((file as NSString).deletingLastPathComponent, $0) }
    }

    /// The baseline `check` applies: `path` when given, else the one the configuration names (an error at the
    /// configuration's `baseline:` key when that file is missing), else none.
    func baseline(path: String?) throws -> Baseline? {
        if let path { return try Baseline.load(path: path, fileSystem: fileSystem) }
        guard let configured = baselinePath else { return nil }
        guard fileSystem.status(of: configured).exists else {
            throw InputError("the baseline \(configured) named here does not exist (write it with 'componentize check --write-baseline \(configured)', or remove the key)",
                             at: configuration.baselineLocation)
        }
        return try Baseline.load(path: configured, fileSystem: fileSystem)
    }

    /// The components of the packages in ``scope``, or nil when the scope is the whole repository (for `graph`).
    public func components(inScopeOf graph: DependencyGraph) -> Set<String>? {
        guard !scopeIsRoot else { return nil }
        return Set(graph.sortedTargets.filter { !$0.isTest && inScope($0.manifestPath) }.map(\.component))
    }

    /// With `strict: true`, a layer glob that matches no target, package or folder is a configuration error.
    func checkGlobsMatch() throws {
        let names = Set(workspace.packages.flatMap { [$0.manifest.name] + $0.manifest.targets.map(\.name) })
        let folders = workspace.packages.map(\.relativeDirectory)
        for layer in configuration.layers {
            for glob in layer.members where !names.contains(where: glob.matches) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no target or package (strict is on)", at: glob.location)
            }
            for glob in layer.paths where !folders.contains(where: glob.matchesPath) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no package folder (strict is on)", at: glob.location)
            }
        }
    }

    /// The shortest chain of dependencies from `from` to `to` (components or targets), over the manifests and, with
    /// `imports`, the sources' undeclared imports; nil when there is none. An unknown name is an input error.
    public func why(from: String, to: String, imports: Bool = true) throws -> DependencyChain? {
        let graph = imports && configuration.imports.check ? graphWithImports.graph : self.graph
        let sources = graph.targets(named: from), destinations = graph.targets(named: to)
        let names = Set(graph.sortedTargets.flatMap { [$0.id.name, $0.component] }).sorted()
        if sources.isEmpty {
            throw InputError("no target or component named '\(from)' in this repository\(EditDistance.suggestion(for: from, in: names))\(unreadableNote)")
        }
        guard destinations.isEmpty else { return graph.chain(from: sources, to: destinations) }
        guard graph.edges.contains(where: { edge in
            if case let .external(package, product) = edge.to { return product == to || package == to.lowercased() }
            return false
        }) else {
            throw InputError("no target, component or outside package named '\(to)' in this repository\(EditDistance.suggestion(for: to, in: names))\(unreadableNote)")
        }
        return graph.chain(from: sources, toOutside: to)
    }

    /// What `graph` cannot draw: each package whose manifest cannot be read, as a located note.
    public var undrawnPackages: [String] {
        workspace.unreadable.map { "\($0.location): note: \($0.relativeDirectory) is not drawn: its manifest cannot be read ('componentize check' says why)" }
    }

    /// The packages in scope a command passes over because their manifest cannot be read: each a located note saying
    /// what the command did not do for it (`consequence`).
    public func passedOver(_ consequence: String, wholeRepository: Bool = false) -> [String] {
        workspace.unreadable.filter { wholeRepository || inScope($0.manifestPath) }.map {
            "\($0.location): note: \($0.relativeDirectory) passed over: its manifest cannot be read, so \(consequence) ('componentize check' says why)"
        }
    }

    /// Why a name may be missing: the packages whose manifests cannot be read (their targets are not in the graph).
    var unreadableNote: String {
        guard let first = workspace.unreadable.first else { return "" }
        let more = workspace.unreadable.count > 1 ? " and \(workspace.unreadable.count - 1) more" : ""
        return " (it may be in a package whose manifest cannot be read: \(first.location)\(more); 'componentize check' says what is wrong there)"
    }
}
