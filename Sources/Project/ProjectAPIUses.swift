import DependencyGraph
import Discovery
import Files
import Foundation
import ManifestReading
import Paths
import SourceImports

extension Project {
    /// The uses, without an import, of what the unimported dependencies declare (see ``APIUsePass``): one question a
    /// dependency and module, about the Swift files of the target that declares it.
    static func usesWithoutImport(_ unimported: [UnimportedDependency], workspace: Workspace, fileSystem: any FileSystem) -> [UseWithoutImport] {
        var queries: [APIUseQuery] = []
        var asked: [(target: GraphTarget, module: String)] = []
        for dependency in unimported {
            let files = swiftFiles(of: dependency.from, workspace: workspace, fileSystem: fileSystem)
            guard !files.isEmpty else { continue }
            for (module, moduleFiles) in modules(of: dependency, workspace: workspace, fileSystem: fileSystem) {
                queries.append(APIUseQuery(files: files, module: module, moduleFiles: moduleFiles))
                asked.append((dependency.from, module))
            }
        }
        return zip(asked, APIUsePass.firstUses(queries, fileSystem: fileSystem)).compactMap { asked, use in
            use.map { UseWithoutImport(from: asked.target, module: asked.module, name: $0.name, location: $0.location) }
        }
    }

    /// A local target's Swift files: absolute, and as messages name them.
    private static func swiftFiles(of target: GraphTarget, workspace: Workspace, fileSystem: any FileSystem) -> [(path: String, shown: String)] {
        let package = workspace.packages[target.packageIndex]
        guard let manifestTarget = package.manifest.target(named: target.id.name) else { return [] }
        let shownDirectory = (package.manifestPath as NSString).deletingLastPathComponent
        return TargetSources.select(manifestTarget, packageDirectory: package.directory, fileSystem: fileSystem).files
            .filter { $0.hasSuffix(".swift") }
            .map { (PathArithmetic.join(package.directory, $0), PathArithmetic.join(shownDirectory, $0)) }
    }

    /// Each module of a dependency with its Swift files (absolute): the local targets it leads to, or the targets of an
    /// outside product whose checkout was read.
    private static func modules(of dependency: UnimportedDependency, workspace: Workspace, fileSystem: any FileSystem) -> [(String, [String])] {
        if let outside = dependency.outside, let directory = outside.directory {
            return outside.manifest.targets.filter { dependency.modules.contains(DependencyGraph.moduleName(of: $0.moduleName ?? $0.name)) }.map { target in
                (DependencyGraph.moduleName(of: target.moduleName ?? target.name), TargetSources.select(target, packageDirectory: directory, fileSystem: fileSystem)
                    .files.filter { $0.hasSuffix(".swift") }.map { PathArithmetic.join(directory, $0) })
            }
        }
        return dependency.targets.map { target in
            (target.module, swiftFiles(of: target, workspace: workspace, fileSystem: fileSystem).map(\.path))
        }
    }
}
