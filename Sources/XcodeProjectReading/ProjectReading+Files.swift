import Diagnostics
import Foundation
import Paths
import SourceText

extension ProjectReading {
    /// The files of the target's synchronized folders (Xcode 16) less its membership exceptions, and the files other
    /// targets' folders name in an exception set for it (membership added one file at a time).
    mutating func synchronizedFiles(of target: String, into files: inout Set<String>, unknown: inout [String]) {
        let owned = objects.list(target, "fileSystemSynchronizedGroups")
        for group in owned {
            guard let folder = path(of: group) else { continue }
            guard let contents = synchronizedContents(of: group) else {
                unknown.append("its synchronized folder \(folder) is missing")
                continue
            }
            let excluded = Set(exceptions(in: group, for: target).map { onDisk($0, in: folder) })
            for file in contents.files where !SynchronizedFolder.isExcepted(file, by: excluded) {
                files.insert(PathArithmetic.join(folder, file))
            }
        }
        for group in synchronizedGroups where !owned.contains(group) {
            guard let folder = path(of: group) else { continue }
            let added = Set(exceptions(in: group, for: target).map { onDisk($0, in: folder) })
            guard !added.isEmpty else { continue }
            let inFolders = synchronizedContents(of: group)?.files.filter { SynchronizedFolder.isExcepted($0, by: added) } ?? []
            for file in added.union(inFolders) { files.insert(PathArithmetic.join(folder, file)) }
        }
    }

    /// What a synchronized folder holds (read once); nil when the folder is not there.
    mutating func synchronizedContents(of group: String) -> SynchronizedFolder? {
        if let known = synchronizedFolders[group] { return known }
        guard let folder = path(of: group) else { return nil }
        let absolute = PathArithmetic.join(projectFolder, folder)
        guard fileSystem.isFolder(absolute) else { return nil }
        let contents = SynchronizedFolder(at: absolute, explicitFolders: Set(objects.list(group, "explicitFolders")), fileSystem: fileSystem)
        synchronizedFolders[group] = contents
        return contents
    }

    /// The paths a synchronized folder's exception sets name for `target`, relative to the folder.
    private func exceptions(in group: String, for target: String) -> [String] {
        objects.list(group, "exceptions").filter {
            objects.isa($0) == "PBXFileSystemSynchronizedBuildFileExceptionSet" && objects.string($0, "target") == target
        }.flatMap { objects.list($0, "membershipExceptions") }
    }

    /// `SWIFT_OBJC_BRIDGING_HEADER` with its settings expanded (the source root among them, `$(SRCROOT)`, `${PROJECT_DIR}`,
    /// `$PROJECT_DIR`): its imports are the target's. A path that still names a setting not known here leaves only the
    /// header out, and says so in `incomplete`: the target's other files are read.
    func bridgingHeader(_ settings: BuildSettings, incomplete: inout [String]) -> String? {
        guard var path = settings.value("SWIFT_OBJC_BRIDGING_HEADER")?.trimmingCharacters(in: .whitespaces), !path.isEmpty else { return nil }
        if path.count >= 2, path.hasPrefix("\""), path.hasSuffix("\"") { path = String(path.dropFirst().dropLast()) }
        guard !path.contains("$") else {
            incomplete.append("its bridging header \(path) names a setting not known here")
            return nil
        }
        return PathArithmetic.lexical(PathArithmetic.join(sourceRoot, path))
    }

    /// `INFOPLIST_FILE` with its settings expanded, relative to the project's folder; nil when unset or when it still
    /// names a setting not known here.
    mutating func infoPlist(_ settings: BuildSettings) -> String? {
        guard var path = settings.value("INFOPLIST_FILE")?.trimmingCharacters(in: .whitespaces), !path.isEmpty else { return nil }
        if path.count >= 2, path.hasPrefix("\""), path.hasSuffix("\"") { path = String(path.dropFirst().dropLast()) }
        guard !path.contains("$") else { return nil }
        return onDisk(PathArithmetic.lexical(PathArithmetic.join(sourceRoot, path)))
    }

