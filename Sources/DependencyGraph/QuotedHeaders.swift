import Diagnostics
import Discovery
import Paths
import PodspecReading
import SourceImports

/// The components whose headers a target's quoted includes reach: `#import "Header.h"` (or `"Folder/Header.h"`) that
/// names no file of the including target is found by the compiler through header search paths (CocoaPods' header maps,
/// `HEADER_SEARCH_PATHS`, a package's `include/`), so it is looked up as the compiler would: among the headers of the
/// repository's other components by file name (a folder written before the name must match the header's path too).
///
/// A header a pod or a package holds, included by a pod or a package, is a use like any import: CocoaPods and SwiftPM
/// put on their search paths the headers of what they declare only. Included by an Xcode target, any component's
/// header may come through the target's own header search paths (often recursive, `$(SRCROOT)/../**`, or all of
/// `Pods/`), which are not read: the edge is there for the layering rules, but whether a declaration is missing is
/// undecided.
///
/// A header belongs to the components that hold it: a pod or a package target whose files list it, an Xcode target that
/// lists it or, for a header of the project its files include (an app target's headers are in no build phase), compiles a
/// file of the header's folder. One module owns it: the include is a use of that module, as `#import <Module/Header.h>`
/// is. Several modules hold a header of that name: which one the search paths find is not read (undecided, never a
/// guess). None: a folder written before the name that names a module the repository knows (`"Sentry/Sentry.h"`) is
/// that module, else the header is outside every component (the SDK's, a vendored copy) and decides nothing.
struct QuotedHeaders {
    /// One header a component holds.
    struct Held {
        /// Relative to the repository's root.
        var path: String
        /// The target's number.
        var owner: Int
    }

    /// What one quoted include reaches.
    enum Reach: Equatable {
        /// A use of a module (a synthesised import at the include's place).
        case module(String, QuotedReach)
        /// Headers of that name in several modules (sorted): undecided.
        case shared([String])
        /// `"Pod.h"` held by no component, included by a pod whose podspec does not declare the outside pod of that name
        /// (as written) that another manifest names: its header, if that pod's podspec holds it (not read), undecided.
        case outsidePodHeader(String)
        case nothing
    }

    /// The outside pods the repository's manifests name, by lowercased name, as written; and by target number, the
    /// outside pods (lowercased) it declares.
    struct OutsidePods {
        var named: [String: String] = [:]
        var declared: [Int: Set<String>] = [:]

        init(_ graph: DeclaredGraph) {
            for package in graph.workspace.packages {
                for dependency in package.manifest.dependencies where dependency.kind == .pod && package.localDependencies[dependency.location] == nil {
                    let root = String(dependency.location.split(separator: "/").first ?? Substring(dependency.location))
                    if named[root.lowercased()] == nil { named[root.lowercased()] = root }
                }
            }
            for edge in graph.edges {
                if case .external(_, let product) = edge.to { declared[edge.fromNumber, default: []].insert(PodfileLock.pod(product)) }
            }
        }
    }

    private var byName: [String: [Held]] = [:]
    private let targets: [GraphTarget]
    /// By target number, the targets it declares.
    private let successors: [[Int]]
    private let outsidePods: OutsidePods?

    /// The headers of `facts`' targets (numbered as `numbers`), by name; empty when no target includes another's header.
    init(_ facts: [TargetImports], numbers: [Int?], targets: [GraphTarget], successors: [[Int]], outsidePods: OutsidePods? = nil) {
        (self.targets, self.successors, self.outsidePods) = (targets, successors, outsidePods)
        guard facts.contains(where: { !$0.headerIncludes.isEmpty }) else { return }
        for (imports, number) in zip(facts, numbers) {
            guard let number else { continue }
            let compiledFolders = imports.includedHeaders.isEmpty ? [] : Set(imports.files.filter { !Self.isHeader($0) }.map(Self.folder(of:)))
            for file in imports.files where Self.isHeader(file) {
                // A header of the project another target's file brought in is that target's only where it compiles beside it.
                if imports.includedHeaders.contains(file), !compiledFolders.contains(Self.folder(of: file)) { continue }
                let path = PathArithmetic.lexical(PathArithmetic.join(imports.package, file))
                byName[PathArithmetic.lastComponent(of: file), default: []].append(Held(path: path, owner: number))
            }
        }
    }

    var isEmpty: Bool { byName.isEmpty }

