import Diagnostics
import Files
import Paths
import PodspecReading

/// The development pods of a repository: the folders the walk found holding podspecs, and those the Podfiles' path pods
/// (`pod 'NXKit', :path => '../NXKit'`) lead to that the walk did not reach (outside the root, or excluded). A pod is a
/// package; a podspec beside a `Package.swift` is the same component mid-migration.
struct PodFolders {
    var reads: ManifestReads
    var fileSystem: any FileSystem { reads.fileSystem }

    func read(_ found: [PodFolder], podfiles: [(directory: String, display: String)], walked: Set<String>,
              into assembly: inout WorkspaceAssembly, notes: inout [Note]) {
        var pods = found
        pods += follow(podfiles, pods: pods, assembly: &assembly, notes: &notes)
        pods.sort { $0.directory < $1.directory }
        let besides = pods.filter { walked.contains($0.directory) }
        for (pod, outcome) in zip(besides, reads.readPods(besides.map { ($0.directory, $0.files[0]) })) {
            assembly.podspecsBeside[pod.directory] = (pod.files[0], outcome)
            assembly.otherPodsBeside[pod.directory] = pod.files.dropFirst().map(Self.podName)
        }
        // Every podspec of a pod folder is a pod: the first keeps the folder as its key, each other one is keyed by its
        // file (a category pod beside its module's, several specs sharing one folder), its files found in the folder.
        let specs = pods.filter { !walked.contains($0.directory) }.flatMap { pod in
            pod.files.enumerated().map { index, file in (key: index == 0 ? pod.directory : PathArithmetic.join(pod.directory, file), folder: pod.directory, file: file) }
        }
        var downloaded: [String: [String]] = [:]
        for (spec, outcome) in zip(specs, reads.readPods(specs.map { ($0.folder, $0.file) })) {
            assembly.known.insert(spec.key)
            assembly.record(ManifestReads.Prepared(spec.key, outcome, file: spec.file, paths: assembly.displayPaths))
            assembly.packages[spec.key]?.folder = spec.folder
            if let package = assembly.packages[spec.key], Self.isDownloaded(package) {
                assembly.packages[spec.key] = nil
                let file = package.manifestPath
                downloaded[String(file[..<(file.lastIndex(of: "/") ?? file.startIndex)]), default: []].append(package.manifest.name)
            }
        }
        for (folder, names) in downloaded.sorted(by: { $0.key < $1.key }) {
            let list = names.prefix(5).joined(separator: ", ") + (names.count > 5 ? " and \(names.count - 5) more" : "")
            notes.append(Note("\(names.count == 1 ? "a podspec here downloads its sources" : "\(names.count) podspecs here download their sources") (source :http) and none of them is in the repository (\(list)): read as outside pods, not as components",
                              at: FileLocation(path: folder.isEmpty ? "." : folder)))
        }
    }

    /// A podspec whose `source` is an archive CocoaPods downloads (`:http`) and none of whose patterns selects a file
    /// here: a copy of a specs repository's entry (another version's dependencies, sources elsewhere), not a pod built
    /// from this repository.
    static func isDownloaded(_ package: LocalPackage) -> Bool {
        guard package.kind == .pod, case .hash(let source)? = package.origin.podSpec?.attribute("source")?.value,
              source.contains(where: { $0.0 == "http" }) else { return false }
        return package.manifest.targets.allSatisfy { $0.sources?.isEmpty ?? false }
    }

    /// `CarbonObjC` for `CarbonObjC.podspec` or `CarbonObjC.podspec.json`.
    static func podName(_ file: String) -> String {
        file.hasSuffix(".podspec.json") ? String(file.dropLast(13)) : file.hasSuffix(".podspec") ? String(file.dropLast(8)) : file
    }

    /// A Podfile `pod install` cannot run where it stands: some target integrates a project, yet none names one and no
    /// `.xcodeproj` is beside it, nor a description one is generated from (XcodeGen's `project.yml`, Tuist's
    /// `Project.swift`). Its `:path`s are relative to the folder a script copies it to, not to this one.
    private func isTemplate(_ podfile: Podfile, in directory: String) -> Bool {
        let integrating = podfile.targets.indices.filter { !podfile.targets[$0].isAbstract }
        guard !integrating.isEmpty, integrating.allSatisfy({ podfile.project(of: $0) == nil }),
              !podfile.hasUnknownProject else { return false }
        let descriptions: Set<String> = ["project.yml", "project.yaml", "project.json", "Project.swift", "Workspace.swift", "Tuist"]
        guard let listing = fileSystem.listing(of: directory) else { return false }
        return !listing.entries.contains { $0.name.hasSuffix(".xcodeproj") || descriptions.contains($0.name) }
    }

    /// The first name of a Podfile still holding a template's placeholder (`${POD_NAME}`): a target, a pod or a `:path`
    /// (`target '${POD_NAME}_Example'`, `pod '${POD_NAME}', :path => '../'`), as `pod lib create`'s template writes them
    /// before it fills them in a copy. Such a Podfile is never installed where it stands.
    static func placeholder(in podfile: Podfile) -> (written: String, location: FileLocation)? {
        var names: [(written: String, location: FileLocation)] = []
        for target in podfile.targets {
            if target.parent != nil { names.append((target.name, target.location)) }
            for pod in target.pods { names += [(pod.name, pod.location)] + (pod.path.map { [($0, pod.location)] } ?? []) }
        }
        return names.filter { isPlaceholder($0.written) }.min { ($0.location.line ?? 0, $0.location.column ?? 0) < ($1.location.line ?? 0, $1.location.column ?? 0) }
    }

