/// The modules an Objective-C, C or C++ file imports: `@import X;`, `@import X.Sub;`, `#import <X/Header.h>`,
/// `#include <X/Header.h>`, outside comments. Quoted includes (`#import "Local.h"`) and system headers without a folder
/// (`<stdio.h>`) name no module.
public enum CFamilyImportScanner {
    public static func imports(in text: String) -> ScannedFile {
        var imports: [SourceImport] = []
        var inBlockComment = false
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = Substring(rawLine)
            if inBlockComment {
                guard let close = line.range(of: "*/") else { continue }
                line = line[close.upperBound...]
                inBlockComment = false
            }
            if let open = line.range(of: "/*"), line.range(of: "*/", range: open.upperBound..<line.endIndex) == nil {
                inBlockComment = true
                line = line[..<open.lowerBound]
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            let column = line.distance(from: line.startIndex, to: trimmed.startIndex) + 1
            if let found = sourceImport(trimmed, line: offset + 1, column: column) { imports.append(found) }
        }
        return ScannedFile(imports: imports, problem: nil)
    }

    /// The import a line (spaces before it removed) makes, if any.
    private static func sourceImport(_ trimmed: Substring, line: Int, column: Int) -> SourceImport? {
        if trimmed.hasPrefix("@import ") {
            let name = trimmed.dropFirst(8).prefix { $0 != ";" && $0 != " " }
            let parts = name.split(separator: ".").map(String.init)
            guard let module = parts.first else { return nil }
            return SourceImport(module: module, path: Array(parts.dropFirst()), line: line, column: column)
        }
        guard trimmed.hasPrefix("#import") || trimmed.hasPrefix("#include") else { return nil }
        let rest = trimmed.drop { $0 != "<" && $0 != "\"" }
        guard rest.first == "<", let slash = rest.firstIndex(of: "/"), let close = rest.firstIndex(of: ">"), slash < close else { return nil }
        return SourceImport(module: String(rest[rest.index(after: rest.startIndex)..<slash]), line: line, column: column)
    }
}
