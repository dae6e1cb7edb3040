import Diagnostics
import PackageModel
@testable import PodspecReading
import Testing

/// A pod as a package of the graph, and the files its patterns select.
struct PodManifestTests {
    @Test func sourcePatternsSelectAsCocoaPodsGlobsThem() {
        let files = ["NXUI/Classes/NXTheme.h", "NXUI/Classes/NXTheme.m", "NXUI/Classes/Buttons/NXButton.m", "NXUI/Classes/Buttons/NXButton.swift",
                     "NXUI/Assets/back.png", "Example/AppDelegate.m"]
        let folders: Set<String> = ["NXUI", "NXUI/Classes", "NXUI/Classes/Buttons", "NXUI/Assets", "Example"]
        #expect(PodSourceFiles.select(["NXUI/Classes/**/*"], from: files, folders: folders)
                == ["NXUI/Classes/NXTheme.h", "NXUI/Classes/NXTheme.m", "NXUI/Classes/Buttons/NXButton.m", "NXUI/Classes/Buttons/NXButton.swift"])
        #expect(PodSourceFiles.select(["NXUI/Classes/**/*.{h,m}"], from: files, folders: folders)
                == ["NXUI/Classes/NXTheme.h", "NXUI/Classes/NXTheme.m", "NXUI/Classes/Buttons/NXButton.m"])
        #expect(PodSourceFiles.select(["NXUI/Classes/*.m"], from: files, folders: folders) == ["NXUI/Classes/NXTheme.m"])
        #expect(PodSourceFiles.select(["NXUI/Classes/Buttons"], from: files, folders: folders)
                == ["NXUI/Classes/Buttons/NXButton.m", "NXUI/Classes/Buttons/NXButton.swift"])
        #expect(PodSourceFiles.expandBraces("a/{b,c}/*.{h,m}") == ["a/b/*.h", "a/b/*.m", "a/c/*.h", "a/c/*.m"])
        #expect(PodSourceFiles.expandBraces("é/{x,{y,z}w}") == ["é/x", "é/yw", "é/zw"])
        #expect(PodSourceFiles.expandBraces("a/{b,c") == ["a/{b,c"])
        #expect(PodSourceFiles.zeroFolderVariants("a/**/b/**/c.m") == ["a/**/b/**/c.m", "a/b/**/c.m", "a/**/b/c.m", "a/b/c.m"])
        #expect(PodSourceFiles.zeroFolderVariants("a/**/b/**/*.m") == ["a/**/b/**.m", "a/b/**.m"])
        #expect(PodSourceFiles.zeroFolderVariants("a/**/*/b.m") == ["a/**/*/b.m", "a/*/b.m"])
        #expect(PodSourceFiles.zeroFolderVariants("*/**/*.m") == ["*/**/*.m", "*/*.m"])
        let nested = ["X/a.m", "X/a.h", "X/b/c.m", "X/b/d/e.m", "Y/f.m", "X.m"]
        #expect(PodSourceFiles.select(["X/**/*.m"], from: nested, folders: ["X", "X/b", "X/b/d", "Y"]) == ["X/a.m", "X/b/c.m", "X/b/d/e.m"])
        #expect(PodSourceFiles.select(["X/**/*"], from: nested, folders: ["X", "X/b", "X/b/d", "Y"]) == ["X/a.m", "X/a.h", "X/b/c.m", "X/b/d/e.m"])
        #expect(PodSourceFiles.zeroFolderVariants("**") == ["**"])
    }

    @Test func testSpecsAreTestTargetsOfTheirSpecInNoProduct() throws {
        let spec = try PodspecStaticReader().read(source: """
            Pod::Spec.new do |s|
              s.name = 'ChatComposer'
              s.dependency 'NXKit'
              s.test_spec 'Tests' do |test_spec|
                test_spec.source_files = 'Tests/*.swift'
                test_spec.requires_app_host = true
                test_spec.dependency 'OHHTTPStubs'
              end
              s.test_spec do |ui|
                ui.test_type = :ui
              end
            end
            """, path: "ChatComposer.podspec")
        #expect(spec.subspecs.isEmpty)
        #expect(spec.testSpecs.map(\.subspecName) == ["Tests", "Tests"], "a test spec without a name is 'Tests', as CocoaPods names it")
        #expect(spec.testSpecs[0].attribute("requires_app_host")?.value == .bool(true))
        #expect(spec.testSpecs[0].location.line == 4)
        let manifest = PodManifest.manifest(of: spec, file: "ChatComposer.podspec", reader: .podspec)
        #expect(manifest.targets.map(\.name) == ["ChatComposer", "ChatComposer/Tests", "ChatComposer/Tests"])
        #expect(manifest.targets[1].type == .test)
        #expect(manifest.targets[1].moduleName == "ChatComposerTests")
        #expect(manifest.targets[1].dependencies.map { "\($0.kind):\($0.name)" } == ["target:ChatComposer", "product:NXKit", "product:OHHTTPStubs"])
        #expect(manifest.products.map(\.name) == ["ChatComposer"])
        #expect(manifest.products[0].targets == ["ChatComposer"])
    }

    @Test func subspecsAreTargetsThatInheritTheirParentsDependencies() throws {
        let spec = try PodspecStaticReader().read(source: """
            Pod::Spec.new do |s|
              s.name = 'ChatComposer'
              s.dependency 'NXKit'
              s.default_subspecs = 'Core'
              s.subspec 'Core' do |core|
                core.dependency 'NXUI/Buttons', '~> 1.0'
              end
              s.subspec 'Mentions' do |mentions|
                mentions.dependency 'ChatComposer/Core'
              end
            end
            """, path: "ChatComposer.podspec")
        let manifest = PodManifest.manifest(of: spec, file: "ChatComposer.podspec", reader: .podspec)
        #expect(manifest.name == "ChatComposer")
        #expect(manifest.targets.map(\.name) == ["ChatComposer", "ChatComposer/Core", "ChatComposer/Mentions"])
        #expect(manifest.targets[1].dependencies.map { "\($0.kind):\($0.name):\($0.package ?? "-")" } == ["product:NXKit:NXKit", "product:NXUI/Buttons:NXUI"])
        #expect(manifest.targets[2].dependencies.map { "\($0.kind):\($0.name)" } == ["product:NXKit", "target:ChatComposer/Core"])
        #expect(manifest.products.first { $0.name == "ChatComposer" }?.targets == ["ChatComposer", "ChatComposer/Core"])
        #expect(manifest.dependencies.map { "\($0.kind):\($0.location)" } == ["pod:NXKit", "pod:NXUI"])
        #expect(manifest.targets[2].dependencies[1].position == SourcePosition(line: 9, column: 5))
    }
}
