import Diagnostics
import Files
import PackageModel
import Parallel
import Paths
import TuistReading
import XcodeGenReading
import XcodeProjectReading

/// The descriptions Xcode projects are generated from (XcodeGen specs, Tuist projects), read into the same packages an
/// Xcode project gives; and the build descriptions componentize does not read (Bazel, Buck), each a note naming it, so
/// that a check of what they describe is never silently clean.
///
/// One source of truth: where a spec and the `.xcodeproj` it generates are both in the repository, the spec is read and
/// the project is not (a note says so), so nothing is counted twice and what a developer edits is what is checked.
enum ProjectDescriptions {
    /// Bazel's and Buck's build files: read by no reader here.
    static let unreadBuildFiles: Set<String> = ["BUILD", "BUILD.bazel", "MODULE.bazel", "WORKSPACE", "WORKSPACE.bazel", "BUCK"]

    /// Whether a file name is a project description discovery looks at (any YAML file may be an XcodeGen spec given by
    /// `--spec`: ``isDescription(_:fileSystem:root:)`` looks inside).
    static func recognizes(_ name: String) -> Bool {
        // Asked of every file discovery lists: a Swift file is one only by Tuist's names.
        if name.hasSuffix(".swift") { return tuistName(name) != nil }
        return specName(name) != nil || unreadBuildFiles.contains(name) || isYAML(name)
    }

    /// The name Apple's tools look for that `name` is, in whatever case (`project.swift` is `Project.swift`): macOS's
    /// default file system ignores case, so Tuist, XcodeGen, CocoaPods and SwiftPM find a description spelt in another
    /// case there; a case-sensitive one (Linux, CI) does not.
    static func canonical(_ name: String, among names: [String]) -> String? {
        let count = name.utf8.count
        return names.first { $0.utf8.count == count && ($0 == name || sameIgnoringCase($0, name)) }
    }

    /// `caseInsensitiveCompare` for two names of one length: compared as ASCII bytes when both are ASCII (every name
    /// discovery lists is asked, Foundation's comparison is the walk's costliest call), else by Foundation.
    private static func sameIgnoringCase(_ first: String, _ second: String) -> Bool {
        guard first.utf8.allSatisfy({ $0 < 0x80 }), second.utf8.allSatisfy({ $0 < 0x80 }) else {
            return first.caseInsensitiveCompare(second) == .orderedSame
        }
        return first.utf8.elementsEqual(second.utf8) { lowercased($0) == lowercased($1) }
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte
    }

    /// The Tuist description `name` is (`Project.swift`, `Workspace.swift`, `Plugin.swift`), in whatever case.
    static func tuistName(_ name: String) -> String? {
        canonical(name, among: [TuistReader.projectFile, TuistReader.workspaceFile, TuistReader.pluginFile])
    }

    /// The XcodeGen spec name `name` is (`project.yml`, `project.yaml`, `project.json`), in whatever case.
    static func specName(_ name: String) -> String? {
        canonical(name, among: sortedSpecNames)
    }

    private static let sortedSpecNames = XcodeGenReader.specNames.sorted()

    /// The note for a description read under the name its tool looks for while it is spelt in another case.
    static func spelledInAnotherCase(_ path: String, as canonical: String, display: String) -> Note? {
        let written = PathArithmetic.lastComponent(of: path)
        guard written != canonical else { return nil }
        return Note("read as \(canonical): it is spelt \(written), which macOS's default file system finds under that name but a case-sensitive one (Linux, CI) does not; name it \(canonical)",
                    at: FileLocation(path: display))
    }

    /// A `.yml` or `.yaml` file: an XcodeGen spec under another name than `project.yml` (`xcodegen --spec app.yml`).
    static func isYAML(_ name: String) -> Bool {
        name.hasSuffix(".yml") || name.hasSuffix(".yaml")
    }

    /// Whether a YAML file not named `project.yml` is an XcodeGen spec: XcodeGen reads `project.yml` unless given
    /// `--spec`, so a spec under another name is recognised by its keys, `name:` and `targets:` at its top level, in a
    /// folder without a `project.yml` and below none (beside or below one, it is a file that one includes, a target's
    /// `target.yml`, or another tool's).
    static func isNamedSpec(_ path: String, text: String, fileSystem: any FileSystem, root: String) -> Bool {
        var folder = PathArithmetic.resolve("..", from: path)
        while true {
            if fileSystem.listing(of: folder)?.entries.contains(where: { specName($0.name) != nil }) == true { return false }
            guard folder != root, folder.hasPrefix(root + "/") else { break }
            folder = PathArithmetic.resolve("..", from: folder)
        }
        var keys: Set<Substring> = []
        for line in text.split(whereSeparator: \.isNewline) where line.first.map({ $0.isLetter }) == true {
            if let colon = line.firstIndex(of: ":") { keys.insert(line[..<colon]) }
        }
        return keys.contains("name") && keys.contains("targets")
    }

