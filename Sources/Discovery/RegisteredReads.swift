import Diagnostics
import Files
import PackageModel
import Paths

/// The files the walk found that a registered reader (``ReaderRegistry``) recognises, each read by the first reader that
/// recognises it into a package keyed by the file, its paths starting from the file's folder; a file its reader cannot
/// read is an unreadable package at the place the reader names.
enum RegisteredReads {
    /// Reads `files` into `assembly`; returns the folders their path dependencies lead to that are new.
    static func read(_ files: [String], readers: [any PackageReader], into assembly: inout WorkspaceAssembly) -> [String] {
        var new: [String] = []
        for file in files where assembly.known.insert(file).inserted {
            guard let reader = readers.first(where: { $0.recognizes(PathArithmetic.lastComponent(of: file)) }) else { continue }
            let relative = PathArithmetic.relative(file, to: assembly.root)
            do {
                let manifest = try reader.read(file, fileSystem: assembly.fileSystem)
                var package = LocalPackage(directory: file, relativeDirectory: relative, manifestPath: assembly.display(file), manifest: manifest)
                package.folder = PathArithmetic.resolve("..", from: file)
                for dependency in manifest.dependencies where dependency.kind == .fileSystem {
                    let written = PathArithmetic.resolve(dependency.location, from: package.folder)
                    let target = assembly.known.contains(written) ? written : assembly.fileSystem.realPath(written)
                    package.localDependencies[dependency.location] = target
                    assembly.referenced.insert(target)
                    if assembly.known.insert(target).inserted { new.append(target) }
                }
                assembly.packages[file] = package
            } catch {
                assembly.unreadable[file] = UnreadablePackage(directory: file, relativeDirectory: relative, manifestPath: assembly.display(file),
                                                              problem: assembly.describe(error))
            }
        }
        return new
    }
}
