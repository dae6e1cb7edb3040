import Configuration
import DependencyGraph
import Diagnostics
import Foundation

/// A declared dependency that none of the target's files imports: a local module, or an outside product whose manifest was read.
public struct UnusedDependencyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .unusedDependency,
        name: "Unused dependency",
        summary: "A target declares a dependency on a local module, or on a product of an outside package whose checkout is on disk, that none of its files imports.",
        rationale: "Every declared dependency is built before the target and rebuilt with it, and it draws an edge in the graph every check reads: one the code does not use slows builds and hides the real structure.",
        details: "a declared dependency on a local module (a target, or every target of a product), or on a product of an outside package whose checkout is on disk, that none of the target's files imports, directly or through a module that re-exports it (`@_exported import`, or an `#import` in an Objective-C module's public header: an umbrella header re-exports what it imports), nor one the dependency re-exports (a wrapper whose file is `@_exported import VendorKit`) or bundles (an umbrella: a library target whose files import nothing but Foundation and what they re-export (a package's) or none of its outside products (a project's), linking outside products the target imports; when such a product's package is not read and the target imports a module nothing read provides, undecided), nor an entry of an empty wrapper (a library product's target whose files declare and import nothing of their own, a `Dummy.swift`) that the product exists to carry: what links the product sees what the wrapper depends on, and a wrapper of a package that cannot be read (directly or through the wrappers it depends on) is never unused while the target imports a module that is undecided, for it or for a module re-exporting it to the target (the wrapper may be how it enters the build), nor one of an application that a unit-test bundle it hosts imports (the bundle sees what its host links as its own, so the host links it for the bundle too), nor, for an Xcode target that makes an image (not a static library), a library whose Objective-C or C files run code when loaded (`+ (void)load`, `__attribute__((constructor))`: a module that registers itself with a mediator is linked for that, never imported; a pod or package depending on it does not use it so), nor a static library linked by a target that loads every object file of its static libraries (`-ObjC`, `-all_load`, `-force_load` in `OTHER_LDFLAGS`, in the project or its `.xcconfig`) , nor a library another static library the target links imports or includes the headers of by quotes (a framework built static, `MACH_O_TYPE = staticlib`, counts as one; a static library links none of its own dependencies: the final link resolves their symbols), nor one a storyboard or xib the target bundles names for an object's class (`customModule=\"NXKit\"`: UIKit loads the class from that module at run time; the bundled documents are a pod's `resources` and `resource_bundles`, an Xcode target's Copy Bundle Resources phase, and those in a package target's folder, read with Foundation's XML parser), nor one an app extension's `Info.plist` names for the class the system loads (`NSExtension` → `NSExtensionPrincipalClass` = `ShareKit.ShareViewController`; the file of `INFOPLIST_FILE` or of an XcodeGen target's `info` path, read with Foundation's property-list reader; the storyboard of `NSExtensionMainStoryboard` is one the target bundles), nor, for any dependant, a module one of whose Swift files makes a type the module does not declare conform to a protocol it does not declare, other than the toolchain's (`extension TimetableClient: DependencyKey` in a module holding the live values of other modules' clients: Swift finds conformances at run time, and a dependency container looks a live value up through one; a module conforming its own types, or others' types only to `Codable`, `Identifiable`, `Sendable` and the like, is judged as any); not for executables, plugins, macros, binary and system-library targets, a test target's dependency on what it tests, outside products whose package is not checked out and pods with no source file in the repository (their modules cannot be known), a target with no file of its own (a subspec that only gathers others), a package target that applies a build-tool plugin that may generate code (any but SwiftLint's, which only lints: componentize does not run plugins, and the files they generate may import what the target declares), a target whose files could not be read or some of whose listed files are not there or cannot be known (a stale project, a checkout without them, a bridging header whose path names a setting not known: what they import cannot be known), a target with no Swift or Objective-C file (an aggregate target, a C or C++ library: its `#include`s name headers, not modules), or a framework an Xcode target embeds in its product (a copy-files phase: it ships with the app and may be loaded at run time by name)",
        remedy: "remove the entry, or import it where the code uses it",
        defaultSeverity: .warning,
        cost: .everyImport,
        nonTriggeringExamples: [
            // Used without an import (a member of its extension, through another module's property wrapper): missing-import
            // says so; the entry is not to be removed.
            RuleExample([MissingImportRule.packages[0], ("Features/AppFeature", RuleExample.package("AppFeature", targets: [("AppFeature", [
                ".product(name: \"ApiClient\", package: \"ApiClient\")", ".product(name: \"Dependencies\", package: \"swift-dependencies\")",
            ])], packages: [".package(path: \"../../Clients/ApiClient\")", ".package(url: \"https://github.com/pointfreeco/swift-dependencies\", from: \"1.0.0\")"]))],
                        sources: [("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", MissingImportRule.apiClient),
                                  ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\n\nstruct App {\n    @Dependency(\\.apiClient) var apiClient\n}\n")]),
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import NXKit\n")]),
            // A xib the target bundles names NXKit for an object's class: UIKit loads it from NXKit at run time.
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import UIKit\n"),
                         ("Common/NXUI/Sources/NXUI/Badge.xib", "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document>\n    <objects>\n        <view customClass=\"BadgeView\" customModule=\"NXKit\"/>\n    </objects>\n</document>\n")]),
            // A C target's own module map names the module importers write (`module zlib`), not the target's name.
            RuleExample([
                ("Kit/Gzip", RuleExample.package("Gzip", targets: [("Gzip", ["\"system-zlib\""]), ("system-zlib", [])])),
            ], sources: [
                ("Kit/Gzip/Sources/Gzip/Gzip.swift", "import zlib\n"),
                ("Kit/Gzip/Sources/system-zlib/anchor.c", "int anchor;\n"),
                ("Kit/Gzip/Sources/system-zlib/include/module.modulemap", "module zlib [system] {\n    link \"z\"\n    export *\n}\n"),
            ]),
            // A C library's dependency: its `#include`s name header folders, not modules.
            RuleExample([
                ("Kit/Codec", RuleExample.package("Codec", targets: [("Codec", ["\"Bits\""]), ("Bits", [])])),
            ], sources: [("Kit/Codec/Sources/Codec/codec.c", "#include <bits/reader.h>\nint codec;\n"),
                         ("Kit/Codec/Sources/Bits/include/bits/reader.h", "int read_bits(void);\n"),
                         ("Kit/Codec/Sources/Bits/reader.c", "int read_bits(void) { return 0; }\n")]),
            // Reached through a module that re-exports it.
            RuleExample([
                ("App", RuleExample.package("App", targets: [("App", ["\"Core\"", "\"Base\""]), ("Core", ["\"Base\""]), ("Base", [])])),
            ], sources: [("App/Sources/App/App.swift", "import Core\n"), ("App/Sources/Core/Core.swift", "@_exported import Base\n")]),
            // A wrapper whose file re-exports what the target imports (`@_exported import VendorKit`): removing it breaks the build.
            RuleExample([
                ("App", RuleExample.package("App", targets: [("App", ["\"_VendorSDK\""]), ("_VendorSDK", [".product(name: \"VendorKit\", package: \"vendor-kit\")"])],
                                            packages: [".package(url: \"https://example.com/acme/vendor-kit.git\", from: \"1.0.0\")"])),
            ], sources: [("App/Sources/App/App.swift", "import VendorKit\n"), ("App/Sources/_VendorSDK/Exports.swift", "@_exported import VendorKit\n")]),
            // An umbrella package whose one target holds no code and links outside products: what its dependant imports
            // of them comes through it (and one whose package is not checked out may provide what the dependant imports).
            RuleExample([
                ("Modules", RuleExample.package("Modules", targets: [("Modules", [".product(name: \"ChartKit\", package: \"chart-kit\")"])],
                                                packages: [".package(url: \"https://example.com/acme/chart-kit.git\", from: \"1.0.0\")"])),
                ("Features/Dashboard", RuleExample.package("Dashboard", targets: [("Dashboard", [".product(name: \"Modules\", package: \"Modules\")"])],
                                                           packages: [".package(path: \"../../Modules\")"])),
            ], sources: [("Modules/Sources/Modules/Placeholder.swift", "// Brings the remote packages into the build.\n"),
                         ("Features/Dashboard/Sources/Dashboard/Dashboard.swift", "import ChartKit\n")]),
            // A module holding the live values of another module's clients (a retroactive conformance): linked for them.
            RuleExample([
                ("Shop", RuleExample.package("Shop", targets: [("Keys", []), ("Cart", ["\"Keys\""]), ("CartLive", ["\"Cart\"", "\"Keys\""]),
                                                              ("App", ["\"Cart\"", "\"CartLive\""])])),
            ], sources: [("Shop/Sources/Keys/LiveKey.swift", "public protocol LiveKey { static var live: Self { get } }\n"),
                         ("Shop/Sources/Cart/CartClient.swift", "import Keys\n\npublic struct CartClient { public var total: () -> Int }\n"),
                         ("Shop/Sources/CartLive/Live.swift", "import Cart\nimport Keys\n\nextension CartClient: LiveKey {\n    public static var live: Self { Self(total: { 0 }) }\n}\n"),
                         ("Shop/Sources/App/Checkout.swift", "import Cart\n\nstruct Checkout { var cart: CartClient }\n")]),
            // An outside product whose package is not checked out: its modules cannot be known.
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                    packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\n")]),
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                    packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import AnalyticsCore\n")], checkouts: [("swift-analytics", RuleExample.outsidePackage("swift-analytics", products: [("Analytics", ["Analytics"])], targets: [("AnalyticsCore", []), ("Analytics", ["AnalyticsCore"])]))]),
        ],
        triggeringExamples: [
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", ["↓.product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\n\npublic struct Theme {}\n")]),
            // Its checkout says which modules the product provides, and no file imports one.
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", ["↓.product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                    packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\n")], checkouts: [("swift-analytics", RuleExample.outsidePackage("swift-analytics", products: [("Analytics", ["Analytics"])], targets: [("AnalyticsCore", []), ("Analytics", ["AnalyticsCore"])]))]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        guard let imports = graph.imports else { return [] }
        let used = Set(imports.usesWithoutImport.map { UsedModule(target: $0.from.number, module: $0.module) })
        return imports.unimported.compactMap { unimported in
            // Its API is used without an import: missing-import says so, and the entry is not to be removed.
            guard !unimported.modules.contains(where: { used.contains(UsedModule(target: unimported.from.number, module: $0)) }) else { return nil }
            let (edge, from) = (unimported.edge, unimported.from)
            let which = unimported.targets.isEmpty && unimported.modules != [unimported.name] ? " (modules \(unimported.modules.joined(separator: ", ")))" : ""
            if from.packageKind == .xcodeGenSpec || from.packageKind == .tuistProject {
                return finding("\(from.label) depends on \(edge.written)\(which), which none of its files imports",
                               fix: "remove this entry (\(edge.written)) from the dependencies of target \(from.id.name) in \(from.packageKind == .tuistProject ? "the project description" : "the XcodeGen spec"), or import it where the code uses it",
                               at: edge.location, from: from.id.name, to: unimported.name)
            }
            if from.productKind.isXcode {
                return finding("\(from.label) depends on \(edge.written)\(which), which none of its files imports",
                               fix: "remove \(edge.written) from target \(from.id.name) in Xcode (General › Frameworks, Libraries, and Embedded Content; Build Phases › Target Dependencies), or import it where the code uses it",
                               at: edge.location, from: from.id.name, to: unimported.name)
            }
            return finding("\(from.label) declares a dependency on \(edge.written)\(which), which none of its files imports",
                           fix: "remove this entry (\(edge.written)) from the dependencies of \(from.id.name), or import it where the code uses it",
                           at: edge.location, from: from.id.name, to: unimported.name, manifestFix: Self.manifestFix(removing: unimported, in: graph))
        }
    }

    /// The entry removed from a `Package.swift` (with the identity of the package it names, whose `Package(dependencies:)`
    /// entry goes too when nothing else names it) or a podspec's dependency line; nil for an Xcode target, or an entry
    /// whose place in the manifest is not known.
    public static func manifestFix(removing unused: UnimportedDependency, in graph: DependencyGraph) -> ManifestFix? {
        let (edge, from) = (unused.edge, unused.from)
        guard !from.productKind.isXcode, let line = edge.location.line, let column = edge.location.column else { return nil }
        let intent: FixIntent
        if graph.packages[from.packageIndex].manifest.kind == .pod {
            intent = .removePodDependency
        } else {
            let identity = unused.targets.first.map { (graph.packages[$0.packageIndex].directory as NSString).lastPathComponent.lowercased() }
                ?? { if case let .external(package?, _) = edge.to { return package }; return nil }()
            intent = .removeEntry(package: identity)
        }
        return ManifestFix(intent, target: ManifestFix.Target(package: from.id.package, name: from.id.name), place: SourcePosition(line: line, column: column),
                           summary: "remove the entry `\(edge.written)` from \(from.id.name)")
    }
}

/// A module a target's files use: its API, with or without an import.
struct UsedModule: Hashable {
    var target: Int
    var module: String
}

extension RuleID {
    public static let unusedDependency: RuleID = "unused-dependency"
}
