import Diagnostics
import PackageModel
import Paths

/// What an Xcode project (`App.xcodeproj/project.pbxproj`) declares, as far as the dependency graph is concerned: its
/// targets, what each links or depends on, and the files each compiles. Lines are those of `project.pbxproj`.
public struct XcodeProject: Hashable, Sendable {
    /// The project's name: `App` for `App.xcodeproj`.
    public var name: String
    /// In the project's order.
    public var targets: [XcodeTarget]
    /// The Swift packages the project references, in the project's order.
    public var packages: [XcodePackageReference]
    /// Other projects a target depends on (`PBXContainerItemProxy`), by path relative to the project's folder.
    public var otherProjects: [String]
    /// What was read but is not what it should be (an object id nothing defines, a file outside the repository).
    public var notes: [Note]
    /// Its targets' object ids, by name: what another project's `PBXContainerItemProxy` names them by.
    public var targetIDs: [String: String] = [:]
    /// The object id of each target of another project its targets depend on, by ``OtherTarget``: Xcode resolves the
    /// dependency by that id; the name beside it (`remoteInfo`) is what the target was called when the link was made.
    public var otherTargetIDs: [OtherTarget: String] = [:]

    /// A target of another project, as a dependency names it.
    public struct OtherTarget: Hashable, Sendable {
        /// The other project's path, relative to this project's folder.
        public var path: String
        public var name: String

        public init(path: String, name: String) {
            self.path = path
            self.name = name
        }
    }

    public init(name: String, targets: [XcodeTarget], packages: [XcodePackageReference], otherProjects: [String] = [], notes: [Note] = []) {
        self.name = name
        self.targets = targets
        self.packages = packages
        self.otherProjects = otherProjects
        self.notes = notes
    }
}

/// A target of an Xcode project: a native target (an app, an extension, a framework, a test bundle…), or an aggregate
/// or legacy one, read for its dependencies only.
public struct XcodeTarget: Hashable, Sendable {
    public var name: String
    public var kind: XcodeTargetKind
    /// `com.apple.product-type.application`; nil for aggregate and legacy targets.
    public var productType: String?
    /// The line that defines the target.
    public var line: Int?
    /// The line of its `packageProductDependencies` list, where a product is linked (else the target's line).
    public var productsLine: Int?
    /// The module it builds when that is not its name (`PRODUCT_MODULE_NAME`, else a literal `PRODUCT_NAME`).
    public var moduleName: String?
    /// The file it builds (`Core.framework`, `App.app`).
    public var productFile: String?
    /// For a test bundle, the target it tests (Xcode's `TestTargetID`: the app that hosts it, or the framework).
    public var testedTarget: String?
    /// For a unit-test bundle injected into an application of the project (`TEST_HOST`), that application's target.
    public var host: String?
    /// Whether it links every object file of the static libraries it links (`-ObjC`, `-all_load`, `-force_load` in
    /// `OTHER_LDFLAGS`, in the project or its `.xcconfig`): classes that register themselves in `+load` are kept.
    public var loadsAllObjectFiles = false
    /// For a framework, whether `MACH_O_TYPE` makes it a static library (`staticlib`).
    public var linksStatically = false
    /// The Podfile targets whose CocoaPods configuration files (`Pods-App.debug.xcconfig`) its configurations are based
    /// on, as `XcodeManifest.podsIntegration(ofConfigurationFile:)` names them, in order, each once.
    public var podsConfigurations: [String] = []
    /// In the project's order, each destination once: target dependencies, package products, then linked or embedded
    /// products.
    public var dependencies: [XcodeDependency]
    /// The targets (of this project or another) whose products a copy-files phase embeds in its product (frameworks it
    /// ships, perhaps to load them at run time), by name, sorted.
    public var embedded: [String] = []
    /// The platforms it builds for (see `Target.platforms`); empty when its settings do not say, nil when not read (a
    /// Tuist or XcodeGen description).
    public var platforms: Set<String>?
    /// The files of its sources and headers phases and of its synchronized folders, and its bridging header, relative
    /// to the project's folder, sorted.
    public var files: [String]
    /// Why its files cannot be known (a synchronized folder that is missing): none is read.
    public var filesUnknown: String?
    /// The storyboards and xibs of its resources phase, relative to the project's folder, sorted; nil when not read (a
    /// Tuist or XcodeGen description).
    public var interfaceFiles: [String]?
    /// Its `Info.plist` (`INFOPLIST_FILE`, an XcodeGen target's `info` path), relative to the project's folder; nil when
    /// it has none or its path names a setting not known here.
    public var infoPlist: String?
    /// Why some of its files cannot be known while the others are (a bridging header whose path names a setting not known
    /// here): those are read, and none of its dependencies is called unused.
    public var filesIncomplete: String?
    /// The modules of the prebuilt frameworks its frameworks phase links (`WebRTC` of `WebRTC.xcframework`).
    public var prebuiltModules: [String] = []
    /// The prebuilt binaries it links whose modules cannot be known (a static library, an XCFramework of libraries
    /// without a module map), by file name: what it imports from outside is undecided.
    public var prebuiltUnknown: [String] = []
    /// The file that defines it when that is not the project's own, as messages name it (a file an XcodeGen spec
    /// includes); nil for `project.pbxproj`.
    public var file: String?

