import Diagnostics
import Files
import Foundation
import PackageModel
import Testing
@testable import XcodeProjectReading

/// What Xcode 16 makes of synchronized folders, and the build settings a target takes from `.xcconfig` files: one
/// idiom each, on projects written here.
struct XcodeSynchronizedTests {
    /// A project whose App target owns the synchronized folder `App` and whose `Modules` folder no target owns; `Tests`
    /// is a unit-test bundle's folder.
    static func project(appSettings: String = "", testSettings: String = "", appBase: String = "", extraObjects: String = "",
                        appDependencies: String = "", exceptions: String = "") -> String {
        XcodeProjectReaderTests.projectFile("""
            \t\tT0000000000000000000000A /* App */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L0000000000000000000000A;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tdependencies = (
            \(appDependencies)
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\tY0000000000000000000000A /* App */,
            \t\t\t);
            \t\t\tname = App;
            \t\t\tpackageProductDependencies = (
            \t\t\t\tD0000000000000000000000A /* Feeds */,
            \t\t\t);
            \t\t\tproductReference = F00000000000000000000APP /* Reader.app */;
            \t\t\tproductType = "com.apple.product-type.application";
            \t\t};
            \t\tT0000000000000000000000B /* AppTests */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildConfigurationList = L0000000000000000000000B;
            \t\t\tbuildPhases = (
            \t\t\t);
            \t\t\tdependencies = (
            \t\t\t);
            \t\t\tfileSystemSynchronizedGroups = (
            \t\t\t\tY0000000000000000000000C /* Tests */,
            \t\t\t);
            \t\t\tname = AppTests;
            \t\t\tproductType = "com.apple.product-type.bundle.unit-test";
            \t\t};
            \t\tF00000000000000000000APP /* Reader.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; path = Reader.app; sourceTree = BUILT_PRODUCTS_DIR; };
            \t\tL0000000000000000000000A = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000000A, C0000000000000000000000R); };
            \t\tC0000000000000000000000A = {isa = XCBuildConfiguration; \(appBase) buildSettings = {\(appSettings)}; name = Debug; };
            \t\tC0000000000000000000000R = {isa = XCBuildConfiguration; buildSettings = {PRODUCT_MODULE_NAME = ReleaseOnly;}; name = Release; };
            \t\tL0000000000000000000000B = {isa = XCConfigurationList; buildConfigurations = (C0000000000000000000000B); };
            \t\tC0000000000000000000000B = {isa = XCBuildConfiguration; buildSettings = {\(testSettings)}; name = Debug; };
            \t\tG0000000000000000000000A = {isa = PBXGroup; children = (Y0000000000000000000000A, Y0000000000000000000000B, Y0000000000000000000000C); sourceTree = "<group>"; };
            \t\tY0000000000000000000000A /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; \(exceptions) explicitFolders = (Bundled, ); path = App; sourceTree = "<group>"; };
            \t\tY0000000000000000000000B /* Modules */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Modules; sourceTree = "<group>"; };
            \t\tY0000000000000000000000C /* Tests */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Tests; sourceTree = "<group>"; };
            \t\tD0000000000000000000000A /* Feeds */ = {isa = XCSwiftPackageProductDependency; productName = Feeds; };
            \(extraObjects)
            """).replacingOccurrences(of: "T0000000000000000000000A /* App */,\n", with: "T0000000000000000000000A /* App */,\n\t\t\t\tT0000000000000000000000B,\n")
    }

    static let files = [
        "App/ReaderApp.swift", "App/Help.docc/Resources/Snippet.swift", "App/Media.xcassets/Icon.imageset/Contents.json",
        "App/Bundled/Template.swift", "App/Nested/Deeper/Row.swift", "App/Excluded/Old.swift",
        "Modules/Feeds/Package.swift", "Modules/Feeds/Sources/Feeds/Feeds.swift", "Modules/Group/Store/Package.swift",
        "Modules/Group/Store/Sources/Store/Store.swift", "Modules/README.md", "Tests/AppTests.swift",
        "Config/App.xcconfig", "Config/Base.xcconfig",
    ]

