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
