import Foundation
import IndoorBase

/// Why a recorded NMEA log cannot be replayed (a GPX file's problems are ``GPXError``s, with their line).
public enum RecordingError: Error, Hashable, Sendable, LocalizedError {
    /// The file cannot be opened: the reason as the system gives it ("No such file or directory", "Is a directory").
    case unreadable(path: String, reason: String)
    /// Reading the recording at `path` failed part way; `reason` is the system's.
    case readFailed(path: String, reason: String)
    /// The NMEA recording ended without one position fix: `sentences` sentences decoded in `lines` non-empty lines
    /// (both 0 for an empty file).
    case noFix(path: String, sentences: Int, lines: Int)
    /// The GPX file has no track or route point to replay.
    case noPoints(path: String)
    /// The recording has `fixes` position fixes, none of them `start` seconds or more into it.
    case noFixAfterStart(path: String, start: Double, fixes: Int)

    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot open: \(reason)"
        case .readFailed(let path, let reason): "\(path): cannot read: \(reason)"
        case .noFix(let path, let sentences, let lines):
            "\(path): no position fix in \(sentences) \(sentences == 1 ? "sentence" : "sentences") (\(lines) \(lines == 1 ? "line" : "lines"))"
        case .noPoints(let path): "\(path): no track or route point to replay"
        case .noFixAfterStart(let path, let start, let fixes):
            "\(path): none of its \(fixes) \(fixes == 1 ? "fix is" : "fixes are") \(start.formatted(.number.precision(.fractionLength(0...1)))) s or more into the recording"
        }
    }
}

/// Replays a recorded file — NMEA 0183 or GPX, either on standard input (`-`) — as a live source: at the pace it
/// was recorded (times from the file), faster or slower by a factor, or as fast as possible, on an injected clock;
/// from a point into the recording (``start``) and, when asked, over and over (``loop``; not standard input).
/// NMEA is decoded as it is read, so standard input can be a live receiver's stream (`gpspipe -r | …`).
public struct ReplayProvider<C: Clock>: LocationProvider where C.Duration == Duration {
    /// How fast a recording is replayed.
    public enum Pace: Sendable {
        /// As recorded, times `factor` (2 = twice as fast).
        case recorded(factor: Double)
        /// Every event at once, the clock never waited on.
        case asFastAsPossible
    }

    /// What the recording is.
    public enum Format: Sendable {
        /// NMEA 0183; `lenient` accepts sentences without a checksum.
        case nmea(lenient: Bool)
        /// For points without times, `speed` (m/s) gives each one a time from the distance walked.
        case gpx(speed: Double)
    }

    /// The file to replay, or `-` for standard input.
    public let path: String
    /// NMEA or GPX.
    public let format: Format
    /// Recorded pace (times a factor) or as fast as possible.
    public let pace: Pace
    /// Seconds into the recording to start from (a seek; fixes without a time before the first timed one are
    /// skipped by it).
    public let start: Double
    /// Start again from ``start`` after the last fix (one second after it, at the recorded pace).
    public let loop: Bool
    /// The clock the pace is kept on (a manual clock in tests).
    public let clock: C

    /// A replay of `path`; nothing is read until ``events()`` is iterated.
    public init(path: String, format: Format, pace: Pace = .recorded(factor: 1), start: Double = 0, loop: Bool = false, clock: C) {
        self.path = path
        self.format = format
        self.pace = pace
        self.start = start
        self.loop = loop
        self.clock = clock
    }

