import Diagnostics
import ManifestReading
import PackageModel
import Paths
import PodspecReading
import XcodeProjectReading

/// Every local package of a repository, read, and what could not be.
public struct Workspace: Sendable {
    /// The repository root, as given.
    public var root: String
    /// Sorted by directory.
    public var packages: [LocalPackage]
    /// Packages whose manifest the static reader declined and SwiftPM read instead.
    public var declines: [StaticReadDeclined]
    /// `.package(path:)` entries that lead to a folder without a manifest, one per entry.
    public var missing: [MissingPackage]
    /// Packages whose manifest no reader could evaluate.
    public var unreadable: [UnreadablePackage]
    /// Folders skipped on the way (links in a loop, unreadable folders, names that are not UTF-8).
    public var notes: [Note]
    /// The root, absolute with its links resolved.
    public var realRoot = ""
    /// Project descriptions a reader declined, absolute (notes say why): what they provide is undecided.
    public var declined: [String] = []
    /// The project descriptions no reader read, as messages name them, sorted (declined Tuist projects, Bazel and Buck
    /// files, stub projects): the notes say why. What `unread-sources` points at.
    public var unreadDescriptions: [String] = []
    /// Folders of manifests that declare outside dependencies without being components (`Tuist/`), absolute.
    public var outsideDependencyFolders: [String] = []
    /// The repository's Swift and C-family source files outside skipped and excluded folders, relative to the root,
    /// sorted; the files describing packages and projects (`Package.swift`, `Project.swift`, Tuist's helpers) are not
    /// among them.
    public var sourceFiles: [String] = []
    /// The app targets the Podfiles name (their outermost `target` blocks that are not abstract), those of a Podfile in
    /// an example, demo or sample folder last.
    public var podfileAppTargets: [String] = []
    /// The `Podfile.lock` beside each Podfile read that has one, by the Podfile's folder (absolute).
    public var podfileLocks: [String: PodfileLock] = [:]

    public init(root: String, packages: [LocalPackage], declines: [StaticReadDeclined] = [], missing: [MissingPackage] = [],
                unreadable: [UnreadablePackage] = [], notes: [Note] = []) {
        self.root = root
        self.packages = packages
        self.declines = declines
        self.missing = missing
        self.unreadable = unreadable
        self.notes = notes
    }

    /// Folders path dependencies lead to whose package cannot be known: no manifest there, or an unreadable one.
    public var unavailableDirectories: Set<String> {
        Set(missing.map(\.directory)).union(unreadable.map(\.dependedOnAt)).union(declined)
    }
}

/// A `.package(path:)` entry that leads to a folder without a manifest.
public struct MissingPackage: Sendable, Hashable {
    /// Absolute.
    public var directory: String
    /// The path as the manifest writes it.
    public var written: String
    /// The name of the package whose manifest has the entry.
    public var referencedBy: String
    /// Whether the folder exists at all.
    public var exists: Bool
    /// The entry.
    public var location: FileLocation
    /// The file the folder lacks: `Package.swift`, or `NXKit.podspec` for a Podfile's `pod 'NXKit', :path => …`.
    public var expectedFile = "Package.swift"
    /// The git submodule the folder lies in, when that submodule is not checked out: the package is not there yet, and
    /// what it provides is undecided (a note, not a finding).
    public var submodule: String?
    /// The `.gitignore` line that keeps the folder out of git (a script or a tool fetches the package): the package is
    /// not there yet, and what it provides is undecided (a note, not a finding).
    public var ignoredBy: FileLocation?
    /// Whether the package is absent for a reason the repository states (a submodule not checked out, a folder git
    /// ignores) or cannot be known here (a folder outside the repository), rather than a broken path.
    public var isExpectedAbsent: Bool { submodule != nil || ignoredBy != nil || outsideRepository }
    /// Whether the path leaves the repository (`../../../../App-SDK`: a checkout expected beside this one on its
    /// owner's machine): what is there cannot be known from here, so what it provides is undecided (a note).
    public var outsideRepository = false
    /// The path as written with its last part the nearest folder beside it that holds the file (a typo's fix).
    public var suggestion: String?
    /// For a pod, the podspecs the folder holds instead (a pod renamed since the Podfile was written), sorted.
    public var podspecsThere: [String] = []
    /// What the folder should hold: a package, a pod (a Podfile's path pod) or an Xcode project.
    public var kind: PackageKind { PackageKind(manifestPath: expectedFile == XcodeManifest.file ? directory : expectedFile) }
}

/// A package whose manifest no reader could evaluate.
public struct UnreadablePackage: Sendable, Hashable {
    /// Absolute.
    public var directory: String
    public var relativeDirectory: String
    public var manifestPath: String
    /// The reader's own message, and the place it names (else the manifest).
    public var message: String
    public var location: FileLocation
    /// What the manifest would have declared.
    public var kind: PackageKind { PackageKind(manifestPath: manifestPath) }
    /// A podspec the static reader declined (a construct it does not evaluate, such as `if ENV[…]`), with no CocoaPods
    /// to evaluate it: Ruby may well accept it, so nothing says it is wrong.
    public var isDeclined = false
    /// For a podspec, what its text states without being evaluated (its name's module, the pods it names), when it
    /// never says how its module is named.
    public var plainPod: PlainPod?

    init(directory: String, relativeDirectory: String, manifestPath: String, problem: (message: String, location: FileLocation?)) {
        self.directory = directory
        self.relativeDirectory = relativeDirectory
        self.manifestPath = manifestPath
        message = problem.message
        location = problem.location ?? FileLocation(path: manifestPath)
    }

