import Foundation

/// Threads a core for work that waits for the disk (listing folders, reading manifests and sources whose contents or
/// metadata the page cache does not hold): while one thread waits, another runs. `COMPONENTIZE_THREADS_PER_CORE`
/// overrides it, for measurements.
public let fileThreadsPerCore: Int = {
    if let value = ProcessInfo.processInfo.environment["COMPONENTIZE_THREADS_PER_CORE"], let number = Int(value), number >= 1 { return number }
    return 4
}()

/// Runs `body` on consecutive slices of `0..<count`, on every core, and joins the results in slice order: the
/// outcome is the same as one sequential pass. Used to build the graph and to run the rules. `slicesPerCore` above
/// 2 suits work of uneven cost (a rule): the cores take slices as they finish, so none idles while another works
/// through a long one.
public func inSlices<T>(of count: Int, minimumSliceSize: Int = 64, slicesPerCore: Int = 2, _ body: @Sendable (Range<Int>) -> [T]) -> [T] {
    let slices = min(ProcessInfo.processInfo.activeProcessorCount * slicesPerCore, max(1, count / minimumSliceSize))
    guard slices > 1 else { return body(0..<count) }
    let results = SliceResults<T>(count: slices)
    DispatchQueue.concurrentPerform(iterations: slices) { slice in
        results.set(slice, body(results.range(of: slice, in: count)))
    }
    return results.joined()
}

/// ``inSlices(of:minimumSliceSize:slicesPerCore:_:)`` on `threadsPerCore` threads a core, for work that waits for
/// the disk (listing folders, reading files the page cache does not hold): while one thread waits, another parses.
public func inSlicesOnThreads<T>(of count: Int, minimumSliceSize: Int, slicesPerCore: Int, threadsPerCore: Int,
                                 _ body: @escaping @Sendable (Range<Int>) -> [T]) -> [T] {
    let cores = ProcessInfo.processInfo.activeProcessorCount
    let slices = min(cores * slicesPerCore, max(1, count / minimumSliceSize))
    guard slices > 1 else { return body(0..<count) }
    let results = SliceResults<T>(count: slices)
    let done = DispatchGroup()
    for _ in 0..<min(slices, cores * max(1, threadsPerCore)) {
        done.enter()
        Thread {
            while let slice = results.nextSlice() {
                results.set(slice, body(results.range(of: slice, in: count)))
            }
            done.leave()
        }.start()
    }
    done.wait()
    return results.joined()
}

/// The results of concurrent slices, kept under a lock, and the next slice to take.
private final class SliceResults<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [[T]]
    private let slices: Int
    private var next = 0

    init(count: Int) {
        storage = Array(repeating: [], count: count)
        slices = count
    }

    /// The part of `0..<count` that `slice` covers: consecutive, of nearly equal size.
    func range(of slice: Int, in count: Int) -> Range<Int> {
        (count * slice / slices)..<(count * (slice + 1) / slices)
    }

    func set(_ slice: Int, _ value: [T]) {
        lock.withLock { storage[slice] = value }
    }

    /// The next slice no thread has taken yet; nil when all are taken.
    func nextSlice() -> Int? {
        lock.withLock {
            guard next < storage.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    func joined() -> [T] {
        lock.withLock { storage.flatMap { $0 } }
    }
}

/// Runs `background` on a thread of its own while `foreground` runs on this one, and returns both results: two
/// independent passes (the sources, the checkouts) overlap instead of one waiting for the other.
public func concurrently<A, B>(_ background: @escaping @Sendable () -> A, _ foreground: () -> B) -> (A, B) {
    let result = BackgroundResult<A>()
    Thread {
        result.set(background())
    }.start()
    let foregroundResult = foreground()
    return (result.wait(), foregroundResult)
}

/// The value a background thread computes, handed over once.
private final class BackgroundResult<T>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: T?

    func set(_ value: T) {
        self.value = value
        done.signal()
    }

    /// The value, once the background thread has set it (it always does: it runs the work, then sets it).
    func wait() -> T {
        done.wait()
        guard let value else { preconditionFailure("the background work ended without setting its result") }
        return value
    }
}

/// Frees `value` on another thread: dropping a large tree of small objects (a pass's intermediate results) takes
/// milliseconds the caller need not wait for.
public func releaseInBackground<T: Sendable>(_ value: consuming T) {
    // Held by a box the other thread empties: a copy captured by the closure is not always the last one (when that
    // thread ran first, the caller's own copy freed the whole tree on the caller's thread).
    let box = ReleaseBox(value)
    DispatchQueue.global().async { box.release() }
}

/// What ``releaseInBackground(_:)`` frees, until the other thread empties it.
private final class ReleaseBox<T: Sendable>: @unchecked Sendable {
    private var value: T?

    init(_ value: consuming T) {
        self.value = value
    }

    /// (Only the one thread the box is given to calls it.)
    func release() {
        value = nil
    }
}
