import PodspecReading

/// What a podspec says about the package as a whole: its tools version, platforms and linked frameworks.
enum PodSettings {
    /// At least 5.9; higher when the pod declares a newer Swift.
    static func toolsVersion(_ spec: PodSpec) -> String {
        let declared = ((spec.attribute("swift_versions")?.value ?? .null).strings + (spec.attribute("swift_version")?.value ?? .null).strings)
            .compactMap { version -> (Int, Int)? in
                let parts = version.split(separator: ".").compactMap { Int($0) }
                return parts.first.map { ($0, parts.count > 1 ? parts[1] : 0) }
            }
        let highest = declared.max { $0 < $1 } ?? (5, 9)
        return highest < (5, 9) ? "5.9" : "\(highest.0).\(highest.1)"
    }

    /// `ios.deployment_target`, `platforms` and `platform` as SwiftPM platforms, in a fixed order.
    static func platforms(_ spec: PodSpec) -> [PodMigration.Platform] {
        var versions: [String: String] = [:]
        if case .hash(let hash)? = spec.attribute("platforms")?.value {
            for (platform, value) in hash { if case .string(let version) = value { versions[platform] = version } }
        }
        if case .array(let items)? = spec.attribute("platform")?.value, items.count == 2, case .string(let platform) = items[0], case .string(let version) = items[1] {
            versions[platform] = version
        }
        for attribute in spec.attributes where attribute.key.hasSuffix(".deployment_target") {
            if case .string(let version) = attribute.value { versions[String(attribute.key.split(separator: ".")[0])] = version }
        }
        if versions["osx"] == nil { versions["osx"] = versions["macos"] }
        return [("ios", .iOS), ("osx", .macOS), ("tvos", .tvOS), ("watchos", .watchOS), ("visionos", .visionOS)]
            .compactMap { key, name in versions[key].map { PodMigration.Platform(name: name, version: $0) } }
    }

    /// `frameworks` and `libraries`, platform-scoped ones (`ios.frameworks`) on that platform only.
    static func linkerSettings(_ spec: PodSpec) -> [PodMigration.LinkerSetting] {
        var settings: [PodMigration.LinkerSetting] = []
        for attribute in spec.attributes {
            let parts = attribute.key.split(separator: ".")
            let platforms = parts.count == 2 ? PodMigration.Platform.Name(pod: String(parts[0])).map { [$0] } ?? [] : []
            let kind: PodMigration.LinkerSetting.Kind
            switch parts.last.map(String.init) ?? attribute.key {
            case "frameworks": kind = .framework
            case "libraries": kind = .library
            default: continue
            }
            settings += attribute.value.strings.map { PodMigration.LinkerSetting(kind: kind, name: $0, platforms: platforms) }
        }
        return settings
    }
}
