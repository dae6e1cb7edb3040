import Diagnostics
import Files
import Paths
import XcodeProjectReading

/// Reads an XcodeGen spec (`project.yml`, `.yaml` or `.json`, with every file it includes) into the project XcodeGen would
/// generate, without XcodeGen: Yams reads the YAML, and every target, dependency and package keeps the file and line
/// that declares it. A spec XcodeGen could not load (invalid YAML, an include that includes itself back, a target without
/// a type) is an ``InputError`` at its place; one it could not load where it lies, ``SpecUsedElsewhere``.
public struct XcodeGenReader: Sendable {
    /// The file names XcodeGen reads when it is given no `--spec`.
    public static let specNames: Set<String> = ["project.yml", "project.yaml", "project.json"]

    public init() {}

    /// What a spec gives: the project, and every file read to make it (the spec first, then what it includes).
    public struct Reading: Sendable {
        public var project: XcodeProject
        public var files: [String]
        /// The project XcodeGen would write: `<name>.xcodeproj` in the spec's folder.
        public var generatedProject: String
    }

    /// The spec at `path` (absolute); `shown` names files in messages.
    public func read(specPath path: String, fileSystem: any FileSystem, shown: @escaping @Sendable (String) -> String = { $0 }) throws -> Reading {
        var loading = SpecLoading(fileSystem: fileSystem, shown: shown)
        let spec = try loading.load(path)
        let folder = PathArithmetic.resolve("..", from: path)
        guard let name = spec["name"]?.string, !name.isEmpty else {
            throw SpecUsedElsewhere(InputError("it has no name: (the project's name), which xcodegen needs of the spec it is given", at: FileLocation(path: shown(path), line: 1, column: 1)))
        }
        var reading = SpecProject(spec: spec, folder: folder, fileSystem: fileSystem, mainFile: path, shown: shown)
        let project = try reading.project(named: name)
        return Reading(project: project, files: loading.files, generatedProject: PathArithmetic.join(folder, name + ".xcodeproj"))
    }
}

/// A spec xcodegen cannot load where it lies (no `name:`, an include missing from its folder): a fragment other specs
/// include, or one a script copies elsewhere before running xcodegen. Where it is used from cannot be known: not read.
public struct SpecUsedElsewhere: Error, Sendable, CustomStringConvertible {
    public var problem: InputError

    public init(_ problem: InputError) {
        self.problem = problem
    }

    public var description: String { problem.description }
}
