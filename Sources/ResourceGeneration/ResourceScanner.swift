import Diagnostics
import Files
import Foundation
import PackageModel
import Paths

/// Finds what a target's `resources:` entries put in its bundle, the way SwiftPM lays the bundle out:
/// `.process` files flattened to the root (`.lproj` folders and asset catalogs kept whole), `.copy` folders kept.
public struct ResourceScanner: Sendable {
    /// The package folder as reports name it.
    public var packageDirectory: String
    public var fileSystem: any FileSystem

    public init(packageDirectory: String, fileSystem: any FileSystem) {
        self.packageDirectory = packageDirectory
        self.fileSystem = fileSystem
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "pdf", "heic", "webp", "svg", "tiff", "bmp"]
    static let fontExtensions: Set<String> = ["ttf", "otf", "ttc"]

    /// The target's source folder: its `path:`, else `Sources/<name>` (`Tests/<name>` for test targets).
    public func targetDirectory(_ target: Target) -> String {
        if let path = target.path { return join(packageDirectory, path) }
        return join(packageDirectory, (target.type == .test ? "Tests/" : "Sources/") + target.name)
    }

    /// What a scan has found so far.
    struct Scan {
        var inventory: ResourceInventory
        var diagnostics: [ResourceDiagnostic] = []
        /// Table → key → format arguments, from the language that decides them.
        var strings: [String: [String: (arguments: [FormatSpecifiers.ArgumentType], language: String)]] = [:]
        /// `table\0key` of every key with plural rules.
        var pluralKeys: Set<String> = []

        mutating func error(_ message: String, _ location: FileLocation) {
            diagnostics.append(ResourceDiagnostic(severity: .error, message: message, location: location))
        }
    }

    public func scan(_ target: Target, manifestPath: String) -> (ResourceInventory, [ResourceDiagnostic]) {
        var scan = Scan(inventory: ResourceInventory(targetName: target.name))
        let targetDirectory = self.targetDirectory(target)
        let standardizedTarget = URL(fileURLWithPath: targetDirectory).standardizedFileURL.path
        for resource in target.resources {
            let manifestLocation = FileLocation(path: manifestPath, line: resource.position?.line, column: resource.position?.column)
            let path = join(targetDirectory, resource.path)
            let standardized = URL(fileURLWithPath: path).standardizedFileURL.path
            guard standardized == standardizedTarget || standardized.hasPrefix(standardizedTarget + "/") else {
                scan.error("resource path '\(resource.path)' leaves the target's folder \(relative(targetDirectory))", manifestLocation)
                continue
            }
            let status = fileSystem.status(of: path)
            guard status.exists else {
                scan.error("resource path '\(resource.path)' does not exist in \(relative(targetDirectory))", manifestLocation)
                continue
            }
            switch resource.rule {
            case .copy: scanCopied(resource.path, at: path, isDirectory: status.isFolder, into: &scan)
            case .process, .embedInCode: scanProcessed(resource.path, at: path, isDirectory: status.isFolder, into: &scan)
            }
        }
        finish(&scan, manifestPath: manifestPath)
        return (scan.inventory, scan.diagnostics)
    }

    /// `.copy`: the file, or the folder with everything in it, kept as it is under its own name.
    private func scanCopied(_ resourcePath: String, at path: String, isDirectory: Bool, into scan: inout Scan) {
        let base = (resourcePath as NSString).lastPathComponent
        guard isDirectory else {
            scan.inventory.files.append(resourceFile(bundlePath: base, source: path))
            return
        }
        for file in files(under: path) {
            scan.inventory.files.append(resourceFile(bundlePath: (base as NSString).appendingPathComponent(file), source: join(path, file)))
        }
    }

    /// `.process`: asset catalogs and `.lproj` folders kept whole, string catalogs read, every other file flattened.
    private func scanProcessed(_ resourcePath: String, at path: String, isDirectory: Bool, into scan: inout Scan) {
        let name = (resourcePath as NSString).lastPathComponent
        // The resource may be the catalog or the .lproj folder itself (`.process("Media.xcassets")`).
        if isDirectory, name.hasSuffix(".xcassets") {
            scanCatalog(at: path, bundleName: name, into: &scan.inventory, diagnostics: &scan.diagnostics)
            return
        }
        if isDirectory, name.hasSuffix(".lproj") {
            for file in files(under: path) {
                scanLocalized((file as NSString).lastPathComponent, at: join(path, file), language: String(name.dropLast(6)), into: &scan)
            }
            return
        }
        // One file of a `.lproj` folder, listed on its own (as migrate-pods lists what a podspec's globs select): SwiftPM
        // keeps it in its language's folder.
        let parent = ((resourcePath as NSString).deletingLastPathComponent as NSString).lastPathComponent
        if !isDirectory, parent.hasSuffix(".lproj") {
            return scanLocalized(name, at: path, language: String(parent.dropLast(6)), into: &scan)
        }
        let entries = isDirectory ? files(under: path).map { ($0, join(path, $0)) } : [((resourcePath as NSString).lastPathComponent, path)]
        var catalogs: Set<String> = []
        for (relativeFile, absolute) in entries {
            let components = relativeFile.split(separator: "/").map(String.init)
            if let catalogIndex = components.firstIndex(where: { $0.hasSuffix(".xcassets") }) {
                let catalog = components[...catalogIndex].joined(separator: "/")
                if catalogs.insert(catalog).inserted {
                    scanCatalog(at: join(path, catalog), bundleName: components[catalogIndex], into: &scan.inventory, diagnostics: &scan.diagnostics)
                }
            } else if let lprojIndex = components.firstIndex(where: { $0.hasSuffix(".lproj") }) {
                scanLocalized(components.last ?? "", at: absolute, language: String(components[lprojIndex].dropLast(6)), into: &scan)
            } else if let file = components.last, file.hasSuffix(".xcstrings") {
                readCatalogStrings(at: absolute, table: String(file.dropLast(10)), into: &scan.strings, diagnostics: &scan.diagnostics)
            } else {
                add(file: components.last ?? relativeFile, source: absolute, to: &scan.inventory)
            }
        }
    }

