import Diagnostics
import Output
@testable import PodspecReading
import Testing

/// The static podspec reader on the idioms `pod lib create` and hand-written podspecs use, and what it declines.
struct PodspecStaticReaderTests {
    func read(_ source: String) throws -> PodSpec {
        try PodspecStaticReader().read(source: source, path: "NXUI.podspec")
    }

    func declined(_ source: String) -> String? {
        do {
            _ = try read(source)
            return nil
        } catch let declined as PodspecReadDeclined {
            return declined.description
        } catch {
            return "\(error)"
        }
    }

    /// A podspec that reads in a file of constants (`require_relative '../Config/config.rb'`, a `module` of `def self.…`
    /// methods returning literals, or setting attributes of the spec they are given) is read through them; its
    /// dependencies are its own. `String(s.version)` is Ruby's conversion to text. A method the file does not define
    /// still declines, at its place.
    @Test func modulesOfAFileReadInAreEvaluatedWhereCalled() throws {
        let files = ["Config/config.rb": """
            # shared settings
            module Config
              def self.version
                "10.9.25"
              end

              def self.settings(s)
                s.pod_target_xcconfig = { "BUILD_LIBRARY_FOR_DISTRIBUTION" => "YES" }
                s.ios.deployment_target = "13.0"
              end
            end
            """]
        let source = """
            require_relative "../Config/config.rb"
            require 'json'

            Pod::Spec.new do |spec|
              spec.name    = 'NXChat'
              spec.version = Config.version
              spec.source  = { :git => '', :tag => 'NXChat-v' + String(spec.version) }
              Config.settings(spec)
              spec.dependency 'NXKit', Config.version
            end
            """
        let spec = try PodspecStaticReader().read(source: source, path: "NXChat/NXChat.podspec") { files[$0] }
        #expect(spec.attribute("version")?.value == .string("10.9.25"))
        #expect(spec.attribute("source")?.value == .hash([("git", .string("")), ("tag", .string("NXChat-v10.9.25"))]))
        #expect(spec.attribute("ios.deployment_target")?.value == .string("13.0"))
        #expect(spec.attribute("pod_target_xcconfig")?.value == .hash([("BUILD_LIBRARY_FOR_DISTRIBUTION", .string("YES"))]))
        #expect(spec.dependencies.map(\.name) == ["NXKit"])
        #expect(spec.dependencies.first?.requirements == ["10.9.25"])
        // Unread file, or a method it does not define: declined as before, at the call.
        #expect(throws: PodspecReadDeclined.self) { try PodspecStaticReader().read(source: source, path: "NXChat/NXChat.podspec") }
        let unknown = source.replacingOccurrences(of: "Config.settings(spec)", with: "Config.other(spec)")
        #expect(throws: PodspecReadDeclined.self) { try PodspecStaticReader().read(source: unknown, path: "NXChat/NXChat.podspec") { files[$0] } }
    }

    @Test func attributesDependenciesAndSubspecs() throws {
        let spec = try read("""
            version = '0.2.0'
            Pod::Spec.new do |s|
              s.name             = 'NXUI'
              s.version          = version
              s.source           = { :git => "https://example.com/nx/#{s.name}.git", :tag => s.version.to_s }
              s.ios.deployment_target = '12.0'
              s.source_files = 'NXUI/Classes/**/*'
              s.resource_bundles = {
                'NXUI' => ['NXUI/Assets/*.png']
              }
              s.frameworks = 'UIKit', 'QuartzCore'
              s.dependency 'NXKit'
              s.ios.dependency 'AFNetworking', '~> 4.0'
              s.subspec 'Core' do |core|
                core.source_files = %w[NXUI/Core/*.swift NXUI/Core/*.h]
                core.dependency 'NXKit', '>= 1.0', '< 2.0'
              end
              s.default_subspecs = :Core
              s.static_framework = true
            end
            """)
        #expect(spec.name == "NXUI")
        #expect(spec.attribute("version")?.value == .string("0.2.0"))
        #expect(spec.attribute("source")?.value == .hash([("git", .string("https://example.com/nx/NXUI.git")), ("tag", .string("0.2.0"))]))
        #expect(spec.attribute("ios.deployment_target")?.value == .string("12.0"))
        #expect(spec.attribute("resource_bundles")?.value == .hash([("NXUI", .array([.string("NXUI/Assets/*.png")]))]))
        #expect(spec.attribute("frameworks")?.value.strings == ["UIKit", "QuartzCore"])
        #expect(spec.attribute("source_files")?.location == FileLocation(path: "NXUI.podspec", line: 7, column: 3))
        #expect(spec.dependencies.map(\.name) == ["NXKit", "AFNetworking"])
        #expect(spec.dependencies[1].platform == "ios")
        #expect(spec.dependencies[1].requirements == ["~> 4.0"])
        #expect(spec.dependencies[1].location == FileLocation(path: "NXUI.podspec", line: 13, column: 3))
        #expect(spec.subspecs.map(\.subspecName) == ["Core"])
        #expect(spec.subspecs[0].attribute("source_files")?.value.strings == ["NXUI/Core/*.swift", "NXUI/Core/*.h"])
        #expect(spec.subspecs[0].dependencies[0].requirements == [">= 1.0", "< 2.0"])
        #expect(spec.attribute("default_subspecs")?.value == .string("Core"))
        #expect(spec.attribute("static_framework")?.value == .bool(true))
    }

