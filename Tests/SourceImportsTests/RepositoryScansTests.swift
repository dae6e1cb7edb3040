import Files
import PackageModel
import Testing
@testable import SourceImports

/// The source pass scans a file once however many packages name it, and matches files by path only between packages whose
/// folders hold one another (or one whose files leave its folder).
struct RepositoryScansTests {
    private func package(_ directory: String, _ targets: [(name: String, path: String?)]) -> SourcePackage {
        SourcePackage(key: directory, directory: directory, manifestPath: directory + "/Package.swift", targets: targets.map { item in
            var target = Target(name: item.name, type: .regular, dependencies: [])
            target.path = item.path
            return target
        })
    }

    private func scans(_ packages: [SourcePackage], _ files: [String: String]) -> (RepositoryScans, [[[String]]]) {
        let fileSystem = InMemoryFileSystem(files: files)
        let selected = packages.map { SelectedPackage($0, fileSystem: fileSystem) }
        let scans = RepositoryScans(of: selected, fileSystem: fileSystem, markers: nil)
        let imports = selected.indices.map { index in
            scans.scans(ofPackage: index).map { selection in selection.flatMap { $0.imports.map(\.module) } }
        }
        return (scans, imports)
    }

    @Test func foldersThatHoldOneAnotherAreMatchedByPathOthersAreNot() {
        #expect(PackageFiles.nested(["/r/A/", "/r/B/", "/r/AB/"]) == [false, false, false])
        #expect(PackageFiles.nested(["/r/A/", "/r/B/", "/r/A/"]) == [true, false, true])
        #expect(PackageFiles.nested(["/r/A/Example/", "/r/B/", "/r/A/", "/r/AB/"]) == [true, false, true, false])
        #expect(PackageFiles.nested(["/r/", "/r/B/", "/r/C/D/"]) == [true, true, true])
        #expect(PackageFiles.nested(["/r/B/", "/r/A/x/", "/r/A/y/"]) == [false, false, false])
    }

    @Test func aFileTwoPackagesOfOneFolderNameIsScannedOnce() {
        let files = ["/r/Video/Sources/Video/Player.swift": "import NXKit\n", "/r/Video/Sources/Video/View.swift": "import UIKit\n",
                     "/r/Kit/Sources/Kit/Kit.swift": "import Foundation\n"]
        let (scans, imports) = scans([package("/r/Video", [("Video", nil)]), package("/r/Kit", [("Kit", nil)]),
                                      package("/r/Video", [("VideoPod", "Sources/Video")])], files)
        #expect(scans.scannedFileCount == 3)
        #expect(imports == [[["NXKit", "UIKit"]], [["Foundation"]], [["NXKit", "UIKit"]]])
    }

    @Test func aFileTwoTargetsOfOnePackageNameIsScannedOnce() {
        let files = ["/r/Video/Sources/Video/Player.swift": "import NXKit\n", "/r/Other/Sources/Other/Other.swift": "import UIKit\n"]
        let (scans, imports) = scans([package("/r/Video", [("Video", nil), ("Again", "Sources/Video")]), package("/r/Other", [("Other", nil)])], files)
        #expect(scans.scannedFileCount == 2)
        #expect(imports == [[["NXKit"], ["NXKit"]], [["UIKit"]]])
    }

    @Test func aNestedPackageOrOneReachingOutOfItsFolderIsMatchedByPath() {
        let files = ["/r/Video/Sources/Video/Player.swift": "import NXKit\n", "/r/Kit/Sources/Kit/Kit.swift": "import Foundation\n"]
        let (nested, nestedImports) = scans([package("/r/Video", [("Video", nil)]), package("/r/Video/Sources", [("Inner", "Video")]),
                                             package("/r/Kit", [("Kit", nil)])], files)
        #expect(nested.scannedFileCount == 2)
        #expect(nestedImports == [[["NXKit"]], [["NXKit"]], [["Foundation"]]])
        // A file named by its absolute path, outside the package's folder: every package's files are matched by path.
        let fileSystem = InMemoryFileSystem(files: files)
        var outside = SelectedPackage(package("/r/Example", [("Example", nil)]), fileSystem: fileSystem)
        outside.selections = [TargetSources.Selection(directory: nil, files: ["/r/Video/Sources/Video/Player.swift"])]
        let selected = [SelectedPackage(package("/r/Kit", [("Kit", nil)]), fileSystem: fileSystem), outside,
                        SelectedPackage(package("/r/Video", [("Video", nil)]), fileSystem: fileSystem)]
        let outsideScans = RepositoryScans(of: selected, fileSystem: fileSystem, markers: nil)
        #expect(outsideScans.scannedFileCount == 2)
        #expect(outsideScans.scans(ofPackage: 1) == outsideScans.scans(ofPackage: 2))
    }
}
