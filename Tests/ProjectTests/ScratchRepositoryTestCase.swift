import Configuration
import Diagnostics
import ManifestReading
import PackageModel
import Project
import TestSupport
import XCTest

/// A test case on a scratch repository of its own, written file by file and checked with the static reader: the shapes
/// of real apps each test class writes (`HeldOutShapesTests`, `PodShapesTests`, …).
class ScratchRepositoryTestCase: XCTestCase {
    var scratch: ScratchRepository!
    var root: String { scratch.root }
    /// The scratch folder's name, for a reader of the temporary folder.
    class var scratchName: String { "componentize-scratch" }

    override func setUpWithError() throws {
        scratch = try ScratchRepository(named: type(of: self).scratchName)
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    func write(_ text: String, to relative: String) throws {
        try scratch.write(text, to: relative)
    }

    func open() throws -> Project {
        try Project.open(at: root, reader: ManifestReader(strategy: .static))
    }

    func check() throws -> ProjectCheck {
        try open().check(today: Day(year: 2026, month: 6, day: 1))
    }

    /// `ROOT/path:line:col: rule: message`, the scratch folder written `ROOT`.
    func described(_ findings: [Finding]) -> [String] {
        findings.map { "\($0.location.description.replacingOccurrences(of: root, with: "ROOT")): \($0.rule): \($0.message)" }
    }
}