    /// `${POD_NAME}`, `${POD_NAME}_Example`: a `${…}` left for a template tool (Ruby's interpolation is `#{…}`).
    /// The Podfile's name in a folder the walk found one in: `Podfile`, else the name it is spelt with in another case
    /// (`podfile`), which CocoaPods finds on macOS's default file system.
    static func podfileName(in folder: String, fileSystem: any FileSystem) -> String {
        guard let listing = fileSystem.listing(of: folder), listing.entry(named: "Podfile") == nil else { return "Podfile" }
        return listing.entries.first { ProjectDescriptions.canonical($0.name, among: ["Podfile"]) != nil }?.name ?? "Podfile"
    }

    static func isPlaceholder(_ name: String) -> Bool {
        guard let open = name.range(of: "${") else { return false }
        return name[open.upperBound...].contains("}")
    }

    /// The pod folders the Podfiles lead to that are not among `pods`. A path to a folder without the pod's podspec is a
    /// missing package at the Podfile's line; a Podfile that cannot be read is a note, and the rest is checked.
    private func follow(_ podfiles: [(directory: String, display: String)], pods: [PodFolder], assembly: inout WorkspaceAssembly,
                        notes: inout [Note]) -> [PodFolder] {
        var podspecs: [String: [String]] = [:]
        for pod in pods { podspecs[pod.directory] = pod.files }
        var added: [PodFolder] = []
        for podfile in podfiles {
            let file = Self.podfileName(in: podfile.directory, fileSystem: fileSystem)
            let shown = PathArithmetic.join(podfile.display, file)
            if let note = ProjectDescriptions.spelledInAnotherCase(shown, as: "Podfile", display: shown) { notes.append(note) }
            let localPods: [PodfilePathPod]
            do {
                let read = try PodfileReader().read(path: PathArithmetic.join(podfile.directory, file), shownAs: shown, fileSystem: fileSystem)
                notes += read.notes
                if let placeholder = Self.placeholder(in: read) {
                    notes.append(Note("this Podfile's names are still placeholders ('\(placeholder.written)'), a template 'pod lib create' or a script fills in before use: its pods and paths are not checked",
                                      at: FileLocation(path: shown, line: placeholder.location.line, column: placeholder.location.column)))
                    continue
                }
                if isTemplate(read, in: podfile.directory) {
                    notes.append(Note("this Podfile names no project ('project …') and no Xcode project (or XcodeGen or Tuist description) is beside it, so 'pod install' cannot run here (a template a script copies beside a project): its pods and paths are not checked",
                                      at: FileLocation(path: shown)))
                    continue
                }
                localPods = read.pathPods
                assembly.podfiles.append((podfile.directory, read))
                if let text = fileSystem.text(of: PathArithmetic.join(podfile.directory, "Podfile.lock")), let lock = PodfileLock(text: text) {
                    assembly.podfileLocks[podfile.directory] = lock
                }
            } catch {
                let (message, location) = assembly.describe(error)
                var at = location ?? FileLocation(path: shown)
                at.path = shown
                notes.append(Note("the local pods of this Podfile are not followed: \(message)", at: at))
                continue
            }
            for pod in localPods {
                let directory = assembly.podFolder(pod.path, from: podfile.directory) { real in
                    notes.append(Note("the :path '\(pod.path)' names the folder '\(PathArithmetic.relative(real, to: podfile.directory))' in another case: macOS's default file system finds it, a case-sensitive one (Linux, CI) does not; write the folder's name as it is",
                                      at: FileLocation(path: shown, line: pod.location.line, column: pod.location.column)))
                }
                // `pod 'X/Sub', :path => …` is a subspec of the pod X at that path.
                let podName = pod.name.split(separator: "/").first.map(String.init) ?? pod.name
                let expected = [podName + ".podspec", podName + ".podspec.json"]
                if let files = podspecs[directory], files.contains(where: expected.contains) { continue }
                if let file = expected.first(where: { fileSystem.status(of: PathArithmetic.join(directory, $0)).exists }) {
                    podspecs[directory, default: []].append(file)
                    if let at = added.firstIndex(where: { $0.directory == directory }) {
                        added[at].files = (added[at].files + [file]).sorted()
                    } else if !pods.contains(where: { $0.directory == directory }) {
                        added.append(PodFolder(directory: directory, files: [file], display: assembly.display(directory)))
                    }
                    continue
                }
                let relative = PathArithmetic.relative(podfile.directory, to: assembly.root)
                var missing = MissingPackage(
                    directory: directory, written: pod.path, referencedBy: relative == "." ? file : relative + "/" + file,
                    exists: fileSystem.isFolder(directory), location: FileLocation(path: shown, line: pod.location.line, column: pod.location.column),
                    expectedFile: expected[0])
                missing.podspecsThere = (fileSystem.listing(of: directory)?.entries ?? []).map(\.name)
                    .filter { $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }.sorted()
                assembly.missingPods.append(missing)
            }
        }
        return added
    }
}
