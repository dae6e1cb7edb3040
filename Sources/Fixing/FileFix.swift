import Diagnostics
import Files
import Foundation
import ManifestReading
import Parallel

extension FixPlanner {
    /// Each planned file's edits made on its text, files in path order, on both cores.
    public func made(reader: StaticManifestReader) -> [(path: String, plan: FilePlan, file: FileFix.Made)] {
        let files = self.files.keys.sorted().compactMap { path in self.files[path].map { (path, $0) } }
        let fileSystem = project.fileSystem
        let made = inSlices(of: files.count, minimumSliceSize: 8, slicesPerCore: 4) { slice in
            slice.map { FileFix(path: files[$0].0, plan: files[$0].1, fileSystem: fileSystem, reader: reader).made() }
        }
        return zip(files, made).map { ($0.0, $0.1, $1) }
    }
}

/// One file's planned edits made on its text: the needs that could be placed, and those that could not.
public struct FileFix {
    let path: String
    let plan: FixPlanner.FilePlan
    let fileSystem: any FileSystem
    let reader: StaticManifestReader

    public struct Made: Sendable {
        public var before: String?
        public var after: String?
        public var fixed: [FixOutcome.Fixed] = []
        public var notFixed: [FixOutcome.NotFixed] = []
    }

    func made() -> Made {
        var made = Made()
        guard let bytes = fileSystem.contents(of: path, upTo: 1 << 22), let source = String(validating: bytes, as: UTF8.self) else {
            made.notFixed = allNeeds.map { FixOutcome.NotFixed(finding: $0.finding, reason: "\(plan.shown) cannot be read as UTF-8 text") }
            return made
        }
        made.before = source
        let (edits, placed, refused) = plan.isPodspec ? podspecEdits(source) : manifestEdits(source)
        made.notFixed = refused
        guard var after = TextEdit.apply(edits, to: source) else {
            made.notFixed += placed.map { FixOutcome.NotFixed(finding: $0.finding, reason: "its edit overlaps another in \(plan.shown)") }
            return made
        }
        if !plan.isPodspec { after = removingUnusedPackages(after) }
        if let problem = problem(reading: after) {
            made.notFixed += placed.map { FixOutcome.NotFixed(finding: $0.finding, reason: "the edited manifest would not read (\(problem)); edit it by hand") }
            return made
        }
        made.after = after
        made.fixed = placed.map { FixOutcome.Fixed(finding: $0.finding, edit: $0.description) }
        return made
    }

    private var allNeeds: [FixPlanner.Need] {
        plan.targetAdds.values.flatMap { $0.map(\.need) } + plan.removals.map(\.need) + plan.podAdds.values.flatMap { $0.map(\.need) }
            + plan.podRemovals.map(\.need) + plan.pathReplacements.map(\.need)
    }

    private typealias Edits = (edits: [TextEdit], placed: [FixPlanner.Need], refused: [FixOutcome.NotFixed])

    private func manifestEdits(_ source: String) -> Edits {
        let editor = PackageManifestEditor(source: source, path: plan.shown)
        var result: Edits = ([], [], [])
        var refusedPackages: Set<String> = []
        let packages = plan.packageAdds.keys.sorted()
        do {
            result.edits += try editor.addingPackageDependencies(packages)
        } catch {
            refusedPackages = Set(packages)
            result.refused += plan.packageAdds.values.flatMap { $0 }.map { FixOutcome.NotFixed(finding: $0.finding, reason: error.reason) }
        }
        for position in plan.targetAdds.keys.sorted() {
            let adds = (plan.targetAdds[position] ?? []).filter { $0.package.map { !refusedPackages.contains($0) } ?? true }
            do {
                result.edits += try editor.addingTargetDependencies(adds.map(\.element), toTargetAt: position.line, column: position.column)
                result.placed += adds.map(\.need)
            } catch {
                result.refused += adds.map { FixOutcome.NotFixed(finding: $0.need.finding, reason: error.reason) }
            }
        }
        for removal in plan.removals {
            do {
                result.edits.append(try editor.removingEntry(at: removal.position.line, column: removal.position.column))
                result.placed.append(removal.need)
            } catch {
                result.refused.append(FixOutcome.NotFixed(finding: removal.need.finding, reason: error.reason))
            }
        }
        for replacement in plan.pathReplacements {
            do {
                result.edits.append(try editor.replacingPath(at: replacement.position.line, column: replacement.position.column, with: replacement.path))
                result.placed.append(replacement.need)
            } catch {
                result.refused.append(FixOutcome.NotFixed(finding: replacement.need.finding, reason: error.reason))
            }
        }
        return result
    }

    private func podspecEdits(_ source: String) -> Edits {
        let editor = PodspecEditor(source: source)
        var result: Edits = ([], [], [])
        for line in plan.podAdds.keys.sorted() {
            let adds = plan.podAdds[line] ?? []
            do {
                result.edits.append(try editor.addingDependencies(Array(Set(adds.map(\.name))).sorted(), afterLine: line))
                result.placed += adds.map(\.need)
            } catch {
                result.refused += adds.map { FixOutcome.NotFixed(finding: $0.need.finding, reason: error.reason) }
            }
        }
        for removal in plan.podRemovals {
            do {
                result.edits.append(try editor.removingDependency(at: removal.line))
                result.placed.append(removal.need)
            } catch {
                result.refused.append(FixOutcome.NotFixed(finding: removal.need.finding, reason: error.reason))
            }
        }
        return result
    }

    /// The `Package(dependencies:)` entries of the removed entries' packages that nothing names any more, removed too.
    private func removingUnusedPackages(_ source: String) -> String {
        let identities = Set(plan.removals.compactMap(\.package))
        guard !identities.isEmpty else { return source }
        let editor = PackageManifestEditor(source: source, path: plan.shown)
        return TextEdit.apply(identities.sorted().compactMap { editor.removingPackage(identity: $0) }, to: source) ?? source
    }

    /// Why the edited manifest would not read with the static reader, if it would not.
    private func problem(reading source: String) -> String? {
        guard !plan.isPodspec else { return nil }
        let overlay = InMemoryFileSystem(files: [path: source])
        let directory = (path as NSString).deletingLastPathComponent
        do {
            _ = try reader.read(packageDirectory: directory, fileSystem: OverlayFileSystem(base: fileSystem, overlay: overlay))
            return nil
        } catch {
            return "\(error)"
        }
    }
}
