import Diagnostics
@testable import Discovery
import Files
import Foundation
import ManifestReading
import PackageModel
import Testing

/// What is not a package, or not there yet, for a reason the repository states: never an unreadable or unresolved one.
struct AbsentPackagesTests {
    static func discover(_ files: [String: String]) throws -> Workspace {
        try PackageDiscoveryTests.discover(in: InMemoryFileSystem(files: files), root: "/repo")
    }

    /// A `Package.swift` without `Package(…)` that nothing depends on is a placeholder (it keeps a folder out of the
    /// package around it): a note. The same file reached by a `.package(path:)` stays unreadable.
    @Test func aPlaceholderManifestIsANoteUnlessSomethingDependsOnIt() throws {
        let placeholder = "// swift-tools-version: 5.8\nimport PackageDescription\n"
        let alone = try Self.discover(["/repo/Feature/Package.swift": PackageDiscoveryTests.manifest("Feature"),
                                       "/repo/Feature/Modules/Package.swift": placeholder])
        #expect(alone.unreadable.isEmpty)
        #expect(alone.notes.map(\.description) == [
            "/repo/Feature/Modules/Package.swift: note: this Package.swift creates no package (no Package(…) in it): a placeholder, not read as a package; nothing depends on it",
        ])
        let needed = try Self.discover(["/repo/Feature/Package.swift": PackageDiscoveryTests.manifest("Feature", dependencies: ["Modules"]),
                                        "/repo/Feature/Modules/Package.swift": placeholder])
        #expect(needed.unreadable.map(\.relativeDirectory) == ["Feature/Modules"])
    }

    /// A package folder `.gitignore` keeps out of git (a script fetches it) is a note at the ignoring line, like a
    /// submodule not checked out; a path that is simply wrong stays missing.
    @Test func aPackageFolderGitIgnoresIsANote() throws {
        let files = ["/repo/.git/HEAD": "ref: refs/heads/main\n",
                     "/repo/.gitignore": "# build output\n.build/\nVendor*/Downloaded/\n",
                     "/repo/App/.gitignore": "/Local\n!Local/Keep\n",
                     "/repo/App/Package.swift": PackageDiscoveryTests.manifest("App", dependencies: ["../VendorKit/Downloaded/Charts", "Local/Keep", "../Typo"])]
        let workspace = try Self.discover(files)
        #expect(workspace.missing.map { "\($0.written) \($0.ignoredBy?.description ?? "not ignored")" } == [
            "../VendorKit/Downloaded/Charts /repo/.gitignore:3", "Local/Keep /repo/App/.gitignore:1", "../Typo not ignored",
        ])
        #expect(workspace.notes.map(\.description).contains(
            "/repo/.gitignore:3: note: the package at 'VendorKit/Downloaded/Charts' is not in the repository: .gitignore keeps it out (a script or a tool fetches it), so it cannot be read; once it is there componentize reads it, until then what it provides is undecided"))
    }

    @Test func gitIgnorePatterns() {
        #expect(GitIgnores.matches("Downloaded", "Vendor/Downloaded"))
        #expect(GitIgnores.matches("/Vendor", "Vendor"))
        #expect(!GitIgnores.matches("/Vendor", "App/Vendor"))
        #expect(GitIgnores.matches("App/*/Build", "App/iOS/Build"))
        #expect(GitIgnores.matches("**/Generated", "a/b/Generated"))
        #expect(GitIgnores.pattern("  ") == nil && GitIgnores.pattern("# x") == nil)
    }
}

/// Products an Xcode project links by name, found as Xcode finds them: fixtures/XcodeWorkspace.
struct ProductsByNameTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/XcodeWorkspace").path

    /// `Logging` is in no package the workspace joins, but in one Kit (joined) reaches by path: Xcode resolves the whole
    /// package graph. `PaymentsUI` is in one of two submodules not checked out: Feature's manifest names it with its
    /// package, so it is Payments', not merely the first package that cannot be read.
    @Test func aProductNamedWithoutItsPackageIsFoundInThePackageGraph() throws {
        let workspace = try PackageDiscovery(reader: ManifestReader(strategy: .static, environment: [:])).discover(root: Self.fixture, fileSystem: CachedFileSystem())
        let project = try #require(workspace.packages.first { $0.isXcodeProject })
        let products = project.manifest.targets[0].dependencies.map { "\($0.name) \($0.kind.rawValue) \($0.package ?? "-")" }
        #expect(products == ["Kit product kit", "Feature product feature", "Logging product logging", "PaymentsUI product payments"])
    }
}