    @Test func heredocsKeepTheirTextAndInterpolate() throws {
        let spec = try read("""
            Pod::Spec.new do |s|
              s.name = 'NXKit'
              s.description = <<-DESC
                Constants for #{s.name}.
              DESC
              s.prefix_header_contents = <<~EOS
                #import <UIKit/UIKit.h>
                  #import "NXKit.h"
              EOS
              s.summary = 'after'
            end
            """)
        #expect(spec.attribute("description")?.value == .string("    Constants for NXKit.\n"))
        #expect(spec.attribute("prefix_header_contents")?.value == .string("#import <UIKit/UIKit.h>\n  #import \"NXKit.h\"\n"))
        #expect(spec.attribute("summary")?.location.line == 10)
    }

    @Test func stringsEscapesPercentLiteralsConcatenationAndCallsWithParentheses() throws {
        let spec = try read("""
            Pod::Spec.new do |spec|
              spec.name = "NX" + 'Service'
              spec.summary = 'It\\'s a "service"'
              spec.source_files = ['Sources/**/*.{h,m}'] + %w(Extra/*.m)
              spec.swift_version = 5.9
              spec.requires_arc = true
              spec.dependency('NXKit', '~> 1.0')
              spec.license = { type: 'MIT', "file": 'LICENSE' }
              spec.osx.deployment_target = '10.15' # trailing comment
            end
            """)
        #expect(spec.name == "NXService")
        #expect(spec.attribute("summary")?.value == .string("It's a \"service\""))
        #expect(spec.attribute("source_files")?.value.strings == ["Sources/**/*.{h,m}", "Extra/*.m"])
        #expect(spec.attribute("swift_version")?.value == .float(5.9))
        #expect(spec.dependencies.first?.requirements == ["~> 1.0"])
        #expect(spec.attribute("license")?.value == .hash([("type", .string("MIT")), ("file", .string("LICENSE"))]))
        #expect(spec.attribute("osx.deployment_target")?.value == .string("10.15"))
    }

    /// A value on a later line: after `=` and blank lines, and string literals joined across `\` continuations (CR LF
    /// ends too), each attribute located at its statement, as Ruby evaluates them.
    @Test func valuesOnLaterLinesAndAcrossContinuations() throws {
        let spec = try read("Pod::Spec.new do |s|\n  s.name = 'NXUI'\n  s.summary = 'one ' \\\n    'two'\n  s.description =\n\n    <<-DESC\n    long\n    DESC\n"
            + "  s.homepage = 'a' \\\r\n 'b'\r\n  s.dependency 'NXKit', \\\n    '~> 1.0'\nend\n")
        #expect(spec.attribute("summary")?.value == .string("one two"))
        #expect(spec.attribute("summary")?.location.line == 3)
        #expect(spec.attribute("description")?.value == .string("    long\n"))
        #expect(spec.attribute("description")?.location.line == 5)
        #expect(spec.attribute("homepage")?.value == .string("ab"))
        #expect(spec.dependencies.first?.requirements == ["~> 1.0"])
        #expect(spec.dependencies.first?.location.line == 12)
    }

    @Test func whatItCannotEvaluateItDeclinesWithThePlace() {
        #expect(declined("""
            Pod::Spec.new do |s|
              s.name = 'X'
              s.version = File.read('VERSION').strip
            end
            """) == "NXUI.podspec:3:15: error: the static podspec reader cannot evaluate File (it reads outside the podspec)")
        #expect(declined("""
            Pod::Spec.new do |s|
              if ENV['CI']
                s.name = 'X'
              end
            end
            """) == "NXUI.podspec:2:3: error: the static podspec reader cannot evaluate a condition ('if')")
        #expect(declined("""
            Pod::Spec.new do |s|
              s.source_files = Dir.glob('**/*.swift')
            end
            """) == "NXUI.podspec:2:20: error: the static podspec reader cannot evaluate Dir (it reads outside the podspec)")
        #expect(declined("""
            Pod::Spec.new do |s|
              s.name = 'X'.upcase
            end
            """) == "NXUI.podspec:2:16: error: the static podspec reader cannot evaluate the method 'upcase'")
    }

    @Test func badInputIsALocatedErrorNotACrash() {
        #expect(declined("Pod::Spec.new do |s|\n  s.name = 'X'\n") == "NXUI.podspec:3:1: error: a 'do' block that is never closed with 'end'")
        #expect(declined("Pod::Spec.new do |s|\n  s.name = 'X\nend\n") == "NXUI.podspec:2:12: error: a string that is never closed")
        #expect(declined("Pod::Spec.new do |s|\n  s.description = <<-DESC\n  text\nend\n") == "NXUI.podspec:2:19: error: a heredoc <<DESC without its closing line")
        #expect(declined("# only a comment\n") == "NXUI.podspec: error: no Pod::Spec.new in this file")
        #expect(declined("Pod::Spec.new do |s|\n  s.name = ((((\nend\n") != nil)
        let interpolations = String(repeating: "\"#{", count: 5_000) + "1" + String(repeating: "}\"", count: 5_000)
        #expect(declined("Pod::Spec.new do |s|\n  s.name = \(interpolations)\nend\n")?.hasSuffix("error: interpolations nested more than 32 deep") == true)
        let deep = String(repeating: "[", count: 100_000)
        #expect(declined("Pod::Spec.new do |s|\n  s.name = \(deep)\nend\n") == "NXUI.podspec:2:140: error: the static podspec reader cannot evaluate brackets nested more than 128 deep")
    }

    @Test func theRecordIsTheShapeTheRubyOracleWrites() throws {
        let spec = try read("Pod::Spec.new do |s|\n  s.name = 'NXKit'\n  s.dependency 'Yoga'\nend\n")
        #expect(spec.record.rendered() == """
            {
              "name": null,
              "attributes": {
                "name": "NXKit"
              },
              "dependencies": [
                {
                  "name": "Yoga",
                  "requirements": [],
                  "platform": null,
                  "line": 3
                }
              ],
              "subspecs": []
            }
            """)
    }
}
