import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import Files
import ManifestReading
import PackageModel
import Project
import Rules

/// A tiny repository written as a rule example writes it (manifests by folder, sources, podspecs, checkouts, a
/// configuration), for the tests of the modules below the rules.
public typealias WorkspaceExample = RuleExample

/// A rule example (or any tiny repository) as a real check sees it: its manifests, podspecs, sources, checkouts and
/// configuration (``layeredConfiguration`` when it gives none) written to a file system in memory, then opened,
/// discovered, read and checked by the same code as a repository on disk. `↓` markers are recorded and removed from the text.
public struct ExampleWorkspace {
    /// A place a finding must point at, relative to the example's root.
    public struct Marker: Hashable, CustomStringConvertible {
        public var path: String
        public var line: Int
        public var column: Int
        public var description: String { "\(path):\(line):\(column)" }
    }

    public static let root = "/example"
    /// What an example that gives no configuration runs with: the four-layer preset, chosen in a `componentize.yml`
    /// (with no file at all, layers are only guessed from names and no layering rule runs).
    public static let layeredConfiguration = "preset: four-layer\n"
    public let fileSystem: InMemoryFileSystem
    public let project: Project
    public let markers: Set<Marker>
    public let today: Day
    /// The check the example gets: the graph with the sources' imports, its findings and notes.
    public let outcome: ProjectCheck

    public init(_ example: RuleExample) throws {
        var files = ExampleFiles()
        for (directory, manifest) in example.packages {
            files.write(manifest, to: directory == "." ? "Package.swift" : directory + "/Package.swift")
        }
        for (path, text) in example.sources { files.write(text, to: path) }
        for (path, text) in example.podspecs { files.write(text, to: path) }
        // Outside packages as SwiftPM checks them out: under a local package's `.build/checkouts`.
        let checkouts = (example.packages.first?.directory).map { $0 == "." ? ".build/checkouts" : $0 + "/.build/checkouts" } ?? ".build/checkouts"
        for (identity, manifest) in example.checkouts { files.write(manifest, to: checkouts + "/" + identity + "/Package.swift") }
        files.write(example.configuration ?? Self.layeredConfiguration, to: "componentize.yml")
        fileSystem = files.fileSystem
        markers = files.markers
        today = example.today
        project = try Project.open(at: Self.root, reader: ManifestReader(strategy: .static, environment: [:]), fileSystem: fileSystem,
                                   searchingUpwards: false)
        outcome = try project.check(today: example.today)
    }

    /// The graph the example's check ran on.
    public var graph: DependencyGraph { outcome.graph }

    public func check() -> CheckResult {
        outcome.result
    }

    /// Where findings of `rule` point, relative to the example's root.
    public func markers(of rule: RuleID, in findings: [Finding]) -> Set<Marker> {
        Set(findings.filter { $0.rule == rule }.map { Marker(path: Self.relative($0.location.path), line: $0.location.line ?? 0, column: $0.location.column ?? 0) })
    }

    /// A path as findings name it, relative to the example's root.
    public static func relative(_ path: String) -> String {
        path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
    }
}

/// The example's files, `↓` markers taken out.
private struct ExampleFiles {
    var fileSystem = InMemoryFileSystem()
    var markers: Set<ExampleWorkspace.Marker> = []

    mutating func write(_ text: String, to path: String) {
        var clean = ""
        var line = 1, column = 1
        for character in text {
            if character == "↓" {
                markers.insert(ExampleWorkspace.Marker(path: path, line: line, column: column))
                continue
            }
            clean.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
        }
        fileSystem.write(clean, to: ExampleWorkspace.root + "/" + path)
    }
}
