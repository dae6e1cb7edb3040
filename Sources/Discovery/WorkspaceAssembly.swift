import Diagnostics
import Files
import Foundation
import ManifestReading
import PackageModel
import Paths
import PodspecReading
import TuistReading
import XcodeProjectReading

/// The packages read so far, and what could not be read; at the end, the ``Workspace``.
struct WorkspaceAssembly {
    var root: String
    var displayRoot: String
    var fileSystem: any FileSystem
    /// Every folder queued or read.
    var known: Set<String>
    var packages: [String: LocalPackage] = [:]
    var declines: [StaticReadDeclined] = []
    var unreadable: [String: UnreadablePackage] = [:]
    /// Folders path dependencies lead to that hold no manifest, and whether the folder exists.
    var withoutManifest: [String: Bool] = [:]
    /// Folders some `.package(path:)` leads to.
    var referenced: Set<String> = []
    /// Podspecs in folders that hold a Package.swift, by folder: the file and how reading it went.
    var podspecsBeside: [String: (file: String, outcome: ManifestReads.Outcome)] = [:]
    /// The pods of the other podspecs in such a folder (a library shipped both ways: `CarbonObjC.podspec` beside
    /// `CarbonGraph.podspec` and a Package.swift with both products), by folder: `s.dependency` leads there too.
    var otherPodsBeside: [String: [String]] = [:]
    /// Podfile path pods whose folder has no podspec of that name.
    var missingPods: [MissingPackage] = []
    /// The Podfiles read, by folder (absolute), as messages name them.
    var podfiles: [(directory: String, podfile: Podfile)] = []
    /// The `Podfile.lock` beside a Podfile read, by the Podfile's folder.
    var podfileLocks: [String: PodfileLock] = [:]
    /// What reading the Xcode projects noted (ids nothing defines), paths as the user sees them.
    var projectNotes: [Note] = []
    /// Where a reference to a described project may lead (the `.xcodeproj` it would generate, a Tuist project's
    /// folder), absolute, with the description's path: the package such a reference leads to.
    var generatedProjects: [String: String] = [:]
    /// Project descriptions a reader declined (a Tuist helper it cannot evaluate), absolute: not packages, and what
    /// they provide is undecided.
    var declinedDescriptions: [String] = []
    /// Descriptions no reader reads, absolute (a note names each): a Bazel or Buck file, a stub `.xcodeproj`, a YAML file
    /// with XcodeGen's keys that is not one.
    var unreadDescriptions: [String] = []
    /// Folders of manifests that declare outside dependencies without being components (`Tuist/`), absolute: their
    /// SwiftPM checkouts say what outside products provide.
    var checkoutFolders: Set<String> = []
    let displayPaths: ManifestReads.DisplayPaths

    init(root: String, displayRoot: String, known: Set<String>, fileSystem: any FileSystem) {
        self.root = root
        self.displayRoot = displayRoot
        self.known = known
        self.fileSystem = fileSystem
        // The absolute current folder, for paths displayed from a root above it.
        let currentFolder = displayRoot == ".." || displayRoot.hasPrefix("../") ? fileSystem.realPath(FileManager.default.currentDirectoryPath) : nil
        displayPaths = ManifestReads.DisplayPaths(root: root, displayRoot: displayRoot, currentFolder: currentFolder)
    }

    func isDone(_ directory: String) -> Bool {
        packages[directory] != nil || unreadable[directory] != nil || withoutManifest[directory] != nil
    }

    func display(_ path: String) -> String {
        displayPaths.display(path)
    }

    /// Records one folder's outcome; returns the folders its path dependencies lead to that are new.
    @discardableResult
    mutating func record(_ prepared: ManifestReads.Prepared) -> [String] {
        let directory = prepared.directory
        switch prepared.outcome {
        case .noManifest(let exists):
            withoutManifest[directory] = exists
            return []
        case .failed(let error):
            unreadable[directory] = UnreadablePackage(directory: directory, relativeDirectory: prepared.relative,
                                                     manifestPath: prepared.manifestPath, problem: describe(error))
            unreadable[directory]?.isDeclined = error is PodspecReadDeclined
            if prepared.manifestPath.hasSuffix(".podspec") {
                let file = directory.hasSuffix(".podspec") ? directory : PathArithmetic.join(directory, PathArithmetic.lastComponent(of: prepared.manifestPath))
                unreadable[directory]?.plainPod = fileSystem.text(of: file).flatMap { PlainPod(podspec: file, text: $0) }
            }
            return []
        case .read, .project:
            return recordPackage(prepared)
        }
    }