    /// Calls `opened` once the recording is open, then `body` with each of its events (locations, and headings
    /// from HDT/HDM/THS) in order, with its time on the recording's own time line (seconds), as soon as it is
    /// read. NMEA is read as it arrives, in chunks on a ``SourceLane`` (standard input may be a live pipe that
    /// never ends); its times come from the sentences' times of day (``NMEATimeline``). A GPX file is read whole
    /// first; a point's time is the time since the one before, or, without times or across a jump back or of more
    /// than half a day, the time to walk from it at the format's speed.
    /// - Returns: how much was read: NMEA sentences and non-empty lines (GPX: nil).
    @discardableResult
    func forEachRecorded(opened: () -> Void = {}, _ body: (Double?, LocationEvent) async throws -> Void) async throws -> (sentences: Int, lines: Int)? {
        switch format {
        case .nmea(let lenient):
            let path = path
            let lane = SourceLane()
            if let failure = await lane.open({ path == "-" ? DescriptorSource.standardInput() : DescriptorSource.file(path) }) {
                throw RecordingError.unreadable(path: path, reason: failure.detail)
            }
            opened()
            var decoder = NMEADecoder(lenient: lenient)
            var timeline = NMEATimeline()
            func deliver(_ decoded: [NMEAEvent]) async throws {
                for case .fix(let fix) in decoded {
                    let time = timeline.time(ofDay: fix.timeOfDay)
                    for event in fix.events() { try await body(time, event) }
                }
            }
            do {
                reading: while true {
                    try Task.checkCancellation()
                    switch await lane.read(timeoutMilliseconds: 250) {
                    case .data(let bytes): try await deliver(decoder.feed(bytes))
                    case .timeout: continue
                    case .closed: break reading
                    case .failed(let code): throw RecordingError.readFailed(path: path, reason: String(cString: strerror(code)))
                    }
                }
                try await deliver(decoder.finish())
            } catch {
                await lane.close()
                throw error
            }
            await lane.close()
            return (decoder.sentences, decoder.lines)
        case .gpx(let speed):
            var out: [(Double, LocationEvent)] = []
            var elapsed = 0.0
            var previous: GPXPoint?
            try GPXReader.read(path: path) { (p, kind: GPXReader.Tag) in
                guard kind != .wpt else { return }
                if let q = previous {
                    let walking = TangentPlane(origin: q.coordinate).project(p.coordinate).distance(to: Coordinate(x: 0, y: 0)) / max(speed, 0.01)
                    if let t = p.time, let u = q.time, (0...43_200).contains(t.timeIntervalSince(u)) {
                        elapsed += t.timeIntervalSince(u)
                    } else {
                        elapsed += walking
                    }
                }
                previous = p
                out.append((elapsed, .location(Location(coordinate: p.coordinate, mode: p.elevation == nil ? .twoD : .threeD,
                                           altitudeMSL: p.elevation, course: p.course, speed: p.speed, timestamp: p.time,
                                           source: "gpx"))))
            }
            opened()
            for (time, event) in out { try await body(time, event) }
            return nil
        }
    }

    /// Streams `connecting`, `streaming`, the recording's events at their pace, and `finished` (after the last loop,
    /// if looping); a file that cannot be read gives `failed` and then throws its ``RecordingError`` or ``GPXError``.
    /// A recording that gives no position fix (an empty file, a log of a receiver that never had one, a seek past
    /// its end) fails too, with ``RecordingError/noFix(path:sentences:lines:)``, ``RecordingError/noPoints(path:)``
    /// or ``RecordingError/noFixAfterStart(path:start:fixes:)``: a replay is asked for to get positions, and
    /// finishing quietly without any would let a script carry on as if it had them.
    public func events() -> AsyncThrowingStream<LocationEvent, any Error> {
        let replay = self
        return LocationEvent.finiteStream { continuation in
            var pacer = Pacer(pace: replay.pace, start: replay.start, clock: replay.clock)
            var announced = false
            var pass = 0
            var delivered = 0
            var fixesDelivered = 0
            var fixesRead = 0
            var read: (sentences: Int, lines: Int)?
            repeat {
                if pass > 0, case .recorded(let factor) = replay.pace, factor > 0 {
                    // Back at the start of a loop: one second after the last fix.
                    try await replay.clock.sleep(for: .seconds(1 / factor))
                }
                pacer.startOver()
                delivered = 0
                read = try await replay.forEachRecorded(opened: {
                    if !announced { continuation.yield(.status(.streaming)) }
                    announced = true
                }) { time, event in
                    let isFix: Bool = if case .location = event { true } else { false }
                    if isFix { fixesRead += 1 }
                    guard pacer.admits(time) else { return }
                    try await pacer.wait(until: time)
                    continuation.yield(event)
                    delivered += 1
                    if isFix { fixesDelivered += 1 }
                }
                pass += 1
                await Task.yield()
            } while replay.loop && replay.path != "-" && delivered > 0 && !Task.isCancelled
            if fixesDelivered == 0 && !Task.isCancelled {
                if fixesRead > 0 { throw RecordingError.noFixAfterStart(path: replay.path, start: replay.start, fixes: fixesRead) }
                guard let read else { throw RecordingError.noPoints(path: replay.path) }
                throw RecordingError.noFix(path: replay.path, sentences: read.sentences, lines: read.lines)
            }
        }
    }
}

