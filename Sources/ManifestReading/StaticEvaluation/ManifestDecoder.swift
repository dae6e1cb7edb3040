import Diagnostics
import SwiftEvaluation
import Paths
import PackageModel
/// Turns the evaluated `Package(...)` object into a ``Manifest``, reading exactly the fields the dependency graph
/// needs. An unknown value in one of them makes the whole reading decline with that value's reason.
struct ManifestDecoder {
    var manifestFile: String
    /// The folder path dependencies are resolved from (for their identity).
    var packageDirectory: String
    var toolsVersion: ToolsVersion
    /// Where string literals that are array elements stand, by value.
    var stringElementPositions: [String: [(offset: Int, position: SourcePosition)]] = [:]
    /// Dependencies written as static members and used by name: an entry is located at its use in the target.
    var aliases = DependencyAliases()

    func decode(package: ManifestObject) throws(Decline) -> Manifest {
        try conform(package, as: "Package")
        guard case .string(let name) = try require(package.property("name"), "the package name", in: package) else {
            throw Decline("package name that is not a string", line: package.position.line, column: package.position.column)
        }
        let dependencies = try list(package.property("dependencies"), "package dependencies", in: package).map { value throws(Decline) in
            try packageDependency(value)
        }
        let products = try list(package.property("products"), "products", in: package).map { value throws(Decline) in
            try product(value)
        }
        let targets = try list(package.property("targets"), "targets", in: package).map { value throws(Decline) in
            try target(value)
        }
        var manifest = Manifest(
            manifestFile: manifestFile, reader: .static, name: name, toolsVersion: toolsVersion,
            dependencies: dependencies, products: products, targets: targets
        )
        switch package.property("defaultLocalization") {
        case nil, .null?: break
        case .string(let language)?: manifest.defaultLocalization = language
        default: throw Decline("defaultLocalization that is not a string literal", line: package.position.line, column: package.position.column)
        }
        return manifest
    }

    private func require(_ value: Value?, _ what: String, in object: ManifestObject) throws(Decline) -> Value {
        switch value {
        case .unknown(let decline)?: throw decline
        case nil, .null?:
            throw Decline("\(what): missing", line: object.position.line, column: object.position.column)
        case let value?: return value
        }
    }

    private func list(_ value: Value?, _ what: String, in object: ManifestObject) throws(Decline) -> [Value] {
        switch value {
        case nil, .null?: return []
        case .unknown(let decline)?: throw decline
        case .array(let items)?:
            for item in items { if case .unknown(let decline) = item { throw decline } }
            return items
        case let other?:
            throw Decline("\(what) given as \(other.typeDescription)", line: object.position.line, column: object.position.column)
        }
    }

    private func object(_ value: Value, _ what: String) throws(Decline) -> ManifestObject {
        switch value {
        case .object(let object): return object
        case .unknown(let decline): throw decline
        default: throw Decline("\(what) given as \(value.typeDescription)", line: 0, column: 0)
        }
    }

    private func string(_ value: Value?, _ what: String, in object: ManifestObject) throws(Decline) -> String {
        let value = try require(value, what, in: object)
        guard case .string(let text) = value else {
            throw Decline("\(what) given as \(value.typeDescription)", line: object.position.line, column: object.position.column)
        }
        return text
    }

    private func strings(_ value: Value?, _ what: String, in object: ManifestObject) throws(Decline) -> [String] {
        try list(value, what, in: object).map { item throws(Decline) in
            guard case .string(let text) = item else {
                throw Decline("\(what) holding \(item.typeDescription)", line: object.position.line, column: object.position.column)
            }
            return text
        }
    }

    /// A call no declaration of PackageDescription accepts at the manifest's tools version: a rejection, at the argument
    /// it is about.
    private func conform(_ object: ManifestObject, as type: String) throws(Decline) {
        let member = object.kind == "Package" ? "init" : object.kind
        guard let refusal = PackageDescriptionAPI.refusal(of: member, on: type, labels: object.labels, at: toolsVersion) else { return }
        let position = refusal.argument.flatMap { object.argumentPositions.indices.contains($0) ? object.argumentPositions[$0] : nil } ?? object.position
        var decline = Decline(refusal.message, line: position.line, column: position.column)
        decline.isRejection = true
        throw decline
    }

    private func unsupported(_ object: ManifestObject, _ what: String) -> Decline {
        Decline("\(what) '.\(object.kind)(\(object.labels.map { ($0 ?? "_") + ":" }.joined()))'",
                line: object.position.line, column: object.position.column)
    }

