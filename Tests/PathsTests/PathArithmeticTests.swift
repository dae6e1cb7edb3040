import Paths
import Testing

/// The one place relative paths are computed.
struct PathArithmeticTests {
    @Test(arguments: [
        ("Packages/Kit/NXKit", "Packages/Business/ComponentVideo", "../../Kit/NXKit"),
        ("Packages/Kit/NXKit", "Packages/Kit/NXKit", "."),
        ("Packages/Kit/NXKit", ".", "Packages/Kit/NXKit"),
        ("./Kit/./NXKit", "Kit", "NXKit"),
        ("/repo/Shared", "/repo/App/Sources", "../../Shared"),
        ("/a/b", "/c", "../a/b"),
        ("Café/Ünïcode", "Café", "Ünïcode"),
    ])
    func relative(path: String, base: String, expected: String) {
        #expect(PathArithmetic.relative(path, to: base) == expected)
    }

    @Test(arguments: [
        ("../../Kit/NXKit", "/repo/Packages/Business/ComponentVideo", "/repo/Packages/Kit/NXKit"),
        ("./Local/", "/repo/App", "/repo/App/Local"),
        ("/elsewhere/../Lib", "/repo", "/Lib"),
        ("../../../../..", "/a/b", "/"),
        ("../Ünïcode/./Café//", "/repo/Kit", "/repo/Ünïcode/Café"),
        ("..", "/", "/"),
        (".../x", "/repo", "/repo/.../x"),
    ])
    func resolve(path: String, directory: String, expected: String) {
        #expect(PathArithmetic.resolve(path, from: directory) == expected)
    }

    @Test func joinAndDisplay() {
        #expect(PathArithmetic.join(".", "Package.swift") == "Package.swift")
        #expect(PathArithmetic.join("Kit/", "NXKit") == "Kit/NXKit")
        #expect(PathArithmetic.join("Kit", "/abs") == "/abs")
        #expect(PathArithmetic.display("/repo/Kit/Package.swift", root: "/repo", displayRoot: "fixtures/App") == "fixtures/App/Kit/Package.swift")
        #expect(PathArithmetic.display("/repo", root: "/repo", displayRoot: "fixtures/App") == "fixtures/App")
        #expect(PathArithmetic.display("/repo/Kit", root: "/repo", displayRoot: ".") == "Kit")
    }

    /// The fast path (a path already normalized, returned as it is) agrees with splitting and joining.
    @Test(arguments: [
        ("Sources/A", "Sources/A"), ("./Sources//A/", "Sources/A"), (".", ""), ("", ""), ("a/.", "a"), ("../a/..", "../a/.."),
        (".hidden/.x", ".hidden/.x"), ("/abs/a", "abs/a"), ("a/./b", "a/b"), ("Café/Ü", "Café/Ü"), ("a//", "a"),
    ])
    func normalized(path: String, expected: String) {
        #expect(PathArithmetic.normalized(path) == expected)
    }

    @Test func lastComponent() {
        #expect(PathArithmetic.lastComponent(of: "Sources/A/BHService.plist") == "BHService.plist")
        #expect(PathArithmetic.lastComponent(of: "BeeHive.plist") == "BeeHive.plist")
        #expect(PathArithmetic.lastComponent(of: "Ünï/Café") == "Café")
        #expect(PathArithmetic.lastComponent(of: "a/") == "")
    }

    /// Package paths as SwiftPM writes them (the static reader's, so both readers agree).
    @Test func lexicalPackagePaths() {
        #expect(PathArithmetic.lexical("../Utils/") == "../Utils")
        #expect(PathArithmetic.lexical("./../Kit/../Utils") == "../Utils")
        #expect(PathArithmetic.lexical("../../a/./b//") == "../../a/b")
        #expect(PathArithmetic.lexical("./") == ".")
    }

    /// A package reached by `../` from the folder the user pointed at is named from the current folder, never `Home/../NEHelper`.
    @Test func packagesOutsideTheRootAreNamedWithoutGoingDownAndUp() {
        #expect(PathArithmetic.display("/repo/NEHelper/Package.swift", root: "/repo/Home", displayRoot: "Home", currentFolder: "/repo")
            == "NEHelper/Package.swift")
        #expect(PathArithmetic.display("/repo/NEHelper/Package.swift", root: "/repo/Home", displayRoot: "/repo/Home", currentFolder: "/repo")
            == "/repo/NEHelper/Package.swift")
        #expect(PathArithmetic.display("/repo/Home/Package.swift", root: "/repo/Home", displayRoot: "Home", currentFolder: "/repo") == "Home/Package.swift")
    }
}
