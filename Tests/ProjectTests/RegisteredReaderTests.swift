import Diagnostics
import Files
import PackageModel
import XCTest

/// A new input is one reader: a stub for an invented format (`components.txt`, a line `Name: Dependency, …` a target in
/// the folder of its name), registered here, gets its targets checked end to end by `Project` like any other package's.
final class RegisteredReaderTests: ScratchRepositoryTestCase {
    override class var scratchName: String { "componentize-registered-reader" }

    /// The stub reader: everything the new input needs.
    struct ComponentsListReader: PackageReader {
        func recognizes(_ name: String) -> Bool { name == "components.txt" }

        func read(_ path: String, fileSystem: any FileSystem) throws -> Manifest {
            guard let text = fileSystem.text(of: path) else { throw InputError("cannot be read", at: FileLocation(path: path)) }
            var targets: [Target] = []
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
                let position = SourcePosition(line: index + 1, column: 1)
                guard let colon = line.firstIndex(of: ":") else {
                    throw InputError("expected 'Name: Dependency, …'", at: FileLocation(path: path, line: position.line, column: 1))
                }
                let dependencies = line[line.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                let name = String(line[..<colon])
                targets.append(Target(name: name, type: .regular, dependencies: dependencies.map { TargetDependency(kind: .target, name: $0, position: position) },
                                      position: position, path: name))
            }
            return Manifest(manifestFile: "components.txt", reader: .plugIn, name: "Components", toolsVersion: ToolsVersion(5, 9), dependencies: [],
                            products: targets.map { Product(name: $0.name, type: .library, targets: [$0.name]) }, targets: targets)
        }
    }

    private static let registration: Void = ReaderRegistry.register(ComponentsListReader())

    func testARegisteredReadersTargetsAreChecked() throws {
        Self.registration
        try write("layers:\n  - name: feature\n    members: [Feature, Other]\n  - name: kit\n    members: [Kit]\n", to: "componentize.yml")
        try write("Kit: Feature\nFeature: Kit\nOther: Feature\n", to: "components.txt")
        try write("public struct Kit {}\n", to: "Kit/Kit.swift")
        try write("import Kit\npublic struct Feature {}\n", to: "Feature/Feature.swift")
        try write("import Feature\nimport Kit\n", to: "Other/Other.swift")
        // Its entries are placed in their layers, its targets' files read: the layering and the imports are checked.
        XCTAssertEqual(described(try check().result.findings.filter { $0.severity == .error }), [
            "ROOT/Other/Other.swift:2:1: implicit-dependency: Other (feature) imports Kit (kit), which its manifest does not declare",
            "ROOT/components.txt:1:1: cycle: dependency cycle: Kit → Feature → Kit",
            "ROOT/components.txt:1:1: upward: Kit (kit) depends on Feature (feature)",
        ])
    }

    /// What its reader cannot read is that package's located finding, never the end of the run.
    func testAFileItsReaderCannotReadIsThatPackagesFinding() throws {
        Self.registration
        try write("Kit Feature\n", to: "Modules/components.txt")
        XCTAssertEqual(described(try check().result.findings), [
            "ROOT/Modules/components.txt:1:1: unreadable-manifest: cannot read the manifest of the package in Modules/components.txt: expected 'Name: Dependency, …'",
        ])
    }
}
