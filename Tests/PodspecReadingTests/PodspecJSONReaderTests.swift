import Files
import Foundation
@testable import PodspecReading
import Testing

/// `.podspec.json`, the form `pod ipc spec` prints: the same record as the Ruby form of the same spec.
struct PodspecJSONReaderTests {
    @Test func theJSONFormReadsIntoTheSameSpec() throws {
        let json = """
            {
              "name": "NXUI",
              "version": "0.2.0",
              "source_files": "NXUI/Classes/**/*",
              "static_framework": true,
              "swift_versions": ["5.9"],
              "resource_bundles": {"NXUI": ["NXUI/Assets/*.png"]},
              "dependencies": {"NXKit": [], "AFNetworking": ["~> 4.0"]},
              "ios": {"deployment_target": "12.0", "dependencies": {"Yoga": [">= 2.0"]}},
              "subspecs": [{"name": "Core", "source_files": ["NXUI/Core/*.swift"], "dependencies": {"NXKit": []}}],
              "testspecs": [{"name": "Tests", "test_type": "unit", "source_files": "NXUI/Tests/*.swift", "dependencies": {"OHHTTPStubs": []}}]
            }
            """
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("NXUI-\(UUID().uuidString).podspec.json").path
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let spec = try PodspecJSONReader().read(path: path, fileSystem: DiskFileSystem())
        #expect(spec.name == "NXUI")
        #expect(spec.attribute("static_framework")?.value == .bool(true))
        #expect(spec.attribute("ios.deployment_target")?.value == .string("12.0"))
        #expect(spec.dependencies.map(\.name) == ["AFNetworking", "NXKit", "Yoga"])
        #expect(spec.dependencies.last?.platform == "ios")
        #expect(spec.subspecs.first?.subspecName == "Core")
        #expect(spec.testSpecs.map(\.subspecName) == ["Tests"])
        #expect(spec.testSpecs.first?.dependencies.map(\.name) == ["OHHTTPStubs"])
        #expect(spec.subspecs.first?.attribute("name") == nil)
        #expect(spec.attribute("resource_bundles")?.value == .hash([("NXUI", .array([.string("NXUI/Assets/*.png")]))]))
    }
}