    private mutating func recordPackage(_ prepared: ManifestReads.Prepared) -> [String] {
        let directory = prepared.directory
        var package: LocalPackage
        switch prepared.outcome {
        case .read(let reading, let spec):
            package = LocalPackage(directory: directory, relativeDirectory: prepared.relative, manifestPath: prepared.manifestPath, manifest: reading.manifest)
            package.origin = spec.map(PackageOrigin.pod) ?? .swiftPackage
            if var decline = reading.staticDecline {
                decline.path = display(decline.path)
                declines.append(decline)
            }
        case .project(let project, let manifest):
            package = LocalPackage(directory: directory, relativeDirectory: prepared.relative, manifestPath: prepared.manifestPath, manifest: manifest)
            package.origin = .xcodeProject(project)
            projectNotes += project.notes.map { note in
                var note = note
                if let path = note.location?.path { note.location?.path = display(path) }
                return note
            }
        case .noManifest, .failed:
            return []
        }
        var new: [String] = []
        for (location, written) in prepared.resolved {
            // Folders found by the walk are already real paths; resolve links only for the others.
            let target = known.contains(written) ? written : fileSystem.realPath(written)
            package.localDependencies[location] = target
            referenced.insert(target)
            if known.insert(target).inserted { new.append(target) }
        }
        packages[directory] = package
        return new
    }

    /// Gives each package the podspec read in its folder; one that cannot be read is a note.
    mutating func attachPodspecsBeside(notes: inout [Note]) {
        for (directory, (file, outcome)) in podspecsBeside.sorted(by: { $0.key < $1.key }) {
            guard packages[directory] != nil else { continue }
            let shown = display(PathArithmetic.join(directory, file))
            switch outcome {
            case .read(let reading, let spec?):
                var beside = PodspecBeside(path: shown, manifest: reading.manifest, spec: spec)
                beside.otherPods = otherPodsBeside[directory] ?? []
                packages[directory]?.origin = .migrating(beside)
            case .read, .project:
                continue
            case .failed(let error):
                let (message, location) = describe(error)
                notes.append(Note("this podspec beside a Package.swift cannot be read, so the two are not compared (pod-package-mismatch): \(message)",
                                  at: location ?? FileLocation(path: shown)))
            case .noManifest:
                continue
            }
        }
    }

    /// Leads each pod dependency on a pod or package of the repository (by name: `s.dependency 'NXKit'`) to its folder,
    /// as `.package(path:)` leads to one, a local podspec that cannot be read included; the others stay outside packages
    /// (CocoaPods' specs repository).
    mutating func resolvePodDependencies() {
        guard packages.values.contains(where: { $0.origin.podspecBeside != nil || $0.manifest.kind == .pod }) else { return }
        let byName = folders(byPodName: ())
        for directory in packages.keys.sorted() {
            guard var package = packages[directory] else { continue }
            if case .migrating(var beside) = package.origin {
                for dependency in beside.manifest.dependencies where dependency.kind == .pod {
                    if let target = byName[dependency.location] { beside.localDependencies[dependency.location] = target }
                }
                package.origin = .migrating(beside)
            }
            for dependency in package.manifest.dependencies where dependency.kind == .pod {
                if let target = byName[dependency.location] { package.localDependencies[dependency.location] = target }
            }
            packages[directory] = package
        }
    }

    /// Drops what the walk took for a package but is a file of another package's target (a source file named
    /// `Package.swift`, a fixture package among a test target's resources): SwiftPM builds it as part of that target.
    /// A folder some `.package(path:)` leads to stays a package.
    mutating func dropPackagesInsideTargets(walked: Set<String>) -> [Note] {
        let directories = Set(packages.keys).union(unreadable.keys)
        var notes: [Note] = []
        for directory in directories.sorted() where walked.contains(directory) && !referenced.contains(directory) {
            guard let (outer, target) = enclosingTarget(of: directory) else { continue }
            notes.append(setAside(directory, saying: "this Package.swift lies in the folder of target \(target) of package \(outer): SwiftPM builds it as one of that target's files, so it is not read as a package"))
        }
        return notes
    }