    private func packageDependency(_ value: Value) throws(Decline) -> PackageDependency {
        let entry = try object(value, "package dependency")
        guard entry.kind == "package" else { throw unsupported(entry, "package dependency") }
        try conform(entry, as: "Package.Dependency")
        var dependency = try packageDependency(entry)
        if let name = entry.argument("name") { dependency.name = try string(name, "package name", in: entry) }
        return dependency
    }

    private func packageDependency(_ entry: ManifestObject) throws(Decline) -> PackageDependency {
        let position = entry.position
        if let url = entry.argument("url") {
            let location = try string(url, "package URL", in: entry)
            return PackageDependency(identity: PackageDependency.identity(forLocation: location), kind: .sourceControl, location: location, position: position)
        }
        if let path = entry.argument("path") {
            let written = try string(path, "package path", in: entry)
            // As SwiftPM gives it: relative to the package, without `.`, `..` detours or a trailing `/`.
            let location = written.hasPrefix("/") && packageDirectory.hasPrefix("/")
                ? PathArithmetic.relative(PathArithmetic.resolve(written, from: "/"), to: packageDirectory) : PathArithmetic.lexical(written)
            return PackageDependency(identity: PackageDependency.identity(forPath: written, packageDirectory: packageDirectory), kind: .fileSystem,
                                     location: location, position: position)
        }
        if let id = entry.argument("id") {
            let location = try string(id, "registry identifier", in: entry)
            return PackageDependency(identity: location.lowercased(), kind: .registry, location: location, position: position)
        }
        throw unsupported(entry, "package dependency")
    }

    private func product(_ value: Value) throws(Decline) -> Product {
        let entry = try object(value, "product")
        try conform(entry, as: "Product")
        let type: Product.Kind
        switch entry.kind {
        case "library": type = .library
        case "executable": type = .executable
        case "plugin": type = .plugin
        case "macro": type = .macro
        default: throw unsupported(entry, "product")
        }
        var linkage: Product.Linkage?
        if type == .library {
            switch entry.property("type") {
            case nil, .null?: linkage = .automatic
            case .object(let kind)? where kind.arguments.isEmpty && Product.Linkage(rawValue: kind.kind) != nil:
                linkage = Product.Linkage(rawValue: kind.kind)
            default: throw unsupported(entry, "library type")
            }
        }
        return Product(
            name: try string(entry.property("name"), "product name", in: entry), type: type,
            targets: try strings(entry.property("targets"), "product targets", in: entry), linkage: linkage
        )
    }

    private func target(_ value: Value) throws(Decline) -> Target {
        let entry = try object(value, "target")
        guard let typeName = entry.targetTypeName, let type = Target.Kind(rawValue: typeName) else {
            throw unsupported(entry, "target")
        }
        try conform(entry, as: "Target")
        let name = try string(entry.property("name"), "target name", in: entry)
        let dependencies = try list(entry.property("dependencies"), "target dependencies", in: entry).map { value throws(Decline) in
            try targetDependency(value, of: entry)
        }
        var target = Target(name: name, type: type, dependencies: dependencies, position: entry.position)
        target.plugins = pluginNames(entry.property("plugins"))
        do {
            try decodeResources(of: entry, into: &target)
        } catch {
            if error.isRejection { throw error }
            target.path = nil
            target.resources = []
            target.resourcesUnknown = error.description
        }
        do {
            if let sources = entry.property("sources"), sources.decline != nil || sources.isNotNull {
                target.sources = try strings(sources, "target sources", in: entry)
            }
            target.exclude = try strings(entry.property("exclude"), "target exclude", in: entry)
        } catch {
            if error.isRejection { throw error }
            target.sources = nil
            target.exclude = []
            target.sourcesUnknown = error.description
        }
        return target
    }

