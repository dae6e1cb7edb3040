/// The modules an Objective-C, C or C++ file imports: `@import X;`, `@import X.Sub;`, `#import <X/Header.h>`,
/// `#include <X/Header.h>`, outside comments. Quoted includes (`#import "Local.h"`) and system headers without a folder
/// (`<stdio.h>`) name no module. Lines end at `\n` or `\r\n`; columns count UTF-8 bytes from the line's start.
public enum CFamilyImportScanner {
    public static func imports(in text: String) -> ScannedFile {
        var text = text
        return text.withUTF8 { imports(in: $0) }
    }

    static func imports(in bytes: UnsafeBufferPointer<UInt8>) -> ScannedFile {
        var imports: [SourceImport] = []
        var quoted: [String] = []
        var inBlockComment = false
        var lineNumber = 0, lineStart = 0
        while lineStart <= bytes.count {
            lineNumber += 1
            var end = lineStart
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            defer { lineStart = end + 1 }
            var start = lineStart, lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            if inBlockComment {
                guard let close = find(UInt8(ascii: "*"), UInt8(ascii: "/"), in: bytes, start..<lineEnd) else { continue }
                start = close + 2
                inBlockComment = false
            }
            if let open = find(UInt8(ascii: "/"), UInt8(ascii: "*"), in: bytes, start..<lineEnd),
               find(UInt8(ascii: "*"), UInt8(ascii: "/"), in: bytes, (open + 2)..<max(open + 2, lineEnd)) == nil {
                inBlockComment = true
                lineEnd = open
            }
            while start < lineEnd, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            let line = UnsafeBufferPointer(rebasing: bytes[start..<lineEnd])
            if let found = sourceImport(line, line: lineNumber, column: start - lineStart + 1) { imports.append(found) }
            if let header = quotedHeader(line) { quoted.append(header) }
        }
        var scanned = ScannedFile(imports: imports, problem: nil)
        scanned.quotedIncludes = quoted
        return scanned
    }

    /// `Header.h` for `#import "Folder/Header.h"`: a header found by the search paths, whichever module it belongs to.
    private static func quotedHeader(_ line: UnsafeBufferPointer<UInt8>) -> String? {
        guard line.starts(with: "#import".utf8) || line.starts(with: "#include".utf8) else { return nil }
        let rest = line.drop { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "\"") }
        guard rest.first == UInt8(ascii: "\""), let close = rest.dropFirst().firstIndex(of: UInt8(ascii: "\"")) else { return nil }
        let path = rest[(rest.startIndex + 1)..<close]
        let name = path.split(separator: UInt8(ascii: "/")).last.map { String(decoding: $0, as: UTF8.self) }
        return name?.isEmpty == false ? name : nil
    }

    /// The first offset in `range` where `first` is followed by `second`.
    private static func find(_ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var index = range.lowerBound
        while index + 1 < range.upperBound {
            if bytes[index] == first, bytes[index + 1] == second { return index }
            index += 1
        }
        return nil
    }

    /// The import a line (spaces before it removed) makes, if any.
    private static func sourceImport(_ line: UnsafeBufferPointer<UInt8>, line number: Int, column: Int) -> SourceImport? {
        if line.starts(with: "@import ".utf8) {
            let name = line.dropFirst(8).prefix { $0 != UInt8(ascii: ";") && $0 != UInt8(ascii: " ") }
            let parts = name.split(separator: UInt8(ascii: ".")).map { String(decoding: $0, as: UTF8.self) }
            guard let module = parts.first else { return nil }
            return SourceImport(module: module, path: Array(parts.dropFirst()), line: number, column: column)
        }
        guard line.starts(with: "#import".utf8) || line.starts(with: "#include".utf8) else { return nil }
        let rest = line.drop { $0 != UInt8(ascii: "<") && $0 != UInt8(ascii: "\"") }
        guard rest.first == UInt8(ascii: "<"), let slash = rest.firstIndex(of: UInt8(ascii: "/")),
              let close = rest.firstIndex(of: UInt8(ascii: ">")), slash < close else { return nil }
        return SourceImport(module: String(decoding: rest[(rest.startIndex + 1)..<slash], as: UTF8.self), line: number, column: column)
    }
}
