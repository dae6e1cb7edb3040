import Files
import Foundation
import Testing
@testable import XcodeProjectReading

/// The projects of fixtures/XcodeApp (written by scripts/xcode-project), read from the disk, and compared with an
/// independent reader (the `pbxproj` package from PyPI) when Python has it.
struct XcodeFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("fixtures/XcodeApp").path

    func project(_ name: String) throws -> XcodeProject {
        try XcodeProjectReader().read(projectPath: "\(Self.fixture)/\(name)/\(name).xcodeproj", fileSystem: DiskFileSystem())
    }

    @Test func synchronizedFolderLessItsMembershipExceptions() throws {
        let widget = try #require(try project("App").targets.first { $0.name == "AppWidget" })
        #expect(widget.kind == .appExtension)
        #expect(widget.files == ["Widget/VideoWidget.swift"])
        #expect(widget.dependencies.map(\.destination).contains(.target("AppCore")))
    }

    @Test func targetsOfAnotherProjectAndTheBridgingHeader() throws {
        let app = try #require(try project("App").targets.first { $0.name == "App" })
        #expect(app.dependencies.map(\.destination).contains(.otherProject(path: "../Shared/Shared.xcodeproj", target: "SharedAnalytics")))
        #expect(app.files == ["Sources/App-Bridging-Header.h", "Sources/AppDelegate.swift"])
    }

    @Test func remotePackagesKeepTheirURL() throws {
        let shared = try project("Shared")
        #expect(shared.packages.map(\.location) == [.local("../Packages/Kit/NXKit"), .remote("https://github.com/apple/swift-log.git")])
        #expect(XcodeManifest.manifest(of: shared).dependencies.map(\.identity) == ["nxkit", "swift-log"])
    }

    @Test func theWorkspaceNamesProjectsAndPackageFolders() throws {
        let paths = try XcodeWorkspaceReader().read(workspacePath: "\(Self.fixture)/App.xcworkspace", fileSystem: DiskFileSystem())
        #expect(paths == ["App/App.xcodeproj", "Shared/Shared.xcodeproj", "Packages/Kit/NXKit", "Packages/Common/NXUI"])
    }

    /// Targets, kinds, products linked, target dependencies and source files as the `pbxproj` package reads them.
    @Test(arguments: ["App", "Shared"]) func agreesWithAnIndependentReader(_ name: String) throws {
        let path = "\(Self.fixture)/\(name)/\(name).xcodeproj/project.pbxproj"
        guard let oracle = try Self.oracle(path) else { return }
        let mine = try project(name).targets.map { target -> [String: [String]] in
            var row: [String: [String]] = ["name": [target.name], "type": [target.productType ?? ""], "products": [], "targets": []]
            for dependency in target.dependencies {
                switch dependency.destination {
                case .package(_, let product): row["products", default: []].append(product)
                case .target(let other), .otherProject(_, let other): row["targets", default: []].append(other)
                default: break
                }
            }
            row["products"]?.sort()
            row["targets"]?.sort()
            row["sources"] = target.files.filter { !$0.hasSuffix(".h") && !$0.hasPrefix("Widget/") }
            return row
        }
        #expect(mine.sorted { $0["name"]![0] < $1["name"]![0] } == oracle)
    }

    /// The oracle's reading, or nil when Python or its `pbxproj` package is missing (`pip install pbxproj`).
    static func oracle(_ path: String) throws -> [[String: [String]]]? {
        let script = """
            import json, sys
            try:
                from pbxproj import XcodeProject
            except ImportError:
                print("null"); sys.exit(0)
            p = XcodeProject.load(sys.argv[1])
            def path_of(ref):
                obj = p.objects[ref]; parts = []
                while obj is not None:
                    if obj.get('path', None): parts.insert(0, obj.path)
                    parents = [g for g in p.objects.get_objects_in_section('PBXGroup', 'PBXVariantGroup') if obj.get_id() in (g.get('children', None) or [])]
                    obj = parents[0] if parents else None
                return '/'.join(parts)
            rows = []
            for t in p.objects.get_targets():
                products = sorted(p.objects[d].productName for d in (t.get('packageProductDependencies', None) or []))
                names = []
                for d in t.dependencies:
                    dep = p.objects[d]
                    names.append(p.objects[dep.target].name if dep.get('target', None) else p.objects[dep.targetProxy].remoteInfo)
                linked = []
                for phase in t.buildPhases:
                    phase = p.objects[phase]
                    if phase.isa == 'PBXFrameworksBuildPhase':
                        for f in phase.files:
                            ref = p.objects[f].get('fileRef', None)
                            owners = [o.name for o in p.objects.get_targets() if ref and o.productReference == ref]
                            linked += owners
                sources = sorted(path_of(p.objects[f].fileRef) for phase in t.buildPhases if p.objects[phase].isa == 'PBXSourcesBuildPhase' for f in p.objects[phase].files)
                rows.append({"name": [t.name], "type": [t.productType], "products": products, "targets": sorted(set(names + linked)), "sources": sources})
            print(json.dumps(sorted(rows, key=lambda r: r["name"][0])))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        // Python missing is a skip; the script failing is not.
        guard process.terminationStatus != 127 else { return nil }
        #expect(process.terminationStatus == 0, "the pbxproj oracle failed on \(path)")
        let rows = try JSONDecoder().decode([[String: [String]]]?.self, from: data)
        if rows == nil {
            // CI installs it and asks for it: there a missing oracle is a failure, not a skip.
            #expect(ProcessInfo.processInfo.environment["COMPONENTIZE_REQUIRE_PBXPROJ"] != "1", "Python's pbxproj package is missing")
            print("note: Python's pbxproj package is missing (pip install pbxproj): the oracle comparison was skipped")
        }
        return rows
    }
}