    /// The plugins a target applies, by name ("?" for one whose name is not known): never a reason to decline.
    private func pluginNames(_ value: Value?) -> [String] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?:
            return items.map { item in
                switch item {
                case .string(let name): return name
                case .object(let usage): if case .string(let name)? = usage.property("name") { return name } else { return "?" }
                default: return "?"
                }
            }
        default: return ["?"]
        }
    }

    /// `path:` and `resources:`, which only the resource generator needs: an unknown value here does not make the
    /// reading decline, it is recorded on the target.
    private func decodeResources(of entry: ManifestObject, into target: inout Target) throws(Decline) {
        if let path = entry.property("path"), path.decline != nil || path.isNotNull {
            target.path = try string(path, "target path", in: entry)
        }
        target.resources = try list(entry.property("resources"), "resources", in: entry).map { value throws(Decline) in
            let resource = try object(value, "resource")
            try conform(resource, as: "Resource")
            let rule: TargetResource.Rule
            switch resource.kind {
            case "process": rule = .process
            case "copy": rule = .copy
            case "embedInCode": rule = .embedInCode
            default: throw unsupported(resource, "resource")
            }
            guard let first = resource.arguments.first, first.label == nil else { throw unsupported(resource, "resource") }
            return TargetResource(rule: rule, path: try string(first.value, "resource path", in: resource), position: resource.position)
        }
    }

    private func targetDependency(_ value: Value, of target: ManifestObject) throws(Decline) -> TargetDependency {
        if case .string(let name) = value {
            return TargetDependency(kind: .byName, name: name, position: position(ofString: name, in: target))
        }
        let entry = try object(value, "target dependency")
        // `Target.Dependency(stringLiteral: name)`: the initializer a string literal calls, a dependency by name.
        if entry.kind == "Dependency", entry.labels == ["stringLiteral"], let only = entry.arguments.first {
            return TargetDependency(kind: .byName, name: try string(only.value, "dependency name", in: entry),
                                    position: aliases.use(createdAt: entry.position, within: target.range) ?? entry.position)
        }
        let kind: TargetDependency.Kind
        switch entry.kind {
        case "target", "targetItem": kind = .target
        case "product", "productItem": kind = .product
        case "byName", "byNameItem": kind = .byName
        default: throw unsupported(entry, "target dependency")
        }
        try conform(entry, as: "Target.Dependency")
        var dependency = TargetDependency(
            kind: kind, name: try string(entry.argument("name"), "dependency name", in: entry),
            position: aliases.use(createdAt: entry.position, within: target.range) ?? entry.position)
        if kind == .product, let package = entry.argument("package") {
            if case .null = package {} else { dependency.package = try string(package, "product package", in: entry) }
        }
        if let condition = entry.argument("condition") {
            switch condition {
            case .null: break
            case .unknown(let decline): throw decline
            case .object(let when) where when.kind == "when":
                try conform(when, as: "TargetDependencyCondition")
                if let platforms = when.argument("platforms") {
                    dependency.platforms = try list(platforms, "condition platforms", in: when).map { value throws(Decline) in
                        try platformName(value, in: when)
                    }
                }
                if let traits = when.argument("traits") {
                    if case .null = traits {} else {
                        dependency.traits = try strings(traits, "condition traits", in: when).sorted()
                    }
                }
            case let other:
                throw Decline("dependency condition given as \(other.typeDescription)", line: entry.position.line, column: entry.position.column)
            }
        }
        return dependency
    }

    /// The literal inside the target's own call, else the target's use of an alias whose value is that literal
    /// (`static let model: Target.Dependency = "Model"`, then `.model`), else the only literal with that value in the
    /// file, else unknown.
    private func position(ofString name: String, in target: ManifestObject) -> SourcePosition? {
        let candidates = stringElementPositions[name] ?? []
        if let inside = candidates.first(where: { target.range.contains($0.offset) }) { return inside.position }
        if let use = candidates.lazy.compactMap({ aliases.use(createdAt: $0.position, within: target.range) }).first { return use }
        return candidates.count == 1 ? candidates[0].position : nil
    }

    private func platformName(_ value: Value, in condition: ManifestObject) throws(Decline) -> String {
        let platform = try object(value, "platform")
        if platform.kind == "custom", platform.arguments.count == 1, platform.arguments[0].label == nil,
           case .string(let name) = platform.arguments[0].value {
            return name
        }
        guard platform.arguments.isEmpty, let name = Self.platformNames[platform.kind] else {
            throw unsupported(platform, "platform")
        }
        return name
    }

    static let platformNames: [String: String] = [
        "macOS": "macos", "macCatalyst": "maccatalyst", "iOS": "ios", "tvOS": "tvos", "watchOS": "watchos",
        "visionOS": "visionos", "driverKit": "driverkit", "linux": "linux", "windows": "windows",
        "android": "android", "wasi": "wasi", "openbsd": "openbsd", "freebsd": "freebsd",
    ]
}
