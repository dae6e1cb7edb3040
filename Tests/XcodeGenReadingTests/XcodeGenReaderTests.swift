import Diagnostics
import Files
import Testing
@testable import XcodeGenReading
import XcodeProjectReading

/// The XcodeGen reader on specs written here, one idiom each: includes (relative, recursive, without relativePaths),
/// templates, platforms, sources with excludes and includes, every kind of dependency, packages, module names.
struct XcodeGenReaderTests {
    func read(_ files: [String: String], spec: String = "/repo/project.yml") throws -> XcodeGenReader.Reading {
        var fileSystem = InMemoryFileSystem()
        for (path, text) in files { fileSystem.write(text, to: path) }
        return try XcodeGenReader().read(specPath: spec, fileSystem: fileSystem, shown: { $0.hasPrefix("/repo/") ? String($0.dropFirst(6)) : $0 })
    }

    func target(_ name: String, in reading: XcodeGenReader.Reading) throws -> XcodeTarget {
        try #require(reading.project.targets.first { $0.name == name })
    }

    @Test func targetsHaveTheirKindsFilesAndDependenciesAtTheirLines() throws {
        let reading = try read([
            "/repo/project.yml": """
                name: Shop
                packages:
                  Kingfisher:
                    url: https://github.com/onevcat/Kingfisher
                    from: 7.0.0
                  Kit:
                    path: Packages/Kit
                targets:
                  Shop:
                    type: application
                    platform: iOS
                    sources:
                      - path: App
                        excludes:
                          - "**/*Preview.swift"
                          - Generated
                    dependencies:
                      - target: ShopCore
                      - package: Kingfisher
                      - package: Kit
                        products: [KitUI, KitNet]
                      - sdk: StoreKit.framework
                      - carthage: Alamofire
                  ShopCore:
                    type: framework
                    platform: iOS
                    sources: [Core]
                  ShopTests:
                    type: bundle.unit-test
                    platform: iOS
                    sources:
                      - path: Tests
                        includes: ["*Tests.swift"]
                    dependencies:
                      - target: Shop
                """,
            "/repo/App/AppDelegate.swift": "", "/repo/App/HomePreview.swift": "", "/repo/App/Generated/Strings.swift": "",
            "/repo/App/Assets.xcassets/Contents.json": "", "/repo/Core/Core.swift": "", "/repo/Core/Bridge.h": "",
            "/repo/Tests/ShopTests.swift": "", "/repo/Tests/Helpers.swift": "",
        ])
        #expect(reading.project.name == "Shop")
        #expect(reading.generatedProject == "/repo/Shop.xcodeproj")
        let shop = try target("Shop", in: reading)
        #expect(shop.kind == .application && shop.line == 9 && shop.file == nil)
        #expect(shop.files == ["App/AppDelegate.swift"])
        #expect(shop.dependencies.map(\.line) == [18, 19, 20, 20])
        #expect(shop.dependencies.map(\.destination) == [
            .target("ShopCore"),
            .package(XcodePackageReference(.remote("https://github.com/onevcat/Kingfisher"), line: 3), product: "Kingfisher"),
            .package(XcodePackageReference(.local("Packages/Kit"), line: 6), product: "KitUI"),
            .package(XcodePackageReference(.local("Packages/Kit"), line: 6), product: "KitNet"),
        ])
        #expect(try target("ShopCore", in: reading).files == ["Core/Bridge.h", "Core/Core.swift"])
        let tests = try target("ShopTests", in: reading)
        #expect(tests.kind == .unitTest && tests.files == ["Tests/ShopTests.swift"])
        #expect(reading.project.packages.count == 2)
    }

    /// Included files' paths start from their own folders (unless `relativePaths: false`), includes nest, and values
    /// merge additively: mappings key by key, lists appended, `:REPLACE` replacing.
    @Test func includesMergeAdditivelyWithPathsRelativeToEachFile() throws {
        let reading = try read([
            "/repo/project.yml": """
                name: App
                include:
                  - Config/base.yml
                  - Modules/Feed/target.yml
                  - path: Modules/flat.yml
                    relativePaths: false
                targets:
                  App:
                    dependencies:
                      - target: Feed
                """,
            "/repo/Config/base.yml": """
                include: [more.yml]
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources: [../App]
                    dependencies:
                      - target: Shared
                """,
            "/repo/Config/more.yml": """
                targets:
                  Shared:
                    type: framework
                    platform: iOS
                    sources: [../Shared]
                """,
            "/repo/Modules/Feed/target.yml": """
                targets:
                  Feed:
                    type: framework
                    platform: iOS
                    sources: [Sources]
                """,
            "/repo/Modules/flat.yml": """
                targets:
                  Flat:
                    type: framework
                    platform: iOS
                    sources: [Flat]
                    dependencies:
                      - target: Shared
                """,
            "/repo/App/App.swift": "", "/repo/Shared/Shared.swift": "", "/repo/Modules/Feed/Sources/Feed.swift": "", "/repo/Flat/Flat.swift": "",
        ])
        #expect(reading.files == ["/repo/project.yml", "/repo/Config/base.yml", "/repo/Config/more.yml", "/repo/Modules/Feed/target.yml", "/repo/Modules/flat.yml"])
        let app = try target("App", in: reading)
        #expect(app.files == ["App/App.swift"])
        #expect(app.dependencies.map(\.destination) == [.target("Shared"), .target("Feed")])
        #expect(app.dependencies.map(\.file) == ["Config/base.yml", nil])
        #expect(try target("Feed", in: reading).files == ["Modules/Feed/Sources/Feed.swift"])
        #expect(try target("Feed", in: reading).file == "Modules/Feed/target.yml")
        #expect(try target("Flat", in: reading).files == ["Flat/Flat.swift"])
        #expect(try target("Shared", in: reading).line == 2)
    }

    /// A module spec includes a shared fragment one folder up with `relativePaths: false`, and that fragment includes
    /// the repository's templates with `relativePaths: false` too: XcodeGen (2.33 and later) looks for the nested one
    /// from the module spec's folder, not from the fragment's, and the fragment's paths start from the module's folder.
    @Test func aNestedIncludeWithoutRelativePathsStartsFromTheMainSpecsFolder() throws {
        let reading = try read([
            "/repo/Modules/Feed/project.yml": """
                name: Feed
                include:
                  - path: ../module.yml
                    relativePaths: false
                targets:
                  Feed:
                    templates: [Module]
                """,
            "/repo/Modules/module.yml": """
                include:
                  - path: ../../templates.yml
                    relativePaths: false
                targetTemplates:
                  Module:
                    templates: [Framework]
                    sources: [Sources]
                """,
            "/repo/templates.yml": """
                targetTemplates:
                  Framework:
                    type: framework
                    platform: iOS
                """,
            "/repo/Modules/Feed/Sources/Feed.swift": "",
        ], spec: "/repo/Modules/Feed/project.yml")
        #expect(reading.files == ["/repo/Modules/Feed/project.yml", "/repo/Modules/module.yml", "/repo/templates.yml"])
        let feed = try target("Feed", in: reading)
        #expect(feed.kind == .framework && feed.files == ["Sources/Feed.swift"])
    }

    /// The same chain written for XcodeGen before 2.33, which looked for a nested include from the folder of the file
    /// that writes it: where only that reading finds the file, the spec is read that way rather than declared unloadable.
    @Test func aNestedIncludeOnlyEarlierXcodeGenFindsIsReadAsItFindsIt() throws {
        let reading = try read([
            "/repo/Modules/Feed/project.yml": """
                name: Feed
                include:
                  - path: ../module.yml
                    relativePaths: false
                targets:
                  Feed:
                    templates: [Module]
                    sources: [Sources]
                """,
            "/repo/Modules/module.yml": """
                include:
                  - path: ../templates.yml
                    relativePaths: false
                targetTemplates:
                  Module:
                    templates: [Framework]
                """,
            "/repo/templates.yml": "targetTemplates:\n  Framework:\n    type: framework\n    platform: iOS\n",
            "/repo/Modules/Feed/Sources/Feed.swift": "",
        ], spec: "/repo/Modules/Feed/project.yml")
        #expect(reading.files == ["/repo/Modules/Feed/project.yml", "/repo/Modules/module.yml", "/repo/templates.yml"])
        #expect(try target("Feed", in: reading).kind == .framework)
    }

    @Test func templatesAndPlatformsMakeTargetsAsXcodeGenDoes() throws {
        let reading = try read([
            "/repo/project.yml": """
                name: Kits
                targetTemplates:
                  Base:
                    platform: iOS
                    sources:
                      - ${target_name}/Sources
                  Module:
                    templates: [Base]
                    type: framework
                    dependencies:
                      - target: ${logger}
                targets:
                  Logging:
                    type: framework
                    platform: [iOS, macOS]
                    sources: [Logging]
                  Network:
                    templates: [Module]
                    templateAttributes:
                      logger: Logging_iOS
                    settings:
                      base:
                        PRODUCT_MODULE_NAME: Networking
                """,
            "/repo/Network/Sources/Client.swift": "", "/repo/Logging/Log.swift": "",
        ])
        #expect(reading.project.targets.map(\.name) == ["Logging_iOS", "Logging_macOS", "Network"])
        #expect(try target("Logging_macOS", in: reading).moduleName == "Logging")
        let network = try target("Network", in: reading)
        #expect(network.kind == .framework && network.files == ["Network/Sources/Client.swift"] && network.moduleName == "Networking")
        #expect(network.dependencies.map(\.destination) == [.target("Logging_iOS")])
    }

    @Test func otherProjectsAggregatesAndBuiltFrameworks() throws {
        let reading = try read([
            "/repo/App/project.yml": """
                name: App
                projectReferences:
                  Core:
                    path: ../Core/Core.xcodeproj
                aggregateTargets:
                  Everything:
                    targets: [App]
                targets:
                  App:
                    type: application
                    platform: iOS
                    sources:
                      - path: Optional
                        optional: true
                    dependencies:
                      - target: Core/CoreKit
                      - framework: Shared.framework
                        implicit: true
                      - framework: ../Vendor/Vendored.xcframework
                """,
        ], spec: "/repo/App/project.yml")
        #expect(reading.project.otherProjects == ["../Core/Core.xcodeproj"])
        let app = try target("App", in: reading)
        #expect(app.filesUnknown == nil)
        #expect(app.dependencies.map(\.destination) == [.otherProject(path: "../Core/Core.xcodeproj", target: "CoreKit"), .builtProduct("Shared.framework")])
        #expect(try target("Everything", in: reading).kind == .aggregate)
    }

    @Test func aMissingSourceThatIsNotOptionalLeavesTheFilesUnknown() throws {
        let reading = try read(["/repo/project.yml": "name: A\ntargets:\n  A:\n    type: framework\n    platform: iOS\n    sources: [Missing]\n"])
        #expect(try target("A", in: reading).filesUnknown?.contains("'Missing' is not there") == true)
    }

    @Test func configFilesNameTheModule() throws {
        let reading = try read([
            "/repo/project.yml": "name: A\ntargets:\n  A:\n    type: framework\n    platform: iOS\n    configFiles:\n      Debug: A.xcconfig\n",
            "/repo/A.xcconfig": "#include \"Base.xcconfig\"\nPRODUCT_NAME = $(TARGET_NAME)\n",
            "/repo/Base.xcconfig": "PRODUCT_MODULE_NAME = AKit // the module\n",
        ])
        #expect(try target("A", in: reading).moduleName == "AKit")
    }

    // MARK: - Bad input

    func error(_ files: [String: String]) -> String? {
        do {
            _ = try read(files)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func malformedYAMLIsAnErrorAtItsLine() throws {
        #expect(error(["/repo/project.yml": "name: A\ntargets: x: y\n"]) == "project.yml:2:11: error: invalid YAML: mapping values are not allowed in this context")
    }

    /// A spec xcodegen cannot load where it lies is used from elsewhere (a script copies it, or another spec includes it):
    /// not read, never blamed as broken.
    @Test func aMissingIncludeOrNoNameIsASpecUsedElsewhere() throws {
        #expect(error(["/repo/project.yml": "name: A\ninclude:\n  - Modules/missing.yml\n"])
            == "project.yml:3:5: error: the included file Modules/missing.yml does not exist; XcodeGen cannot load this spec")
        #expect(throws: SpecUsedElsewhere.self) { try read(["/repo/project.yml": "name: A\ninclude:\n  - Modules/missing.yml\n"]) }
        #expect(throws: SpecUsedElsewhere.self) { try read(["/repo/project.yml": "targets:\n  A:\n    type: framework\n    platform: iOS\n"]) }
    }

    @Test func anIncludeCycleIsAnErrorAtTheIncludeThatClosesIt() throws {
        #expect(error(["/repo/project.yml": "name: A\ninclude: [b.yml]\n", "/repo/b.yml": "include: [project.yml]\n"])
            == "b.yml:1:11: error: include cycle: project.yml → b.yml → project.yml; XcodeGen cannot load this spec")
    }

    @Test func aTargetWithoutATypeIsAnError() throws {
        #expect(throws: InputError.self) { try read(["/repo/project.yml": "name: A\ntargets:\n  A:\n    platform: iOS\n"]) }
        #expect(throws: SpecUsedElsewhere.self) { try read(["/repo/project.yml": "targets: {}\n"]) }
    }
}
