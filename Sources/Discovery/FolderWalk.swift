import Diagnostics
import Files
import PackageModel
import Parallel
import Paths

/// Walks the folders under a root for manifests, podspecs and Podfiles, a level at a time with every folder of a level
/// listed in parallel; what it must skip becomes a note.
struct FolderWalk {
    /// Build and tool folders no package lives in (CocoaPods' `Pods` folder too, when it is the one CocoaPods generated).
    static let skippedFolders: Set<String> = [
        "checkouts", "DerivedData", "Carthage", "node_modules", "vendor", "Vendor", "build",
    ]

    var exclude: [Glob]
    var fileSystem: any FileSystem
    /// Folders holding a `Package.swift`, in walk order.
    var found: [String] = []
    /// Folders holding podspecs.
    var pods: [PodFolder] = []
    /// Folders holding a Podfile.
    var podfiles: [(directory: String, display: String)] = []
    /// `.xcworkspace` folders (not those inside a project), in walk order.
    var workspaces: [String] = []
    /// CocoaPods' generated `Pods` folders skipped, in walk order.
    var generatedPods: [String] = []
    /// Files describing projects other than manifests, podspecs and Xcode projects (`project.yml`, `Project.swift`,
    /// Bazel's `BUILD`…), absolute, in walk order.
    var descriptions: [String] = []
    /// Swift and C-family source files, relative to the root, in walk order (``Workspace/sourceFiles``).
    var sourceFiles: [String] = []
    /// The registered readers (``ReaderRegistry``), as they were when the walk began.
    var readers: [any PackageReader] = ReaderRegistry.readers
    /// Files a registered reader recognises, absolute, in walk order.
    var registered: [String] = []
    /// Whether `.xcodeproj` folders are read as packages (then they are in ``found``).
    var readsProjects = true
    var notes: [Note] = []

    /// A folder to list, with the real paths of the folders above it (to see a link loop).
    struct Job {
        var directory: String
        var relative: String
        var display: String
        var ancestors: [String]
    }

    /// What listing one folder gave.
    struct Visit {
        var hasManifest = false
        /// `*.podspec` and `*.podspec.json` files in the folder, sorted.
        var podspecs: [String] = []
        var hasPodfile = false
        /// `.xcodeproj` and `.xcworkspace` folders in the folder (not walked into).
        var projects: [String] = []
        var workspaces: [String] = []
        var generatedPods: [String] = []
        /// Project description files in the folder (``ProjectDescriptions/recognizes(_:)``), sorted.
        var descriptions: [String] = []
        /// Source files in the folder that are code, not descriptions, relative to the root (none in Tuist's folders).
        var sourceFiles: [String] = []
        /// Files a registered reader recognises, sorted.
        var registered: [String] = []
        var children: [Job] = []
        /// Notes with the display path they are about, to be put in walk order.
        var notes: [Note] = []
    }

    init(exclude: [Glob], fileSystem: any FileSystem) {
        self.exclude = exclude
        self.fileSystem = fileSystem
    }

    mutating func walk(root: String, display: String) {
        var level = [Job(directory: root, relative: "", display: display, ancestors: [])]
        var ordered: [(path: [Substring], note: Note)] = []
        while !level.isEmpty {
            let jobs = level
            let exclude = self.exclude, fileSystem = self.fileSystem, readsProjects = self.readsProjects, readers = self.readers
            // More threads than cores: a folder whose blocks the kernel must read from the disk does not idle a core.
            let visits = inSlicesOnThreads(of: jobs.count, minimumSliceSize: 4, slicesPerCore: 32, threadsPerCore: fileThreadsPerCore) { slice in
                slice.map { Self.visit(jobs[$0], exclude: exclude, readsProjects: readsProjects, readers: readers, fileSystem: fileSystem) }
            }
            level = []
            // (By position: a loop over the pairs copies each visit's every list.)
            for index in jobs.indices {
                let job = jobs[index]
                if visits[index].hasManifest { found.append(job.directory) }
                if !visits[index].podspecs.isEmpty { pods.append(PodFolder(directory: job.directory, files: visits[index].podspecs, display: job.display)) }
                if visits[index].hasPodfile { podfiles.append((job.directory, job.display)) }
                found += visits[index].projects
                workspaces += visits[index].workspaces
                generatedPods += visits[index].generatedPods
                descriptions += visits[index].descriptions.map { job.directory + "/" + $0 }
                registered += visits[index].registered.map { job.directory + "/" + $0 }
                sourceFiles += visits[index].sourceFiles
                ordered += visits[index].notes.map { ((($0.location?.path ?? job.display)).split(separator: "/"), $0) }
                level += visits[index].children
            }
            releaseInBackground(visits)
        }
        // The order of a depth-first walk in name order: by path component.
        notes = ordered.sorted { $0.path.lexicographicallyPrecedes($1.path) }.map(\.note)
    }

