import Foundation

/// A repository written on disk for one test, in a folder of its own under the temporary folder.
public struct ScratchRepository {
    public let root: String

    public init(named prefix: String) throws {
        root = NSTemporaryDirectory() + "\(prefix)-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    /// Writes `text` at `relative` (from the root), creating its folders.
    public func write(_ text: String, to relative: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }
}
