import Output

/// `componentize manifest App.xcodeproj`: a project as people read it (each target, its kind, its file count and its
/// dependencies with their lines), or as JSON for tools.
public enum XcodeProjectFormatter {
    public static func text(_ project: XcodeProject, path: String) -> String {
        var lines = ["\(project.name) (Xcode project: \(path))"]
        for package in project.packages {
            lines.append("  package \(describe(package.location))  (line \(show(package.line)))")
        }
        for target in project.targets {
            let files = target.filesUnknown.map { "files unknown: \($0)" } ?? "\(target.files.count) file\(target.files.count == 1 ? "" : "s")"
            lines.append("  target \(target.name): \(target.kind.rawValue), \(files)  (line \(show(target.line)))")
            for dependency in target.dependencies {
                lines.append("    -> \(describe(dependency.destination))  (line \(show(dependency.line)))")
            }
        }
        lines += project.notes.map { "  note: \($0.message)" }
        return lines.joined(separator: "\n")
    }

    public static func json(_ projects: [XcodeProject]) -> String {
        (projects.count == 1 ? value(projects[0]) : .array(projects.map(value))).rendered()
    }

    static func value(_ project: XcodeProject) -> JSONValue {
        .object([
            ("name", .string(project.name)),
            ("packages", .array(project.packages.map { package in
                .object([("kind", .string({ if case .local = package.location { return "fileSystem" }; return "sourceControl" }())),
                         ("location", .string(describe(package.location))),
                         ("line", line(package.line))])
            })),
            ("targets", .array(project.targets.map { target in
                .object([
                    ("name", .string(target.name)), ("kind", .string(target.kind.rawValue)),
                    ("productType", target.productType.map(JSONValue.string) ?? .null), ("line", line(target.line)),
                    ("module", target.moduleName.map(JSONValue.string) ?? .null),
                    ("tests", target.testedTarget.map(JSONValue.string) ?? .null),
                    ("files", target.filesUnknown == nil ? .int(target.files.count) : .null),
                    ("filesUnknown", target.filesUnknown.map(JSONValue.string) ?? .null),
                    ("dependencies", .array(target.dependencies.map(value))),
                ])
            })),
            ("notes", .array(project.notes.map { .string($0.message) })),
        ])
    }

    /// A dependency as a package's JSON writes one: `kind`, `name`, `package` (the package reference's location) or
    /// `project` (another project's path), `line`, `column` (a project file's entries have lines only).
    static func value(_ dependency: XcodeDependency) -> JSONValue {
        let (kind, name, package, project): (String, String, String?, String?)
        switch dependency.destination {
        case .target(let target): (kind, name, package, project) = ("target", target, nil, nil)
        case .otherProject(let path, let target): (kind, name, package, project) = ("target", target, nil, path)
        case .package(let reference, let product): (kind, name, package, project) = ("product", product, reference.map { describe($0.location) }, nil)
        case .builtProduct(let file): (kind, name, package, project) = ("builtProduct", file, nil, nil)
        case .missing(let what): (kind, name, package, project) = ("missing", what, nil, nil)
        }
        return .object([("kind", .string(kind)), ("name", .string(name)), ("package", package.map(JSONValue.string) ?? .null),
                        ("project", project.map(JSONValue.string) ?? .null), ("line", line(dependency.line)), ("column", .null)])
    }

    private static func line(_ line: Int?) -> JSONValue {
        line.map(JSONValue.int) ?? .null
    }

    private static func show(_ line: Int?) -> String {
        line.map(String.init) ?? "?"
    }

    static func describe(_ location: XcodePackageReference.Location) -> String {
        switch location {
        case .local(let path): return path
        case .remote(let url): return url
        }
    }

    static func describe(_ destination: XcodeDependency.Destination) -> String {
        switch destination {
        case .target(let name): return "target \(name)"
        case .otherProject(let path, let target): return "target \(target) of \(path)"
        case .package(let reference?, let product): return "product \(product) of \(describe(reference.location))"
        case .package(nil, let product): return "product \(product) (a package folder of the project)"
        case .builtProduct(let file): return "built product \(file)"
        case .missing(let what): return "missing: \(what)"
        }
    }
}
