/// The `objects` of a `project.pbxproj` as Foundation read them, by id, with typed access to their attributes.
struct PBXObjects {
    private let objects: [String: [String: Any]]

    init(_ objects: [String: [String: Any]]) {
        self.objects = objects
    }

    func exists(_ id: String) -> Bool {
        objects[id] != nil
    }

    func isa(_ id: String) -> String? {
        string(id, "isa")
    }

    func string(_ id: String, _ key: String) -> String? {
        objects[id]?[key] as? String
    }

    /// A list of ids or strings; empty when absent.
    func list(_ id: String, _ key: String) -> [String] {
        (objects[id]?[key] as? [Any])?.compactMap { $0 as? String } ?? []
    }

    func dictionary(_ id: String, _ key: String) -> [String: Any]? {
        objects[id]?[key] as? [String: Any]
    }

    /// The ids of every object of one of `kinds`, sorted.
    func ids(ofKinds kinds: Set<String>) -> [String] {
        objects.compactMap { id, object in (object["isa"] as? String).map(kinds.contains) == true ? id : nil }.sorted()
    }
}
