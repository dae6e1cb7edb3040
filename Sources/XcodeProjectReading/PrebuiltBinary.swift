import Files
import Foundation
import Paths
import SourceText

/// A prebuilt binary a target links by file (its frameworks phase naming a file of the repository, not a product):
/// what module it provides. A framework provides the module its module map declares (`Modules/module.modulemap`), else
/// the one named like it, as Clang finds `import WebRTC` in `WebRTC.framework`; an XCFramework the modules of the
/// frameworks or libraries its `Info.plist` lists (a library's from the module map beside its headers), else, when it is
/// not in the checkout, the one named like it. What a library (`libcrypto.a`), or an XCFramework slice without a module
/// map, provides cannot be known.
enum PrebuiltBinary {
    enum Provides: Equatable {
        case modules([String])
        /// The binary's file name.
        case unknown(String)
    }

    static let frameworkExtensions: Set<String> = ["framework", "xcframework"]
    static let libraryExtensions: Set<String> = ["a", "dylib", "so", "tbd"]

    /// Whether a file reference's path names a prebuilt binary.
    static func isBinary(_ path: String) -> Bool {
        let ext = fileExtension(of: path)
        return frameworkExtensions.contains(ext) || libraryExtensions.contains(ext)
    }

    /// What the binary at `path` (relative to `projectFolder`) provides.
    static func provides(_ path: String, in projectFolder: String, fileSystem: any FileSystem) -> Provides {
        let name = PathArithmetic.lastComponent(of: path)
        let absolute = PathArithmetic.join(projectFolder, path)
        switch fileExtension(of: name) {
        case "framework": return .modules([frameworkModule(at: absolute, fileSystem: fileSystem)])
        case "xcframework": return xcframeworkModules(at: absolute, fileSystem: fileSystem).map(Provides.modules) ?? .unknown(name)
        default: return .unknown(name)
        }
    }

    /// The module of a framework folder: its module map's first module, else its name.
    static func frameworkModule(at absolute: String, fileSystem: any FileSystem) -> String {
        let map = fileSystem.text(of: PathArithmetic.join(absolute, "Modules/module.modulemap"), upTo: 1 << 20)
        return map.flatMap { ModuleMapText.modules(in: $0).first } ?? baseName(PathArithmetic.lastComponent(of: absolute))
    }

    /// The modules of an XCFramework's libraries (`AvailableLibraries` of its `Info.plist`); its name's when the plist is
    /// not there or not readable; nil when a library's module cannot be known.
    static func xcframeworkModules(at absolute: String, fileSystem: any FileSystem) -> [String]? {
        let name = baseName(PathArithmetic.lastComponent(of: absolute))
        guard let bytes = fileSystem.contents(of: PathArithmetic.join(absolute, "Info.plist"), upTo: 1 << 20),
              let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil) as? [String: Any],
              let libraries = plist["AvailableLibraries"] as? [[String: Any]], !libraries.isEmpty else { return [name] }
        var modules: [String] = []
        for library in libraries {
            guard let path = library["LibraryPath"] as? String, let slice = library["LibraryIdentifier"] as? String else { return nil }
            let folder = PathArithmetic.join(absolute, slice)
            let module: String?
            if fileExtension(of: path) == "framework" {
                module = frameworkModule(at: PathArithmetic.join(folder, path), fileSystem: fileSystem)
            } else {
                let headers = (library["HeadersPath"] as? String).map { PathArithmetic.join(folder, $0) }
                module = headers.flatMap { fileSystem.text(of: PathArithmetic.join($0, "module.modulemap"), upTo: 1 << 20) }
                    .flatMap { ModuleMapText.modules(in: $0).first }
            }
            guard let module else { return nil }
            if !modules.contains(module) { modules.append(module) }
        }
        return modules
    }

    private static func baseName(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    private static func fileExtension(of path: String) -> String {
        let name = PathArithmetic.lastComponent(of: path)
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }
}
