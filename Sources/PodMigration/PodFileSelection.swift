import Diagnostics
import Foundation
import Paths
import PodspecReading

/// What a spec's patterns select among the pod's files, as CocoaPods globs them, and how a target's folder holds them.
enum PodFileSelection {
    static func patterns(_ spec: PodSpec, _ key: String) -> [String] {
        spec.attributes.filter { $0.key == key || $0.key.hasSuffix("." + key) }.flatMap(\.value.strings)
    }

    /// The files the attribute's patterns select; a pattern selecting nothing is a note at the attribute.
    static func select(_ spec: PodSpec, keys: [String], files: [String], folders: Set<String>, notes: inout [Note]) -> [String] {
        var selected: [String] = []
        for attribute in spec.attributes where keys.contains(where: { attribute.key == $0 || attribute.key.hasSuffix("." + $0) }) {
            for pattern in attribute.value.strings {
                let found = PodSourceFiles.select([pattern], from: files, folders: folders)
                if found.isEmpty {
                    notes.append(Note("\(attribute.key) '\(pattern)' selects no file in the pod's folder; nothing of it is migrated", at: attribute.location))
                }
                selected += found
            }
        }
        var seen: Set<String> = []
        return selected.filter { seen.insert($0).inserted }
    }

    /// `resources` and every bundle of `resource_bundles`: files, and folders named whole (an asset catalog).
    static func resources(_ spec: PodSpec, files: [String], folders: Set<String>, notes: inout [Note]) -> (files: [String], folders: [String]) {
        var patterns: [(String, FileLocation)] = []
        for attribute in spec.attributes {
            if attribute.key == "resources" || attribute.key.hasSuffix(".resources") {
                patterns += attribute.value.strings.map { ($0, attribute.location) }
            } else if attribute.key == "resource_bundles" || attribute.key.hasSuffix(".resource_bundles"), case .hash(let bundles) = attribute.value {
                patterns += bundles.flatMap { $0.1.strings.map { ($0, attribute.location) } }
            }
        }
        var foundFiles: [String] = [], foundFolders: [String] = []
        let folderList = folders.sorted()
        for (pattern, location) in patterns {
            let trimmed = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
            let wholeFolders = (try? Glob(trimmed)).map { glob in folderList.filter { glob.matchesPath($0) } } ?? []
            let topFolders = wholeFolders.filter { folder in !wholeFolders.contains { folder.hasPrefix($0 + "/") } }
            let matched = PodSourceFiles.select([pattern], from: files, folders: folders)
                .filter { file in !topFolders.contains { file.hasPrefix($0 + "/") } }
            if matched.isEmpty && topFolders.isEmpty {
                notes.append(Note("resources '\(pattern)' selects no file in the pod's folder; nothing of it is migrated", at: location))
            }
            foundFolders += topFolders
            foundFiles += matched
        }
        return (Array(Set(foundFiles)).sorted(), Array(Set(foundFolders)).sorted())
    }

    /// The deepest folder holding every item, `.` for the pod's folder.
    static func commonFolder(_ items: [String]) -> String {
        guard var common = items.first.map({ ($0 as NSString).deletingLastPathComponent.split(separator: "/").map(String.init) }) else { return "." }
        for item in items.dropFirst() {
            let parts = (item as NSString).deletingLastPathComponent.split(separator: "/").map(String.init)
            common = Array(zip(common, parts).prefix { $0 == $1 }.map(\.0))
        }
        return common.isEmpty ? "." : common.joined(separator: "/")
    }

    /// Every file under `path` the target does not use, as the highest folders holding nothing it uses (so SwiftPM
    /// neither compiles nor warns about them).
    static func excludes(under path: String, used: Set<String>, files: [String]) -> [String] {
        let prefix = path == "." ? "" : path + "/"
        var usedFolders: Set<String> = []
        for item in used {
            var folder = item
            while let slash = folder.lastIndex(of: "/") {
                folder = String(folder[..<slash])
                usedFolders.insert(folder)
            }
            usedFolders.insert(item)
        }
        var result: Set<String> = []
        for file in files where file.hasPrefix(prefix) && !used.contains(file) && !used.contains(where: { file.hasPrefix($0 + "/") }) {
            let parts = file.dropFirst(prefix.count).split(separator: "/")
            var excluded = prefix + parts[0]
            var index = 1
            while usedFolders.contains(excluded), index < parts.count {
                excluded += "/" + parts[index]
                index += 1
            }
            result.insert(String(excluded.dropFirst(prefix.count)))
        }
        return result.sorted()
    }
}
