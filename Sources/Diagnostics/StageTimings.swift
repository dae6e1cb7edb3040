import Foundation

/// Wall-clock time per stage of a run, for `--timings`. Safe to record from any thread.
public final class StageTimings: @unchecked Sendable {
    private let lock = NSLock()
    private var recorded: [(name: String, seconds: Double)] = []

    public init() {}

    public var stages: [(name: String, seconds: Double)] {
        lock.withLock { recorded }
    }

    public func record<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        let start = DispatchTime.now().uptimeNanoseconds
        defer {
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            lock.withLock { recorded.append((name, seconds)) }
        }
        return try body()
    }

    public var report: String {
        stages.map { "\($0.name): \(String(format: "%.1f", $0.seconds * 1000)) ms" }.joined(separator: "\n")
    }
}

extension Optional where Wrapped == StageTimings {
    public func measure<T>(_ name: String, _ body: () throws -> T) rethrows -> T {
        guard let timings = self else { return try body() }
        return try timings.record(name, body)
    }
}
