import Diagnostics
import Files
import Foundation
import PackageModel
import Paths

/// The files git says changed since a revision: committed since it, changed in the working tree, and new files git
/// does not ignore. `check --changed-since REF` reports only findings located in them (the whole repository is still
/// read, so each finding is the one a full check reports).
public struct ChangedFiles: Sendable {
    /// Absolute paths, links resolved.
    public var paths: Set<String>

    /// Asks git in `folder`; an input error when git is missing, the folder is not in a repository or the revision
    /// is unknown.
    public static func since(_ revision: String, in folder: String) throws -> ChangedFiles {
        guard !revision.hasPrefix("-") else { throw InputError("--changed-since takes a git revision, not an option: '\(revision)'") }
        let top = try git(["rev-parse", "--show-toplevel"], in: folder).trimmingCharacters(in: .whitespacesAndNewlines)
        _ = try git(["rev-parse", "--verify", "--quiet", revision + "^{commit}"], in: folder,
                    failure: "no commit '\(revision)' in this repository (fetch it first, e.g. git fetch origin main)")
        let changed = try git(["diff", "--name-only", "-z", revision, "--"], in: top)
        let untracked = try git(["ls-files", "--others", "--exclude-standard", "-z"], in: top)
        var paths: Set<String> = []
        for name in (changed + untracked).split(separator: "\0") where !name.isEmpty {
            paths.insert(DiskFileSystem().realPath(PathArithmetic.join(top, String(name))))
        }
        return ChangedFiles(paths: paths)
    }

    /// Whether a path as messages name it (relative to the current folder, or absolute) is among the changed files.
    public func contains(_ displayedPath: String) -> Bool {
        paths.contains(DiskFileSystem().realPath(displayedPath))
    }

    /// A changed `project.pbxproj` re-checks its targets: their files count as changed too (a product unlinked in the
    /// project is an `implicit-dependency` at an import nobody touched).
    public func withProjectFiles(of workspace: Workspace, fileSystem: any FileSystem) -> ChangedFiles {
        var changed = self
        for package in workspace.packages where package.isXcodeProject && changed.paths.contains(PathArithmetic.join(package.directory, "project.pbxproj")) {
            for target in package.manifest.targets {
                let folder = PathArithmetic.resolve(target.path ?? ".", from: package.directory)
                for file in target.listedFiles ?? [] { changed.paths.insert(fileSystem.realPath(PathArithmetic.resolve(file, from: folder))) }
            }
        }
        return changed
    }

    private static func git(_ arguments: [String], in folder: String, failure: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder] + arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw InputError("--changed-since needs git, which could not be started: \(error.localizedDescription)")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw InputError("--changed-since: " + (failure ?? "git \(arguments.joined(separator: " ")) failed: \(message.trimmingCharacters(in: .whitespacesAndNewlines))"),
                             at: FileLocation(path: folder))
        }
        return String(decoding: data, as: UTF8.self)
    }
}
