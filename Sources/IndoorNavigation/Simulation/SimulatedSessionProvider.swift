import Foundation
import IndoorLocation

/// A simulated session as a live source: the walker's receiver, one epoch a second of the injected clock, decoded
/// from its NMEA like any receiver's (locations with the level, headings from its compass) — so anything that
/// takes a `LocationProvider` can be driven by a simulated walk.
public struct SimulatedSessionProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    /// The simulator whose walk is streamed.
    public let simulator: SessionSimulator
    /// The index of the session walked.
    public let session: Int
    /// The clock the epochs are paced on (one a second of the fixes' time; an ``InstantClock`` for no waiting).
    public let clock: C

    /// A provider of session `session` of `simulator`, paced on `clock`.
    public init(simulator: SessionSimulator, session: Int, clock: C) {
        self.simulator = simulator
        self.session = session
        self.clock = clock
    }

    /// Runs the session, then streams `connecting`, `streaming`, the decoded fixes' locations and headings at the
    /// pace of their times, and `finished`.
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
        let (simulator, session, clock) = (simulator, session, clock)
        let task = Task {
            continuation.yield(.status(.connecting))
            let nmea = simulator.run(session: session, record: true).nmea
            continuation.yield(.status(.streaming))
            var decoder = NMEADecoder()
            var previous: Date?
            for case .fix(let fix) in decoder.feed(Array(nmea.utf8)) + decoder.finish() {
                if let t = fix.time, let p = previous, t > p {
                    do { try await clock.sleep(for: .seconds(t.timeIntervalSince(p))) } catch { break }
                }
                previous = fix.time ?? previous
                for event in fix.events(source: "simulator") { continuation.yield(event) }
            }
            continuation.yield(.status(.finished))
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
