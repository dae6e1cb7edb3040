import Diagnostics
import Files
import Foundation
import Paths
import SourceImports
import SourceText

/// What a pod's `prefix_header_contents` gave its files without their asking: for each C-family file, the prefix
/// imports it relies on (uses a symbol of) without importing itself. SwiftPM has no prefix header, so those files must
/// import them; `--edit-sources` inserts the lines.
///
/// A symbol is an identifier the file uses: for a framework with a known prefix (`NS` for Foundation, `UI` for UIKit,
/// …) any identifier with that prefix and a capital after it; for a header of the repository (`"NXConstants.h"`,
/// `<NXKit/NXConstants.h>`), the names it declares (`#define`, functions, variables, types, `@interface`,
/// `@protocol`, enum constants). Comments and string literals are not read. For an import whose symbols cannot be
/// known (a framework without a known prefix, a header not found), every file that does not import it is listed, and
/// the reason says so.
public struct PrefixHeaderUse: Sendable {
    /// One line of the prefix header and what it provides.
    public struct PrefixImport: Sendable {
        /// As written: `#import <Foundation/Foundation.h>`.
        public var line: String
        /// The identifiers it declares, or the prefixes of a framework's; nil when they cannot be known.
        public var symbols: Set<String>?
        public var prefixes: [String]
        /// What a file's own import of it looks like: `Foundation/`, `NXConstants.h`, `@import Foundation`.
        public var importedWhen: [String]
    }

    /// A file that relies on the prefix header, and what to add at its top.
    public struct Edit: Sendable {
        /// Relative to the pod's folder.
        public var file: String
        /// The prefix lines it needs, with the symbols that show it (empty when they cannot be known).
        public var needs: [(line: String, symbols: [String])]
        /// The file with the lines inserted.
        public var edited: String
        public var original: String

        /// A unified diff of the change (one run of lines inserted, or replaced), with `path` as the file's name.
        public func diff(path: String) -> String {
            let old = original.components(separatedBy: "\n"), new = edited.components(separatedBy: "\n")
            let start = zip(old, new).prefix { $0 == $1 }.count
            let end = zip(old[start...].reversed(), new[start...].reversed()).prefix { $0 == $1 }.count
            let removed = old[start..<(old.count - end)], added = new[start..<(new.count - end)]
            let range = removed.isEmpty ? "@@ -\(start),0 +\(start + 1),\(added.count) @@" : "@@ -\(start + 1),\(removed.count) +\(start + 1),\(added.count) @@"
            return (["--- a/\(path)", "+++ b/\(path)", range] + removed.map { "-" + $0 } + added.map { "+" + $0 }).joined(separator: "\n") + "\n"
        }
    }

    static let frameworkPrefixes: [String: [String]] = [
        "Foundation": ["NS"], "UIKit": ["UI", "NS"], "AppKit": ["NS"], "CoreGraphics": ["CG"], "QuartzCore": ["CA"],
        "CoreFoundation": ["CF"], "CoreText": ["CT"], "CoreLocation": ["CL"], "AVFoundation": ["AV"], "MapKit": ["MK"],
        "WebKit": ["WK"], "Security": ["Sec"], "CoreData": ["NS"], "Photos": ["PH"],
    ]

