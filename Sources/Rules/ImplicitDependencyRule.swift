import Configuration
import DependencyGraph
import Diagnostics
import Foundation
import PackageModel
import Paths

/// A target whose sources import a local module its manifest does not declare.
public struct ImplicitDependencyRule: Rule {
    public init() {}

    public static let description = RuleDescription(
        identifier: .implicitDependency,
        name: "Implicit dependency",
        summary: "A target imports a local module, or a product of an outside package, that its manifest does not declare.",
        rationale: "A module reachable only because something else builds it first breaks the day that changes, and hides a coupling from every manifest-based check: declare what the code imports.",
        details: "a target whose sources import a local module, or a module of an outside package (known from its checkout, else a product another manifest of the repository declares), that its own manifest does not declare (it compiles only because something else builds that module first), directly or through a declared local target that re-exports it (`@_exported import`); at the first import, the other files listed. A file several targets compile (an app and its extensions sharing `Constants.swift`) gives each target lacking the declaration its own finding, fix and baseline entry (rule, target, module): the first at the shared import, each other at its first import in a place no such finding holds, the shared one listed; two share a line only when every import of the second is shared. Imports under `#if canImport(…)` (Objective-C's `#if __has_include(…)`, or a macro a file of the target defines only under one: `#elif __has_include(<X/X.h>)` then `#define _HAS_X 1`) or under a compilation flag of the team's own (`#if SINGLE_MODULE` and its `#else`, `#ifdef NX_FEATURE`; not `DEBUG`, `SWIFT_PACKAGE`, the compiler's and the SDK's macros, include guards or platform tests) are undecided, never findings, in Swift and Objective-C alike. An import under a platform test (`#if os(iOS)`, `targetEnvironment(macCatalyst)`) is not built for an Xcode target none of whose platforms (`SDKROOT`, `SUPPORTED_PLATFORMS`, `SUPPORTS_MACCATALYST`) passes it, and is undecided for one whose settings name no platform; a package is built for every platform, so there it counts. An Xcode target's headers count with its files (those its files include by quotes, found beside them or among the project's headers: an app target's headers are in no build phase), and an app target a Podfile gives pods sees every pod of their closure (CocoaPods links them all into its aggregate target); SDK headers (`<objc/runtime.h>`, `<sys/…>`, `<AudioToolbox/…>`) are never findings nor undecided. A quoted include `#import \"Sentry/Sentry.h\"` whose folder names a module the repository knows (and no component holds the file) is `#import <Sentry/Sentry.h>`; `#import \"Header.h\"` that is no file of the target is looked up among the other components' headers by name: one module holding it makes it an import of that module, judged like any when a pod or a package includes a pod's or a package's header (their search paths hold the headers of what they declare only), undecided when an Xcode target includes it (its own header search paths, often recursive, may reach any folder, and are not read) or when several modules hold a header of that name; the layering rules judge every such edge. `#import \"Pod.h\"` that no component holds, in a pod whose podspec does not declare the outside pod `Pod` another manifest of the repository names, is undecided at its line (that pod's podspec, not read, would say whether it holds the header). For Xcode targets: a unit-test bundle an application hosts (`TEST_HOST`, in the project or its `.xcconfig`; in an XcodeGen or Tuist description, the application it depends on) declares everything linked into its host, the host's module, what the host links and what those link (the bundle runs inside the host, and linking one again would link a static product twice); a UI-test bundle runs in a process of its own and declares only what it links. A product only copied into the target's product (an Embed Frameworks phase) is embedded, not linked: it declares nothing. A target dependency on a framework of the project (Build Phases › Target Dependencies, `PBXTargetDependency`) declares it as linking it does, whether or not the Frameworks phase still lists it: Xcode builds it first into the products folder its search paths hold, and a Swift `import` of it (or an Objective-C `@import`, or a `#import <X/X.h>` with modules on, as by default) links it by itself (autolinking, `CLANG_MODULES_AUTOLINK`), so such a build keeps linking; an Objective-C include without modules is not autolinked, and is not told apart. A prebuilt binary of the repository the Frameworks phase links (`WebRTC.xcframework`, `Media.framework`) declares the module it provides (its module map's, else its name), for the target and those linking it; one whose module cannot be known (a static library) leaves the target's undeclared outside imports undecided. A module named like an outside package the manifest declares (`APNS`, package `apns`) is that package's main product, whatever other packages the target names cannot be read; so is a module some manifest or project of the repository declares as a product of a known package (`.product(name: \"Lottie\", package: \"lottie-ios\")`): two modules of one build cannot share a name, so an outside package the target declares that is not checked out (or a product it names without its package) could bring that module only transitively, and a target importing it that declares no product of that package is a finding with that product as its fix, in a package, an Xcode target or a hosted test bundle alike. It stays undecided when the target declares another product of that package (which may vend the module), when its manifest does not declare that package while one it declares is not checked out, or a package it declares that is not checked out is one some target declares beside that package (either may build on it and re-export the module), or when a local package, a pod or a prebuilt library it depends on cannot be read. Apple's SDK modules (`StoreKitTest`, `SwiftData`) and the cross-import overlays of two of them (`_PhotosUI_SwiftUI`) are never findings nor undecided. A product linked by name is looked up as Xcode does, among the packages the project joins (package references, folder and file references, package folders inside a synchronized folder), its workspace's, and the packages those reach by path; a package the project joins whose identity is the product's name (`rxswift` for `RxSwift`, as SwiftPM names a package's main product) holds it; one found in none is undecided, and so is every import it might provide, but for a product of its own that the repository links from a known package elsewhere (`RxSwift`, imported by a target that links only `RxMoya`), which only linking it declares. An outside pod's podspec is not read, so a module one may bring is undecided; but a module named like a pod the `Podfile.lock` beside the target's Podfile resolved (any case, any subspec), that none of the target's unread pods brings by the lock's own dependency lists while every unread one is in the lock, is that pod's: a finding naming the pod (a pod the lock lists under another module name, a pod the lock does not list, or a target another unread package may serve stays undecided); for a target a Podfile integrates, a pod the lock says its pods bring is linked into its aggregate, no finding. The lock's entries of the repository's own pods are not followed (an edit of their podspecs since the last `pod install` makes them stale): what the unread pods bring through one of them stays undecided. A pod of the repository whose podspec cannot be evaluated (a Ruby constant) builds its name's module and brings what its lock entry lists when its text never says how its module is named (`module_name`, `header_dir`, `module_map`) and names no pod that entry does not list: it is then decided as an outside pod the lock resolved (its `unreadable-manifest` warning stays). An outside SwiftPM package not checked out, or a pod of the repository without sources the lock resolved, never holds back a pod the lock resolved (no package brings a pod, one build holds one module of a name, a vendored framework is no pod). Beyond three pods from a specs repository, an undecided import's reason names three and their count. A module nothing read provides is undecided: by the outside packages the target's manifest declares that are not checked out (one may provide it), else as no known SDK module. Files no target compiles are not read: a `.docc` catalog's snippets, asset catalogs, playgrounds, declared `resources:`, a package folder inside a synchronized folder",
        remedy: "the exact entry to add (`\"Name\"` for a target of the same package, else `.product(name:package:)`, for an outside module the product its checkout says provides it) and the manifest line of the target; where the imported module already depends on the importer, declaring it would close a cycle: the fix names the cycle and says what to do instead (move the shared code down, or depend on an interface), and `componentize fix` does not make that edit",
        cost: .everyImport,
        nonTriggeringExamples: [
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\nimport NXKit\n")]),
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI")),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "#if canImport(NXKit)\nimport NXKit\n#endif\n")]),
            // Under a flag of the team's own, the branch is built only when the build passes the flag: undecided.
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXUI", RuleExample.package("NXUI")),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "#if NX_SINGLE_MODULE\nimport NXKit\n#else\nimport Foundation\n#endif\n")]),
            // Another product of the same outside package may hold the module: not decidable without its manifest.
            RuleExample([
                ("Common/NXService", RuleExample.package("NXService", targets: [("NXService", [".product(name: \"Logging\", package: \"swift-log\")"])],
                                                         packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")"])),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"InMemoryLogging\", package: \"swift-log\")"])],
                                                    packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Logging\n")]),
            // A module of a declared product of an outside package (read from its checkout), through the product's targets.
            RuleExample([
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                    packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import AnalyticsCore\n")], checkouts: [("swift-analytics", RuleExample.outsidePackage("swift-analytics", products: [("Analytics", ["Analytics"])], targets: [("AnalyticsCore", []), ("Analytics", ["AnalyticsCore"])]))]),
            // A package a path leads to is missing: its declared product is imported by name, and another module it may
            // hold or re-export is undecided, never an error.
            RuleExample([
                ("macOS/NewTabPage", RuleExample.package("NewTabPage", targets: [("NewTabPage", [".product(name: \"UserScript\", package: \"BrowserServicesKit\")"])],
                                                         packages: [".package(path: \"../../BrowserServicesKit\")"])),
                ("iOS/Settings", RuleExample.package("Settings", targets: [("Settings", [".product(name: \"UserScript\", package: \"BrowserServicesKit\")", ".product(name: \"Navigation\", package: \"BrowserServicesKit\")"])],
                                                     packages: [".package(url: \"https://example.com/acme/BrowserServicesKit.git\", from: \"1.0.0\")"])),
            ], sources: [("macOS/NewTabPage/Sources/NewTabPage/Page.swift", "import UserScript\nimport Navigation\n")]),
            // Not checked out, but a well-known package: ComposableArchitecture re-exports Dependencies (the built-in table).
            RuleExample([
                ("Features/AppFeature", RuleExample.package("AppFeature", targets: [("AppFeature", [".product(name: \"ComposableArchitecture\", package: \"swift-composable-architecture\")"])],
                                                            packages: [".package(url: \"https://github.com/pointfreeco/swift-composable-architecture\", from: \"1.0.0\")"])),
                ("Clients/ApiClient", RuleExample.package("ApiClient", targets: [("ApiClient", [".product(name: \"Dependencies\", package: \"swift-dependencies\")"])],
                                                          packages: [".package(url: \"https://github.com/pointfreeco/swift-dependencies\", from: \"1.0.0\")"])),
            ], sources: [("Features/AppFeature/Sources/AppFeature/App.swift", "import ComposableArchitecture\nimport Dependencies\nimport IssueReporting\n")]),
            // A wrapper target whose file is `@_exported import VendorKit` provides VendorKit to whoever declares it.
            RuleExample([
                ("App", RuleExample.package("App", targets: [("App", ["\"_VendorSDK\""]), ("_VendorSDK", [".product(name: \"VendorKit\", package: \"vendor-kit\")"])],
                                            packages: [".package(url: \"https://example.com/acme/vendor-kit.git\", from: \"1.0.0\")"])),
            ], sources: [("App/Sources/App/App.swift", "import VendorKit\n"), ("App/Sources/_VendorSDK/Exports.swift", "@_exported import VendorKit\n")]),
            // Not checked out and not known: whether another of its modules comes with it is undecided.
            RuleExample([
                ("Features/Profile", RuleExample.package("Profile", targets: [("Profile", [".product(name: \"Kingdom\", package: \"swift-kingdom\")"])],
                                                         packages: [".package(url: \"https://example.com/acme/swift-kingdom.git\", from: \"1.0.0\")"])),
                ("Clients/ApiClient", RuleExample.package("ApiClient", targets: [("ApiClient", [".product(name: \"Dependencies\", package: \"swift-dependencies\")"])],
                                                          packages: [".package(url: \"https://github.com/pointfreeco/swift-dependencies\", from: \"1.0.0\")"])),
            ], sources: [("Features/Profile/Sources/Profile/Profile.swift", "import Kingdom\nimport Dependencies\n")]),
            // A quoted include whose folder names no module is a header of the search paths, no import.
            RuleExample([], sources: [("Common/NXUI/NXUI/Classes/NXUI.m", "#import \"Private/NXHelper.h\"\n")],
                        podspecs: [("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI"))]),
        ],
        triggeringExamples: [
            // The checkout wins over the table: this ComposableArchitecture re-exports CasePaths only.
            RuleExample([
                ("Features/AppFeature", RuleExample.package("AppFeature", targets: [("AppFeature", [".product(name: \"ComposableArchitecture\", package: \"swift-composable-architecture\")"])],
                                                            packages: [".package(url: \"https://github.com/pointfreeco/swift-composable-architecture\", from: \"1.0.0\")"])),
                ("Clients/ApiClient", RuleExample.package("ApiClient", targets: [("ApiClient", [".product(name: \"Dependencies\", package: \"swift-dependencies\")"])],
                                                          packages: [".package(url: \"https://github.com/pointfreeco/swift-dependencies\", from: \"1.0.0\")"])),
            ], sources: [
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import ComposableArchitecture\nimport CasePaths\n↓import Dependencies\n"),
                ("Features/AppFeature/.build/checkouts/swift-composable-architecture/Sources/ComposableArchitecture/Exports.swift", "@_exported import CasePaths\n"),
            ], checkouts: [("swift-composable-architecture", RuleExample.outsidePackage("swift-composable-architecture", products: [("ComposableArchitecture", ["ComposableArchitecture"])], targets: [("ComposableArchitecture", [])]))]),
            // NXService is built by the app anyway, so NXUI compiles in the app's build, but not on its own.
            RuleExample([
                ("Kit/NXKit", RuleExample.package("NXKit")),
                ("Common/NXService", RuleExample.package("NXService")),
                ("Common/NXUI", RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                                    packages: [".package(path: \"../../Kit/NXKit\")"])),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import NXKit\n↓import NXService\n")]),
            RuleExample([
                ("App", RuleExample.package("App", targets: [("App", []), ("Helpers", [])])),
            ], sources: [("App/Sources/App/App.swift", "@testable ↓import Helpers\n")]),
            // A product of an outside package another component declares: the app builds it, NXUI alone does not.
            RuleExample([
                ("Common/NXService", RuleExample.package("NXService", targets: [("NXService", [".product(name: \"Logging\", package: \"swift-log\")"])],
                                                         packages: [".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")"])),
                ("Common/NXUI", RuleExample.package("NXUI")),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "import Foundation\n↓import Logging\n")]),
            // A product another component names by its bare name: SwiftPM takes it from the package of that name.
            RuleExample([
                ("Common/NXService", RuleExample.package("NXService", targets: [("NXService", ["\"SwiftSoup\""])],
                                                         packages: [".package(url: \"https://github.com/scinfu/SwiftSoup.git\", from: \"2.6.0\")",
                                                                    ".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")"])),
                ("Common/NXUI", RuleExample.package("NXUI")),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "↓import SwiftSoup\n")]),
            // A module the checkout of an outside package says its product Analytics provides.
            RuleExample([
                ("Common/NXService", RuleExample.package("NXService", targets: [("NXService", [".product(name: \"Analytics\", package: \"swift-analytics\")"])],
                                                         packages: [".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"])),
                ("Common/NXUI", RuleExample.package("NXUI")),
            ], sources: [("Common/NXUI/Sources/NXUI/Theme.swift", "↓import AnalyticsCore\n")], checkouts: [("swift-analytics", RuleExample.outsidePackage("swift-analytics", products: [("Analytics", ["Analytics"])], targets: [("AnalyticsCore", []), ("Analytics", ["AnalyticsCore"])]))]),
            // A quoted include under a pod's folder is that pod's import, as `#import <NXKit/NXKit.h>` is.
            RuleExample([], sources: [
                ("Kit/NXKit/NXKit/Classes/NXKit.h", "@interface NXKit : NSObject\n@end\n"),
                ("Common/NXUI/NXUI/Classes/NXUI.m", "#import <Foundation/Foundation.h>\n↓#import \"NXKit/NXKit.h\"\n"),
            ], podspecs: [("Kit/NXKit/NXKit.podspec", RuleExample.podspec("NXKit")), ("Common/NXUI/NXUI.podspec", RuleExample.podspec("NXUI"))]),
        ]
    )

    /// A target of a development pod: its fix is a podspec line.
    static func isPod(_ target: GraphTarget) -> Bool {
        target.packageKind == .pod
    }

    /// A target of an Xcode project: its fix is made in Xcode (the target's package products or linked frameworks).
    static func isXcode(_ target: GraphTarget) -> Bool {
        target.productKind.isXcode
    }

    /// What the target's manifest is called in messages: "its manifest", or "target App" for an Xcode target.
    static func declarer(of target: GraphTarget) -> String {
        isXcode(target) ? "target \(target.id.name) does not link" : "its manifest does not declare"
    }

    /// What a Podfile line names when the target is integrated by a Podfile: the pod (a subspec, or the pod a podspec
    /// beside a package builds) and, for a pod of the repository, its `:path` from the Podfile's folder.
    struct PodLine {
        var podfile: FileLocation
        var name: String
        var path: String?
        /// The Podfile's `target` to add it to, when known (not always the Xcode target's name).
        var target: String?
    }

    /// The `pod` line that gives an Xcode target the component `to` (a pod of the repository, or a package with its
    /// podspec beside it), when a Podfile integrates the target; nil otherwise (a package alone is linked in Xcode).
    static func podLine(from target: GraphTarget, to: GraphTarget, product: String, in graph: DependencyGraph) -> PodLine? {
        guard let podfile = graph.podfile(of: target), let pod = graph.pod(of: to) else { return nil }
        let name = to.packageKind == .pod ? product : pod.name
        let path = PathArithmetic.relative(pod.folder, to: podfile.folder)
        return PodLine(podfile: podfile.location, name: name, path: path == "." ? "./" : path, target: podfile.target)
    }

    /// The fix that declares a product: a podspec line, a Podfile line, a product linked in Xcode, an entry of the
    /// description a project is generated from, or a manifest entry.
    static func declaring(product: String, package: String, from target: GraphTarget, at where_: String, pod: PodLine? = nil,
                          to: GraphTarget? = nil) -> String {
        if isPod(target) { return "add s.dependency '\(product)' to the spec of \(target.id.name)\(where_)" }
        if let pod {
            let path = pod.path.map { ", :path => '\($0)'" } ?? ""
            let block = pod.target.map { $0 == target.id.name ? "target '\($0)'" : "target '\($0)' (which integrates \(target.id.name))" }
                ?? "the target that integrates \(target.id.name)"
            return "add pod '\(pod.name)'\(path) to \(block) in the Podfile (beside \(pod.podfile)), then run pod install"
        }
        if let entry = GeneratedProjectFix.entry(product: product, package: package, from: target, to: to) {
            return "add \(entry) to the dependencies of target \(target.id.name)\(where_)"
        }
        if isXcode(target), let to, isXcode(to) {
            return "link \(product), a target of the \(to.packageKind.noun) \(package), to target \(target.id.name) in Xcode (Build Phases › Link Binary "
                + "With Libraries, and a target dependency on it\(where_))"
        }
        if isXcode(target) {
            return "link \(product) to target \(target.id.name) in Xcode (General › Frameworks, Libraries, and Embedded Content; packageProductDependencies\(where_)), adding package \(package) to the project if it is not there"
        }
        return "add .product(name: \"\(product)\", package: \"\(package)\") to the dependencies of target \(target.id.name)\(where_), with the package in Package(dependencies:) if it is not there"
    }

    /// The fix that declares an outside module: one declared as a pod somewhere (not as a Swift package) comes from the
    /// Podfile's specs repository, added to the Podfile target that integrates the importer, never linked as a package.
    static func declaringOutside(_ item: UndeclaredExternalImport, in graph: DependencyGraph, at where_: String) -> String {
        guard !isPod(item.from), graph.isPod(package: item.package) else {
            return declaring(product: item.product, package: item.package, from: item.from, at: where_)
        }
        if let podfile = graph.podfile(of: item.from) {
            return declaring(product: item.product, package: item.package, from: item.from, at: where_,
                             pod: PodLine(podfile: podfile.location, name: item.product, path: nil, target: podfile.target))
        }
        if let declarer = podfileTarget(declaring: item.package, in: graph) {
            return "declare pod '\(item.product)' for target \(item.from.id.name) in the Podfile (\(FileLocation(path: declarer.location.path))), as target '\(declarer.target)' "
                + "does (\(declarer.location)): a `target '\(item.from.id.name)'` block with the pod (and a `project` line naming its project when it is not the "
                + "Podfile's), or that block nested in target '\(declarer.target)' with `inherit! :search_paths` when its code needs only the pod's headers and "
                + "what it is linked into links the pod; then run pod install"
        }
        let podfile = graph.anyPodfile.map { " (\($0))" } ?? ""
        return "add pod '\(item.product)' to the target of the Podfile\(podfile) that integrates target \(item.from.id.name) (a `target '\(item.from.id.name)'` block, "
            + "or the one whose aggregate it links or whose Pods-….xcconfig it uses), then run pod install"
    }

    /// The Podfile `target` that declares the outside pod of this identity, at its `pod` line: the first in the
    /// graph's order whose target is known.
    static func podfileTarget(declaring package: String, in graph: DependencyGraph) -> (target: String, location: FileLocation)? {
        for edge in graph.edges where edge.viaPodfile {
            guard case .external(package, _) = edge.to,
                  let target = graph.podfile(of: graph.sortedTargets[edge.fromNumber])?.target else { continue }
            return (target, edge.location)
        }
        return nil
    }

    /// The fix of an import whose declaration would close a cycle (`chain` leads from `to` back to `from`): what a
    /// person can do instead, and that `fix` does not declare it (it refuses with the same words).
    public static func closingCycle(from: GraphTarget, to: GraphTarget, chain: DependencyChain) -> String {
        let cycle = ([from, to] + chain.steps.map(\.to)).map(\.id.name).joined(separator: " → ")
        return "not fixable by declaring it: \(to.id.name) already depends on \(from.id.name), so declaring it would close the cycle \(cycle); "
            + "move what \(from.id.name) uses of \(to.id.name) down into a module both may depend on, or have \(from.id.name) depend on an "
            + "interface (a protocol at its level that \(to.id.name) implements) and drop the import; componentize fix does not make this edit"
    }

    /// The fix of an import by a package or pod of a target of an Xcode, XcodeGen or Tuist project: no manifest entry can
    /// name a project's target, so what a person can do instead (`fix` refuses it with the same words).
    public static func projectTarget(from: GraphTarget, to: GraphTarget) -> String {
        "not fixable by declaring it: \(to.id.name) is a target of the \(to.packageKind.noun) \(to.packageName), and a \(from.packageKind.noun) "
            + "cannot depend on a project's target; move \(to.id.name) (or what \(from.id.name) uses of it) into a package both may depend on, "
            + "or drop the import; componentize fix does not make this edit"
    }

    /// Whether `from` imports a project's target it cannot declare: `from` is a package or a pod, `to` a project's target.
    public static func importsProjectTarget(from: GraphTarget, to: GraphTarget) -> Bool {
        !isXcode(from) && isXcode(to) && from.id.package != to.id.package
    }

    /// The `Package.swift` entry that declares `to` for `from`: the target's name within one package, else the product
    /// holding it (with its package's `.package(path:)` entry when not declared yet). Nil for an Xcode target or a pod
    /// (fix works those out or refuses them itself), a target of an Xcode project, and a target no product holds.
    public static func manifestFix(declaring to: GraphTarget, from: GraphTarget, in graph: DependencyGraph) -> ManifestFix? {
        guard !isXcode(from), !importsProjectTarget(from: from, to: to), graph.packages[from.packageIndex].manifest.kind != .pod else { return nil }
        let place = SourcePosition(line: from.position?.line ?? 0, column: from.position?.column ?? 0)
        let (target, leadsTo) = (ManifestFix.Target(package: from.id.package, name: from.id.name), ManifestFix.Target(package: to.id.package, name: to.id.name))
        if from.id.package == to.id.package {
            return ManifestFix(.addDependency(entry: "\"\(to.id.name)\"", packageEntry: nil), target: target, place: place,
                               summary: "add \"\(to.id.name)\" to \(from.id.name)", leadsTo: leadsTo)
        }
        guard graph.packages[to.packageIndex].manifest.kind != .pod, let (entry, packageEntry) = productEntry(declaring: to, from: from, in: graph) else { return nil }
        return ManifestFix(.addDependency(entry: entry, packageEntry: packageEntry), target: target, place: place, summary: "add \(entry) to \(from.id.name)",
                           leadsTo: leadsTo)
    }

    /// `.product(name:package:)` of the first product holding `to`, named by the package as `from`'s manifest declares
    /// it, with the `.package(path:)` entry `from`'s manifest needs when it does not declare it yet; nil when no product
    /// holds `to`.
    public static func productEntry(declaring to: GraphTarget, from: GraphTarget, in graph: DependencyGraph) -> (entry: String, packageEntry: String?)? {
        guard let product = graph.products(holding: to).first else { return nil }
        let fromPackage = graph.packages[from.packageIndex], toPackage = graph.packages[to.packageIndex]
        let declared = fromPackage.manifest.dependencies.first { fromPackage.localDependencies[$0.location] == toPackage.directory }
        // `.package(path: "../")` is named by the folder it leads to, as SwiftPM names it.
        let name = declared?.name ?? (toPackage.directory as NSString).lastPathComponent
        let packageEntry = declared == nil ? ".package(path: \"\(PathArithmetic.relative(toPackage.directory, to: fromPackage.directory))\")" : nil
        return (".product(name: \"\(product)\", package: \"\(name)\")", packageEntry)
    }

    /// What declares a local import: the entry to add, unless it would close a cycle (then what to do instead), and a
    /// word of caution where the layers guessed from names put the imported module above the importer.
    static func localFix(from: GraphTarget, to: GraphTarget, in graph: DependencyGraph, chains: inout ChainSearch?, configuration: Configuration) -> String {
        if chains == nil { chains = ChainSearch(graph) }
        if let chain = chains?.chain(from: [to], to: [from]) { return closingCycle(from: from, to: to, chain: chain) }
        if importsProjectTarget(from: from, to: to) { return projectTarget(from: from, to: to) }
        let where_ = from.position.map { " (\(from.manifestPath):\($0.line))" } ?? ""
        var fix: String
        if from.id.package == to.id.package {
            let entry = GeneratedProjectFix.entry(sameProjectTarget: to.id.name, from: from) ?? "\"\(to.id.name)\""
            fix = "add \(entry) to the dependencies of target \(from.id.name)\(where_)"
        } else if let product = graph.products(holding: to).first {
            fix = declaring(product: product, package: to.packageName, from: from, at: where_,
                            pod: podLine(from: from, to: to, product: product, in: graph), to: to)
        } else {
            fix = "package \(to.packageName) has no product holding \(to.id.name): add one, then depend on it from \(from.id.name)\(where_)"
        }
        if case .preset = configuration.source, UpwardDependencyRule.applies(from: from, to: to), let fromLayer = from.layer, let toLayer = to.layer {
            fix += "; but the layers guessed from names put \(to.id.name) (\(toLayer)) above \(from.id.name) (\(fromLayer)): if they are right, "
                + "move what \(from.id.name) uses down or depend on an interface instead"
        }
        return fix
    }

    /// One target's undeclared import of one module, before it is placed: its import places in order, and the finding
    /// it makes at a place with the others listed.
    struct Unplaced {
        var from: String
        var to: String
        var locations: [FileLocation]
        var make: (FileLocation, [FileLocation]) -> Finding
    }

    /// Each target's finding at its first import, unless another target's finding of the same module already stands
    /// there (a file several targets compile, each lacking the declaration): then at its first import in a place no such
    /// finding holds, the others listed. Each target keeps its own finding, fix and baseline entry; two share a line
    /// only when every import of the second is in shared files.
    static func placed(_ unplaced: [Unplaced]) -> [Finding] {
        struct Place: Hashable {
            var location: FileLocation
            var to: String
        }
        var holders: [Place: String] = [:]
        return unplaced.map { item in
            let free = item.locations.firstIndex { location in
                holders[Place(location: location, to: item.to)].map { $0 == item.from } ?? true
            } ?? 0
            let location = item.locations[free]
            if holders[Place(location: location, to: item.to)] == nil { holders[Place(location: location, to: item.to)] = item.from }
            var others = item.locations
            others.remove(at: free)
            return item.make(location, others)
        }
    }

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        var unplaced: [Unplaced] = []
        var chains: ChainSearch?
        for (edge, from, to) in context.checkedLocalEdges(of: graph) where edge.viaImport && !edge.isUndecided
            // When `upward` or `horizontal` reports the edge, the dependency itself is the problem, not its declaration;
            // when they are off (layers only guessed from names), the missing declaration is.
            && LayeringVerdict.rejection(from: from, to: to, in: context.configuration) == nil {
            let fix = Self.localFix(from: from, to: to, in: graph, chains: &chains, configuration: context.configuration)
            unplaced.append(Unplaced(from: from.id.name, to: to.id.name, locations: [edge.location] + edge.otherLocations) { location, others in
                finding("\(from.label) imports \(to.label), which \(Self.declarer(of: from))\(graph.alsoIn(others))",
                        fix: fix, at: location, from: from.id.name, to: to.id.name, manifestFix: Self.manifestFix(declaring: to, from: from, in: graph))
            })
        }
        for item in graph.imports?.undeclaredExternal ?? [] {
            let where_ = item.from.position.map { " (\(item.from.manifestPath):\($0.line))" } ?? ""
            let product = item.product == item.module ? "" : " (product \(item.product))"
            let source = Self.isPod(item.from) || graph.isPod(package: item.package) ? "pod \(item.product)" : "package \(item.package)\(product)"
            // An outside pod (declared as a pod somewhere, not as a Swift package) comes from the Podfile's specs repository.
            let fix = Self.declaringOutside(item, in: graph, at: where_)
            unplaced.append(Unplaced(from: item.from.id.name, to: item.package + "/" + item.module, locations: [item.location] + item.otherLocations) { location, others in
                finding("\(item.from.label) imports \(item.module) from \(source), which \(Self.declarer(of: item.from))\(graph.alsoIn(others))",
                        fix: fix, at: location, from: item.from.id.name, to: item.package)
            })
        }
        return Self.placed(unplaced)
    }
}

extension RuleID {
    public static let implicitDependency: RuleID = "implicit-dependency"
}
