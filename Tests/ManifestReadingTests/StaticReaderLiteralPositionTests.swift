import Diagnostics
import XCTest
@testable import ManifestReading

/// A dependency named by a string literal is placed at that literal, however the literal is written (plain, raw, with
/// an escape): the static reader finds the literals' values once per manifest, the plain ones from their text.
final class StaticReaderLiteralPositionTests: XCTestCase {
    func testByNameDependenciesArePlacedAtTheirLiterals() throws {
        let dependencies = ##"        .target(name: "A", dependencies: ["B", #"C"#, "D\u{45}", "G"]),"##
        let source = """
        // swift-tools-version:5.9
        import PackageDescription

        let package = Package(
            name: "Strings",
            targets: [
        \(dependencies)
                .target(name: "B"),
                .target(name: "C"),
                .target(name: "DE"),
                .target(name: "G", path: "Sources/#G"),
            ]
        )
        """
        let manifest = try readStatic(source)
        let target = try XCTUnwrap(manifest.targets.first { $0.name == "A" })
        let column = { (literal: String) -> Int in
            dependencies.utf8.count - (dependencies.range(of: literal).map { dependencies[$0.lowerBound...].utf8.count } ?? 0) + 1
        }
        XCTAssertEqual(target.dependencies.map(\.name), ["B", "C", "DE", "G"])
        XCTAssertEqual(target.dependencies.map { $0.position.map { "\($0.line):\($0.column)" } ?? "-" },
                       ["7:\(column(#""B""#))", "7:\(column(##"#"C"#"##))", "7:\(column(#""D\u{45}""#))", "7:\(column(#""G""#))"])
    }
}
