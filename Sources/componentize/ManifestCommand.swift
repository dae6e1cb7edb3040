import ArgumentParser
import Diagnostics
import Foundation
import ManifestReading
import Output
import PodspecReading

struct ManifestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "manifest",
        abstract: "Print what one package's manifest declares.",
        discussion: """
            Shows the package's name, its package dependencies, products and targets with their \
            dependencies, and the line and column of every dependency entry. This is the reading \
            'componentize check' works from.

            The static reader evaluates Package.swift with SwiftSyntax, without compiling it, and \
            declines (saying which construct, at which line) anything it cannot evaluate exactly. \
            'auto' then asks SwiftPM ('swift package dump-package', cached by manifest content).

            A PATH ending in .podspec or .podspec.json is a CocoaPods spec: read statically (Ruby is not run; a \
            construct the reader does not evaluate is an error at its line; with 'auto' and CocoaPods installed, \
            'pod ipc spec' evaluates it instead), printed as text, as json (the package \
            check makes of it: a target per spec and subspec) or as record (the attributes, dependencies and \
            subspecs Ruby's own evaluation records; docs/podspecs.md).
            """
    )

    @Argument(help: "Package directories (folders holding Package.swift); default: the current directory. With several, JSON output is an array.", completion: .directory)
    var paths: [String] = ["."]

    @Option(help: "How to read the manifest: static (SwiftSyntax only), swiftpm (dump-package), or auto: static, then swiftpm when static declines.")
    var reader: ReaderStrategy = .auto

    @Option(help: "Output format: text for people, json for tools (schema in docs/manifest-json.md); record (podspecs only): what Ruby's evaluation records.")
    var format: OutputFormat = .text

    @Option(name: .customLong("swift-version"),
            help: "The toolchain version that picks Package@swift-X.Y.swift variants and decides compiler() conditions (default: the compiler componentize was built with).")
    var swiftVersion: String?

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case text, json, record
    }

    func validate() throws {
        if let swiftVersion, ToolsVersion(string: swiftVersion) == nil {
            throw ValidationError("--swift-version '\(swiftVersion)' is not a version: write it like 6.0 or 5.10.1.")
        }
    }

    func run() throws {
        if !paths.isEmpty, paths.allSatisfy({ $0.hasSuffix(".podspec") || $0.hasSuffix(".podspec.json") }) {
            return try printPodspecs()
        }
        guard format != .record else { throw ValidationError("--format record is for podspecs (paths ending in .podspec or .podspec.json)") }
        let toolchain = swiftVersion.flatMap(ToolsVersion.init(string:)) ?? .current
        let manifestReader = ManifestReader(strategy: reader, toolchainVersion: toolchain)
        var manifests: [Manifest] = []
        for path in paths {
            let reading: ManifestReadResult
            do {
                reading = try manifestReader.read(packageDirectory: path)
            } catch let declined as StaticReadDeclined {
                Terminal.printError(declined.errorDescription)
                throw ExitCode(2)
            }
            if let decline = reading.staticDecline {
                Terminal.printError(decline.description + "; read with swift package dump-package instead")
            }
            if reading.manifest.reader == .swiftpm, swiftVersion != nil,
               let selected = try? ManifestLocator(toolchainVersion: toolchain).manifestPath(inPackageDirectory: path),
               case let selectedFile = (selected as NSString).lastPathComponent, selectedFile != reading.manifest.manifestFile {
                Terminal.printError("\(path): note: swift package dump-package read \(reading.manifest.manifestFile), the file the installed "
                    + "toolchain (\(ToolsVersion.current)) picks; --swift-version \(toolchain) selects \(selectedFile), which only --reader static reads")
            }
            manifests.append(reading.manifest)
        }
        switch format {
        case .json, .record:
            print(paths.count == 1 ? ManifestFormatter.json(manifests[0]) : ManifestFormatter.json(manifests))
        case .text:
            print(manifests.map(ManifestFormatter.text).joined(separator: "\n\n"))
        }
    }

    func printPodspecs() throws {
        guard reader != .swiftpm else { throw ValidationError("--reader swiftpm reads Package.swift; a podspec is read with --reader static or auto") }
        var specs: [PodSpec] = []
        var readers: [ReaderKind] = []
        let podspecReader = PodspecReader(fallBackToPod: reader == .auto)
        for path in paths {
            do {
                let (spec, kind) = try podspecReader.read(path: path)
                specs.append(spec)
                readers.append(kind)
            } catch let declined as PodspecReadDeclined {
                Terminal.printError(declined.description + (reader == .auto ? " (CocoaPods' 'pod' is not on PATH to evaluate it instead)" : ""))
                throw ExitCode(2)
            }
        }
        switch format {
        case .record:
            print(specs.count == 1 ? specs[0].record.rendered() : JSONValue.array(specs.map(\.record)).rendered())
        case .json:
            // The package `check` makes of the pod, in the shape of any manifest (docs/manifest-json.md).
            let manifests = zip(paths, zip(specs, readers)).map { path, read in
                PodManifest.manifest(of: read.0, file: (path as NSString).lastPathComponent, reader: read.1)
            }
            print(manifests.count == 1 ? ManifestFormatter.json(manifests[0]) : ManifestFormatter.json(manifests))
        case .text:
            print(zip(paths, zip(specs, readers)).map { PodspecFormatter.text($1.0, path: $0, reader: $1.1) }.joined(separator: "\n\n"))
        }
    }
}
