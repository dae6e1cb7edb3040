import SourceText
import Testing

/// The one C-family tokenizer: what imports, wiring, bundle lookups and prefix-header uses read from it.
struct CFamilyTokensTests {
    private func inclusions(_ text: String, keeping detail: CFamilyTokens.Detail = .directives) -> [String] {
        CFamilyTokens(Array(text.utf8), keeping: detail).inclusions.map { inclusion in
            switch inclusion.form {
            case .angled(let path): return "\(inclusion.line):\(inclusion.column) <\(path)>"
            case .quoted(let path): return "\(inclusion.line):\(inclusion.column) \"\(path)\""
            case .module(let path): return "\(inclusion.line):\(inclusion.column) @import \(path.joined(separator: "."))"
            }
        }
    }

    @Test func inclusionsAreReadOutsideCommentsAndStrings() {
        let text = """
            #import <UIKit/UIKit.h>
              #include "Folder/Local.h" // a comment
            /* #import <Hidden/Hidden.h>
               */ @import Video.Player;
            NSString *s = @"#import <NotOne/NotOne.h>";
            // #import <Commented/Out.h>
            # import <Spaced/Spaced.h>
            @import Foundation;\r
            """
        let expected = ["1:1 <UIKit/UIKit.h>", "2:3 \"Folder/Local.h\"", "4:7 @import Video.Player", "7:1 <Spaced/Spaced.h>", "8:1 @import Foundation"]
        #expect(inclusions(text) == expected)
        #expect(inclusions(text, keeping: .tokens) == expected)
        #expect(CFamilyTokens(Array(text.utf8), keeping: .directives).tokens.isEmpty)
    }

    @Test func conditionsConstantsAndPasteMacrosAreRead() {
        let tokens = CFamilyTokens(Array("""
            #define kURL @"app://home/detail" // the URL is whole
            #define _Target(name) Target_##name
            #ifdef DEBUG
            id a = performTarget;
            #else
            id b;
            #endif
            """.utf8))
        #expect(tokens.defines == ["kURL": "app://home/detail"])
        #expect(tokens.pasteMacros["_Target"]?.expand("Home") == "Target_Home")
        let conditions = tokens.tokens.filter { $0.kind == .identifier }.map { "\($0.text) \(tokens.conditionSets[$0.conditions])" }
        #expect(conditions == ["id [\"defined(DEBUG)\"]", "a [\"defined(DEBUG)\"]", "performTarget [\"defined(DEBUG)\"]", "id [\"!(defined(DEBUG))\"]",
                               "b [\"!(defined(DEBUG))\"]"])
    }

    @Test func identifiersLeaveOutCommentsStringsAndCharactersButNotDirectives() {
        let tokens = CFamilyTokens(Array("#if USE_KIT\nint x = 'c'; /* y */ // z\nchar *s = \"w\"; 42;\n#endif\n".utf8))
        #expect(tokens.identifiers == ["if", "USE_KIT", "endif", "int", "x", "char", "s"])
    }

    @Test func joinedParseRefusesWhatCarriesIntoTheNextFile() {
        for text in ["import A\n", "let s = \"x\" // {\n", "#if A\nimport A\n#endif\n"] {
            #expect(JoinedParse.isSelfContained(Array(text.utf8)), "\(text)")
        }
        for text in ["/* c */\n", "let s = \"\"\"\n", "let r = #/x/#\n", "#if A\n", "func f() {\n", "let s = \"open\n"] {
            #expect(!JoinedParse.isSelfContained(Array(text.utf8)), "\(text)")
        }
    }

    @Test func markerWordsFindAWordAnywhere() {
        let markers = MarkerWords(["performTarget", "Target_"])
        #expect(markers.present(in: Array("x.performTarget(".utf8)) && markers.present(in: Array("class Target_A".utf8)))
        #expect(!markers.present(in: Array("target_ performtarget".utf8)) && !MarkerWords([]).present(in: Array("a".utf8)))
    }
}
