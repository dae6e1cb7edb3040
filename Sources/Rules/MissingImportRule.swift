import Configuration
import DependencyGraph
import Diagnostics

/// A target that uses a declared dependency's API without importing it.
public struct MissingImportRule: Rule {
    public init() {}

    static let apiClient = """
        import Dependencies

        public struct ApiClient {
            public var fetch: @Sendable () async throws -> [String]
        }

        extension DependencyValues {
            public var apiClient: ApiClient {
                get { self[ApiClient.self] }
                set { self[ApiClient.self] = newValue }
            }
        }

        """

    static let packages: [(String, String)] = [
        ("Clients/ApiClient", RuleExample.package("ApiClient", targets: [("ApiClient", [".product(name: \"Dependencies\", package: \"swift-dependencies\")"])],
                                                  packages: [".package(url: \"https://github.com/pointfreeco/swift-dependencies\", from: \"1.0.0\")"])),
        ("Clients/DeviceId", RuleExample.package("DeviceId")),
        ("Features/AppFeature", RuleExample.package("AppFeature", targets: [("AppFeature", [
            ".product(name: \"ApiClient\", package: \"ApiClient\")", ".product(name: \"DeviceId\", package: \"DeviceId\")",
            ".product(name: \"Dependencies\", package: \"swift-dependencies\")",
        ])], packages: [".package(path: \"../../Clients/ApiClient\")", ".package(path: \"../../Clients/DeviceId\")",
                        ".package(url: \"https://github.com/pointfreeco/swift-dependencies\", from: \"1.0.0\")"])),
    ]

    public static let description = RuleDescription(
        identifier: .missingImport,
        name: "Missing import",
        summary: "A target uses a declared dependency's API without importing it.",
        rationale: "It compiles today only because another import loads the module: under Swift's MemberImportVisibility (SE-0444) it does not, and the dependency looks unused to every tool that reads imports.",
        details: "a member of one of a declared dependency's extensions (`.apiClient`, `\\.apiClient`, `value.apiClient`, `Type.apiClient`, `apiClient(`) used by the target's files while none imports the dependency (local dependencies, and outside products whose checkout is on disk), at the first use. A type or top-level function is never one (Swift finds those only in modules the file imports). The use must be the dependency's: names the toolchain's modules declare (`Error`, `appending`, `lastPathComponent`) unless used on a type the code writes that the toolchain does not declare, names too common to tell a module by (`id`, `value`, `body`), and names the target itself or another module it imports declares (any access) do not count; and where the target sees a module componentize cannot read (an Apple SDK's, an outside package not checked out), a member whose type the code does not write (`.name`, `value.name`) is undecided: counted with what would decide it, and neither a `missing-import` nor an `unused-dependency`. A member on a type the code writes (`Color.brand`, `\\DependencyValues.apiClient`, the key paths of `@Dependency(…)` and `@Environment(…)`) is the dependency's when its extension of that type declares it, even a name the toolchain declares on types of its own (`@Dependency(\\.numberFormatter)`)",
        remedy: "add `import <Module>` to the file that uses it",
        defaultSeverity: .warning,
        cost: .everyImport,
        nonTriggeringExamples: [
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient),
                ("Clients/DeviceId/Sources/DeviceId/DeviceId.swift", "public enum DeviceId { public static var identifier: String { \"\" } }\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift",
                 "import ApiClient\nimport Dependencies\nimport DeviceId\n\nstruct App {\n    @Dependency(\\.apiClient) var apiClient\n    let device = DeviceId.identifier\n}\n"),
            ]),
            // A name too common to tell which module it comes from does not count alone.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension DependencyValues {\n    public var id: Int { 0 }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\n\nstruct App {\n    @Dependency(\\.id) var id\n}\n"),
            ]),
            // A name a module the file imports declares too (`Layer.members`) may be that module's: not a finding.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension ApiClient {\n    public var members: [String] { [] }\n}\n"),
                ("Clients/DeviceId/Sources/DeviceId/Layer.swift", "public struct Layer {\n    public var members: [String]\n    public init() { members = [] }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import DeviceId\n\nlet names = Layer().members\n"),
            ]),
            // A member the standard library's types have too (`Character.isWhitespace`) names no module.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension ApiClient {\n    public var isWhitespace: Bool { false }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import DeviceId\n\nlet spaced = \"a b\".contains(where: \\.isWhitespace)\n"),
            ]),
            // The toolchain's `numberFormatter` (MeasurementFormatter's), used on a value: not ApiClient's.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension DependencyValues {\n    public var numberFormatter: Int { 0 }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Foundation\n\nlet digits = MeasurementFormatter().numberFormatter.maximumFractionDigits\n"),
            ]),
            // A type (or a top-level function) is found only in modules the file imports: code that names one without
            // its import does not build, so it is never a missing import. The same for a generic parameter.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\n\nfunc make() -> ApiClient? { nil }\n"),
            ]),
            // The target declares the name itself (an enum case of its own type): the use is its own.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension DependencyValues {\n    public static var feed: Int { 0 }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\n\nenum Tab { case feed, profile }\nfunc title(_ tab: Tab) -> String {\n    switch tab {\n    case .feed: return \"Feed\"\n    case .profile: return \"Me\"\n    }\n}\n"),
            ]),
            // A member whose type the code does not write, in a target that imports a module componentize cannot read
            // (an Apple SDK's): that module may declare the name. Undecided, never a finding.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension ApiClient {\n    public var subtitle: String { \"\" }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\nimport UserNotifications\n\nfunc fill(_ content: UNMutableNotificationContent) {\n    content.subtitle = \"New\"\n}\n"),
            ]),
        ],
        triggeringExamples: [
            // ApiClient's member is used through Dependencies' property wrapper; DeviceId, used nowhere, stays unused.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient),
                ("Clients/DeviceId/Sources/DeviceId/DeviceId.swift", "public enum DeviceId { public static var identifier: String { \"\" } }\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\n\nstruct App {\n    @Dependency(\\.↓apiClient) var apiClient\n}\n"),
            ]),
            // The key path of `@Dependency(…)` is on DependencyValues: ApiClient's extension of it, whatever else the
            // target imports or declares (its own `apiClient` property is not on DependencyValues).
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\nimport SwiftUI\n\nstruct App {\n    @Dependency(\\.↓apiClient) var apiClient\n}\n"),
            ]),
            // A name the toolchain declares too (MeasurementFormatter's `numberFormatter`), on DependencyValues: ApiClient's,
            // whatever the target declares of that name.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension DependencyValues {\n    public var numberFormatter: Int { 0 }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\nimport Foundation\n\nstruct App {\n    @Dependency(\\.↓numberFormatter) var numberFormatter\n    let formatter = NumberFormatter()\n}\n"),
            ]),
            // A static member on a type the code writes (`DependencyValues.live`), declared by ApiClient's extension of it.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient + "extension DependencyValues {\n    public static var staging: DependencyValues { fatalError() }\n}\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\nimport UIKit\n\nlet values = DependencyValues.↓staging\n"),
            ]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        (graph.imports?.usesWithoutImport ?? []).filter(\.isDecided).map { use in
            let place = "\(use.location.path.split(separator: "/").last.map(String.init) ?? use.location.path):\(use.location.line ?? 1)"
            return finding("\(use.from.label) uses `\(use.name)` from \(use.module) without importing it",
                           fix: "add `import \(use.module)` (\(place)); this compiles today only because another import loads \(use.module), and fails under MemberImportVisibility",
                           at: use.location, from: use.from.id.name, to: use.module)
        }
    }
}

extension RuleID {
    public static let missingImport: RuleID = "missing-import"
}
