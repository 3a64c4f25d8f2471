import Foundation

/// Replays a recorded file — NMEA 0183 or GPX — as a live source: at the pace it was recorded (times from the
/// file), faster or slower by a factor, or as fast as possible, on an injected clock.
public struct ReplayProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    public enum Pace: Sendable {
        /// As recorded, times `factor` (2 = twice as fast).
        case recorded(factor: Double)
        case asFastAsPossible
    }

    public enum Format: Sendable {
        case nmea(lenient: Bool)
        /// For points without times, `speed` (m/s) gives each one a time from the distance walked.
        case gpx(speed: Double)
    }

    public let path: String
    public let format: Format
    public let pace: Pace
    public let clock: C

    public init(path: String, format: Format, pace: Pace = .recorded(factor: 1), clock: C) {
        self.path = path
        self.format = format
        self.pace = pace
        self.clock = clock
    }

    /// The fixes of the file with their times (seconds on the file's own time line).
    func fixes() throws -> [(time: Double?, location: Location)] {
        switch format {
        case .nmea(let lenient):
            guard let data = FileManager.default.contents(atPath: path) else { throw GPXError.unreadable(path: path) }
            var decoder = NMEADecoder(lenient: lenient)
            return (decoder.feed(data) + decoder.finish()).compactMap { event in
                guard case .fix(let fix) = event, let location = fix.location() else { return nil }
                return (fix.time?.timeIntervalSince1970 ?? fix.timeOfDay, location)
            }
        case .gpx(let speed):
            var out: [(Double?, Location)] = []
            var walked = 0.0
            var previous: GPXPoint?
            try GPXReader.read(path: path) { p, kind in
                guard kind != "wpt" else { return }
                if let q = previous {
                    let dy = (p.coordinate.latitude - q.coordinate.latitude) * 111_320
                    let dx = (p.coordinate.longitude - q.coordinate.longitude) * 111_320 * cos(p.coordinate.latitude * .pi / 180)
                    walked += (dx * dx + dy * dy).squareRoot()
                }
                previous = p
                let time = p.time?.timeIntervalSince1970 ?? walked / max(speed, 0.01)
                out.append((time, Location(coordinate: p.coordinate, mode: p.elevation == nil ? .twoD : .threeD,
                                           altitudeMSL: p.elevation, course: p.course, speed: p.speed, timestamp: p.time,
                                           source: "gpx")))
            }
            return out
        }
    }

    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
        let task = Task {
            do {
                continuation.yield(.status(.connecting))
                let fixes = try fixes()
                continuation.yield(.status(.streaming))
                var previous: Double?
                for (time, location) in fixes {
                    try Task.checkCancellation()
                    if case .recorded(let factor) = pace, let t = time, let p = previous, t > p, factor > 0 {
                        try await clock.sleep(for: .seconds((t - p) / factor))
                    }
                    previous = time ?? previous
                    continuation.yield(.location(location))
                }
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
