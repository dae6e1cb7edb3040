import Fixing
import Foundation
import Testing

/// Manifest edits in the styles manifests are written in: only the touched lines change, and what cannot be placed
/// exactly is refused with the reason.
struct PackageManifestEditorTests {
    private func adding(_ elements: [String], to source: String, line: Int, column: Int) throws -> String? {
        let editor = PackageManifestEditor(source: source, path: "Package.swift")
        return TextEdit.apply(try editor.addingTargetDependencies(elements, toTargetAt: line, column: column), to: source)
    }

    private func removing(at line: Int, column: Int, from source: String) throws -> String? {
        TextEdit.apply(try PackageManifestEditor(source: source, path: "Package.swift").removingEntry(at: line, column: column), to: source)
    }

    @Test func oneEntryALineWithTrailingCommasAppendsAtTheEnd() throws {
        let source = """
            let package = Package(
                name: "A",
                targets: [
                    .target(name: "A", dependencies: [
                        "Zeta", // the lower layer
                        "Alpha",
                    ]),
                ]
            )
            """
        #expect(try adding(["\"Beta\""], to: source, line: 4, column: 9) == source.replacingOccurrences(of: "\"Alpha\",\n", with: "\"Alpha\",\n            \"Beta\",\n"))
    }

    @Test func withoutTrailingCommaTheLastEntryGetsOneAndTheCommentStays() throws {
        let source = "let package = Package(name: \"A\", targets: [\n    .target(name: \"A\", dependencies: [\n        \"B\" // why\n    ]),\n])\n"
        #expect(try adding(["\"C\""], to: source, line: 2, column: 5)
            == "let package = Package(name: \"A\", targets: [\n    .target(name: \"A\", dependencies: [\n        \"B\", // why\n        \"C\"\n    ]),\n])\n")
    }

    @Test func aSortedListKeepsItsOrderAndSeveralOnALineStayOnIt() throws {
        let sorted = "let package = Package(name: \"A\", targets: [\n    .target(name: \"A\", dependencies: [\n        \"Alpha\",\n        \"Gamma\",\n    ]),\n])\n"
        #expect(try adding(["\"Beta\"", "\"Zeta\""], to: sorted, line: 2, column: 5)
            == "let package = Package(name: \"A\", targets: [\n    .target(name: \"A\", dependencies: [\n        \"Alpha\",\n        \"Beta\",\n        \"Gamma\",\n        \"Zeta\",\n    ]),\n])\n")
        let inline = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"B\", \"C\"])])\n"
        #expect(try adding(["\"D\""], to: inline, line: 1, column: 44) == "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"B\", \"C\", \"D\"])])\n")
        #expect(try adding(["\"A0\""], to: inline, line: 1, column: 44) == "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"A0\", \"B\", \"C\"])])\n")
    }

    @Test func aMissingOrEmptyListIsWritten() throws {
        let missing = "let package = Package(name: \"A\", targets: [.target(name: \"A\")])\n"
        #expect(try adding(["\"B\""], to: missing, line: 1, column: 44) == "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"B\"])])\n")
        let empty = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [])])\n"
        #expect(try adding(["\"B\""], to: empty, line: 1, column: 44) == missing.replacingOccurrences(of: "\"A\")", with: "\"A\", dependencies: [\"B\"])"))
        let present = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"B\"])])\n"
        #expect(try PackageManifestEditor(source: present, path: "P").addingTargetDependencies(["\"B\""], toTargetAt: 1, column: 44).isEmpty)
    }

    /// SwiftPM takes `Package(dependencies:)` after `products:` and before `targets:`; one entry a line when the
    /// arguments are, else on the line of `targets:`.
    @Test func aMissingPackageListGoesBeforeTheTargets() throws {
        let source = "let package = Package(\n    name: \"A\",\n    products: [],\n    targets: []\n)\n"
        let edits = try PackageManifestEditor(source: source, path: "P").addingPackageDependencies([".package(path: \"../Kit\")"])
        #expect(TextEdit.apply(edits, to: source)
            == "let package = Package(\n    name: \"A\",\n    products: [],\n    dependencies: [\n        .package(path: \"../Kit\"),\n    ],\n    targets: []\n)\n")
        let oneLine = "let package = Package(name: \"A\", targets: [])\n"
        let onIt = try PackageManifestEditor(source: oneLine, path: "P").addingPackageDependencies([".package(path: \"../Kit\")"])
        #expect(TextEdit.apply(onIt, to: oneLine) == "let package = Package(name: \"A\", dependencies: [.package(path: \"../Kit\")], targets: [])\n")
    }

    /// The edit `new` makes in the host app's manifest: a target found by its name, and where the list is not literal.
    @Test func aTargetIsFoundByNameAndAnObstacleHasItsPlace() throws {
        let source = "let deps: [Target.Dependency] = []\nlet package = Package(name: \"A\", targets: [\n    .target(name: \"App\", dependencies: deps),\n])\n"
        let editor = PackageManifestEditor(source: source, path: "P")
        #expect(throws: NotFixable("dependencies: is not a literal list (a variable or an expression builds it); add the entry by hand", line: 3, column: 26)) {
            try editor.addingTargetDependencies(["\"Kit\""], toTargetNamed: "App")
        }
        #expect(throws: NotFixable("the manifest has no target written as .target(name: \"Other\", …)")) {
            try editor.addingTargetDependencies(["\"Kit\""], toTargetNamed: "Other")
        }
    }

    @Test func whatTheEditCannotPlaceIsRefused() {
        let shared = "let common: [Target.Dependency] = [\"B\"]\nlet package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: common)])\n"
        #expect(throws: NotFixable.self) { try adding(["\"C\""], to: shared, line: 2, column: 44) }
        let helper = "func feature(_ name: String) -> Target { .target(name: name) }\nlet package = Package(name: \"A\", targets: [feature(\"A\")])\n"
        #expect(throws: NotFixable.self) { try adding(["\"C\""], to: helper, line: 2, column: 44) }
        let conditional = """
            var targets: [Target] = []
            #if os(macOS)
            targets.append(.target(name: "A", dependencies: ["B"]))
            #endif
            let package = Package(name: "A", targets: targets)
            """
        #expect(throws: NotFixable.self) { try adding(["\"C\""], to: conditional, line: 3, column: 16) }
        #expect(throws: NotFixable.self) { try removing(at: 1, column: 36, from: shared) }
    }

    @Test func anEntryIsRemovedWithItsLineOrItsComma() throws {
        let lines = "let package = Package(name: \"A\", targets: [\n    .target(name: \"A\", dependencies: [\n        \"B\", // unused since 2.0\n        \"C\",\n    ]),\n])\n"
        #expect(try removing(at: 3, column: 9, from: lines) == lines.replacingOccurrences(of: "        \"B\", // unused since 2.0\n", with: ""))
        let inline = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"B\", \"C\"])])\n"
        #expect(try removing(at: 1, column: 78, from: inline) == inline.replacingOccurrences(of: "\"B\", ", with: ""))
        #expect(try removing(at: 1, column: 83, from: inline) == inline.replacingOccurrences(of: ", \"C\"", with: ""))
    }

    /// `Target.Dependency` constants: an entry naming one is an element like any other; the constant's definition is not.
    @Test func targetDependencyConstantsAreEntriesTheirDefinitionsAreNot() throws {
        let source = """
            extension Target.Dependency {
                static let kit: Self = .product(name: "Kit", package: "Kit")
            }
            let package = Package(name: "A", targets: [
                .target(name: "A", dependencies: [
                    .kit,
                ]),
            ])
            """
        #expect(try adding(["\"B\""], to: source, line: 5, column: 5) == source.replacingOccurrences(of: "        .kit,\n", with: "        .kit,\n        \"B\",\n"))
        // The only entry removed leaves an empty list.
        #expect(try removing(at: 6, column: 9, from: source) == source.replacingOccurrences(of: "[\n        .kit,\n    ]", with: "[]"))
        #expect(throws: NotFixable.self) { try removing(at: 2, column: 28, from: source) }
    }

    @Test func aPackageNothingNamesAnyMoreIsRemovedAndOneStillNamedStays() {
        let source = """
            let package = Package(
                name: "A",
                dependencies: [
                    .package(path: "../Kit"),
                    .package(url: "https://github.com/apple/swift-log.git", from: "1.5.0"),
                ],
                targets: [.target(name: "A", dependencies: [.product(name: "Logging", package: "swift-log")])]
            )
            """
        let editor = PackageManifestEditor(source: source, path: "Package.swift")
        #expect(editor.removingPackages(identities: ["swift-log"]).isEmpty)
        let removed = TextEdit.apply(editor.removingPackages(identities: ["kit"]), to: source)
        #expect(removed == source.replacingOccurrences(of: "        .package(path: \"../Kit\"),\n", with: ""))
        #expect(editor.packageEntry(identity: "swift-log") == ".package(url: \"https://github.com/apple/swift-log.git\", from: \"1.5.0\")")
    }

    @Test func overlappingEditsApplyNone() {
        #expect(TextEdit.apply([TextEdit(range: 0..<3, replacement: "x"), TextEdit(range: 2..<4, replacement: "y")], to: "abcdef") == nil)
        #expect(TextEdit.apply([TextEdit(inserting: "1", at: 0), TextEdit(inserting: "2", at: 0)], to: "abc") == nil)
        #expect(TextEdit.apply([TextEdit(inserting: "1", at: 0), TextEdit(range: 1..<2, replacement: "")], to: "abc") == "1ac")
    }
}