/// Holds each event of a replay back until its time comes on the clock: the time since the first event of the
/// pass on the recording, divided by the speed factor, after the clock's time of that first event. Events that
/// come later than their time (a live pipe, a slow disk) go at once and do not delay the rest; a recording's
/// time going back costs no wait. Events before the seek point (``ReplayProvider/start``) are skipped.
package struct Pacer<C: Clock> where C.Duration == Duration {
    let pace: ReplayProvider<C>.Pace
    let start: Double
    let clock: C
    /// The recording's time of the first timed event of the pass.
    private var first: Double?
    /// Whether the last timed event was past the seek point (an event without a time goes with it).
    private var lastAdmitted: Bool?
    /// The first event delivered: its time on the recording and on the clock.
    private var origin: (recorded: Double, instant: C.Instant)?

    package init(pace: ReplayProvider<C>.Pace, start: Double, clock: C) {
        self.pace = pace
        self.start = start
        self.clock = clock
    }

    mutating func startOver() {
        first = nil
        lastAdmitted = nil
        origin = nil
    }

    /// False for an event before the seek point. One without a time goes with the timed one before it; before
    /// any, it is skipped when seeking.
    mutating func admits(_ time: Double?) -> Bool {
        guard let time else { return lastAdmitted ?? (start <= 0) }
        if first == nil { first = time }
        let admitted = time >= (first ?? time) + start
        lastAdmitted = admitted
        return admitted
    }

    /// Waits (on the clock) until the event's time comes.
    package mutating func wait(until time: Double?) async throws {
        if let deadline = deadline(for: time), clock.now < deadline { try await clock.sleep(until: deadline, tolerance: nil) }
    }

    /// When the event at `time` is due on the clock; nil for the first (which sets the origin), an event without a
    /// time, or a replay as fast as possible.
    mutating func deadline(for time: Double?) -> C.Instant? {
        guard case .recorded(let factor) = pace, factor > 0, let time else { return nil }
        guard let origin else {
            origin = (time, clock.now)
            return nil
        }
        return origin.instant.advanced(by: .seconds(max(0, time - origin.recorded) / factor))
    }
}

/// Seconds on an NMEA recording's own time line, from the sentences' times of day: the time between epochs,
/// across midnight too, summed. Only times of day are used, because a log's first epochs often have no date yet
/// (no RMC or ZDA so far) and a date appearing must not look like decades passing. A time going back (a repeated
/// or reordered epoch, logs joined end to end) adds nothing, and the line goes on from it.
struct NMEATimeline {
    private var last: Double?
    private var elapsed = 0.0

    mutating func time(ofDay t: Double?) -> Double? {
        guard let t else { return nil }
        if let last {
            var forward = (t - last).truncatingRemainder(dividingBy: 86_400)
            if forward < 0 { forward += 86_400 }
            // More than half a day forward is a step back across midnight's other side.
            if forward <= 43_200 { elapsed += forward }
        }
        last = t
        return elapsed
    }
}
