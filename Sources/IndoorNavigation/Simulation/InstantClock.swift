/// A clock on which every sleep ends at once: to run a simulated or recorded session as fast as it can be
/// processed (a batch job, an example, a demo), where the pace of a real walk would only make the caller wait.
/// Its time stands still: what is timed by it (signal loss) never fires.
public struct InstantClock: Clock, Sendable {
    /// A point in the clock's time, which never moves.
    public struct Instant: InstantProtocol, Sendable {
        let offset: Duration

        /// The instant `duration` later.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// The duration from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (a: Instant, b: Instant) -> Bool { a.offset < b.offset }
    }

    /// A clock whose time is zero, always.
    public init() {}

    /// Always the same instant: time stands still.
    public var now: Instant { Instant(offset: .zero) }
    /// Zero: every sleep ends at once.
    public var minimumResolution: Duration { .zero }

    /// Returns at once (throws if the task is cancelled).
    public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
        try Task.checkCancellation()
    }
}
