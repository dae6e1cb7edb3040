/// Folders another tool writes, which hold nobody's own code.
public enum GeneratedFolders {
    /// What CocoaPods writes in the `Pods` folder it generates beside a Podfile.
    static let cocoaPodsMarkers = ["Manifest.lock", "Pods.xcodeproj", "Target Support Files"]

    /// Whether the folder is CocoaPods' generated `Pods` folder: named `Pods` and holding its lock file, its project
    /// or its support files. A team's own folder named `Pods` (development pods kept there) is not.
    public static func isCocoaPodsOutput(_ folder: String, fileSystem: any FileSystem) -> Bool {
        guard folder == "Pods" || folder.hasSuffix("/Pods"), let listing = fileSystem.listing(of: folder) else { return false }
        return cocoaPodsMarkers.contains { listing.entry(named: $0) != nil }
    }

    /// The generated `Pods` folder `path` lies in, if any (`/r/Example/Pods` for `/r/Example/Pods/Pods.xcodeproj`).
    public static func cocoaPodsOutput(containing path: String, fileSystem: any FileSystem) -> String? {
        var end = path.endIndex
        while let slash = path[..<end].lastIndex(of: "/") {
            let folder = String(path[..<end])
            if folder.hasSuffix("/Pods"), isCocoaPodsOutput(folder, fileSystem: fileSystem) { return folder }
            end = slash
        }
        return nil
    }

    /// Whether `path` (absolute, links resolved) is CocoaPods' generated project: inside its generated `Pods` folder, or
    /// `Pods/Pods.xcodeproj` beside a Podfile while `pod install` has not written it (`Pods/` is not in the repository).
    public static func isCocoaPodsProject(_ path: String, fileSystem: any FileSystem) -> Bool {
        if cocoaPodsOutput(containing: path, fileSystem: fileSystem) != nil { return true }
        let suffix = "/Pods/Pods.xcodeproj"
        guard path.hasSuffix(suffix), !fileSystem.status(of: path).exists else { return false }
        return fileSystem.status(of: String(path.dropLast(suffix.count)) + "/Podfile").exists
    }
}
