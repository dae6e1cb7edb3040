import Configuration
import Diagnostics
import Fixing
import Foundation
import ManifestReading
import PackageModel
import Project
import Testing

/// `fix`'s invariants on generated repositories with random defects (``FixRepositoryGenerator``). After `fix`:
/// (a) every manifest is still read (the static reader's refusal rules; with `COMPONENTIZE_FIX_DUMP=1`, SwiftPM's own
/// `swift package dump-package` too), (b) `check` reports no finding that was not there before, (c) every finding `fix`
/// called fixed is gone, (d) a second `fix` changes nothing, (e) what `fix` left is exactly what `check` still reports
/// of the rules `fix` handles, so its exit status agrees. A small range of seeds runs in `swift test`;
/// `COMPONENTIZE_FIX_SEEDS=0-999` runs more (scripts/fix-properties), and `COMPONENTIZE_FIX_FIGURES=FILE` writes what
/// each seed had and what `fix` did, a JSON line a seed; `COMPONENTIZE_FIX_KEEP=FOLDER` keeps each repository as generated.
struct FixPropertyTests {
    static let seeds: [UInt64] = {
        let range = ProcessInfo.processInfo.environment["COMPONENTIZE_FIX_SEEDS"]?.split(separator: "-").compactMap { UInt64($0) } ?? []
        guard range.count == 2, range[0] <= range[1] else { return Array(0..<16) }
        return Array(range[0]...range[1])
    }()

    /// A finding's identity across edits that move lines.
    private struct Identity: Hashable, CustomStringConvertible {
        var finding: FindingKey
        var path: String

        init(_ finding: Finding) {
            self.finding = finding.key
            path = finding.location.path
        }

        var description: String { "\(finding) at \(path)" }
    }

    private static let handled = Set(FixRequest.fixableRules)
    private static let today = Day(year: 2026, month: 6, day: 1)

    @Test(arguments: seeds)
    func fixNeverMakesTheRepositoryWorse(seed: UInt64) throws {
        let generated = FixRepositoryGenerator(seed: seed)
        let root = NSTemporaryDirectory() + "componentize-fix-property-\(seed)-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: root) }
        for (path, text) in generated.files {
            let file = root + "/" + path
            try FileManager.default.createDirectory(atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: file, atomically: true, encoding: .utf8)
        }
        if let keep = ProcessInfo.processInfo.environment["COMPONENTIZE_FIX_KEEP"] {
            // The repository as generated, to look at a failing seed with the built binary.
            try? FileManager.default.copyItem(atPath: root, toPath: keep + "/\(seed)")
        }
        let (before, unreadableBefore) = try check(root)
        let outcome = try open(root).fix(FixRequest(today: Self.today, toolVersion: "test"))
        let (after, unreadableAfter) = try check(root)
        let context = "seed \(seed), defects \(generated.defects)"

        // (a) Every manifest is read as before.
        #expect(unreadableAfter.isSubset(of: unreadableBefore), "\(context): manifests no longer read: \(unreadableAfter.subtracting(unreadableBefore))")
        if ProcessInfo.processInfo.environment["COMPONENTIZE_FIX_DUMP"] == "1" {
            for change in outcome.changes where change.path.hasSuffix("Package.swift") {
                #expect(Self.dumpPackage((change.path as NSString).deletingLastPathComponent), "\(context): SwiftPM does not read \(change.path)")
            }
        }
        // Two edits never overlap: every change to one list (or one podspec) is made together.
        let overlapping = outcome.notFixed.filter { $0.reason.contains("overlaps another") }.map { Identity($0.finding) }
        #expect(overlapping.isEmpty, "\(context): refused as overlapping: \(overlapping)")
        // (b) Nothing new.
        var counts = Dictionary(before.map { (Identity($0), 1) }, uniquingKeysWith: +)
        var added: [Identity] = []
        for finding in after {
            let identity = Identity(finding)
            if counts[identity, default: 0] > 0 { counts[identity, default: 0] -= 1 } else { added.append(identity) }
        }
        #expect(added.isEmpty, "\(context): new findings \(added)")
        // (c) What fix fixed is gone.
        let remaining = Set(after.map(Identity.init))
        let stillThere = outcome.fixed.map { Identity($0.finding) }.filter(remaining.contains)
        #expect(stillThere.isEmpty, "\(context): called fixed but still reported: \(stillThere)")
        // (e) What fix left is what remains of its rules.
        let left = outcome.notFixed.map { Identity($0.finding) }.sorted { $0.description < $1.description }
        let remainingHandled = after.filter { Self.handled.contains($0.rule) }.map(Identity.init).sorted { $0.description < $1.description }
        #expect(left == remainingHandled, "\(context): fix left \(left), check reports \(remainingHandled)")
        // (d) A second fix changes nothing.
        let snapshot = try Self.snapshot(root)
        let second = try open(root).fix(FixRequest(today: Self.today, toolVersion: "test"))
        #expect(second.fixed.isEmpty && second.changes.isEmpty, "\(context): a second fix changed \(second.changes.map(\.path)): \(second.fixed.map(\.edit))")
        #expect(try Self.snapshot(root) == snapshot, "\(context): a second fix wrote files")
        try Self.record(seed: seed, generated: generated, before: before, outcome: outcome, added: added.count + stillThere.count)
    }

    private func open(_ root: String) throws -> Project {
        try Project.open(at: root, reader: ManifestReader(strategy: .static))
    }

    /// The findings, and the manifests that could not be read.
    private func check(_ root: String) throws -> ([Finding], Set<String>) {
        let project = try open(root)
        return (try project.check(today: Self.today).result.findings, Set(project.workspace.unreadable.map(\.manifestPath)))
    }

    private static func snapshot(_ root: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let path = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: root + "/" + path) { files[path] = data }
        }
        return files
    }

    private static func dumpPackage(_ folder: String) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-package"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }

    /// With `COMPONENTIZE_FIX_FIGURES=FILE`, one JSON line a seed: its defects, the findings of the rules `fix` handles,
    /// those fixed, those left by why, and the invariants broken.
    private static func record(seed: UInt64, generated: FixRepositoryGenerator, before: [Finding], outcome: FixOutcome, added: Int) throws {
        guard let path = ProcessInfo.processInfo.environment["COMPONENTIZE_FIX_FIGURES"] else { return }
        var left: [String: Int] = [:]
        for item in outcome.notFixed { left["\(item.kind)", default: 0] += 1 }
        let line: [String: Any] = [
            "seed": seed, "defects": generated.defects, "handled": before.filter { handled.contains($0.rule) }.count,
            "fixed": outcome.fixed.count, "left": left, "broken": added, "files": outcome.changes.count,
        ]
        let data = try JSONSerialization.data(withJSONObject: line, options: [.sortedKeys]) + Data("\n".utf8)
        // One write with O_APPEND: the seeds run in parallel, and a short line is never interleaved.
        let descriptor = Foundation.open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        _ = data.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
