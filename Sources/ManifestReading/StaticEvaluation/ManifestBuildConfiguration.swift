import Foundation
import SwiftIfConfig
import SwiftSyntax
import PackageModel

/// The `#if` environment SwiftPM compiles a manifest in on this host: the host OS and architecture, the
/// toolchain's compiler version, the language mode implied by the tools version, no custom `-D` flags.
///
/// Conditions it cannot decide exactly (`canImport` of a module it cannot find, `hasFeature`, `hasAttribute`)
/// throw, and the reader declines.
struct ManifestBuildConfiguration: BuildConfiguration {
    struct Undecidable: Error, CustomStringConvertible {
        var description: String
    }

    var compiler: ToolsVersion
    var toolsVersion: ToolsVersion
    var moduleSearchPaths: [String]

    var compilerVersion: VersionTuple { VersionTuple(compiler.major, compiler.minor, compiler.patch) }

    var languageVersion: VersionTuple {
        let version = toolsVersion.manifestLanguageVersion(compiler: compiler)
        return VersionTuple(version.major, version.minor, version.patch)
    }

    func isCustomConditionSet(name: String) throws -> Bool { false }

    func hasFeature(name: String) throws -> Bool {
        throw Undecidable(description: "hasFeature(\(name))")
    }

    func hasAttribute(name: String) throws -> Bool {
        throw Undecidable(description: "hasAttribute(\(name))")
    }

    func canImport(importPath: [(TokenSyntax, String)], version: CanImportVersion) throws -> Bool {
        let module = importPath.map(\.1).joined(separator: ".")
        guard importPath.count == 1, case .unversioned = version else {
            throw Undecidable(description: "canImport(\(module)) with a submodule or version")
        }
        if Self.hostModules.contains(module) { return true }
        if Self.appleOnlyModules.contains(module) { return false }
        for directory in moduleSearchPaths {
            for suffix in [".swiftmodule", ".swiftinterface", "/module.modulemap"] {
                if FileManager.default.fileExists(atPath: directory + "/" + module + suffix) { return true }
            }
        }
        throw Undecidable(description: "canImport(\(module)): module not known to the static reader")
    }

    func isActiveTargetOS(name: String) throws -> Bool {
        #if os(Linux)
        return name == "Linux"
        #elseif os(macOS)
        return name == "macOS"
        #elseif os(Windows)
        return name == "Windows"
        #else
        throw Undecidable(description: "os(\(name)) on this host")
        #endif
    }

    func isActiveTargetArchitecture(name: String) throws -> Bool {
        #if arch(x86_64)
        return name == "x86_64"
        #elseif arch(arm64)
        return name == "arm64"
        #else
        throw Undecidable(description: "arch(\(name)) on this host")
        #endif
    }

    func isActiveTargetEnvironment(name: String) throws -> Bool { false }

    func isActiveTargetRuntime(name: String) throws -> Bool {
        #if os(Linux) || os(Windows)
        return name == "_Native"
        #else
        return name == "_ObjC"
        #endif
    }

    func isActiveTargetPointerAuthentication(name: String) throws -> Bool { false }

    func isActiveTargetObjectFormat(name: String) throws -> Bool {
        #if os(Linux)
        return name == "ELF"
        #elseif canImport(Darwin)
        return name == "MachO"
        #else
        throw Undecidable(description: "objectFormat(\(name)) on this host")
        #endif
    }

    var targetPointerBitWidth: Int { MemoryLayout<Int>.size * 8 }

    var targetAtomicBitWidths: [Int] { [8, 16, 32, 64] }

    var endianness: Endianness { .little }

    /// Modules every Swift toolchain on this host offers to a manifest.
    static let hostModules: Set<String> = {
        var modules: Set<String> = ["Swift", "PackageDescription", "Foundation", "Dispatch", "_Concurrency"]
        #if os(Linux)
        modules.formUnion(["Glibc", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML"])
        #elseif canImport(Darwin)
        modules.formUnion(["Darwin", "FoundationEssentials"])
        #endif
        return modules
    }()

    /// Apple SDK modules, absent from a Linux toolchain.
    static let appleOnlyModules: Set<String> = {
        #if os(Linux)
        return ["Darwin", "UIKit", "AppKit", "Compression", "CryptoKit", "Network", "ObjectiveC", "os", "Security", "SwiftUI", "Combine"]
        #else
        return []
        #endif
    }()
}
