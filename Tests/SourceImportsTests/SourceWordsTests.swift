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
        }
        #expect(words.hasExtension)
        #expect(!SourceWords(Array("struct A { var b = 1 }".utf8)).hasExtension)
    }

    /// Every use ``UseFinder`` finds is at a word the file may use a member at; words elsewhere are not.
    @Test func aFileMayUseAMemberOnlyAfterADotOrBeforeACall() {
        let text = """
            let x = store.apiClient(\\.build.number) + a×b
            let y = Color .brand
            let z = \\DependencyValues. `default`
            @Dependency(\\.fileClient) var fileClient
            let w = makeThing (1) + render { 2 } + Notification.Name.custom + Text("a")
            """
        let words = SourceWords(Array(text.utf8))
        let finder = UseFinder(names: ["apiClient", "build", "number", "brand", "default", "fileClient", "makeThing", "render", "Name", "custom", "store", "x"])
        finder.walk(Parser.parse(source: text))
        #expect(Set(finder.uses.map(\.name)) == ["apiClient", "build", "number", "brand", "default", "fileClient", "makeThing", "render", "Name", "custom"])
        for use in finder.uses {
            #expect(words.uses(SourceWords.hash(use.name)), "\(use.name)")
        }
        let elsewhere = ["let", "x", "store", "a×b", "Color", "DependencyValues", "Dependency", "var", "ApiClient", "fetch", "Text"]
        #expect(elsewhere.filter { words.uses(SourceWords.hash($0)) }.isEmpty)
        #expect(!SourceWords([]).uses(SourceWords.hash("x")))
    }

    /// Every use ``UseFinder`` finds on a type the code writes is at a rooted word; a member used on a value is not.
    @Test func aMemberOnAWrittenTypeIsAtARootedWord() {
        let text = """
            @Dependency(\\ .numberFormatter) var numberFormatter
            let a = \\DependencyValues.calendar + Notification . Name.custom + Foundation.Date.now
            let b = formatter.locale + value.Calendar + make().timeZone
            """
        let words = SourceWords(Array(text.utf8))
        let finder = UseFinder(names: ["numberFormatter", "calendar", "Name", "custom", "Date", "now", "locale", "Calendar", "timeZone"])
        finder.walk(Parser.parse(source: text))
        let rooted = Set(finder.uses.filter { $0.root != nil }.map(\.name))
        #expect(rooted == ["numberFormatter", "calendar", "Name", "custom", "Date", "now"])
        for name in rooted {
            #expect(words.usesRooted(SourceWords.hash(name)), "\(name)")
        }
        #expect(["locale", "timeZone"].filter { words.usesRooted(SourceWords.hash($0)) }.isEmpty)
    }

    /// A target's file that never spells a module's names rules the module's files out before any parse.
    @Test func onlyFilesThatShareAWordAreParsed() {
        let target = SourceWords(Array("import Dependencies\nlet client = Dependency(\\.apiClient)".utf8))
        let unrelated = SourceWords(Array("public enum Settings { public static let theme = 1 }".utf8))
        let related = SourceWords(Array(module.utf8))
        let words = GroupWords(groups: [[target], [unrelated], [related]])
        let asking = AskingTargets([APIUseQuery(target: 0, module: 1), APIUseQuery(target: 0, module: 2)])
        let candidates = asking.candidateFiles(of: 0, in: ExtensionWordIndex(words, modules: [1, 2]), words: words)
        #expect(candidates.files[1] == nil)
        #expect(candidates.files[2] == [GroupFile(group: 2, index: 0)])
    }
}
