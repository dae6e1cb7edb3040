@_exported import struct Diagnostics.SourcePosition
import Foundation
import Paths

/// What a package's manifest declares, as far as the dependency graph is concerned.
///
/// Both readers (static and SwiftPM) produce this model; `componentize manifest --format json`
/// prints it in the shape documented in docs/manifest-json.md.
public struct Manifest: Hashable, Sendable {
    /// The manifest file name that was read, e.g. `Package.swift` or `Package@swift-5.9.swift`.
    public var manifestFile: String
    public var reader: ReaderKind
    public var name: String
    public var toolsVersion: ToolsVersion
    public var dependencies: [PackageDependency]
    public var products: [Product]
    public var targets: [Target]
    /// `defaultLocalization:`; SwiftPM requires it when a target has localized resources.
    public var defaultLocalization: String?

    public init(
        manifestFile: String, reader: ReaderKind, name: String, toolsVersion: ToolsVersion,
        dependencies: [PackageDependency], products: [Product], targets: [Target]
    ) {
        self.manifestFile = manifestFile
        self.reader = reader
        self.name = name
        self.toolsVersion = toolsVersion
        self.dependencies = dependencies
        self.products = products
        self.targets = targets
        if reader == .static || reader == .swiftpm { markTargetsAloneInTheirRoot() }
    }

    /// From tools version 5.9, SwiftPM lets a target with no `path:` that is alone of its kind in the package (the only
    /// test target; the only plugin; the only one of the others) have its files directly in `Sources/` (`Tests/`,
    /// `Plugins/`) when `Sources/<name>` is not there.
    private mutating func markTargetsAloneInTheirRoot() {
        guard toolsVersion >= ToolsVersion(5, 9) else { return }
        func root(_ kind: Target.Kind) -> Int { kind == .test ? 0 : kind == .plugin ? 1 : 2 }
        var counts = [0, 0, 0]
        for target in targets { counts[root(target.type)] += 1 }
        for index in targets.indices where counts[root(targets[index].type)] == 1 && targets[index].path == nil {
            targets[index].aloneInItsRoot = true
        }
    }

    /// What declares it, as its reader says: a `Package.swift`, a pod, an Xcode project or what generates one. What
    /// follows the readers asks this, never the reader or the file's name.
    public var kind: PackageKind { reader.packageKind }

    public func target(named name: String) -> Target? {
        targets.first { $0.name == name }
    }
}

public enum ReaderKind: String, Hashable, Sendable, CaseIterable {
    case `static`
    case swiftpm
    /// A CocoaPods podspec read by componentize's static podspec reader.
    case podspec = "podspec-static"
    /// A `.podspec.json`.
    case podspecJSON = "podspec-json"
    /// A podspec evaluated by CocoaPods itself (`pod ipc spec`).
    case pod
    /// An Xcode project (`project.pbxproj`) read by componentize's Xcode reader: its targets as targets.
    case xcode
    /// An XcodeGen spec (`project.yml` and what it includes): the project XcodeGen would generate.
    case xcodegen
    /// A Tuist `Project.swift` (with its helpers), evaluated statically: the project Tuist would generate.
    case tuist
    /// A reader registered at run time (``ReaderRegistry``): the package of an input componentize has no reader of its own for.
    case plugIn = "plug-in"

    /// What the manifest declares.
    public var packageKind: PackageKind {
        switch self {
        case .xcode: return .xcodeProject
        case .xcodegen: return .xcodeGenSpec
        case .tuist: return .tuistProject
        case .static, .swiftpm, .plugIn: return .package
        case .podspec, .podspecJSON, .pod: return .pod
        }
    }
}

/// What a component of the repository is declared by: a Swift package (`Package.swift`), a pod (a podspec), an
/// Xcode project (`project.pbxproj`), or the description an Xcode project is generated from (an XcodeGen spec, a Tuist
/// `Project.swift`). Decided once, by discovery and the readers; everything after asks this.
public enum PackageKind: String, Sendable, Hashable, CaseIterable {
    case package, pod, xcodeProject, xcodeGenSpec, tuistProject