    /// The prefix header's import lines with what each provides; headers are looked for under `searchFolders`
    /// (absolute: the pod's folder, then the folders of the pods it may import).
    public static func imports(of text: String, searchFolders: [String], fileSystem: any FileSystem) -> [PrefixImport] {
        text.split(whereSeparator: \.isNewline).compactMap { raw -> PrefixImport? in
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("@import ") {
                let module = line.dropFirst(8).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
                return PrefixImport(line: line, symbols: frameworkPrefixes[String(module)] == nil ? nil : [], prefixes: frameworkPrefixes[String(module)] ?? [],
                                    importedWhen: ["@import \(module)", "<\(module)/"])
            }
            guard line.hasPrefix("#import") || line.hasPrefix("#include"),
                  let open = line.firstIndex(where: { $0 == "<" || $0 == "\"" }) else { return nil }
            let closing: Character = line[open] == "<" ? ">" : "\""
            guard let close = line[line.index(after: open)...].firstIndex(of: closing) else { return nil }
            let target = String(line[line.index(after: open)..<close])
            let parts = target.split(separator: "/")
            let header = String(parts.last ?? Substring(target))
            if parts.count == 2, let prefixes = frameworkPrefixes[String(parts[0])], line[open] == "<" {
                return PrefixImport(line: line, symbols: [], prefixes: prefixes, importedWhen: ["<\(parts[0])/", "@import \(parts[0])"])
            }
            let found = searchFolders.lazy.compactMap { findHeader(header, under: $0, fileSystem: fileSystem) }.first
            var importedWhen = ["/\(header)>", "\"\(header)\"", "<\(header)>"]
            if parts.count == 2 { importedWhen.append("@import \(parts[0])") }
            return PrefixImport(line: line, symbols: found.flatMap { fileSystem.text(of: $0) }.map { declaredNames($0) }, prefixes: [],
                                importedWhen: importedWhen)
        }
    }

    /// The files (C-family, relative to `directory`) that use a prefix import without importing it, with their edits.
    public static func edits(files: [String], directory: String, imports: [PrefixImport], fileSystem: any FileSystem) -> [Edit] {
        guard !imports.isEmpty else { return [] }
        return files.compactMap { file -> Edit? in
            guard let data = fileSystem.contents(of: PathArithmetic.join(directory, file), upTo: ImportScanner.maximumBytes) else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            let identifiers = CFamilyTokens(data).identifiers
            // What the file's own headers import counts as imported by the file (`#import "NXUI.h"`, which imports
            // Foundation).
            let visible = ([text] + includedHeaders(of: text, file: file, directory: directory, fileSystem: fileSystem)).joined(separator: "\n")
            var needs: [(line: String, symbols: [String])] = []
            for item in imports where !item.importedWhen.contains(where: visible.contains) {
                if let symbols = item.symbols {
                    let used = identifiers.filter { name in
                        symbols.contains(name) || item.prefixes.contains { prefix in
                            name.hasPrefix(prefix) && name.count > prefix.count && name[name.index(name.startIndex, offsetBy: prefix.count)].isUppercase
                        }
                    }.sorted()
                    if !used.isEmpty { needs.append((item.line, Array(used.prefix(3)))) }
                } else {
                    needs.append((item.line, []))
                }
            }
            guard !needs.isEmpty else { return nil }
            return Edit(file: file, needs: needs, edited: inserting(needs.map(\.line), into: text), original: text)
        }
    }

    /// The texts of the headers a file includes with quotes (`#import "NXUI.h"`), found beside it, and of those they
    /// include, each once.
    static func includedHeaders(of text: String, file: String, directory: String, fileSystem: any FileSystem) -> [String] {
        var texts: [String] = []
        var seen: Set<String> = [file]
        var pending = [(text, file)]
        while let (text, file) = pending.popLast(), seen.count < 64 {
            for raw in text.split(whereSeparator: \.isNewline) {
                let line = raw.trimmingCharacters(in: .whitespaces)
                guard line.hasPrefix("#import \"") || line.hasPrefix("#include \"") else { continue }
                let name = line.drop { $0 != "\"" }.dropFirst().prefix { $0 != "\"" }
                let header = PathArithmetic.normalized(PathArithmetic.join((file as NSString).deletingLastPathComponent, String(name)))
                guard !header.hasPrefix(".."), seen.insert(header).inserted,
                      let data = fileSystem.contents(of: PathArithmetic.join(directory, header), upTo: ImportScanner.maximumBytes) else { continue }
                let included = String(decoding: data, as: UTF8.self)
                texts.append(included)
                pending.append((included, header))
            }
        }
        return texts
    }

    /// The lines inserted after the file's leading comments and blank lines (before its first import or code).
    static func inserting(_ lines: [String], into text: String) -> String {
        var body = text.components(separatedBy: "\n")
        var index = 0
        var inBlock = false
        while index < body.count {
            let line = body[index].trimmingCharacters(in: .whitespaces)
            if inBlock {
                if line.contains("*/") { inBlock = false }
                index += 1
                continue
            }
            if line.hasPrefix("/*") {
                inBlock = !line.contains("*/")
                index += 1
                continue
            }
            guard line.isEmpty || line.hasPrefix("//") else { break }
            index += 1
        }
        body.insert(contentsOf: lines, at: index)
        return body.joined(separator: "\n")
    }