    /// A path the project names (relative to the project's folder) as the disk spells it: Xcode on macOS's default file
    /// system finds `DBLoadTests.swift` where the disk holds `DbLoadTests.swift`. Each component missing as written is
    /// looked up in its folder's listing, ignoring case (one listing a folder, kept for the project's reading); the path
    /// as written when nothing, or more than one entry, matches.
    mutating func onDisk(_ path: String) -> String {
        guard !path.hasPrefix("/"), !fileSystem.status(of: PathArithmetic.join(projectFolder, path)).exists else { return path }
        var found = ""
        for component in path.split(separator: "/").map(String.init) {
            let folder = PathArithmetic.join(projectFolder, found)
            var name = component
            if component != ".", component != "..", !fileSystem.status(of: PathArithmetic.join(folder, component)).exists {
                guard let match = caseFoldedNames(in: folder)[component.lowercased()] else { return path }
                name = match
            }
            found = found.isEmpty ? name : found + "/" + name
        }
        return found
    }

    /// `onDisk` for a path relative to `folder` (itself relative to the project's folder).
    mutating func onDisk(_ file: String, in folder: String) -> String {
        let full = onDisk(PathArithmetic.join(folder, file))
        guard folder != "." else { return full }
        return full.hasPrefix(folder + "/") ? String(full.dropFirst(folder.count + 1)) : file
    }

    /// A folder's entries by their lowercased names; a name two entries share (a case-sensitive disk) matches neither.
    private mutating func caseFoldedNames(in folder: String) -> [String: String] {
        if let known = caseFoldedListings[folder] { return known }
        var names: [String: String] = [:], shared: Set<String> = []
        for entry in fileSystem.listing(of: folder)?.entries ?? [] {
            let key = entry.name.lowercased()
            if names[key] == nil { names[key] = entry.name } else { shared.insert(key) }
        }
        for key in shared { names[key] = nil }
        caseFoldedListings[folder] = names
        return names
    }

    /// The module a target builds when it is not its name: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, as far as they
    /// are known (set in the project or in the `.xcconfig` files it bases its configurations on).
    func moduleName(_ settings: BuildSettings, name: String) -> String? {
        let known = ["PRODUCT_MODULE_NAME", "PRODUCT_NAME"].compactMap { settings.value($0) }.first { !$0.contains("$") && !$0.isEmpty }
        return known == name ? nil : known
    }

    /// The modules the target's own module maps declare (`MODULEMAP_FILE`, `MODULEMAP_PRIVATE_FILE`: a framework's
    /// `framework module MyKitProxy { header "ffi.h" }` for its Swift code to import a C library it links): modules it
    /// builds itself, for its files and its importers, not a dependency to find elsewhere.
    func ownModuleMapModules(_ settings: BuildSettings) -> [String] {
        ["MODULEMAP_FILE", "MODULEMAP_PRIVATE_FILE"].flatMap { key -> [String] in
            guard var path = settings.value(key)?.trimmingCharacters(in: .whitespaces), !path.isEmpty else { return [] }
            if path.count >= 2, path.hasPrefix("\""), path.hasSuffix("\"") { path = String(path.dropFirst().dropLast()) }
            guard !path.contains("$") else { return [] }
            let file = PathArithmetic.join(projectFolder, PathArithmetic.lexical(PathArithmetic.join(sourceRoot, path)))
            return fileSystem.text(of: file, upTo: 1 << 20).map(ModuleMapText.modules(in:)) ?? []
        }
    }

    /// Whether `OTHER_LDFLAGS` loads every object file of the static libraries linked: `-ObjC`, `-all_load` or
    /// `-force_load`.
    func loadsAllObjectFiles(_ settings: BuildSettings) -> Bool {
        guard let flags = settings.value("OTHER_LDFLAGS") else { return false }
        return flags.split(whereSeparator: { $0 == " " || $0 == "\"" || $0 == "," || $0 == "(" || $0 == ")" || $0 == "\n" })
            .contains { ["-ObjC", "-all_load", "-force_load"].contains(String($0)) }
    }

    /// The application a unit-test bundle is injected into (`TEST_HOST`, `$(BUILT_PRODUCTS_DIR)/App.app/App`): a target
    /// of this project that builds that `.app`.
    func host(_ settings: BuildSettings, kind: XcodeTargetKind) -> String? {
        guard kind == .unitTest, let host = settings.value("TEST_HOST"), !host.isEmpty else { return nil }
        return host.split(separator: "/").first { $0.hasSuffix(".app") }.flatMap { applications[String($0)] }
    }

