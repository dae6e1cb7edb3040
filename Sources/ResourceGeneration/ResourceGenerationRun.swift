import Diagnostics
import Files
import Foundation
import Output
import PackageModel
import SourceImports

/// `componentize resources`: scans every target with resources of the given packages, renders its accessors, and
/// writes them (only when they changed) or, with `check`, compares them with what is on disk.
public struct ResourceGenerationRun {
    public struct Options {
        /// Only this target.
        public var target: String?
        /// Where the file goes: relative to the target's folder, or absolute. Nil: `Generated`, or the configuration's.
        public var outputDirectory: String?
        /// Compare, write nothing.
        public var check: Bool
        public var templateDirectory: String?

        public init(target: String? = nil, outputDirectory: String? = nil, check: Bool = false, templateDirectory: String? = nil) {
            self.target = target
            self.outputDirectory = outputDirectory
            self.check = check
            self.templateDirectory = templateDirectory
        }
    }

    public enum Status: String, Sendable {
        case unchanged, written, stale, missing
        /// A generated file for a target that has no resources any more: deleted, or reported by `--check`.
        case orphaned, removed
    }

    public struct TargetResult {
        public var target: String
        public var outputPath: String
        public var status: Status
        /// For `stale` and `missing` with `check`.
        public var diff: String
    }

    public struct Outcome {
        public var results: [TargetResult]
        public var diagnostics: [ResourceDiagnostic]
        /// Objective-C and C targets with resources: Swift accessors cannot serve them (migrate-pods writes Objective-C
        /// ones on SWIFTPM_MODULE_BUNDLE), so nothing is generated for them. Manifest path and target name.
        public var notSwift: [(manifestPath: String, target: String)] = []
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
        public var isStale: Bool { results.contains { [.stale, .missing, .orphaned].contains($0.status) } }
    }

    /// A package to generate for: its manifest and where it is, as reports name it.
    public struct Package: Sendable {
        public var manifestPath: String
        public var manifest: Manifest

        public init(manifestPath: String, manifest: Manifest) {
            self.manifestPath = manifestPath
            self.manifest = manifest
        }
    }

    /// The folder the packages were found under, as the user gave it (for messages).
    public var root: String
    public var options: Options
    /// Where the targets' files are found.
    public var fileSystem: any FileSystem

    public init(root: String, options: Options, fileSystem: any FileSystem) {
        self.root = root
        self.options = options
        self.fileSystem = fileSystem
    }

