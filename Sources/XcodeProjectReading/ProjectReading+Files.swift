import Diagnostics
import Paths

extension ProjectReading {
    /// The files of the target's synchronized folders (Xcode 16) less its membership exceptions, and the files other
    /// targets' folders name in an exception set for it (membership added one file at a time).
    mutating func synchronizedFiles(of target: String, into files: inout Set<String>, unknown: inout [String]) {
        let owned = objects.list(target, "fileSystemSynchronizedGroups")
        for group in owned {
            guard let folder = path(of: group) else { continue }
            let absolute = PathArithmetic.join(projectFolder, folder)
            guard fileSystem.isFolder(absolute) else {
                unknown.append("its synchronized folder \(folder) is missing")
                continue
            }
            let excluded = Set(exceptions(in: group, for: target))
            for file in fileSystem.regularFiles(under: absolute) where !excluded.contains(file) {
                files.insert(PathArithmetic.join(folder, file))
            }
        }
        for group in synchronizedGroups where !owned.contains(group) {
            guard let folder = path(of: group) else { continue }
            for file in exceptions(in: group, for: target) { files.insert(PathArithmetic.join(folder, file)) }
        }
    }

    /// The paths a synchronized folder's exception sets name for `target`, relative to the folder.
    private func exceptions(in group: String, for target: String) -> [String] {
        objects.list(group, "exceptions").filter {
            objects.isa($0) == "PBXFileSystemSynchronizedBuildFileExceptionSet" && objects.string($0, "target") == target
        }.flatMap { objects.list($0, "membershipExceptions") }
    }

    /// `SWIFT_OBJC_BRIDGING_HEADER` when it is a plain path (alone or after `$(SRCROOT)/`): its imports are the target's.
    mutating func bridgingHeader(of target: String, into files: inout Set<String>, unknown: inout [String]) {
        guard let value = setting("SWIFT_OBJC_BRIDGING_HEADER", of: target), !value.isEmpty else { return }
        var path = value
        for prefix in ["$(SRCROOT)/", "${SRCROOT}/", "$(PROJECT_DIR)/", "${PROJECT_DIR}/", "$(SOURCE_ROOT)/"] where path.hasPrefix(prefix) {
            path.removeFirst(prefix.count)
        }
        guard !path.contains("$") else {
            unknown.append("its bridging header \(value) is not a plain path")
            return
        }
        files.insert(PathArithmetic.lexical(PathArithmetic.join(objects.string(rootID, "projectDirPath") ?? ".", path)))
    }

    /// The module a target builds when it is not its name: a literal `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`.
    func moduleName(of target: String, name: String) -> String? {
        let literal = [setting("PRODUCT_MODULE_NAME", of: target), setting("PRODUCT_NAME", of: target)]
            .compactMap { $0 }.first { !$0.contains("$") && !$0.isEmpty }
        return literal == name ? nil : literal
    }

    /// A build setting of the target's Debug configuration (else its first), else of the project's.
    func setting(_ key: String, of target: String) -> String? {
        for owner in [target, rootID] {
            guard let list = objects.string(owner, "buildConfigurationList") else { continue }
            let configurations = objects.list(list, "buildConfigurations")
            let chosen = configurations.first { objects.string($0, "name") == "Debug" } ?? configurations.first
            if let chosen, let value = objects.dictionary(chosen, "buildSettings")?[key] as? String { return value }
        }
        return nil
    }
}
