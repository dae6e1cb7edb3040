import Configuration
import DependencyGraph
import Diagnostics
import Foundation
import ManifestReading
import PackageModel
import Project
import Rules
import TestSupport
import XCTest

/// Whole repositories: one package of many targets, many packages, and the bad input a repository can hold.
final class RepositoryCheckTests: XCTestCase {
    private var scratch: ScratchRepository!
    private var root: String { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchRepository(named: "componentize-repo")
        // Layers chosen, as a team's repository has them: without componentize.yml no layering rule runs.
        try write("preset: four-layer\n", to: "componentize.yml")
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func write(_ text: String, to relative: String) throws {
        try scratch.write(text, to: relative)
    }

    private func check() throws -> CheckResult {
        try checkWithNotes().result
    }

    private func checkWithNotes() throws -> ProjectCheck {
        try Project.open(at: root, reader: ManifestReader(strategy: .static)).check(today: Day(year: 2026, month: 6, day: 1))
    }

    private func described(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.location.description.replacingOccurrences(of: root, with: "ROOT")): \($0.rule): \($0.message)" }
    }

    private func inputError(file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try check()
            XCTFail("expected an input error", file: file, line: line)
        } catch let error as InputError {
            return error.description.replacingOccurrences(of: root, with: "ROOT")
        } catch {
            XCTFail("expected an input error, got \(error)", file: file, line: line)
        }
        return nil
    }

    /// `#include <dir/header.h>` may reach a folder on the header search paths rather than module `dir`: it is no
    /// implicit dependency, yet a use of `dir` where the target declares it; `#import <dir/header.h>` stays an import.
    func testACIncludeIsAUseOfADeclaredModuleAndNeverAnImplicitDependency() throws {
        try write(RuleExample.package("Codecs", targets: [("NXKit", []), ("Player", ["\"NXKit\""]), ("Decoder", []), ("Viewer", [])]),
                  to: "Codecs/Package.swift")
        try write("#include \"NXKit.h\"\nint nx_version(void) { return 1; }\n", to: "Codecs/Sources/NXKit/NXKit.m")
        try write("int nx_version(void);\n", to: "Codecs/Sources/NXKit/include/NXKit/NXKit.h")
        try write("#include <NXKit/NXKit.h>\nint play(void) { return nx_version(); }\n", to: "Codecs/Sources/Player/Player.m")
        try write("#include <NXKit/NXKit.h>\nint decode(void) { return 0; }\n", to: "Codecs/Sources/Decoder/Decoder.m")
        try write("#import <NXKit/NXKit.h>\nint view(void) { return 0; }\n", to: "Codecs/Sources/Viewer/Viewer.m")
        let findings = try check().findings.filter { [.implicitDependency, .unusedDependency].contains($0.rule) }
        XCTAssertEqual(described(findings), ["ROOT/Codecs/Sources/Viewer/Viewer.m:1:1: implicit-dependency: Viewer (no layer) imports NXKit (kit), which its manifest does not declare"])
    }

    /// A target that uses dependencies only through members of their extensions and key paths (`@Dependency(\.apiClient)`,
    /// `.build.number`) gets `missing-import` for each, not `unused-dependency`; a dependency it truly does not use beside
    /// them stays `unused-dependency`.
    func testADependencyUsedThroughItsExtensionsIsAMissingImportAndATrulyUnusedOneStaysUnused() throws {
        try FileManager.default.removeItem(atPath: root + "/componentize.yml")
        try write(RuleExample.package("Dependencies"), to: "Dependencies/Package.swift")
        try write("public struct DependencyValues {}\n@propertyWrapper public struct Dependency<Value> {\n    public init(_ keyPath: KeyPath<DependencyValues, Value>) {}\n    public var wrappedValue: Value { fatalError() }\n}\n",
                  to: "Dependencies/Sources/Dependencies/Dependencies.swift")
        for client in ["ApiClient", "Build", "DeviceId"] {
            try write(RuleExample.package(client, targets: [(client, [".product(name: \"Dependencies\", package: \"Dependencies\")"])],
                                          packages: [".package(path: \"../Dependencies\")"]), to: "\(client)/Package.swift")
        }
        try write("import Dependencies\npublic struct ApiClient {}\nextension DependencyValues {\n    public var apiClient: ApiClient { ApiClient() }\n}\n",
                  to: "ApiClient/Sources/ApiClient/ApiClient.swift")
        try write("import Dependencies\npublic struct Build { public var number: Int }\nextension DependencyValues {\n    public var build: Build { Build(number: 1) }\n}\n",
                  to: "Build/Sources/Build/Build.swift")
        try write("public enum DeviceId { public static var identifier: String { \"\" } }\n", to: "DeviceId/Sources/DeviceId/DeviceId.swift")
        try write(RuleExample.package("AppFeature", targets: [("AppFeature", ["ApiClient", "Build", "DeviceId", "Dependencies"].map {
            ".product(name: \"\($0)\", package: \"\($0)\")"
        })], packages: ["ApiClient", "Build", "DeviceId", "Dependencies"].map { ".package(path: \"../\($0)\")" }), to: "AppFeature/Package.swift")
        try write("import Dependencies\n\nstruct AppDelegate {\n    @Dependency(\\.apiClient) var apiClient\n    var number: Int { DependencyValues().build.number }\n}\n",
                  to: "AppFeature/Sources/AppFeature/AppDelegate.swift")
        let findings = try check().findings.filter { [.missingImport, .unusedDependency].contains($0.rule) && $0.key.from == "AppFeature" }
        XCTAssertEqual(described(findings), [
            "ROOT/AppFeature/Package.swift:14:146: unused-dependency: AppFeature declares a dependency on DeviceId from DeviceId, which none of its files imports",
            "ROOT/AppFeature/Sources/AppFeature/AppDelegate.swift:4:19: missing-import: AppFeature uses `apiClient` from ApiClient without importing it",
            "ROOT/AppFeature/Sources/AppFeature/AppDelegate.swift:5:42: missing-import: AppFeature uses `build` from Build without importing it",
        ])
    }

    /// A key path of `@Dependency(…)` names a member of `DependencyValues` even when the toolchain declares the name on
    /// types of its own (`numberFormatter`: Foundation's MeasurementFormatter has one) and the target declares a
    /// `numberFormatter` of its own: the dependency is used (`missing-import`), never unused. The other side: a target
    /// that only uses the toolchain's `numberFormatter` (on a value, or on `\MeasurementFormatter.numberFormatter`) does
    /// not use the dependency, which stays `unused-dependency`.
    func testAKeyPathToAMemberTheToolchainAlsoNamesIsAUseOnlyOnATypeTheToolchainDoesNotDeclare() throws {
        try FileManager.default.removeItem(atPath: root + "/componentize.yml")
        try write(RuleExample.package("Dependencies"), to: "Dependencies/Package.swift")
        try write("public struct DependencyValues {}\n@propertyWrapper public struct Dependency<Value> {\n    public init(_ keyPath: KeyPath<DependencyValues, Value>) {}\n    public var wrappedValue: Value { fatalError() }\n}\n",
                  to: "Dependencies/Sources/Dependencies/Dependencies.swift")
        try write(RuleExample.package("NumberFormatting", targets: [("NumberFormatting", [".product(name: \"Dependencies\", package: \"Dependencies\")"])],
                                      packages: [".package(path: \"../Dependencies\")"]), to: "NumberFormatting/Package.swift")
        try write("import Dependencies\npublic struct NumberFormatterClient {}\nextension DependencyValues {\n    public var numberFormatter: NumberFormatterClient { NumberFormatterClient() }\n}\n",
                  to: "NumberFormatting/Sources/NumberFormatting/Interface.swift")
        for feature in ["Root", "Settings"] {
            try write(RuleExample.package(feature, targets: [(feature, ["NumberFormatting", "Dependencies"].map { ".product(name: \"\($0)\", package: \"\($0)\")" })],
                                          packages: ["NumberFormatting", "Dependencies"].map { ".package(path: \"../\($0)\")" }), to: "\(feature)/Package.swift")
        }
        try write("import Dependencies\n\nstruct Root {\n    @Dependency(\\.numberFormatter) var numberFormatter\n}\n", to: "Root/Sources/Root/RootStore.swift")
        try write("import Foundation\n\nfunc digits(_ text: String) -> Bool {\n    let numberFormatter = NumberFormatter()\n    return numberFormatter.number(from: text) != nil\n}\n",
                  to: "Root/Sources/Root/Digits.swift")
        try write("import Foundation\nimport Dependencies\n\nlet formatter = MeasurementFormatter()\nlet digits = formatter.numberFormatter.maximumFractionDigits\nlet path = \\MeasurementFormatter.numberFormatter\n",
                  to: "Settings/Sources/Settings/Settings.swift")
        let findings = try check().findings.filter { [.missingImport, .unusedDependency].contains($0.rule) }
        XCTAssertEqual(described(findings), [
            "ROOT/Root/Sources/Root/RootStore.swift:4:19: missing-import: Root uses `numberFormatter` from NumberFormatting without importing it",
            "ROOT/Settings/Package.swift:12:50: unused-dependency: Settings declares a dependency on NumberFormatting from NumberFormatting, which none of its files imports",
        ])
    }

    func testOnePackageWithSixtyTargets() throws {
        var targets: [String] = []
        for index in 0..<20 {
            targets.append(".target(name: \"Feature\(index)Kit\")")
            targets.append(".target(name: \"Feature\(index)Service\", dependencies: [\"Feature\(index)Kit\"])")
            targets.append(".target(name: \"Component\(index)\", dependencies: [\"Feature\(index)Service\", \"Feature\(index)Kit\"\(index == 7 ? ", \"Component3\"" : "")\(index == 11 ? ", .product(name: \"Logging\", package: \"swift-log\")" : "")])")
        }
        targets.append(".target(name: \"App\", dependencies: [\(((0..<20).map { "\"Component\($0)\"" }).joined(separator: ", "))])")
        targets.append(".testTarget(name: \"Component5Tests\", dependencies: [\"Component5\", \"App\"])")
        try write("""
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(
                name: "Monolith",
                dependencies: [.package(url: "https://github.com/apple/swift-log.git", from: "1.5.0")],
                targets: [
                    \(targets.joined(separator: ",\n        "))
                ]
            )
            """, to: "Package.swift")
        let result = try check()
        XCTAssertEqual(result.targetCount, 62)
        XCTAssertEqual(result.findings.map { "\($0.rule) \($0.key)" }, [
            "horizontal horizontal:Component7->Component3",
            "third-party third-party:Component11->swift-log",
            "upward upward:Component5Tests->App",
        ])
    }

    func testManyPackagesWithPathDependencies() throws {
        let layers = [("Kit", "NXKit", [String]()), ("Common", "NXService", ["NXKit"]), ("Common", "NXUI", ["NXKit"]),
                      ("Account", "EMAccount", ["NXKit", "NXService"]), ("Business", "ComponentImage", ["NXUI", "EMAccount"]),
                      ("Business", "ComponentVideo", ["NXUI", "ComponentImage"])]
        let folders = Dictionary(uniqueKeysWithValues: layers.map { ($0.1, "\($0.0)/\($0.1)") })
        for (folder, name, dependencies) in layers {
            try write(RuleExample.package(name, targets: [(name, dependencies.map { ".product(name: \"\($0)\", package: \"\($0)\")" })],
                                          packages: dependencies.map { ".package(path: \"../../\(folders[$0]!)\")" }),
                      to: "\(folder)/\(name)/Package.swift")
        }
        try write(RuleExample.package("App", targets: [("App", ["\"NXKit\""])], packages: [".package(path: \"../Shared/NXKit\")"]),
                  to: "App/Package.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/Shared", withDestinationPath: root + "/Kit")
        let result = try check()
        XCTAssertEqual(result.packageCount, 7)
        XCTAssertEqual(result.findings.map(\.key.description), ["horizontal:ComponentVideo->ComponentImage"])
        XCTAssertEqual(result.findings.first?.location.description,
                       root + "/Business/ComponentVideo/Package.swift:12:97")
    }

    func testPackageOutsideTheRootReferencedByPath() throws {
        let outside = root + "-outside"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: outside + "/ComponentShared", withIntermediateDirectories: true)
        try RuleExample.package("ComponentShared").write(toFile: outside + "/ComponentShared/Package.swift", atomically: true, encoding: .utf8)
        let name = (root as NSString).lastPathComponent
        try write(RuleExample.package("ComponentVideo", targets: [("ComponentVideo", [".product(name: \"ComponentShared\", package: \"ComponentShared\")"])],
                                      packages: [".package(path: \"../../\(name)-outside/ComponentShared\")"]), to: "Video/Package.swift")
        let result = try check()
        XCTAssertEqual(result.packageCount, 2)
        XCTAssertEqual(result.findings.map(\.key.description), ["horizontal:ComponentVideo->ComponentShared"])
    }

    func testAVersionSpecificManifestIsReadWhereSwiftPMReadsIt() throws {
        // Inside the root (the walk's listing names the files) and outside it (the folder is listed when reached):
        // each has a `Package@swift-6.0.swift` with a newer tools version, which SwiftPM 6.3 reads instead.
        let outside = root + "-outside"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let name = (root as NSString).lastPathComponent
        let image = RuleExample.package("ComponentImage")
        try write(image, to: "Image/Package.swift")
        try write(RuleExample.package("ComponentImage", tools: "6.0"), to: "Image/Package@swift-6.0.swift")
        try FileManager.default.createDirectory(atPath: outside + "/Shared", withIntermediateDirectories: true)
        try RuleExample.package("ComponentShared").write(toFile: outside + "/Shared/Package.swift", atomically: true, encoding: .utf8)
        try RuleExample.package("ComponentShared", targets: [("ComponentShared", [".product(name: \"ComponentImage\", package: \"Image\")"])],
                                packages: [".package(path: \"../../\(name)/Image\")"], tools: "6.0")
            .write(toFile: outside + "/Shared/Package@swift-6.0.swift", atomically: true, encoding: .utf8)
        try write(RuleExample.package("ComponentVideo", targets: [("ComponentVideo", [])],
                                      packages: [".package(path: \"../../\(name)-outside/Shared\")"]), to: "Video/Package.swift")
        try write(RuleExample.package("ComponentVideo", targets: [("ComponentVideo", [".product(name: \"ComponentImage\", package: \"Image\")"])],
                                      packages: [".package(path: \"../Image\")", ".package(path: \"../../\(name)-outside/Shared\")"], tools: "6.0"),
                  to: "Video/Package@swift-6.0.swift")
        let project = try Project.open(at: root, reader: ManifestReader(strategy: .static))
        XCTAssertEqual(project.workspace.packages.map { ($0.manifestPath as NSString).lastPathComponent }.sorted(),
                       ["Package@swift-6.0.swift", "Package@swift-6.0.swift", "Package@swift-6.0.swift"])
        XCTAssertEqual(described(try check().findings).map { $0.replacingOccurrences(of: name, with: "NAME") }.sorted(), [
            "ROOT-outside/Shared/Package@swift-6.0.swift:11:57: horizontal: ComponentShared (business) depends on ComponentImage (business)",
            "ROOT/Video/Package@swift-6.0.swift:12:56: horizontal: ComponentVideo (business) depends on ComponentImage (business)",
        ])
    }

    func testPathDependencyToAMissingFolderIsAFindingAndTheRestIsChecked() throws {
        try write(RuleExample.package("App", targets: [("App", [".product(name: \"Missing\", package: \"Missing\")"])],
                                      packages: [".package(path: \"../Missing\")"]), to: "App/Package.swift")
        try write(RuleExample.package("NXKit", targets: [("NXKit", ["\"ComponentVideo\""]), ("ComponentVideo", [])]), to: "Kit/Package.swift")
        XCTAssertEqual(described(try check().findings), [
            "ROOT/App/Package.swift:8:9: unresolved: App depends on the package at '../Missing', which does not exist",
            "ROOT/Kit/Package.swift:11:47: upward: NXKit (kit) depends on ComponentVideo (business)",
        ], "the product of the missing package is not checked further (no third-party, no second unresolved)")
    }

    func testAMisspeltPathSuggestsTheFolderBesideItThatHasTheManifest() throws {
        try write(RuleExample.package("App", targets: [("App", [".product(name: \"NXKit\", package: \"NXKit\")"])],
                                      packages: [".package(path: \"../Kit/NXKti\")"]), to: "App/Package.swift")
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("not a package\n", to: "Kit/NXKat/README.md")
        let findings = try check().findings
        XCTAssertEqual(findings.map(\.fix), [
            "did you mean '../Kit/NXKit' (it has Package.swift)? Else fix the path, or check out the package there (a submodule or sibling repository?)",
        ], "NXKat is as near but has no manifest")
    }

    /// A misspelt argument label is never read as a target without dependencies (which would make every import of it
    /// an implicit dependency, and `fix` add a second `dependencies:`): it is the manifest's one finding.
    func testAMisspeltArgumentLabelIsAnUnreadableManifestNotAnImplicitDependency() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/Package.swift")
        try write(RuleExample.package("Feature", targets: [("Feature", [])], packages: [".package(path: \"../Kit\")"])
            .replacingOccurrences(of: "dependencies: []", with: "dependancies: [.product(name: \"NXKit\", package: \"Kit\")]"),
                  to: "Feature/Package.swift")
        try write("import NXKit\n", to: "Feature/Sources/Feature/Feature.swift")
        let findings = try check().findings
        XCTAssertEqual(findings.map(\.rule.rawValue), ["unreadable-manifest"], described(findings).joined(separator: "\n"))
        XCTAssertTrue(findings.first?.message.contains("has no argument 'dependancies'; did you mean 'dependencies'?") ?? false, findings.first?.message ?? "")
    }

    func testUnreadableManifestIsAFindingAndItsDependentsAreNotCheckedThroughIt() throws {
        try write("// swift-tools-version:5.9\nlet package = Package(name: \"P\",\n", to: "Kit/Package.swift")
        try write(RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"P\", package: \"Kit\")"])],
                                      packages: [".package(path: \"../Kit\")"]), to: "UI/Package.swift")
        let result = try check()
        XCTAssertEqual(described(result.findings), [
            "ROOT/Kit/Package.swift:2:33: unreadable-manifest: cannot read the manifest of the package in Kit: expected value in function call",
        ])
        XCTAssertEqual(result.packageCount, 1)
    }

    func testAPodspecTheReaderCannotEvaluateIsAFindingAtItsPlaceAndTheRestIsChecked() throws {
        try write("Pod::Spec.new do |s|\n  s.name = 'NXKit'\n  s.version = File.read('VERSION')\nend\n", to: "Kit/NXKit/NXKit.podspec")
        try write("Pod::Spec.new do |s|\n  s.name = 'NXUI'\n  s.dependency 'NXKit'\n", to: "Common/NXUI/NXUI.podspec")
        try write("Pod::Spec.new do |s|\n  s.name = 'ComponentVideo'\n  s.source_files = 'Classes/*.swift'\n  s.dependency 'ComponentImage'\nend\n",
                  to: "Business/ComponentVideo/ComponentVideo.podspec")
        try write("import ComponentImage\n", to: "Business/ComponentVideo/Classes/Player.swift")
        try write("Pod::Spec.new do |s|\n  s.name = 'ComponentImage'\nend\n", to: "Business/ComponentImage/ComponentImage.podspec")
        let result = try check()
        XCTAssertEqual(described(result.findings), [
            "ROOT/Business/ComponentVideo/ComponentVideo.podspec:4:3: horizontal: ComponentVideo (business) depends on ComponentImage (business)",
            "ROOT/Common/NXUI/NXUI.podspec:4:1: unreadable-manifest: cannot read the podspec of the pod in Common/NXUI: a 'do' block that is never closed with 'end'",
            "ROOT/Kit/NXKit/NXKit.podspec:3:15: unreadable-manifest: NXKit.podspec is not read, so its pod is not checked: the static podspec reader cannot evaluate File (it reads outside the podspec)",
        ])
        XCTAssertEqual(result.findings.map(\.severity), [.error, .error, .warning], "a decline is a warning: Ruby may accept the podspec")
        XCTAssertEqual(result.packageCount, 2)
    }

    private static func podspec(_ name: String, _ lines: [String] = []) -> String {
        (["Pod::Spec.new do |s|", "  s.name = '\(name)'", "  s.version = '1.0.0'", "  s.source_files = 'Classes/**/*'"] + lines.map { "  " + $0 } + ["end", ""])
            .joined(separator: "\n")
    }

    func testAPodfilePathPodOutsideTheRootIsReadAndAPathWithoutItsPodspecIsAFinding() throws {
        let outside = root + "-pods"
        defer { try? FileManager.default.removeItem(atPath: outside) }
        try FileManager.default.createDirectory(atPath: outside + "/ComponentShared/Classes", withIntermediateDirectories: true)
        try Self.podspec("ComponentShared").write(toFile: outside + "/ComponentShared/ComponentShared.podspec", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: outside + "/Empty", withIntermediateDirectories: true)
        let name = (root as NSString).lastPathComponent
        try write(Self.podspec("ComponentVideo", ["s.dependency 'ComponentShared'"]), to: "Video/ComponentVideo.podspec")
        try write("import ComponentShared\n", to: "Video/Classes/Player.swift")
        try write("target 'App' do\n  pod 'ComponentShared', :path => '../../\(name)-pods/ComponentShared'\n  pod 'Gone', path: '../../\(name)-pods/Empty'\nend\n",
                  to: "App/Podfile")
        try FileManager.default.createDirectory(atPath: root + "/App/App.xcodeproj", withIntermediateDirectories: true)
        let result = try check()
        XCTAssertEqual(result.packageCount, 2, "the pod outside the root is read")
        XCTAssertEqual(described(result.findings), [
            "ROOT/App/Podfile:3:3: unresolved: App/Podfile depends on the pod at '../../\(name)-pods/Empty', which has no Gone.podspec",
            "ROOT/Video/ComponentVideo.podspec:5:3: horizontal: ComponentVideo (business) depends on ComponentShared (business)",
        ])
    }

    /// A Podfile with no Xcode project beside it that names none cannot be installed where it stands (a template a script
    /// copies beside a project): its `:path`s are relative to that other folder. A note at the Podfile, never `unresolved`.
    func testATemplatePodfileWithNoProjectIsANoteNotChecked() throws {
        try write(Self.podspec("NXKit"), to: "SDK/NXKit.podspec")
        try write("target 'IntegrationApp' do\n  use_frameworks!\n  pod 'NXKit', :path => '../../'\n  pod 'NXAnalytics', :path => '../../'\nend\n",
                  to: "SDK/Templates/Frameworks/Podfile")
        let checked = try checkWithNotes()
        XCTAssertEqual(described(checked.result.findings), [])
        XCTAssertTrue(checked.notes.contains { $0.message.contains("'pod install' cannot run here") && $0.location?.path.hasSuffix("Templates/Frameworks/Podfile") == true },
                      "\(checked.notes)")
    }

    /// A `project` the reader cannot evaluate names some project: the Podfile is no template, its paths are checked.
    func testAPodfileWhoseProjectIsNotReadIsNoTemplate() throws {
        try write("target 'App' do\n  project File.join('App', 'App')\n  pod 'Gone', :path => '../Missing'\nend\n", to: "Sample/Podfile")
        try write(Self.podspec("NXKit"), to: "Kit/NXKit/NXKit.podspec")
        let findings = described(try check().findings)
        XCTAssertTrue(findings.contains { $0.contains("unresolved") && $0.contains("'../Missing'") }, "\(findings)")
    }

    /// A subspec that vendors prebuilt frameworks by a glob (`'Vendor/*.framework'`) ships their modules: its files
    /// import one (`<RiskKit/RiskKit.h>`) with no dependency, though a pod of the repository builds a RiskKit too.
    func testAFrameworkASubspecVendorsByAGlobProvidesItsModule() throws {
        try write(Self.podspec("RiskKit"), to: "Tools/RiskKit/RiskKit.podspec")
        try write("#import <Foundation/Foundation.h>\n", to: "Tools/RiskKit/Classes/RiskKit.h")
        try write(Self.podspec("NXPay", ["s.subspec 'Risk' do |ss|", "  ss.source_files = 'Risk/*.m'", "  ss.ios.vendored_frameworks = 'Vendor/*.framework'", "end"]),
                  to: "Pay/NXPay.podspec")
        try write("#import <Foundation/Foundation.h>\n", to: "Pay/Classes/NXPay.h")
        try write("#import <RiskKit/RiskKit.h>\n", to: "Pay/Risk/NXRisk.m")
        try write("// the prebuilt framework's header\n", to: "Pay/Vendor/RiskKit.framework/Headers/RiskKit.h")
        XCTAssertEqual(described(try check().findings).filter { $0.contains("implicit-dependency") }, [])
    }

    /// A header defines a macro only when another header is there (`#elif __has_include(<NXTrace/NXTrace.h>)` then
    /// `#define _NX_TRACE_ENABLED 1`, a name shaped like the compiler's own); a file imports under `#if` that macro: as
    /// optional as the `__has_include` itself, never an `implicit-dependency`.
    func testAnImportUnderAMacroDefinedFromHasIncludeIsOptional() throws {
        try write(Self.podspec("NXTrace"), to: "Kit/NXTrace/NXTrace.podspec")
        try write("#import <Foundation/Foundation.h>\n", to: "Kit/NXTrace/Classes/NXTrace.h")
        try write(Self.podspec("NXKit"), to: "Kit/NXKit/NXKit.podspec")
        try write("#define NX_TRACE 0\n#if NX_TRACE\n#define _NX_TRACE_ENABLED NX_TRACE\n#elif __has_include(<NXTrace/NXTrace.h>)\n#define _NX_TRACE_ENABLED 1\n#endif\n",
                  to: "Kit/NXKit/Classes/NXFeatures.h")
        try write("#import \"NXFeatures.h\"\n#if _NX_TRACE_ENABLED\n#import <NXTrace/NXTrace.h>\n#endif\n", to: "Kit/NXKit/Classes/NXKit.m")
        XCTAssertEqual(described(try check().findings).filter { $0.contains("implicit-dependency") }, [])
    }

    func testAPodfileThatCannotBeFollowedIsANoteAndTheRestIsChecked() throws {
        try write("pod 'NXKit', :path => '../NXKit\n", to: "App/Podfile")
        try write(Self.podspec("NXKit", ["s.dependency 'ComponentVideo'"]), to: "NXKit/NXKit.podspec")
        try write("import ComponentVideo\n", to: "NXKit/Classes/NXKit.swift")
        try write(Self.podspec("ComponentVideo"), to: "Video/ComponentVideo.podspec")
        let checked = try checkWithNotes()
        XCTAssertEqual(described(checked.result.findings), ["ROOT/NXKit/NXKit.podspec:5:3: upward: NXKit (kit) depends on ComponentVideo (business)"])
        XCTAssertEqual(checked.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") }.filter { $0.contains("Podfile") }.count, 1,
                       "\(checked.notes)")
        XCTAssertTrue(checked.notes.contains { $0.message.hasPrefix("the local pods of this Podfile are not followed") && $0.location?.line == 1 }, "\(checked.notes)")
    }

    /// CocoaPods compiles a pod's subspecs into one module, with the prefix header in front of every file.
    func testAPodsSubspecsAreOneModuleAndItsPrefixHeaderImportsCount() throws {
        try write(Self.podspec("NXKit"), to: "Kit/NXKit/NXKit.podspec")
        try write("#import <Foundation/Foundation.h>\n", to: "Kit/NXKit/Classes/NXKit.h")
        try write(Self.podspec("NXUI", [
            "s.prefix_header_contents = '#import <NXKit/NXKit.h>'", "s.dependency 'NXKit'",
            "s.subspec 'Buttons' do |ss|", "  ss.source_files = 'Buttons/*.m'", "  ss.dependency 'NXUI/Core'", "end",
            "s.subspec 'Core' do |ss|", "  ss.source_files = 'Core/*.m'", "end",
        ]), to: "Common/NXUI/NXUI.podspec")
        try write("@import Foundation;\n", to: "Common/NXUI/Classes/NXUI.m")
        try write("#import \"NXUIButton.h\"\n", to: "Common/NXUI/Buttons/NXUIButton.m")
        try write("#import \"NXUICore.h\"\n", to: "Common/NXUI/Core/NXUICore.m")
        try write(Self.podspec("ComponentVideo", ["s.dependency 'NXUI/Buttons'"]), to: "Business/ComponentVideo/ComponentVideo.podspec")
        try write("@import NXUI;\n", to: "Business/ComponentVideo/Classes/Player.m")
        XCTAssertEqual(described(try check().findings), [], "NXKit is used through the prefix header; NXUI/Buttons provides module NXUI")
    }

    /// A subspec inherits its pod's `s.dependency` lines: one finding a line, and an import anywhere in the module uses it.
    func testASubspecsInheritedDependencyIsReportedOnceAndUsedByTheWholeModule() throws {
        try write(Self.podspec("NXService"), to: "Common/NXService/NXService.podspec")
        try write(Self.podspec("NXUI"), to: "Common/NXUI/NXUI.podspec")
        try write(Self.podspec("NXKit", ["s.dependency 'NXService'", "s.dependency 'NXUI'",
                                         "s.subspec 'Core' do |ss|", "  ss.source_files = 'Core/*.swift'", "end"]), to: "Kit/NXKit/NXKit.podspec")
        try write("import NXService\n", to: "Kit/NXKit/Classes/NXKit.swift")
        try write("import NXUI\n", to: "Kit/NXKit/Core/Core.swift")
        XCTAssertEqual(described(try check().findings), [
            "ROOT/Kit/NXKit/NXKit.podspec:5:3: upward: NXKit (kit) depends on NXService (common)",
            "ROOT/Kit/NXKit/NXKit.podspec:6:3: upward: NXKit (kit) depends on NXUI (common)",
        ])
    }

    /// A test spec is a test target of the pod: it depends on its spec and on what the spec depends on (CocoaPods links
    /// them into the test bundle), its own dependencies are checked at their lines, and an inherited line its files do
    /// not import is not reported for it.
    func testAPodsTestSpecIsATestTargetCheckedAtItsOwnLines() throws {
        try write(Self.podspec("NXKit"), to: "Kit/NXKit/NXKit.podspec")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Classes/NXKit.swift")
        try write(Self.podspec("NXService", ["s.dependency 'NXKit'"]), to: "Common/NXService/NXService.podspec")
        try write("import NXKit\n", to: "Common/NXService/Classes/NXService.swift")
        try write(Self.podspec("ComponentImage"), to: "Business/ComponentImage/ComponentImage.podspec")
        try write(Self.podspec("ComponentVideo", ["s.dependency 'NXService'", "s.dependency 'NXKit'",
                                                  "s.test_spec 'Tests' do |t|", "  t.source_files = 'Tests/*.swift'", "  t.dependency 'ComponentImage'", "end"]),
                  to: "Business/ComponentVideo/ComponentVideo.podspec")
        try write("import NXService\nimport NXKit\n", to: "Business/ComponentVideo/Classes/Player.swift")
        try write("import ComponentVideo\nimport NXKit\nimport ComponentImage\nimport XCTest\n", to: "Business/ComponentVideo/Tests/PlayerTests.swift")
        XCTAssertEqual(described(try check().findings), [
            "ROOT/Business/ComponentVideo/ComponentVideo.podspec:9:5: horizontal: ComponentVideo/Tests (business) depends on ComponentImage (business)",
        ], "NXKit reaches the tests through their spec; NXService, inherited and not imported by them, is not reported for them")
    }

    /// Mid-migration: a folder with a Package.swift and a podspec is one component, named by either.
    func testAPodDependsOnAComponentMidMigrationByItsPodName() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write(Self.podspec("NXKit").replacingOccurrences(of: "'Classes/**/*'", with: "'Sources/NXKit/**/*'"), to: "Kit/NXKit/NXKit.podspec")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        try write(Self.podspec("NXUI", ["s.dependency 'NXKit'"]), to: "Common/NXUI/NXUI.podspec")
        try write("import NXKit\n", to: "Common/NXUI/Classes/NXUI.swift")
        try write(Self.podspec("ComponentVideo", ["s.dependency 'NXUI'"]), to: "Video/ComponentVideo.podspec")
        try write("import NXUI\n", to: "Video/Classes/Player.swift")
        try write("Pod::Spec.new do |s|\n  s.name = 'BrokenKit'\n", to: "Common/BrokenKit/BrokenKit.podspec")
        try write(RuleExample.package("BrokenKit"), to: "Common/BrokenKit/Package.swift")
        let checked = try checkWithNotes()
        XCTAssertEqual(checked.result.packageCount, 4)
        XCTAssertEqual(described(checked.result.findings), [], "NXUI's s.dependency 'NXKit' leads to the package in Kit/NXKit")
        XCTAssertTrue(checked.notes.contains { $0.message.contains("beside a Package.swift cannot be read") && $0.location?.path.hasSuffix("BrokenKit.podspec") == true },
                      "\(checked.notes)")
    }

    /// An SDK's root: several podspecs beside one Package.swift, read as the package. A pod of that folder no product of
    /// the package is named after is CocoaPods' to build from its own podspec: undecided, never `unresolved`.
    func testAPodOfAFolderOfPodspecsBesideAPackageIsNeverUnresolved() throws {
        try write(RuleExample.package("NXKit"), to: "SDK/Package.swift")
        try write("public enum NXKit {}\n", to: "SDK/Sources/NXKit/NXKit.swift")
        try write(Self.podspec("NXKit").replacingOccurrences(of: "'Classes/**/*'", with: "'Sources/NXKit/**/*'"), to: "SDK/NXKit.podspec")
        try write(Self.podspec("NXKitExtras").replacingOccurrences(of: "'Classes/**/*'", with: "'Extras/**/*'"), to: "SDK/NXKitExtras.podspec")
        try write(Self.podspec("ComponentVideo", ["s.dependency 'NXKitExtras'"]), to: "SDK/Example/Video/ComponentVideo.podspec")
        try write("import NXKitExtras\n", to: "SDK/Example/Video/Classes/Player.swift")
        try write("target 'App' do\n  pod 'NXKitExtras', :path => '../'\n  pod 'ComponentVideo', :path => 'Video'\nend\n", to: "SDK/Example/Podfile")
        let findings = described(try check().findings)
        XCTAssertFalse(findings.contains { $0.contains("unresolved") }, "\(findings)")
    }

    func testSymbolicLinkLoopIsSkippedWithANote() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/Kit/NXKit/Loop", withDestinationPath: root + "/Kit")
        let check = try checkWithNotes()
        XCTAssertEqual(check.result.packageCount, 1)
        XCTAssertEqual(check.result.findings, [])
        XCTAssertEqual(check.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") },
                       ["ROOT/Kit/NXKit/Loop: note: symbolic link loop: this link leads back to '..', a folder that contains it; skipped"])
    }

    func testSelfReferencingSymbolicLinkIsSkippedWithANote() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        try FileManager.default.createSymbolicLink(atPath: root + "/Kit/Self", withDestinationPath: root + "/Kit/Self")
        let check = try checkWithNotes()
        XCTAssertEqual(check.result.packageCount, 1)
        XCTAssertEqual(check.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") },
                       ["ROOT/Kit/Self: note: symbolic link loop: this link resolves to itself; skipped"])
    }

    func testNonUTF8NamesAreSkippedWithANote() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("public enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        let name: [UInt8] = Array((root + "/Kit/").utf8) + [0x66, 0xFF, 0x6F]
        XCTAssertEqual(mkdir(name.map { CChar(bitPattern: $0) } + [0], 0o755), 0)
        let check = try checkWithNotes()
        XCTAssertEqual(check.result.packageCount, 1)
        XCTAssertEqual(check.notes.map { $0.description.replacingOccurrences(of: root, with: "ROOT") },
                       ["ROOT/Kit: note: a name in this folder is not UTF-8; skipped"])
    }

    func testARootThatDoesNotExistIsAnError() throws {
        XCTAssertThrowsError(try Project.open(at: root + "/nowhere", reader: ManifestReader(strategy: .static))) { error in
            XCTAssertEqual((error as? InputError)?.description.replacingOccurrences(of: root, with: "ROOT"), "ROOT/nowhere: error: no such directory")
        }
    }

    func testAPackageSwiftAmongATargetsFilesIsNotAPackage() throws {
        try write(RuleExample.package("Tools", targets: [("Package", []), ("ToolsTests", [])]), to: "Tools/Package.swift")
        try write("public enum Package {}\n", to: "Tools/Sources/Package/Package.swift")
        try write(RuleExample.package("Fixture"), to: "Tools/Sources/Package/Fixtures/Fixture/Package.swift")
        try write("import Package\n", to: "Tools/Sources/ToolsTests/Tests.swift")
        try write(RuleExample.package("Shared"), to: "Shared/Package.swift")
        try write("public enum Shared {}\n", to: "Shared/Sources/Shared/Shared.swift")
        let check = try checkWithNotes()
        XCTAssertEqual(check.result.packageCount, 2)
        XCTAssertEqual(check.notes.filter { $0.location != nil }.map { $0.description.replacingOccurrences(of: root, with: "ROOT") }, [
            "ROOT/Tools/Sources/Package/Package.swift: note: this Package.swift lies in the folder of target Package of package Tools: SwiftPM builds it as one of that target's files, so it is not read as a package",
            "ROOT/Tools/Sources/Package/Fixtures/Fixture/Package.swift: note: this Package.swift lies in the folder of target Package of package Tools: SwiftPM builds it as one of that target's files, so it is not read as a package",
        ])
    }

    func testCheckoutsTellWhichProductProvidesAModule() throws {
        let analytics = RuleExample.outsidePackage("swift-analytics", products: [("Analytics", ["Analytics"]), ("AnalyticsTesting", ["AnalyticsTesting"])],
                                                   targets: [("AnalyticsCore", []), ("Analytics", ["AnalyticsCore"]), ("AnalyticsTesting", ["Analytics"])])
        let url = ".package(url: \"https://example.com/acme/swift-analytics.git\", from: \"1.0.0\")"
        try write(RuleExample.package("NXService", targets: [("NXService", [".product(name: \"Analytics\", package: \"swift-analytics\")"])], packages: [url]),
                  to: "Common/NXService/Package.swift")
        try write("import AnalyticsCore\nimport AnalyticsTesting\n", to: "Common/NXService/Sources/NXService/Events.swift")
        try write(RuleExample.package("NXUI", targets: [("NXUI", [".product(name: \"AnalyticsTesting\", package: \"swift-analytics\")"])], packages: [url]),
                  to: "Common/NXUI/Package.swift")
        try write("import Foundation\n", to: "Common/NXUI/Sources/NXUI/Theme.swift")
        try write(analytics, to: "Common/NXService/.build/checkouts/swift-analytics/Package.swift")
        XCTAssertEqual(described(try check().findings), [
            "ROOT/Common/NXService/Sources/NXService/Events.swift:2:1: implicit-dependency: NXService (common) imports AnalyticsTesting from package swift-analytics, which its manifest does not declare",
            "ROOT/Common/NXUI/Package.swift:11:46: unused-dependency: NXUI (common) declares a dependency on AnalyticsTesting from swift-analytics (modules Analytics, AnalyticsCore, AnalyticsTesting), which none of its files imports",
        ])
    }

    func testSkippedFolders() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        for folder in [".build/checkouts/x", ".swiftpm/y", "Pods/z", "Example/Pods/z", "Kit/NXKit/.build/w"] {
            try write(RuleExample.package("Ignored"), to: folder + "/Package.swift")
        }
        try write("PODFILE CHECKSUM: 0\n", to: "Pods/Manifest.lock")
        try write("", to: "Example/Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig")
        XCTAssertEqual(try check().packageCount, 1)
    }

    /// A folder named Pods that CocoaPods did not generate (a team's own development pods kept there) is read.
    func testAPodsFolderCocoaPodsDidNotGenerateIsRead() throws {
        try write(RuleExample.package("NXKit"), to: "Pods/NXKit/Package.swift")
        XCTAssertEqual(try check().packageCount, 1)
    }

    func testStrictGlobsMustMatch() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("strict: true\nlayers:\n  - name: kit\n    members: [\"*Kit\", \"*Toolkit\"]\n", to: "componentize.yml")
        XCTAssertEqual(inputError(), "ROOT/componentize.yml:4:23: error: '*Toolkit' in layer 'kit' matches no target or package (strict is on)")
    }

    func testConfigurationErrorNamesTheFile() throws {
        try write(RuleExample.package("NXKit"), to: "Kit/NXKit/Package.swift")
        try write("layers:\n  - name: kit\n    members: [A]\n  - name: kit\n    members: [B]\n", to: "componentize.yml")
        XCTAssertEqual(inputError(), "ROOT/componentize.yml:4:11: error: duplicate layer name 'kit': each layer needs its own name")
    }
}
