import SourceText

/// The modules an Objective-C, C or C++ file imports: `@import X;`, `@import X.Sub;`, `#import <X/Header.h>`,
/// `#include <X/Header.h>`, outside comments and strings (read by ``CFamilyTokens``). Quoted includes
/// (`#import "Local.h"`) and headers without a folder (`<stdio.h>`, a pod's `<AnalyticsManager.h>`) name no module: they
/// are kept apart, as headers used. Each import carries the
/// `#if` conditions around it as the preprocessor writes them (`defined(FLAG)` for `#ifdef FLAG`). `#include <dir/h.h>`
/// is marked (``SourceImport/isHeaderInclude``): C and C++ code finds such headers through header search paths as often
/// as through a module named `dir`. Columns count UTF-8 bytes from the line's start.
public enum CFamilyImportScanner {
    public static func imports(in text: String) -> ScannedFile {
        var text = text
        return text.withUTF8 { imports(in: $0) }
    }

    static func imports(in bytes: UnsafeBufferPointer<UInt8>) -> ScannedFile {
        let tokens = CFamilyTokens(bytes, keeping: .directives)
        var imports: [SourceImport] = []
        var quoted: [QuotedInclude] = [], bare: [String] = []
        for inclusion in tokens.inclusions {
            let conditions = tokens.conditionSets[inclusion.conditions]
            switch inclusion.form {
            case .module(let path):
                imports.append(SourceImport(module: path[0], path: Array(path.dropFirst()), conditions: conditions, line: inclusion.line,
                                            column: inclusion.column))
            case .angled(let path):
                guard let slash = path.firstIndex(of: "/"), slash > path.startIndex else {
                    // `<AnalyticsManager.h>`: the SDK's header, or a pod's public one (CocoaPods' search paths find both).
                    if !path.isEmpty, !path.contains("/") { bare.append(path) }
                    continue
                }
                var found = SourceImport(module: String(path[..<slash]), conditions: conditions, line: inclusion.line, column: inclusion.column)
                found.isHeaderInclude = inclusion.isInclude
                imports.append(found)
            case .quoted(let path):
                // A header found beside the file or by the search paths, whichever module it belongs to.
                if path.split(separator: "/").last?.isEmpty == false {
                    quoted.append(QuotedInclude(path: path, conditions: conditions, line: inclusion.line, column: inclusion.column))
                }
            }
        }
        var scanned = ScannedFile(imports: imports, problem: nil)
        scanned.quotedIncludes = quoted
        scanned.bareAngledHeaders = bare
        scanned.optionalMacros = tokens.optionalMacros
        scanned.registersAtLoad = LoadTimeRegistration.isIn(bytes)
        return scanned
    }
}
