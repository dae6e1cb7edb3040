import Configuration
import Diagnostics
import Discovery
import PackageModel
import Paths
import PodspecReading
import RuntimeWiring
import SourceImports

/// What a graph's import edges are made from: every target's imports, the outside packages' checkouts, and which
/// modules are never findings.
public struct ImportFacts: Sendable {
    public var targets: [TargetImports]
    /// What their files say about run-time wiring (mediator calls, providers, services, routes).
    public var wiring: [TargetWiring]
    public var external: ExternalModules
    /// SDK and toolchain modules, and the configuration's `imports.system`: never an edge.
    public var systemModules: Set<String>
    /// Imported modules left out of every rule (`imports.ignore`).
    public var ignore: [Glob]
    /// By module, the modules it re-exports when its package's checkout is not on disk: the table of well-known ones and
    /// `imports.reexports`.
    public var reexports: [String: Set<String>]
    /// By component mid-migration (its folder relative to the root), the sources only one of its pod and its package
    /// compiles that hold no code: never compared.
    public var codelessFiles: [String: Set<String>] = [:]
    /// Whether a graph built on them keeps each target's resolution, for a check of planned manifests over the same
    /// sources to decide again only what they change (``DependencyGraph/init(workspace:model:imports:coverage:previous:)``).
    public var keepsResolution = false

    public init(targets: [TargetImports], wiring: [TargetWiring] = [], external: ExternalModules = ExternalModules(),
                systemModules: Set<String> = DependencyGraph.systemModules, ignore: [Glob] = [], reexports: [String: Set<String>] = [:]) {
        self.targets = targets
        self.wiring = wiring
        self.external = external
        self.systemModules = systemModules
        self.ignore = ignore
        self.reexports = reexports
    }
}

/// What the sources import, as the rules read it.
public struct ImportIndex: Sendable {
    /// Imports of local modules the importing target does not declare (directly), one edge per target and module,
    /// located at the first file that imports it.
    public let edges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]
    /// Imports of products of outside packages that the importing target does not declare.
    public let undeclaredExternal: [UndeclaredExternalImport]
    /// By target number, for the targets whose files could be read: the modules their files import. The subspecs of a
    /// pod build one module: each has what any of them imports.
    public let importedModules: [Int: Set<String>]
    /// By local module: the modules it re-exports (`@_exported import`).
    public let reexports: [String: Set<String>]
    /// The outside packages whose manifests were read with the sources (their checkouts).
    public let external: ExternalModules
    /// Imports whether the importing target declares them depends on a package that cannot be read.
    public let undecided: [UndecidedImport]
    /// Declared dependencies nothing imports.
    public let unimported: [UnimportedDependency]
    /// Unimported dependencies the code uses nonetheless, the first use of each (by target and module): the stage
    /// after import resolution (``DependencyGraph/withUses(_:)``); empty until it ran.
    public internal(set) var usesWithoutImport: [UseWithoutImport]
    /// Each target's resolution, when the facts ask for it to be kept (``ImportFacts/keepsResolution``).
    var resolution: ImportResolution.Resolved?
}

/// An import componentize cannot decide: whether the importing target declares it depends on a package that cannot be
/// read (a path to a folder without a manifest, an unreadable manifest, an outside package not checked out). Never a
/// finding; counted, with the packages that would decide it.
public struct UndecidedImport: Sendable {
    public var from: GraphTarget
    public var module: String
    public var location: FileLocation
    /// The packages that would decide it, sorted.
    public var deciders: [UnreadPackage]

    /// Whether nothing read provides the module (``UnreadPackage/Reason/unprovided``): no package to read would decide it.
    public var isUnprovided: Bool { deciders.allSatisfy { $0.reason == .unprovided } && !deciders.isEmpty }

    /// Whether no package to read would decide it: nothing read provides the module, or an SDK module shares its name.
    private var isNoReading: Bool { !deciders.isEmpty && deciders.allSatisfy { [.unprovided, .sdkNamesake].contains($0.reason) } }

    /// What would decide it (`reading X (not checked out), …`), or why no reading would.
    /// Beyond this many pods from a specs repository, the reason names a few of them and their count.
    static let podsNamed = 3

    public var decider: String {
        if isNoReading { return deciders[0].description }
        let pods = deciders.filter { $0.reason == .outsidePod }
        guard pods.count > Self.podsNamed else { return "reading " + deciders.map(\.description).joined(separator: ", ") }
        let named = "\(pods.count) pods from a specs repository, e.g. \(pods.prefix(Self.podsNamed).map(\.package).joined(separator: ", ")) (their podspecs are not read)"
        return "reading " + ([named] + deciders.filter { $0.reason != .outsidePod }.map(\.description)).joined(separator: ", ")
    }

    /// Why it is undecided, as reports say it after the import.
    public var reason: String { isNoReading ? decider : "would be decided by " + decider }
}