    static func visit(_ job: Job, exclude: [Glob], readsProjects: Bool = false, readers: [any PackageReader] = [],
                      fileSystem: any FileSystem) -> Visit {
        var visit = Visit()
        guard let listing = fileSystem.listing(of: job.directory) else {
            visit.notes.append(Note("cannot list the folder (check its permissions); skipped", at: FileLocation(path: job.display)))
            return visit
        }
        let undecodable = listing.undecodableNames
        if undecodable > 0 {
            visit.notes.append(Note("\(undecodable == 1 ? "a name" : "\(undecodable) names") in this folder \(undecodable == 1 ? "is" : "are") not UTF-8; skipped",
                                    at: FileLocation(path: job.display)))
        }
        let ancestors = job.ancestors + [job.directory]
        for entry in listing.entries {
            note(entry, readers: readers, in: &visit)
            if entry.name != "Package.swift", ProjectDescriptions.canonical(entry.name, among: ["Package.swift"]) != nil {
                visit.notes.append(Note("\(entry.name) is Package.swift in another case: SwiftPM on macOS's default file system reads it, a case-sensitive one (Linux, CI) does not, and componentize reads no package from it; name it Package.swift",
                                        at: FileLocation(path: job.display + "/" + entry.name)))
            }
            guard !entry.isHidden, let child = child(entry, of: job, ancestors: ancestors, fileSystem: fileSystem, visit: &visit) else { continue }
            if skippedFolders.contains(entry.name) || exclude.contains(where: { $0.matchesPath(child.relative) }) { continue }
            if let kind = Self.templateKind(entry.name) {
                visit.notes.append(Note("a template folder (\(kind)): a generator makes projects from it, it is none itself, so nothing in it is read",
                                        at: FileLocation(path: child.display)))
                continue
            }
            if entry.name == "Pods", GeneratedFolders.isCocoaPodsOutput(child.directory, fileSystem: fileSystem) {
                visit.generatedPods.append(child.directory)
                continue
            }
            if entry.name.hasSuffix(".xcodeproj") || entry.name.hasSuffix(".xcworkspace") {
                // `pod lib create`'s `_Pods.xcodeproj` is a link to the generated `Example/Pods/Pods.xcodeproj`.
                if entry.kind.isLink, GeneratedFolders.cocoaPodsOutput(containing: child.directory, fileSystem: fileSystem) != nil { continue }
                if readsProjects { entry.name.hasSuffix(".xcodeproj") ? visit.projects.append(child.directory) : visit.workspaces.append(child.directory) }
                continue
            }
            visit.children.append(child)
        }
        // Joined here, on the walk's threads, not where the levels are put together.
        if describesProjects(job.relative) {
            visit.sourceFiles = []
        } else if !job.relative.isEmpty {
            visit.sourceFiles = visit.sourceFiles.map { job.relative + "/" + $0 }
        }
        return visit
    }

    /// Records a manifest, podspec, Podfile or a file a registered reader recognises (a file, or a link, even a broken one: reading it then says what is wrong).
    private static func note(_ entry: FolderEntry, readers: [any PackageReader], in visit: inout Visit) {
        guard entry.kind.isFile || entry.kind.isLink else { return }
        let name = entry.name
        // A file a generator names (`{{ name }}.podspec`) is a template's, not the repository's.
        guard templateKind(name) == nil else { return }
        if name == "Package.swift" { visit.hasManifest = true }
        if name.hasSuffix(".podspec") || name.hasSuffix(".podspec.json") { visit.podspecs.append(name) }
        // macOS's default file system finds `podfile` as `Podfile` (PodFolders reads it under its own name, with a note).
        if name == "Podfile" || ProjectDescriptions.canonical(name, among: ["Podfile"]) != nil { visit.hasPodfile = true }
        if ProjectDescriptions.recognizes(name) { visit.descriptions.append(name) }
        if isSource(name) { visit.sourceFiles.append(name) }
        if readers.contains(where: { $0.recognizes(name) }) { visit.registered.append(name) }
    }

