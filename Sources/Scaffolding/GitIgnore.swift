import Files
import Foundation
import Output
import Paths

/// The `.gitignore` `init` and `new` write where there is none, so build folders stay out of version control.
public enum GitIgnore {
    public static let contents = """
        # SwiftPM's build and workspace folders
        .build/
        .swiftpm/

        """

    /// Writes `<folder>/.gitignore` when the folder has none; returns its path when written. An existing file is never
    /// touched. `fileSystem` is asked as it is now (the disk, uncached).
    @discardableResult
    public static func ensure(in folder: String, fileSystem: any FileSystem = DiskFileSystem()) throws -> String? {
        let path = PathArithmetic.join(folder, ".gitignore")
        guard !fileSystem.status(of: path).exists else { return nil }
        try AtomicFile.write(Data(contents.utf8), to: path)
        return path
    }
}
