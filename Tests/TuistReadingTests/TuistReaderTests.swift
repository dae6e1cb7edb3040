import Diagnostics
import Files
import SwiftEvaluation
import Testing
import TuistReading
import XcodeProjectReading

/// The Tuist reader on projects written here, one shape of helper each: the ones real Tuist apps lean on.
struct TuistReaderTests {
    func read(_ files: [String: String], project: String = "/repo/App/Project.swift", plugins: [String] = []) throws -> XcodeProject {
        var fileSystem = InMemoryFileSystem()
        for (path, text) in files { fileSystem.write(text, to: path) }
        var context = TuistContext(root: "/repo", environment: [:], shown: { $0.hasPrefix("/repo/") ? String($0.dropFirst(6)) : $0 })
        context.load(plugins: plugins, fileSystem: fileSystem)
        if let error = context.helperError { throw error }
        return try TuistReader().read(projectAt: project, in: context, fileSystem: fileSystem).project
    }

    func summary(_ project: XcodeProject) -> [String] {
        project.targets.map { target in
            let dependencies = target.dependencies.map { dependency -> String in
                switch dependency.destination {
                case .target(let name): return name
                case .otherProject(let path, let name): return "\(path):\(name)"
                case .package(_, let product): return "product \(product)"
                default: return "\(dependency.destination)"
                }
            }
            return "\(target.name) \(target.kind.rawValue) [\(dependencies.joined(separator: ", "))]"
        }
    }

    static let helpers = "/repo/Tuist/ProjectDescriptionHelpers/"

