import Files
import Foundation
@testable import PodMigration
import SourceText
import Testing

@Suite("What a prefix header gave a file")
struct PrefixHeaderUseTests {
    @Test("a header's top-level declarations are its symbols")
    func declaredNames() {
        let header = """
            #ifndef NX_CONSTANTS_H
            #define NX_CONSTANTS_H
            #define NXMaxRetries 3
            /* The margin every screen uses. */
            extern const double NXDefaultMargin;
            FOUNDATION_EXPORT NSString *const NXErrorDomain;
            double NXScaled(double value);
            typedef NS_ENUM(NSInteger, NXStyle) { NXStylePlain, NXStyleBold = 2 };
            typedef struct { int width; int height; } NXSize;
            @class NXSession, NXCache;
            @interface NXTheme : NSObject
            - (void)ignoredMethod;
            @property int ignoredProperty;
            @end
            @protocol NXThemable <NSObject>
            @end
            #endif
            """
        #expect(PrefixHeaderUse.declaredNames(header) == [
            "NX_CONSTANTS_H", "NXMaxRetries", "NXDefaultMargin", "NXErrorDomain", "NXScaled", "NXStyle", "NXStylePlain", "NXStyleBold",
            "NXSize", "NXSession", "NXCache", "NXTheme", "NXThemable",
        ])
    }

    @Test("identifiers in comments and strings are not uses")
    func identifiers() {
        let text = "// NSString in a comment\n/* NSArray */ int x = NXMargin; char *s = \"NSDictionary\"; char c = 'N';\n"
        #expect(CFamilyTokens(Array(text.utf8)).identifiers == ["int", "x", "NXMargin", "char", "s", "c"])
    }

    @Test("the imports go after the leading comments")
    func insertion() {
        let text = "// NXTheme.m\n/* Licence\n   text */\n\n#import \"NXTheme.h\"\n"
        #expect(PrefixHeaderUse.inserting(["#import <Foundation/Foundation.h>"], into: text)
            == "// NXTheme.m\n/* Licence\n   text */\n\n#import <Foundation/Foundation.h>\n#import \"NXTheme.h\"\n")
    }

    @Test("what a file's own headers import counts as imported by the file")
    func importsThroughTheFilesHeaders() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("prefix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("Classes"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "Classes/NXUI.h": "#import \"NXBase.h\"\n@interface NXUI : NSObject\n@end\n",
            "Classes/NXBase.h": "#import <Foundation/Foundation.h>\n",
            "Classes/NXUI.m": "#import \"NXUI.h\"\nNSString *name = nil;\n",
            "Classes/NXOther.m": "#import \"Missing.h\"\nNSString *other = nil;\n",
        ]
        for (path, text) in files { try text.write(to: folder.appendingPathComponent(path), atomically: true, encoding: .utf8) }
        let imports = PrefixHeaderUse.imports(of: "#import <Foundation/Foundation.h>", searchFolders: [folder.path], fileSystem: DiskFileSystem())
        let edits = PrefixHeaderUse.edits(files: ["Classes/NXUI.m", "Classes/NXOther.m"], directory: folder.path, imports: imports, fileSystem: DiskFileSystem())
        #expect(edits.map(\.file) == ["Classes/NXOther.m"])
        #expect(edits.first?.needs.first?.symbols == ["NSString"])
    }
}
