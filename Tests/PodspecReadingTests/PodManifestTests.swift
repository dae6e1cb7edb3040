import Diagnostics
import ManifestReading
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
        #expect(manifest.dependencies.map(\.location) == ["pod:NXKit", "pod:NXUI"])
        #expect(manifest.targets[2].dependencies[1].position == SourcePosition(line: 9, column: 5))
    }
}
