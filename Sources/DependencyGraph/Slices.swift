import Foundation

/// Runs `body` on consecutive slices of `0..<count`, on every core, and joins the results in slice order: the
/// outcome is the same as one sequential pass. Used to build the graph, read the sources and run the rules.
/// `slicesPerCore` above 2 suits work of uneven cost (a package's sources, a rule): the cores take slices as they
/// finish, so none idles while another works through a long one.
public func inSlices<T>(of count: Int, minimumSliceSize: Int = 64, slicesPerCore: Int = 2, _ body: @Sendable (Range<Int>) -> [T]) -> [T] {
    let slices = min(ProcessInfo.processInfo.activeProcessorCount * slicesPerCore, max(1, count / minimumSliceSize))
    guard slices > 1 else { return body(0..<count) }
    let results = SliceResults<T>(count: slices)
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
        results.set(slice, body((count * slice / slices)..<(count * (slice + 1) / slices)))
    }
    return results.joined()
}

/// The results of concurrent slices, kept under a lock.
private final class SliceResults<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [[T]]

    init(count: Int) {
        storage = Array(repeating: [], count: count)
    }

    func set(_ slice: Int, _ value: [T]) {
        lock.withLock { storage[slice] = value }
    }

    func joined() -> [T] {
        lock.withLock { storage.flatMap { $0 } }
    }
}
