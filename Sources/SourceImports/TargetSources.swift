import Foundation
import ManifestReading
import Paths

/// The source files SwiftPM compiles for a target: its folder (`path:`, else the first of `Sources/<name>`,
/// `Source/<name>`, `src/<name>`, `srcs/<name>`, with `Tests/<name>` first for test targets), narrowed by `sources:`,
/// minus `exclude:`; Swift files and C-family sources and headers. Hidden files and folders are skipped, as
/// SwiftPM skips them.
public enum TargetSources {
    public static let swiftExtensions: Set<String> = ["swift"]
    public static let cFamilyExtensions: Set<String> = ["h", "m", "mm", "c", "cc", "cpp", "cxx", "hpp"]

    /// The files of one target, relative to the package folder, sorted.
    public struct Selection: Sendable, Equatable {
        /// The target's folder relative to the package, when found.
        public var directory: String?
        public var files: [String]
        /// Why the files cannot be known (a computed `sources:`, no folder at all); nil when they are.
        public var unknown: String?
    }

    public static func select(_ target: Target, packageDirectory: String, listings: FolderListings = FolderListings()) -> Selection {
        if let reason = target.sourcesUnknown {
            return Selection(directory: nil, files: [], unknown: "its sources: or exclude: could not be read (\(reason))")
        }
        guard let directory = target.folder(inPackage: packageDirectory, listings: listings) else {
            return Selection(directory: nil, files: [], unknown: "no folder for it (\(target.defaultFolders.joined(separator: ", ")))")
        }
        let absolute = PathArithmetic.join(packageDirectory, directory)
        let excluded = target.exclude.map { PathArithmetic.normalized($0) }
        let included = target.sources.map { $0.map { PathArithmetic.normalized($0) } }
        var files: [String] = []
        for relative in listings.regularFiles(under: absolute) {
            let ext = fileExtension(of: relative)
            guard swiftExtensions.contains(ext) || cFamilyExtensions.contains(ext) else { continue }
            if excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            if let included, !included.contains(where: { $0.isEmpty || relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            files.append(PathArithmetic.join(directory, relative))
        }
        return Selection(directory: directory, files: files.sorted(), unknown: nil)
    }

    /// The extension of a file name, lowercased (`swift`, `m`); empty when there is none.
    static func fileExtension(of path: String) -> String {
        let name = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path[path.utf8.index(after: $0)...] } ?? Substring(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.startIndex else { return "" }
        return name[name.utf8.index(after: dot)...].lowercased()
    }
}
