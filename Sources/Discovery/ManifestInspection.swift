import Diagnostics
import Files
import Foundation
import ManifestReading
import Output
import PackageModel
import Paths
import PodspecReading
import XcodeProjectReading

/// What `componentize manifest` prints: each manifest or podspec as read, and notes on how it was read.
public struct ManifestInspection {
    /// Text for people; JSON for tools (docs/manifest-json.md); for podspecs, what Ruby's evaluation records.
    public enum Format: String, Sendable, CaseIterable {
        case text, json, record
    }

    /// What to print on standard output.
    public var output: String
    /// What to print on standard error first: how a manifest was read when it matters.
    public var notes: [String]
}

extension ManifestInspection {
    /// Reads the manifests (package folders) or podspecs (`.podspec`, `.podspec.json`) at `paths` the way `check` does,
    /// without a repository around them. Podspecs are read statically (`auto` falls back to CocoaPods); `record` is a
    /// podspec's format, JSON for a manifest.
    public static func inspect(at paths: [String], reader strategy: ReaderStrategy, format: Format,
                               toolchain: ToolsVersion?) throws -> ManifestInspection {
        let fileSystem = DiskFileSystem()
        if !paths.isEmpty, paths.allSatisfy({ PackageKind(manifestPath: $0) == .pod }) {
            return try inspectPodspecs(at: paths, reader: strategy, format: format, fileSystem: fileSystem)
        }
        let projects = paths.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }
        if !projects.isEmpty, projects.allSatisfy({ PackageKind(manifestPath: $0) == .xcodeProject }) {
            return try inspectProjects(at: projects, format: format, fileSystem: fileSystem)
        }
        if !projects.isEmpty, projects.allSatisfy({ [.xcodeGenSpec, .tuistProject].contains(PackageKind(manifestPath: $0)) }) {
            return try inspectDescriptions(at: projects, format: format, fileSystem: fileSystem)
        }
        let reader = ManifestReader(strategy: strategy, toolchainVersion: toolchain ?? .current)
        var manifests: [Manifest] = []
        var notes: [String] = []
        for path in paths {
            let reading: ManifestReadResult
            do {
                reading = try reader.read(packageDirectory: path, fileSystem: fileSystem)
            } catch let declined as StaticReadDeclined {
                throw InputError(declined.reason + "; use --reader auto or --reader swiftpm", at: declined.location)
            }
            if let decline = reading.staticDecline {
                notes.append(decline.description + "; read with swift package dump-package instead")
            }
            if reading.manifest.reader == .swiftpm, let toolchain,
               let selected = try? ManifestLocator(toolchainVersion: toolchain).manifestPath(inPackageDirectory: path, fileSystem: fileSystem),
               case let selectedFile = (selected as NSString).lastPathComponent, selectedFile != reading.manifest.manifestFile {
                notes.append("\(path): note: swift package dump-package read \(reading.manifest.manifestFile), the file the installed "
                    + "toolchain (\(ToolsVersion.current)) picks; --swift-version \(toolchain) selects \(selectedFile), which only --reader static reads")
            }
            manifests.append(reading.manifest)
        }
        let output = format == .text ? manifests.map(ManifestFormatter.text).joined(separator: "\n\n")
            : paths.count == 1 ? ManifestFormatter.json(manifests[0]) : ManifestFormatter.json(manifests)
        return ManifestInspection(output: output, notes: notes)
    }

    private static func inspectProjects(at paths: [String], format: Format, fileSystem: any FileSystem) throws -> ManifestInspection {
        let projects = try paths.map { path in
            try XcodeProjectReader().read(projectPath: path, shownPath: PathArithmetic.join(path, XcodeManifest.file), fileSystem: fileSystem)
        }
        switch format {
        case .json: return ManifestInspection(output: XcodeProjectFormatter.json(projects), notes: [])
        case .text: return ManifestInspection(output: zip(projects, paths).map { XcodeProjectFormatter.text($0, path: $1) }.joined(separator: "\n\n"), notes: [])
        case .record: throw InputError("--format record is for podspecs; an Xcode project is printed as text or json")
        }
    }

    /// An XcodeGen spec or a Tuist `Project.swift`, read as `check` reads it: in its repository (the folder above holding
    /// `.git` or Tuist's `Tuist`, else its own), with what it includes or the helpers it imports.
    private static func inspectDescriptions(at paths: [String], format: Format, fileSystem: any FileSystem) throws -> ManifestInspection {
        var projects: [XcodeProject] = []
        for path in paths {
            let absolute = fileSystem.realPath(path.hasPrefix("/") ? path : PathArithmetic.join(FileManager.default.currentDirectoryPath, path))
            var root = PathArithmetic.resolve("..", from: absolute)
            var candidate = root
            while candidate != "/" {
                if [".git", "Tuist", "Tuist.swift"].contains(where: { fileSystem.status(of: PathArithmetic.join(candidate, $0)).exists }) {
                    root = candidate
                    break
                }
                candidate = PathArithmetic.resolve("..", from: candidate)
            }
            let workspace = try PackageDiscovery(reader: ManifestReader(strategy: .static)).discover(root: root, fileSystem: fileSystem)
            guard let project = workspace.packages.first(where: { $0.directory == absolute })?.origin.xcodeProject else {
                let why = workspace.unreadable.first { $0.dependedOnAt == absolute }.map { "\($0.location): \($0.message)" }
                    ?? workspace.notes.first { $0.location?.path.hasSuffix(PathArithmetic.relative(absolute, to: root)) == true && $0.message.hasPrefix("not read") }?.description
                throw InputError("cannot read this description" + (why.map { ": " + $0 } ?? ""), at: FileLocation(path: path))
            }
            projects.append(project)
        }
        switch format {
        case .json: return ManifestInspection(output: XcodeProjectFormatter.json(projects), notes: [])
        case .text: return ManifestInspection(output: zip(projects, paths).map { XcodeProjectFormatter.text($0, path: $1) }.joined(separator: "\n\n"), notes: [])
        case .record: throw InputError("--format record is for podspecs; a project description is printed as text or json")
        }
    }

    private static func inspectPodspecs(at paths: [String], reader strategy: ReaderStrategy, format: Format,
                                        fileSystem: any FileSystem) throws -> ManifestInspection {
        let podspecReader = PodspecReader(fallBackToPod: strategy == .auto)
        var read: [(path: String, spec: PodSpec, reader: ReaderKind)] = []
        for path in paths {
            do {
                let (spec, kind) = try podspecReader.read(path: path, fileSystem: fileSystem)
                read.append((path, spec, kind))
            } catch let declined as PodspecReadDeclined {
                throw InputError(declined.reason + (strategy == .auto ? " (CocoaPods' 'pod' is not on PATH to evaluate it instead)" : ""),
                                 at: declined.location)
            }
        }
        switch format {
        case .record:
            return ManifestInspection(output: read.count == 1 ? read[0].spec.record.rendered() : JSONValue.array(read.map(\.spec.record)).rendered(), notes: [])
        case .json:
            // The package `check` makes of the pod, in the shape of any manifest (docs/manifest-json.md).
            let manifests = read.map { PodManifest.manifest(of: $0.spec, file: ($0.path as NSString).lastPathComponent, reader: $0.reader) }
            return ManifestInspection(output: manifests.count == 1 ? ManifestFormatter.json(manifests[0]) : ManifestFormatter.json(manifests), notes: [])
        case .text:
            return ManifestInspection(output: read.map { PodspecFormatter.text($0.spec, path: $0.path, reader: $0.reader) }.joined(separator: "\n\n"), notes: [])
        }
    }
}
