#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Walking a folder with POSIX `readdir`: one system call per folder rather than one per file, which is most of the
/// cost of Foundation's enumerator on Linux.
public enum FileTree {
    /// Regular files below `directory`, relative to it, sorted; hidden entries skipped. Files reached through links
    /// count; folders reached through links are entered only with `followingLinkedFolders` (a link loop can then not
    /// trap the walk without it).
    public static func regularFiles(under directory: String, followingLinkedFolders: Bool) -> [String] {
        var result: [String] = []
        var pending: [String] = [""]
        while let relative = pending.popLast() {
            let absolute = relative.isEmpty ? directory : directory + "/" + relative
            guard let handle = opendir(absolute) else { continue }
            defer { closedir(handle) }
            while let entry = readdir(handle) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                guard !name.hasPrefix(".") else { continue }
                let path = relative.isEmpty ? name : relative + "/" + name
                let type = Int32(entry.pointee.d_type)
                if type == Int32(DT_DIR) {
                    pending.append(path)
                } else if type == Int32(DT_REG) {
                    result.append(path)
                } else {
                    var info = stat()
                    guard stat(directory + "/" + path, &info) == 0 else { continue }
                    if info.st_mode & S_IFMT == S_IFREG {
                        result.append(path)
                    } else if info.st_mode & S_IFMT == S_IFDIR, type == Int32(DT_UNKNOWN) || followingLinkedFolders {
                        pending.append(path)
                    }
                }
            }
        }
        return result.sorted()
    }
}
