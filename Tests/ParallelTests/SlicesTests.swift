import Dispatch
import Parallel
import Testing

/// Work split over cores or threads joins to what one sequential pass gives.
struct SlicesTests {
    @Test(arguments: [0, 1, 7, 64, 1000])
    func slicesJoinInOrder(count: Int) {
        let expected = (0..<count).map { $0 * 3 }
        #expect(inSlices(of: count, minimumSliceSize: 1, slicesPerCore: 8) { range in range.map { $0 * 3 } } == expected)
        #expect(inSlicesOnThreads(of: count, minimumSliceSize: 1, slicesPerCore: 8, threadsPerCore: 4) { range in range.map { $0 * 3 } } == expected)
    }

    @Test func slicesOfUnevenLengthKeepTheirOrder() {
        // Slices return different numbers of results; the join still follows the slices' order.
        let joined = inSlicesOnThreads(of: 200, minimumSliceSize: 1, slicesPerCore: 50, threadsPerCore: 4) { range in
            range.flatMap { Array(repeating: $0, count: $0 % 3) }
        }
        #expect(joined == (0..<200).flatMap { Array(repeating: $0, count: $0 % 3) })
    }

    @Test func twoPassesRunConcurrentlyAndBothResultsComeBack() {
        // The foreground waits for a signal only the background gives: run one after the other, this would hang.
        let started = DispatchSemaphore(value: 0)
        let (background, foreground) = concurrently({ () -> [Int] in
            started.signal()
            return (0..<1000).map { $0 * 2 }
        }, { () -> String in
            started.wait()
            return "foreground"
        })
        #expect(background == (0..<1000).map { $0 * 2 })
        #expect(foreground == "foreground")
    }
}
