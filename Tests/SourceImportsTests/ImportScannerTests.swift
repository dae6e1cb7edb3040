import Files
import Foundation
@testable import SourceImports
import Testing

/// Every import form the scanner reads, and what it must not take for an import.
struct ImportScannerTests {
    private func imports(_ text: String) -> [String] {
        SwiftImportParser.imports(in: text).imports.map { item in
            var parts = [item.module + (item.path.isEmpty ? "" : "." + item.path.joined(separator: ".")), "\(item.line):\(item.column)"]
            if !item.attributes.isEmpty { parts.append("@" + item.attributes.joined(separator: ",@")) }
            if let access = item.accessLevel { parts.append(access.rawValue) }
            if let kind = item.declarationKind { parts.append(kind.rawValue) }
            if !item.conditions.isEmpty { parts.append("if " + item.conditions.joined(separator: " && ")) }
            return parts.joined(separator: " ")
        }
    }

    @Test func everySwiftImportForm() {
        #expect(imports("""
            import Foundation
            @testable import ComponentVideo
            @_exported import NXKit
            @_implementationOnly import CZlib
            @preconcurrency import Dispatch
            @_spi(Internal) import NXUI
            public import NXService
            package import EMAccount
            internal import A
            private import B
            fileprivate import C
            import struct NXKit.Color
            import class UIKit.UIView
            import NXUI.Theme
            """) == [
                "Foundation 1:1", "ComponentVideo 2:11 @testable", "NXKit 3:12 @_exported", "CZlib 4:22 @_implementationOnly",
                "Dispatch 5:17 @preconcurrency", "NXUI 6:17 @_spi", "NXService 7:8 public", "EMAccount 8:9 package", "A 9:10 internal",
                "B 10:9 private", "C 11:13 fileprivate", "NXKit.Color 12:1 struct", "UIKit.UIView 13:1 class", "NXUI.Theme 14:1",
            ])
    }

    /// A pod's hyphenated name written in an import (`import Mediator-Habit`, not valid Swift) is the pod's module,
    /// `Mediator_Habit`, as CocoaPods names it: never an import of `Mediator`; in a file parsed alone or in a batch.
    @Test func aHyphenatedPodNameIsThePodsModule() {
        #expect(imports("import Mediator-Habit\nimport UIKit\nimport A-B-C2 // three parts\nimport D - E\n")
            == ["Mediator_Habit 1:1", "UIKit 2:1", "A_B_C2 3:1", "D 4:1"])
        let headers = ["import A\n", "import Mediator-Habit\n", "import B\n"].map { SwiftHeader(of: Array($0.utf8)) }
        #expect(SwiftImportParser(keepingHeaders: false).imports(of: headers).map { $0.imports.map(\.module) } == [["A"], ["Mediator_Habit"], ["B"]])
    }

    @Test func conditionalImportsKeepTheirConditions() {
        #expect(imports("""
            #if canImport(UIKit)
            import UIKit
            #elseif os(macOS)
            import AppKit
            #else
            import NXKit
            #endif
            #if false
            import Never
            #endif
            """) == ["UIKit 2:1 if canImport(UIKit)", "AppKit 4:1 if !(canImport(UIKit)) && os(macOS)",
                     "NXKit 6:1 if !(canImport(UIKit)) && !(os(macOS))"])
        #expect(SwiftImportParser.imports(in: "#if canImport(UIKit)\nimport UIKit\n#endif\n").imports.first?.isOptional == true)
    }

    /// A branch under a flag of the team's own is built only when the build passes it: its imports decide nothing.
    @Test func importsUnderTheTeamsOwnFlagsAreOptional() {
        let source = "#if SINGLE_MODULE\nimport All\n#else\nimport Part\n#endif\n#if DEBUG && os(iOS)\nimport Debug\n#endif\n"
            + "#if compiler(>=5.9) && $Macros\nimport Macros\n#endif\n#if !SWIFT_PACKAGE\nimport Pod\n#endif\n"
        let optional = SwiftImportParser.imports(in: source).imports.map { "\($0.module) \($0.isOptional)" }
        #expect(optional == ["All true", "Part true", "Debug false", "Macros false", "Pod false"])
    }

    /// Objective-C and C follow the same rule: a branch under a flag of the team's own (`#if FLAG`, `#ifdef FLAG`,
    /// `#if defined(FLAG)`, their `#else`) or under `__has_include` decides nothing; the compiler's and the SDK's own
    /// macros (`__OBJC__`, `TARGET_OS_IOS`, `DEBUG`) and an include guard do not make an import optional.
    @Test func objectiveCImportsUnderTheTeamsOwnFlagsAreOptional() {
        let scanned = CFamilyImportScanner.imports(in: """
            #ifndef NXFeed_h
            #define NXFeed_h
            #import <Always/Always.h>
            #if NX_USE_LISTKIT
            #import <ListKit/ListKit.h>
            #else
            @import Fallback;
            #endif
            #ifdef NX_PUSH
            #import <Push/Push.h>
            #endif
            #if defined(__cplusplus) || TARGET_OS_IOS
            #import <Cpp/Cpp.h>
            #endif
            #if __has_include(<Remote/Remote.h>)
            #import <Remote/Remote.h>
            #endif
            #if DEBUG
            #import <Debug/Debug.h>
            #endif
            #endif
            """)
        #expect(scanned.imports.map { "\($0.module) \($0.isOptional)" }
            == ["Always false", "ListKit true", "Fallback true", "Push true", "Cpp false", "Remote true", "Debug false"])
        #expect(scanned.imports.first?.conditions == [], "an include guard is no condition")
        #expect(scanned.imports[3].conditions == ["defined(NX_PUSH)"])
    }

    @Test func commentsStringsAndCodeAreNotImports() {
        #expect(imports("""
            // import InALineComment
            /* import InABlock
            import StillInTheBlock */
            let text = \"\"\"
            import InAMultiLineString
            \"\"\"
            let raw = #"import InARawString"#
            import Real
            func f() {}
            import AfterCode
            """) == ["Real 8:1", "AfterCode 10:1"])
    }

    @Test func aFileWithoutImportsIsNotParsed() {
        #expect(SwiftHeader.end(of: Array("struct A {}\nlet b = 1\n".utf8)).end == 0)
        #expect(SwiftHeader.end(of: Array("import A\nstruct B {}\n".utf8)).end == 9)
    }

    @Test func anOpenIfIsClosedBeforeParsing() {
        let text = "#if os(iOS)\nimport UIKit\nlet x = 1\n#endif\nstruct A {}\n"
        #expect(SwiftHeader.end(of: Array(text.utf8)).end == text.utf8.count - "struct A {}\n".utf8.count)
    }

    @Test func theHeaderEndsWhereTheIfAroundTheLastImportCloses() {
        let nested = "#if os(iOS)\n#if DEBUG\nimport A\n#endif\nlet x = 1\n#endif\nstruct B {}\n"
        #expect(SwiftHeader.end(of: Array(nested.utf8)).end == nested.utf8.count - "struct B {}\n".utf8.count)
        // A later import outside any `#if` ends the header at its own line.
        let later = "#if os(iOS)\nimport A\n#endif\nimport B\nstruct C {}\n"
        #expect(SwiftHeader.end(of: Array(later.utf8)).end == later.utf8.count - "struct C {}\n".utf8.count)
        #expect(imports(nested) == ["A 3:1 if os(iOS) && DEBUG"])
    }

    /// One file through the file system, as the source pass reads it.
    private func scan(_ file: String, in folder: String, fileSystem: any FileSystem = DiskFileSystem(), maximumBytes: Int = ImportScanner.maximumBytes) -> ScannedFile {
        ImportScanner.scan(files: [file], in: folder, fileSystem: fileSystem, parser: SwiftImportParser(keepingHeaders: false), maximumBytes: maximumBytes)[0]
    }

    @Test func filesAreReadWholeAndRelativeToTheirFolder() throws {
        let folder = NSTemporaryDirectory() + "componentize-imports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder + "/Sources/A", withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Past the first 16 KiB read, with non-ASCII text: read to its end, and the import after the code counts.
        let long = "import First\n" + String(repeating: "let café = \"naïve\" // padding\n", count: 1200) + "import Last\n"
        #expect(long.utf8.count > 32 << 10)
        #expect(FileManager.default.createFile(atPath: folder + "/Sources/A/Long.swift", contents: Data(long.utf8)))
        let absolute = scan(folder + "/Sources/A/Long.swift", in: "/")
        #expect(absolute.problem == nil)
        #expect(absolute.imports.map(\.module) == ["First", "Last"])
        #expect(scan("Sources/A/Long.swift", in: folder) == absolute)
        #expect(scan("Sources/A/Gone.swift", in: folder).problem == "cannot be read (it vanished, or check its permissions)")
        // The same file in memory reads the same.
        let memory = InMemoryFileSystem(files: [folder + "/Sources/A/Long.swift": long])
        #expect(scan("Sources/A/Long.swift", in: folder, fileSystem: memory) == absolute)
    }

    @Test func manyFilesAreScannedInBatchesInTheirOrder() throws {
        let folder = NSTemporaryDirectory() + "componentize-imports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // More files than one batch opens at a time, with one that does not exist among them.
        let names = (0..<(ImportScanner.batchSize * 2 + 5)).map { "File\($0).swift" }
        for (index, name) in names.enumerated() where index != 70 {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("import Module\(index)\n".utf8)))
        }
        let scanned = ImportScanner.scan(files: names, in: folder, fileSystem: DiskFileSystem())
        #expect(scanned.count == names.count)
        for (index, file) in scanned.enumerated() {
            if index == 70 {
                #expect(file.problem == "cannot be read (it vanished, or check its permissions)")
            } else {
                #expect(file.imports.map(\.module) == ["Module\(index)"])
            }
        }
        #expect(ImportScanner.scan(files: names.map { folder + "/" + $0 }, in: "/", fileSystem: DiskFileSystem()) == scanned)
    }

    /// Headers that are parsed together and headers that must be parsed alone, side by side in one batch.
    private static let batchOfHeaders: [String] = [
        "import Foundation\nimport NXKit\n\n/// A type.\npublic enum A {}\n",
        "@testable import ComponentVideo\n@_spi(Internal) public import NXUI\nimport struct NXKit.Theme\nimport NXKit.Colors",
        "#if canImport(UIKit)\nimport UIKit\n#elseif os(macOS)\nimport AppKit\n#else\nimport Other\n#endif\nstruct B {}\n",
        "// import Commented\n#if false\nimport Never\n#endif\nimport Real // trailing\n",
        "/* a block comment\nimport Hidden\n*/\nimport Visible\n",
        "/* never closed\nimport Hidden\n",
        "let s = \"\"\"\nimport InString\n\"\"\"\nimport AfterString\n",
        "#if DEBUG\nimport DebugOnly\n",
        "#endif\nimport AfterStrayEndif\n",
        "import\n",
        ".Continued\nimport AfterDot\n",
        "struct NoImports {}\n",
        "",
        "import CRLF\r\nimport Lines\r\nlet x = 1\r\n",
        "import Tabs\t// and a comment\n\t import Indented\n",
        "import 'Quote\nimport AfterQuote\n",
        "let r = #/\nimport InRegex\n/#\nimport AfterRegex\n",
    ]

    /// A new folder holding ``batchOfHeaders`` as `File0.swift`, `File1.swift`, … and `extra` files (name, text).
    private func folderOfHeaders(_ prefix: String, extra: [(String, String)] = []) throws -> (folder: String, names: [String]) {
        let folder = NSTemporaryDirectory() + "componentize-\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let files = Self.batchOfHeaders.enumerated().map { ("File\($0.offset).swift", $0.element) } + extra
        for (name, text) in files {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data(text.utf8)))
        }
        return (folder, files.map(\.0))
    }

    @Test func headersParsedTogetherGiveWhatEachGivesAlone() throws {
        let (folder, names) = try folderOfHeaders("joined")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Every header after every other one: each order puts a different neighbour before it.
        let alone = names.map { scan($0, in: folder) }
        let disk = DiskFileSystem()
        #expect(ImportScanner.scan(files: names, in: folder, fileSystem: disk) == alone)
        for shift in 1..<names.count {
            let order = Array(names[shift...] + names[..<shift])
            #expect(ImportScanner.scan(files: order, in: folder, fileSystem: disk) == Array(alone[shift...] + alone[..<shift]))
        }
        #expect(ImportScanner.scan(files: Array(names.reversed()), in: folder, fileSystem: disk) == alone.reversed())
    }

    @Test func aHeaderSeenBeforeIsNotParsedAgainAndGivesWhatParsingItGives() throws {
        // The first file's header with other declarations after it, and a header too long to keep.
        let (folder, names) = try folderOfHeaders("seen", extra: [
            ("Same.swift", "import Foundation\nimport NXKit\nstruct Other {}\n"),
            ("Long.swift", String(repeating: "// a long licence comment\n", count: 200) + "import Long\n"),
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let alone = names.map { scan($0, in: folder) }
        // Files with imports, and how many different headers they have.
        let headers = Self.batchOfHeaders.map { SwiftHeader(of: Array($0.utf8)).bytes }.filter { !$0.isEmpty }
        let withImports = headers.count, kept = Set(headers).count
        let disk = DiskFileSystem()

        let parser = SwiftImportParser()
        let parsed = try #require(parser.parsed)
        // Each header twice in one batch: the second is a copy of the first; `Same.swift` is a copy of `File0.swift`.
        #expect(ImportScanner.scan(files: names + names, in: folder, fileSystem: disk, parser: parser) == alone + alone)
        #expect(parsed.count == kept)
        let copies = 2 * (withImports + 1) - kept
        #expect(parsed.reused == copies)
        // A later scan finds every kept header; the long one is parsed again.
        #expect(ImportScanner.scan(files: names.reversed(), in: folder, fileSystem: disk, parser: parser) == alone.reversed())
        #expect(parsed.reused == copies + withImports + 1)

        // Past its byte budget nothing more is kept, and every result is still what parsing gives.
        let small = SwiftImportParser(maximumKeptBytes: 2 * ParsedHeaders.bytesAnImportTakes + 100)
        #expect(ImportScanner.scan(files: names, in: folder, fileSystem: disk, parser: small) == alone)
        #expect((small.parsed?.count ?? 0) > 0 && (small.parsed?.count ?? 0) < kept)
        #expect(ImportScanner.scan(files: names, in: folder, fileSystem: disk, parser: small) == alone)
    }

    @Test func onlySelfContainedHeadersAreJoinedAndAJoinedParseThatRunsAcrossFilesIsRefused() throws {
        for text in ["import A\n#if os(iOS)\nimport B\n#endif\n", "let s = \"x\"\nimport A\n"] {
            #expect(SwiftHeader(of: Array(text.utf8)).isSelfContained, "\(text)")
        }
        for text in ["let s = \"x\nimport A\n", "/* c */\nimport A\n", "let r = #/x/#\nimport A\n", "#if A\nimport A\n",
                     "#endif\n#if A\nimport A\n#endif\n"] {
            #expect(!SwiftHeader(of: Array(text.utf8)).isSelfContained, "\(text)")
        }
        let joined = try #require(SwiftImportParser.joinedImports(of: [Array("import A\n".utf8), Array("// B\n\nimport B.Sub\n".utf8), Array("import C".utf8)]))
        #expect(joined.map { $0.map { "\($0.module) \($0.line):\($0.column)" } } == [["A 1:1"], ["B 3:1"], ["C 1:1"]])
        // The second file's first line would continue the first file's import, or be an error: parsed alone instead.
        #expect(SwiftImportParser.joinedImports(of: [Array("import A\n".utf8), Array(".B\nimport C\n".utf8)]) == nil)
    }

    @Test func bracketsThatWouldKeepTheParserBusyForSecondsAreAProblemNotAHang() {
        // 24 directly nested `[` took SwiftParser 5 s; the header is refused before it is parsed, alone or in a batch.
        let nested = "let a = " + String(repeating: "[", count: 24) + "1" + String(repeating: "]", count: 24) + "\nimport Foundation\n"
        let scanned = SwiftImportParser.imports(in: nested)
        #expect(scanned.imports.isEmpty)
        #expect(scanned.problem == "has more than 8 '[' directly nested at line 1 before its last import: not read for imports")
        let deep = "let a = " + String(repeating: "(", count: 101) + "\nimport Foundation\n"
        #expect(SwiftImportParser.imports(in: deep).problem == "has brackets nested more than 100 deep at line 1 before its last import: not read for imports")
        let batch = SwiftImportParser(keepingHeaders: false).imports(of: [nested, "import A\n", "import B\n"].map { SwiftHeader(of: Array($0.utf8)) })
        #expect(batch.map(\.imports.count) == [0, 1, 1])
        #expect(batch[0].problem == scanned.problem)
        // Within the limits, brackets before the imports are parsed as before.
        #expect(imports("let a = [[[[1]]]]\nimport NXKit\n") == ["NXKit 2:1"])
    }

    @Test func unterminatedCommentsOrStringsBeforeTheImportsDoNotHang() {
        #expect(imports("/* never closed\nimport Hidden\n") == [])
        #expect(imports("let s = \"never closed\nimport A\n").count <= 1)
    }

    @Test func objectiveCAndCImports() {
        let scanned = CFamilyImportScanner.imports(in: """
            @import NXKit;
            @import NXUI.Theme;
            #import <ComponentVideo/ComponentVideo.h>
            #include <CZlib/zlib.h>
            #import "Local.h"
            #include <stdio.h>
            /* #import <Commented/Out.h>
            @import AlsoCommented; */
            // @import LineComment;
            """)
        #expect(scanned.imports.map { "\($0.module)\($0.path.isEmpty ? "" : "." + $0.path.joined(separator: ".")) \($0.line):\($0.column)" }
            == ["NXKit 1:1", "NXUI.Theme 2:1", "ComponentVideo 3:1", "CZlib 4:1"])
        // `#include <dir/h.h>` may name a folder on the header search paths, not a module: marked, and it decides nothing.
        #expect(scanned.imports.map(\.isHeaderInclude) == [false, false, false, true])
        #expect(CFamilyImportScanner.imports(in: "#include_next <shared/x.h>\n").imports.map(\.isHeaderInclude) == [true])
        // Windows line ends; an import after a comment closes on its line is at its column in that line.
        let crlf = CFamilyImportScanner.imports(in: "#import <A/A.h>\r\n/* note\r\n */ #import <B/B.h>\r\n  @import C;\r\n")
        #expect(crlf.imports.map { "\($0.module) \($0.line):\($0.column)" } == ["A 1:1", "B 3:5", "C 4:3"])
    }

    @Test func badFilesAreAProblemNotACrash() throws {
        let folder = NSTemporaryDirectory() + "componentize-imports-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(FileManager.default.createFile(atPath: folder + "/Latin1.swift", contents: Data([0x69, 0x6d, 0x70, 0xe9, 0x0a])))
        #expect(FileManager.default.createFile(atPath: folder + "/Binary.swift", contents: Data([0x00, 0x01, 0x02])))
        #expect(scan("Latin1.swift", in: folder).problem == "is not UTF-8 text: not read for imports")
        #expect(scan("Binary.swift", in: folder).problem == "holds binary data (a NUL byte): not read for imports")
        #expect(scan("Vanished.swift", in: folder).problem == "cannot be read (it vanished, or check its permissions)")
        let big = "import First\n" + String(repeating: "let value = 1 // padding to make the header long\n", count: 200) + "import Last\n"
        let scanned = SwiftImportParser.imports(in: big, maximumHeaderBytes: 4096)
        #expect(scanned.imports.map(\.module) == ["First"])
        #expect(scanned.problem == "has imports beyond its first 4 KiB of declarations: those were not read")
        let huge = Data(("import Kept\n" + String(repeating: "// é\n", count: 2000) + "import Lost\n").utf8)
        #expect(FileManager.default.createFile(atPath: folder + "/Huge.swift", contents: huge))
        let truncated = scan("Huge.swift", in: folder, maximumBytes: 8191)
        #expect(truncated.problem == "is larger than 7 KiB: only the first 7 KiB were read for imports")
        #expect(truncated.imports.map(\.module) == ["Kept"])
    }
}
