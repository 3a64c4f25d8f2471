import Synchronization

/// A clock that moves only when told to: tests advance it by hand and never sleep on the wall clock
/// (as swift-nio's `NIOAsyncTestingEventLoop.advanceTime(by:)`).
public final class ManualClock: Clock, Sendable {
    public struct Instant: InstantProtocol, Sendable {
        public var offset: Duration
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [(deadline: Instant, id: Int, continuation: CheckedContinuation<Void, any Error>)] = []
        var nextID = 0
        /// Sleepers between their start and their wake-up or cancellation.
        var active: Set<Int> = []
        /// Active sleepers cancelled before they were queued (cancellation can come between the start and the
        /// queueing).
        var cancelledEarly: Set<Int> = []
    }

    private let state = Mutex(State())

    public init() {}

    public var now: Instant { state.withLock { $0.now } }
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// How many tasks are sleeping on this clock (for a test to wait until a consumer has caught up).
    public var sleepers: Int { state.withLock { $0.sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { s -> Int in
            s.nextID += 1
            s.active.insert(s.nextID)
            return s.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome = state.withLock { s -> Result<Bool, CancellationError> in
                    if s.cancelledEarly.remove(id) != nil {
                        s.active.remove(id)
                        return .failure(CancellationError())
                    }
                    if deadline <= s.now {
                        s.active.remove(id)
                        return .success(true)
                    }
                    s.sleepers.append((deadline, id, continuation))
                    return .success(false)
                }
                switch outcome {
                case .failure(let error): continuation.resume(throwing: error)
                case .success(true): continuation.resume()
                case .success(false): break
                }
            }
        } onCancel: {
            let cancelled = state.withLock { s -> CheckedContinuation<Void, any Error>? in
                guard let k = s.sleepers.firstIndex(where: { $0.id == id }) else {
                    // Not queued yet, or already woken (then there is nothing to cancel).
                    if s.active.contains(id) { s.cancelledEarly.insert(id) }
                    return nil
                }
                s.active.remove(id)
                return s.sleepers.remove(at: k).continuation
            }
            cancelled?.resume(throwing: CancellationError())
        }
    }

    /// Moves time forward and wakes every sleeper whose deadline has come.
    public func advance(by duration: Duration) {
        let due = state.withLock { s -> [CheckedContinuation<Void, any Error>] in
            s.now = s.now.advanced(by: duration)
            let now = s.now
            let ready = s.sleepers.filter { $0.deadline <= now }
            s.sleepers.removeAll { $0.deadline <= now }
            for r in ready { s.active.remove(r.id) }
            return ready.map(\.continuation)
        }
        for c in due { c.resume() }
    }
}
