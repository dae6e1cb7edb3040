import Diagnostics
import PackageModel
import Paths
import PodspecReading

extension WorkspaceAssembly {
    /// Gives each Xcode target a Podfile integrates the pods its `target` block (and what it inherits) names, as
    /// dependencies at the Podfile's lines: `pod install` links them (or, with `inherit! :search_paths`, lets the
    /// target's code find them), so its code may import them. A target the Podfile names that its project lacks is a
    /// note at the `target` line.
    mutating func linkPodfileTargets(notes: inout [Note]) {
        guard !podfiles.isEmpty else { return }
        let podFolders = folders(byPodName: ())
        for (directory, podfile) in podfiles {
            for index in podfile.targets.indices where !podfile.targets[index].isAbstract {
                guard let project = project(of: index, in: podfile, at: directory, notes: &notes),
                      var package = packages[project] else { continue }
                let name = podfile.targets[index].name
                let integrated = Self.integrated(podfile.labels(of: index), in: package.manifest.targets)
                guard !integrated.isEmpty else {
                    let names = package.manifest.targets.map(\.name).sorted().joined(separator: ", ")
                    notes.append(Note("the Podfile's target '\(name)' names no target of \(display(project)) (its targets: \(names)), so its pods are given to no target",
                                      at: podfile.targets[index].location))
                    continue
                }
                // A line for it goes beside its first pod written in the Podfile itself (not in a file it loads, whose lines
                // other targets may share).
                let own = podfile.targets[index].pods.first { $0.location.path == podfile.path }
                for at in integrated {
                    for pod in podfile.visiblePods(of: index) {
                        declare(pod, of: podfile, in: &package, target: at, podfileFolder: directory, podFolders: podFolders)
                    }
                    package.podfileTargets[package.manifest.targets[at].name] = PodfileIntegration(
                        folder: directory, location: own?.location ?? podfile.targets[index].location,
                        unreadAdditions: podfile.unreadAdditions(of: index).map { Note($0.construct, at: $0.location) }, name: name)
                }
                packages[project] = package
            }
            markUnreadIntegrations(of: podfile, at: directory)
        }
    }

    /// An Xcode target beside the Podfile that links CocoaPods' aggregate (`Pods_X.framework`) though no Podfile target
    /// read integrates it, while the Podfile has statements not read for every target (`target t do` in a loop): its
    /// pods are not known, so the imports a pod may provide are undecided, never "does not link".
    private mutating func markUnreadIntegrations(of podfile: Podfile, at directory: String) {
        let unread = podfile.unreadAdditions(of: 0)
        guard let first = unread.first else { return }
        for key in packages.keys.sorted() where packages[key]?.isXcodeProject == true && PathArithmetic.resolve("..", from: key) == directory {
            guard var package = packages[key] else { continue }
            for target in package.manifest.targets where !target.podsIntegrations.isEmpty && package.podfileTargets[target.name] == nil {
                package.podfileTargets[target.name] = PodfileIntegration(folder: directory, location: first.location,
                                                                         unreadAdditions: unread.map { Note($0.construct, at: $0.location) })
            }
            packages[key] = package
        }
    }

    /// The Xcode targets a Podfile's `target` block integrates (`labels`: its name, then the names CocoaPods may give its
    /// aggregate, `Shared-App` for a child of `Shared`): the one of that name, and every one whose build uses the
    /// aggregate, whatever its name: it links `Pods_App.framework` / `libPods-App.a` or bases its configurations on
    /// `Pods-App.debug.xcconfig` (`Rocket-Staging` integrated as `Rocket`; `Dynamic Delivery` renamed after `pod install`).
    static func integrated(_ labels: [String], in targets: [Target]) -> [Int] {
        let products = Set(labels.map(productName))
        return targets.indices.filter { index in
            labels.first == targets[index].name || targets[index].podsIntegrations.contains { products.contains(productName($0)) }
        }
    }