    func read(_ text: String, config: [String: String] = [:]) throws -> XcodeProject {
        var fileSystem = InMemoryFileSystem()
        fileSystem.write(text, to: "/repo/App.xcodeproj/project.pbxproj")
        for file in Self.files { fileSystem.write("import Foundation\n", to: "/repo/" + file) }
        for (file, text) in config { fileSystem.write(text, to: "/repo/" + file) }
        return try XcodeProjectReader().read(projectPath: "/repo/App.xcodeproj", fileSystem: fileSystem)
    }

    /// A package folder inside a synchronized folder is a local package of the project (its products linked by name), and
    /// its files are nobody's; a `.docc` catalog, an asset catalog and a folder marked as a folder reference compile nothing.
    @Test func packagesInsideSynchronizedFoldersAreLocalPackagesAndOpaqueFoldersCompileNothing() throws {
        let project = try read(Self.project())
        #expect(project.packages.map(\.location) == [.local("Modules/Feeds"), .local("Modules/Group/Store")])
        #expect(project.packages.map(\.line) == [57, 57])
        let app = try #require(project.targets.first)
        #expect(app.files == ["App/Excluded/Old.swift", "App/Nested/Deeper/Row.swift", "App/ReaderApp.swift"])
        #expect(app.dependencies == [XcodeDependency(.package(nil, product: "Feeds"), line: 31)])
        let manifest = XcodeManifest.manifest(of: project)
        #expect(manifest.dependencies.map(\.location) == ["Modules/Feeds", "Modules/Group/Store"])
        #expect(manifest.targets[0].dependencies.map(\.kind) == [.byName])
    }

    /// A membership exception may name a folder: nothing in it is the target's.
    @Test func anExceptionNamingAFolderLeavesOutItsFiles() throws {
        let exceptions = "exceptions = (E0000000000000000000000A, );"
        let set = "\t\tE0000000000000000000000A = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Excluded, Nested/Deeper/Row.swift, ); target = T0000000000000000000000A; };"
        let app = try #require(try read(Self.project(extraObjects: set, exceptions: exceptions)).targets.first)
        #expect(app.files == ["App/ReaderApp.swift"])
    }

    /// `PRODUCT_MODULE_NAME` set in an `.xcconfig` the Debug configuration is based on (which includes another), built
    /// from `PRODUCT_NAME`; the Release configuration is not read.
    @Test func theModuleNameComesFromTheXCConfigFile() throws {
        let base = "baseConfigurationReference = X0000000000000000000000A;"
        let reference = "\t\tX0000000000000000000000A = {isa = PBXFileReference; path = Config/App.xcconfig; sourceTree = \"<group>\"; };"
        let config = ["Config/App.xcconfig": "// The app\n#include \"Base.xcconfig\"\nPRODUCT_MODULE_NAME = $(PRODUCT_NAME:c99extidentifier)Kit // built\nOTHER[sdk=macosx*] = x\n",
                      "Config/Base.xcconfig": "PRODUCT_NAME = Reader-iOS;\n"]
        let project = try read(Self.project(appBase: base, extraObjects: reference), config: config)
        #expect(project.targets.first?.moduleName == "Reader_iOSKit")
        // A setting of the target itself wins over its file, and `$(inherited)` is the value below.
        let overridden = try read(Self.project(appSettings: "PRODUCT_NAME = \"$(inherited)Pro\";", appBase: base, extraObjects: reference), config: config)
        #expect(overridden.targets.first?.moduleName == "Reader_iOSProKit")
    }

    /// Xcode 16 bases a configuration on an `.xcconfig` inside a synchronized folder by the folder and a relative path.
    @Test func anXCConfigInASynchronizedFolderIsReadThroughItsAnchor() throws {
        let base = "baseConfigurationReferenceAnchor = Y0000000000000000000000D; baseConfigurationReferenceRelativePath = App.xcconfig;"
        let group = "\t\tY0000000000000000000000D /* Config */ = {isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = \"<group>\"; };"
        let project = try read(Self.project(appBase: base, extraObjects: group), config: ["Config/App.xcconfig": "PRODUCT_MODULE_NAME = ReaderKit\n"])
        #expect(project.targets.first?.moduleName == "ReaderKit")
    }

