import Foundation
import Testing
@testable import SourceImports

/// The use pass parses a module's file for its extensions' members without the code of their bodies: the cut text must
/// declare exactly what the whole file declares.
struct ExtensionTextTests {
    private let module = """
        import Foundation

        /// A client. `extension Fake { public var notAMember: Int }` in a comment; so is this { brace.
        public struct ApiClient: Sendable {
            public var fetch: @Sendable () async throws -> Data
            public func run() { let text = "} extension Inside {"; print(text) }
        }

        @available(iOS 15, *)
        public extension DependencyValues {
            var apiClient: ApiClient {
                get { self[ApiClient.self] }
                set { self[ApiClient.self] = newValue }
            }
            private var hidden: Int { 0 }
            static let first = 1, second = 2
            func reload(_ body: () -> Void = { print("{") }) { body() }
            struct Nested { public var deep: Int { 1 } }
            #if DEBUG
            var debugOnly: Bool { true }
            #endif
        }

        extension Array where Element == Int {
            public var total: Int { reduce(0) { $0 + $1 } }
            var notPublic: Int { 0 }
            public var banner: String {
                \"\"\"
                { unbalanced in a multi-line string
                \"\"\"
            }
            public func nested() -> Int { let f = { (x: Int) in x * 2 }; return f(1) }
        }

        #if canImport(UIKit)
        extension Notification.Name {
            public static let refreshed = Notification.Name("refreshed \\(1 + 1) }")
        }
        #endif

        func free() { _ = [1].map { $0 } }
        """

    @Test func theCutTextDeclaresWhatTheWholeFileDeclaresAndNoBody() throws {
        let bytes = Array(module.utf8)
        guard case .text(let text) = try #require(ExtensionText.reduced(bytes)) else { Issue.record("no text"); return }
        #expect(text.count == bytes.count)
        #expect(text.indices.filter { bytes[$0] == UInt8(ascii: "\n") } == text.indices.filter { text[$0] == UInt8(ascii: "\n") })
        let members = APIUsePass.members(parsing: bytes)
        #expect(members == ["apiClient": ["DependencyValues"], "first": ["DependencyValues"], "second": ["DependencyValues"],
                            "reload": ["DependencyValues"], "Nested": ["DependencyValues"], "total": ["Array"], "banner": ["Array"],
                            "nested": ["Array"], "refreshed": ["Name"]])
        #expect(APIUsePass.members(parsing: text) == members)
        #expect(APIUsePass.extensionMembers(in: bytes) == members)
        let kept = String(decoding: text, as: UTF8.self)
        for body in ["self[ApiClient.self]", "print(text)", "reduce(0)", "unbalanced", "$0 }", "x * 2", "deep"] {
            #expect(!kept.contains(body), "\(body)")
        }
        for level in ["public extension DependencyValues {", "static let first = 1, second = 2", "#if DEBUG", "refreshed \\(1 + 1) }"] {
            #expect(kept.contains(level), "\(level)")
        }
    }

    /// A file without an extension body declares no member: nothing is parsed.
    @Test func aFileWithoutAnExtensionIsNotParsed() {
        let text = "// extension A { }\nstruct B { let extension_ = \"extension C {\" }\nlet d = B()\n"
        #expect(ExtensionText.reduced(Array(text.utf8)) == .noExtension)
    }

    /// Text the pass cannot follow is parsed whole.
    @Test func whatThePassCannotFollowIsParsedWhole() {
        let unfollowed = [
            "extension A { public var b: String { #\"{\"# } }\n",
            "extension A { public var r: Regex<Substring> { #/{/# } }\n",
            "#if os(iOS)\nextension A: UIView {\n#else\nextension A: NSView {\n#endif\n    public var b: Int { 1 }\n}\n",
            "extension A { public var b: Int { 1 }\n",
            "extension A { public var b: Int { 1 } }\n}\n",
            "extension A { /* unclosed\n public var b: Int { 1 } }\n",
            "extension A { public var b = \"unclosed\n }\n",
        ]
        for text in unfollowed {
            #expect(ExtensionText.reduced(Array(text.utf8)) == nil, "\(text)")
        }
        #expect(APIUsePass.extensionMembers(in: Array(unfollowed[0].utf8)) == ["b": ["A"]])
    }

    /// This repository's own sources, as a corpus of real Swift: each file's cut text declares what the whole file does.
    @Test(arguments: ["SourceImports", "Rules"])
    func everySourceOfAModuleDeclaresTheSameMembersCut(module: String) throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources").appendingPathComponent(module)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") && $0 != "ToolchainNames.swift" }.sorted()
        var cut = 0, whole = 0
        for name in names {
            let bytes = try Array(Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(APIUsePass.extensionMembers(in: bytes) == APIUsePass.members(parsing: bytes), "\(name)")
            switch ExtensionText.reduced(bytes) {
            case .text: cut += 1
            case .noExtension: break
            case nil: whole += 1
            }
        }
        #expect(cut >= 2 && whole == 0, "\(cut) cut, \(whole) parsed whole")
    }
}
