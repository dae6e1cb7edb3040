@_exported import struct SwiftEvaluation.Decline
import Diagnostics
import HelperTools
import SwiftEvaluation
import Files
import Foundation
import PackageModel

/// Which reader `componentize` uses for a manifest.
public enum ReaderStrategy: String, Sendable, CaseIterable {
    /// SwiftSyntax only; declines what it cannot evaluate exactly.
    case `static`
    /// `swift package dump-package` (compiles the manifest; cached).
    case swiftpm
    /// Static first, SwiftPM when the static reader declines.
    case auto
}

/// The outcome of reading one package: the manifest, and why the static reader declined when SwiftPM answered instead.
public struct ManifestReadResult: Sendable {
    public var manifest: Manifest
    public var staticDecline: StaticReadDeclined?

    public init(manifest: Manifest, staticDecline: StaticReadDeclined? = nil) {
        self.manifest = manifest
        self.staticDecline = staticDecline
    }
}

/// Reads a package's manifest with the chosen strategy.
public struct ManifestReader: Sendable {
    public var strategy: ReaderStrategy
    public var staticReader: StaticManifestReader
    public var swiftPMReader: SwiftPMManifestReader

    public init(strategy: ReaderStrategy = .auto, toolchainVersion: ToolsVersion = .current,
                environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.strategy = strategy
        self.staticReader = StaticManifestReader(toolchainVersion: toolchainVersion, environment: environment)
        self.swiftPMReader = SwiftPMManifestReader(toolchainVersion: toolchainVersion, environment: environment,
                                                   cacheDirectory: ToolCache.defaultDirectory(environment: environment))
    }

    /// Throws `InputError` for bad input, and `StaticReadDeclined` only with the `static` strategy. SwiftPM reads
    /// from the disk whatever `fileSystem` is.
    public func read(packageDirectory directory: String, fileSystem: any FileSystem) throws -> ManifestReadResult {
        do {
            return try readWithStrategy(packageDirectory: directory, fileSystem: fileSystem)
        } catch let error as InputError {
            let manifest = error.location.map(\.path).flatMap { $0.hasSuffix(".swift") ? $0 : nil } ?? (directory as NSString).appendingPathComponent("Package.swift")
            throw MissingComma.explaining(error, manifest: manifest, fileSystem: fileSystem)
        } catch let declined as StaticReadDeclined {
            let explained = MissingComma.explaining(InputError(declined.reason, at: declined.location), manifest: declined.path, fileSystem: fileSystem)
            if explained.location != declined.location { throw explained }
            throw declined
        }
    }

    private func readWithStrategy(packageDirectory directory: String, fileSystem: any FileSystem) throws -> ManifestReadResult {
        switch strategy {
        case .static:
            do {
                return ManifestReadResult(manifest: try staticReader.read(packageDirectory: directory, fileSystem: fileSystem))
            } catch let rejected as StaticReadRejected {
                throw rejected.inputError
            }
        case .swiftpm:
            return ManifestReadResult(manifest: try swiftPMReader.read(packageDirectory: directory, fileSystem: fileSystem))
        case .auto:
            do {
                return ManifestReadResult(manifest: try staticReader.read(packageDirectory: directory, fileSystem: fileSystem))
            } catch let decline as StaticReadDeclined {
                return ManifestReadResult(manifest: try swiftPMReader.read(packageDirectory: directory, fileSystem: fileSystem), staticDecline: decline)
            } catch let rejected as StaticReadRejected {
                // SwiftPM has the last word; when it refuses too, the located message with its did-you-mean is the clearer one.
                do {
                    let decline = Decline("a call it judged SwiftPM would refuse (\(rejected.message))", line: rejected.line, column: rejected.column)
                    return ManifestReadResult(manifest: try swiftPMReader.read(packageDirectory: directory, fileSystem: fileSystem),
                                              staticDecline: StaticReadDeclined(path: rejected.path, decline: decline))
                } catch {
                    throw rejected.inputError
                }
            }
        }
    }
}
