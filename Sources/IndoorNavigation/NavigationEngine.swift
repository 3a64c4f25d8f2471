import Foundation
import IndoorLocation

/// The navigation engine: a ``NavigationCore`` fed by any `LocationProvider`. Its events are streamed, each with the
/// route it is about (and the latest progress kept as a snapshot); provider statuses pass through as
/// ``NavigationEvent/providerStatus(_:)``.
public actor NavigationEngine {
    private var core: NavigationCore

    /// An engine that runs `core` (guided or free, as it was made).
    public init(core: NavigationCore) {
        self.core = core
    }

    /// The latest progress on the route (nil in free mode or before the first fix).
    public var progress: NavigationProgress? { core.progress }
    /// The latest free-mode position (`nil` while guided or before the first fix).
    public var freePosition: FreePosition? { core.freePosition }
    /// Whether the user has arrived.
    public var hasArrived: Bool { core.hasArrived }

    /// Follows the provider until its stream ends, the stream is cancelled, or (when `untilArrival`) the user
    /// arrives. Signal loss is seen when the next fix comes late; see the overload with a clock for live sources.
    public nonisolated func events(from provider: some LocationProvider, untilArrival: Bool = true) -> AsyncThrowingStream<NavigationUpdate, any Error> {
        events(from: provider, untilArrival: untilArrival, ticking: nil as ContinuousClock?, now: { 0 })
    }

    /// For a live source: also checks every second of `clock` whether the fixes stopped, so `signalLost` comes
    /// ``NavigationConfiguration/signalTimeout`` after the last fix arrived, not when the next one does. `now` reads
    /// the caller's clock in seconds: when each fix arrived is measured on it, and so are `signalLost` and
    /// `signalRegained` (never the fixes' timestamps, which are the receiver's clock).
    public nonisolated func events<C: Clock>(from provider: some LocationProvider, untilArrival: Bool = true, ticking clock: C?,
                                             now: @escaping @Sendable () -> Double) -> AsyncThrowingStream<NavigationUpdate, any Error>
        where C.Duration == Duration {
        let (stream, continuation) = AsyncThrowingStream<NavigationUpdate, any Error>.makeStream()
        let ticker = clock.map { clock in
            Task {
                while !Task.isCancelled {
                    do { try await clock.sleep(for: .seconds(1)) } catch { return }
                    await self.tick(now: now(), to: continuation)
                }
            }
        }
        let task = Task {
            do {
                for try await event in provider.events() {
                    // Live (ticking): fixes are timed on the same clock as the ticks that declare the signal lost.
                    await self.handle(event, now: now(), live: clock != nil, to: continuation)
                    if untilArrival, await self.hasArrived { break }
                }
                ticker?.cancel()
                continuation.finish()
            } catch {
                ticker?.cancel()
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in
            task.cancel()
            ticker?.cancel()
        }
        return stream
    }

    /// When the last fix arrived, on the caller's clock.
    private var lastArrival: Double?

    // The ticker and the fixes are two tasks: each yields its events while still on the actor, so the stream
    // holds them in the order the core made them ("signal lost" before the fix that regains it). Yielding after
    // the actor returned let the other task's events overtake them.

    private func tick(now: Double, to continuation: AsyncThrowingStream<NavigationUpdate, any Error>.Continuation) {
        var out: [NavigationEvent] = []
        if let last = lastArrival { core.tick(sinceLastFix: now - last, into: &out) }
        for e in out { continuation.yield(NavigationUpdate(event: e, track: core.track)) }
    }

    private func handle(_ event: LocationEvent, now: Double, live: Bool,
                        to continuation: AsyncThrowingStream<NavigationUpdate, any Error>.Continuation) {
        var out: [NavigationEvent] = []
        defer { for e in out { continuation.yield(NavigationUpdate(event: e, track: core.track)) } }
        switch event {
        case .location(let l):
            lastArrival = now
            core.update(l, arrivedAt: live ? now : nil, into: &out)
        case .heading(let h): core.update(heading: h)
        case .status(let s): out.append(.providerStatus(s))
        }
    }
}

/// An event of the engine and the route it is about: the core's ``NavigationCore/track`` as it emitted the event
/// (a step index is an index into its steps; after a reroute, the new route's).
public struct NavigationUpdate: Sendable {
    /// What the engine says.
    public let event: NavigationEvent
    /// The route followed when it said it; `nil` in free mode.
    public let track: RouteTrack?
}