    /// Forgets the package the walk found at `directory` (read or not, its static reader's decline with it); returns
    /// the note at its Package.swift that says why.
    mutating func setAside(_ directory: String, saying message: String) -> Note {
        packages[directory] = nil
        unreadable[directory] = nil
        let shown = display(PathArithmetic.join(directory, "Package.swift"))
        declines.removeAll { $0.path == shown }
        return Note(message, at: FileLocation(path: shown))
    }

    /// Sets aside what the walk took for a package but creates none: a `Package.swift` without `Package(…)` (a placeholder
    /// that keeps a folder out of the package around it, or out of Xcode's index) that no dependency leads to. A note
    /// says so; it is not an unreadable manifest.
    mutating func setAsidePlaceholders(walked: Set<String>) -> [Note] {
        var notes: [Note] = []
        for directory in unreadable.keys.sorted() where walked.contains(directory) && !referenced.contains(directory) {
            let file = PathArithmetic.join(directory, "Package.swift")
            guard unreadable[directory]?.kind == .package, let text = fileSystem.text(of: file, upTo: 1 << 20),
                  !StaticManifestReader.createsPackage(source: text) else { continue }
            unreadable[directory] = nil
            notes.append(Note("this Package.swift creates no package (no Package(…) in it): a placeholder, not read as a package; nothing depends on it",
                              at: FileLocation(path: display(file))))
        }
        return notes
    }

    /// The nearest package above `directory` with a target whose folder holds it: the package's and the target's names.
    private func enclosingTarget(of directory: String) -> (package: String, target: String)? {
        var ancestor = directory
        while let slash = ancestor.lastIndex(of: "/"), ancestor.count > root.count {
            ancestor = String(ancestor[..<slash])
            guard let outer = packages[ancestor] else { continue }
            let inside = PathArithmetic.relative(directory, to: ancestor)
            let target = outer.manifest.targets.first { target in
                guard let folder = target.folder(inPackage: ancestor, fileSystem: fileSystem), folder != "." else { return false }
                return inside == folder || inside.hasPrefix(folder + "/")
            }
            if let target { return (outer.manifest.name, target.name) }
        }
        return nil
    }

    /// The reader's own message, at the place it names (paths as the user sees them).
    func describe(_ error: Error) -> (message: String, location: FileLocation?) {
        switch error {
        case let error as InputError:
            var location = error.location
            if let path = location?.path { location?.path = display(path) }
            return (error.message, location)
        case var declined as StaticReadDeclined:
            declined.path = display(declined.path)
            return (declined.reason + " (the static reader was asked for; --reader auto would ask SwiftPM)", declined.location)
        case var declined as PodspecReadDeclined:
            declined.location.path = display(declined.location.path)
            return (declined.reason, declined.location)
        default:
            return ("\(error)", nil)
        }
    }

    /// A missing package's path with its last part replaced by the nearest folder beside it holding the expected file
    /// (`../../Kit/NXKti` → `../../Kit/NXKit`); nil when none is near.
    func suggestion(for missing: MissingPackage) -> String? {
        let parent = PathArithmetic.resolve("..", from: missing.directory)
        let name = PathArithmetic.lastComponent(of: missing.directory)
        let folders = fileSystem.listing(of: parent)?.entries.filter { entry in
            entry.kind == .folder && fileSystem.status(of: PathArithmetic.join(PathArithmetic.join(parent, entry.name), missing.expectedFile)).exists
        }.map(\.name) ?? []
        guard let nearest = EditDistance.nearest(to: name, in: folders) else { return nil }
        let written = missing.written.hasSuffix("/") ? String(missing.written.dropLast()) : missing.written
        let head = written.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return head.isEmpty ? nearest : head + "/" + nearest
    }

    func withSuggestion(_ missing: MissingPackage) -> MissingPackage {
        var missing = missing
        missing.suggestion = suggestion(for: missing)
        return missing
    }

