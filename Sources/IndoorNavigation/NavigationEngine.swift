import Foundation
import IndoorLocation

/// The navigation engine: a ``NavigationCore`` fed by any ``LocationProvider``. Its events are streamed (and the
/// latest progress kept as a snapshot); provider statuses pass through as ``NavigationEvent/providerStatus(_:)``.
public actor NavigationEngine {
    private var core: NavigationCore

    public init(core: NavigationCore) {
        self.core = core
    }

    /// The latest progress on the route (nil in free mode or before the first fix).
    public var progress: NavigationProgress? { core.progress }
    public var freePosition: FreePosition? { core.freePosition }
    public var hasArrived: Bool { core.hasArrived }

    /// Follows the provider until its stream ends, the stream is cancelled, or (when `untilArrival`) the user
    /// arrives.
    public nonisolated func events(from provider: some LocationProvider, untilArrival: Bool = true) -> AsyncThrowingStream<NavigationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<NavigationEvent, any Error>.makeStream()
        let task = Task {
            do {
                for try await event in provider.events() {
                    let out = await self.handle(event)
                    for e in out { continuation.yield(e) }
                    if untilArrival, await self.hasArrived { break }
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func handle(_ event: LocationEvent) -> [NavigationEvent] {
        var out: [NavigationEvent] = []
        switch event {
        case .location(let l): core.update(l, into: &out)
        case .heading(let h): core.update(heading: h)
        case .status(let s): out.append(.providerStatus(s))
        }
        return out
    }
}
