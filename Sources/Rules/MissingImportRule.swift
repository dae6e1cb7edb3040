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
        details: "a type a declared dependency declares, or a member of one of its extensions (`.apiClient`, `\\.apiClient`, `apiClient(`), used by the target's files while none imports the dependency (local dependencies, and outside products whose checkout is on disk; names too common to tell a module by, such as `id`, `value` or `body`, members the standard library's types also have, such as `isWhitespace`, and names another module the file imports declares too do not count: such a dependency is neither a `missing-import` nor an `unused-dependency`), at the first use; such a dependency is not `unused-dependency`",
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
        ],
        triggeringExamples: [
            // ApiClient's member is used through Dependencies' property wrapper; DeviceId, used nowhere, stays unused.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient),
                ("Clients/DeviceId/Sources/DeviceId/DeviceId.swift", "public enum DeviceId { public static var identifier: String { \"\" } }\n"),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\n\nstruct App {\n    @Dependency(\\.↓apiClient) var apiClient\n}\n"),
            ]),
            // A type it declares, used where another import loads the module.
            RuleExample(packages, sources: [
                ("Clients/ApiClient/Sources/ApiClient/ApiClient.swift", apiClient),
                ("Features/AppFeature/Sources/AppFeature/App.swift", "import Dependencies\n\nfunc make() -> ↓ApiClient? { nil }\n"),
            ]),
        ]
    )

    public func findings(in graph: DependencyGraph, context: RuleContext) -> [Finding] {
        (graph.imports?.usesWithoutImport ?? []).filter(\.alsoDeclaredBy.isEmpty).map { use in
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
