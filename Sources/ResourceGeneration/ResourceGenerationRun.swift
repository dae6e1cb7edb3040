import Output
import Configuration
import Diagnostics
import Discovery
import Foundation
import ManifestReading

/// `componentize resources`: scans every target with resources under a root, renders its accessors, and writes
/// them (only when they changed) or, with `check`, compares them with what is on disk.
public struct ResourceGenerationRun {
    public struct Options {
        /// Only this target.
        public var target: String?
        /// Where the file goes: relative to the target's folder, or absolute. Default `Generated`.
        public var outputDirectory: String
        /// Compare, write nothing.
        public var check: Bool
        public var templateDirectory: String?

        public init(target: String? = nil, outputDirectory: String = "Generated", check: Bool = false, templateDirectory: String? = nil) {
            self.target = target
            self.outputDirectory = outputDirectory
            self.check = check
            self.templateDirectory = templateDirectory
        }
    }

    public enum Status: String, Sendable {
        case unchanged, written, stale, missing
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
        public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
        public var isStale: Bool { results.contains { $0.status == .stale || $0.status == .missing } }
    }

    public var root: String
    public var reader: ManifestReader
    public var options: Options

    public init(root: String, reader: ManifestReader, options: Options) {
        self.root = root
        self.reader = reader
        self.options = options
    }

    public func run(exclude: [Configuration.Glob] = []) throws -> Outcome {
        let workspace = try PackageDiscovery(reader: reader, exclude: exclude).discover(root: root)
        let generator = try AccessorGenerator(templateDirectory: options.templateDirectory)
        var results: [TargetResult] = []
        var diagnostics: [ResourceDiagnostic] = []
        var matchedTarget = false
        for package in workspace.packages where !package.relativeDirectory.hasPrefix("..") {
            let packageDirectory = (package.manifestPath as NSString).deletingLastPathComponent
            let scanner = ResourceScanner(packageDirectory: packageDirectory.isEmpty ? "." : packageDirectory)
            for target in package.manifest.targets {
                if let only = options.target, only != target.name { continue }
                matchedTarget = matchedTarget || options.target != nil
                guard !target.resources.isEmpty || target.resourcesUnknown != nil else { continue }
                if let reason = target.resourcesUnknown {
                    diagnostics.append(ResourceDiagnostic(severity: .error, message: "cannot read the resources of \(target.name) statically (\(reason)); list them with literal .process/.copy entries",
                                                          location: FileLocation(path: package.manifestPath, line: target.position?.line, column: target.position?.column)))
                    continue
                }
                let (inventory, scanDiagnostics) = scanner.scan(target, manifestPath: package.manifestPath)
                diagnostics += scanDiagnostics
                guard !scanDiagnostics.contains(where: { $0.severity == .error }) else { continue }
                let (source, warnings) = try generator.generate(inventory, manifestPath: package.manifestPath)
                diagnostics += warnings
                let outputDirectory = options.outputDirectory.hasPrefix("/") ? options.outputDirectory
                    : scanner.join(scanner.targetDirectory(target), options.outputDirectory)
                let outputPath = (outputDirectory as NSString).appendingPathComponent(AccessorGenerator.typeName(target.name) + "Resources.swift")
                results.append(try write(source, to: outputPath, target: target.name))
            }
        }
        if let only = options.target, !matchedTarget {
            throw InputError("no target named '\(only)' in the packages under \(root)")
        }
        return Outcome(results: results, diagnostics: diagnostics)
    }

    private func write(_ source: String, to path: String, target: String) throws -> TargetResult {
        let existing = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
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