    /// Reads the specs the walk found into `assembly`, drops the projects they generate from the walk's findings, and
    /// notes the build files no reader reads. Returns the folders the specs' local packages lead to that are new.
    static func read(_ walk: inout FolderWalk, xcode: XcodeSelection, into assembly: inout WorkspaceAssembly) -> [String] {
        notUnderstood(walk.descriptions, notes: &walk.notes, assembly: &assembly)
        guard xcode.check else { return [] }
        // What is not a description of Tuist's or XcodeGen's (a source file named Project.swift, another tool's project.yml)
        // is left alone.
        walk.descriptions = walk.descriptions.filter { isDescription($0, fileSystem: assembly.fileSystem, root: assembly.root) }
        let tuist = TuistProjects.read(&walk, xcode: xcode, into: &assembly)
        stubProjects(in: &walk, assembly: &assembly)
        return tuist + readSpecs(&walk, xcode: xcode, into: &assembly)
    }

    /// Whether a file the walk recognized by its name is one: a `Project.swift`, `Workspace.swift` or `Plugin.swift` that
    /// imports ProjectDescription, a spec with XcodeGen's keys.
    static func isDescription(_ path: String, fileSystem: any FileSystem, root: String) -> Bool {
        let name = PathArithmetic.lastComponent(of: path)
        guard !unreadBuildFiles.contains(name) else { return true }
        guard let text = fileSystem.text(of: path, upTo: 1 << 20) else { return false }
        if specName(name) != nil {
            return text.contains("targets") || text.contains("include") || text.contains("name")
        }
        if isYAML(name) { return isNamedSpec(path, text: text, fileSystem: fileSystem, root: root) }
        // An import line, not a commented-out one (`//import ProjectDescription` in a template).
        return text.split(whereSeparator: \.isNewline).contains { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return trimmed.hasPrefix("import ProjectDescription") || (trimmed.hasPrefix("@") && trimmed.contains(" import ProjectDescription"))
        }
    }

    private static func readSpecs(_ walk: inout FolderWalk, xcode: XcodeSelection, into assembly: inout WorkspaceAssembly) -> [String] {
        let root = assembly.root
        let specs = walk.descriptions.filter { name in specName(PathArithmetic.lastComponent(of: name)) != nil || isYAML(name) }
            .filter { xcode.selects(PathArithmetic.relative($0, to: root)) }.sorted()
            .filter { !isAlternative($0, among: walk.descriptions, notes: &walk.notes, assembly: &assembly) }
            .filter { !isTemplate($0, notes: &walk.notes, assembly: assembly) }
        guard !specs.isEmpty else { return [] }
        let (fileSystem, display) = (assembly.fileSystem, assembly.displayPaths)
        let outcomes: [Result<XcodeGenReader.Reading, Error>] = inSlicesOnThreads(of: specs.count, minimumSliceSize: 1, slicesPerCore: 8,
                                                                                    threadsPerCore: fileThreadsPerCore) { slice in
            slice.map { index in Result { try XcodeGenReader().read(specPath: specs[index], fileSystem: fileSystem, shown: display.display) } }
        }
        // A spec another spec includes is part of that one, not a project of its own.
        var included: Set<String> = []
        for case .success(let reading) in outcomes { included.formUnion(reading.files.dropFirst()) }
        for (spec, outcome) in zip(specs, outcomes) where !included.contains(spec) {
            if case .success(let reading) = outcome { assembly.generatedProjects[assembly.fileSystem.realPath(reading.generatedProject)] = spec }
        }
        var new: [String] = []
        for (spec, outcome) in zip(specs, outcomes) where !included.contains(spec) {
            switch outcome {
            case .success(let reading) where specName(PathArithmetic.lastComponent(of: spec)) == nil && missingTarget(of: reading.project) != nil:
                // Only its keys said it is a spec, and its targets depend on targets it does not define: a fragment.
                walk.notes.append(Note("this YAML file has XcodeGen's keys (name:, targets:) but its targets depend on \(missingTarget(of: reading.project) ?? "") it does not define: a fragment other specs include, not read as a spec",
                                       at: FileLocation(path: assembly.display(spec))))
                assembly.unreadDescriptions.append(spec)
            case .success(let reading) where placeholderName(of: reading.project) != nil:
                // `name: ${PROJECT_NAME}`: XcodeGen takes the name from the environment, which a generator of modules sets.
                walk.notes.append(Note("a template, not a spec: its names are environment variables XcodeGen replaces when a script sets them ('\(placeholderName(of: reading.project) ?? "")'), so it is not read",
                                       at: FileLocation(path: assembly.display(spec))))
            case .success(let reading):
                new += record(reading, spec: spec, xcode: xcode, walk: &walk, into: &assembly)
            case .failure(let error as SpecUsedElsewhere):
                let problem = shownProblem(error.problem)
                walk.notes.append(Note("this XcodeGen spec cannot be loaded where it lies (\(problem.message)\(problem.location.map { ", at \($0)" } ?? "")): it is a fragment other specs include or is run from another folder, which cannot be known, so it is not read",
                                       at: FileLocation(path: assembly.display(spec))))
                assembly.unreadDescriptions.append(spec)
                dropProjects(besides: spec, from: &walk)
            case .failure(let error) where specName(PathArithmetic.lastComponent(of: spec)) == nil:
                // Only its keys said it is a spec: what it is not is no error of the repository's.
                let problem = shownProblem(error)
                walk.notes.append(Note("this YAML file has XcodeGen's keys (name:, targets:) but is not read as a spec: \(problem.message)\(problem.location.map { " (at \($0))" } ?? "")",
                                       at: FileLocation(path: assembly.display(spec))))
                assembly.unreadDescriptions.append(spec)
            case .failure(let error):
                assembly.unreadable[spec] = UnreadablePackage(directory: spec, relativeDirectory: PathArithmetic.relative(spec, to: root),
                                                              manifestPath: assembly.display(spec), problem: shownProblem(error))
                dropProjects(besides: spec, from: &walk)
            }
        }
        return new
    }