    /// The kind of the file at `path`: a podspec, an Xcode project (its folder or its `project.pbxproj`), an XcodeGen
    /// spec (`project.yml`, or another YAML file discovery found to be one), a Tuist project (`Project.swift`), else a package.
    public init(manifestPath path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        if path.hasSuffix(".podspec") || path.hasSuffix(".podspec.json") {
            self = .pod
        } else if path.hasSuffix(".xcodeproj") || path.hasSuffix("project.pbxproj") {
            self = .xcodeProject
        } else if name.lowercased() == "project.json" || name.hasSuffix(".yml") || name.hasSuffix(".yaml") {
            self = .xcodeGenSpec
        } else if name.caseInsensitiveCompare("Project.swift") == .orderedSame {
            self = .tuistProject
        } else {
            self = .package
        }
    }

    /// Whether its targets are those of an Xcode project: read from `project.pbxproj`, or from the description XcodeGen or
    /// Tuist generates one from.
    public var isXcodeProject: Bool {
        self == .xcodeProject || self == .xcodeGenSpec || self == .tuistProject
    }

    /// "the package", "the pod", "the Xcode project".
    public var noun: String {
        switch self {
        case .package: return "package"
        case .pod: return "pod"
        case .xcodeProject: return "Xcode project"
        case .xcodeGenSpec: return "XcodeGen spec"
        case .tuistProject: return "Tuist project"
        }
    }
}


/// A `.package(...)` entry of the manifest.
public struct PackageDependency: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case sourceControl, fileSystem, registry
        /// A pod a podspec depends on (`s.dependency 'NXKit'`), by its name: a pod or package of the repository, or one
        /// from CocoaPods' specs repository.
        case pod
    }

    /// SwiftPM's identity: last path component, lowercased, without `.git` (the registry id for registry packages); a
    /// pod's name, lowercased.
    public var identity: String
    public var kind: Kind
    /// The URL, path or registry id as written; the pod's name for a pod.
    public var location: String
    public var position: SourcePosition?
    /// `.package(name: "componentize", path: "..")`: the name `.product(package:)` may use instead of the identity
    /// (SwiftPM's `nameForTargetDependencyResolutionOnly`).
    public var name: String?
    /// The file that declares it when that is not the manifest, as messages name it: a file an XcodeGen spec includes.
    public var file: String?

    public init(identity: String, kind: Kind, location: String, position: SourcePosition? = nil) {
        self.identity = identity
        self.kind = kind
        self.location = location
        self.position = position
    }

    /// SwiftPM's identity of a path dependency: the last component of the path resolved from the manifest's folder
    /// (`.package(path: "../../")` in `/repo/Packages/Kit/Package.swift` is `packages`, not `..`).
    public static func identity(forPath location: String, packageDirectory folder: String) -> String {
        let absoluteFolder = folder.hasPrefix("/") ? folder : PathArithmetic.join(FileManager.default.currentDirectoryPath, folder)
        let resolved = PathArithmetic.resolve(location, from: absoluteFolder)
        return resolved == "/" ? identity(forLocation: location) : identity(forLocation: resolved)
    }

    /// SwiftPM's identity of a URL or path.
    public static func identity(forLocation location: String) -> String {
        let utf8 = location.utf8
        var end = utf8.endIndex
        // Trailing `/` are dropped; then the last component between `/` and `:` that is not empty.
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: "/") { end = utf8.index(before: end) }
        let trimmed = utf8[..<end]
        var pieceEnd = end
        while pieceEnd > utf8.startIndex, isSeparator(utf8[utf8.index(before: pieceEnd)]) { pieceEnd = utf8.index(before: pieceEnd) }
        var pieceStart = pieceEnd
        while pieceStart > utf8.startIndex, !isSeparator(utf8[utf8.index(before: pieceStart)]) { pieceStart = utf8.index(before: pieceStart) }
        let last = (pieceStart == pieceEnd ? Substring(trimmed) : Substring(utf8[pieceStart..<pieceEnd])).lowercased()
        return last.hasSuffix(".git") ? String(last.dropLast(4)) : last
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: ":")
    }
}