    /// A file of a `<language>.lproj` folder: `.strings` and `.stringsdict` tables.
    private func scanLocalized(_ file: String, at path: String, language: String, into scan: inout Scan) {
        if !scan.inventory.localizations.contains(language) {
            scan.inventory.localizations.append(language)
            scan.inventory.localizations.sort()
        }
        if file.hasSuffix(".stringsdict"), let keys = try? StringsFileParser.stringsdict(at: path, fileSystem: fileSystem) {
            for (key, _) in keys { scan.pluralKeys.insert(String(file.dropLast(12)) + "\u{0}" + key) }
        }
        readStrings(file: file, at: path, language: language, into: &scan.strings, diagnostics: &scan.diagnostics)
    }

    /// Sorted lists, string tables, and an error for two resources that would land on the same bundle path.
    private func finish(_ scan: inout Scan, manifestPath: String) {
        let strings = scan.strings, pluralKeys = scan.pluralKeys
        scan.inventory.strings = strings.keys.sorted().map { table in
            StringsTable(name: table, keys: strings[table, default: [:]].map {
                LocalizedKey(key: $0.key, arguments: $0.value.arguments, isPlural: pluralKeys.contains(table + "\u{0}" + $0.key))
            }.sorted())
        }
        scan.inventory.files.sort()
        scan.inventory.images.sort()
        scan.inventory.colors.sort()
        scan.inventory.fonts.sort()
        scan.inventory.nibs.sort()
        scan.inventory.storyboards.sort()
        let bundlePaths = scan.inventory.files.map(\.bundlePath) + scan.inventory.fonts.map(\.bundlePath)
        for name in Dictionary(grouping: bundlePaths, by: { $0 }).filter({ $0.value.count > 1 }).keys.sorted() {
            scan.error("two resources would both be '\(name)' in the bundle (processed files are flattened); rename one", FileLocation(path: manifestPath))
        }
    }

    private func add(file: String, source: String, to inventory: inout ResourceInventory) {
        let (base, rawExtension) = Self.split(file)
        let ext = rawExtension?.lowercased() ?? ""
        let resource = resourceFile(bundlePath: file, source: source)
        switch ext {
        case _ where Self.imageExtensions.contains(ext):
            let name = base.replacingOccurrences(of: "@2x", with: "").replacingOccurrences(of: "@3x", with: "")
            if !inventory.images.contains(where: { $0.name == name && $0.catalog == nil }) {
                inventory.images.append(ImageEntry(name: name, file: resource, catalog: nil))
            }
            inventory.files.append(resource)
        case "xib", "nib": inventory.nibs.append(base)
        case "storyboard": inventory.storyboards.append(base)
        case _ where Self.fontExtensions.contains(ext): inventory.fonts.append(resource)
        default: inventory.files.append(resource)
        }
    }

    private func resourceFile(bundlePath: String, source: String) -> ResourceFile {
        let slash = bundlePath.lastIndex(of: "/")
        let directory = slash.map { String(bundlePath[..<$0]) }
        let file = slash.map { String(bundlePath[bundlePath.index(after: $0)...]) } ?? bundlePath
        let (name, ext) = Self.split(file)
        return ResourceFile(name: name, ext: ext, subdirectory: directory, source: source)
    }

