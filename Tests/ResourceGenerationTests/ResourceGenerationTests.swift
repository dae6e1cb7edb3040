import Diagnostics
import Files
import Foundation
import PackageModel
import XCTest
@testable import ResourceGeneration

final class IdentifierNamingTests: XCTestCase {
    func testLowerCamelCase() {
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("hero-banner@2x"), "heroBanner2x")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("my file name"), "myFileName")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("snake_case_name"), "snakeCaseName")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("ProfileCard"), "profileCard")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("URLSession"), "urlSession")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("JSON"), "json")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("1x1"), "_1x1")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("default"), "`default`")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("self"), "`self`")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("café menu"), "caféMenu")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("日本語"), "日本語")
        XCTAssertEqual(IdentifierNaming.lowerCamelCase("---"), "_")
    }

    func testCollisionsAreNumberedInOrder() {
        let (names, collisions) = IdentifierNaming.unique(["aB", "aB", "c", "aB"])
        XCTAssertEqual(names, ["aB", "aB2", "c", "aB3"])
        XCTAssertEqual(collisions.map(\.name), ["aB"])
        XCTAssertEqual(IdentifierNaming.unique(["`default`", "`default`"]).names, ["`default`", "default2"])
        XCTAssertEqual(IdentifierNaming.unique(["a", "a", "a2"]).names, ["a", "a3", "a2"])
    }

    func testFormatSpecifiers() {
        XCTAssertEqual(FormatSpecifiers.arguments(in: "Hello"), [])
        XCTAssertEqual(FormatSpecifiers.arguments(in: "%@ has %d items"), [.string, .int])
        XCTAssertEqual(FormatSpecifiers.arguments(in: "%2$@ then %1$lld"), [.int, .string])
        XCTAssertEqual(FormatSpecifiers.arguments(in: "%.1f%% done, %lu left"), [.double, .unsignedInt])
        XCTAssertNil(FormatSpecifiers.arguments(in: "%1$@ %1$d"), "one position, two types")
        XCTAssertNil(FormatSpecifiers.arguments(in: "%2$@"), "a gap before position 2")
    }
}

/// Scanning a target's resources, and the bad input a resource folder can hold.
final class ResourceScannerTests: XCTestCase {
    private var root: String!

    override func setUpWithError() throws {
        root = NSTemporaryDirectory() + "componentize-resources-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root + "/Sources/T/Resources", withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: root)
    }

    private func write(_ text: String, _ relative: String) throws {
        let path = root + "/" + relative
        try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    private func scan(_ resources: [TargetResource]) -> (ResourceInventory, [String]) {
        let target = Target(name: "T", type: .regular, dependencies: [], resources: resources)
        let (inventory, diagnostics) = ResourceScanner(packageDirectory: root, fileSystem: DiskFileSystem()).scan(target, manifestPath: "Package.swift")
        return (inventory, diagnostics.map { $0.description.replacingOccurrences(of: root, with: "ROOT") })
    }

    func testInvalidStringsFileIsALocatedError() throws {
        try write("\"a\" = \"b\"\n\"c\" = \"d\";\n", "Sources/T/Resources/en.lproj/Localizable.strings")
        let (_, diagnostics) = scan([TargetResource(rule: .process, path: "Resources")])
        XCTAssertEqual(diagnostics, ["ROOT/Sources/T/Resources/en.lproj/Localizable.strings:1: error: invalid .strings file: this entry does not end with ';' (\"key\" = \"value\";)"],
                       "at the entry that lacks it, not the line where CoreFoundation noticed, in our words")
    }

    func testInvalidStringCatalog() throws {
        try write("{\"sourceLanguage\": \"en\", \"strings\": {", "Sources/T/Resources/Catalog.xcstrings")
        let (_, diagnostics) = scan([TargetResource(rule: .process, path: "Resources")])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics[0].hasPrefix("ROOT/Sources/T/Resources/Catalog.xcstrings"), diagnostics[0])
        XCTAssertTrue(diagnostics[0].contains("error: invalid .xcstrings catalog"), diagnostics[0])
    }

