import Files
import Diagnostics
import XCTest
@testable import ManifestReading
import PackageModel

/// Reads a literal manifest with the static reader, on a fixed toolchain and environment.
func readStatic(
    _ source: String, environment: [String: String] = [:], toolchain: ToolsVersion = ToolsVersion(6, 3, 1),
    file: StaticString = #filePath, line: UInt = #line
) throws -> Manifest {
    let reader = StaticManifestReader(toolchainVersion: toolchain, environment: environment, moduleSearchPaths: [])
    return try reader.read(source: source, path: "Package.swift")
}

/// The static reader's decline for a literal manifest, failing the test if it reads or errors instead.
func declineOf(
    _ source: String, environment: [String: String] = [:], file: StaticString = #filePath, line: UInt = #line
) -> Decline? {
    do {
        let manifest = try readStatic(source, environment: environment)
        XCTFail("expected a decline, read \(summary(manifest))", file: file, line: line)
    } catch let declined as StaticReadDeclined {
        return declined.decline
    } catch {
        XCTFail("expected a decline, got \(error)", file: file, line: line)
    }
    return nil
}

/// An exact, line-per-fact rendering of a manifest, positions included, for comparing with expectations.
func summary(_ manifest: Manifest) -> String {
    var lines = ["package \(manifest.name) tools \(manifest.toolsVersion)"]
    for dependency in manifest.dependencies {
        lines.append("dependency \(dependency.identity) \(dependency.kind.rawValue) \(dependency.location)\(at(dependency.position))")
    }
    for product in manifest.products {
        lines.append("product \(product.name) \(product.type.rawValue) [\(product.targets.joined(separator: ", "))]")
    }
    for target in manifest.targets {
        lines.append("target \(target.name) \(target.type.rawValue)")
        for dependency in target.dependencies {
            var line = "  \(dependency.kind.rawValue) \(dependency.name)"
            if let package = dependency.package { line += " package=\(package)" }
            if let platforms = dependency.platforms { line += " platforms=\(platforms.joined(separator: ","))" }
            if let traits = dependency.traits { line += " traits=\(traits.joined(separator: ","))" }
            lines.append(line + at(dependency.position))
        }
    }
    return lines.joined(separator: "\n")
}

private func at(_ position: SourcePosition?) -> String {
    position.map { " @\($0.line):\($0.column)" } ?? ""
}

/// Asserts the static reading of `source` renders exactly as `expected` (see ``summary(_:)``).
func assertReads(
    _ source: String, environment: [String: String] = [:], toolchain: ToolsVersion = ToolsVersion(6, 3, 1),
    as expected: String, file: StaticString = #filePath, line: UInt = #line
) {
    do {
        let manifest = try readStatic(source, environment: environment, toolchain: toolchain)
        XCTAssertEqual(summary(manifest), expected, file: file, line: line)
    } catch {
        XCTFail("could not read: \(error)", file: file, line: line)
    }
}
