import Diagnostics
@testable import PodspecReading
import Testing

/// The Podfile's local pods, in the forms `pod lib create` and app Podfiles write them.
struct PodfileReaderTests {
    func pods(_ source: String) throws -> [PodfilePathPod] {
        try PodfileReader().read(source: source, path: "Example/Podfile")
    }

    @Test func pathPodsInTargetsAndAbstractTargets() throws {
        let found = try pods("""
            source 'https://cdn.cocoapods.org/'
            platform :ios, '13.0'
            use_frameworks! :linkage => :static
            inhibit_all_warnings!

            kit = '../../Kit'

            abstract_target 'Components' do
              pod 'NXKit', :path => '../../NXKit'
              pod 'AFNetworking', '~> 4.0'

              target 'NXUI_Example' do
                pod 'NXUI', path: '../'
                pod 'NXService', :path => '../../NXService', :inhibit_warnings => true

                target 'NXUI_Tests' do
                  inherit! :search_paths
                  pod 'Quick', '~> 7.0'
                end
              end
            end

            post_install do |installer|
              installer.pods_project.targets.each do |target|
                target.build_configurations.each do |config|
                  config.build_settings['IPHONEOS_DEPLOYMENT_TARGET'] = '13.0' if config.name == 'Debug'
                end
              end
            end

            target 'Standalone' do
              pod 'EMAccount', :path => '../../EMAccount', :configurations => ['Debug', 'Release']
            end
            """)
        #expect(found.map(\.name) == ["NXKit", "NXUI", "NXService", "EMAccount"])
        #expect(found.map(\.path) == ["../../NXKit", "../", "../../NXService", "../../EMAccount"])
        #expect(found[1].targets == ["Components", "NXUI_Example"])
        #expect(found[3].targets == ["Standalone"])
        #expect(found[0].location == FileLocation(path: "Example/Podfile", line: 9, column: 3))
    }

    @Test func aConditionAroundPodsDeclinesAndAnOpenBlockIsAnError() {
        #expect(throws: PodspecReadDeclined.self) {
            try pods("target 'App' do\n  if ENV['LOCAL']\n    pod 'NXKit', :path => '../NXKit'\n  end\nend\n")
        }
        #expect(throws: InputError.self) {
            try pods("target 'App' do\n  pod 'NXKit', :path => '../NXKit'\n")
        }
    }

    /// Settings the reader cannot evaluate, around no pod, hide nothing: the pods are still read.
    @Test func conditionsAndValuesAroundNoPodAreReadPast() throws {
        let found = try pods("""
            platform :ios, '13.0'
            minimum = Gem::Version.new('1.10.0')
            if Gem::Version.new(Pod::VERSION) >= minimum
              install! 'cocoapods', :generate_multiple_pod_projects => true
            end

            target 'App' do
              pod 'NXKit', :path => '../NXKit'
            end
            """)
        #expect(found.map(\.name) == ["NXKit"])
        #expect(throws: PodspecReadDeclined.self) {
            try pods("if ENV['LOCAL']\n  pod 'NXKit', :path => '../NXKit'\nend\n")
        }
    }
}
