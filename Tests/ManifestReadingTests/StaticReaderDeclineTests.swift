import Files
import XCTest
@testable import ManifestReading
import PackageModel

/// Every reason the static reader declines, each pointing at the construct it could not evaluate.
final class StaticReaderDeclineTests: XCTestCase {
    private let header = "// swift-tools-version:5.9\nimport PackageDescription\nimport Foundation\n"

    func testUnknownCallInTheGraph() {
        let decline = declineOf(header + """
            let hasKit = FileManager.default.fileExists(atPath: "Kit")
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: hasKit ? ["Kit"] : [])])
            """)
        XCTAssertEqual(decline, Decline("call to 'FileManager.default.fileExists'", line: 4, column: 14))
    }

    func testUnknownCallOutsideTheGraphIsHarmless() throws {
        let manifest = try readStatic(header + """
            let flags = FileManager.default.fileExists(atPath: "x") ? ["-O"] : []
            let package = Package(name: "P", targets: [.target(name: "A", swiftSettings: [.unsafeFlags(flags)])])
            """)
        XCTAssertEqual(manifest.targets.map(\.name), ["A"])
    }

    func testUndecidableCanImport() {
        let decline = declineOf(header + """
            var deps: [Target.Dependency] = []
            #if canImport(SomeVendorSDK)
            deps.append("Vendor")
            #endif
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: deps)])
            """)
        XCTAssertEqual(decline?.line, 5)
        XCTAssertTrue(decline?.construct.contains("canImport(SomeVendorSDK)") == true, "\(String(describing: decline))")
    }

    func testHasFeatureIsUndecidable() {
        let decline = declineOf(header + """
            let package = Package(name: "P", targets: [])
            #if hasFeature(Embedded)
            package.targets.append(.target(name: "E"))
            #endif
            """)
        XCTAssertEqual(decline?.line, 5)
    }

    func testUndecidableConditionThatChangesTheGraph() {
        let decline = declineOf(header + """
            let package = Package(name: "P", targets: [.target(name: "A")])
            if FileManager.default.fileExists(atPath: "/opt/extra") {
                package.targets.append(.target(name: "Extra"))
            }
            """)
        XCTAssertEqual(decline, Decline("call to 'FileManager.default.fileExists'", line: 5, column: 4))
    }

    func testUndecidableConditionThatOnlyChangesSettingsIsHarmless() throws {
        let manifest = try readStatic(header + """
            let package = Package(name: "P", targets: [.target(name: "A")])
            for target in package.targets {
                if FileManager.default.fileExists(atPath: "/opt/strict") {
                    target.swiftSettings = [.unsafeFlags(["-strict"])]
                }
            }
            """)
        XCTAssertEqual(manifest.targets.map(\.name), ["A"])
    }

    func testLoopOverUnknownSequenceThatChangesDependencies() {
        let decline = declineOf(header + """
            let package = Package(name: "P", targets: [.target(name: "A")])
            for name in try! FileManager.default.contentsOfDirectory(atPath: "Plugins") {
                package.targets.append(.target(name: name))
            }
            """)
        XCTAssertEqual(decline?.line, 5)
    }

    func testUndecidableLoopMutatingATargetProperty() {
        let decline = declineOf(header + """
            let package = Package(name: "P", targets: [.target(name: "A")])
            if FileManager.default.fileExists(atPath: "x") {
                for target in package.targets { target.dependencies = [] }
            }
            """)
        XCTAssertEqual(decline?.line, 5)
    }

    func testUndecidableTopLevelGuardDoesNotLeaveAPartialPackage() {
        let decline = declineOf(header + """
            let package = Package(name: "P", targets: [.target(name: "A")])
            guard !FileManager.default.fileExists(atPath: "/etc/skip") else { fatalError() }
            package.targets.append(.target(name: "B"))
            """)
        XCTAssertEqual(decline, Decline("call to 'FileManager.default.fileExists'", line: 5, column: 8))
    }