/// A package the graph cannot read, and why.
public struct UnreadPackage: Sendable, Hashable, Comparable, CustomStringConvertible {
    public enum Reason: Sendable, Hashable {
        /// An outside package whose checkout is not on disk (and not in the table of known re-exports).
        case notCheckedOut
        /// A pod from a specs repository (a Podfile's or a podspec's, not in the repository): its podspec is not read.
        case outsidePod
        /// A pod of the repository with no source file here (it vendors a framework, or its sources are downloaded).
        case withoutSources
        /// `.package(path:)` to a folder without a manifest, as written.
        case missing(String)
        /// A manifest no reader could evaluate.
        case unreadable
        /// A pod of the repository whose podspec no reader could evaluate, while its text states its module (its name's)
        /// and the `Podfile.lock` what it brings (``PodspecReading/PlainPod``): decided as the lock says, like an outside pod.
        case unreadPodspec
        /// A product named without its package (`"SwiftSoup"`), from a package not named.
        case productByName
        /// A prebuilt binary an Xcode target links whose module is not written anywhere read (a static library).
        case prebuilt
        /// A module holding a header of this name, one of several: which one a quoted include finds through the search
        /// paths is not read.
        case sharedHeader(String)
        /// An Xcode target whose header a quoted include finds through header search paths: it compiles without linking
        /// the target, and whether the build needs the link is not read.
        case searchPathHeader
        /// A statement of the Podfile that may give the target pods the reader does not see (`package` is its place),
        /// what it is.
        case podfileStatement(String)
        /// A module no target, package or pod of the repository provides, nor a declared one, and not a known SDK module
        /// (the package is the module's name): an SDK module componentize does not know, or one the build cannot find.
        case unprovided
        /// A module of the repository named like an SDK module (`Network`) that the target does not declare: whether the
        /// import means the SDK's or the repository's is not known (the package is the module's name).
        case sdkNamesake
    }

    /// The package's identity, or the product's name for a product named without its package.
    public var package: String
    public var reason: Reason

    public var description: String {
        switch reason {
        case .notCheckedOut: return "\(package) (not checked out)"
        case .outsidePod: return "\(package) (a pod from a specs repository: its podspec is not read)"
        case .withoutSources: return "\(package) (a pod without source files in the repository: what it vendors is not read)"
        case .missing(let path): return "the package at \(path) (no manifest there)"
        case .unreadable: return "\(package) (its manifest cannot be read)"
        case .unreadPodspec: return "\(package) (its podspec cannot be read)"
        case .productByName: return "the package of product \(package) (named without its package)"
        case .prebuilt: return "\(package) (a prebuilt binary the target links: which module it provides is not read)"
        case .sharedHeader(let name): return "\(package) (one of the modules holding a header \(name): which one the header search paths find is not read)"
        case .searchPathHeader: return "\(package) (its header is found through header search paths, which compile without linking it: whether the build needs the link is not read)"
        case .podfileStatement(let construct): return "\(package): \(construct), whose pods are not read"
        case .unprovided: return "no target, package or pod in the repository provides \(package); not a known SDK module"
        case .sdkNamesake: return "\(package) is both an SDK module and a module of the repository, which the target does not declare: which one the import means is not known"
        }
    }

    /// Whether the lock says what it brings: a pod from a specs repository the lock resolved, or a pod of the repository
    /// whose podspec cannot be read but whose lock entry is its statement.
    public func isLocked(by lock: PodfileLock) -> Bool {
        [.outsidePod, .unreadPodspec].contains(reason) && lock.knows(package)
    }

    /// The package as a list of its kind names it: the path of a missing one, the name of the others.
    public var name: String {
        switch reason {
        case .missing(let path): return path
        case .productByName: return "the package of product \(package)"
        case .notCheckedOut, .outsidePod, .withoutSources, .unreadable, .unreadPodspec, .prebuilt, .sharedHeader, .searchPathHeader, .podfileStatement, .unprovided, .sdkNamesake: return package
        }
    }

    /// By description, then by name as written: two spellings of one folder (`tunnelkit`, `TunnelKit`) keep one order.
    public static func < (lhs: UnreadPackage, rhs: UnreadPackage) -> Bool { (lhs.description, lhs.package) < (rhs.description, rhs.package) }
}

/// An import of a product of a package from outside the repository that the importing target does not declare.
public struct UndeclaredExternalImport: Sendable {
    public var from: GraphTarget
    /// The module imported.
    public var module: String
    /// The product that provides it: from its package's manifest when that was read, else the module's name.
    public var product: String
    /// The identity of the package some manifest of the repository declares the product from.
    public var package: String
    public var location: FileLocation
    public var otherLocations: [FileLocation]
}

