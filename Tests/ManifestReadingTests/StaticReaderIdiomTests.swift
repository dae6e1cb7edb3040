import Files
import XCTest
@testable import ManifestReading
import PackageModel

/// One test per idiom the static reader evaluates, each with a literal manifest and the exact expected model.
final class StaticReaderIdiomTests: XCTestCase {
    func testPackageArgumentsAndEveryEntryKind() {
        assertReads("""
            // swift-tools-version:6.1
            import PackageDescription

            let package = Package(
                name: "Video",
                products: [
                    .library(name: "Video", targets: ["Video"]),
                    .executable(name: "video-tool", targets: ["VideoTool"]),
                    .plugin(name: "Lint", targets: ["LintPlugin"]),
                ],
                dependencies: [
                    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
                    .package(path: "../NXKit"),
                    .package(id: "acme.Networking", from: "2.0.0"),
                ],
                targets: [
                    .target(name: "Video", dependencies: [
                        "Helpers",
                        .target(name: "CVideo"),
                        .product(name: "Logging", package: "swift-log"),
                        .byName(name: "NXKit"),
                        .product(name: "Net", package: "acme.Networking", condition: .when(platforms: [.iOS, .linux], traits: ["Fast"])),
                    ]),
                    .target(name: "Helpers"),
                    .systemLibrary(name: "CVideo"),
                    .executableTarget(name: "VideoTool", dependencies: ["Video"]),
                    .testTarget(name: "VideoTests", dependencies: ["Video"]),
                    .binaryTarget(name: "Codec", path: "Codec.xcframework"),
                    .plugin(name: "LintPlugin", capability: .buildTool(), dependencies: ["VideoTool"]),
                    .macro(name: "VideoMacros", dependencies: [.product(name: "SwiftSyntaxMacros", package: "swift-syntax")]),
                ]
            )
            """, as: """
            package Video tools 6.1
            dependency swift-log sourceControl https://github.com/apple/swift-log.git @12:9
            dependency nxkit fileSystem ../NXKit @13:9
            dependency acme.networking registry acme.Networking @14:9
            product Video library [Video]
            product video-tool executable [VideoTool]
            product Lint plugin [LintPlugin]
            target Video regular
              byName Helpers @18:13
              target CVideo @19:13
              product Logging package=swift-log @20:13
              byName NXKit @21:13
              product Net package=acme.Networking platforms=ios,linux traits=Fast @22:13
            target Helpers regular
            target CVideo system
            target VideoTool executable
              byName Video @26:61
            target VideoTests test
              byName Video @27:56
            target Codec binary
            target LintPlugin plugin
              byName VideoTool @29:78
            target VideoMacros macro
              product SwiftSyntaxMacros package=swift-syntax @30:52
            """)
    }

    /// A dependency a helper of the manifest makes is located where the helper is called, the line to edit.
    func testDependenciesFromHelpersAreLocatedAtTheCall() {
        assertReads("""
            // swift-tools-version:5.9
            import PackageDescription

            func feature(_ name: String) -> Target.Dependency {
                .product(name: name, package: name)
            }

            extension Target.Dependency {
                static var kit: Target.Dependency { .product(name: "NXKit", package: "NXKit") }
            }

            let package = Package(
                name: "App",
                targets: [
                    .target(name: "App", dependencies: [
                        feature("Video"),
                        .kit,
                        "Core",
                    ]),
                ]
            )
            """, as: """
            package App tools 5.9
            target App regular
              product Video package=Video @16:13
              product NXKit package=NXKit @17:13
              byName Core @18:13
            """)
    }

