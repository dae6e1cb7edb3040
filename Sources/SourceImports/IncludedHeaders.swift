import Files
import Paths
import SourceText

/// The headers an Xcode target's files include by quotes that the project lists in no build phase of the target: an
/// app target's headers are in none, yet each is compiled into every file that includes it (its imports, its
/// `@BeeHiveService(…)` annotations and string constants with it). A header is found as Xcode finds it: beside the
/// including file, else by its name among the headers of the folders the project's targets compile files from (Xcode's
/// header map of the project's headers); a name several of those folders hold is found only beside the file.
struct IncludedHeaders {
    let package: SourcePackage
    let fileSystem: any FileSystem
    let parser: SwiftImportParser
    let markers: MarkerWords?
    /// The headers of the folders the project's targets compile files from, by file name, relative to the package.
    private let headersByName: [String: [String]]

    init(package: SourcePackage, selections: [TargetSources.Selection], fileSystem: any FileSystem, parser: SwiftImportParser, markers: MarkerWords?) {
        (self.package, self.fileSystem, self.parser, self.markers) = (package, fileSystem, parser, markers)
        let folders = Set(selections.flatMap { $0.unknown == nil ? $0.files : [] }.map { Self.folder(of: $0) })
        var byName: [String: [String]] = [:]
        for folder in folders.sorted() {
            for entry in fileSystem.listing(of: PathArithmetic.join(package.directory, folder))?.entries ?? [] where entry.kind.isFile {
                guard Self.isHeader(entry.name) else { continue }
                byName[entry.name, default: []].append(PathArithmetic.join(folder, entry.name))
            }
        }
        headersByName = byName
    }

    /// The folder of a relative path (`.` for a file at the top).
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    static func isHeader(_ name: String) -> Bool {
        ["h", "hh", "hpp"].contains(TargetSources.fileExtension(of: name))
    }

    /// Adds to each target the headers its files include, and what those include in turn, scanned (each once), keeping
    /// every target's files sorted with their scans; returns the headers added, by the selection's index.
    @discardableResult
    func add(to selections: inout [TargetSources.Selection], scans: inout [[ScannedFile]]) -> [Int: Set<String>] {
        var scanned: [String: ScannedFile] = [:], headers: [String: String?] = [:], addedHeaders: [Int: Set<String>] = [:]
        for index in selections.indices where selections[index].unknown == nil {
            var known = Set(selections[index].files)
            var pending = zip(selections[index].files, scans[index]).flatMap { file, scan in scan.quotedIncludes.map { (file, $0.path) } }
            var added: [(String, ScannedFile)] = []
            while !pending.isEmpty {
                let new = pending.compactMap { header(written: $0.1, from: $0.0, found: &headers) }.filter { known.insert($0).inserted }
                let unscanned = Array(Set(new.filter { scanned[$0] == nil })).sorted()
                let results = SourcePass.scanOnce(unscanned, in: package.directory, fileSystem: fileSystem, parser: parser, markers: markers)
                for (file, scan) in zip(unscanned, results) { scanned[file] = scan }
                let found = new.compactMap { file in scanned[file].map { (file, $0) } }
                added += found
                pending = found.flatMap { file, scan in scan.quotedIncludes.map { (file, $0.path) } }
            }
            guard !added.isEmpty else { continue }
            addedHeaders[index] = Set(added.map(\.0))
            let merged = (Array(zip(selections[index].files, scans[index])) + added).sorted { $0.0 < $1.0 }
            selections[index].files = merged.map(\.0)
            scans[index] = merged.map(\.1)
        }
        return addedHeaders
    }

    /// The header `#import "written"` in `file` finds: beside the file, else the one header of that name the project's
    /// folders hold; nil when it is not one of the project's headers. `found` keeps the answers by folder and text.
    private func header(written: String, from file: String, found: inout [String: String?]) -> String? {
        let key = Self.folder(of: file) + "\u{0}" + written
        if let known = found[key] { return known }
        let header = header(written: written, in: Self.folder(of: file))
        found[key] = header
        return header
    }

    private func header(written: String, in folder: String) -> String? {
        let beside = PathArithmetic.lexical(PathArithmetic.join(folder, written))
        if Self.isHeader(beside), fileSystem.status(of: PathArithmetic.join(package.directory, beside)).isFile { return beside }
        guard !written.contains("/"), let candidates = headersByName[written], candidates.count == 1 else { return nil }
        return candidates[0]
    }
}
