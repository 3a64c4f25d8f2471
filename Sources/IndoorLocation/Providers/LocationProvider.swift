import Foundation

/// How a provider's source is doing.
public enum ProviderStatus: Hashable, Sendable, Codable {
    /// Opening the source (and again after each reconnection backoff).
    case connecting
    /// Data is arriving.
    case streaming
    /// No data for a while (a receiver indoors, a stalled connection).
    case stalled
    /// The connection or device is gone, or could not be opened; a live provider tries again after a backoff.
    /// `reason` says why, naming the source: `"/dev/ttyUSB0: the device went away"`,
    /// `"127.0.0.1:10110: cannot connect: Connection refused"`.
    case disconnected(reason: String)
    /// The end of a finite source (a replayed file).
    case finished
    /// The source failed for good (a replayed file that cannot be read, a serial device that does not exist); the
    /// message says why, naming the source.
    case failed(String)

    /// The status's name, as events in JSON give it: `connecting`, `streaming`, `stalled`, `disconnected`,
    /// `finished` or `failed` (the reason apart).
    public var name: String {
        switch self {
        case .connecting: "connecting"
        case .streaming: "streaming"
        case .stalled: "stalled"
        case .disconnected: "disconnected"
        case .finished: "finished"
        case .failed: "failed"
        }
    }

    /// Why the source is disconnected or failed, naming it; nil for the other statuses.
    public var reason: String? {
        switch self {
        case .disconnected(let reason), .failed(let reason): reason
        case .connecting, .streaming, .stalled, .finished: nil
        }
    }
}

/// What a provider hands out.
public enum LocationEvent: Hashable, Sendable {
    /// A position fix.
    case location(Location)
    /// A compass or attitude reading.
    case heading(Heading)
    /// A change in how the source is doing.
    case status(ProviderStatus)
}

/// A source of positions and headings: a GNSS receiver, a replayed file, a simulator.
///
/// `events()` starts the source and streams its events until the stream is cancelled (by dropping or cancelling
/// the task that iterates it) or the source ends. Time comes from the clock the provider was given, so a replay at
/// 10× and a test that advances a manual clock by hand (`ManualClock`, in the test support) run the same code.
public protocol LocationProvider: Sendable {
    /// Starts the source and returns its events; each call starts a new, independent stream.
    /// - Returns: a stream that ends when the source ends, and throws when the source fails for good.
    func events() -> AsyncThrowingStream<LocationEvent, any Error>
}

/// Merges a position source and a heading source into one stream (a GNSS receiver and a compass).
public struct MultiplexProvider: LocationProvider {
    /// The source of locations and of the statuses passed on.
    public let position: any LocationProvider
    /// The source of headings; its statuses are dropped.
    public let heading: any LocationProvider

    /// Merges `position` and `heading`.
    public init(position: any LocationProvider, heading: any LocationProvider) {
        self.position = position
        self.heading = heading
    }

    /// Both sources' events, interleaved as they arrive; the stream ends when both have ended, and throws with the
    /// first error either throws (cancelling the other).
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
        let sources = [position, heading]
        let task = Task {
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (k, source) in sources.enumerated() {
                        group.addTask {
                            for try await event in source.events() {
                                // The status is the position source's: a compass's own status is left out.
                                if case .status = event, k == 1 { continue }
                                continuation.yield(event)
                            }
                        }
                    }
                    try await group.waitForAll()
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}

extension LocationEvent {
    /// The stream of a finite source (a replayed recording): `connecting`, then what `body` yields, then `finished`;
    /// an error `body` throws is a `failed` status naming it, and the stream throws it; cancelling the stream's
    /// consumer cancels `body`.
    public static func finiteStream(_ body: @escaping @Sendable (AsyncThrowingStream<LocationEvent, any Error>.Continuation) async throws -> Void)
        -> AsyncThrowingStream<LocationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
        let task = Task {
            do {
                continuation.yield(.status(.connecting))
                try await body(continuation)
                continuation.yield(.status(.finished))
                continuation.finish()
            } catch is CancellationError {
                continuation.finish()
            } catch {
                continuation.yield(.status(.failed(error.localizedDescription)))
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }
}