/// One entry of a target's `dependencies:` that leads to local targets: the targets of a product share it.
public struct ManifestEntry: Sendable {
    /// Its first edge, an index of ``DependencyGraph/localEdges``.
    public var edge: Int
    /// The targets it leads to, by number.
    public var targets: [Int]
    /// A test target's entry at a place where a non-test target of its package has one too: a pod's test spec inherits
    /// its spec's `s.dependency` lines, and such a line is the spec's.
    public var isInherited: Bool

    /// The entries of `localEdges`, in the order first seen.
    static func entries(of localEdges: [(edge: Edge, from: GraphTarget, to: GraphTarget)]) -> [ManifestEntry] {
        var entryOf: [EntryKey: Int] = [:]
        entryOf.reserveCapacity(localEdges.count)
        var entries: [ManifestEntry] = []
        var testPlaces: Set<PlaceKey> = []
        for index in localEdges.indices {
            let (edge, from, to) = localEdges[index]
            let key = EntryKey(target: edge.fromNumber, line: edge.location.line ?? 0, column: edge.location.column ?? 0)
            if let entry = entryOf[key] {
                entries[entry].targets.append(to.number)
            } else {
                entryOf[key] = entries.count
                entries.append(ManifestEntry(edge: index, targets: [to.number], isInherited: false))
                if from.isTest { testPlaces.insert(PlaceKey(package: from.packageIndex, location: edge.location)) }
            }
        }
        guard !testPlaces.isEmpty else { return entries }
        var nonTestPlaces: Set<PlaceKey> = []
        for (edge, from, _) in localEdges where !from.isTest {
            let place = PlaceKey(package: from.packageIndex, location: edge.location)
            if testPlaces.contains(place) { nonTestPlaces.insert(place) }
        }
        for index in entries.indices where localEdges[entries[index].edge].from.isTest {
            let (edge, from, _) = localEdges[entries[index].edge]
            entries[index].isInherited = nonTestPlaces.contains(PlaceKey(package: from.packageIndex, location: edge.location))
        }
        return entries
    }

    /// A manifest entry of one target.
    private struct EntryKey: Hashable {
        var target: Int
        var line: Int
        var column: Int
    }

    /// A manifest entry's place in one package. Hashed by line and column: within a package the file is nearly always
    /// the same, and hashing its path for every edge costs more than the rare collision.
    private struct PlaceKey: Hashable {
        var package: Int
        var location: FileLocation

        func hash(into hasher: inout Hasher) {
            hasher.combine(package)
            hasher.combine(location.line)
            hasher.combine(location.column)
        }
    }
}

extension DependencyGraph {
    /// The toolchain's modules whose declarations componentize reads here (``ToolchainNames``). Apple's XCTest is not
    /// one: it has UI-testing API the open-source one lacks.
    public static let readableToolchainModules: Set<String> = [
        "Swift", "_Concurrency", "_StringProcessing", "RegexBuilder", "Synchronization", "Distributed", "Observation", "Dispatch",
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML", "Testing",
    ]

    /// SDK and toolchain modules: never an edge.
    public static let systemModules: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationNetworking", "FoundationXML", "Swift", "_Concurrency", "_StringProcessing",
        "Darwin", "Glibc", "Musl", "WinSDK", "ucrt", "CRT", "Dispatch", "os", "ObjectiveC", "XCTest", "Testing", "Combine", "SwiftUI",
        "UIKit", "AppKit", "WatchKit", "TVUIKit", "CoreFoundation", "CoreGraphics", "CoreImage", "CoreText", "CoreData", "CoreLocation",
        "CoreML", "CoreMotion", "CoreBluetooth", "CoreMedia", "CoreVideo", "CoreAudio", "CoreHaptics", "CoreTelephony", "QuartzCore",
        "AVFoundation", "AVKit", "Photos", "PhotosUI", "MapKit", "WebKit", "SafariServices", "StoreKit", "UserNotifications", "Network",
        "Security", "LocalAuthentication", "AuthenticationServices", "CryptoKit", "Accelerate", "Metal", "MetalKit", "SceneKit",
        "SpriteKit", "ARKit", "RealityKit", "Vision", "NaturalLanguage", "Speech", "HealthKit", "HomeKit", "CloudKit", "GameKit",
        "Contacts", "ContactsUI", "EventKit", "EventKitUI", "MessageUI", "Social", "Intents", "IntentsUI", "WidgetKit", "ActivityKit",
        "AppIntents", "BackgroundTasks", "PassKit", "PDFKit", "QuickLook", "SwiftData", "Observation", "OSLog", "MultipeerConnectivity",
        "SystemConfiguration", "UniformTypeIdentifiers", "LinkPresentation", "Charts", "PackageDescription", "PackagePlugin",
        "XCTestDynamicOverlay", "Synchronization", "RegexBuilder", "Distributed", "simd", "zlib", "libkern", "SwiftShims",
    ]

    /// The module a target builds: its name with every character not allowed in a C identifier made `_` (`my-lib` →
    /// `my_lib`).
    public static func moduleName(of targetName: String) -> String {
        ModuleName.of(target: targetName)
    }
}
