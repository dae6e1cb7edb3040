import Diagnostics
import Files

/// A podspec's bytes, with the errors a person can act on.
enum PodspecFile {
    static func bytes(of path: String, fileSystem: any FileSystem, maximumBytes: Int) throws -> [UInt8] {
        if case .file(let size) = fileSystem.status(of: path), size > maximumBytes {
            throw InputError("this podspec is \(size >> 10) KiB, larger than the \(maximumBytes >> 20) MiB a podspec may be", at: FileLocation(path: path))
        }
        guard let bytes = fileSystem.contents(of: path, upTo: maximumBytes) else {
            throw InputError("cannot read this podspec (it does not exist, or check its permissions)", at: FileLocation(path: path))
        }
        return bytes
    }

    static func text(of path: String, fileSystem: any FileSystem, maximumBytes: Int) throws -> String {
        guard let text = String(validating: try bytes(of: path, fileSystem: fileSystem, maximumBytes: maximumBytes), as: UTF8.self) else {
            throw InputError("this podspec is not UTF-8 text", at: FileLocation(path: path))
        }
        return text
    }
}
