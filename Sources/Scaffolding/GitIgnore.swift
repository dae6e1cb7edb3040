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
    /// touched.
    @discardableResult
    public static func ensure(in folder: String) throws -> String? {
        let path = PathArithmetic.join(folder, ".gitignore")
        guard !FileManager.default.fileExists(atPath: path) else { return nil }
        try AtomicFile.write(Data(contents.utf8), to: path)
        return path
    }
}