    /// Where a dependency on it leads (``LocalPackage/localDependencies``): its folder, or for a Tuist project its
    /// `Project.swift` (a described project is keyed by its description, its folder being its identity).
    public var dependedOnAt: String {
        kind == .tuistProject ? PathArithmetic.join(directory, PathArithmetic.lastComponent(of: manifestPath)) : directory
    }

    /// The manifest, relative to the root (``relativeDirectory`` is already the file for a pod keyed by its podspec).
    public var relativeManifestPath: String {
        let file = PathArithmetic.lastComponent(of: manifestPath)
        return PathArithmetic.lastComponent(of: relativeDirectory) == file ? relativeDirectory : PathArithmetic.join(relativeDirectory, file)
    }
}

/// One package found on disk.
public struct LocalPackage: Sendable {
    /// Absolute, symlinks resolved: the package's identity on disk. For a pod that shares its folder with another
    /// pod, its podspec's path (the folder's first podspec keeps the folder).
    public var directory: String
    /// The folder its manifest's paths start from: ``directory``, or the folder holding a pod keyed by its podspec.
    public var folder: String
    /// Relative to the repository root (`Packages/Kit/NXKit`, `.` for the root package, `../Shared` outside it).
    public var relativeDirectory: String
    /// The manifest file as reports name it: the root as the user gave it, then the path inside (`Packages/Kit/NXKit/Package.swift`).
    public var manifestPath: String
    public var manifest: Manifest
    /// The folder each dependency on a package of the repository leads to, by its location as written: the path of
    /// a `.package(path:)`, the name of a pod a podspec depends on.
    public var localDependencies: [String: String]
    /// What its manifest was read from, with what its reader made of it beside the ``manifest`` the graph reads.
    public var origin: PackageOrigin = .swiftPackage

    /// For an Xcode project: by target name, the Podfile `target` that integrates it (`pod install` gives it its pods,
    /// so a dependency it lacks is a `pod` line of that block).
    public var podfileTargets: [String: PodfileIntegration] = [:]

    /// Whether the package is an Xcode project.
    public var isXcodeProject: Bool { origin.xcodeProject != nil }
    /// What declares it: a Package.swift, a podspec or an Xcode project.
    public var kind: PackageKind { isXcodeProject && !manifest.reader.packageKind.isXcodeProject ? .xcodeProject : manifest.reader.packageKind }

    public init(directory: String, relativeDirectory: String, manifestPath: String, manifest: Manifest,
                localDependencies: [String: String] = [:]) {
        self.directory = directory
        folder = directory
        self.relativeDirectory = relativeDirectory
        self.manifestPath = manifestPath
        self.manifest = manifest
        self.localDependencies = localDependencies
    }
}

/// Where a package comes from, with what its reader made of it beside the ``Manifest`` the graph reads.
public enum PackageOrigin: Sendable {
    /// A `Package.swift` alone.
    case swiftPackage
    /// A pod: its spec as read (subspecs and test specs).
    case pod(PodSpec)
    /// A `Package.swift` with a podspec in the same folder: a component mid-migration that CocoaPods and SwiftPM both
    /// build.
    case migrating(PodspecBeside)
    /// An Xcode project (``LocalPackage/directory`` is the `.xcodeproj`), or the one an XcodeGen spec or a Tuist
    /// description generates: the project as read.
    case xcodeProject(XcodeProject)

    /// The pod's spec, for a pod.
    public var podSpec: PodSpec? {
        if case .pod(let spec) = self { return spec }
        return nil
    }

    /// The podspec beside the package, for a component mid-migration.
    public var podspecBeside: PodspecBeside? {
        if case .migrating(let beside) = self { return beside }
        return nil
    }

    /// The project as read, for an Xcode project.
    public var xcodeProject: XcodeProject? {
        if case .xcodeProject(let project) = self { return project }
        return nil
    }
}

/// The Podfile `target` block that integrates an Xcode target.
public struct PodfileIntegration: Sendable, Equatable {
    /// The Podfile's folder, absolute: a `:path` is written from there.
    public var folder: String
    /// Where a line for it goes: its first `pod` line, else its `target` line (as messages name the Podfile).
    public var location: FileLocation
    /// The statements of the Podfile that may give the target pods the reader does not see (a file it cannot load, a
    /// method defined nowhere it reads), each what it is at its place: the target's pods are not all known.
    public var unreadAdditions: [Note] = []
    /// The Podfile's `target` that integrates it (`Rocket` for Xcode target `Rocket-Staging`, which links its aggregate);
    /// nil when no target read does (a `target` in a loop the reader does not run).
    public var name: String?

    public init(folder: String, location: FileLocation, unreadAdditions: [Note] = [], name: String? = nil) {
        self.folder = folder
        self.location = location
        self.unreadAdditions = unreadAdditions
        self.name = name
    }
}

/// A podspec in a package's folder: the pod as a package, and where its dependencies on the repository's pods and
/// packages lead.
public struct PodspecBeside: Sendable {
    /// As reports name it.
    public var path: String
    public var manifest: Manifest
    /// The spec as read.
    public var spec: PodSpec
    /// The folder each dependency naming a pod or package of the repository leads to, by pod name.
    public var localDependencies: [String: String] = [:]
    /// The pods of the folder's other podspecs (a package shipped as several pods, one a product).
    public var otherPods: [String] = []

    public init(path: String, manifest: Manifest, spec: PodSpec) {
        self.path = path
        self.manifest = manifest
        self.spec = spec
    }
}
