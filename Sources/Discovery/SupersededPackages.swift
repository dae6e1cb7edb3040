import Diagnostics
import PackageModel
import Paths

extension WorkspaceAssembly {
    /// Sets aside the packages a project of the repository supersedes: a `Package.swift` the walk found below the root
    /// that nothing references (no project's package reference, XcodeGen `packages:` path, Tuist dependency, workspace,
    /// podspec or other package's `.package(path:)`, unless from a package set aside too), whose every target's folder
    /// holds files an Xcode, XcodeGen or Tuist target compiles (one that cannot be read: whose folder does). Nobody
    /// builds it: the project does, so its files' imports are judged for the project's target alone and the package
    /// takes part in no rule. A note says so once per package. The root package (the repository's published
    /// description) is never set aside.
    mutating func setAsideSupersededPackages(walked: Set<String>, joinedByWorkspaces: [String]) -> [Note] {
        let compiled = projectCompiledFiles()
        guard !compiled.isEmpty else { return [] }
        let fromPackages = Set(packages.values.flatMap { referencedFolders(of: $0) })
        // References nothing but a package records (a workspace's members) always count.
        let otherwise = referenced.subtracting(fromPackages).union(joinedByWorkspaces)
        let candidates = Set(packages.filter { if case .swiftPackage = $0.value.origin { return true } else { return false } }.keys)
            .union(unreadable.filter { $0.value.kind == .package }.keys)
            .filter { walked.contains($0) && $0 != root && !otherwise.contains($0) }
        var superseded: [String: (project: String, target: String)] = [:]
        var changed = true
        while changed {
            changed = false
            let stillReferenced = Set(packages.filter { superseded[$0.key] == nil }.values.flatMap { referencedFolders(of: $0) })
            for directory in candidates.sorted() where superseded[directory] == nil && !stillReferenced.contains(directory) {
                guard let compiler = compiler(superseding: directory, among: compiled) else { continue }
                superseded[directory] = compiler
                changed = true
            }
        }
        return superseded.sorted { $0.key < $1.key }.map { directory, compiler in
            setAside(directory, saying: "not checked: nothing references this package and target \(compiler.target) of \(compiler.project) compiles its sources, so they are checked as that target's")
        }
    }

    /// The folders a package's dependencies lead to (its podspec's beside it too).
    private func referencedFolders(of package: LocalPackage) -> [String] {
        Array(package.localDependencies.values) + (package.origin.podspecBeside.map { Array($0.localDependencies.values) } ?? [])
    }

    /// Every file a target of an Xcode, XcodeGen or Tuist project compiles (absolute, its folder's links resolved), with
    /// the project as messages name it and the target, sorted by file.
    private func projectCompiledFiles() -> [(file: String, project: String, target: String)] {
        var compiled: [(file: String, project: String, target: String)] = []
        for package in packages.values where package.isXcodeProject {
            for target in package.manifest.targets {
                guard let listed = target.listedFiles, !listed.isEmpty else { continue }
                let folder = fileSystem.realPath(PathArithmetic.resolve(target.path ?? ".", from: package.folder))
                let project = target.file ?? package.manifestPath
                compiled += listed.map { (PathArithmetic.lexical(PathArithmetic.join(folder, $0)), project, target.name) }
            }
        }
        return compiled.sorted { ($0.file, $0.project, $0.target) < ($1.file, $1.project, $1.target) }
    }

    /// The project target that compiles files in the folder of every target of the package at `directory` but its
    /// tests that has a folder (of an unreadable one: in its folder); nil when some such target's files no project target
    /// compiles, or none has a folder.
    private func compiler(superseding directory: String, among compiled: [(file: String, project: String, target: String)]) -> (project: String, target: String)? {
        func compilerOfFile(in folder: String) -> (project: String, target: String)? {
            let prefix = folder + "/"
            var low = 0, high = compiled.count
            while low < high {
                let middle = (low + high) / 2
                if compiled[middle].file < prefix { low = middle + 1 } else { high = middle }
            }
            guard low < compiled.count, compiled[low].file.hasPrefix(prefix) else { return nil }
            return (compiled[low].project, compiled[low].target)
        }
        guard let package = packages[directory] else { return compilerOfFile(in: directory) }
        let targets = package.manifest.targets.filter { ![.test, .binary, .system, .plugin].contains($0.type) }
        var first: (project: String, target: String)?
        // A target without a folder has no files for anyone to compile (SwiftPM would refuse it): it decides nothing.
        for target in targets {
            guard let folder = target.folder(inPackage: directory, fileSystem: fileSystem) else { continue }
            guard let compiler = compilerOfFile(in: folder == "." ? directory : PathArithmetic.join(directory, folder)) else { return nil }
            first = first ?? compiler
        }
        return first
    }
}