/// Podspec edits by lines, in the spec's own receiver and indentation.
struct PodspecEditorTests {
    private let spec = """
        Pod::Spec.new do |s|
          s.name = 'NXUI'
          s.dependency 'NXKit'
          s.subspec 'Buttons' do |buttons|
            buttons.dependency 'NXKit/Core', '~> 1.0' # the core only
          end
          s.dependency 'A'; s.dependency 'B'
        end
        """

    @Test func aDependencyGoesAfterALineOfItsSpec() throws {
        let edit = try PodspecEditor(source: spec).addingDependencies(["NXService"], afterLine: 5)
        #expect(TextEdit.apply([edit], to: spec) == spec.replacingOccurrences(of: "# the core only\n", with: "# the core only\n    buttons.dependency 'NXService'\n"))
    }

    /// The line a new dependency goes after, removed in the same run: the new line goes before it, and both edits are made.
    @Test func aDependencyAddedBesideALineRemovedInTheSameRun() throws {
        let editor = PodspecEditor(source: spec)
        let edits = [try editor.removingDependency(at: 3), try editor.addingDependencies(["NXService"], afterLine: 3, lineRemoved: true)]
        #expect(TextEdit.apply(edits, to: spec) == spec.replacingOccurrences(of: "  s.dependency 'NXKit'\n", with: "  s.dependency 'NXService'\n"))
    }