    /// A Podfile target's name as CocoaPods writes it in its aggregate's product: `My_App` for `My-App` and `My App`.
    static func productName(_ name: String) -> String {
        String(name.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    /// The folder a Podfile's `:path` leads to, found as macOS's default file system finds it: the path as written,
    /// else the one folder whose names differ only by case (`caseDiffers` is told its real path).
    func podFolder(_ written: String, from folder: String, caseDiffers: (String) -> Void) -> String {
        let exact = PathArithmetic.resolve(written, from: folder)
        guard !fileSystem.status(of: exact).exists else { return fileSystem.realPath(exact) }
        var current = "/"
        for component in exact.split(separator: "/").map(String.init) {
            let candidate = PathArithmetic.join(current, component)
            if fileSystem.status(of: candidate).exists {
                current = candidate
                continue
            }
            let matches = fileSystem.listing(of: current)?.entries.filter { $0.name.lowercased() == component.lowercased() } ?? []
            guard matches.count == 1 else { return fileSystem.realPath(exact) }
            current = PathArithmetic.join(current, matches[0].name)
        }
        caseDiffers(fileSystem.realPath(current))
        return fileSystem.realPath(current)
    }

    /// The local folder of each pod the repository holds, by pod name (first in folder order); a podspec that cannot be
    /// read is the pod its file names (`NXKit.podspec`): a local pod still, never an outside one.
    func folders(byPodName: Void) -> [String: String] {
        var byName: [String: String] = [:]
        // An Xcode project named like a pod (`NXKit.xcodeproj` of `pod lib create`'s example) is no pod.
        for directory in packages.keys.sorted() where packages[directory]?.kind != .xcodeProject {
            let names = [packages[directory]?.manifest.name, packages[directory]?.origin.podspecBeside?.manifest.name].compactMap { $0 } + (otherPodsBeside[directory] ?? [])
            for name in names where byName[name] == nil { byName[name] = directory }
        }
        for directory in unreadable.keys.sorted() {
            guard let file = unreadable[directory]?.manifestPath, file.hasSuffix(".podspec") || file.hasSuffix(".podspec.json") else { continue }
            let name = PodFolders.podName(PathArithmetic.lastComponent(of: file))
            if byName[name] == nil { byName[name] = directory }
        }
        return byName
    }

    /// The `.xcodeproj` a Podfile target integrates: its `project` (or its parent's), else the only project beside the
    /// Podfile; nil (with a note when it cannot be told) otherwise.
    private func project(of index: Int, in podfile: Podfile, at directory: String, notes: inout [Note]) -> String? {
        if let written = podfile.project(of: index) {
            let file = written.hasSuffix(".xcodeproj") ? written : written + ".xcodeproj"
            let path = podFolder(file, from: directory) { real in
                let message = "project '\(written)' names '\(PathArithmetic.relative(real, to: directory))' in another case: macOS's default file system finds it, a case-sensitive one (Linux, CI) does not; write its name as it is"
                if !notes.contains(where: { $0.message == message }) { notes.append(Note(message, at: podfile.targets[index].location)) }
            }
            return generatedProjects[path] ?? path
        }
        let beside = packages.keys.filter { packages[$0]?.isXcodeProject == true && PathArithmetic.resolve("..", from: $0) == directory }.sorted()
        if beside.count == 1 { return beside[0] }
        if beside.count > 1, podfile.targets[index].parent == 0 {
            notes.append(Note("the Podfile's target '\(podfile.targets[index].name)' does not say which of the \(beside.count) projects beside it it integrates (add project '…'), so its pods are given to no target",
                              at: podfile.targets[index].location))
        }
        return nil
    }

    /// Adds a pod line's products to a project target's dependencies, located at the line, once each.
    private func declare(_ pod: PodfilePod, of podfile: Podfile, in package: inout LocalPackage, target: Int, podfileFolder: String,
                         podFolders: [String: String]) {
        let podName = pod.podName
        if !package.manifest.dependencies.contains(where: { $0.kind == .pod && $0.location == podName }) {
            var dependency = PackageDependency(identity: podName.lowercased(), kind: .pod, location: podName)
            dependency.name = podName
            package.manifest.dependencies.append(dependency)
        }
        if package.localDependencies[podName] == nil {
            // A pod with no `:path` comes from a specs repository (a podspec of that name here included), unless another
            // line of the same Podfile gives the pod a `:path`: CocoaPods then takes that folder for every line.
            let written = pod.path ?? podfile.pathPods.first { $0.name.split(separator: "/").first.map(String.init) == podName }?.path
            let folder = written.map { podFolder($0, from: podfileFolder) { _ in } }
            // The pod of that name in the folder (several pods may share one), else the pod of that name anywhere.
            let inFolder = folder.flatMap { folder in
                packages.values.filter { $0.folder == folder }.first { $0.manifest.name == podName }?.directory
                    ?? unreadable.values.first { unread in
                        [podName + ".podspec", podName + ".podspec.json"].contains(PathArithmetic.lastComponent(of: unread.manifestPath))
                            && (unread.directory == folder || PathArithmetic.resolve("..", from: unread.directory) == folder)
                    }?.directory
            }
            if folder != nil, let key = inFolder ?? podFolders[podName] ?? folder.flatMap({ packages[$0] == nil && unreadable[$0] == nil ? nil : $0 }) {
                package.localDependencies[podName] = key
            }
        }
        for product in pod.products where !package.manifest.targets[target].dependencies.contains(where: { $0.package == podName && $0.name == product }) {
            var dependency = TargetDependency(kind: .product, name: product, package: podName,
                                              position: pod.location.line.map { SourcePosition(line: $0, column: pod.location.column ?? 1) })
            dependency.file = pod.location.path
            dependency.viaPodfile = true
            package.manifest.targets[target].dependencies.append(dependency)
        }
    }
}
