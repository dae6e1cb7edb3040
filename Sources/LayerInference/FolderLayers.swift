/// Folders named after layers, as the classic layering lays a repository out (`Kit/`, `Common/`, `Account/`,
/// `Business/`, `App/`) and as teams do (`Modules/Core/`, `Modules/Services/`, `Modules/Features/`): when every package
/// lies in one (or is the app's: `App/`) and no folder's packages depend on another's that depend back, each folder is a
/// layer, whatever the depths of its packages. The folders are ordered by what depends on what, folders no dependency
/// orders by what their names say (`features` above `services` above `core`); Xcode targets go on top, with the app.
struct FolderLayers {
    struct Folder {
        /// Relative to the root: `Business`, `Modules/Features`, or a package's own folder (`App`).
        var path: String
        /// The layer's `paths` glob: `Business/*`, or the package folder itself.
        var glob: String
        var name: String
        /// Where its name puts it when nothing else orders it: higher is nearer the top.
        var rank: Int
        var units: [Int]
    }

    /// Bottom first.
    var folders: [Folder]

    /// Layer names folders are given, with how high each sits when dependencies leave it open.
    static let words: [String: Int] = {
        var words: [String: Int] = [:]
        let ranks: [(Int, [String])] = [
            (6, ["app", "apps", "application", "applications"]),
            (5, ["business", "feature", "features", "scene", "scenes", "presentation"]),
            (4, ["account", "accounts", "domain", "domains", "mediator", "mediators", "router", "interfaces"]),
            (3, ["service", "services", "data", "network", "networking"]),
            (2, ["common", "shared", "ui", "designsystem"]),
            (1, ["kit", "kits", "core", "base", "foundation", "foundations", "library", "libraries", "util", "utils", "utility", "utilities",
                 "platform", "infrastructure", "infra", "support", "modules"]),
        ]
        for (rank, names) in ranks { for name in names { words[name] = rank } }
        return words
    }()

    /// Whether a folder's name says its members keep apart from each other (accounts, business, features, domains):
    /// only there are a few dependencies between them baselined rather than making the layer not independent.
    static func saysApart(_ folderName: String) -> Bool {
        words[word(folderName)].map { $0 >= 4 && $0 < 6 } ?? false
    }

    /// `designsystem` for `Design System`: letters only, lower case.
    static func word(_ folderName: String) -> String {
        String(folderName.lowercased().unicodeScalars.filter { $0.isASCII && $0.properties.isAlphabetic }.map(Character.init))
    }

    /// Nil when some package lies in no such folder, when fewer than two folders hold them, or when two folders'
    /// packages depend on each other.
    init?(units: LayerInference.Units) {
        var byPath: [String: Folder] = [:]
        Self.groupProjectTargets(units, into: &byPath)
        for unit in units.names.indices where !units.isProjectTarget[unit] {
            let directory = units.directories[unit]
            let parent = LayerInference.parentFolder(of: directory)
            if let rank = Self.words[Self.word(LayerInference.lastComponent(of: parent))], !parent.isEmpty {
                byPath[parent, default: Folder(path: parent, glob: parent + "/*", name: LayerInference.layerName(LayerInference.lastComponent(of: parent)),
                                               rank: rank, units: [])].units.append(unit)
            } else if let rank = Self.words[Self.word(LayerInference.lastComponent(of: directory))], rank == Self.words["app"], directory != "." {
                // A package folder is a layer's only when it is the app's (`App/`): `Packages/Kit` is a package's name.
                byPath[directory, default: Folder(path: directory, glob: directory, name: LayerInference.layerName(LayerInference.lastComponent(of: directory)),
                                                  rank: rank, units: [])].units.append(unit)
            } else {
                return nil
            }
        }
        guard byPath.count >= 2, let ordered = Self.ordered(Array(byPath.values), successors: units.successors) else { return nil }
        folders = ordered
    }

    /// Xcode and Tuist targets other than applications and extensions (which go on top) by the folder their project lies
    /// in: its own folder when a layer's name (`Projects/Core`), else the folder holding it and its siblings
    /// (`Projects/Features/HomeFeature` → `Projects/Features`), whatever that folder is called, as the team grouped them.
    /// Only in a repository of projects alone: beside packages, the targets are placed by what they use (``Plan``).
    static func groupProjectTargets(_ units: LayerInference.Units, into byPath: inout [String: Folder]) {
        guard units.isProjectTarget.allSatisfy({ $0 }) else { return }
        for unit in units.names.indices where units.isProjectTarget[unit] && !units.isApplication[unit] && !units.isExtension[unit] {
            // The project's folder, not its `.xcodeproj` bundle or its spec file.
            let project = units.directories[unit]
            let directory = LayerInference.lastComponent(of: project).contains(".") ? LayerInference.parentFolder(of: project) : project
            let own = words[word(LayerInference.lastComponent(of: directory))]
            let path = own != nil ? directory : LayerInference.parentFolder(of: directory)
            guard !path.isEmpty, path != "." else { continue }
            let rank = own ?? words[word(LayerInference.lastComponent(of: path))] ?? 2
            byPath[path, default: Folder(path: path, glob: path + "/*", name: LayerInference.layerName(LayerInference.lastComponent(of: path)),
                                         rank: rank, units: [])].units.append(unit)
        }
    }

