import Foundation
import Diagnostics
import Output
import Testing

/// Several files written as one: all of them, or none when one cannot be.
struct AtomicFileTests {
    @Test func allFilesOrNone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-atomic-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let first = root + "/A.swift", blocker = root + "/Blocker"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: first))
        try Data().write(to: URL(fileURLWithPath: blocker))

        // The second file's folder is a file: nothing is written, and no temporary file stays behind.
        #expect(throws: (any Error).self) { try AtomicFile.writeAll([(Data("new\n".utf8), first), (Data("x".utf8), blocker + "/B.swift")]) }
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["A.swift", "Blocker"])

        try AtomicFile.writeAll([(Data("new\n".utf8), first), (Data("b\n".utf8), root + "/Sub/B.swift")])
        #expect(try String(contentsOfFile: first, encoding: .utf8) == "new\n")
        #expect(try String(contentsOfFile: root + "/Sub/B.swift", encoding: .utf8) == "b\n")
    }

    @Test func aFolderGivenAsTheFileIsSaidAndLeftAlone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-atomic-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/report", withIntermediateDirectories: true)
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: root + "/report/kept.txt"))
        let error = #expect(throws: InputError.self) { try AtomicFile.write(Data("page".utf8), to: root + "/report") }
        #expect(error?.message.hasPrefix("cannot move the new file into place: ") == true)
        #expect(error?.message.contains("director") == true)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["report"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/report") == ["kept.txt"])
    }
}
