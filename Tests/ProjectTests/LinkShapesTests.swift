import Diagnostics
import Foundation
import PackageModel
import Project
import Rules
import TestSupport
import XCTest

/// Shapes of the third held-out set where what a target links or generates is used without an import in its files:
/// static libraries an application links for their `+load` registration or for another library's symbols, a target
/// whose build-tool plugin generates code, a target's own private module map, a single-target package whose files
/// are directly in `Sources/`.
final class LinkShapesTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-links" }

    private func unused() throws -> [String] {
        try check().result.findings.filter { $0.rule == .unusedDependency }
            .map { "\($0.location.description.replacingOccurrences(of: root, with: "ROOT")): \($0.message)" }
    }

    /// A project whose application `Demo` depends on static-library targets of the same project (target dependencies and
    /// a Frameworks phase, as Xcode writes them), each compiling `<Name>/<Name>.m`; `appSettings` are the application's
    /// build settings; with `frameworks`, the libraries are framework targets, each with its `librarySettings`.
    static func staticLibraryProject(_ libraries: [String], appSettings: String, frameworks: Bool = false, librarySettings: [String: String] = [:]) -> String {
        var objects: [String] = []
        let all = ["Demo"] + libraries
        for (index, name) in all.enumerated() {
            let file = String(format: "F%023d", index), build = String(format: "B%023d", index), sources = String(format: "S%023d", index)
            let list = String(format: "L%023d", index), configuration = String(format: "C%023d", index), product = String(format: "P%023d", index)
            let isApp = index == 0
            objects.append("\t\t\(file) = {isa = PBXFileReference; path = \(name)/\(name).m; sourceTree = SOURCE_ROOT; };")
            objects.append("\t\t\(build) = {isa = PBXBuildFile; fileRef = \(file); };")
            objects.append("\t\t\(sources) = {isa = PBXSourcesBuildPhase; files = (\(build)); };")
            objects.append("\t\t\(list) = {isa = XCConfigurationList; buildConfigurations = (\(configuration)); };")
            objects.append("\t\t\(configuration) = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; \(isApp ? appSettings : librarySettings[name] ?? "")}; name = Debug; };")
            objects.append("\t\t\(product) = {isa = PBXFileReference; explicitFileType = \(isApp ? "wrapper.application" : frameworks ? "wrapper.framework" : "archive.ar"); path = \(isApp ? "Demo.app" : frameworks ? "\(name).framework" : "lib\(name).a"); sourceTree = BUILT_PRODUCTS_DIR; };")
            var phases = [sources], dependencies: [String] = []
            if isApp {
                let frameworks = "Q0000000000000000000000A"
                var linked: [String] = []
                for library in 1..<all.count {
                    let dependency = String(format: "D%023d", library), linkedFile = String(format: "E%023d", library)
                    objects.append("\t\t\(dependency) = {isa = PBXTargetDependency; target = \(String(format: "T%023d", library)); };")
                    objects.append("\t\t\(linkedFile) = {isa = PBXBuildFile; fileRef = \(String(format: "P%023d", library)); };")
                    dependencies.append(dependency)
                    linked.append(linkedFile)
                }
                objects.append("\t\t\(frameworks) = {isa = PBXFrameworksBuildPhase; files = (\(linked.joined(separator: ", "))); };")
                phases.append(frameworks)
            }
            objects.append("""
                \t\t\(String(format: "T%023d", index)) = {
                \t\t\tisa = PBXNativeTarget;
                \t\t\tbuildConfigurationList = \(list);
                \t\t\tbuildPhases = (\(phases.joined(separator: ", ")));
                \t\t\tdependencies = (\(dependencies.map { "\n\t\t\t\t\($0)," }.joined())
                \t\t\t);
                \t\t\tname = \(name);
                \t\t\tproductReference = \(product);
                \t\t\tproductType = "com.apple.product-type.\(isApp ? "application" : frameworks ? "framework" : "library.static")";
                \t\t};
                """)
        }
        let targetIDs = all.indices.map { String(format: "T%023d", $0) }.joined(separator: ", ")
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tX0000000000000000000000A = {isa = PBXProject; mainGroup = G0000000000000000000000A; projectDirPath = ""; targets = (\(targetIDs)); };
            \t\tG0000000000000000000000A = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \(objects.joined(separator: "\n"))
            \t};
            \trootObject = X0000000000000000000000A;
            }

            """
    }

    /// An application linking static libraries it never imports: `Home` registers itself in `+ (void)load` (a
    /// mediator's modules do), `Loader` runs a `__attribute__((constructor))`, `Base` is what `Spare` imports and `Core`
    /// what `Loader` includes a header of by quotes (the application is the final link for the libraries' symbols: a
    /// static library links none of its own): all used. `Spare` does none of that and is unused, unless the application
    /// links with `-ObjC` (every object file of its static libraries is loaded, `+load` or not).
    func testStaticLibrariesLinkedForLoadTimeRegistrationAreUsed() throws {
        try write("#import <Foundation/Foundation.h>\nint main(void) { return 0; }\n", to: "Demo/Demo.m")
        try write("#import <Foundation/Foundation.h>\n@implementation HomeModule\n+ (void)load {\n    Register(self);\n}\n@end\n", to: "Home/Home.m")
        try write("#import <Foundation/Foundation.h>\nvoid BaseHelper(void) {}\n", to: "Base/Base.m")
        try write("#import \"Core.h\"\nvoid CoreHelper(void) {}\n", to: "Core/Core.m")
        try write("void CoreHelper(void);\n", to: "Core/Core.h")
        try write("#import \"Core.h\"\n__attribute__((constructor)) static void setUp(void) { CoreHelper(); }\n", to: "Loader/Loader.m")
        try write("#import <Base/Base.h>\n// + (void)loadAll is not +load\n@implementation Spare\n+ (void)loadAll {}\n@end\n", to: "Spare/Spare.m")
        try write(Self.staticLibraryProject(["Home", "Base", "Core", "Loader", "Spare"], appSettings: ""), to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try unused().map { $0.components(separatedBy: ": ").last ?? "" },
                       ["Demo (app) depends on Spare, which none of its files imports"])
        try write(Self.staticLibraryProject(["Home", "Base", "Core", "Loader", "Spare"], appSettings: "OTHER_LDFLAGS = (\"$(inherited)\", \"-ObjC\");"),
                  to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try unused(), [])
    }

    /// An application linking framework `Theme` it never imports, and framework `Login`, which imports `Theme`: a dynamic
    /// `Login` links `Theme` itself, so the application's link is unused; built static (`MACH_O_TYPE = staticlib`), it
    /// carries none of its dependencies and the application links `Theme` for it.
    func testAFrameworkAStaticFrameworkItLinksImportsIsUsed() throws {
        try write("#import <Login/Login.h>\nint main(void) { return 0; }\n", to: "Demo/Demo.m")
        try write("#import <Theme/Theme.h>\nvoid LoginStart(void) {}\n", to: "Login/Login.m")
        try write("void ThemeApply(void) {}\n", to: "Theme/Theme.m")
        try write(Self.staticLibraryProject(["Login", "Theme"], appSettings: "", frameworks: true), to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try unused().map { $0.components(separatedBy: ": ").last ?? "" }, ["Demo (app) depends on Theme, which none of its files imports"])
        try write(Self.staticLibraryProject(["Login", "Theme"], appSettings: "", frameworks: true, librarySettings: ["Login": "MACH_O_TYPE = staticlib;"]),
                  to: "App.xcodeproj/project.pbxproj")
        XCTAssertEqual(try unused(), [])
    }

    /// A target applying a build-tool plugin that may generate code (a local `Codegen` plugin, an outside code
    /// generator) compiles files componentize cannot see, which may import what it declares: its dependencies are never
    /// called unused. A target applying only a plugin known to lint (SwiftLint's) is judged as any other.
    func testATargetWhoseBuildToolPluginGeneratesCodeHasNoUnusedDependency() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Strings",
                dependencies: [.package(url: "https://github.com/realm/SwiftLint", from: "0.55.0")],
                targets: [
                    .target(name: "Models"),
                    .target(name: "Generated", dependencies: ["Models"], plugins: ["Codegen"]),
                    .target(name: "Linted", dependencies: ["Models"], plugins: [.plugin(name: "SwiftLintBuildToolPlugin", package: "SwiftLint")]),
                    .executableTarget(name: "CodegenTool"),
                    .plugin(name: "Codegen", capability: .buildTool(), dependencies: ["CodegenTool"]),
                ]
            )

            """, to: "Strings/Package.swift")
        try write("public struct Model {}\n", to: "Strings/Sources/Models/Model.swift")
        try write("// The plug-in writes the code.\n", to: "Strings/Sources/Generated/Empty.swift")
        try write("import Foundation\n", to: "Strings/Sources/Linted/Linted.swift")
        try write("print(\"import Models\")\n", to: "Strings/Sources/CodegenTool/main.swift")
        try write("import PackagePlugin\n", to: "Strings/Plugins/Codegen/Plugin.swift")
        XCTAssertEqual(try unused(), ["ROOT/Strings/Package.swift:10:48: Linted declares a dependency on Models, which none of its files imports"])
    }

    /// From tools version 5.9 a package's only target may keep its files directly in `Sources/`: they are read (its
    /// unused dependency is found), not a "no folder" note. Before 5.9 SwiftPM wants `Sources/<name>`: the note stays.
    func testTheOnlyTargetOfAPackageMayHaveItsFilesDirectlyInSources() throws {
        try write("// swift-tools-version:5.9\nimport PackageDescription\n\nlet package = Package(name: \"Entities\", products: [.library(name: \"Entities\", targets: [\"Entities\"])], targets: [.target(name: \"Entities\")])\n",
                  to: "Entities/Package.swift")
        try write("public struct Entity {}\n", to: "Entities/Sources/Entities/Entity.swift")
        func toolkit(_ version: String) -> String {
            """
            // swift-tools-version:\(version)
            import PackageDescription

            let package = Package(
                name: "TestingToolkit",
                products: [.library(name: "TestingToolkit", targets: ["TestingToolkit"])],
                dependencies: [.package(path: "../Entities")],
                targets: [.target(name: "TestingToolkit", dependencies: [.product(name: "Entities", package: "Entities")])]
            )

            """
        }
        try write(toolkit("5.9"), to: "TestingToolkit/Package.swift")
        // Code of its own (an empty file would make the target a wrapper carrying Entities, never unused).
        try write("import Foundation\n\npublic struct MockEntity {}\n", to: "TestingToolkit/Sources/Mocks.swift")
        var check = try check()
        XCTAssertEqual(try unused(), ["ROOT/TestingToolkit/Package.swift:8:62: TestingToolkit declares a dependency on Entities from Entities, which none of its files imports"])
        XCTAssertFalse(check.notes.contains { $0.message.contains("no folder") })
        try write(toolkit("5.8"), to: "TestingToolkit/Package.swift")
        check = try self.check()
        XCTAssertEqual(try unused(), [])
        XCTAssertTrue(check.notes.contains { $0.message.contains("no folder") })
    }

    /// A framework's own module map (`MODULEMAP_PRIVATE_FILE`, `MODULEMAP_FILE`) declares a module its Swift files
    /// import (`RuntimeProxy`, over the C library it links): the target's own module, not one an unread package might
    /// provide (the package `kit`, not checked out), so never undecided.
    func testAModuleOfATargetsOwnModuleMapIsItsOwn() throws {
        try write("import Kit\nimport RuntimeProxy\n", to: "Runtime/Runtime.swift")
        try write("framework module RuntimeProxy {\n    header \"runtime.h\"\n    link \"runtime\"\n    export *\n}\n", to: "Runtime/module.private.modulemap")
        let runtime = HeldOutShapesTests.XcodeTargetShape(name: "Runtime", settings: "SDKROOT = iphoneos; MODULEMAP_PRIVATE_FILE = $PROJECT_DIR/Runtime/module.private.modulemap;",
                                                          files: ["Runtime/Runtime.swift"], linksKit: true)
        let remote = "XCRemoteSwiftPackageReference; repositoryURL = \"https://github.com/example/kit.git\"; requirement = {kind = upToNextMajorVersion; minimumVersion = 1.0.0; };"
        try write(HeldOutShapesTests.project([runtime]).replacingOccurrences(of: "XCLocalSwiftPackageReference; relativePath = Kit;", with: remote),
                  to: "App.xcodeproj/project.pbxproj")
        let check = try check()
        XCTAssertEqual(check.result.undecided.imports.map { "\($0.from.id.name) \($0.module)" }, [])
        XCTAssertEqual(check.result.findings.map(\.rule), [])
    }
}
