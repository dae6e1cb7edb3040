import Fixing
import Foundation
import Testing

/// Every change to one list made together (issue: two edits of one `dependencies:` array, an entry added and another
/// removed, blocked the whole file as "overlapping"): each style of list, each mix of changes.
struct ManifestChangesTests {
    private func composed(_ source: String, _ changes: [ManifestChange]) -> (text: String?, refused: [Int: NotFixable]) {
        let composed = PackageManifestEditor(source: source, path: "Package.swift").composing(changes)
        return (TextEdit.apply(composed.edits, to: source), composed.refused)
    }

    private let lines = """
        let package = Package(
            name: "A",
            dependencies: [
                .package(path: "../Kit"),
            ],
            targets: [
                .target(
                    name: "A",
                    dependencies: [
                        "B",
                        "C"
                    ]
                ),
            ]
        )
        """

    /// The last entry, written without a trailing comma, removed while an entry is added after it: the edits touch
    /// the same line, once.
    @Test func theLastEntryRemovedAndOneAddedInOneList() {
        let result = composed(lines, [.remove(line: 11, column: 17), .addToTarget(line: 7, column: 9, entry: "\"D\"")])
        #expect(result.refused.isEmpty)
        #expect(result.text == lines.replacingOccurrences(of: "                \"C\"\n", with: "").replacingOccurrences(of: "\"B\",\n", with: "\"B\",\n                \"D\"\n"))
    }

    @Test func everyEntryRemovedAndOneAddedGoesWhereTheyWere() {
        let result = composed(lines, [.remove(line: 10, column: 17), .remove(line: 11, column: 17), .addToTarget(line: 7, column: 9, entry: "\"D\"")])
        #expect(result.refused.isEmpty)
        #expect(result.text == lines.replacingOccurrences(of: "                \"B\",\n                \"C\"\n", with: "                \"D\"\n"))
    }

    @Test func entriesSharingALineAreWrittenAgainTogether() {
        let inline = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"B\", \"C\", \"D\"])])\n"
        let result = composed(inline, [.remove(line: 1, column: 78), .remove(line: 1, column: 83), .addToTarget(line: 1, column: 44, entry: "\"E\"")])
        #expect(result.refused.isEmpty)
        #expect(result.text == inline.replacingOccurrences(of: "[\"B\", \"C\", \"D\"]", with: "[\"D\", \"E\"]"))
        // Two neighbours on a shared line removed: no overlap, and the only one removed leaves an empty list, not a stray comma.
        let two = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\"B\"])])\n"
        #expect(composed(two, [.remove(line: 1, column: 78)]).text == two.replacingOccurrences(of: "[\"B\"]", with: "[]"))
        let removedAndAdded = composed(two, [.remove(line: 1, column: 78), .addToTarget(line: 1, column: 44, entry: ".product(name: \"K\", package: \"K\")")])
        #expect(removedAndAdded.text == two.replacingOccurrences(of: "[\"B\"]", with: "[.product(name: \"K\", package: \"K\")]"))
        let mixed = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\n    \"B\", \"C\",\n    \"D\",\n])])\n"
        #expect(composed(mixed, [.remove(line: 2, column: 5), .remove(line: 3, column: 5), .addToTarget(line: 1, column: 44, entry: "\"E\"")]).text
            == "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [\n    \"C\", \"E\",\n])])\n")
    }

    /// A package added to `Package(dependencies:)`, a product to a target, a path replaced and another target's entry
    /// removed: four lists, one composition.
    @Test func changesToSeveralListsAreMadeTogether() {
        let result = composed(lines, [
            .addToTarget(line: 7, column: 9, entry: ".product(name: \"Net\", package: \"Net\")"), .addPackage(".package(path: \"../Net\")"),
            .replacePath(line: 4, column: 9, path: "../Kits"), .remove(line: 10, column: 17),
        ])
        #expect(result.refused.isEmpty)
        #expect(result.text == """
            let package = Package(
                name: "A",
                dependencies: [
                    .package(path: "../Kits"),
                    .package(path: "../Net"),
                ],
                targets: [
                    .target(
                        name: "A",
                        dependencies: [
                            "C",
                            .product(name: "Net", package: "Net")
                        ]
                    ),
                ]
            )
            """)
    }

    /// Two findings that want incompatible text are each refused with the other named; an entry already there (however
    /// spaced) is never added twice; a replacement that would declare a package twice is refused.
    @Test func incompatibleChangesAreRefusedAndNothingIsDeclaredTwice() {
        let both = composed(lines, [.remove(line: 4, column: 9), .replacePath(line: 4, column: 9, path: "../Kits")])
        #expect(both.refused.keys.sorted() == [0, 1])
        #expect(both.text == lines)
        let spaced = composed(lines, [.addToTarget(line: 7, column: 9, entry: "  \"B\"")])
        #expect(spaced.text == lines)
        let twice = """
            let package = Package(name: "A", dependencies: [
                .package(path: "../Kit"),
                .package(path: "../Kti"),
            ], targets: [])
            """
        let duplicate = composed(twice, [.replacePath(line: 3, column: 5, path: "../Kit")])
        #expect(duplicate.refused[0]?.reason.contains("would declare it twice") == true)
        #expect(duplicate.text == twice)
    }

    @Test func aMisspeltNameIsReplacedInPlace() {
        let source = "let package = Package(name: \"A\", targets: [.target(name: \"A\", dependencies: [.product(name: \"VideoInterfce\", package: \"Video\"), \"Hlpers\"])])\n"
        let result = composed(source, [.replaceName(line: 1, column: 78, name: "VideoInterface"), .replaceName(line: 1, column: 129, name: "Helpers")])
        #expect(result.refused.isEmpty)
        #expect(result.text == source.replacingOccurrences(of: "VideoInterfce", with: "VideoInterface").replacingOccurrences(of: "Hlpers", with: "Helpers"))
    }

    /// Nothing to add writes no list: no stray `dependencies: []`.
    @Test func noChangeWritesNothing() throws {
        let bare = "let package = Package(name: \"A\", targets: [.target(name: \"A\")])\n"
        #expect(try PackageManifestEditor(source: bare, path: "P").addingPackageDependencies([]).isEmpty)
        #expect(try PackageManifestEditor(source: bare, path: "P").addingTargetDependencies([], toTargetAt: 1, column: 44).isEmpty)
    }
}

/// The measure `fix` takes a near name by.
struct NearNameTests {
    @Test func aTypoIsOneLetterOrASwapAndTwoInALongName() {
        #expect(NearName.distance("CatalogServcie", "CatalogService") == 1)
        #expect(NearName.isTypo("NXKti", of: "NXKit"))
        #expect(!NearName.isTypo("NXKt", of: "NXUI"))
        #expect(NearName.isTypo("ComponentVideoInterfce", of: "ComponentVideoInterface"))
        #expect(!NearName.isTypo("ComponentVideoInterface", of: "ComponentImageInterface"))
    }

    @Test func onlyOneCandidateAndNoRivalNearby() {
        #expect(NearName.certain("CatalogServcie", among: ["CatalogService", "CartService", "Checkout"]) == "CatalogService")
        #expect(NearName.certain("ComponentVideoInterface", among: ["ComponentImageInterface"]) == nil)
        // Kit1 and Kit3 are both one letter from Kit2: which was meant cannot be known.
        #expect(NearName.certain("Kit2", among: ["Kit1", "Kit3"]) == nil)
        // A rival within check's looser distance makes it uncertain too.
        #expect(NearName.certain("AudioPlayerClint", among: ["AudioPlayerClient", "AudioPlayerClients"]) == nil)
    }
}
