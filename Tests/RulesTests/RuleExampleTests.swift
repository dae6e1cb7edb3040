import Configuration
import DependencyGraph
import Diagnostics
import Discovery
import ManifestReading
import Rules
import SourceImports
import Testing

/// Runs every rule over its own examples: non-triggering ones must give no finding of the rule, triggering ones
/// exactly one finding at each `↓`. Adding a rule with examples adds its tests; a failure points at the example.
struct RuleExampleTests {
    static let rules = RuleRegistry.descriptions.map(\.identifier)

    static func description(of rule: String) throws -> RuleDescription {
        try #require(RuleRegistry.descriptions.first { $0.identifier == rule })
    }

    @Test("every rule has examples of both kinds", arguments: rules)
    func examplesOfBothKinds(rule: String) throws {
        let description = try Self.description(of: rule)
        #expect(!description.nonTriggeringExamples.isEmpty, "\(rule) has no non-triggering example")
        #expect(!description.triggeringExamples.isEmpty, "\(rule) has no triggering example")
    }

    @Test("non-triggering examples give no finding of their rule", arguments: rules)
    func nonTriggeringExamples(rule: String) throws {
        for example in try Self.description(of: rule).nonTriggeringExamples {
            let workspace = try ExampleWorkspace(example)
            let findings = workspace.check().findings
            #expect(workspace.markers(of: rule, in: findings).isEmpty,
                    "\(rule) triggered: \(findings.map { "\($0.location) \($0.rule) \($0.message)" })", sourceLocation: example.sourceLocation)
        }
    }

    @Test("triggering examples give one finding at each ↓", arguments: rules)
    func triggeringExamples(rule: String) throws {
        for example in try Self.description(of: rule).triggeringExamples {
            let workspace = try ExampleWorkspace(example)
            let findings = workspace.check().findings
            #expect(!workspace.markers.isEmpty, "the example has no ↓", sourceLocation: example.sourceLocation)
            #expect(workspace.markers(of: rule, in: findings) == workspace.markers,
                    "all findings: \(findings.map { "\($0.location) \($0.rule) \($0.message)" })", sourceLocation: example.sourceLocation)
        }
    }
}

/// A rule example read in memory: manifests parsed from their text, `↓` markers recorded, no files written.
struct ExampleWorkspace {
    struct Marker: Hashable, CustomStringConvertible {
        var path: String
        var line: Int
        var column: Int
        var description: String { "\(path):\(line):\(column)" }
    }

    static let root = "/example"
    var graph: DependencyGraph
    var markers: Set<Marker> = []
    var today: String

    init(_ example: RuleExample) throws {
        var markers: Set<Marker> = []
        func clean(_ text: String, path: String) -> String {
            var clean = ""
            var line = 1, column = 1
            for character in text {
                if character == "↓" {
                    markers.insert(Marker(path: path, line: line, column: column))
                    continue
                }
                clean.append(character)
                if character == "\n" { line += 1; column = 1 } else { column += character.utf8.count }
            }
            return clean
        }
        let reader = StaticManifestReader(environment: [:], moduleSearchPaths: [])
        let manifests = example.packages.map { package in
            (directory: package.directory, source: clean(package.manifest, path: package.directory == "." ? "Package.swift" : package.directory + "/Package.swift"))
        }
        let podspecs = example.podspecs.map { (path: $0.path, source: clean($0.text, path: $0.path)) }
        let workspace = PackageDiscovery.workspace(manifests: manifests, podspecs: podspecs, reader: reader, root: Self.root)
        let model = try example.configuration.map { text in
            try ConfigurationLoader(knownRules: RuleRegistry.identifiers).parse(clean(text, path: ConfigurationLoader.fileName), path: ConfigurationLoader.fileName)
        } ?? Preset.fourLayer.model
        graph = DependencyGraph(workspace: workspace, model: model)
        if !example.sources.isEmpty {
            // A source file belongs to the target whose folder (Sources/<name>) holds it, in the package it lies in.
            let imports = example.sources.compactMap { source -> TargetSourceImports? in
                let text = clean(source.text, path: source.path)
                guard let package = example.packages.map(\.directory).filter({ source.path.hasPrefix($0 + "/") }).max(by: { $0.count < $1.count }),
                      case let inside = source.path.dropFirst(package.count + 1).split(separator: "/"), inside.count > 2 else { return nil }
                let uses = ImportScanner.swiftImports(in: text).imports.map {
                    SourceImportUse(module: $0.module, location: FileLocation(path: source.path, line: $0.line, column: $0.column), isOptional: $0.isOptional,
                                    isExported: $0.isExported)
                }
                return TargetSourceImports(target: TargetID(package: package, name: String(inside[1])), uses: uses)
            }
            let external = try example.checkouts.map { checkout in
                ExternalPackage(identity: checkout.identity, manifestPath: ".build/checkouts/\(checkout.identity)/Package.swift",
                                manifest: try reader.read(source: checkout.manifest, path: "/checkouts/\(checkout.identity)/Package.swift"))
            }
            graph = graph.withImports(imports, external: ExternalModules(external))
        }
        self.markers = markers
        today = example.today
    }

    func check() -> CheckResult {
        LayerChecker(today: today).check(graph)
    }

    func markers(of rule: String, in findings: [Finding]) -> Set<Marker> {
        Set(findings.filter { $0.rule == rule }.map { Marker(path: $0.location.path, line: $0.location.line ?? 0, column: $0.location.column ?? 0) })
    }
}

extension RuleExample {
    var sourceLocation: SourceLocation {
        SourceLocation(fileID: "Rules/" + (file.split(separator: "/").last.map(String.init) ?? file), filePath: file, line: line, column: 1)
    }
}
