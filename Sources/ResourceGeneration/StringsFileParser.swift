import Diagnostics
import Files
import Foundation

/// Reads localized string files: `.strings` (old-style property lists), `.stringsdict` and `.xcstrings` catalogs.
enum StringsFileParser {
    /// Larger files are not read: no string table comes near.
    static let maximumBytes = 64 << 20

    static func data(at path: String, fileSystem: any FileSystem) throws -> Data {
        guard let bytes = fileSystem.contents(of: path, upTo: maximumBytes) else {
            throw InputError("cannot read the file", at: FileLocation(path: path))
        }
        return Data(bytes)
    }

    /// Key → value.
    static func strings(at path: String, fileSystem: any FileSystem) throws -> [(String, String)] {
        let data = try data(at: path, fileSystem: fileSystem)
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            let (message, line) = Self.located(Self.detail(of: error), in: String(decoding: data, as: UTF8.self))
            throw InputError("invalid .strings file: \(message)", at: FileLocation(path: path, line: line))
        }
        guard let dictionary = plist as? [String: Any] else {
            throw InputError("invalid .strings file: expected \"key\" = \"value\"; pairs", at: FileLocation(path: path))
        }
        return dictionary.compactMap { key, value in (value as? String).map { (key, $0) } }.sorted { $0.0 < $1.0 }
    }

    /// Key → the format its arguments come from (`%#@items@` variables replaced by their value types).
    static func stringsdict(at path: String, fileSystem: any FileSystem) throws -> [(String, String)] {
        let data = try data(at: path, fileSystem: fileSystem)
        guard let dictionary = (try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)) as? [String: Any] else {
            throw InputError("invalid .stringsdict file: expected a property list dictionary", at: FileLocation(path: path))
        }
        var result: [(String, String)] = []
        for (key, entry) in dictionary {
            guard let entry = entry as? [String: Any], var format = entry["NSStringLocalizedFormatKey"] as? String else {
                throw InputError("invalid .stringsdict entry '\(key)': it needs NSStringLocalizedFormatKey", at: FileLocation(path: path))
            }
            for (variable, rule) in entry where variable != "NSStringLocalizedFormatKey" {
                let type = (rule as? [String: Any])?["NSStringFormatValueTypeKey"] as? String ?? "@"
                format = format.replacingOccurrences(of: "%#@\(variable)@", with: "%" + type)
            }
            result.append((key, format))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The parts of a String Catalog (`.xcstrings`) the accessors need.
    struct StringCatalog: Decodable {
        struct Entry: Decodable {
            var localizations: [String: Localization]?
        }

        struct Localization: Decodable {
            var stringUnit: StringUnit?
            var variations: Variations?
        }

        struct Variations: Decodable {
            var plural: [String: Localization]?
        }

        struct StringUnit: Decodable {
            var value: String?
        }

        var sourceLanguage: String?
        var strings: [String: Entry]

        /// The source-language value of a key: its string unit, else its plural `other` form.
        func value(of entry: Entry, language: String) -> String? {
            let localization = entry.localizations?[language]
            return localization?.stringUnit?.value ?? localization?.variations?.plural?["other"]?.stringUnit?.value
        }
    }

    /// The source language and key → source-language value (the key itself when there is none).
    static func xcstrings(at path: String, fileSystem: any FileSystem) throws -> (String, [(String, String)]) {
        let data = try data(at: path, fileSystem: fileSystem)
        let catalog: StringCatalog
        // Syntax first, for the line of a syntax error; then the typed reading.
        do {
            _ = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw InputError("invalid .xcstrings catalog: \(detail(of: error))", at: FileLocation(path: path, line: line(in: detail(of: error))))
        }
        do {
            catalog = try JSONDecoder().decode(StringCatalog.self, from: data)
        } catch DecodingError.keyNotFound(let key, let context) where key.stringValue == "strings" && context.codingPath.isEmpty {
            throw InputError("invalid .xcstrings catalog: it has no \"strings\" object", at: FileLocation(path: path))
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw InputError("invalid .xcstrings catalog: expected a JSON object", at: FileLocation(path: path))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context), let DecodingError.keyNotFound(_, context) {
            let where_ = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: ".")
            throw InputError("invalid .xcstrings catalog: unexpected value at \(where_)", at: FileLocation(path: path))
        } catch {
            throw InputError("invalid .xcstrings catalog: \(error)", at: FileLocation(path: path))
        }
        let language = catalog.sourceLanguage ?? "en"
        let result = catalog.strings.map { key, entry in (key, catalog.value(of: entry, language: language) ?? key) }
        return (language, result.sorted { $0.0 < $1.0 })
    }

    static func detail(of error: Error) -> String {
        let info = (error as NSError).userInfo
        // The old-style (.strings) parser's own message sits in a nested CFError that Linux Foundation does not
        // bridge; its description carries it as `NSDebugDescription=…}`.
        if let nested = info["kCFPropertyListOldStyleParsingError"] {
            let text = String(describing: nested)
            if let start = text.range(of: "NSDebugDescription=") {
                let message = text[start.upperBound...].prefix { $0 != "}" }
                if !message.isEmpty { return String(message) }
            }
        }
        return info[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    }

    /// The parser's message said for the line it is about: CoreFoundation notices a missing `;` on the line after the
    /// entry that lacks it (reported there, as the entry's), and names the line in its words (said by the location).
    static func located(_ message: String, in text: String) -> (message: String, line: Int?) {
        guard let reported = line(in: message) else { return (message, nil) }
        let said = message.replacingOccurrences(of: " on line \(reported)", with: "")
        guard message.hasPrefix("Missing ';'") else { return (said, reported) }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let entry = (1..<max(1, reported)).reversed().first { number in
            let content = lines.indices.contains(number - 1) ? lines[number - 1].trimmingCharacters(in: .whitespaces) : ""
            return !content.isEmpty && !content.hasPrefix("//")
        }
        return ("this entry does not end with ';' (\"key\" = \"value\";)", entry ?? reported)
    }

    /// The number after "line " in a parser's message.
    static func line(in message: String) -> Int? {
        guard let range = message.range(of: "line ") else { return nil }
        return Int(message[range.upperBound...].prefix { $0.isNumber })
    }
}
