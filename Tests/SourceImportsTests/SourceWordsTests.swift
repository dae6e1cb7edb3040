import SwiftParser
import Testing
@testable import SourceImports

/// The word test before SwiftParser: it may let a file through that declares or uses nothing, never hold back one that does.
struct SourceWordsTests {
    private let module = """
        import Foundation

        /// A client, with a `let` in its comment.
        public struct ApiClient: Sendable {
            public var fetch: @Sendable () async throws -> Data
        }

        extension DependencyValues {
            public var apiClient: ApiClient {
                get { self[ApiClient.self] }
                set { self[ApiClient.self] = newValue }
            }
            public var `default`: Int { 0 }
            public static let first = 1, second = 2
        }

        public func makeCafé() -> Int { 1 }
        public typealias Handler = (Int) -> Void
        """

    @Test func everyNameTheCollectorFindsIsADeclarableWord() {
        let text = module + "\nenum Screen<Value> { case home, detail(Int)\n associatedtype Item }\n"
        let words = SourceWords(Array(text.utf8))
        let members = APIUsePass.extensionMembers(in: Array(module.utf8))
        #expect(members == ["apiClient": ["DependencyValues"], "default": ["DependencyValues"], "first": ["DependencyValues"], "second": ["DependencyValues"]])
        let every = EveryNameCollector()
        every.walk(Parser.parse(source: text))
        #expect(every.names == ["ApiClient", "fetch", "apiClient", "default", "first", "second", "makeCafé", "Handler", "Screen", "Value", "home", "detail", "Item"])
        for name in every.names {
            #expect(words.declarable.contains(SourceWords.hash(name)), "\(name)")
            #expect(words.has(SourceWords.hash(name)), "\(name)")
        }
    }

    @Test func aFileHoldsItsWordsAndNotOthers() {
        let words = SourceWords(Array("let x = store.apiClient(\\.build.number) + a×b".utf8))
        for word in ["let", "x", "store", "apiClient", "build", "number", "a×b", "a", "b"] {
            #expect(words.has(SourceWords.hash(word)), "\(word)")
        }
        let absent = ["ApiClient", "fetch", "defaultValue", "numbers", "stor", "Build"].filter { words.has(SourceWords.hash($0)) }
        #expect(absent.count <= 1, "a filter of this size lets few absent words through: \(absent)")
        #expect(!SourceWords([]).has(SourceWords.hash("x")))
    }

    /// A target's file that never spells a module's names rules the module's files out before any parse.
    @Test func onlyFilesThatShareAWordAreParsed() {
        let target = SourceWords(Array("import Dependencies\nlet client = Dependency(\\.apiClient)".utf8))
        let unrelated = SourceWords(Array("public enum Settings { public static let theme = 1 }".utf8))
        let related = SourceWords(Array(module.utf8))
        let words = GroupWords(groups: [[target], [unrelated], [related]])
        #expect(words.moduleFiles(of: 1, thatMayDeclareWordsOf: 0).isEmpty)
        #expect(words.moduleFiles(of: 2, thatMayDeclareWordsOf: 0) == [GroupFile(group: 2, index: 0)])
    }
}