public struct Product: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case library, executable, plugin, macro
    }

    /// How a library is linked: `.library(type: .dynamic)`; nil for other products.
    public enum Linkage: String, Hashable, Sendable {
        case automatic, dynamic, `static`
    }

    public var name: String
    public var type: Kind
    public var targets: [String]
    public var linkage: Linkage?

    /// A library's linkage defaults to automatic.
    public init(name: String, type: Kind, targets: [String], linkage: Linkage? = nil) {
        self.name = name
        self.type = type
        self.targets = targets
        self.linkage = type == .library ? linkage ?? .automatic : nil
    }
}

public struct Target: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case regular, test, executable, system, binary, plugin, macro
    }

    public var name: String
    public var type: Kind
    public var dependencies: [TargetDependency]
    public var position: SourcePosition?
    /// The `path:` argument, when given.
    public var path: String?
    /// The `resources:` entries, in order.
    public var resources: [TargetResource]
    /// Why `path:` or `resources:` could not be read exactly; nil when they were.
    public var resourcesUnknown: String?
    /// The `sources:` argument (paths relative to the target's folder), nil when absent: every file of the folder.
    public var sources: [String]?
    /// The `exclude:` argument, relative to the target's folder.
    public var exclude: [String] = []
    /// Why `sources:` or `exclude:` could not be read exactly; nil when they were.
    public var sourcesUnknown: String?
    /// Why some of an Xcode target's files cannot be known while the others are (a bridging header whose path names a
    /// setting not known): the others are read, and none of its dependencies is called unused. Nil elsewhere.
    public var sourcesIncomplete: String?
    /// The module the target builds when it is not the target's name: a pod's `module_name`, or its name for every
    /// subspec (CocoaPods compiles a pod and its subspecs into one module).
    public var moduleName: String?
    /// Text every source file gets before its own without writing it (a pod's `prefix_header_contents`).
    public var prefixHeader: PrefixHeader?
    /// What the target builds: an Xcode project's target's product type (`application`, `app-extension`, `framework`,
    /// `unit-test`…), set by its reader; for a package's or a pod's, what SwiftPM builds of its ``type``.
    public var productKind: ProductKind
    /// The files an Xcode project lists for the target, relative to `path`; nil for packages and pods, whose files
    /// are found in their folders.
    public var listedFiles: [String]?
    /// For an Xcode test bundle, the target the project says it tests; nil elsewhere (the name says, see
    /// `LayerAssignment.testedTarget`).
    public var testedTarget: String?
    /// The file that declares it when that is not the manifest, as messages name it: a file an XcodeGen spec includes.
    public var file: String?
    /// For an Xcode unit-test bundle injected into an application (`TEST_HOST`), that application's target: what it
    /// links, the bundle sees. Nil elsewhere.
    public var host: String?
    /// For an Xcode target, the framework targets (of its project or another) it embeds in its product (a copy-files
    /// phase), by name: plug-ins it ships and may load at run time without importing them. Empty elsewhere.
    public var embedded: [String] = []
    /// For an Xcode target, the Podfile targets CocoaPods integrated it as, from the aggregate product it links
    /// (`libPods-App.a`, `Pods_App.framework`): `App` even when the Xcode target was renamed `My App` since. Empty elsewhere.
    public var podsIntegrations: [String] = []
    /// For an Xcode framework, whether it is built as a static library (`MACH_O_TYPE = staticlib`): like a static
    /// library, it carries none of its dependencies, so what links it links them for it.
    public var linksStatically = false
    /// Whether SwiftPM reads its files from `Sources/` itself (`Tests/`, `Plugins/`) when `Sources/<name>` is not there:
    /// a package of tools version 5.9 or later whose only target of its kind it is (``Manifest``).
    public var aloneInItsRoot = false
    /// The build-tool plugins a package target applies (`plugins: ["Codegen", .plugin(name: "SwiftLintBuildToolPlugin",
    /// package: "SwiftLint")]`), by name, "?" for one not known; empty elsewhere. Their generated code is compiled with
    /// the target's files, and may import what the target declares.
    public var plugins: [String] = []
    /// For an Xcode target, whether it links every object file of the static libraries it links (`-ObjC`,
    /// `-all_load`, `-force_load`): a library linked only for its classes' `+load` is used. False elsewhere.
    public var loadsAllObjectFiles = false
    /// Modules of prebuilt frameworks the target ships with it (a pod's `vendored_frameworks`, the `.xcframework` an Xcode
    /// target's frameworks phase links): its code and its dependants' import them without a dependency of their own.
    /// Empty elsewhere.
    public var vendoredModules: [String] = []
    /// The storyboards and xibs the target bundles, relative to ``path``: a pod's `resources` and `resource_bundles`, an
    /// Xcode target's Copy Bundle Resources phase. Nil for a package: SwiftPM bundles those of the target's folder.
    public var interfaceFiles: [String]?
    /// An Xcode target's `Info.plist`, relative to ``path``: an app extension's names the class the system loads
    /// (`NSExtensionPrincipalClass`). Nil elsewhere.
    public var infoPlist: String?
    /// Prebuilt binaries an Xcode target links whose modules cannot be known (a static library), by file name: what its
    /// code imports from outside is undecided. Empty elsewhere.
    public var prebuiltUnknown: [String] = []
    /// For an Xcode target, the platforms it builds for (`iOS`, `macCatalyst`, `macOS`, `watchOS`, `tvOS`, `visionOS`,
    /// from `SDKROOT`, `SUPPORTED_PLATFORMS` and `SUPPORTS_MACCATALYST`); empty when its settings do not say. Nil for
    /// packages and pods: SwiftPM builds a package for any platform.
    public var platforms: Set<String>?

    public init(name: String, type: Kind, dependencies: [TargetDependency], position: SourcePosition? = nil,
                path: String? = nil, resources: [TargetResource] = [], resourcesUnknown: String? = nil) {
        self.name = name
        self.type = type
        self.dependencies = dependencies
        self.position = position
        self.path = path
        self.resources = resources
        self.resourcesUnknown = resourcesUnknown
        self.productKind = ProductKind(packageTarget: type)
    }
}

