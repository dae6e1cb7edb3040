import PackageModel

/// `componentize manifest NXUI.podspec`: a podspec as people read it, each dependency and source pattern with its line.
public enum PodspecFormatter {
    public static func text(_ spec: PodSpec, path: String, reader: ReaderKind = .podspec) -> String {
        let how = reader == .pod ? "evaluated by pod ipc spec" : reader == .podspecJSON ? "JSON" : "read statically"
        var lines = ["\(spec.name ?? "(no name)") \(version(spec)) (podspec, \(how): \(path))"]
        lines += describe(spec, indent: "  ")
        return lines.joined(separator: "\n")
    }

    static func version(_ spec: PodSpec) -> String {
        if case .string(let version)? = spec.attribute("version")?.value { return version }
        return ""
    }

    static let listed = ["source_files", "exclude_files", "public_header_files", "resources", "resource_bundles", "vendored_frameworks",
                         "frameworks", "module_name", "static_framework", "default_subspecs", "swift_versions", "swift_version",
                         "prefix_header_contents"]

    static func describe(_ spec: PodSpec, indent: String) -> [String] {
        var lines: [String] = []
        for attribute in spec.attributes where listed.contains(attribute.key.split(separator: ".").last.map(String.init) ?? attribute.key)
            || attribute.key.hasSuffix("deployment_target") {
            lines.append("\(indent)\(attribute.key): \(show(attribute.value))  (line \(attribute.location.line.map(String.init) ?? "?"))")
        }
        for dependency in spec.dependencies {
            let requirement = dependency.requirements.isEmpty ? "" : " " + dependency.requirements.joined(separator: ", ")
            let platform = dependency.platform.map { " [\($0)]" } ?? ""
            lines.append("\(indent)-> \(dependency.name)\(requirement)\(platform)  (line \(dependency.location.line.map(String.init) ?? "?"))")
        }
        for subspec in spec.subspecs {
            lines.append("\(indent)subspec \(subspec.subspecName ?? "")  (line \(subspec.location.line.map(String.init) ?? "?"))")
            lines += describe(subspec, indent: indent + "  ")
        }
        for test in spec.testSpecs {
            lines.append("\(indent)test_spec \(test.subspecName ?? "")  (line \(test.location.line.map(String.init) ?? "?"))")
            lines += describe(test, indent: indent + "  ")
        }
        return lines
    }

    static func show(_ value: PodValue) -> String {
        switch value {
        case .string(let text): return text.contains("\n") ? "\"" + text.replacingOccurrences(of: "\n", with: "\\n") + "\"" : text
        case .integer(let number): return String(number)
        case .float(let number): return String(number)
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "nil"
        case .array(let items): return "[" + items.map(show).joined(separator: ", ") + "]"
        case .hash(let members): return "{" + members.map { "\($0.0) => \(show($0.1))" }.joined(separator: ", ") + "}"
        }
    }
}
