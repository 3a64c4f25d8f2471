/// A clock on which every sleep ends at once: to run a simulated or recorded session as fast as it can be
/// processed (a batch job, an example, a demo), where the pace of a real walk would only make the caller wait.
/// Its time stands still: what is timed by it (signal loss) never fires.
public struct InstantClock: Clock, Sendable {
    /// A point in the clock's time, which never moves.
    public struct Instant: InstantProtocol, Sendable {
        let offset: Duration

        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    public init() {}

    public var now: Instant { Instant(offset: .zero) }
    public var minimumResolution: Duration { .zero }

    /// Returns at once (throws if the task is cancelled).
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
    }
}