    /// The names a C or Objective-C header declares at its top level.
    static func declaredNames(_ header: String) -> Set<String> {
        var names: Set<String> = []
        var withoutComments = header.replacingOccurrences(of: "\r", with: "")
        while let open = withoutComments.range(of: "/*") {
            let close = withoutComments[open.upperBound...].range(of: "*/")?.upperBound ?? withoutComments.endIndex
            withoutComments.replaceSubrange(open.lowerBound..<close, with: " ")
        }
        var statement = ""
        var inInterface = false
        for rawLine in withoutComments.components(separatedBy: "\n") {
            let line = rawLine.components(separatedBy: "//")[0].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#define") {
                let parts = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "(" })
                if parts.count > 1 { names.insert(String(parts[1])) }
                continue
            }
            if line.hasPrefix("#") || line.isEmpty { continue }
            if line.hasPrefix("@interface") || line.hasPrefix("@protocol") || line.hasPrefix("@class") {
                let parts = line.dropFirst(line.hasPrefix("@class") ? 6 : line.hasPrefix("@interface") ? 10 : 9)
                    .split(whereSeparator: { ", ;:<(".contains($0) }).map(String.init)
                if line.hasPrefix("@class") { names.formUnion(parts) } else if let first = parts.first { names.insert(first) }
                inInterface = !line.hasPrefix("@class") && !line.hasSuffix(";")
                continue
            }
            if line.hasPrefix("@end") { inInterface = false; continue }
            if inInterface { continue }
            statement += " " + line
            guard statement.contains(";") || statement.hasSuffix("}") else { continue }
            names.formUnion(declaredNames(inStatement: statement))
            statement = ""
        }
        return names
    }

    /// `extern const double NXDefaultMargin;` → NXDefaultMargin; `double NXMargin(void);` → NXMargin;
    /// `typedef NS_ENUM(NSInteger, NXStyle) { NXStylePlain, NXStyleBold };` → NXStyle, NXStylePlain, NXStyleBold.
    static func declaredNames(inStatement statement: String) -> Set<String> {
        var names: Set<String> = []
        let text = statement.trimmingCharacters(in: .whitespaces)
        if let open = text.firstIndex(of: "{"), let close = text.lastIndex(of: "}"), open < close {
            for item in text[text.index(after: open)..<close].split(separator: ",") {
                if let name = item.split(separator: "=").first?.trimmingCharacters(in: .whitespaces), !name.isEmpty,
                   name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                    names.insert(name)
                }
            }
        }
        for macro in ["NS_ENUM(", "NS_OPTIONS(", "NS_CLOSED_ENUM(", "NS_ERROR_ENUM("] {
            if let range = text.range(of: macro), let end = text[range.upperBound...].firstIndex(of: ")") {
                if let name = text[range.upperBound..<end].split(separator: ",").last?.trimmingCharacters(in: .whitespaces) { names.insert(name) }
                return names
            }
        }
        // `typedef struct { … } NXSize;`: the name follows the braces.
        if let close = text.lastIndex(of: "}"),
           let name = text[text.index(after: close)...].split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last {
            names.insert(String(name))
            return names
        }
        let head = text.prefix { $0 != "{" }
        if let paren = head.firstIndex(of: "("), !head.hasPrefix("typedef") {
            let before = head[..<paren].split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            if let name = before.last { names.insert(String(name)) }
        } else if let semicolon = head.lastIndex(of: ";") ?? head.indices.last {
            let before = head[...semicolon].split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") })
            if let name = before.last { names.insert(String(name)) }
        }
        return names
    }

    static func findHeader(_ name: String, under folder: String, fileSystem: any FileSystem) -> String? {
        fileSystem.regularFiles(under: folder).first { $0 == name || $0.hasSuffix("/" + name) }
            .map { PathArithmetic.join(folder, $0) }
    }
}
