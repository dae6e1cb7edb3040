import Files
import SourceText

/// Reads the imports of Swift and C-family source files: read through a file system (``SourceFileReader``), Swift
/// headers cut (``SwiftHeader``) and parsed (``SwiftImportParser``), C-family files scanned by line
/// (``CFamilyImportScanner``).
public enum ImportScanner {
    /// Files are read whole up to this size; a larger file is read up to it, with a warning.
    public static let maximumBytes = 4 << 20
    /// Files read and parsed together: the reads of files not cached yet are queued at once, and the batch's Swift
    /// headers are parsed as one text where they can be.
    static let batchSize = 64

    /// The imports of `files` (relative to `directory`, or absolute), in order.
    public static func scan(files: [String], in directory: String, fileSystem: any FileSystem) -> [ScannedFile] {
        scan(files: files, in: directory, fileSystem: fileSystem, parser: SwiftImportParser(keepingHeaders: false), markers: nil)
    }

    /// The same with a parser that may keep what it parsed for the next call (one thread's).
    static func scan(files: [String], in directory: String, fileSystem: any FileSystem, parser: SwiftImportParser, markers: MarkerWords? = nil,
                     maximumBytes: Int = maximumBytes) -> [ScannedFile] {
        var scanned: [ScannedFile] = []
        scanned.reserveCapacity(files.count)
        var start = 0
        while start < files.count {
            let batch = Array(files[start..<min(start + batchSize, files.count)])
            let contents = fileSystem.contents(of: batch, in: directory, upTo: maximumBytes + 1)
            let read = zip(batch, contents).map { SourceFileReader.read($1, path: $0, maximumBytes: maximumBytes, markers: markers) }
            scanned += finish(read, parser: parser)
            start += batch.count
        }
        return scanned
    }

    /// The scans of files read, the Swift headers among them parsed together.
    private static func finish(_ read: [SourceFileReader.Outcome], parser: SwiftImportParser) -> [ScannedFile] {
        var headers: [SwiftHeader] = []
        for item in read {
            guard case .swift(let header, _, _, _, _) = item else { continue }
            headers.append(header)
        }
        var parsed = parser.imports(of: headers).makeIterator()
        return read.map { item in
            switch item {
            case .scanned(let scanned):
                return scanned
            case .swift(_, let words, let conformances, let problem, let marked):
                var scanned = parsed.next() ?? ScannedFile(imports: [], problem: nil)
                scanned.problem = scanned.problem ?? problem
                scanned.words = words
                scanned.conformances = conformances
                scanned.marked = marked
                return scanned
            }
        }
    }
}
