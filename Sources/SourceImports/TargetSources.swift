import Files
import PackageModel
import Paths

/// The source files SwiftPM compiles for a target: its folder (`path:`, else the first of `Sources/<name>`,
/// `Source/<name>`, `src/<name>`, `srcs/<name>`, with `Tests/<name>` first for test targets), narrowed by `sources:`,
/// minus `exclude:`; Swift files and C-family sources and headers. Hidden files and folders are skipped, as
/// SwiftPM skips them, and so is what SwiftPM does not compile: the files of its declared `resources:`, of projects,
/// workspaces and playgrounds, and of the folders it takes whole as one resource (a documentation catalog `.docc`,
/// whose tutorials hold Swift snippets; asset catalogs; Core Data models), unless `sources:` names the file itself.
public enum TargetSources {
    public static let swiftExtensions: Set<String> = ["swift"]
    public static let cFamilyExtensions: Set<String> = ["h", "m", "mm", "c", "cc", "cpp", "cxx", "hpp"]
    /// The extensions of the folders SwiftPM never compiles a file of: those it ignores, and those it takes whole as one
    /// resource (tools 5.6 and later).
    public static let uncompiledFolderExtensions: Set<String> = [
        "xcodeproj", "xcworkspace", "playground", "docc", "xcassets", "xcstrings", "xcdatamodeld", "xcdatamodel", "xcmappingmodel",
        "nib", "xib", "storyboard", "metal",
    ]

    /// The files of one target, relative to the package folder, sorted.
    public struct Selection: Sendable, Equatable {
        /// The target's folder relative to the package, when found.
        public var directory: String?
        public var files: [String]
        /// Why the files cannot be known (a computed `sources:`, no folder at all); nil when they are.
        public var unknown: String?
        /// BeeHive's service lists in its folder (`BHService.plist`), whatever `sources:` says: resources, not sources.
        public var servicePlists: [String] = []
        /// Files an Xcode project lists for the target that are not there (a stale project), relative to the package
        /// folder: not read.
        public var missing: [String] = []
        /// The storyboards and xibs it bundles, relative to the package folder: ``Target/interfaceFiles`` that are
        /// there, else (a package) those of its folder that `exclude:` leaves in.
        public var interfaceFiles: [String] = []
        /// An Xcode target's `Info.plist` (``Target/infoPlist``) when it is there, relative to the package folder.
        public var infoPlist: String?
        /// Why some of the files an Xcode project gives the target cannot be known (`Target.sourcesIncomplete`).
        public var incomplete: String?
        /// The target's default folder, found spelt in another case (as macOS's default file system finds it).
        public var folderInAnotherCase: String?
    }

    /// The names of the property lists BeeHive reads its service registrations from.
    public static let servicePlistNames: Set<String> = ["BHService.plist", "BeeHive.plist"]