    @Test func aDependencyLineIsRemovedAndACompoundOneRefused() throws {
        let edit = try PodspecEditor(source: spec).removingDependency(at: 3)
        #expect(TextEdit.apply([edit], to: spec) == spec.replacingOccurrences(of: "  s.dependency 'NXKit'\n", with: ""))
        #expect(throws: NotFixable.self) { try PodspecEditor(source: spec).removingDependency(at: 7) }
        #expect(throws: NotFixable.self) { try PodspecEditor(source: spec).addingDependencies(["X"], afterLine: 2) }
    }

    @Test func stringsCommentsAndSplitStatementsAreReadAsRubyReadsThem() throws {
        let tricky = """
            Pod::Spec.new do |s|
              s.summary = 'not s.dependency "X" here' # s.dependency 'Y'
              s.dependency('NXKit', '~> 1.0') # s.dependency 'Z'; more
              s.dependency 'NXUI',
                '~> 2.0'
              s.dependency 'A' if ENV['CI']
            end
            """
        let editor = PodspecEditor(source: tricky)
        #expect(throws: NotFixable.self) { try editor.removingDependency(at: 2) }
        #expect(TextEdit.apply([try editor.removingDependency(at: 3)], to: tricky)?.contains("NXKit") == false)
        #expect(throws: NotFixable.self) { try editor.removingDependency(at: 4) }
        #expect(throws: NotFixable.self) { try editor.removingDependency(at: 6) }
        #expect(throws: NotFixable.self) { try PodspecEditor(source: "s.dependency 'A\n").removingDependency(at: 1) }
    }
}
