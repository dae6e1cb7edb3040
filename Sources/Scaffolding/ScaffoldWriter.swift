import Diagnostics
import Files
import Foundation
import Output
import PackageModel

/// Writes a ``ScaffoldPlan`` all or nothing: packages are rendered into a hidden staging folder and moved into
/// place at the end; the app's manifest is replaced through a temporary file. A failure half-way removes what
/// was moved, and nothing existing is ever overwritten. What is there is asked of the disk as it is now (uncached).
public struct ScaffoldWriter {
    public var root: String
    private let disk = DiskFileSystem()

    public init(root: String) {
        self.root = root
    }

    public func write(_ plan: ScaffoldPlan) throws {
        let fileManager = FileManager.default
        for package in plan.packages {
            let destination = (root as NSString).appendingPathComponent(package.directory)
            if disk.status(of: destination).exists {
                throw InputError("\(package.directory) already exists; componentize new never overwrites", at: FileLocation(path: destination))
            }
        }
        let staging = (root as NSString).appendingPathComponent(".componentize-new-\(UUID().uuidString)")
        var moved: [String] = []
        var edited: [(ScaffoldPlan.ManifestChange, String)] = []
        defer { try? fileManager.removeItem(atPath: staging) }
        do {
            for package in plan.packages {
                for file in package.files {
                    let path = "\(staging)/\(package.name)/\(file.path)"
                    try createDirectory((path as NSString).deletingLastPathComponent)
                    guard fileManager.createFile(atPath: path, contents: Data(file.content.utf8)) else {
                        throw InputError("cannot write a staged file", at: FileLocation(path: path))
                    }
                }
            }
            for package in plan.packages {
                let destination = (root as NSString).appendingPathComponent(package.directory)
                try createDirectory((destination as NSString).deletingLastPathComponent)
                guard rename("\(staging)/\(package.name)", destination) == 0 else {
                    throw InputError("cannot move the new package into place", at: FileLocation(path: destination))
                }
                moved.append(destination)
            }
            let changes = plan.manifestChanges.map { change in
                (change, (root as NSString).appendingPathComponent(change.path.hasPrefix(root) ? String(change.path.dropFirst(root.count + 1)) : change.path))
            }
            for (change, path) in changes where change.isNewFile && disk.status(of: path).exists {
                throw InputError("\(change.path) already exists; componentize new never overwrites", at: FileLocation(path: change.path))
            }
            for (change, path) in changes where !change.isNewFile && (disk.text(of: path) ?? "") != change.before {
                throw InputError("this manifest changed while componentize was planning; run it again", at: FileLocation(path: change.path))
            }
            for (change, path) in changes {
                try AtomicFile.write(Data(change.after.utf8), to: path)
                edited.append((change, path))
            }
        } catch {
            for (change, path) in edited.reversed() {
                if change.isNewFile { try? fileManager.removeItem(atPath: path) } else { try? AtomicFile.write(Data(change.before.utf8), to: path) }
            }
            for destination in moved.reversed() { try? fileManager.removeItem(atPath: destination) }
            throw error
        }
    }

    private func createDirectory(_ path: String) throws {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InputError("cannot create the folder", at: FileLocation(path: path))
        }
    }
}