/// A target of one project depending on a target of another project (`PBXContainerItemProxy`), found as Xcode finds it.
struct OtherProjectTargetTests {
    static func project(_ objects: String, targets: [String]) -> String {
        """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 56;
        \tobjects = {
        \t\tP0000000000000000000000A = {isa = PBXProject; mainGroup = G0000000000000000000000A; projectDirPath = ""; targets = (\(targets.joined(separator: ", "))); };
        \(objects)
        \t};
        \trootObject = P0000000000000000000000A;
        }

        """
    }

    /// Xcode resolves the dependency by the target's object id (`remoteGlobalIDString`): the name beside it
    /// (`remoteInfo`) is the one the target had when the link was made. A target renamed since is found by its id; one
    /// whose id and name the other project both lack stays a note, never a dependency on a target nobody has.
    @Test func aRenamedTargetOfAnotherProjectIsFoundByItsID() throws {
        let app = Self.project("""
            \t\tG0000000000000000000000A = {isa = PBXGroup; children = (F0000000000000000000000A); sourceTree = "<group>"; };
            \t\tF0000000000000000000000A = {isa = PBXFileReference; lastKnownFileType = "wrapper.pb-project"; path = ../Shared/Shared.xcodeproj; sourceTree = "<group>"; };
            \t\tT0000000000000000000000A = {isa = PBXNativeTarget; buildPhases = (); dependencies = (D0000000000000000000000A, D0000000000000000000000B); name = App; productType = "com.apple.product-type.application"; };
            \t\tD0000000000000000000000A = {isa = PBXTargetDependency; name = SharedAnalytics; targetProxy = X0000000000000000000000A; };
            \t\tX0000000000000000000000A = {isa = PBXContainerItemProxy; containerPortal = F0000000000000000000000A; proxyType = 1; remoteGlobalIDString = S0000000000000000000000B; remoteInfo = SharedAnalytics; };
            \t\tD0000000000000000000000B = {isa = PBXTargetDependency; name = Gone; targetProxy = X0000000000000000000000B; };
            \t\tX0000000000000000000000B = {isa = PBXContainerItemProxy; containerPortal = F0000000000000000000000A; proxyType = 1; remoteGlobalIDString = S00000000000000000000DEAD; remoteInfo = Gone; };
            """, targets: ["T0000000000000000000000A"])
        let shared = Self.project("""
            \t\tG0000000000000000000000A = {isa = PBXGroup; children = (); sourceTree = "<group>"; };
            \t\tS0000000000000000000000A = {isa = PBXNativeTarget; buildPhases = (); dependencies = (); name = SharedCore; productType = "com.apple.product-type.framework"; };
            \t\tS0000000000000000000000B = {isa = PBXNativeTarget; buildPhases = (); dependencies = (); name = SharedAnalyticsKit; productType = "com.apple.product-type.framework"; };
            """, targets: ["S0000000000000000000000A", "S0000000000000000000000B"])
        let workspace = try AbsentPackagesTests.discover(["/repo/App/App.xcodeproj/project.pbxproj": app,
                                                          "/repo/Shared/Shared.xcodeproj/project.pbxproj": shared])
        let project = try #require(workspace.packages.first { $0.manifestPath.hasSuffix("App.xcodeproj/project.pbxproj") })
        let target = try #require(project.manifest.targets.first { $0.name == "App" })
        #expect(target.dependencies.map { "\($0.kind.rawValue) \($0.name)" } == ["product SharedAnalyticsKit"])
        let notes = workspace.notes.map(\.description).filter { $0.contains("a project generated again since") }
        #expect(notes.count == 1)
        #expect(notes.first?.contains("depend on target Gone of ../Shared/Shared.xcodeproj, which has no target of that name") == true)
        #expect(notes.first?.contains("SharedAnalytics") == false)
    }
}