    /// The platforms a target builds for: `SUPPORTED_PLATFORMS` where set, else `SDKROOT`; an iOS target builds for Mac
    /// Catalyst too unless `SUPPORTS_MACCATALYST` says `NO`. Empty when a value is unset or not a literal.
    func platforms(_ settings: BuildSettings) -> Set<String> {
        let names: [String: String] = ["iphoneos": "iOS", "iphonesimulator": "iOS", "macosx": "macOS", "watchos": "watchOS",
                                       "watchsimulator": "watchOS", "appletvos": "tvOS", "appletvsimulator": "tvOS",
                                       "xros": "visionOS", "xrsimulator": "visionOS"]
        let supported = settings.value("SUPPORTED_PLATFORMS").flatMap { $0 == "auto" ? nil : $0 }
        guard let value = supported ?? settings.value("SDKROOT"), !value.contains("$") else { return [] }
        var platforms: Set<String> = []
        for word in value.split(separator: " ") {
            guard let name = names[String(word)] ?? names[String(word.prefix { $0.isLetter })] else { return [] }
            platforms.insert(name)
        }
        if platforms.contains("iOS"), settings.value("SUPPORTS_MACCATALYST") != "NO" { platforms.insert("macCatalyst") }
        return platforms
    }

    /// The target's build settings for its Debug configuration (else its first), over the project's of the same name.
    mutating func buildSettings(of target: String, name: String) -> BuildSettings {
        let targetConfiguration = configuration(of: target, named: "Debug")
        let projectConfiguration = configuration(of: rootID, named: targetConfiguration.flatMap { objects.string($0, "name") } ?? "Debug")
        var levels: [[String: String]] = []
        for configuration in [projectConfiguration, targetConfiguration] {
            levels.append(configuration.flatMap { baseConfiguration(of: $0) } ?? [:])
            levels.append(configuration.map(settings(of:)) ?? [:])
        }
        return BuildSettings(levels: levels, targetName: name, projectName: projectName)
    }

    /// The Podfile targets whose CocoaPods configuration files the target's configurations are based on (CocoaPods sets
    /// `Pods-App.debug.xcconfig` as the base of each configuration of a target it integrates), each once.
    mutating func podsConfigurations(of target: String) -> [String] {
        guard let list = objects.string(target, "buildConfigurationList") else { return [] }
        var names: [String] = []
        for configuration in objects.list(list, "buildConfigurations") {
            guard let reference = objects.string(configuration, "baseConfigurationReference"),
                  let path = self.path(of: reference) ?? objects.string(reference, "path"),
                  let name = XcodeManifest.podsIntegration(ofConfigurationFile: path), !names.contains(name) else { continue }
            names.append(name)
        }
        return names
    }

    /// The configuration of that name in the owner's list, else its first.
    private func configuration(of owner: String, named name: String) -> String? {
        guard let list = objects.string(owner, "buildConfigurationList") else { return nil }
        let configurations = objects.list(list, "buildConfigurations")
        return configurations.first { objects.string($0, "name") == name } ?? configurations.first
    }

    /// A configuration's settings written in the project (a list is its items joined by spaces, as Xcode passes it).
    private func settings(of configuration: String) -> [String: String] {
        var settings: [String: String] = [:]
        for (key, value) in objects.dictionary(configuration, "buildSettings") ?? [:] {
            if let text = value as? String { settings[key] = text } else if let list = value as? [Any] {
                settings[key] = list.compactMap { $0 as? String }.joined(separator: " ")
            }
        }
        return settings
    }

    /// The `.xcconfig` a configuration is based on: a file of the project (`baseConfigurationReference`), or a file of a
    /// synchronized folder (`baseConfigurationReferenceAnchor` and `…RelativePath`).
    private mutating func baseConfiguration(of configuration: String) -> [String: String]? {
        var path: String?
        if let reference = objects.string(configuration, "baseConfigurationReference") {
            path = self.path(of: reference)
        } else if let anchor = objects.string(configuration, "baseConfigurationReferenceAnchor"),
                  let relative = objects.string(configuration, "baseConfigurationReferenceRelativePath"), let folder = self.path(of: anchor) {
            path = PathArithmetic.join(folder, relative)
        }
        guard let path else { return nil }
        return XCConfigFile.settings(at: PathArithmetic.lexical(PathArithmetic.join(projectFolder, path)), fileSystem: fileSystem)
    }
}