    static func isHeader(_ file: String) -> Bool {
        ["h", "hh", "hpp"].contains(TargetSources.fileExtension(of: file))
    }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }

    /// What `include`, in a file of target `from`, reaches.
    func reach(of include: HeaderInclude, from: Int) -> Reach {
        // `../Shared/X.h` and `./X.h` are written from the file's folder: the folders after them must match.
        let written = include.path.split(separator: "/").drop { $0 == "." || $0 == ".." }.joined(separator: "/")
        let held = (byName[include.name] ?? []).filter { written == include.name || $0.path == written || $0.path.hasSuffix("/" + written) }
        // Xcode's header map finds the headers of the including target's own project first.
        let sameProject = Set(held.map(\.owner).filter { targets[$0].packageIndex == targets[from].packageIndex })
        let owners = sameProject.isEmpty ? Set(held.map(\.owner)) : sameProject
        let own = targets[from].module
        let modules = Set(owners.map { targets[$0].module })
        // A header of its own module (a subspec's, a header the project lists for another target of the same module).
        if owners.contains(from) || modules.contains(own) { return .nothing }
        // One file several modules build (a pod and the framework of its project): the one the target declares.
        if modules.count > 1, let declared = successors[from].first(where: owners.contains) {
            return .module(targets[declared].module, .searchPath)
        }
        if modules.count > 1 { return .shared(modules.sorted()) }
        if let module = modules.first {
            // CocoaPods and SwiftPM put on a pod's or a package target's search paths the public headers of what it
            // declares only; an Xcode target's own `HEADER_SEARCH_PATHS` (often recursive, `$(SRCROOT)/../**`, or the
            // whole `Pods/`) are not read.
            let isComponent = { (number: Int) in [.pod, .package].contains(targets[number].packageKind) }
            return .module(module, isComponent(from) && owners.contains(where: isComponent) ? .componentHeader : .searchPath)
        }
        guard let slash = written.firstIndex(of: "/"), slash > written.startIndex else { return outsidePodHeader(written, from: from) }
        return .module(String(written[..<slash]), .moduleFolder)
    }

    /// `"MJExtension.h"`, held by no component, in a pod whose podspec does not declare the outside pod `MJExtension`
    /// that another manifest of the repository names: that pod's header if its podspec (not read) holds it.
    private func outsidePodHeader(_ written: String, from: Int) -> Reach {
        guard let outsidePods, targets[from].packageKind == .pod, written.hasSuffix(".h") else { return .nothing }
        let pod = String(written.dropLast(2)).lowercased()
        guard let name = outsidePods.named[pod], outsidePods.declared[from]?.contains(pod) != true else { return .nothing }
        return .outsidePodHeader(name)
    }

    /// Two lists of uses in file order as one (an import before an include at the same place).
    static func merged(_ imports: [SourceImportUse], _ includes: [SourceImportUse]) -> [SourceImportUse] {
        var result: [SourceImportUse] = []
        result.reserveCapacity(imports.count + includes.count)
        var (next, nextInclude) = (0, 0)
        while next < imports.count, nextInclude < includes.count {
            if includes[nextInclude].location < imports[next].location {
                result.append(includes[nextInclude])
                nextInclude += 1
            } else {
                result.append(imports[next])
                next += 1
            }
        }
        return result + imports[next...] + includes[nextInclude...]
    }

    /// Each target's quoted includes as the uses of the modules they reach, merged into its imports in file order; and
    /// those undecided, headers of that name in several modules.
    func resolved(_ facts: [TargetImports], numbers: [Int?]) -> (targets: [TargetImports], undecided: [UndecidedImport]) {
        // (By position: a look at the targets themselves copies each one.)
        guard !isEmpty || outsidePods != nil || facts.indices.contains(where: { facts[$0].headerIncludes.contains { $0.path.contains("/") } }) else { return (facts, []) }
        var result = facts, undecided: [UndecidedImport] = []
        for index in facts.indices {
            guard let number = numbers[index], !facts[index].headerIncludes.isEmpty else { continue }
            var added: [SourceImportUse] = []
            for include in facts[index].headerIncludes {
                switch reach(of: include, from: number) {
                case .nothing: continue
                case .module(let module, let how):
                    var use = SourceImportUse(module: module, location: include.location, isOptional: include.isOptional)
                    use.quoted = how
                    added.append(use)
                case .shared(let modules) where !include.isOptional:
                    let deciders = modules.map { UnreadPackage(package: $0, reason: .sharedHeader(include.name)) }
                    undecided.append(UndecidedImport(from: targets[number], module: "\"\(include.path)\"", location: include.location, deciders: deciders))
                case .shared: continue
                case .outsidePodHeader(let pod):
                    guard !include.isOptional else { continue }
                    undecided.append(UndecidedImport(from: targets[number], module: "\"\(include.path)\"", location: include.location,
                                                     deciders: [UnreadPackage(package: pod, reason: .outsidePod)]))
                }
            }
            guard !added.isEmpty else { continue }
            result[index].uses = Self.merged(result[index].uses, added)
        }
        return (result, undecided)
    }
}
