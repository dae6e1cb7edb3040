import Foundation
import XCTest

/// Golden files under Tests/ComponentizeCLITests/Golden. With `COMPONENTIZE_RECORD=1` in the environment, a
/// differing golden file is rewritten with the actual output (and the test fails, so a recording run is never green
/// by accident); review the change with `git diff` and run again.
enum GoldenFile {
    static var folder: URL { Componentize.repositoryRoot.appendingPathComponent("Tests/ComponentizeCLITests/Golden") }
    static var recording: Bool { ProcessInfo.processInfo.environment["COMPONENTIZE_RECORD"] == "1" }

    static func assertMatches(_ actual: String, _ name: String, _ message: String = "", file: StaticString = #filePath, line: UInt = #line) {
        let url = folder.appendingPathComponent(name)
        let expected = try? String(contentsOf: url, encoding: .utf8)
        guard expected != actual else { return }
        if recording {
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try actual.write(to: url, atomically: true, encoding: .utf8)
                XCTFail("recorded \(name); review it and run the tests again without COMPONENTIZE_RECORD", file: file, line: line)
            } catch {
                XCTFail("cannot record \(name): \(error)", file: file, line: line)
            }
            return
        }
        XCTAssertEqual(actual, expected ?? "<no golden file \(name): run with COMPONENTIZE_RECORD=1>", message, file: file, line: line)
    }
}