    /// `logo.png` → (`logo`, `png`); `LICENSE` → (`LICENSE`, nil); `.hidden` keeps its dot.
    static func split(_ file: String) -> (name: String, ext: String?) {
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return (file, nil) }
        let ext = String(file[file.index(after: dot)...])
        return ext.isEmpty ? (file, nil) : (String(file[..<dot]), ext)
    }

    private func scanCatalog(at path: String, bundleName: String, into inventory: inout ResourceInventory, diagnostics: inout [ResourceDiagnostic]) {
        for file in files(under: path) where (file as NSString).lastPathComponent == "Contents.json" {
            let folder = (file as NSString).deletingLastPathComponent
            let setName = (folder as NSString).lastPathComponent
            let absolute = join(path, file)
            guard let data = fileSystem.contents(of: absolute, upTo: StringsFileParser.maximumBytes).map({ Data($0) }) else {
                diagnostics.append(ResourceDiagnostic(severity: .error, message: "cannot read the file", location: FileLocation(path: relative(absolute))))
                continue
            }
            do {
                _ = try JSONDecoder().decode(AssetContents.self, from: data)
            } catch {
                diagnostics.append(ResourceDiagnostic(severity: .error, message: "invalid Contents.json: \(Self.describe(error))",
                                                      location: FileLocation(path: relative(absolute))))
                continue
            }
            if setName.hasSuffix(".imageset") {
                inventory.images.append(ImageEntry(name: String(setName.dropLast(9)), file: nil, catalog: bundleName))
            } else if setName.hasSuffix(".colorset") {
                inventory.colors.append(ColorEntry(name: String(setName.dropLast(9)), catalog: bundleName))
            }
        }
    }

    private func readStrings(file: String, at path: String, language: String,
                             into tables: inout [String: [String: (arguments: [FormatSpecifiers.ArgumentType], language: String)]],
                             diagnostics: inout [ResourceDiagnostic]) {
        let location = FileLocation(path: relative(path))
        let entries: [(String, String)]?
        let table: String
        if file.hasSuffix(".strings") {
            table = String(file.dropLast(8))
            entries = reading(at: location, into: &diagnostics) { try StringsFileParser.strings(at: path, fileSystem: fileSystem) }
        } else if file.hasSuffix(".stringsdict") {
            table = String(file.dropLast(12))
            entries = reading(at: location, into: &diagnostics) { try StringsFileParser.stringsdict(at: path, fileSystem: fileSystem) }
        } else {
            return
        }
        for (key, value) in entries ?? [] {
            record(key: key, value: value, table: table, language: language, location: location, into: &tables, diagnostics: &diagnostics)
        }
    }

    private func readCatalogStrings(at path: String, table: String,
                                    into tables: inout [String: [String: (arguments: [FormatSpecifiers.ArgumentType], language: String)]],
                                    diagnostics: inout [ResourceDiagnostic]) {
        let location = FileLocation(path: relative(path))
        guard let (language, entries) = reading(at: location, into: &diagnostics, { try StringsFileParser.xcstrings(at: path, fileSystem: fileSystem) }) else { return }
        for (key, value) in entries {
            record(key: key, value: value, table: table, language: language, location: location, into: &tables, diagnostics: &diagnostics)
        }
    }

    /// Runs a reader; its failure becomes a located error diagnostic.
    private func reading<T>(at location: FileLocation, into diagnostics: inout [ResourceDiagnostic], _ read: () throws -> T) -> T? {
        do {
            return try read()
        } catch let error as InputError {
            diagnostics.append(ResourceDiagnostic(severity: .error, message: error.message, location: error.location ?? location))
        } catch {
            diagnostics.append(ResourceDiagnostic(severity: .error, message: "\(error)", location: location))
        }
        return nil
    }

    /// Keys from every language; the arguments come from the development language (`en`, else `Base`, else the first).
    private func record(key: String, value: String, table: String, language: String, location: FileLocation,
                        into tables: inout [String: [String: (arguments: [FormatSpecifiers.ArgumentType], language: String)]],
                        diagnostics: inout [ResourceDiagnostic]) {
        guard let arguments = FormatSpecifiers.arguments(in: value) else {
            diagnostics.append(ResourceDiagnostic(severity: .warning, message: "the format arguments of '\(key)' are inconsistent; it is generated without arguments",
                                                  location: location))
            tables[table, default: [:]][key] = tables[table, default: [:]][key] ?? ([], language)
            return
        }
        if let existing = tables[table, default: [:]][key], Self.rank(existing.language) <= Self.rank(language) { return }
        tables[table, default: [:]][key] = (arguments, language)
    }

    static func rank(_ language: String) -> (Int, String) {
        switch language {
        case "en": return (0, language)
        case "Base": return (1, language)
        default: return (2, language)
        }
    }

    /// Regular files under `directory`, relative, sorted, skipping hidden ones; linked folders are followed.
    private func files(under directory: String) -> [String] {
        fileSystem.regularFiles(under: directory, followingLinkedFolders: true)
    }

    func join(_ base: String, _ path: String) -> String {
        if path.hasPrefix("/") { return path }
        if base.isEmpty || base == "." { return path }
        return base + "/" + path
    }

    private func relative(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path == path ? path : (path as NSString).standardizingPath
    }

    /// An asset catalog's `Contents.json`: only its shape is checked (a JSON object, `info` an object when present).
    struct AssetContents: Decodable {
        struct Info: Decodable {
            var version: Int?
            var author: String?
        }

        var info: Info?
    }

    static func describe(_ error: Error) -> String {
        if case DecodingError.dataCorrupted(let context) = error, let underlying = context.underlyingError { return describe(underlying) }
        if case DecodingError.typeMismatch(_, let context) = error {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? "expected a JSON object" : "unexpected value at \(path)"
        }
        let text = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        return text
    }
}
