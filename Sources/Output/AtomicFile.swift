import Diagnostics
import Foundation

/// Writes a file through a temporary sibling and a rename, so readers never see half a file.
public enum AtomicFile {
    public static func write(_ data: Data, to path: String) throws(InputError) {
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
        if rename(temporary, path) != 0 {
            try? FileManager.default.removeItem(atPath: temporary)
            throw InputError("cannot move the new file into place", at: FileLocation(path: path))
        }
    }
}