    public static func select(_ target: Target, packageDirectory: String, fileSystem: any FileSystem) -> Selection {
        if let reason = target.sourcesUnknown {
            let what = target.listedFiles == nil ? "its sources: or exclude: could not be read" : "its files cannot all be known"
            return Selection(directory: nil, files: [], unknown: "\(what) (\(reason))")
        }
        if let listed = target.listedFiles {
            let directory = target.path ?? "."
            let files = listed.filter { swiftExtensions.contains(fileExtension(of: $0)) || cFamilyExtensions.contains(fileExtension(of: $0)) }
                .map { PathArithmetic.lexical(PathArithmetic.join(directory, $0)) }.sorted()
            var selection = Selection(directory: directory, files: [], unknown: nil)
            selection.incomplete = target.sourcesIncomplete
            for file in files {
                if fileSystem.status(of: PathArithmetic.join(packageDirectory, file)).isFile { selection.files.append(file) } else { selection.missing.append(file) }
            }
            selection.interfaceFiles = (target.interfaceFiles ?? []).map { PathArithmetic.lexical(PathArithmetic.join(directory, $0)) }
                .filter { fileSystem.status(of: PathArithmetic.join(packageDirectory, $0)).isFile }
            selection.infoPlist = target.infoPlist.map { PathArithmetic.lexical(PathArithmetic.join(directory, $0)) }
                .flatMap { fileSystem.status(of: PathArithmetic.join(packageDirectory, $0)).isFile ? $0 : nil }
            return selection
        }
        guard let directory = target.folder(inPackage: packageDirectory, fileSystem: fileSystem) else {
            if let other = target.defaultFolderInAnotherCase(inPackage: packageDirectory, fileSystem: fileSystem) {
                var spelt = target
                spelt.path = other
                var selection = select(spelt, packageDirectory: packageDirectory, fileSystem: fileSystem)
                selection.folderInAnotherCase = other
                return selection
            }
            return Selection(directory: nil, files: [], unknown: "no folder for it (\(target.defaultFolders.joined(separator: ", ")))")
        }
        let absolute = PathArithmetic.join(packageDirectory, directory)
        let excluded = target.exclude.map { PathArithmetic.normalized($0) }
        let included = target.sources.map { $0.map { PathArithmetic.normalized($0) } }
        let resources = target.resources.map { PathArithmetic.normalized($0.path) }
        var files: [String] = [], plists: [String] = [], interfaces: [String] = []
        let bundled = target.interfaceFiles.map { Set($0.map(PathArithmetic.normalized)) }
        for relative in fileSystem.regularFiles(under: absolute) {
            if servicePlistNames.contains(PathArithmetic.lastComponent(of: relative)) { plists.append(PathArithmetic.join(directory, relative)) }
            if Target.isInterfaceFile(relative), bundled?.contains(relative)
                ?? !excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) {
                interfaces.append(PathArithmetic.join(directory, relative))
            }
            let ext = fileExtension(of: relative)
            guard swiftExtensions.contains(ext) || cFamilyExtensions.contains(ext) else { continue }
            if excluded.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            if let included, !included.contains(where: { $0.isEmpty || relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            if included?.contains(relative) != true,
               isInUncompiledFolder(relative) || resources.contains(where: { $0.isEmpty || relative == $0 || relative.hasPrefix($0 + "/") }) {
                continue
            }
            files.append(PathArithmetic.join(directory, relative))
        }
        var selection = Selection(directory: directory, files: files.sorted(), unknown: nil, servicePlists: plists.sorted())
        selection.interfaceFiles = interfaces.sorted()
        return selection
    }

    /// Whether a folder above the file (relative to the target's folder) is one SwiftPM compiles nothing of.
    /// (Called for every file of every target: the path is scanned as bytes, and only a folder name with an extension
    /// is made a string.)
    static func isInUncompiledFolder(_ relative: String) -> Bool {
        var relative = relative
        return relative.withUTF8 { bytes in
            // Every component but the last non-empty one is a folder.
            var end = bytes.count
            while end > 0, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
            var start = 0, dot = -1
            for index in 0..<end {
                switch bytes[index] {
                case UInt8(ascii: "."):
                    dot = index
                case UInt8(ascii: "/"):
                    if dot > start {
                        let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)..<index]), as: UTF8.self)
                        if uncompiledFolderExtensions.contains(name.lowercased()) { return true }
                    }
                    start = index + 1
                    dot = -1
                default:
                    continue
                }
            }
            return false
        }
    }

    /// The extension of a file name, lowercased (`swift`, `m`); empty when there is none.
    public static func fileExtension(of path: String) -> String {
        var path = path
        return path.withUTF8 { bytes in
            var dot = bytes.count - 1
            while dot >= 0, bytes[dot] != UInt8(ascii: "."), bytes[dot] != UInt8(ascii: "/") { dot -= 1 }
            // No dot in the name, or only a leading one (`.swift` is a hidden file, not an extension).
            guard dot > 0, bytes[dot] == UInt8(ascii: "."), bytes[dot - 1] != UInt8(ascii: "/") else { return "" }
            let ext = String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)...]), as: UTF8.self)
            return ext.utf8.contains { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") || $0 >= 0x80 } ? ext.lowercased() : ext
        }
    }
}