    func workspace(notes: [Note]) -> Workspace {
        let submodules = GitSubmodules(around: root, fileSystem: fileSystem)
        let ignores = GitIgnores(around: root, fileSystem: fileSystem)
        var missing: [MissingPackage] = []
        for package in packages.values {
            for dependency in package.manifest.dependencies where dependency.kind == .fileSystem {
                guard let target = package.localDependencies[dependency.location], let exists = withoutManifest[target] else { continue }
                var entry = MissingPackage(
                    directory: target, written: dependency.location, referencedBy: package.manifest.name, exists: exists,
                    location: FileLocation(path: dependency.file ?? package.manifestPath, line: dependency.position?.line, column: dependency.position?.column))
                if target.hasSuffix(".xcodeproj") {
                    entry.expectedFile = XcodeManifest.file
                } else if package.kind == .tuistProject, package.origin.xcodeProject?.otherProjects.contains(dependency.location) == true {
                    // A Tuist `.project(target:path:)` names the folder of a `Project.swift`, never a package.
                    entry.expectedFile = TuistReader.projectFile
                }
                entry.submodule = submodules.submodule(containing: target).map { PathArithmetic.relative($0, to: root) }
                if entry.submodule == nil, !exists { entry.ignoredBy = ignores.ignoringLine(of: target) }
                entry.outsideRepository = !exists && target != ignores.top && !target.hasPrefix(ignores.top + "/")
                missing.append(withSuggestion(entry))
            }
        }
        // A Podfile's path pod in a submodule not checked out, in a folder git ignores or in a folder outside the
        // repository that is not there is not there yet either, as a package would be.
        for pod in missingPods {
            var entry = withSuggestion(pod)
            entry.submodule = submodules.submodule(containing: pod.directory).map { PathArithmetic.relative($0, to: root) }
            if entry.submodule == nil, !entry.exists { entry.ignoredBy = ignores.ignoringLine(of: pod.directory) }
            entry.outsideRepository = !entry.exists && pod.directory != ignores.top && !pod.directory.hasPrefix(ignores.top + "/")
            missing.append(entry)
        }
        var notes = notes
        for submodule in Set(missing.compactMap(\.submodule)).sorted() {
            notes.append(Note("git submodule '\(submodule)' is not checked out, so the packages there cannot be read: 'git submodule update --init' lets componentize read them; until then what they provide is undecided",
                              at: FileLocation(path: display(submodules.file ?? PathArithmetic.join(root, ".gitmodules")))))
        }
        var ignored: Set<String> = []
        for entry in missing where entry.ignoredBy != nil && ignored.insert(entry.directory).inserted {
            guard var line = entry.ignoredBy else { continue }
            line.path = display(line.path)
            notes.append(Note("the package at '\(PathArithmetic.relative(entry.directory, to: root))' is not in the repository: .gitignore keeps it out (a script or a tool fetches it), so it cannot be read; once it is there componentize reads it, until then what it provides is undecided",
                              at: line))
        }
        for entry in missing where entry.outsideRepository && entry.ignoredBy == nil && entry.submodule == nil {
            notes.append(Note("\(entry.referencedBy) depends on the \(entry.kind == .pod ? "pod" : "package") at '\(entry.written)', outside the repository (expected beside it on its owner's machine): it cannot be read here, so what it provides is undecided",
                              at: entry.location))
        }
        var workspace = Workspace(root: displayRoot, packages: packages.values.sorted { $0.relativeDirectory < $1.relativeDirectory },
                         declines: declines.sorted { $0.path < $1.path },
                         missing: missing.sorted { $0.location < $1.location },
                         unreadable: unreadable.values.sorted { $0.relativeDirectory < $1.relativeDirectory },
                         notes: notes + projectNotes.sorted { ($0.location?.path ?? "", $0.location?.line ?? 0) < ($1.location?.path ?? "", $1.location?.line ?? 0) })
        workspace.realRoot = root
        workspace.declined = declinedDescriptions.sorted()
        workspace.unreadDescriptions = Set((declinedDescriptions + unreadDescriptions).map(display)).sorted()
        workspace.outsideDependencyFolders = checkoutFolders.sorted()
        workspace.podfileAppTargets = podfileAppTargets
        workspace.podfileLocks = podfileLocks
        return workspace
    }

    /// The outermost concrete `target` of each Podfile, by the Podfile's folder; an example's, demo's or sample's last.
    var podfileAppTargets: [String] {
        let showsTheRest = ["example", "demo", "sample"]
        let ordered = podfiles.sorted { $0.directory < $1.directory }.map { entry in
            (entry.podfile.targets.filter { target in
                !target.isAbstract && (target.parent.map { entry.podfile.targets[$0].isAbstract } ?? false) && !target.name.hasSuffix("Tests")
            }.map(\.name), showsTheRest.contains { PathArithmetic.relative(entry.directory, to: root).lowercased().contains($0) })
        }
        return ordered.filter { !$0.1 }.flatMap(\.0) + ordered.filter(\.1).flatMap(\.0)
    }
}
