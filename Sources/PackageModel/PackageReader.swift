import Files
import Foundation

/// A reader of one kind of input as discovery sees it: which files of a folder it recognises, and the package it reads
/// from one of them. Registered with ``ReaderRegistry/register(_:)``, it is read like every built-in input: discovery's
/// walk offers it every file name, each file it recognises is a package keyed by the file (its targets' paths start
/// from the file's folder), a file it cannot read is that package's located finding, and the graph, rules and reports
/// take its targets as they take any other.
public protocol PackageReader: Sendable {
    /// Whether a file named `name` (an entry of a folder discovery walks, e.g. `components.txt`) is one this reader reads.
    func recognizes(_ name: String) -> Bool
    /// The package the file at `path` declares, read through `fileSystem` (never the disk directly): its targets (a
    /// target's `path` from the file's folder), products and dependencies. A problem is an `InputError` at its place.
    func read(_ path: String, fileSystem: any FileSystem) throws -> Manifest
}

/// The readers discovery offers every file name of a repository, beside its built-in ones (`Package.swift`, podspecs
/// and Podfiles, Xcode projects, XcodeGen specs, Tuist projects).
public enum ReaderRegistry {
    private static let registered = Registered()

    /// The readers registered so far, in order.
    public static var readers: [any PackageReader] { registered.readers }

    /// Adds a reader: from the next discovery on, the files it recognises are read by it.
    public static func register(_ reader: any PackageReader) { registered.add(reader) }

    private final class Registered: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [any PackageReader] = []

        var readers: [any PackageReader] { lock.withLock { list } }

        func add(_ reader: any PackageReader) { lock.withLock { list.append(reader) } }
    }
}