    /// The project's or a target's name still holding a `${…}` variable (XcodeGen's own were replaced while reading).
    private static func placeholderName(of project: XcodeProject) -> String? {
        ([project.name] + project.targets.map(\.name)).first { $0.contains("${") }
    }

    /// A target a target of the project depends on that the project does not define, if any.
    static func missingTarget(of project: XcodeProject) -> String? {
        let names = Set(project.targets.map(\.name))
        for target in project.targets {
            for dependency in target.dependencies {
                if case .target(let name) = dependency.destination, !names.contains(name) { return name }
            }
        }
        return nil
    }

    /// What a spec not read generates cannot be told; the projects beside it are its output, not read in its place.
    private static func dropProjects(besides spec: String, from walk: inout FolderWalk) {
        let folder = PathArithmetic.resolve("..", from: spec)
        walk.found.removeAll { $0.hasSuffix(".xcodeproj") && PathArithmetic.resolve("..", from: $0) == folder }
    }

    /// Whether a spec under another name than `project.yml` shares its folder with another one (`project-spm.yml` and
    /// `project-carthage.yml`): alternatives XcodeGen is given one at a time, which one cannot be known, so none is read
    /// and the first one's note names them.
    private static func isAlternative(_ spec: String, among descriptions: [String], notes: inout [Note], assembly: inout WorkspaceAssembly) -> Bool {
        guard isYAML(spec), specName(PathArithmetic.lastComponent(of: spec)) == nil else { return false }
        let folder = PathArithmetic.resolve("..", from: spec)
        let siblings = descriptions.filter { isYAML($0) && PathArithmetic.resolve("..", from: $0) == folder }.sorted()
        guard siblings.count > 1 else { return false }
        if siblings.first == spec {
            notes.append(Note("\(siblings.map(PathArithmetic.lastComponent(of:)).joined(separator: ", ")) all have XcodeGen's keys: alternative specs xcodegen is given one at a time (--spec), so none is read",
                              at: FileLocation(path: assembly.display(spec))))
            assembly.unreadDescriptions.append(spec)
        }
        return true
    }

