/// What the Swift headers read so far import, by their bytes: the files of a code base often begin alike (the same
/// licence comment, `import Foundation`, `import UIKit`), and a header seen before is not parsed again.
///
/// A header's imports depend on its bytes alone (positions count from the file's start), so a header found here gives
/// the same result as parsing it. One thread's: not shared between threads. Small headers only, and at most
/// `maximumTotalBytes` of them and their imports, so that it stays small however many files pass.
final class ParsedHeaders {
    /// Headers longer than this are parsed every time.
    static let maximumHeaderBytes = 4 << 10
    /// A generous estimate of one kept import's memory (its strings and arrays), counted against the budget.
    static let bytesAnImportTakes = 256
    let maximumTotalBytes: Int

    private var scans: [Key: ScannedFile] = [:]
    private var totalBytes = 0
    /// Headers whose imports were taken from here or from an equal header of the same batch, not parsed.
    private(set) var reused = 0
    var count: Int { scans.count }

    init(maximumTotalBytes: Int = 1 << 20) {
        self.maximumTotalBytes = maximumTotalBytes
    }

    static func keeps(_ header: SwiftHeader) -> Bool {
        !header.truncated && !header.bytes.isEmpty && header.bytes.count <= maximumHeaderBytes
    }

    func noteReused() {
        reused += 1
    }

    subscript(key: Key) -> ScannedFile? {
        get { scans[key] }
        set {
            guard let newValue, scans[key] == nil else { return }
            let size = key.bytes.count + newValue.imports.count * Self.bytesAnImportTakes
            guard totalBytes + size <= maximumTotalBytes else { return }
            scans[key] = newValue
            totalBytes += size
        }
    }

    /// A header's bytes, hashed in one call rather than byte by byte.
    struct Key: Hashable {
        let bytes: [UInt8]

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        func hash(into hasher: inout Hasher) {
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
    }
}