    /// What a target compiles: headers are not counted, an app target lists none (they are compiled through what
    /// includes them).
    static let sourceExtensions: Set<Substring> = ["swift", "m", "mm", "c", "cc", "cpp", "cxx"]

    /// A Swift or C-family file that is code, not a description (`Package.swift`, `Project.swift`, `Workspace.swift`…).
    private static func isSource(_ name: String) -> Bool {
        guard hasSourceExtension(name) else { return false }
        return !(name.hasPrefix("Package.swift") || name.hasPrefix("Package@swift") || ProjectDescriptions.recognizes(name) || name == "Tuist.swift")
    }

    /// Whether a name has one of ``sourceExtensions`` after a dot that is not its first character (compared as bytes:
    /// every file name of the repository is asked).
    static func hasSourceExtension(_ name: String) -> Bool {
        let bytes = name.utf8
        guard let dot = bytes.lastIndex(of: UInt8(ascii: ".")), dot != bytes.startIndex else { return false }
        let ending = bytes[bytes.index(after: dot)...]
        return sourceExtensionBytes.contains { ending.elementsEqual($0) }
    }

    private static let sourceExtensionBytes = sourceExtensions.map { Array($0.utf8) }

    /// Whether a name holds `{{` with `}}` after it (compared as bytes: every file name of the repository is asked).
    static func hasPlaceholder(_ name: String) -> Bool {
        var opened = false, previous: UInt8 = 0
        for byte in name.utf8 {
            if !opened, previous == UInt8(ascii: "{"), byte == UInt8(ascii: "{") {
                opened = true
                previous = 0
                continue
            }
            if opened, previous == UInt8(ascii: "}"), byte == UInt8(ascii: "}") { return true }
            previous = byte
        }
        return false
    }

    /// What kind of template a name is part of, if it is one: a name with a `{{ … }}` placeholder (cookiecutter, Jinja,
    /// Stencil, Mustache) that a generator replaces, or an Xcode template folder (`Module.xctemplate`, whose files are
    /// named `___FILEBASENAME___…`). Nothing in one is built as it lies.
    static func templateKind(_ name: String) -> String? {
        if hasPlaceholder(name) { return "its name holds a {{ … }} placeholder" }
        if name.hasSuffix(".xctemplate") { return "an Xcode template" }
        return nil
    }

    /// Tuist's own folder and helpers are descriptions, not the app's code.
    /// (Called for every folder walked: the components are compared as bytes, nothing is split or copied.)
    static func describesProjects(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8 { bytes in
            var start = 0
            for end in 0...bytes.count where end == bytes.count || bytes[end] == UInt8(ascii: "/") {
                let component = UnsafeBufferPointer(rebasing: bytes[start..<end])
                if component.elementsEqual("Tuist".utf8) || component.elementsEqual("ProjectDescriptionHelpers".utf8) { return true }
                start = end + 1
            }
            return false
        }
    }

    /// The folder to walk into for an entry, if it is one: a folder, or a link to a folder that is not above it.
    private static func child(_ entry: FolderEntry, of job: Job, ancestors: [String], fileSystem: any FileSystem, visit: inout Visit) -> Job? {
        let path = job.directory + "/" + entry.name
        let display = job.display + "/" + entry.name
        var target = path
        switch entry.kind {
        case .folder:
            break
        case .linkToFolder:
            let resolved = fileSystem.realPath(path)
            if ancestors.contains(resolved) {
                visit.notes.append(Note("symbolic link loop: this link leads back to '\(PathArithmetic.relative(resolved, to: job.directory))', a folder that contains it; skipped",
                                        at: FileLocation(path: display)))
                return nil
            }
            target = resolved
        case .linkLoop:
            visit.notes.append(Note("symbolic link loop: this link resolves to itself; skipped", at: FileLocation(path: display)))
            return nil
        case .file, .linkToFile, .brokenLink, .other:
            return nil
        }
        let relative = job.relative.isEmpty ? entry.name : job.relative + "/" + entry.name
        return Job(directory: target, relative: relative, display: display, ancestors: ancestors)
    }
}

/// A folder holding podspecs: the files, sorted, and the folder as messages name it.
struct PodFolder {
    var directory: String
    var files: [String]
    var display: String
}
