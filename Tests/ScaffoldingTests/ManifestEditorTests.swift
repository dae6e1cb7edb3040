import Diagnostics
import XCTest
@testable import Scaffolding

/// Adding a component to the host app's manifest changes only the two arrays, in the file's own style.
final class ManifestEditorTests: XCTestCase {
    private func edit(_ source: String) throws -> String {
        try ManifestEditor(source: source, path: "App/Package.swift")
            .addingDependency(packagePath: "../Video", product: "Video", package: "Video", to: "App")
    }

    func testMultilineArraysWithTrailingCommas() throws {
        XCTAssertEqual(try edit("""
            let package = Package(
              name: "App",
              dependencies: [
                .package(path: "../Kit"),
              ],
              targets: [
                .target(
                  name: "App",
                  dependencies: [
                    "Kit",
                  ]
                ),
              ]
            )
            """), """
            let package = Package(
              name: "App",
              dependencies: [
                .package(path: "../Kit"),
                .package(path: "../Video"),
              ],
              targets: [
                .target(
                  name: "App",
                  dependencies: [
                    "Kit",
                    .product(name: "Video", package: "Video"),
                  ]
                ),
              ]
            )
            """)
    }

    func testArraysWithoutTrailingCommasAndOnOneLine() throws {
        XCTAssertEqual(try edit("""
            let package = Package(name: "App",
                dependencies: [
                    .package(path: "../Kit")
                ],
                targets: [.target(name: "App", dependencies: ["Kit"])])
            """), """
            let package = Package(name: "App",
                dependencies: [
                    .package(path: "../Kit"),
                    .package(path: "../Video")
                ],
                targets: [.target(name: "App", dependencies: ["Kit", .product(name: "Video", package: "Video")])])
            """)
    }

    func testMissingAndEmptyDependencies() throws {
        XCTAssertEqual(try edit("""
            let package = Package(
                name: "App",
                targets: [
                    .target(name: "App"),
                    .target(name: "Other", dependencies: []),
                ]
            )
            """), """
            let package = Package(
                name: "App",
                dependencies: [
                    .package(path: "../Video"),
                ],
                targets: [
                    .target(name: "App", dependencies: [.product(name: "Video", package: "Video")]),
                    .target(name: "Other", dependencies: []),
                ]
            )
            """)
    }

    func testAlreadyPresentIsLeftAlone() throws {
        let source = """
            let package = Package(name: "App", dependencies: [.package(path: "../Video")],
                targets: [.target(name: "App", dependencies: [.product(name: "Video", package: "Video")])])
            """
        XCTAssertEqual(try edit(source), source)
    }

    func testNonLiteralDependenciesAreRefusedWithWhatToDo() {
        XCTAssertThrowsError(try edit("let deps: [Package.Dependency] = []\nlet package = Package(name: \"App\", dependencies: deps, targets: [.target(name: \"App\")])\n")) { error in
            XCTAssertEqual("\(error)", "App/Package.swift:2:36: error: cannot add Video to App: dependencies: is not a literal list (a variable or an expression builds it); add the entry by hand")
        }
        XCTAssertThrowsError(try edit("let package = Package(name: \"App\", targets: [])\n")) { error in
            XCTAssertEqual("\(error)", "App/Package.swift: error: cannot add Video to App: the manifest has no target written as .target(name: \"App\", …)")
        }
    }
}
