import Diagnostics
@testable import PodspecReading
import Testing

/// The Podfile's target definitions and pods, in the forms `pod lib create` and app Podfiles write them.
struct PodfileReaderTests {
    func podfile(_ source: String) throws -> Podfile {
        try PodfileReader().read(source: source, path: "Example/Podfile")
    }

    func pods(_ source: String) throws -> [PodfilePathPod] {
        try podfile(source).pathPods
    }

    /// The names of the pods a target sees, by target name.
    func visible(_ podfile: Podfile, _ target: String) -> [String] {
        guard let index = podfile.targets.firstIndex(where: { $0.name == target }) else { return [] }
        return podfile.visiblePods(of: index).flatMap(\.products)
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

    /// Nested targets inherit their parent's pods; `:search_paths` sees them too, `:none` does not; abstract targets
    /// and the root name no Xcode target but give their pods to those inside.
    /// `:path` naming the podspec file, and `:podspec` naming a file of the repository, name the pod's folder; a
    /// `:podspec` at a URL, or a file not named for the pod, names no folder.
    @Test func aPathOrPodspecNamingThePodspecFileNamesItsFolder() throws {
        let found = try pods("""
            target 'App' do
              pod 'Core', :path => 'Core.podspec'
              pod 'Assets', :path => 'Pods/Assets/Assets.podspec.json'
              pod 'Theme', :podspec => '../Theme/Theme.podspec'
              pod 'Remote', :podspec => 'https://example.com/Remote.podspec'
              pod 'Fork', :podspec => 'specs/fork-of-it.podspec'
            end
            """)
        #expect(found.map(\.name) == ["Core", "Assets", "Theme"])
        #expect(found.map(\.path) == [".", "Pods/Assets", "../Theme"])
    }

    /// A target written on one line inside an abstract target (no `do … end`) is a target, given the abstract target's
    /// pods.
    @Test func aOneLineTargetGetsItsEnclosingTargetsPods() throws {
        let read = try podfile("""
            abstract_target 'Shared' do
              pod 'Core', :path => 'Core'
              target 'App'
              target 'AppTests'
            end
            """)
        #expect(read.targets.map(\.name).contains("App"))
        #expect(visible(read, "App").contains("Core"))
        #expect(visible(read, "AppTests").contains("Core"))
    }

    @Test func targetsSeeWhatTheirInheritanceGivesThem() throws {
        let read = try podfile("""
            pod 'Logging'
            abstract_target 'Shared' do
              pod 'NXKit', :path => '../NXKit'
              target 'App' do
                project 'App/App.xcodeproj'
                pod 'Home', :path => '../Home'
                pod 'NXUI/Core', :path => '../NXUI'
                target 'AppTests' do
                  inherit! :search_paths
                  pod 'Quick'
                end
                target 'AppSnapshots' do
                  inherit! :none
                  pod 'SnapshotTesting'
                end
              end
              target 'Widget' do
                pod 'NXKit', :subspecs => ['Colors', 'Fonts']
              end
            end
            """)
        #expect(read.targets.map(\.name) == ["Pods", "Shared", "App", "AppTests", "AppSnapshots", "Widget"])
        #expect(read.targets.map(\.isAbstract) == [true, true, false, false, false, false])
        #expect(visible(read, "App") == ["Home", "NXUI/Core", "NXKit", "Logging"])
        #expect(visible(read, "AppTests") == ["Quick", "Home", "NXUI/Core", "NXKit", "Logging"])
        #expect(read.targets[3].inheritance == .searchPaths)
        #expect(visible(read, "AppSnapshots") == ["SnapshotTesting"])
        #expect(visible(read, "Widget") == ["NXKit/Colors", "NXKit/Fonts", "NXKit", "Logging"])
        #expect(read.project(of: 3) == "App/App.xcodeproj")
        #expect(read.project(of: 5) == nil)
    }

    /// `def` helpers are read where they are called; every branch of a condition is read; a pod whose name is computed
    /// is a note at its line and the rest is read.
    @Test func helpersConditionsAndComputedPods() throws {
        let read = try podfile("""
            def shared_pods
              pod 'NXKit', :path => '../NXKit'
              pod 'Alamofire'
            end

            target 'App' do
              shared_pods
              if ENV['LOCAL']
                pod 'Home', :path => '../Home'
              else
                pod 'Home', '~> 1.0'
              end
              pod 'Debugging' if ENV['DEBUG']
              %w[Video Image].each do |name|
                pod name, :path => "../#{name}"
              end
              pod 'Owner', :path => "#{root}/Owner"
            end
            """)
        #expect(visible(read, "App") == ["NXKit", "Alamofire", "Home", "Home", "Debugging", "Owner"])
        #expect(read.pathPods.map(\.name) == ["NXKit", "Home"])
        #expect(read.notes.map { $0.location?.line } == [15, 17])
        #expect(read.notes[0].message.contains("a pod whose name is computed"))
        #expect(read.notes[1].message.contains("matched by its name"))
        // The computed name may be any pod: the target's pods are not all known.
        #expect(read.targets[1].unreadAdditions.map(\.location.line) == [15])
    }

    /// A Podfile that reads in another Ruby file (`load`, `require_relative`, `eval(File.read(…))`, its path plainly
    /// written, from the Podfile's folder or the file's own) reads that file where the statement stands: its `def`s are
    /// helpers, its `pod` lines the current target's, located in that file; its `module`s define no pod.
    @Test func filesTheDescriptionLoadsAreReadInPlace() throws {
        let files = [
            "/repo/App/modules.rb": "def module_pods\n  pod 'Kit', :path => '../Kit/'\nend\n",
            "/repo/App/config/shared.rb": "module Config\n  def self.version\n    '1.0'\n  end\nend\n\ndef shared_pods\n  pod 'Logging'\nend\n",
            "/repo/App/pods.rb": "pod 'Network', :path => '../Network'\n",
        ]
        let read = try PodfileReader().read(source: """
            load 'modules.rb'
            require_relative 'config/shared'
            target 'App' do
              module_pods
              shared_pods
              eval(File.read(File.join(__dir__, 'pods.rb')))
            end
            """, path: "App/Podfile", folder: ("/repo/App", "App")) { files[$0] }
        #expect(visible(read, "App") == ["Kit", "Logging", "Network"])
        #expect(read.pathPods.map(\.path) == ["../Kit/", "../Network"])
        #expect(read.targets[1].pods.map(\.location.path) == ["App/modules.rb", "App/config/shared.rb", "App/pods.rb"])
        #expect(read.targets[1].pods.map(\.location.line) == [2, 8, 1])
        #expect(read.notes.isEmpty)
        #expect(read.targets.allSatisfy { $0.unreadAdditions.isEmpty })
    }

    /// What may add pods the reader cannot see makes the target's pods incomplete, with a note at its place: a file loaded
    /// by a computed path or one that is not there, a method defined nowhere the reader reads (in a statement or an
    /// assignment). A library `require`d (`require 'json'`) and the Podfile's own settings are no such thing.
    @Test func whatMayAddPodsUnseenMakesTheTargetsPodsIncomplete() throws {
        let read = try PodfileReader().read(source: """
            require 'json'
            require_relative 'missing_helpers'
            platform :ios, '13.0'
            use_frameworks!
            load File.join(ENV['ROOT'], 'modules.rb')
            target 'App' do
              pod 'Kit'
              shared_pods
              config = use_native_modules!
              target 'AppTests' do
                inherit! :search_paths
              end
            end
            target 'Widget' do
              inherit! :none
              load 'absent.rb'
            end
            """, path: "Podfile", folder: ("/repo", ".")) { _ in nil }
        #expect(read.targets[0].unreadAdditions.map(\.location.line) == [5])
        #expect(read.targets[1].unreadAdditions.map(\.location.line) == [8, 9])
        #expect(read.unreadAdditions(of: 2).map(\.location.line) == [8, 9, 5])
        #expect(read.unreadAdditions(of: 3).map(\.location.line) == [16])
        #expect(read.notes.map { $0.location?.line } == [2, 5, 8, 9, 16])
        #expect(read.notes[0].message == "'require_relative' of 'missing_helpers.rb', a file that cannot be read: the methods it defines are not known")
        #expect(read.notes[2].message == "'shared_pods', a method the Podfile does not define: the pods it may add to target 'App' are not read, so imports of pods the Podfile does not name there are undecided")
    }

    /// A helper that takes the pod's name and options as parameters (`def toggled_pod(name, version = '', options = {})`),
    /// called three times: its parameters are locals, never "a method the Podfile does not define"; its computed `pod`
    /// line is one note at that line, not one per call.
    @Test func aHelpersParametersAreLocalsAndItsNotesAreSaidOnce() throws {
        let read = try podfile("""
            def toggled_pod(name, version = '', options = {})
              return unless $enabled.include? name
              settings = Hash.new
              if version.is_a? Hash
                settings = version
              end
              pod name, settings.merge(options)
            end

            target 'App' do
              toggled_pod 'Feed', :path => './Feed'
              toggled_pod 'Cart', :path => './Cart'
              toggled_pod 'Chat', :path => './Chat'
            end
            """)
        #expect(read.notes.map { $0.location?.line } == [7])
        #expect(read.notes.map(\.message) == ["a pod whose name is computed (only a literal name is read): the pods it may add to target 'App' are not read, so imports of pods the Podfile does not name there are undecided"])
        #expect(read.unreadAdditions(of: 1).map(\.location.line) == [7])
    }

    /// `def module_targets(name)` with `target "#{name}Tests"` inside: which Xcode target those pods go to is not known,
    /// so every target's pods are incomplete (its imports of pods the Podfile does not name are undecided).
    @Test func aTargetWhoseNameIsComputedMakesEveryTargetsPodsIncomplete() throws {
        let read = try PodfileReader().read(source: """
            def module_targets(name)
              target "#{name}Tests" do
                pod 'SnapshotKit'
              end
            end
            target 'App' do
              pod 'Kit'
            end
            module_targets('Feed')
            """, path: "Podfile", folder: ("/repo", ".")) { _ in nil }
        #expect(read.targets.map(\.name).contains("App"))
        let app = try #require(read.targets.firstIndex { $0.name == "App" })
        #expect(read.unreadAdditions(of: app).map(\.location.line) == [2])
        #expect(read.notes.map(\.message) == ["a target whose name is computed (only a literal name is read): the pods it may add to every target are not read, so imports of pods the Podfile does not name there are undecided"])
    }

    /// The paths a statement reading in a file may name, plainly written or not.
    @Test func pathsOfLoadedFiles() throws {
        func named(_ line: String) throws -> RubyLoadedFile {
            let tokens = try RubyLexer.tokens(of: line)
            guard case .identifier(let keyword) = tokens.first?.kind else { return .computed }
            return RubyLoadedFile.named(by: keyword, arguments: Array(tokens.dropFirst().prefix { $0.kind != .newline && $0.kind != .end }))
        }
        #expect(try named("load 'modules.rb'") == .file("modules.rb", fromFile: false))
        #expect(try named("load './modules.rb'") == .file("./modules.rb", fromFile: false))
        #expect(try named("require_relative '../Config/pods'") == .file("../Config/pods.rb", fromFile: true))
        #expect(try named("require './helpers'") == .file("./helpers.rb", fromFile: false))
        #expect(try named("require 'cocoapods-catalyst-support'") == .library)
        #expect(try named("load File.join(__dir__, 'Pods', 'list.rb')") == .file("Pods/list.rb", fromFile: true))
        #expect(try named("load File.expand_path('list.rb', __dir__)") == .file("list.rb", fromFile: true))
        #expect(try named("load File.expand_path('../list.rb', __FILE__)") == .file("list.rb", fromFile: true))
        #expect(try named("load \"#{__dir__}/list.rb\"") == .file("list.rb", fromFile: true))
        #expect(try named("load File.dirname(__FILE__) + '/list.rb'") == .file("list.rb", fromFile: true))
        #expect(try named("eval(File.read('pods.rb'))") == .file("pods.rb", fromFile: false))
        #expect(try named("instance_eval File.read(File.join(File.dirname(__FILE__), 'pods.rb')), 'pods.rb'") == .file("pods.rb", fromFile: true))
        #expect(try named("load File.join(flutter_root, 'podhelper.rb')") == .computed)
        #expect(try named("eval(podfile_text)") == .computed)
        #expect(try named("require File.join(root, 'scripts/react_native_pods')") == .computed)
    }

    @Test func anUnclosedBlockIsAnErrorAtItsLine() {
        #expect(throws: InputError.self) {
            try pods("target 'App' do\n  pod 'NXKit', :path => '../NXKit'\n")
        }
        #expect(throws: InputError.self) {
            try pods("def helpers\n  pod 'NXKit'\n")
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
        #expect(try pods("if ENV['LOCAL']\n  pod 'NXKit', :path => '../NXKit'\nend\n").map(\.name) == ["NXKit"])
    }
}