    func testExplicitTypeQualifiersAndEnumCaseForms() {
        assertReads("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(
                name: "P",
                targets: [
                    Target.target(name: "A", dependencies: [Target.Dependency.target(name: "B"), .productItem(name: "X", package: "x", moduleAliases: nil, condition: nil)]),
                    .target(name: "B", dependencies: [.byNameItem(name: "C", condition: .when(platforms: [.custom("freebsd")]))]),
                ]
            )
            """, as: """
            package P tools 6.0
            target A regular
              target B @6:49
              product X package=x @6:86
            target B regular
              byName C platforms=freebsd @7:43
            """)
    }

    /// `Target.Dependency(stringLiteral:)`, the initializer a string literal calls, written out: a dependency by name.
    func testTheStringLiteralInitializerOfADependencyIsByName() {
        assertReads("""
            // swift-tools-version:5.5
            import PackageDescription
            let mainName = "Kit"
            let package = Package(
                name: "P",
                targets: [
                    .target(name: mainName),
                    .testTarget(name: mainName + "Tests", dependencies: [Target.Dependency(stringLiteral: mainName)]),
                ]
            )
            """, as: """
            package P tools 5.5
            target Kit regular
            target KitTests test
              byName Kit @8:62
            """)
    }

    func testTopLevelConstantsAndConcatenation() {
        assertReads("""
            // swift-tools-version:5.9
            import PackageDescription

            let logging: Target.Dependency = .product(name: "Logging", package: "swift-log")
            var common: [Target.Dependency] = ["Kit", logging]
            let name = "Feed"
            let dependencies: [Package.Dependency] = [.package(url: "https://github.com/apple/swift-log", from: "1.0.0")]
            let extraTargets: [Target] = [.target(name: "Kit")]

            let package = Package(
                name: name + "Package",
                dependencies: dependencies + [.package(path: "Local/Kit")],
                targets: [
                    .target(name: name, dependencies: common + ["\\(name)Core"]),
                    .target(name: "\\(name)Core"),
                ] + extraTargets
            )
            """, as: """
            package FeedPackage tools 5.9
            dependency swift-log sourceControl https://github.com/apple/swift-log @7:43
            dependency kit fileSystem Local/Kit @12:35
            target Feed regular
              byName Kit @5:36
              product Logging package=swift-log @4:34
              byName FeedCore
            target FeedCore regular
            target Kit regular
            """)
    }

    func testMutationsAfterTheInitializer() {
        assertReads("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(name: "P", targets: [.target(name: "A")])
            package.targets.append(.testTarget(name: "ATests", dependencies: ["A"]))
            package.targets.append(contentsOf: [.target(name: "B")])
            package.targets += [.target(name: "C", dependencies: ["B"])]
            package.dependencies += [.package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0")]
            package.dependencies.append(.package(path: "../Kit"))
            package.targets[2].dependencies.append("A")
            package.products = [.library(name: "P", targets: ["A"])]
            """, as: """
            package P tools 5.9
            dependency swift-nio sourceControl https://github.com/apple/swift-nio.git @8:26
            dependency kit fileSystem ../Kit @9:29
            product P library [A]
            target A regular
            target ATests test
              byName A @5:67
            target B regular
              byName A
            target C regular
              byName B @7:55
            """)
    }

    func testMapOverLiteralArrays() {
        assertReads("""
            // swift-tools-version:5.9
            import PackageDescription
            let modules = ["Image", "Video"]
            let package = Package(
                name: "P",
                products: modules.map { .library(name: $0, targets: [$0]) },
                targets: modules.map { name in .target(name: name, dependencies: ["Kit"]) }
                    + modules.map { Target.testTarget(name: "\\($0)Tests", dependencies: [.target(name: $0)]) }
                    + [.target(name: "Kit")]
            )
            """, as: """
            package P tools 5.9
            product Image library [Image]
            product Video library [Video]
            target Image regular
              byName Kit @7:71
            target Video regular
              byName Kit @7:71
            target ImageTests test
              target Image @8:78
            target VideoTests test
              target Video @8:78
            target Kit regular
            """)
    }

    func testCompilationConditions() {
        assertReads("""
            // swift-tools-version:6.0
            import PackageDescription
            var deps: [Target.Dependency] = []
            #if os(Linux)
            deps.append("LinuxOnly")
            #elseif os(macOS)
            deps.append("MacOnly")
            #endif
            #if compiler(>=6.3)
            deps.append("New")
            #else
            deps.append("Old")
            #endif
            #if swift(>=6.0) && !os(Windows) && canImport(Foundation) && !canImport(UIKit) && !DEBUG_FLAG
            deps.append("Swift6")
            #endif
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: deps)])
            """, as: """
            package P tools 6.0
            target A regular
              byName LinuxOnly @5:13
              byName New @10:13
              byName Swift6 @15:13
            """)
    }

    func testSwiftVersionFollowsTheToolsVersionLanguageMode() {
        let source = """
            // swift-tools-version:5.9
            import PackageDescription
            var name = "none"
            #if swift(>=6.0)
            name = "six"
            #elseif swift(>=5.10)
            name = "five-ten"
            #endif
            let package = Package(name: name)
            """
        assertReads(source, as: "package five-ten tools 5.9")
        assertReads(source, toolchain: ToolsVersion(5, 9), as: "package none tools 5.9")
    }

    func testEnvironmentLookupsAndConditionals() {
        let source = """
            // swift-tools-version:5.9
            import PackageDescription
            import Foundation

            let useLocal = ProcessInfo.processInfo.environment["USE_LOCAL"] != nil
            let package = Package(name: "P", targets: [.target(name: "A")])
            if useLocal {
                package.dependencies += [.package(path: "../swift-nio")]
            } else {
                package.dependencies += [.package(url: "https://github.com/apple/swift-nio.git", from: "2.0.0")]
            }
            if let flavor = Context.environment["FLAVOR"], flavor == "full" {
                package.targets.append(.target(name: "Full"))
            }
            if ["1", "true"].contains(Context.environment["EXTRA"]?.lowercased()) {
                package.targets.append(.target(name: "Extra"))
            }
            if ProcessInfo.processInfo.environment["STRICT"].flatMap(Bool.init) ?? false {
                package.targets.append(.target(name: "Strict"))
            }
            """
        assertReads(source, environment: [:], as: """
            package P tools 5.9
            dependency swift-nio sourceControl https://github.com/apple/swift-nio.git @10:30
            target A regular
            """)
        assertReads(source, environment: ["USE_LOCAL": "1", "FLAVOR": "full", "EXTRA": "TRUE", "STRICT": "true"], as: """
            package P tools 5.9
            dependency swift-nio fileSystem ../swift-nio @8:30
            target A regular
            target Full regular
            target Extra regular
            target Strict regular
            """)
    }

    func testTernariesAndSwitches() {
        assertReads("""
            // swift-tools-version:5.9
            import PackageDescription
            let mode = Context.environment["MODE"] ?? "release"
            let core: Target.Dependency = mode == "debug" ? "DebugCore" : "Core"
            var extra: [Target.Dependency] = []
            switch mode {
            case "debug": extra = ["Tracing"]
            case "release", "profile": extra = ["Metrics"]
            default: break
            }
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: [core] + extra)])
            """, as: """
            package P tools 5.9
            target A regular
              byName Core @4:63
              byName Metrics @8:37
            """)
    }

    func testSettingsLoopsAreProvedGraphNeutral() {
        assertReads("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests", dependencies: ["A"])])
            for target in package.targets where [.regular, .test].contains(target.type) {
                var settings = target.swiftSettings ?? []
                settings.append(.enableUpcomingFeature("ExistentialAny"))
                switch target.type {
                case .test: settings.append(.define("TESTING"))
                default: break
                }
                target.swiftSettings = settings
                target.swiftSettings?.append(.unsafeFlags(["-warnings-as-errors"]))
            }
            """, as: """
            package P tools 6.0
            target A regular
            target ATests test
              byName A @3:107
            """)
    }

    func testLoopsThatChangeDependenciesAreEvaluated() {
        assertReads("""
            // swift-tools-version:6.0
            import PackageDescription
            let package = Package(name: "P", targets: [.target(name: "A"), .testTarget(name: "ATests")])
            for target in package.targets {
                if target.type == .test {
                    target.dependencies.append(.target(name: "TestSupport"))
                }
            }
            package.targets.forEach { $0.swiftSettings = [] }
            """, as: """
            package P tools 6.0
            target A regular
            target ATests test
              target TestSupport @6:36
            """)
    }

    func testFunctionsComputedPropertiesAndExtensions() {
        assertReads("""
            // swift-tools-version:5.9
            import PackageDescription
            import Foundation

            func feature(_ name: String, deps: [Target.Dependency] = ["Kit"]) -> [Target] {
                guard !name.isEmpty else { return [] }
                return [.target(name: name, dependencies: deps), .testTarget(name: name + "Tests", dependencies: [.target(name: name)])]
            }
            var useDynamic: Bool { hasEnvironmentVariable("DYNAMIC") }
            func hasEnvironmentVariable(_ name: String) -> Bool {
                return ProcessInfo.processInfo.environment[name] != nil
            }
            extension Array where Element == Platform {
                func except(_ excluded: [Platform]) -> [Platform] { filter { !excluded.contains($0) } }
            }
            extension Target.Dependency {
                static var kit: Self { .target(name: "Kit") }
            }
            let all: [Platform] = [.linux, .iOS, .wasi]
            let kitKind: String = {
                if useDynamic { return "dynamic" }
                return "static"
            }()
            let package = Package(
                name: "P",
                products: [.library(name: kitKind, targets: ["Kit"])],
                targets: feature("Feed") + [
                    .target(name: "Kit", dependencies: [.target(name: "CKit", condition: .when(platforms: all.except([.wasi])))]),
                    .target(name: "Uses", dependencies: [.kit]),
                    .target(name: "CKit"),
                ]
            )
            """, as: """
            package P tools 5.9
            product static library [Kit]
            target Feed regular
              byName Kit
            target FeedTests test
              target Feed @27:14
            target Kit regular
              target CKit platforms=linux,ios @28:45
            target Uses regular
              target Kit @29:46
            target CKit regular
            """)
    }

    func testAnyVariableNameHoldingTheOnlyPackage() {
        assertReads("""
            // swift-tools-version:5.3
            import PackageDescription
            let pkg = Package(name: "Version", targets: [.target(name: "Version")])
            #if swift(>=5.4) || os(macOS)
            pkg.targets.append(.testTarget(name: "VersionTests", dependencies: ["Version"]))
            #endif
            """, as: """
            package Version tools 5.3
            target Version regular
            target VersionTests test
              byName Version @5:69
            """)
    }
}