    /// Top to bottom by dependencies between the folders (one above another when its packages depend on the other's),
    /// the highest name first among folders nothing orders; returned bottom first. Nil when the folders form a cycle.
    static func ordered(_ folders: [Folder], successors: [[Int]]) -> [Folder]? {
        var folderOf: [Int: Int] = [:]
        for (index, folder) in folders.enumerated() { for unit in folder.units { folderOf[unit] = index } }
        var below = [Set<Int>](repeating: [], count: folders.count)
        for (index, folder) in folders.enumerated() {
            for unit in folder.units {
                for next in successors[unit] { if let other = folderOf[next], other != index { below[index].insert(other) } }
            }
        }
        var remaining = Set(folders.indices), topFirst: [Folder] = []
        while !remaining.isEmpty {
            // Folders nothing remaining depends on: the next from the top.
            let free = remaining.filter { candidate in !remaining.contains { below[$0].contains(candidate) } }
            guard let next = free.max(by: { (folders[$0].rank, folders[$1].path) < (folders[$1].rank, folders[$0].path) }) else { return nil }
            topFirst.append(folders[next])
            remaining.remove(next)
        }
        return topFirst.reversed().map { folder in
            var folder = folder
            folder.units.sort()
            return folder
        }
    }
}

extension LayerInference {
    /// Layers from ``FolderLayers``: one per folder, bottom first; the Xcode targets by what they depend on: a framework
    /// or an extension in the lowest folder's layer above everything it uses (or in a layer of its own above the
    /// folders), the applications on top (in the app's folder when it is the top one, else in a layer of their own).
    struct Plan {
        var folders: [FolderLayers.Folder]
        var levels: [[Int]]
        /// Each layer is one level.
        var ranges: [ClosedRange<Int>] { levels.indices.map { $0...$0 } }
        var kept: Set<ClosedRange<Int>> { Set(ranges) }
        /// Folders named for what keeps apart (accounts, business, features), whose few inner dependencies are
        /// baselined; a lower folder whose packages use each other is simply not independent.
        var teamFolders: [Set<Int>]
        /// The level of Xcode targets above the folders and below the applications, when there is one.
        var between: Int?

        init(folders layers: FolderLayers, units: Units) {
            folders = layers.folders
            levels = folders.map(\.units)
            teamFolders = folders.filter { $0.rank >= 4 && $0.rank < 6 }.map { Set($0.units) }
            var level: [Int: Int] = [:]
            for (index, folder) in folders.enumerated() { for unit in folder.units { level[unit] = index } }
            var above: [Int] = [], applications: [Int] = []
            // Dependencies first: a target is placed after what it uses (the depths order them).
            let depths = LayerInference.depths(units.successors)
            // Targets a folder already holds stay there.
            for unit in units.names.indices.filter({ units.isProjectTarget[$0] && level[$0] == nil }).sorted(by: { (depths[$0], $0) < (depths[$1], $1) }) {
                if units.isApplication[unit] { applications.append(unit); continue }
                let needed = units.successors[unit].compactMap { level[$0].map { $0 + 1 } }.max() ?? 0
                // An extension ships inside the app: above every folder, in a layer of its own.
                if !units.isExtension[unit], needed < folders.count, folders[needed].rank != FolderLayers.words["app"] {
                    levels[needed].append(unit)
                    level[unit] = needed
                } else {
                    above.append(unit)
                    level[unit] = folders.count
                }
            }
            if !above.isEmpty {
                between = levels.count
                levels.append(above)
            }
            guard !applications.isEmpty else { return }
            if between == nil, let top = folders.last, top.rank == FolderLayers.words["app"] {
                levels[levels.count - 1] += applications
            } else {
                levels.append(applications)
            }
        }

        func layer(at position: Int, members: [Int], units: Units) -> InferredLayering.Layer {
            let names = members.map { units.names[$0] }
            let targets = members.filter { units.isProjectTarget[$0] || units.alsoTarget[$0] }.map { units.names[$0] }.sorted()
            guard folders.indices.contains(position) else {
                let top = position == levels.count - 1 && position != between
                return .init(name: top ? "app" : "level-\(position + 1)", namedFromFolders: top, paths: [], members: targets, components: names,
                             independent: false)
            }
            // A folder of Xcode or Tuist targets only: they are named one by one, no package folder is matched.
            let paths = members.allSatisfy { units.isProjectTarget[$0] } ? [] : [folders[position].glob]
            return .init(name: folders[position].name, namedFromFolders: true, paths: paths, members: targets, components: names,
                         independent: false)
        }
    }
}
