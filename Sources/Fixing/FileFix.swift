import Diagnostics
import Files
import Foundation
import PackageModel
import Parallel

extension FixPlanner {
    /// Each planned file's edits made on its text, files in path order, on both cores; the edits in `cancelled` are
    /// left out (they stay planned, for the outcome to say why they were not made).
    public func made(reader: any ManifestTextReading, cancelled: Set<PlannedEdit> = []) -> [FileFix.Made] {
        let files = self.files.keys.sorted().compactMap { path in self.files[path].map { (path, $0) } }
        let fileSystem = project.fileSystem
        return inSlices(of: files.count, minimumSliceSize: 8, slicesPerCore: 4) { slice in
            slice.map { FileFix(path: files[$0].0, plan: files[$0].1, fileSystem: fileSystem, reader: reader).made(cancelled: cancelled) }
        }
    }
}

/// One file's planned edits made on its text: the edits made, and those that could not be, with why.
public struct FileFix {
    let path: String
    let plan: FixPlanner.FilePlan
    let fileSystem: any FileSystem
    let reader: any ManifestTextReading

    public struct Made: Sendable {
        /// The file itself (absolute), and as messages name it.
        public var path: String
        public var shown: String
        public var before: String?
        public var after: String?
        /// The manifest the static reader reads from the edited text (a Package.swift that changed).
        public var manifest: Manifest?
        public var placed: [PlannedEdit] = []
        public var refused: [PlannedEdit: NotFixable] = [:]

        /// Whether the file's text changes.
        public var changes: Bool { after != nil && after != before }
    }

    func made(cancelled: Set<PlannedEdit>) -> Made {
        var made = Made(path: path, shown: plan.shown)
        let edits = plan.edits.filter { !cancelled.contains($0) }
        guard !edits.isEmpty else { return made }
        guard let bytes = fileSystem.contents(of: path, upTo: 1 << 22), let source = String(validating: bytes, as: UTF8.self) else {
            for edit in edits { made.refused[edit] = NotFixable("\(plan.shown) cannot be read as UTF-8 text", kind: .forAPerson) }
            return made
        }
        made.before = source
        let (textEdits, placed, refused) = plan.kind == .pod ? podspecEdits(edits, source) : manifestEdits(edits, source)
        made.refused = refused
        guard var after = TextEdit.apply(textEdits, to: source) else {
            for edit in placed { made.refused[edit] = NotFixable("its edit overlaps another in \(plan.shown)") }
            return made
        }
        if plan.kind != .pod { after = removingUnnamedPackages(placed, from: after) }
        if plan.kind != .pod {
            switch read(after, original: source) {
            case .success(let manifest): made.manifest = manifest
            case .failure(let problem):
                for edit in placed { made.refused[edit] = NotFixable("the edited manifest would not read (\(problem.reason)); edit it by hand") }
                return made
            }
        }
        made.after = after
        made.placed = placed
        return made
    }

    private typealias Edits = (edits: [TextEdit], placed: [PlannedEdit], refused: [PlannedEdit: NotFixable])

    /// Every edit of the manifest composed together (see ``PackageManifestEditor/composing(_:)``); an addition whose
    /// package entry cannot be written is not made.
    private func manifestEdits(_ planned: [PlannedEdit], _ source: String) -> Edits {
        let editor = PackageManifestEditor(source: source, path: plan.shown)
        var refused: [PlannedEdit: NotFixable] = [:]
        var remaining = planned
        while true {
            var changes: [ManifestChange] = [], owners: [PlannedEdit] = []
            for edit in remaining {
                for change in Self.changes(of: edit) {
                    changes.append(change)
                    owners.append(edit)
                }
            }
            let composed = editor.composing(changes)
            let newlyRefused = composed.refused.sorted { $0.key < $1.key }.filter { refused[owners[$0.key]] == nil }
            guard !newlyRefused.isEmpty else { return (composed.edits, remaining, refused) }
            // An edit one of whose changes is refused is not made at all: compose the others again.
            for (index, reason) in newlyRefused { refused[owners[index]] = reason }
            remaining.removeAll { refused[$0] != nil }
        }
    }