    public func run(packages: [Package]) throws -> Outcome {
        let generator = try AccessorGenerator(templateDirectory: options.templateDirectory, fileSystem: fileSystem)
        var results: [TargetResult] = []
        var diagnostics: [ResourceDiagnostic] = []
        var matchedTarget = false
        var notSwift: [(manifestPath: String, target: String)] = []
        for package in packages {
            let packageDirectory = (package.manifestPath as NSString).deletingLastPathComponent
            let scanner = ResourceScanner(packageDirectory: packageDirectory.isEmpty ? "." : packageDirectory, fileSystem: fileSystem)
            for target in package.manifest.targets {
                if let only = options.target, only != target.name { continue }
                matchedTarget = matchedTarget || options.target != nil
                guard !target.resources.isEmpty || target.resourcesUnknown != nil else {
                    if let orphan = try removeOrphan(of: target, scanner: scanner) { results.append(orphan) }
                    continue
                }
                let compiled = TargetSources.select(target, packageDirectory: packageDirectory.isEmpty ? "." : packageDirectory, fileSystem: fileSystem).files
                if !compiled.contains(where: { $0.hasSuffix(".swift") }),
                   compiled.contains(where: { !$0.hasSuffix(".h") && TargetSources.cFamilyExtensions.contains(($0 as NSString).pathExtension.lowercased()) }) {
                    notSwift.append((package.manifestPath, target.name))
                    continue
                }
                if let reason = target.resourcesUnknown {
                    diagnostics.append(ResourceDiagnostic(severity: .error, message: "cannot read the resources of \(target.name) statically (\(reason)); list them with literal .process/.copy entries",
                                                          location: FileLocation(path: package.manifestPath, line: target.position?.line, column: target.position?.column)))
                    continue
                }
                let (inventory, scanDiagnostics) = scanner.scan(target, manifestPath: package.manifestPath)
                diagnostics += scanDiagnostics
                if !inventory.localizations.isEmpty, package.manifest.defaultLocalization == nil {
                    let folders = inventory.localizations.map { $0 + ".lproj" }.joined(separator: ", ")
                    let language = inventory.localizations.contains("en") ? "en" : inventory.localizations.first { $0 != "Base" } ?? "en"
                    diagnostics.append(ResourceDiagnostic(
                        severity: .warning,
                        message: "\(target.name) has localized resources (\(folders)) but the package declares no defaultLocalization, "
                            + "and SwiftPM refuses to build it: add defaultLocalization: \"\(language)\" to Package(...)",
                        location: FileLocation(path: package.manifestPath)))
                }
                guard !scanDiagnostics.contains(where: { $0.severity == .error }) else { continue }
                let (source, warnings) = try generator.generate(inventory, manifestPath: package.manifestPath)
                diagnostics += warnings
                results.append(try write(source, to: outputPath(for: target, scanner: scanner), target: target.name))
            }
        }
        if let only = options.target, !matchedTarget {
            let names = packages.flatMap { $0.manifest.targets.map(\.name) }.sorted()
            throw InputError("no target named '\(only)' in the packages under \(root)\(EditDistance.suggestion(for: only, in: names))")
        }
        return Outcome(results: results, diagnostics: diagnostics, notSwift: notSwift)
    }

    /// The first line of every file `resources` writes; only files that start with it are ever removed.
    static let header = "// Generated by `componentize resources`"

    private func outputPath(for target: Target, scanner: ResourceScanner) -> String {
        let configured = options.outputDirectory ?? "Generated"
        let outputDirectory = configured.hasPrefix("/") ? configured : scanner.join(scanner.targetDirectory(target), configured)
        return (outputDirectory as NSString).appendingPathComponent(target.name + "Resources.swift")
    }

    /// A file this command generated for a target that no longer has resources: it names `Bundle.module`, which
    /// no longer exists there, so it goes (or `--check` reports it).
    private func removeOrphan(of target: Target, scanner: ResourceScanner) throws -> TargetResult? {
        let path = outputPath(for: target, scanner: scanner)
        guard let bytes = fileSystem.contents(of: path, upTo: StringsFileParser.maximumBytes),
              String(decoding: bytes.prefix(200), as: UTF8.self).hasPrefix(Self.header) else { return nil }
        let data = Data(bytes)
        if options.check {
            let diff = UnifiedDiff.make(old: String(decoding: data, as: UTF8.self), new: "", oldName: path, newName: "/dev/null")
            return TargetResult(target: target.name, outputPath: path, status: .orphaned, diff: diff)
        }
        do {
            try FileManager.default.removeItem(atPath: path)
        } catch {
            throw InputError("cannot remove the generated file of a target without resources", at: FileLocation(path: path))
        }
        return TargetResult(target: target.name, outputPath: path, status: .removed, diff: "")
    }

    private func write(_ source: String, to path: String, target: String) throws -> TargetResult {
        let existing = fileSystem.contents(of: path, upTo: StringsFileParser.maximumBytes).map { String(decoding: $0, as: UTF8.self) }
        if existing == source { return TargetResult(target: target, outputPath: path, status: .unchanged, diff: "") }
        if options.check {
            let (oldName, newName) = path.hasPrefix("/") ? (path, path) : ("a/\(path)", "b/\(path)")
            let diff = UnifiedDiff.make(old: existing ?? "", new: source, oldName: existing == nil ? "/dev/null" : oldName, newName: newName)
            return TargetResult(target: target, outputPath: path, status: existing == nil ? .missing : .stale, diff: diff)
        }
        try AtomicFile.write(Data(source.utf8), to: path)
        return TargetResult(target: target, outputPath: path, status: .written, diff: "")
    }
}