extension Target {
    /// A storyboard or a xib, whose objects may name the module of their class (`customModule`).
    public static func isInterfaceFile(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return lowered.hasSuffix(".storyboard") || lowered.hasSuffix(".xib")
    }
}

/// Text the compiler puts before every source file of a target (a pod's `prefix_header_contents`), where it is set.
public struct PrefixHeader: Hashable, Sendable {
    public var text: String
    public var position: SourcePosition?

    public init(text: String, position: SourcePosition?) {
        self.text = text
        self.position = position
    }
}

/// One `resources:` entry: `.process("Resources")`, `.copy("Data")`, `.embedInCode("x.json")`.
public struct TargetResource: Hashable, Sendable {
    public enum Rule: String, Hashable, Sendable {
        case process, copy, embedInCode
    }

    public var rule: Rule
    /// Relative to the target's folder.
    public var path: String
    public var position: SourcePosition?

    public init(rule: Rule, path: String, position: SourcePosition? = nil) {
        self.rule = rule
        self.path = path
        self.position = position
    }
}

/// One entry of a target's `dependencies:`.
public struct TargetDependency: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        /// `.target(name:)`: a target of the same package.
        case target
        /// `.product(name:package:)`: a product of another package.
        case product
        /// A bare string or `.byName(name:)`: a target of this package, else a product of a dependency.
        case byName
    }

    public var kind: Kind
    public var name: String
    /// The `package:` argument as written, for products.
    public var package: String?
    /// Platform names of `.when(platforms:)` (`linux`, `ios`, ...), nil when unconditional.
    public var platforms: [String]?
    /// Trait names of `.when(traits:)`, sorted, nil when absent.
    public var traits: [String]?
    public var position: SourcePosition?
    /// The file that declares it when that is not the manifest, as messages name it: the Podfile whose `pod` line gives
    /// an Xcode target a pod, a file an XcodeGen spec includes, a Tuist helper.
    public var file: String?
    /// Declared by a Podfile's `pod` line (``file`` is the Podfile), not by the target's own manifest.
    public var viaPodfile = false

    public init(
        kind: Kind, name: String, package: String? = nil, platforms: [String]? = nil,
        traits: [String]? = nil, position: SourcePosition? = nil
    ) {
        self.kind = kind
        self.name = name
        self.package = package
        self.platforms = platforms
        self.traits = traits
        self.position = position
    }
}
