import Diagnostics
import Foundation
import Project
import Rules
import XCTest

/// Modules used by being linked or called by name, never imported: a module holding the live values of other modules'
/// dependency keys, and a mediator clone whose entry point is not `performTarget`.
final class LinkedForRegistrationTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-registration" }

    /// A package `Shop`: `Keys` declares a protocol looked up at run time, `Cart` a client, `CartLive` what `live` holds
    /// (`liveFile`), and `App` links all three and imports `Cart` only.
    private func writeShop(liveFile: String) throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Shop",
                targets: [
                    .target(name: "Keys"),
                    .target(name: "Cart", dependencies: ["Keys"]),
                    .target(name: "CartLive", dependencies: ["Cart", "Keys"]),
                    .target(name: "App", dependencies: ["Cart", "CartLive"]),
                ]
            )

            """, to: "Package.swift")
        try write("public protocol LiveKey { static var live: Self { get } }\n", to: "Sources/Keys/LiveKey.swift")
        try write("import Keys\n\npublic struct CartClient { public var total: () -> Int }\n", to: "Sources/Cart/CartClient.swift")
        try write(liveFile, to: "Sources/CartLive/Live.swift")
        try write("import Cart\n\nstruct Checkout { var cart: CartClient }\n", to: "Sources/App/Checkout.swift")
    }

    private func unused() throws -> [String] {
        described(try check().result.findings.filter { $0.rule == .unusedDependency && $0.message.hasPrefix("App ") })
    }

    /// `extension CartClient: LiveKey` in CartLive makes another module's type conform to another module's protocol:
    /// found at run time (a dependency container asks for the key's live value), so App links CartLive for it and its
    /// entry is no `unused-dependency`. Conformances of CartLive's own type, to a protocol of the toolchain, or none at
    /// all leave the warning.
    func testAModuleAddingConformancesOfOthersTypesToOthersProtocolsIsUsedByBeingLinked() throws {
        let retroactive = """
            import Cart
            import Keys

            // extension Ignored: LiveKey {} in a comment is not read.
            extension CartClient: @retroactive LiveKey {
                public static var live: Self { Self(total: { 0 }) }
            }

            """
        try writeShop(liveFile: retroactive)
        XCTAssertEqual(try unused(), [])
        try writeShop(liveFile: retroactive.replacingOccurrences(of: "@retroactive LiveKey", with: "Keys.LiveKey"))
        XCTAssertEqual(try unused(), [])

        let expected = ["ROOT/Package.swift:10:53: unused-dependency: App declares a dependency on CartLive, which none of its files imports"]
        for liveFile in [
            "import Keys\n\npublic struct LiveCart {}\n\nextension LiveCart: LiveKey {\n    public static var live: Self { Self() }\n}\n",
            "import Cart\n\nextension CartClient: CustomStringConvertible, Sendable {\n    public var description: String { \"cart\" }\n}\n",
            "import Cart\n\nextension CartClient {\n    public static var live: Self { Self(total: { 0 }) }\n}\n",
            "import Cart\nimport Keys\n\nenum Wrapper {\n    // Not at the top level: no conformance of the module.\n    static let text = \"extension CartClient: LiveKey {}\"\n}\n",
        ] {
            try writeShop(liveFile: liveFile)
            XCTAssertEqual(try unused(), expected, liveFile)
        }
    }

    /// A Swift CTMediator clone whose entry point is `perform(_:target:action:params:)`: a call whose `target:` is a
    /// string literal is read as CTMediator's `Target_<target>` / `Action_<action>:` where the repository has `Target_`
    /// classes. A renamed class or action is `mediator-unresolved` at the call; a call whose action is a name the
    /// target does not define is undecided; UIKit's `addTarget(_:action:for:)` and `target: self` are no calls.
    func testACloneCallNamedByItsTargetAndActionLabelsIsResolved() throws {
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Hub",
                targets: [
                    .target(name: "Router"),
                    .target(name: "Profile"),
                    .target(name: "Feed", dependencies: ["Router"]),
                ]
            )

            """, to: "Package.swift")
        try write("""
            import Foundation

            public final class Router {
                public static let shared = Router()
                public func perform(_ module: String?, target: String, action: String, params: [String: Any]?) -> Any? { nil }
            }

            """, to: "Sources/Router/Router.swift")
        let provider = """
            import Foundation

            final class Target_Profile: NSObject {
                @objc func Action_show(_ params: [String: Any]) -> Any? { nil }
            }

            """
        try write(provider, to: "Sources/Profile/Target_Profile.swift")
        func feed(_ call: String) throws -> [String] {
            try write("""
                import Router
                import UIKit

                final class FeedView: UIView {
                    func open() -> Any? {
                        let button = UIButton()
                        button.addTarget(self, action: #selector(tap), for: .touchUpInside)
                        _ = UIBarButtonItem(title: "Done", style: .plain, target: self, action: #selector(tap))
                        return \(call)
                    }

                    @objc func tap() {}
                }

                """, to: "Sources/Feed/FeedView.swift")
            let checked = try check()
            let mediators = try XCTUnwrap(checked.graph.mediators)
            return described(checked.result.findings.filter { $0.rule == .mediatorUnresolved })
                + mediators.undecided.map { "undecided \($0.api) \($0.written)" } + mediators.calls.map { "call \($0.api) \($0.key)" }
        }
        let api = "perform(_:target:action:params:)"
        XCTAssertEqual(try feed("Router.shared.perform(\"Hub\", target: \"Profile\", action: \"show\", params: nil)"),
                       ["call \(api) Target_Profile's Action_show:"])
        let renamed = try feed("Router.shared.perform(\"Hub\", target: \"Profil\", action: \"show\", params: nil)")
        XCTAssertEqual(renamed.first?.hasPrefix("ROOT/Sources/Feed/FeedView.swift:9:30: mediator-unresolved: "), true, "\(renamed)")
        let misspelt = try feed("Router.shared.perform(\"Hub\", target: \"Profile\", action: \"shw\", params: nil)")
        XCTAssertEqual(misspelt.first?.contains("mediator-unresolved: "), true, "\(misspelt)")
        XCTAssertEqual(try feed("Router.shared.perform(\"Hub\", target: \"Profile\", action: kShow, params: nil)"),
                       ["undecided \(api) Target_Profile's action kShow"])
        // No `Target_` class in the repository: labels alone are no mediator call.
        try FileManager.default.removeItem(atPath: root + "/Sources/Profile/Target_Profile.swift")
        try write("public struct Profile {}\n", to: "Sources/Profile/Profile.swift")
        XCTAssertEqual(try feed("Router.shared.perform(\"Hub\", target: \"Profile\", action: \"show\", params: nil)"), [])
    }
}
