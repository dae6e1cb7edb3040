#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

#if canImport(Glibc)
private let systemRead = Glibc.read
#elseif canImport(Darwin)
private let systemRead = Darwin.read
#endif

/// The disk, through POSIX calls: one `readdir` pass a folder (entry types from the listing, `stat` only for links and
/// unknown types), files read with one call when small.
public struct DiskFileSystem: FileSystem {
    public init() {}

    public func listing(of directory: String) -> FolderListing? {
        guard let handle = opendir(directory) else { return nil }
        var entries: [FolderEntry] = []
        var undecodable = 0
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                bytes.withMemoryRebound(to: CChar.self) { $0.baseAddress.flatMap { String(validatingCString: $0) } }
            }
            guard let name else {
                undecodable += 1
                continue
            }
            guard name != "." && name != ".." else { continue }
            entries.append(FolderEntry(name: name, kind: Self.kind(Int32(entry.pointee.d_type), path: directory + "/" + name)))
        }
        closedir(handle)
        return FolderListing(entries: entries, undecodableNames: undecodable)
    }

    /// The entry's kind from its listing type; links and unknown types are looked at.
    private static func kind(_ type: Int32, path: String) -> EntryKind {
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return linkKind(path)
        case Int32(DT_UNKNOWN):
            var info = stat()
            guard lstat(path, &info) == 0 else { return .other }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return .file
            case S_IFDIR: return .folder
            case S_IFLNK: return linkKind(path)
            default: return .other
            }
        default: return .other
        }
    }

    private static func linkKind(_ path: String) -> EntryKind {
        var info = stat()
        guard stat(path, &info) == 0 else { return errno == ELOOP ? .linkLoop : .brokenLink }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .linkToFile
        case S_IFDIR: return .linkToFolder
        default: return .other
        }
    }

    public func status(of path: String) -> FileStatus {
        var info = stat()
        guard stat(path, &info) == 0 else {
            if errno == ELOOP { return .linkLoop }
            var linkInfo = stat()
            return lstat(path, &linkInfo) == 0 ? .brokenLink : .missing
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(size: Int(info.st_size))
        case S_IFDIR: return .folder
        default: return .other
        }
    }

    public func contents(of path: String, upTo limit: Int) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return Self.read(descriptor: descriptor, upTo: limit)
    }

    public func realPath(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// Files opened this many at a time, far below any limit on open files.
    static let batchSize = 64

    /// Opens the folder once and its files relative to it (the kernel looks up fewer path components a file), a batch
    /// at a time, each batch announced to the kernel before the first is read: reads of files not yet cached are
    /// queued together instead of one at a time.
    public func contents(of files: [String], in directory: String, upTo limit: Int) -> [[UInt8]?] {
        // Asked for every target, most of which have no file of the kind asked for: the folder is not opened for none.
        guard !files.isEmpty else { return [] }
        let folder = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if folder >= 0 { close(folder) } }
        var result: [[UInt8]?] = []
        result.reserveCapacity(files.count)
        var start = 0
        while start < files.count {
            let batch = files[start..<min(start + Self.batchSize, files.count)]
            let descriptors = batch.map { file in
                folder >= 0 ? openat(folder, file, O_RDONLY | O_CLOEXEC)
                    : open(file.hasPrefix("/") ? file : directory + "/" + file, O_RDONLY | O_CLOEXEC)
            }
            if descriptors.count > 1 {
                for descriptor in descriptors where descriptor >= 0 { _ = posix_fadvise(descriptor, 0, 0, Int32(POSIX_FADV_WILLNEED)) }
            }
            for descriptor in descriptors {
                result.append(descriptor >= 0 ? Self.read(descriptor: descriptor, upTo: limit) : nil)
                if descriptor >= 0 { close(descriptor) }
            }
            start += batch.count
        }
        return result
    }

    /// Up to `limit` bytes: one `read` for a file under 16 KiB, the buffer doubling for a larger one.
    static func read(descriptor: Int32, upTo limit: Int) -> [UInt8]? {
        var bytes: [UInt8] = []
        var capacity = min(16 << 10, limit)
        while bytes.count < limit {
            if bytes.count == capacity { capacity = min(max(capacity * 2, 4096), limit) }
            let wanted = capacity - bytes.count
            var failed = false
            let chunk = [UInt8](unsafeUninitializedCapacity: wanted) { buffer, count in
                let got = systemRead(descriptor, buffer.baseAddress, wanted)
                failed = got < 0
                count = max(got, 0)
            }
            if failed { return nil }
            if chunk.isEmpty { break }
            if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
            // A short read of a regular file is its end: no further call to learn that.
            if chunk.count < wanted { break }
        }
        return bytes
    }
}
