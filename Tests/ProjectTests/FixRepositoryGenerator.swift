import Foundation

/// A small repository of local packages and development pods whose imports agree with their manifests, then broken at
/// random, for `fix`'s invariants: dependencies dropped (missing) or added (unused), a `.package(path:)` or a product
/// name misspelt, a component deleted, re-exporting wrappers, targets sharing one dependencies array, podspecs. Names
/// come from a pool with near neighbours (`Module1`, `Module2`), so that a misspelling or a deletion can be ambiguous.
/// The same seed always gives the same files.
struct FixRepositoryGenerator {
    /// The files, by path relative to the root.
    private(set) var files: [String: String] = [:]
    /// What was broken, for the figures: `missing`, `unused`, `path`, `product`, `deleted`, `wrapper`, `shared`, `pod`.
    private(set) var defects: [String] = []
    private var random: SplitMix64

    private struct Unit {
        var name: String
        var isPod: Bool
        /// Local modules each target imports, by target; the first target is the unit's own module.
        var targets: [(name: String, imports: [String])]
        var wrapper: String?
        var shared = false
        var localReexport: String?
    }

    private static let pool = ["Module1", "Module2", "Module3", "Feed", "Feeds", "Video", "Image", "Player", "Profile", "Search",
                               "Network", "Networks", "Storage", "Payments", "Chat"]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        var names = Self.pool
        names.shuffle(using: &random)
        let count = Int.random(in: 3...6, using: &random)
        var units: [Unit] = []
        for index in 0..<count {
            let name = names[index]
            let isPod = index > 0 && Int.random(in: 0..<4, using: &random) == 0
            units.append(makeUnit(name, isPod: isPod, below: units))
        }
        var manifests = units.map { unit in unit.isPod ? podspec(unit, among: units) : manifest(unit, among: units) }
        breakThings(&manifests, units: units)
        for (unit, text) in zip(units, manifests) where !text.isEmpty {
            files[unit.isPod ? "LocalPods/\(unit.name)/\(unit.name).podspec" : "Modules/\(unit.name)/Package.swift"] = text
        }
        for unit in units where files[unit.isPod ? "LocalPods/\(unit.name)/\(unit.name).podspec" : "Modules/\(unit.name)/Package.swift"] != nil {
            writeSources(unit)
        }
    }

    private mutating func makeUnit(_ name: String, isPod: Bool, below: [Unit]) -> Unit {
        let lower = below.filter { $0.isPod == isPod }.flatMap { unit in unit.isPod ? [unit.name] : unit.targets.map(\.name).filter { !$0.hasSuffix("Tests") && !$0.hasPrefix("_") } }
        var unit = Unit(name: name, isPod: isPod, targets: [])
        var main = Array(lower.shuffled(using: &random).prefix(Int.random(in: 0...2, using: &random)))
        if !isPod, Bool.random(using: &random) {
            let core = lower.randomElement(using: &random).map { [$0] } ?? []
            unit.targets.append((name + "Core", core))
            main.append(name + "Core")
            if let reexported = core.first, Int.random(in: 0..<4, using: &random) == 0 {
                // The core re-exports what it imports; the main target imports that module, declaring only the core.
                unit.localReexport = reexported
                main.removeAll { $0 == reexported }
                main.append(reexported)
                defects.append("wrapper")
            }
        }
        if !isPod, Int.random(in: 0..<4, using: &random) == 0 {
            unit.wrapper = "_Vendor" + name
            defects.append("wrapper")
        }
        unit.targets.insert((name, main), at: 0)
        if !isPod, Bool.random(using: &random) { unit.targets.append((name + "Tests", [name])) }
        unit.shared = !isPod && unit.targets.count >= 2 && unit.targets[1].name == name + "Core" && Int.random(in: 0..<6, using: &random) == 0
        if unit.shared { defects.append("shared") }
        if isPod { defects.append("pod") }
        return unit
    }

    // MARK: - Manifests

    private mutating func manifest(_ unit: Unit, among units: [Unit]) -> String {
        var packages: [String] = []
        var lists: [(name: String, entries: [String], kind: String)] = []
        for (index, target) in unit.targets.enumerated() {
            var entries: [String] = []
            for module in declared(target, in: unit) {
                if unit.targets.contains(where: { $0.name == module }) {
                    entries.append("\"\(module)\"")
                } else if let owner = units.first(where: { $0.targets.contains { $0.name == module } }) {
                    entries.append(".product(name: \"\(module)\", package: \"\(owner.name)\")")
                    if !packages.contains("../\(owner.name)") { packages.append("../\(owner.name)") }
                }
            }
            if index == 0, let wrapper = unit.wrapper { entries.append("\"\(wrapper)\"") }
            lists.append((target.name, entries, target.name.hasSuffix("Tests") ? "testTarget" : "target"))
        }
        if let wrapper = unit.wrapper { lists.append((wrapper, [".product(name: \"VendorKit\", package: \"vendor-kit\")"], "target")) }
        var text = "// swift-tools-version:5.9\nimport PackageDescription\n\n"
        if unit.shared {
            // Both targets name one variable: what either needs of other packages (the core is not in it).
            let shared = Array(Set(lists[0].entries + lists[1].entries).subtracting(["\"\(unit.name)Core\""])).sorted()
            text += "let shared: [Target.Dependency] = [\(shared.joined(separator: ", "))]\n\n"
        }
        let products = unit.targets.filter { !$0.name.hasSuffix("Tests") }.map { ".library(name: \"\($0.name)\", targets: [\"\($0.name)\"])" }
        let packageEntries = packages.map { ".package(path: \"\($0)\")" } + (unit.wrapper == nil ? [] : [".package(url: \"https://example.com/acme/vendor-kit.git\", from: \"1.0.0\")"])
        text += "let package = Package(\n    name: \"\(unit.name)\",\n    products: [\n" + products.map { "        \($0),\n" }.joined() + "    ],\n"
        if !packageEntries.isEmpty { text += "    dependencies: [\n" + packageEntries.map { "        \($0),\n" }.joined() + "    ],\n" }
        text += "    targets: [\n"
        for (index, list) in lists.enumerated() {
            let dependencies = unit.shared && index < 2 ? "shared" : style(list.entries)
            text += "        .\(list.kind)(\n            name: \"\(list.name)\",\n            dependencies: \(dependencies)\n        ),\n"
        }
        return text + "    ]\n)\n"
    }

    /// What a target declares when the manifest is right: what it imports (the wrapper's VendorKit through the wrapper).
    private func declared(_ target: (name: String, imports: [String]), in unit: Unit) -> [String] {
        guard target.name == unit.name, let reexported = unit.localReexport else { return target.imports }
        return target.imports.filter { $0 != reexported }
    }

    /// A list in one of the styles manifests are written in: one entry a line with or without a trailing comma, or inline.
    private mutating func style(_ entries: [String]) -> String {
        guard !entries.isEmpty else { return "[]" }
        switch Int.random(in: 0..<3, using: &random) {
        case 0: return "[\n" + entries.map { "                \($0),\n" }.joined() + "            ]"
        case 1: return "[\n" + entries.map { "                \($0)" }.joined(separator: ",\n") + "\n            ]"
        default: return "[" + entries.joined(separator: ", ") + "]"
        }
    }

    private func podspec(_ unit: Unit, among units: [Unit]) -> String {
        "Pod::Spec.new do |s|\n  s.name = '\(unit.name)'\n  s.version = '1.0.0'\n  s.summary = 'A pod.'\n  s.source_files = 'Classes/**/*.swift'\n"
            + unit.targets[0].imports.map { "  s.dependency '\($0)'\n" }.joined() + "end\n"
    }

    private mutating func writeSources(_ unit: Unit) {
        let folder = unit.isPod ? "LocalPods/\(unit.name)/Classes" : "Modules/\(unit.name)/Sources"
        for target in unit.targets {
            let path = unit.isPod ? "\(folder)/\(target.name).swift" : target.name.hasSuffix("Tests")
                ? "Modules/\(unit.name)/Tests/\(target.name)/\(target.name).swift" : "\(folder)/\(target.name)/\(target.name).swift"
            var text = target.imports.map { "import \($0)\n" }.joined()
            if target.name == unit.name, unit.wrapper != nil { text += "import VendorKit\n" }
            if target.name == unit.name + "Core", let reexported = unit.localReexport { text = text.replacingOccurrences(of: "import \(reexported)\n", with: "@_exported import \(reexported)\n") }
            files[path] = text + "\npublic enum \(target.name.replacingOccurrences(of: "_", with: ""))Marker {}\n"
        }
        if let wrapper = unit.wrapper { files["\(folder)/\(wrapper)/Exports.swift"] = "@_exported import VendorKit\n" }
    }

    // MARK: - Defects

    private mutating func breakThings(_ manifests: inout [String], units: [Unit]) {
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            let index = Int.random(in: 0..<units.count, using: &random)
            let unit = units[index]
            switch Int.random(in: 0..<6, using: &random) {
            case 0: dropEntry(&manifests[index], pod: unit.isPod)
            case 1: addUnused(&manifests[index], unit: unit, units: units)
            case 2: misspell(&manifests[index], after: ".package(path: \"../", kind: "path")
            case 3: misspell(&manifests[index], after: ".product(name: \"", kind: "product")
            case 4 where index < units.count - 1 && !unit.isPod:
                manifests[index] = ""
                defects.append("deleted")
            default: dropEntry(&manifests[index], pod: unit.isPod)
            }
        }
    }

    private mutating func dropEntry(_ text: inout String, pod: Bool) {
        let marker = pod ? "  s.dependency '" : ".product(name: \""
        guard let range = randomRange(of: marker, in: text) else { return }
        let lineRange = text.lineRange(for: range)
        if pod || text[lineRange].trimmingCharacters(in: .whitespacesAndNewlines).hasPrefix(".product(") {
            text.removeSubrange(lineRange)
        } else if let end = text[range.lowerBound...].firstIndex(of: ")") {
            // Inline: the entry and the comma or space after it.
            var upper = text.index(after: end)
            while upper < text.endIndex, [",", " "].contains(text[upper]) { upper = text.index(after: upper) }
            text.removeSubrange(range.lowerBound..<upper)
        }
        defects.append("missing")
    }

    private mutating func addUnused(_ text: inout String, unit: Unit, units: [Unit]) {
        guard let other = units.first(where: { $0.name != unit.name && $0.isPod == unit.isPod }) else { return }
        if unit.isPod {
            guard !text.contains("s.dependency '\(other.name)'") else { return }
            text = text.replacingOccurrences(of: "  s.source_files", with: "  s.dependency '\(other.name)'\n  s.source_files")
        } else {
            guard !text.contains(".package(path: \"../\(other.name)\")"), !unit.shared else { return }
            let entry = ".product(name: \"\(other.targets[0].name)\", package: \"\(other.name)\")"
            text = text.replacingOccurrences(of: "            name: \"\(unit.name)\",\n            dependencies: [", with: "            name: \"\(unit.name)\",\n            dependencies: [\(entry), ")
            text = text.replacingOccurrences(of: "dependencies: [\(entry), ]", with: "dependencies: [\(entry)]")
            text = text.contains("    dependencies: [\n")
                ? text.replacingOccurrences(of: "    dependencies: [\n", with: "    dependencies: [\n        .package(path: \"../\(other.name)\"),\n")
                : text.replacingOccurrences(of: "    targets: [\n", with: "    dependencies: [.package(path: \"../\(other.name)\")],\n    targets: [\n")
        }
        defects.append("unused")
    }

    private mutating func misspell(_ text: inout String, after marker: String, kind: String) {
        guard let range = randomRange(of: marker, in: text), let end = text[range.upperBound...].firstIndex(of: "\"") else { return }
        let name = String(text[range.upperBound..<end])
        guard name.count > 3 else { return }
        text.replaceSubrange(range.upperBound..<end, with: typo(of: name))
        defects.append(kind)
    }

    /// One letter swapped with the next, dropped, doubled or changed.
    private mutating func typo(of name: String) -> String {
        var letters = Array(name)
        let at = Int.random(in: 1..<(letters.count - 1), using: &random)
        switch Int.random(in: 0..<4, using: &random) {
        case 0: letters.swapAt(at, at + 1)
        case 1: letters.remove(at: at)
        case 2: letters.insert(letters[at], at: at)
        default: letters[at] = letters[at] == "x" ? "y" : "x"
        }
        return String(letters)
    }

    private mutating func randomRange(of marker: String, in text: String) -> Range<String.Index>? {
        var ranges: [Range<String.Index>] = []
        var start = text.startIndex
        while let found = text.range(of: marker, range: start..<text.endIndex) {
            ranges.append(found)
            start = found.upperBound
        }
        return ranges.randomElement(using: &random)
    }
}

/// A seeded generator (SplitMix64): the same seed, the same numbers, on every platform.
struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