    /// Whether a spec is a generator's template (cookiecutter, Jinja, Stencil, Mustache): a line of it holds a
    /// `{{ … }}` placeholder, which XcodeGen never replaces (its variables are `${…}`). A note says it is not read.
    private static func isTemplate(_ spec: String, notes: inout [Note], assembly: WorkspaceAssembly) -> Bool {
        guard let text = assembly.fileSystem.text(of: spec, upTo: 4 << 20) else { return false }
        guard let line = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).firstIndex(where: { line in
            line.range(of: "{{").map { line[$0.upperBound...].contains("}}") } ?? false
        }) else { return false }
        notes.append(Note("a template, not a spec: it holds {{ … }} placeholders a generator fills in (XcodeGen's variables are ${…}), so it is not read",
                          at: FileLocation(path: assembly.display(spec), line: line + 1, column: 1)))
        return true
    }

    /// Records one spec's project as a package: keyed by the spec's path, its paths starting from the spec's folder.
    private static func record(_ reading: XcodeGenReader.Reading, spec: String, xcode: XcodeSelection, walk: inout FolderWalk,
                               into assembly: inout WorkspaceAssembly) -> [String] {
        let folder = PathArithmetic.resolve("..", from: spec)
        var project = reading.project
        project.ignore(targets: xcode.ignoreTargets)
        project.dropOtherProjects { path in
            GeneratedFolders.isCocoaPodsProject(PathArithmetic.resolve(path, from: folder), fileSystem: assembly.fileSystem)
        }
        let generated = assembly.fileSystem.realPath(reading.generatedProject)
        if walk.found.contains(generated) {
            walk.found.removeAll { $0 == generated }
            walk.notes.append(Note("\(PathArithmetic.lastComponent(of: generated)) is generated from this XcodeGen spec: the spec is read, not the project (one source of truth: what xcodegen generates is what is checked)",
                                   at: FileLocation(path: assembly.display(spec))))
        }
        assembly.known.insert(generated)
        if specName(PathArithmetic.lastComponent(of: spec)) == nil {
            walk.notes.append(Note("read as an XcodeGen spec (its top level has name: and targets:, and no project.yml is beside it): xcodegen reads it when given --spec \(PathArithmetic.lastComponent(of: spec))",
                                   at: FileLocation(path: assembly.display(spec))))
        }
        if let name = specName(PathArithmetic.lastComponent(of: spec)), let note = spelledInAnotherCase(spec, as: name, display: assembly.display(spec)) {
            walk.notes.append(note)
        }
        let manifest = XcodeManifest.manifest(of: project, file: PathArithmetic.lastComponent(of: spec), reader: .xcodegen, targetPath: ".")
        return assembly.recordDescribed(project, manifest: manifest, at: spec, folder: folder)
    }

    /// An `.xcodeproj` folder without its `project.pbxproj` describes nothing that can be read: a note, not a package.
    private static func stubProjects(in walk: inout FolderWalk, assembly: inout WorkspaceAssembly) {
        for project in walk.found where project.hasSuffix(".xcodeproj") && !assembly.fileSystem.status(of: project + "/project.pbxproj").exists {
            assembly.unreadDescriptions.append(project)
            walk.notes.append(Note("this .xcodeproj has no project.pbxproj (a stub, or a project whose file is not committed): nothing of it is read",
                                   at: FileLocation(path: assembly.display(project))))
        }
    }

    /// A reader's error, whose paths are already as messages name them.
    static func shownProblem(_ error: Error) -> (message: String, location: FileLocation?) {
        if let error = error as? InputError { return (error.message, error.location) }
        return ("\(error)", nil)
    }

    /// One note a kind of build file no reader reads: what it describes is not checked.
    private static func notUnderstood(_ files: [String], notes: inout [Note], assembly: inout WorkspaceAssembly) {
        let bazel = files.filter { unreadBuildFiles.contains(PathArithmetic.lastComponent(of: $0)) && !$0.hasSuffix("/BUCK") }
        let buck = files.filter { $0.hasSuffix("/BUCK") }
        for (kind, found) in [("Bazel", bazel), ("Buck", buck)] where !found.isEmpty {
            let first = found.sorted()[0]
            assembly.unreadDescriptions.append(first)
            let others = found.count == 1 ? "" : " (and \(found.count - 1) more \(kind) file\(found.count == 2 ? "" : "s"))"
            notes.append(Note("a \(kind) build description\(others): componentize does not read \(kind), so the targets it declares are not checked unless a Package.swift, podspec or Xcode project also declares them",
                              at: FileLocation(path: assembly.display(first))))
        }
    }
}

extension WorkspaceAssembly {
    /// Records a project read from a description (keyed by the description's path, its files under `folder`); returns
    /// the folders its local packages lead to that are new.
    mutating func recordDescribed(_ project: XcodeProject, manifest: Manifest, at key: String, folder: String) -> [String] {
        var package = LocalPackage(directory: key, relativeDirectory: PathArithmetic.relative(key, to: root), manifestPath: display(key), manifest: manifest)
        package.folder = folder
        package.origin = .xcodeProject(project)
        projectNotes += project.notes
        var new: [String] = []
        for dependency in manifest.dependencies where dependency.kind == .fileSystem {
            let written = PathArithmetic.resolve(dependency.location, from: folder)
            let described = generatedProjects[written]
            let target = described ?? (known.contains(written) ? written : fileSystem.realPath(written))
            package.localDependencies[dependency.location] = target
            referenced.insert(target)
            // A described project is read (or declined) by its own reader, never as a package folder.
            if described == nil, known.insert(target).inserted { new.append(target) }
        }
        packages[key] = package
        return new
    }
}