    public init(name: String, kind: XcodeTargetKind, productType: String? = nil, line: Int? = nil, dependencies: [XcodeDependency] = [],
                files: [String] = []) {
        self.name = name
        self.kind = kind
        self.productType = productType
        self.line = line
        self.dependencies = dependencies
        self.files = files
    }
}

/// What a target builds: the model's ``ProductKind``, read from its `productType`.
public typealias XcodeTargetKind = ProductKind

extension ProductKind {
    /// The kind of a `productType` (`com.apple.product-type.app-extension`).
    public init(productType: String) {
        let known: [String: XcodeTargetKind] = [
            "application": .application, "application.on-demand-install-capable": .application, "application.messages": .application,
            "app-extension": .appExtension, "app-extension.messages": .appExtension, "app-extension.messages-sticker-pack": .appExtension,
            "watchkit2-extension": .appExtension, "tv-app-extension": .appExtension, "extensionkit-extension": .extensionKitExtension,
            "system-extension": .systemExtension, "driver-extension": .systemExtension,
            "framework": .framework, "framework.static": .framework, "library.static": .staticLibrary, "library.dynamic": .dynamicLibrary,
            "bundle": .bundle, "bundle.unit-test": .unitTest, "bundle.ui-testing": .uiTest,
            "application.watchapp": .watchApp, "application.watchapp2": .watchApp, "application.watchapp2-container": .watchApp,
            "tool": .tool,
        ]
        let prefix = "com.apple.product-type."
        self = productType.hasPrefix(prefix) ? known[String(productType.dropFirst(prefix.count))] ?? .other : .other
    }

    public var isTest: Bool { self == .unitTest || self == .uiTest }
}

/// One dependency of a target, at the line of `project.pbxproj` where the target (or its build phase) names it.
public struct XcodeDependency: Hashable, Sendable {
    public enum Destination: Hashable, Sendable {
        /// A target of the same project.
        case target(String)
        /// A target of another project, by that project's path relative to this project's folder.
        case otherProject(path: String, target: String)
        /// A product of a Swift package the project references; nil when the product names no package (a local
        /// package added to the project as a folder).
        case package(XcodePackageReference?, product: String)
        /// A product file from the build folder (`Core.framework`) that no target of this project builds: another
        /// project of the workspace may.
        case builtProduct(String)
        /// An object id nothing in the project defines, or a target that is not there.
        case missing(String)
    }

    public var destination: Destination
    public var line: Int?
    /// The file that names it when that is not the project's own (a file an XcodeGen spec includes, a Tuist helper).
    public var file: String?

    public init(_ destination: Destination, line: Int?, file: String? = nil) {
        self.destination = destination
        self.line = line
        self.file = file
    }
}

/// A Swift package an Xcode project references.
public struct XcodePackageReference: Hashable, Sendable {
    public enum Location: Hashable, Sendable {
        /// `XCLocalSwiftPackageReference.relativePath`, or a package folder added to the project: relative to the
        /// project's folder.
        case local(String)
        /// `XCRemoteSwiftPackageReference.repositoryURL`.
        case remote(String)
    }

    public var location: Location
    /// Where the project lists it.
    public var line: Int?
    /// The file that lists it when that is not the project's own (a file an XcodeGen spec includes).
    public var file: String?

    public init(_ location: Location, line: Int?, file: String? = nil) {
        self.location = location
        self.line = line
        self.file = file
    }
}

extension XcodeProject {
    /// What a project generated from a description gives a test bundle that names no tested target: the application
    /// it depends on, as XcodeGen and Tuist make it the bundle's host (`TestTargetID`, and for a unit-test bundle
    /// `TEST_HOST`: it sees what the application links).
    public mutating func hostTestBundles() {
        let applications = Set(targets.filter(\.kind.isApplication).map(\.name))
        for index in targets.indices where targets[index].kind.isTest && targets[index].testedTarget == nil {
            targets[index].testedTarget = targets[index].dependencies.lazy.compactMap { dependency -> String? in
                if case .target(let name) = dependency.destination, applications.contains(name) { return name }
                return nil
            }.first
            // Both make that application the unit-test bundle's `TEST_HOST`.
            if targets[index].kind == .unitTest, targets[index].host == nil { targets[index].host = targets[index].testedTarget }
        }
    }

    /// Leaves out the targets whose names match `globs`, and every dependency on them.
    /// Leaves out the other projects `generated` holds (CocoaPods' `Pods/Pods.xcodeproj`, whose `Pods-App` targets a
    /// CocoaPods app depends on) and the target dependencies on them; `generated` takes a path relative to the
    /// project's folder.
    public mutating func dropOtherProjects(where generated: (String) -> Bool) {
        let dropped = Set(otherProjects.filter(generated))
        guard !dropped.isEmpty else { return }
        otherProjects.removeAll { dropped.contains($0) }
        for index in targets.indices {
            targets[index].dependencies.removeAll {
                if case .otherProject(let path, _) = $0.destination { return dropped.contains(path) }
                return false
            }
        }
    }

    public mutating func ignore(targets globs: [Glob]) {
        guard !globs.isEmpty else { return }
        let ignored = Set(targets.map(\.name).filter { name in globs.contains { $0.matches(name) } })
        targets.removeAll { ignored.contains($0.name) }
        for index in targets.indices {
            targets[index].dependencies.removeAll {
                if case .target(let name) = $0.destination { return ignored.contains(name) }
                return false
            }
        }
    }
}
