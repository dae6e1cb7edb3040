@testable import DependencyGraph
import Diagnostics
import PackageModel
import SourceImports
import Testing

/// The lookup of a quoted include's header among the other components' headers (``QuotedHeaders``).
struct QuotedHeadersTests {
    private static func target(_ name: String, _ number: Int, kind: PackageKind) -> GraphTarget {
        GraphTarget(id: TargetID(package: name, name: name), number: number, packageIndex: number, type: .regular, packageName: name,
                    manifestPath: name, position: nil, packageKind: kind)
    }

    private static func imports(_ package: String, files: [String], includes: [String] = [], included: Set<String> = []) -> TargetImports {
        var imports = TargetImports(package: package, target: package, uses: [], files: files)
        imports.headerIncludes = includes.enumerated().map {
            HeaderInclude(name: String($0.element.split(separator: "/").last ?? ""), location: FileLocation(path: "\(package)/x.m", line: $0.offset + 1, column: 1),
                          path: $0.element)
        }
        imports.includedHeaders = included
        return imports
    }

    /// Kit (a pod), Base (a pod) and App (an Xcode app whose project header `Shared/Util.h` it brought in for a file of
    /// its own folder `App/`), and UI including headers.
    private static func lookup(_ includes: [String], from kind: PackageKind = .pod, successors: [[Int]] = [[], [], [], []]) -> [QuotedHeaders.Reach] {
        let targets = [target("Kit", 0, kind: .pod), target("Base", 1, kind: .pod), target("App", 2, kind: .xcodeProject), target("UI", 3, kind: kind)]
        let facts = [
            imports("Kit", files: ["Classes/Kit.h", "Classes/Kit.m", "Classes/Util.h"]),
            imports("Base", files: ["Classes/Base.h", "Classes/Base.m", "Classes/Util.h"]),
            imports("App", files: ["App/AppDelegate.h", "App/AppDelegate.m", "Shared/Util.h"], included: ["App/AppDelegate.h", "Shared/Util.h"]),
            imports("UI", files: ["UI.m"], includes: includes),
        ]
        let headers = QuotedHeaders(facts, numbers: [0, 1, 2, 3], targets: targets, successors: successors)
        return facts[3].headerIncludes.map { headers.reach(of: $0, from: 3) }
    }

    @Test func aHeaderOneModuleHoldsIsThatModule() {
        #expect(Self.lookup(["Kit.h", "Kit/Classes/Kit.h"]) == [.module("Kit", .componentHeader), .module("Kit", .componentHeader)])
    }

    @Test func anXcodeTargetIncludingAPodsHeaderLeavesTheLinkUndecided() {
        #expect(Self.lookup(["Kit.h"], from: .xcodeProject) == [.module("Kit", .searchPath)])
    }

    @Test func anAppHeaderIsTheAppsWhereItCompilesBesideIt() {
        #expect(Self.lookup(["AppDelegate.h"]) == [.module("App", .searchPath)])
    }

    @Test func aProjectHeaderBroughtInFromAFolderTheTargetDoesNotCompileIsNotItsOwn() {
        // `Shared/Util.h` is App's only by inclusion: no component holds it (its folder is looked up as a module, which
        // the resolution drops when the repository knows none of that name), and the pods' `Util.h` are the holders.
        #expect(Self.lookup(["Shared/Util.h"]) == [.module("Shared", .moduleFolder)])
        #expect(Self.lookup(["Util.h"]) == [.shared(["Base", "Kit"])])
    }

    @Test func aHeaderSeveralModulesHoldIsTheDeclaredOnes() {
        #expect(Self.lookup(["Util.h"], successors: [[], [], [], [1]]) == [.module("Base", .searchPath)])
    }

    @Test func aFolderNamingAModuleIsThatModuleWhenNoComponentHoldsTheFile() {
        #expect(Self.lookup(["Sentry/Sentry.h", "../Private/Helper.h", "Missing.h"]) == [.module("Sentry", .moduleFolder), .module("Private", .moduleFolder), .nothing])
    }
}