    /// The changes an edit makes in a Package.swift.
    static func changes(of edit: PlannedEdit) -> [ManifestChange] {
        switch edit.intent {
        case .addDependency(let entry, let package):
            [.addToTarget(line: edit.line, column: edit.column, entry: entry)] + (package.map { [.addPackage($0)] } ?? [])
        case .removeEntry: [.remove(line: edit.line, column: edit.column)]
        case .replacePath(let path): [.replacePath(line: edit.line, column: edit.column, path: path)]
        case .replaceName(let name): [.replaceName(line: edit.line, column: edit.column, name: name)]
        case .addPodDependency, .removePodDependency: []
        }
    }

    private func podspecEdits(_ planned: [PlannedEdit], _ source: String) -> Edits {
        let editor = PodspecEditor(source: source)
        var result: Edits = ([], [], [:])
        var additions: [Int: [PlannedEdit]] = [:]
        for edit in planned {
            switch edit.intent {
            case .addPodDependency: additions[edit.line, default: []].append(edit)
            case .removePodDependency:
                do throws(NotFixable) {
                    result.edits.append(try editor.removingDependency(at: edit.line))
                    result.placed.append(edit)
                } catch {
                    result.refused[edit] = error
                }
            default: result.refused[edit] = NotFixable("a podspec takes only dependency lines")
            }
        }
        let removedLines = Set(result.placed.map(\.line))
        for line in additions.keys.sorted() {
            let edits = additions[line] ?? []
            let names = Array(Set(edits.compactMap { if case .addPodDependency(let name) = $0.intent { name } else { nil } })).sorted()
            do throws(NotFixable) {
                result.edits.append(try editor.addingDependencies(names, afterLine: line, lineRemoved: removedLines.contains(line)))
                result.placed += edits
            } catch {
                for edit in edits { result.refused[edit] = error }
            }
        }
        return result
    }

    /// The `Package(dependencies:)` entries of the removed entries' packages that nothing names any more, removed too.
    private func removingUnnamedPackages(_ placed: [PlannedEdit], from source: String) -> String {
        let identities = Set(placed.compactMap { if case .removeEntry(let package?) = $0.intent { package } else { nil } })
        guard !identities.isEmpty else { return source }
        let editor = PackageManifestEditor(source: source, path: plan.shown)
        return TextEdit.apply(editor.removingPackages(identities: identities.sorted()), to: source) ?? source
    }

    /// The edited manifest as the static reader reads it, or why it would not be read: the reader's refusal, or a
    /// package declared twice that was not before (SwiftPM refuses it).
    private func read(_ source: String, original: String) -> Result<Manifest, NotFixable> {
        let overlay = InMemoryFileSystem(files: [path: source])
        let directory = (path as NSString).deletingLastPathComponent
        let manifest: Manifest
        do {
            manifest = try reader.manifest(inPackageDirectory: directory, fileSystem: OverlayFileSystem(base: fileSystem, overlay: overlay))
        } catch {
            return .failure(NotFixable("\(error)"))
        }
        let twice = Self.declaredTwice(manifest)
        if !twice.isEmpty {
            let before = (try? reader.manifest(source: original, path: path)).map(Self.declaredTwice) ?? []
            if let identity = twice.subtracting(before).sorted().first { return .failure(NotFixable("package '\(identity)' would be declared twice")) }
        }
        return .success(manifest)
    }

    private static func declaredTwice(_ manifest: Manifest) -> Set<String> {
        var seen: Set<String> = [], twice: Set<String> = []
        for dependency in manifest.dependencies where !seen.insert(dependency.identity).inserted { twice.insert(dependency.identity) }
        return twice
    }
}
