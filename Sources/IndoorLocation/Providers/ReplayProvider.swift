import Foundation

/// Replays a recorded file — NMEA 0183 or GPX, or NMEA on standard input (`-`) — as a live source: at the pace it
/// was recorded (times from the file), faster or slower by a factor, or as fast as possible, on an injected clock;
/// from a point into the recording (``start``) and, when asked, over and over (``loop``).
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
    /// Seconds into the recording to start from (a seek).
    public let start: Double
    /// Start again from ``start`` after the last fix (one second after it, at the recorded pace).
    public let loop: Bool
    public let clock: C

    public init(path: String, format: Format, pace: Pace = .recorded(factor: 1), start: Double = 0, loop: Bool = false, clock: C) {
        self.path = path
        self.format = format
        self.pace = pace
        self.start = start
        self.loop = loop
        self.clock = clock
    }

    /// The events of the file (locations, and headings from HDT/HDM/THS) with their times (seconds on the file's
    /// own time line).
    func recorded() throws -> [(time: Double?, event: LocationEvent)] {
        switch format {
        case .nmea(let lenient):
            let contents = path == "-" ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: path)
            guard let data = contents else { throw GPXError.unreadable(path: path) }
            var decoder = NMEADecoder(lenient: lenient)
            var out: [(Double?, LocationEvent)] = []
            for case .fix(let fix) in decoder.feed(data) + decoder.finish() {
                for event in NMEAStreamDecoder.events([.fix(fix)]) { out.append((fix.time?.timeIntervalSince1970 ?? fix.timeOfDay, event)) }
            }
            return out
        case .gpx(let speed):
            var out: [(Double?, LocationEvent)] = []
            var walked = 0.0
            var previous: GPXPoint?
            try GPXReader.read(path: path) { (p, kind: GPXReader.Tag) in
                guard kind != .wpt else { return }
                if let q = previous {
                    let dy = (p.coordinate.latitude - q.coordinate.latitude) * 111_320
                    let dx = (p.coordinate.longitude - q.coordinate.longitude) * 111_320 * cos(p.coordinate.latitude * .pi / 180)
                    walked += (dx * dx + dy * dy).squareRoot()
                }
                previous = p
                let time = p.time?.timeIntervalSince1970 ?? walked / max(speed, 0.01)
                out.append((time, .location(Location(coordinate: p.coordinate, mode: p.elevation == nil ? .twoD : .threeD,
                                           altitudeMSL: p.elevation, course: p.course, speed: p.speed, timestamp: p.time,
                                           source: "gpx"))))
            }
            return out
        }
    }

    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream<LocationEvent, any Error>.makeStream()
        let task = Task {
            do {
                continuation.yield(.status(.connecting))
                var fixes = try recorded()
                if start > 0, let first = fixes.lazy.compactMap(\.time).first {
                    fixes.removeAll { ($0.time ?? first) < first + start }
                }
                continuation.yield(.status(.streaming))
                var previous: Double?
                var restarted = false
                repeat {
                    for (time, event) in fixes {
                        try Task.checkCancellation()
                        if case .recorded(let factor) = pace, let t = time, let p = previous, factor > 0 {
                            // Events of one epoch (a position and a heading) share a time: no wait between them.
                            // Back at the start of a loop: one second after the last fix.
                            if t > p {
                                try await clock.sleep(for: .seconds((t - p) / factor))
                            } else if restarted {
                                try await clock.sleep(for: .seconds(1 / factor))
                            }
                        }
                        restarted = false
                        previous = time ?? previous
                        continuation.yield(event)
                    }
                    restarted = true
                    await Task.yield()
                } while loop && !fixes.isEmpty && !Task.isCancelled
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
