import Diagnostics
import Files
import PackageModel
import Paths

extension Workspace {
    /// A check that read no target while the repository holds code (every description declined, or one Tuist or Bazel
    /// cannot be read here) checked nothing: an input error naming what was not read, never a green run. An unreadable
    /// manifest is a finding already, and its check fails on it.
    func requireSomethingRead(shownScope: String) throws {
        // A Tuist project the reader declined is a warning: when nothing else was read, nothing was checked.
        guard unreadable.allSatisfy({ $0.isDeclined && $0.kind == .tuistProject }), !sourceFiles.isEmpty, packages.allSatisfy({ $0.manifest.targets.isEmpty }) else { return }
        throw nothingChecked(shownScope: shownScope)
    }

    func nothingChecked(shownScope: String) -> InputError {
        let unread = notes.filter { note in
            ["not read:", "componentize does not read", "has no project.pbxproj", "so it is not read", "not read as a spec"].contains { note.message.contains($0) }
        }
        let declined = unreadable.map { "\($0.location): \($0.relativeManifestPath) is not read: \($0.message)" }
        let why = unread.isEmpty && declined.isEmpty ? "" : ": " + (declined + unread.map(\.description)).prefix(3).joined(separator: "; ")
        return InputError("nothing was checked: no target of a package, pod or project was read, and the repository holds \(sourceFiles.count) Swift and C-family files\(why)",
                          at: FileLocation(path: shownScope))
    }

    /// `check` of a folder (`scope`, absolute) that holds no package, pod or Xcode project (`found` says whether it
    /// does) is a mistake (a wrong path, a typo): an input error saying what was looked for, never a green run.
    public func requireSomethingToCheck(found: Bool, scope: String, currentFolder: String, fileSystem: any FileSystem) throws {
        let shown = PathArithmetic.relative(scope, to: currentFolder)
        guard !found else { return try requireSomethingRead(shownScope: shown) }
        if !declined.isEmpty || !unreadDescriptions.isEmpty { throw nothingChecked(shownScope: shown) }
        if let generated = GeneratedFolders.cocoaPodsOutput(containing: scope + "/", fileSystem: fileSystem) {
            throw InputError("nothing to check here: \(PathArithmetic.relative(generated, to: currentFolder)) is CocoaPods' generated Pods folder, not the repository's own code; check the folder that holds the Podfile",
                             at: FileLocation(path: shown))
        }
        throw InputError("nothing to check: no Package.swift, podspec or Xcode project under this folder (looked everywhere below it but .build, generated Pods, DerivedData, Carthage, node_modules, hidden folders and the configuration's exclude globs)",
                         at: FileLocation(path: shown))
    }
}
