import Discovery

/// The node numbers of a workspace's targets: packages in order, each package's targets by name. Worked out once,
/// so that assignment and edge resolution number targets without hashing their identities.
struct TargetNumbering: Sendable {
    /// Per package (in workspace order): the number of its first target, and its target names sorted.
    var packages: [(first: Int, names: [String])]
    /// Package index by absolute folder.
    var packageIndex: [String: Int]
    /// Package index by folder relative to the root.
    var relativePackageIndex: [String: Int]
    var count: Int

    init(_ workspace: Workspace) {
        var packages: [(first: Int, names: [String])] = []
        packages.reserveCapacity(workspace.packages.count)
        var packageIndex: [String: Int] = [:], relativePackageIndex: [String: Int] = [:]
        var count = 0
        for (index, package) in workspace.packages.enumerated() {
            let names = package.manifest.targets.map(\.name).sorted()
            packages.append((count, names))
            packageIndex[package.directory] = index
            relativePackageIndex[package.relativeDirectory] = index
            count += names.count
        }
        self.packages = packages
        self.packageIndex = packageIndex
        self.relativePackageIndex = relativePackageIndex
        self.count = count
    }

    /// The number of target `name` of package `package` (by index), or nil when it has no such target.
    func number(of name: String, inPackage package: Int) -> Int? {
        let names = packages[package].names
        var low = 0, high = names.count
        while low < high {
            let middle = (low + high) / 2
            if names[middle] < name { low = middle + 1 } else { high = middle }
        }
        return low < names.count && names[low] == name ? packages[package].first + low : nil
    }
}
