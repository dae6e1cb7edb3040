import Diagnostics
import PodspecReading

/// One development pod as a SwiftPM package built from the same files, in place: what `migrate-pods` writes beside
/// its podspec, or why it cannot. Data only: ``PodPackageRenderer`` writes the Swift.
public struct PodMigration: Sendable {
    public var podName: String
    /// Absolute.
    public var directory: String
    /// The podspec as reports name it.
    public var podspecPath: String
    /// `5.9`, or newer when the pod declares a newer Swift.
    public var toolsVersion: String
    public var platforms: [Platform]
    public var products: [(name: String, targets: [String])]
    /// The packages its targets depend on, sorted: local pods by path, outside pods by the packages that provide them.
    public var packages: [PackageReference]
    public var targets: [Target]
    /// Outside pods with no known SwiftPM package, at their `s.dependency`.
    public var unmapped: [(name: String, location: FileLocation)]
    /// Located problems that do not stop the migration (a glob selecting nothing).
    public var notes: [Note]
    /// Files written beside the manifest (forwarding headers), relative to the pod's folder, with their text.
    public var generatedFiles: [(path: String, text: String)] = []
    /// Files that relied on `prefix_header_contents`, with the imports `--edit-sources` inserts.
    public var sourceEdits: [PrefixHeaderUse.Edit] = []
    /// Objective-C accessors on `SWIFTPM_MODULE_BUNDLE` for the Objective-C targets with resources, rendered beside
    /// the forwarding headers (`migrate-pods/Resources.h.stencil`, `Resources.m.stencil`).
    public var objcAccessors: [ObjCResourceAccessor] = []
    /// The language SwiftPM needs as `defaultLocalization` when a target has localized resources (`.lproj` folders,
    /// string catalogs), which it refuses to build without one; nil otherwise.
    public var defaultLocalization: String?
    /// Why the pod stays a pod (a target mixing Swift and Objective-C, headers SwiftPM cannot reach); nil when it migrates.
    public var leftAsPod: (reason: String, location: FileLocation)?

    /// A SwiftPM target for the spec or one subspec.
    public struct Target: Sendable {
        public var name: String
        /// The spec (`NXUI`) or subspec (`NXUI/Core`) it comes from.
        public var specName: String
        public var isSwift: Bool
        /// A test spec's target (`.testTarget`), in no product.
        public var isTest = false
        /// Relative to the pod's folder.
        public var path: String
        /// Relative to `path`, sorted.
        public var sources: [String]
        public var exclude: [String]
        /// Sorted: copied folders and files, then processed ones.
        public var resources: [Resource]
        public var publicHeadersPath: String?
        public var dependencies: [Dependency]
        public var linkerSettings: [LinkerSetting]
    }

    /// A `resources:` entry, relative to the target's path.
    public struct Resource: Sendable, Hashable, Comparable {
        public enum Rule: String, Sendable, Hashable, Comparable {
            case copy, process

            public static func < (lhs: Rule, rhs: Rule) -> Bool { lhs.rawValue < rhs.rawValue }
        }

        public var rule: Rule
        public var path: String

        public static func < (lhs: Resource, rhs: Resource) -> Bool { (lhs.rule, lhs.path) < (rhs.rule, rhs.path) }
    }

    /// A target's dependency: a target of the same package, or a product of another; on some platforms only.
    public enum Dependency: Sendable, Hashable {
        case target(String, platforms: [Platform.Name] = [])
        case product(String, package: String, platforms: [Platform.Name] = [])
    }

    /// A package dependency.
    public enum PackageReference: Sendable, Hashable, Comparable {
        /// A local pod's folder, relative to this one.
        case path(String)
        /// An outside package by URL, from a version.
        case url(String, from: String)

        public static func < (lhs: PackageReference, rhs: PackageReference) -> Bool {
            switch (lhs, rhs) {
            case let (.path(a), .path(b)): return a < b
            case (.path, .url): return true
            case (.url, .path): return false
            case let (.url(a, fromA), .url(b, fromB)): return (a, fromA) < (b, fromB)
            }
        }
    }

    /// A deployment target.
    public struct Platform: Sendable, Hashable {
        public enum Name: String, Sendable, Hashable, CaseIterable {
            case iOS, macOS, tvOS, watchOS, visionOS

            /// CocoaPods' name of a platform (`ios`, `osx`, `macos`, `tvos`, `watchos`, `visionos`).
            public init?(pod: String) {
                switch pod {
                case "ios": self = .iOS
                case "osx", "macos": self = .macOS
                case "tvos": self = .tvOS
                case "watchos": self = .watchOS
                case "visionos": self = .visionOS
                default: return nil
                }
            }
        }

        public var name: Name
        public var version: String
    }

    /// A framework or library a target links, on some platforms only.
    public struct LinkerSetting: Sendable, Hashable {
        public enum Kind: Sendable, Hashable { case framework, library }

        public var kind: Kind
        public var name: String
        public var platforms: [Platform.Name]
    }
}

/// The Objective-C resource accessor class of one target: its public header in the target's forwarding-header folder
/// (`#import <NXUI/NXUIResources.h>`) and its implementation among the target's sources.
public struct ObjCResourceAccessor: Sendable, Equatable {
    public var target: String
    public var module: String
    /// `NXUIResources`.
    public var className: String
    /// Relative to the pod's folder.
    public var headerPath: String
    public var implementationPath: String
    /// The resources as the manifest lists them (`NXUI/Assets/back.png`).
    public var resources: [String]
}