    @Test func projectCallsAndDependencyKinds() throws {
        let project = try read([
            "/repo/App/Project.swift": """
                import ProjectDescription

                let project = Project(
                    name: "App",
                    packages: [.remote(url: "https://github.com/pointfreeco/swift-dependencies", requirement: .upToNextMajor(from: "1.0.0"))],
                    targets: [
                        Target(name: "App", platform: .iOS, product: .app, bundleId: "a", sources: ["Sources/**"],
                               dependencies: [.target(name: "Kit"), .project(target: "Core", path: "../Core"), .external(name: "Alamofire"),
                                              .package(product: "Dependencies"), .sdk(name: "StoreKit", type: .framework), .xcframework(path: "V.xcframework")]),
                        .target(name: "Kit", destinations: .iOS, product: .staticFramework, bundleId: "k", sources: "Kit/**/*.swift"),
                        .target(name: "KitTests", destinations: .iOS, product: .unitTests, bundleId: "t", dependencies: [.target(name: "Kit")]),
                    ]
                )
                """,
            "/repo/App/Sources/App.swift": "", "/repo/App/Kit/Kit.swift": "", "/repo/App/Kit/Deep/More.swift": "",
        ])
        #expect(summary(project) == [
            "App application [Kit, ../Core:Core, product Alamofire, product Dependencies]",
            "Kit framework []",
            "KitTests unit-test [Kit]",
        ])
        #expect(project.targets[0].line == 7 && project.targets[0].dependencies.map(\.line) == [8, 8, 8, 9])
        #expect(project.targets[1].files == ["Kit/Deep/More.swift", "Kit/Kit.swift"])
        #expect(project.otherProjects == ["../Core"])
        #expect(project.packages.map(\.location) == [.remote("https://github.com/pointfreeco/swift-dependencies")])
    }

    /// An enum of modules with computed properties switching over the case, `allCases.filter(\.flag)`, a metatype
    /// constant, `rawValue` transformed, Bool flags adding targets, map/flatMap, a loop that appends, a ternary in an array
    /// literal, a closure called at once, interpolation, a static constant on a type nested in a TargetDependency
    /// extension; helpers in a local plugin.
    @Test func helperShapesRealAppsUse() throws {
        let project = try read([
            Self.helpers + "Module.swift": """
                import ProjectDescription
                public enum Module: String, CaseIterable {
                    case home, profile
                    case settingsScreen = "settings"
                    public var name: String { rawValue.capitalized }
                    public var hasDemo: Bool {
                        switch self {
                        case .home: return true
                        default: return false
                        }
                    }
                    public func dependency(interface: Bool = false) -> TargetDependency {
                        .project(target: interface ? name + "Interface" : name, path: .relativeToRoot("Features/\\(name)"))
                    }
                }
                public let modules = Module.self
                extension TargetDependency {
                    public enum Core {
                        public static let networking = TargetDependency.project(target: "Networking", path: .relativeToRoot("Core/Networking"))
                    }
                }
                """,
            Self.helpers + "Project+App.swift": """
                import ProjectDescription
                import Naming
                extension Project {
                    public static func app(name: String, withTests: Bool = true) -> Project {
                        var dependencies: [TargetDependency] = [.Core.networking]
                        for module in modules.allCases where module != .settingsScreen {
                            dependencies.append(module.dependency())
                        }
                        let demos = Module.allCases.filter(\\.hasDemo).flatMap { [$0.name + "Demo"] }
                        let targets: [Target] = [
                            .target(name: name, destinations: .iOS, product: .app, bundleId: bundle(name), sources: ["Sources/**"], dependencies: dependencies),
                            withTests ? .target(name: "\\(name)Tests", destinations: .iOS, product: .unitTests, bundleId: bundle("t"),
                                                dependencies: [.target(name: name)]) : nil,
                        ].compactMap { $0 } + demos.map { demo in
                            { () -> Target in .target(name: demo, destinations: .iOS, product: .app, bundleId: bundle(demo)) }()
                        }
                        return Project(name: name, targets: targets)
                    }
                }
                """,
            "/repo/Plugins/Naming/Plugin.swift": "import ProjectDescription\nlet plugin = Plugin(name: \"Naming\")\n",
            "/repo/Plugins/Naming/ProjectDescriptionHelpers/Bundle.swift": "public func bundle(_ name: String) -> String { \"com.example.\\(name.lowercased())\" }\n",
            "/repo/App/Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\n\nlet project = Project.app(name: \"Shop\")\n",
        ], plugins: ["/repo/Plugins/Naming"])
        #expect(summary(project) == [
            "Shop application [../Core/Networking:Networking, ../Features/Home:Home, ../Features/Profile:Profile]",
            "ShopTests unit-test [Shop]",
            "HomeDemo application []",
        ])
        #expect(project.targets.allSatisfy { $0.line == 4 })
    }

    /// A plug-in's helpers written on a type alias of the API's dependency type (`typealias Dep = TargetDependency`,
    /// declared in a file read after the one extending it), a path helper of the same name as a dependency helper
    /// (`Path.core` beside `Dep.core`), and dependencies as static lets of structs nested in the alias
    /// (`.Features.Main.Feature`): each read as the member of the type it names.
    @Test func pluginHelpersOnATypeAliasAndNestedTypes() throws {
        let helpers = "/repo/Plugins/Dependencies/ProjectDescriptionHelpers/"
        let project = try read([
            "/repo/Plugins/Dependencies/Plugin.swift": "import ProjectDescription\nlet plugin = Plugin(name: \"Dependencies\")\n",
            helpers + "Dep+Project.swift": """
                import ProjectDescription
                public extension Dep {
                    struct Features {
                        public struct Main {}
                    }
                    static let core = Dep.project(target: "Core", path: .core)
                }
                public extension Dep.Features.Main {
                    static let group = "Main"
                    static let Feature = Dep.project(target: "\\(group)Feature", path: .relativeToFeature("\\(group)Feature"))
                }
                """,
            helpers + "DepAlias.swift": "import ProjectDescription\npublic typealias Dep = ProjectDescription.TargetDependency\n",
            helpers + "Path+Extension.swift": """
                import ProjectDescription
                extension ProjectDescription.Path {
                    static func relativeToFeature(_ path: String) -> Self { .relativeToRoot("Features/\\(path)") }
                    static var core: Self { .relativeToRoot("Core") }
                }
                """,
            "/repo/App/Project.swift": """
                import ProjectDescription
                import Dependencies

                let project = Project(name: "App", targets: [
                    .target(name: "App", destinations: .iOS, product: .app, bundleId: "com.example.app",
                            dependencies: [.core, .Features.Main.Feature]),
                ])
                """,
        ], plugins: ["/repo/Plugins/Dependencies"])
        #expect(summary(project) == ["App application [../Core:Core, ../Features/MainFeature:MainFeature]"])
    }

    /// Struct specs with memberwise and declared initializers, `inout` through a closure (`with { $0.x = … }`), key
    /// paths, Set membership, enums with associated values matched in a switch, `String(describing:)`.
    @Test func structsAssociatedValuesAndInout() throws {
        let project = try read([
            Self.helpers + "Spec.swift": """
                import ProjectDescription
                public enum Layer { case feature(Feature), core(String) }
                public enum Feature: String { case Search, Cart }
                public enum Kind: Hashable { case sources, tests }
                public struct Spec {
                    public var sources: SourceFilesList = "Sources/**"
                    public var dependencies: [TargetDependency] = []
                    public init(dependencies: [TargetDependency] = []) { self.dependencies = dependencies }
                    public func with(_ change: (inout Spec) -> Void) -> Spec {
                        var copy = self
                        change(&copy)
                        return copy
                    }
                }
                extension Layer {
                    public var name: String {
                        switch self {
                        case let .feature(feature): return feature.rawValue + "Feature"
                        case .core(let name): return name
                        }
                    }
                }
                extension Target {
                    public static func make(_ layer: Layer, spec: Spec, kinds: Set<Kind>) -> [Target] {
                        let main = Target.target(name: layer.name, destinations: .iOS, product: .framework, bundleId: "b", sources: spec.sources, dependencies: spec.dependencies)
                        let tests: Target? = kinds.contains(.tests) ? .target(name: "\\(String(describing: layer.name))Tests", destinations: .iOS, product: .unitTests, bundleId: "t", dependencies: [.target(name: layer.name)]) : nil
                        return [main, tests].compactMap { $0 }
                    }
                }
                """,
            "/repo/App/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers
                let spec = Spec(dependencies: [.external(name: "Kingfisher")]).with { $0.sources = "Other/**" }
                let project = Project(name: "Search", targets: Target.make(.feature(.Search), spec: spec, kinds: [.sources, .tests]))
                """,
            "/repo/App/Other/A.swift": "",
        ])
        #expect(summary(project) == ["SearchFeature framework [product Kingfisher]", "SearchFeatureTests unit-test [SearchFeature]"])
        #expect(project.targets[0].files == ["Other/A.swift"])
    }

    /// A name made by a computed property of the helpers' own `extension String`, and a dependency kept in a `static
    /// let` of a wrapper struct reached through a metatype property (`.externalDependencies.network.target`).
    @Test func aStringExtensionPropertyAndAStaticLetWrappingADependency() throws {
        let project = try read([
            Self.helpers + "Deps.swift": """
                import ProjectDescription
                public protocol QualifiedName { var name: String { get } }
                extension QualifiedName where Self: RawRepresentable, Self.RawValue == String {
                    public var name: String { rawValue.pascalCase }
                }
                extension String {
                    var pascalCase: String { prefix(1).uppercased() + dropFirst() }
                }
                public struct ExternalDependencies {
                    init(_ target: TargetDependency) { self.target = target }
                    public let target: TargetDependency
                }
                extension ExternalDependencies {
                    public static let network = Self(.external(name: "Alamofire"))
                }
                extension TargetDependency {
                    public static let externalDependencies = ExternalDependencies.self
                }
                public enum Clients: String, QualifiedName { case dataClient }
                """,
            "/repo/App/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers
                let project = Project(name: "Clients", targets: [
                    .target(name: Clients.dataClient.name, destinations: .iOS, product: .framework, bundleId: "b",
                            dependencies: [.externalDependencies.network.target]),
                ])
                """,
        ])
        #expect(summary(project) == ["DataClient framework [product Alamofire]"])
    }

    /// Two types both nest `Libraries` with a static `UI` (one for packages, one for dependencies): an implicit chain
    /// `.Libraries.UI` is read in the type its context names, as Swift resolves it (in `dependencies:`, in an array
    /// literal, on either side of `+`); where no context names one of them, it is declined, saying why.
    @Test func anImplicitChainTwoTypesNestIsReadInTheContextsType() throws {
        let helper = """
            import ProjectDescription
            public extension Package {
                enum Libraries {
                    public static let UI: Package = .remote(url: "https://example.com/ui", requirement: .upToNextMajor(from: "1.0.0"))
                    public static let Net: Package = .remote(url: "https://example.com/net", requirement: .upToNextMajor(from: "1.0.0"))
                }
            }
            public extension TargetDependency {
                enum Libraries {
                    public static let UI: [TargetDependency] = [.external(name: "Layout"), .external(name: "Icons")]
                    public static let Net: TargetDependency = .external(name: "Wire")
                }
            }
            """
        func project(_ dependencies: String) -> String {
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project(name: "Feature", targets: [
                .target(name: "Feature", destinations: .iOS, product: .framework, bundleId: "b", dependencies: \(dependencies)),
            ])
            """
        }
        for (written, expected) in [
            (".Libraries.UI", "Feature framework [product Layout, product Icons]"),
            ("[.Libraries.Net]", "Feature framework [product Wire]"),
            (".Libraries.UI + [.Libraries.Net, .target(name: \"Kit\")]", "Feature framework [product Layout, product Icons, product Wire, Kit]"),
            ("[.target(name: \"Kit\")] + .Libraries.UI", "Feature framework [Kit, product Layout, product Icons]"),
        ] {
            let read = try read([Self.helpers + "Libraries.swift": helper, "/repo/App/Project.swift": project(written)])
            #expect(summary(read) == [expected], "\(written)")
        }
        do {
            _ = try read([Self.helpers + "Libraries.swift": helper, "/repo/App/Project.swift": """
                import ProjectDescription
                import ProjectDescriptionHelpers
                let project = Project(name: "Feature", targets: [
                    .target(name: "Feature", destinations: .iOS, product: .framework, bundleId: "b", sources: .Libraries.UI),
                ])
                """])
            Issue.record("read an implicit chain whose context names neither type")
        } catch let declined as TuistReadDeclined {
            #expect(declined.reason.contains("'.Libraries.UI', which Package.Libraries and TargetDependency.Libraries declare"), "\(declined.reason)")
        }
    }

    /// A chain of nested types two extended types both declare (`Package.Vendor.Kit`, `TargetDependency.Vendor.Kit`),
    /// given to a helper function whose parameter names `[TargetDependency]`: read in the parameter's type, as Swift
    /// does; given where the parameter's type is neither, declined at its place, never guessed.
    @Test func aChainTwoTypesNestIsReadInTheHelperParametersType() throws {
        let helpers = [
            Self.helpers + "Package+Vendor.swift": """
                import ProjectDescription
                extension Package {
                    public struct Vendor { public struct Kit {} }
                }
                extension Package.Vendor.Kit {
                    public static let layout: Package = .remote(url: "https://example.com/layout", requirement: .upToNextMajor(from: "1.0.0"))
                    public static let charts: Package = .remote(url: "https://example.com/charts", requirement: .upToNextMajor(from: "1.0.0"))
                }
                """,
            Self.helpers + "TargetDependency+Vendor.swift": """
                import ProjectDescription
                extension TargetDependency {
                    public struct Vendor {
                        public struct Kit {
                            public static let layout: TargetDependency = .external(name: "Layout")
                        }
                        public struct Net {}
                    }
                }
                extension TargetDependency.Vendor.Net {
                    public static let wire = TargetDependency.external(name: "Wire")
                }
                """,
            Self.helpers + "Project+Module.swift": """
                import ProjectDescription
                extension Project {
                    public static func module(name: String, dependencies: [TargetDependency] = [], extra: TargetDependency? = nil,
                                              tags: [String] = []) -> Project {
                        Project(name: name, targets: [
                            .target(name: name + tags.joined(), destinations: .iOS, product: .framework, bundleId: "com.example." + name,
                                    dependencies: extra == nil ? dependencies : dependencies + [extra ?? .target(name: name)]),
                        ])
                    }
                }
                """,
        ]
        func project(_ arguments: String) -> String {
            """
            import ProjectDescription
            import ProjectDescriptionHelpers
            let project = Project.module(name: "Feature", \(arguments))
            """
        }
        for (written, expected) in [
            ("dependencies: [.Vendor.Kit.layout, .Vendor.Net.wire]", "Feature framework [product Layout, product Wire]"),
            ("dependencies: [.target(name: \"Kit\")], extra: .Vendor.Kit.layout", "Feature framework [Kit, product Layout]"),
        ] {
            let read = try read(helpers.merging(["/repo/App/Project.swift": project(written)]) { $1 })
            #expect(summary(read) == [expected], "\(written)")
        }
        do {
            _ = try read(helpers.merging(["/repo/App/Project.swift": project("tags: [.Vendor.Kit.layout]")]) { $1 })
            Issue.record("read a chain whose context names neither type")
        } catch let declined as TuistReadDeclined {
            #expect(declined.reason.contains("'.Vendor.Kit.layout', which Package.Vendor and TargetDependency.Vendor declare"), "\(declined.reason)")
            #expect(declined.location.path == "App/Project.swift", "\(declined.location)")
        }
    }

    /// What cannot be evaluated is declined at its place, in the helper that holds it.
    @Test func aHelperThatChecksTheFileSystemIsDeclinedWhereItIs() throws {
        do {
            _ = try read([
                Self.helpers + "Project+Templates.swift": """
                    import Foundation
                    import ProjectDescription
                    extension Project {
                        public static func module(name: String) -> Project {
                            let hasTests = FileManager.default.fileExists(atPath: "Tests")
                            return Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: "b",
                                                                         dependencies: hasTests ? [] : [.target(name: "X")])])
                        }
                    }
                    """,
                "/repo/App/Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet project = Project.module(name: \"A\")\n",
            ])
            Issue.record("read a project whose dependencies depend on the file system")
        } catch let declined as TuistReadDeclined {
            #expect(declined.location.description == "Tuist/ProjectDescriptionHelpers/Project+Templates.swift:5:24")
            #expect(declined.reason == "a helper this reader cannot evaluate: call to 'FileManager.default.fileExists'")
        }
    }

    /// `Project(…)` dumps itself whatever constant holds it: a project in `let appDomain = …` (built by a helper) is read;
    /// a file with two is declined, one with none is an input error.
    @Test func aProjectInAConstantOfAnotherNameIsRead() throws {
        let helper = """
            import ProjectDescription
            extension Project {
                public static func module(name: String) -> Project {
                    Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: "b")])
                }
            }
            """
        let project = try read([
            Self.helpers + "Project+Templates.swift": helper,
            "/repo/App/Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet name = \"Domain\"\nlet appDomain = Project.module(name: name)\n",
        ])
        #expect(summary(project) == ["Domain framework []"])
        #expect(throws: TuistReadDeclined.self) {
            try read([Self.helpers + "Project+Templates.swift": helper,
                      "/repo/App/Project.swift": "import ProjectDescriptionHelpers\nlet a = Project.module(name: \"A\")\nlet b = Project.module(name: \"B\")\n"])
        }
        #expect(throws: InputError.self) {
            try read(["/repo/App/Project.swift": "import ProjectDescription\nlet name = \"A\"\n"])
        }
    }

    /// Tuist builds the one top-level project whatever its constant is named (`let protject`, a typo): a helper's
    /// top-level `func project` is not the file's project.
    @Test func aProjectInAMisspelledConstantBesideAHelperNamedProjectIsRead() throws {
        let project = try read([
            Self.helpers + "Project+Templates.swift": """
                import ProjectDescription
                public func project(_ name: String) -> String { name + "Project" }
                extension Project {
                    public static func project(name: String) -> Project {
                        Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .framework, bundleId: "b")])
                    }
                }
                """,
            "/repo/App/Project.swift": "import ProjectDescription\nimport ProjectDescriptionHelpers\nlet protject = Project.project(name: \"Domain\")\n",
        ])
        #expect(summary(project) == ["Domain framework []"])
        let named = try read(["/repo/App/Project.swift": """
            import ProjectDescription
            let project = "Domain"
            let domain = Project(name: project, targets: [.target(name: project, destinations: .iOS, product: .framework, bundleId: "b")])
            """])
        #expect(summary(named) == ["Domain framework []"])
    }

    /// Swift's name lookup: inside `extension Project`, `Project` is the API's type; a plug-in's
    /// `TargetDependency.Project` is only named qualified.
    @Test func aTypeNestedInAnotherTypeIsNotFoundUnqualified() throws {
        let helpers = "/repo/Plugins/Dependencies/ProjectDescriptionHelpers/"
        let files = [
            "/repo/Plugins/Dependencies/Plugin.swift": "import ProjectDescription\nlet plugin = Plugin(name: \"Dependencies\")\n",
            helpers + "Modules.swift": """
                import ProjectDescription
                public extension TargetDependency {
                    struct Project {
                        public let name: String
                    }
                    static let core = TargetDependency.project(target: "Core", path: .relativeToRoot("Core"))
                }
                """,
            Self.helpers + "Project+Templates.swift": """
                import ProjectDescription
                import Dependencies
                extension Project {
                    public static func make(name: String, dependencies: [TargetDependency]) -> Project {
                        Project(name: name, targets: [.target(name: name, destinations: .iOS, product: .app, bundleId: "b",
                                                              dependencies: dependencies)])
                    }
                }
                """,
            "/repo/App/Project.swift": """
                import Dependencies
                import ProjectDescription
                import ProjectDescriptionHelpers
                let project = Project.make(name: "App", dependencies: [.core])
                """,
            "/repo/Other/Project.swift": """
                import Dependencies
                import ProjectDescription
                let project = Project(name: "Other", targets: [.target(name: "Other", destinations: .iOS, product: .framework,
                                                                       bundleId: "o", dependencies: [.core])])
                """,
        ]
        let project = try read(files, plugins: ["/repo/Plugins/Dependencies"])
        #expect(summary(project) == ["App application [../Core:Core]"])
        let other = try read(files, project: "/repo/Other/Project.swift", plugins: ["/repo/Plugins/Dependencies"])
        #expect(summary(other) == ["Other framework [../Core:Core]"])
    }

    @Test func aSyntaxErrorIsAnInputErrorAtItsPlace() throws {
        #expect(throws: InputError.self) {
            try read(["/repo/App/Project.swift": "import ProjectDescription\nlet project = Project(name: \"A\", targets: [\n"])
        }
    }

    /// `Tuist/Package.swift`'s packages are the projects' outside packages.
    @Test func theDependenciesManifestGivesTheOutsidePackages() throws {
        let project = try read([
            "/repo/Tuist/Package.swift": """
                // swift-tools-version: 5.9
                import PackageDescription
                #if TUIST
                import ProjectDescription
                let packageSettings = PackageSettings(productTypes: [:])
                #endif
                let package = Package(name: "D", dependencies: [.package(url: "https://github.com/Alamofire/Alamofire", from: "5.0.0"), .package(path: "../Kit")])
                """,
            "/repo/App/Project.swift": "import ProjectDescription\nlet project = Project(name: \"A\", targets: [])\n",
        ])
        #expect(project.packages.map(\.location) == [.remote("https://github.com/Alamofire/Alamofire"), .local("../Kit")])
        #expect(project.packages.map(\.file) == ["Tuist/Package.swift", "Tuist/Package.swift"])
    }
}
