import Diagnostics
import Foundation

/// Writes a file through a temporary sibling and a rename, so readers never see half a file.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(InputError) {
        try writeAll([(data, path)])
    }

    /// Every file written, or none: each goes to a temporary sibling first, and only when all are there are they
    /// renamed into place (a failure before that removes the temporary files and leaves every file as it was).
    public static func writeAll(_ files: [(data: Data, path: String)]) throws(InputError) {
        var staged: [(temporary: String, path: String)] = []
        do {
            for file in files { staged.append((try stage(file.data, for: file.path), file.path)) }
        } catch {
            for file in staged { try? FileManager.default.removeItem(atPath: file.temporary) }
            throw error
        }
        for (index, file) in staged.enumerated() where rename(file.temporary, file.path) != 0 {
            // Why, in the system's words ("Is a directory" for a folder given as the file).
            let reason = String(cString: strerror(errno)).lowercased()
            for rest in staged[index...] { try? FileManager.default.removeItem(atPath: rest.temporary) }
            throw InputError("cannot move the new file into place: \(reason)", at: FileLocation(path: file.path))
        }
    }

    private static func stage(_ data: Data, for path: String) throws(InputError) -> String {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true)
        } catch {
            throw InputError("cannot create the folder", at: FileLocation(path: directory))
        }
        let temporary = "\(directory.isEmpty ? "." : directory)/.\((path as NSString).lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else {
            throw InputError("cannot write a temporary file", at: FileLocation(path: temporary))
        }
        return temporary
    }
}