    func testPropertyComputedByTheManifestsOwnExtension() {
        let decline = declineOf(header + """
            extension Package { var extraTargets: [Target] { [.target(name: "X")] } }
            let package = Package(name: "P", targets: [.target(name: "A")])
            package.targets += package.extraTargets
            """)
        XCTAssertEqual(decline, Decline("property 'extraTargets'", line: 6, column: 20))
    }

    func testWhileLoop() {
        let decline = declineOf(header + """
            var count = 0
            while count < 3 { count += 1 }
            let package = Package(name: "P")
            """)
        XCTAssertEqual(decline?.construct, "statement `while count < 3 { count += 1 }`")
    }

    func testUserFunctionCalledUnderUndecidableCondition() {
        let decline = declineOf(header + """
            func addExtras() { }
            let package = Package(name: "P")
            if FileManager.default.fileExists(atPath: "x") { addExtras() }
            """)
        XCTAssertEqual(decline?.line, 6)
        XCTAssertTrue(decline?.construct.hasPrefix("call to 'addExtras' under an undecidable condition") == true)
    }

    func testPackageNotBoundToATopLevelName() {
        let decline = declineOf(header + """
            let a = Package(name: "A")
            let b = Package(name: "B")
            """)
        XCTAssertEqual(decline, Decline("a package not bound to a top-level 'let package'", line: 4, column: 9))
    }

    func testTypeDeclaredInTheManifest() {
        let decline = declineOf(header + """
            struct Module { var name: String }
            let modules = [Module(name: "A")]
            let package = Package(name: "P", targets: modules.map { .target(name: $0.name) })
            """)
        XCTAssertEqual(decline, Decline("call to 'Module'", line: 5, column: 16))
    }

    func testInoutArgument() {
        let decline = declineOf(header + """
            func add(_ targets: inout [Target]) { }
            var targets: [Target] = []
            add(&targets)
            let package = Package(name: "P", targets: targets)
            """)
        XCTAssertEqual(decline?.line, 6)
    }

    func testRecursionBeyondTheLimit() {
        let decline = declineOf(header + """
            func deps(_ n: Int) -> [Target.Dependency] { n == 0 ? [] : deps(n + 1) }
            let package = Package(name: "P", targets: [.target(name: "A", dependencies: deps(1))])
            """)
        XCTAssertEqual(decline?.construct, "recursion deeper than the static reader follows")
    }

    func testUnknownTargetFactory() {
        let decline = declineOf(header + """
            let package = Package(name: "P", targets: [.customTarget(name: "A")])
            """)
        XCTAssertEqual(decline, Decline("target '.customTarget(name:)'", line: 4, column: 44))
    }

    /// Static members of several types sharing names (`Target.core`, `String.core`, `Target.Dependency.core`), each
    /// named by an implicit member: each static property is evaluated once, as Swift does, and one the reader resolves to
    /// itself is unknown at once. Before, the reader followed every such reference again, branching at every level, for
    /// hours.
    func testStaticPropertiesSharingNamesAreEvaluatedOnce() {
        let decline = declineOf(header + """
            let package = Package(name: "Kit", products: [.core], targets: [.aem, .core, .login])
            extension Product { static let core = library(name: .core, targets: [.core]) }
            extension Target {
                static let aem = target(name: .aem)
                static let core = target(name: .core, dependencies: [.aem])
                static let login = target(name: .login, dependencies: [.core, .aem, .core, .aem, .core, .aem])
            }
            extension Target.Dependency {
                static let aem = byName(name: .aem)
                static let core = byName(name: .core)
            }
            extension String {
                static let aem = "AEM"
                static let core = "Core"
                static let login = "Login"
            }
            """)
        XCTAssertNotNil(decline, "the reader declines what it cannot resolve; SwiftPM's reading answers then")
    }

    func testDeclineMessageNamesTheFileLineAndConstruct() {
        let declined = StaticReadDeclined(path: "Kit/Package.swift", decline: Decline("while loop", line: 3, column: 1))
        XCTAssertEqual(declined.description, "Kit/Package.swift:3:1: note: the static reader cannot evaluate while loop")
    }
}
