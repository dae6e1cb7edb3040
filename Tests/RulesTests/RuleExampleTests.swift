import Configuration
import Diagnostics
import Foundation
import ManifestReading
import Rules
import XCTest

/// Runs every rule over its own examples: non-triggering ones must give no finding of the rule, triggering ones
/// exactly one finding at each `↓`. Adding a rule with examples adds its test.
final class RuleExampleTests: XCTestCase {
    struct Marker: Hashable, CustomStringConvertible {
        var path: String
        var line: Int
        var column: Int
        var description: String { "\(path):\(line):\(column)" }
    }

    /// Writes the example under a fresh folder; returns the folder and where the `↓` markers stood.
    static func materialize(_ example: RuleExample) throws -> (root: String, markers: Set<Marker>) {
        let root = NSTemporaryDirectory() + "componentize-example-\(UUID().uuidString)"
        var markers: Set<Marker> = []
        func write(_ text: String, to relative: String) throws {
            var clean = ""
            var line = 1, column = 1
            for character in text {
                if character == "↓" {
                    markers.insert(Marker(path: relative, line: line, column: column))
                    continue
                }
                clean.append(character)
                if character == "\n" { line += 1; column = 1 } else { column += character.utf8.count }
            }
            let path = root + "/" + relative
            try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try clean.write(toFile: path, atomically: true, encoding: .utf8)
        }
        for package in example.packages {
            try write(package.manifest, to: package.directory == "." ? "Package.swift" : package.directory + "/Package.swift")
            let name = package.directory.split(separator: "/").last.map(String.init) ?? "Root"
            try FileManager.default.createDirectory(atPath: root + "/" + package.directory + "/Sources/" + name, withIntermediateDirectories: true)
        }
        if let configuration = example.configuration { try write(configuration, to: "componentize.yml") }
        return (root, markers)
    }

    static func findings(of rule: String, in example: RuleExample) throws -> (found: Set<Marker>, markers: Set<Marker>, all: [Finding]) {
        let (root, markers) = try materialize(example)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let check = RepositoryCheck(root: root, reader: ManifestReader(strategy: .static), today: example.today)
        let (_, result) = try check.run()
        let own = result.findings.filter { $0.rule == rule }
        let found = Set(own.map { finding in
            Marker(path: String(finding.location.path.dropFirst(root.count + 1)), line: finding.location.line ?? 0, column: finding.location.column ?? 0)
        })
        return (found, markers, result.findings)
    }

    func testEveryRuleHasExamplesOfBothKinds() {
        for description in RuleRegistry.descriptions {
            XCTAssertFalse(description.nonTriggeringExamples.isEmpty, "\(description.identifier) has no non-triggering example")
            XCTAssertFalse(description.triggeringExamples.isEmpty, "\(description.identifier) has no triggering example")
        }
    }

    func testNonTriggeringExamples() throws {
        for description in RuleRegistry.descriptions {
            for (index, example) in description.nonTriggeringExamples.enumerated() {
                let (found, _, all) = try Self.findings(of: description.identifier, in: example)
                XCTAssertTrue(found.isEmpty, "\(description.identifier) non-triggering example \(index + 1) triggered: \(all.map(\.message))")
            }
        }
    }

    func testTriggeringExamplesPointAtTheMarkers() throws {
        for description in RuleRegistry.descriptions {
            for (index, example) in description.triggeringExamples.enumerated() {
                let (found, markers, all) = try Self.findings(of: description.identifier, in: example)
                XCTAssertFalse(markers.isEmpty, "\(description.identifier) triggering example \(index + 1) has no ↓")
                XCTAssertEqual(found, markers, "\(description.identifier) triggering example \(index + 1); all findings: \(all.map { "\($0.location) \($0.rule) \($0.message)" })")
            }
        }
    }
}
