import Synchronization

/// A flag a run checks between chunks of games: set it (from a signal handler's queue, say) and
/// the run stops starting new work, finishes what is in flight, and returns a partial result.
public final class Cancellation: Sendable {
    private let flag = Atomic<Bool>(false)

    public init() {}

    public func cancel() { flag.store(true, ordering: .relaxed) }
    public var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