    func testInvalidContentsJSON() throws {
        try write("{ not json", "Sources/T/Resources/A.xcassets/icon.imageset/Contents.json")
        let (_, diagnostics) = scan([TargetResource(rule: .process, path: "Resources")])
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertTrue(diagnostics[0].hasPrefix("ROOT/Sources/T/Resources/A.xcassets/icon.imageset/Contents.json: error: invalid Contents.json"), diagnostics[0])
    }

    /// A resource that is the catalog or the `.lproj` folder itself, as `migrate-pods` writes them (`.process("Media.xcassets")`).
    func testACatalogOrLprojNamedWholeIsReadAsOne() throws {
        try write("{\"info\": {\"version\": 1}}", "Sources/T/Media.xcassets/Contents.json")
        try write("{\"images\": [{\"filename\": \"logo.png\"}], \"info\": {\"version\": 1}}", "Sources/T/Media.xcassets/Logo.imageset/Contents.json")
        try write("{\"images\": [], \"info\": {\"version\": 1}}", "Sources/T/Media.xcassets/Back.imageset/Contents.json")
        try write("\"title\" = \"Gallery\";\n", "Sources/T/en.lproj/Localizable.strings")
        let (inventory, diagnostics) = scan([TargetResource(rule: .process, path: "Media.xcassets"), TargetResource(rule: .process, path: "en.lproj")])
        XCTAssertEqual(diagnostics, [], "two Contents.json files are one catalog, not two flattened files")
        XCTAssertEqual(inventory.images.map(\.name), ["Back", "Logo"])
        XCTAssertEqual(inventory.localizations, ["en"])
        XCTAssertEqual(inventory.strings.map(\.name), ["Localizable"])
    }

    /// The files of `.lproj` folders listed one by one (as `migrate-pods` lists what a podspec's globs select) are the
    /// localizations of one table, not two files flattened onto one name.
    func testLocalizedFilesListedOneByOneAreOneTable() throws {
        try write("\"title\" = \"Gallery\";\n", "Sources/T/Assets/en.lproj/Localizable.strings")
        try write("\"title\" = \"Galerie\";\n", "Sources/T/Assets/fr.lproj/Localizable.strings")
        let (inventory, diagnostics) = scan([TargetResource(rule: .process, path: "Assets/en.lproj/Localizable.strings"),
                                             TargetResource(rule: .process, path: "Assets/fr.lproj/Localizable.strings")])
        XCTAssertEqual(diagnostics, [])
        XCTAssertEqual(inventory.localizations, ["en", "fr"])
        XCTAssertEqual(inventory.strings.map(\.name), ["Localizable"])
    }

    func testResourcePathEscapingTheTarget() throws {
        try write("x", "Shared/x.txt")
        let (_, diagnostics) = scan([TargetResource(rule: .copy, path: "../../Shared", position: SourcePosition(line: 9, column: 13))])
        XCTAssertEqual(diagnostics, ["Package.swift:9:13: error: resource path '../../Shared' leaves the target's folder ROOT/Sources/T"])
    }

    func testMissingResourcePath() {
        let (_, diagnostics) = scan([TargetResource(rule: .process, path: "Missing")])
        XCTAssertEqual(diagnostics, ["Package.swift: error: resource path 'Missing' does not exist in ROOT/Sources/T"])
    }

    func testFlattenedNamesThatClash() throws {
        try write("1", "Sources/T/Resources/a/same.json")
        try write("2", "Sources/T/Resources/b/same.json")
        let (_, diagnostics) = scan([TargetResource(rule: .process, path: "Resources")])
        XCTAssertEqual(diagnostics, ["Package.swift: error: two resources would both be 'same.json' in the bundle (processed files are flattened); rename one"])
    }

    func testKindsAreSortedAndDeterministic() throws {
        try write("{}", "Sources/T/Resources/b.json")
        try write("{}", "Sources/T/Resources/a.json")
        try write("x", "Sources/T/Resources/View.xib")
        let (first, _) = scan([TargetResource(rule: .process, path: "Resources")])
        let (second, _) = scan([TargetResource(rule: .process, path: "Resources")])
        XCTAssertEqual(first, second)
        XCTAssertEqual(first.files.map(\.bundlePath), ["a.json", "b.json"])
        XCTAssertEqual(first.nibs, ["View"])
    }
}
