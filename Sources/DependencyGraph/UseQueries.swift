import Discovery
import Files
import Foundation
import PackageModel
import SourceImports

extension DependencyGraph {
    /// The uses, without an import, of what the unimported dependencies declare (see ``APIUsePass``): one question a
    /// dependency and module, about the Swift files of the target that declares it. Local targets' files are those the
    /// import pass read.
    public static func usesWithoutImport(_ unimported: [UnimportedDependency], read: [TargetImports], workspace: Workspace,
                                         fileSystem: any FileSystem) -> [UseWithoutImport] {
        var groups = SourceGroups(read: read, workspace: workspace)
        var queries: [APIUseQuery] = []
        var asked: [(target: GraphTarget, module: String)] = []
        for dependency in unimported {
            let target = groups.group(of: dependency.from)
            guard !groups.groups[target].files.isEmpty else { continue }
            let seen = dependency.visible.map { groups.group(of: $0) }
            for (module, group) in groups.modules(of: dependency, fileSystem: fileSystem) {
                queries.append(APIUseQuery(target: target, module: group, seen: seen, opaque: dependency.opaque))
                asked.append((dependency.from, module))
            }
        }
        let modules = Dictionary(unimported.flatMap { $0.visible.map { (groups.group(of: $0), $0.module) } }, uniquingKeysWith: { first, _ in first })
        return zip(asked, APIUsePass.firstUses(queries, in: groups.groups, fileSystem: fileSystem)).compactMap { asked, use in
            use.map { UseWithoutImport(from: asked.target, module: asked.module, name: $0.name, location: $0.location,
                                       alsoDeclaredBy: $0.alsoDeclaredBy.map { modules[$0] ?? asked.target.module }.sorted(), undecidedBy: $0.undecidedBy) }
        }
    }
}

/// The Swift files of the targets a use pass asks about, a group each: local targets' as the import pass read them, and
/// outside modules' from their checkouts.
private struct SourceGroups {
    private(set) var groups: [SourceGroup] = []
    private var byTarget: [Int: Int] = [:]
    private var byOutsideModule: [OutsideTarget: Int] = [:]
    /// The import pass's results by package key and target name.
    private var read: [String: [String: Int]] = [:]
    private let imports: [TargetImports]
    private let workspace: Workspace

    private struct OutsideTarget: Hashable {
        var directory: String
        var target: String
    }

    init(read imports: [TargetImports], workspace: Workspace) {
        self.imports = imports
        self.workspace = workspace
        for (index, target) in imports.enumerated() { read[target.package, default: [:]][target.target] = index }
    }

    mutating func group(of target: GraphTarget) -> Int {
        if let known = byTarget[target.number] { return known }
        let package = workspace.packages[target.packageIndex]
        let swift = read[package.relativeDirectory]?[target.id.name].map { index in
            zip(imports[index].files, imports[index].words).filter { $0.0.hasSuffix(".swift") }
        } ?? []
        groups.append(SourceGroup(directory: package.folder, shownDirectory: (package.manifestPath as NSString).deletingLastPathComponent,
                                  files: swift.map(\.0), words: swift.map(\.1)))
        byTarget[target.number] = groups.count - 1
        return groups.count - 1
    }

    /// Each module of a dependency with its group: the local targets it leads to, or the targets of an outside product
    /// whose checkout was read.
    mutating func modules(of dependency: UnimportedDependency, fileSystem: any FileSystem) -> [(String, Int)] {
        guard let outside = dependency.outside, let directory = outside.directory else {
            return dependency.targets.map { ($0.module, group(of: $0)) }
        }
        return outside.manifest.targets.compactMap { target in
            let module = DependencyGraph.moduleName(of: target.moduleName ?? target.name)
            guard dependency.modules.contains(module) else { return nil }
            let key = OutsideTarget(directory: directory, target: target.name)
            if let known = byOutsideModule[key] { return (module, known) }
            let files = TargetSources.select(target, packageDirectory: directory, fileSystem: fileSystem).files.filter { $0.hasSuffix(".swift") }
            groups.append(SourceGroup(directory: directory, shownDirectory: directory, files: files))
            byOutsideModule[key] = groups.count - 1
            return (module, groups.count - 1)
        }
    }
}