    /// A unit-test bundle's `TEST_HOST` names the application it runs in, by the file that application builds.
    @Test func aHostedTestBundleKnowsItsHost() throws {
        let hosted = try read(Self.project(testSettings: "TEST_HOST = \"$(BUILT_PRODUCTS_DIR)/Reader.app/$(BUNDLE_EXECUTABLE_FOLDER_PATH)/Reader\";"))
        #expect(hosted.targets.map(\.host) == [nil, "App"])
        #expect(XcodeManifest.manifest(of: hosted).targets.map(\.host) == [nil, "App"])
        let unhosted = try read(Self.project(testSettings: "TEST_HOST = \"\";"))
        #expect(unhosted.targets.map(\.host) == [nil, nil])
    }

    /// A target dependency naming nothing (no target, proxy or product) is a note; so is one naming a target of the
    /// project that nothing defines any more (by its `target` id, or by its proxy's `remoteGlobalIDString`): Xcode builds
    /// past both. A proxy into another project stays a dependency, resolved there.
    @Test func anEmptyOrDeletedTargetDependencyIsANote() throws {
        let dependencies = ["A", "B", "C"].map { "\t\t\t\tZ000000000000000000000\($0)0 /* PBXTargetDependency */," }.joined(separator: "\n")
        let objects = """
        \t\tZ000000000000000000000A0 = {isa = PBXTargetDependency; };
        \t\tZ000000000000000000000B0 = {isa = PBXTargetDependency; target = T00000000000000000000GONE; };
        \t\tZ000000000000000000000C0 = {isa = PBXTargetDependency; targetProxy = P00000000000000000000001; };
        \t\tP00000000000000000000001 = {isa = PBXContainerItemProxy; containerPortal = P0000000000000000000000A; proxyType = 1; remoteGlobalIDString = T0000000000000000000GONE2; remoteInfo = AppShared; };
        """
        let project = try read(Self.project(extraObjects: objects, appDependencies: dependencies))
        let app = try #require(project.targets.first)
        #expect(app.dependencies.map(\.destination) == [.package(nil, product: "Feeds")])
        #expect(project.notes.map(\.message) == [
            "target App lists a target dependency (Z000000000000000000000A0) that names no target, proxy or product; Xcode builds past it, so it is left out",
            "target App lists a target dependency (Z000000000000000000000B0) on object T00000000000000000000GONE, a target the project no longer defines; Xcode builds past it, so it is left out",
            "target App lists a target dependency (Z000000000000000000000C0) on AppShared, a target the project no longer defines; Xcode builds past it, so it is left out",
        ])
        #expect(project.notes.first?.location?.line == 24)
    }

    /// A package folder added to a project as a file reference, whatever type Xcode guessed for it (`text`).
    @Test func aPackageFolderReferenceOfAnyTypeIsALocalPackage() throws {
        let reference = "\t\tX0000000000000000000000B /* Feeds */ = {isa = PBXFileReference; lastKnownFileType = text; name = Feeds; path = Modules/Feeds; sourceTree = SOURCE_ROOT; };"
        let project = try read(Self.project(extraObjects: reference))
        #expect(project.packages.map(\.location).contains(.local("Modules/Feeds")))
        #expect(project.packages.first { $0.location == .local("Modules/Feeds") }?.line == 60)
    }

    @Test func buildSettingsExpandWhatTheyKnowAndKeepTheRest() {
        let settings = BuildSettings(levels: [["A": "base", "B": "$(A)-b"], ["A": "$(inherited) top", "C": "${TARGET_NAME}/$(UNKNOWN)", "D": "$(D)"]],
                                     targetName: "App", projectName: "Reader")
        #expect(settings.value("A") == "base top")
        #expect(settings.value("B") == "base top-b")
        #expect(settings.value("C") == "App/$(UNKNOWN)")
        #expect(settings.value("D")?.contains("$") == true)
        #expect(settings.value("E") == nil)
        #expect(BuildSettings.identifier("my-app 2") == "my_app_2")
    }
}
