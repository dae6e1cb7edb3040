import PackageModel
import PodspecReading
import XCTest

/// A `Podfile.lock`'s `PODS:` section, read as what each resolved pod brings.
final class PodfileLockTests: XCTestCase {
    private let text = """
        PODS:
          - Alamofire (5.6.1)
          - Moya/Core (15.0.0):
            - Alamofire (~> 5.0)
          - Moya/RxSwift (15.0.0):
            - Moya/Core
            - RxSwift (~> 6.0)
          - RxSwift (6.0.0)
          - Toast-Swift (5.0.1)

        DEPENDENCIES:
          - Moya/RxSwift (~> 15.0)

        COCOAPODS: 1.15.2

        """

    func testPodsAreKnownByRootNameInAnyCase() throws {
        let lock = try XCTUnwrap(PodfileLock(text: text))
        XCTAssertTrue(lock.knows("Moya"))
        XCTAssertTrue(lock.knows("moya/RxSwift"))
        XCTAssertTrue(lock.knows("Toast-Swift"))
        XCTAssertFalse(lock.knows("Toast_Swift"))
        XCTAssertFalse(lock.knows("Kingfisher"))
    }

    /// A module is found by CocoaPods' naming: the pod's root name made a C identifier, the pod of that very name first.
    func testAPodIsFoundByTheModuleItBuilds() throws {
        let lock = try XCTUnwrap(PodfileLock(text: text))
        XCTAssertEqual(lock.pod(ofModule: "Toast_Swift"), "toast-swift")
        XCTAssertEqual(lock.pod(ofModule: "Moya"), "moya")
        XCTAssertEqual(lock.spellings["toast-swift"], "Toast-Swift")
        XCTAssertNil(lock.pod(ofModule: "ToastSwift"))
        XCTAssertEqual(ModuleName.of(pod: "Localize-Swift/Core"), "Localize_Swift")
        XCTAssertEqual(ModuleName.of(pod: "1PasswordExtension"), "_1PasswordExtension")
        XCTAssertEqual(ModuleName.of(pod: "Toast-Swift", declared: "Toast"), "Toast")
    }

    /// What a subspec depends on counts for its pod; the closure holds the pods themselves.
    func testTheClosureFollowsEverySubspecsDependencies() throws {
        let lock = try XCTUnwrap(PodfileLock(text: text))
        XCTAssertEqual(lock.closure(of: ["Moya/RxSwift"]), ["moya", "alamofire", "rxswift"])
        XCTAssertEqual(lock.closure(of: ["RxSwift"]), ["rxswift"])
    }

    func testTextWithoutAPodsListIsNoLock() {
        XCTAssertNil(PodfileLock(text: "DEPENDENCIES:\n  - Moya\n"))
        XCTAssertNil(PodfileLock(text: "PODS: [unclosed\n"))
    }
}
