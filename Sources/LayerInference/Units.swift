import DependencyGraph
import Discovery
import PackageModel

extension LayerInference {
    /// The components and the dependencies between them: what the manifests declare, and the products of local packages
    /// a project links as if they came from outside (a project's local package reference, a pod found here).
    struct Units {
        var names: [String]
        /// Package folders relative to the root (for packages).
        var directories: [String]
        var successors: [[Int]]
        /// For each target number, its unit (test targets too: a test belongs to its package's unit, or to the unit
        /// of the target it tests).
        var unitOfTarget: [Int?]
        var componentsArePackages: Bool
        /// Units that are targets of an Xcode project (an app, an extension, a framework): a layer names them by
        /// `members`, since they share their project's folder.
        var isProjectTarget: [Bool] = []
        /// Units that are Xcode application targets: the top of the app whatever depends on them.
        var isApplication: [Bool] = []
        /// Units that are pods: libraries, never the app while the repository has an app target.
        var isPod: [Bool] = []
        /// Applications that only show the rest (an `Example/` project of `pod lib create`, a demo, a sample): never the
        /// app when another application exists.
        var isExample: [Bool] = []
        /// Packages an Xcode target of the same name stands for too: their layer lists that name in `members`.
        var alsoTarget: [Bool] = []
        /// Units that are app extensions (a widget, a share or notification extension) or watch apps: they ship inside an
        /// app, so they sit above what they link, in a layer of their own (`extensions`), never at the bottom by depth.
        var isExtension: [Bool] = []
        /// Components placed in no layer by their kind (an Xcode command-line tool, a script-only aggregate target, a
        /// package that only builds tools), with it.
        var unplaced: [(component: String, kind: String)] = []

        init(_ graph: DependencyGraph) {
            let packages = graph.packages
            let targets = graph.sortedTargets
            componentsArePackages = packages.count != 1 || targets.filter { !$0.isTest }.count < 2 || packages[0].isXcodeProject
            names = []
            directories = []
            successors = []
            unitOfTarget = []
            if componentsArePackages {
                addPackages(of: graph)
            } else {
                let libraries = targets.filter { !$0.isTest }
                for target in libraries { add(target.id.name, directory: packages[0].relativeDirectory, kind: nil, pod: false) }
                var unitOfNumber: [Int: Int] = [:]
                for (unit, target) in libraries.enumerated() { unitOfNumber[target.number] = unit }
                unitOfTarget = targets.map { target in
                    unitOfNumber[target.number] ?? (target.isTest ? graph.successors[target.number].lazy.compactMap { unitOfNumber[$0] }.first : nil)
                }
            }
            successors = [[Int]](repeating: [], count: names.count)
            for (_, from, to) in graph.localEdges where !from.isTest {
                guard let source = unitOfTarget[from.number], let destination = unitOfTarget[to.number] else { continue }
                link(source, destination)
            }
            if componentsArePackages { linkLocalProducts(of: graph) }
            for index in successors.indices { successors[index].sort() }
        }

        private mutating func addPackages(of graph: DependencyGraph) {
            var unitOfNumber: [Int: Int] = [:]
            var packageUnit: [String: Int] = [:]
            let tools = graph.toolPackages
            for (index, package) in graph.packages.enumerated() where !package.isXcodeProject {
                if tools.contains(index) {
                    unplaced.append((package.manifest.name, "package of command-line tools"))
                    continue
                }
                packageUnit[package.relativeDirectory] = names.count
                add(package.manifest.name, directory: package.relativeDirectory, kind: nil, pod: package.manifest.kind == .pod)
            }
            let packageNamed = Dictionary(names.indices.map { (names[$0], $0) }) { first, _ in first }
            for package in graph.packages where package.isXcodeProject {
                for target in graph.sortedTargets where target.id.package == package.relativeDirectory && !target.isTest {
                    let kind = package.manifest.target(named: target.id.name).map(\.productKind).flatMap { $0.isXcode ? $0 : nil } ?? .other
                    if kind == .tool || kind == .aggregate {
                        unplaced.append((target.id.name, kind == .tool ? "command-line tool" : "script-only aggregate target"))
                        continue
                    }
                    // A framework target named like a package (a pod's example project building the pod's sources): a layer's
                    // `members` would place both, so it goes where the package goes.
                    if kind != .application, let same = packageNamed[target.id.name] {
                        unitOfNumber[target.number] = same
                        alsoTarget[same] = true
                        continue
                    }
                    unitOfNumber[target.number] = names.count
                    add(target.id.name, directory: package.relativeDirectory, kind: kind, pod: false)
                }
            }
            unitOfTarget = graph.sortedTargets.map { target in
                packageUnit[target.id.package] ?? unitOfNumber[target.number]
                    ?? (target.isTest ? graph.successors[target.number].lazy.compactMap { unitOfNumber[$0] }.first : nil)
            }
        }

        /// A product named as if from outside that one local package of the repository has: an edge to that package (an
        /// app extension linking a package folder the repository holds is above it, not beside the lowest layer).
        private mutating func linkLocalProducts(of graph: DependencyGraph) {
            var unitOfProduct: [String: Int?] = [:]
            for (index, package) in graph.packages.enumerated() where !package.isXcodeProject {
                let unitOfTarget = self.unitOfTarget
                guard let unit = graph.sortedTargets.first(where: { $0.packageIndex == index }).flatMap({ unitOfTarget[$0.number] }) else { continue }
                for product in Set(package.manifest.products.map(\.name) + [package.manifest.name]) {
                    // A name two packages give a product decides nothing.
                    unitOfProduct[product] = unitOfProduct[product] == nil ? unit : .some(nil)
                }
            }
            for edge in graph.edges {
                guard case let .external(_, product) = edge.to, let found = unitOfProduct[product], let destination = found,
                      !graph.sortedTargets[edge.fromNumber].isTest, let source = unitOfTarget[edge.fromNumber] else { continue }
                link(source, destination)
            }
        }

        private mutating func link(_ source: Int, _ destination: Int) {
            if source != destination, !successors[source].contains(destination) { successors[source].append(destination) }
        }

        private mutating func add(_ name: String, directory: String, kind: ProductKind?, pod: Bool) {
            names.append(name)
            directories.append(directory)
            isProjectTarget.append(kind != nil)
            isApplication.append(kind == .application)
            isPod.append(pod)
            alsoTarget.append(false)
            isExtension.append(kind.map { [.appExtension, .extensionKitExtension, .systemExtension, .watchApp].contains($0) } == true)
            isExample.append(kind == .application && Self.showsTheRest(name: name, directory: directory))
        }

        /// Whether a target or the folder of its project says it is an example, a demo or a sample.
        static func showsTheRest(name: String, directory: String) -> Bool {
            let words = ["example", "demo", "sample", "showcase", "playground"]
            let parts = directory.lowercased().split(separator: "/").map(String.init) + [name.lowercased()]
            return parts.contains { part in words.contains { part.contains($0) } }
        }
    }
}
