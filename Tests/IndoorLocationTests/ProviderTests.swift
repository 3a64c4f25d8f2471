import Foundation
@testable import IndoorLocation
import IndoorTestSupport
import Synchronization
import Testing

/// Collects a stream's events as they arrive, for tests that advance a ManualClock by hand.
final class Collector: Sendable {
    let events = Mutex<[LocationEvent]>([])
    var count: Int { events.withLock { $0.count } }
    var locations: [Location] { events.withLock { $0.compactMap { if case .location(let l) = $0 { l } else { nil } } } }
    var statuses: [ProviderStatus] { events.withLock { $0.compactMap { if case .status(let s) = $0 { s } else { nil } } } }

    /// Collects the provider's events until the returned task is cancelled or the stream ends.
    func collect(_ provider: some LocationProvider) -> Task<Void, any Error> {
        Task { for try await e in provider.events() { events.withLock { $0.append(e) } } }
    }
}

@Suite(.timeLimit(.minutes(TestTier.minutes(8)))) struct ProviderTests {
    let nmea = fixtures.appendingPathComponent("gpsd/quectel-L70.log").path

    @Test func replaysAtTheRecordedPaceOnTheGivenClock() async throws {
        let clock = ManualClock()
        let provider = ReplayProvider(path: nmea, format: .nmea(lenient: false), clock: clock)
        let collector = Collector()
        let task = Task {
            for try await event in provider.events() { collector.events.withLock { $0.append(event) } }
        }
        // The first fix comes at once; the next waits for a second of the clock's time.
        try await settleOnRealProcess { clock.sleepers == 1 && collector.locations.count >= 1 }
        #expect(collector.locations.count == 1)
        clock.advance(by: .seconds(1))
        try await settleOnRealProcess { collector.locations.count == 2 && clock.sleepers == 1 }
        #expect(collector.locations.count == 2)
        // Time passing by less than the interval releases nothing: the replay is still asleep (the clock wakes
        // its sleepers as it advances).
        clock.advance(by: .milliseconds(400))
        #expect(clock.sleepers == 1)
        #expect(collector.locations.count == 2)
        task.cancel()
        _ = try? await task.value
    }

    @Test func replaysAsFastAsPossibleAndSaysWhenItEnds() async throws {
        let provider = ReplayProvider(path: nmea, format: .nmea(lenient: false), pace: .asFastAsPossible, clock: ManualClock())
        var events: [LocationEvent] = []
        for try await e in provider.events() { events.append(e) }
        #expect(events.first == .status(.connecting))
        #expect(events.last == .status(.finished))
        #expect(events.filter { if case .location = $0 { true } else { false } }.count == 16)
    }

    /// A recording without one position fix is a failure that says what was read, not a quiet `finished`: an
    /// empty file, a log of a receiver that never had a fix (GGA with quality 0), a seek past the last fix.
    @Test func aRecordingWithoutAFixFailsAndSaysWhatItRead() async throws {
        let dir = NSTemporaryDirectory() + "indoornav-nofix-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func failure(_ provider: ReplayProvider<ManualClock>) async -> (ProviderStatus?, (any Error)?) {
            var last: ProviderStatus?
            do {
                for try await e in provider.events() { if case .status(let s) = e { last = s } }
                return (last, nil)
            } catch {
                return (last, error)
            }
        }
        let empty = dir + "/empty.nmea"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let (status, error) = await failure(ReplayProvider(path: empty, format: .nmea(lenient: false), pace: .asFastAsPossible, clock: ManualClock()))
        #expect(error as? RecordingError == .noFix(path: empty, sentences: 0, lines: 0))
        #expect(status == .failed("\(empty): no position fix in 0 sentences (0 lines)"))

        // Two sentences without a fix and a line that is not NMEA.
        let noFix = dir + "/nofix.nmea"
        func sentence(_ body: String) -> String {
            String(format: "$%@*%02X\r\n", body, body.utf8.reduce(UInt8(0), ^))
        }
        let text = sentence("GPGGA,123519,,,,,0,00,,,M,,M,,") + sentence("GPGGA,123520,,,,,0,00,,,M,,M,,") + "garbage\r\n"
        #expect(FileManager.default.createFile(atPath: noFix, contents: Data(text.utf8)))
        let (_, noFixError) = await failure(ReplayProvider(path: noFix, format: .nmea(lenient: false), pace: .asFastAsPossible, clock: ManualClock()))
        #expect(noFixError?.localizedDescription == "\(noFix): no position fix in 2 sentences (3 lines)")

        let (_, seekError) = await failure(ReplayProvider(path: nmea, format: .nmea(lenient: false), pace: .asFastAsPossible, start: 10_000, clock: ManualClock()))
        #expect(seekError as? RecordingError == .noFixAfterStart(path: nmea, start: 10_000, fixes: 16))

        // A GPX file with waypoints but no track or route point.
        let gpx = dir + "/waypoints.gpx"
        #expect(FileManager.default.createFile(atPath: gpx, contents: Data(#"<gpx version="1.1"><wpt lat="1" lon="2"/><trk><trkseg/></trk></gpx>"#.utf8)))
        let (_, gpxError) = await failure(ReplayProvider(path: gpx, format: .gpx(speed: 1.4), pace: .asFastAsPossible, clock: ManualClock()))
        #expect(gpxError as? RecordingError == .noPoints(path: gpx))
    }

    @Test func replaysGPXTracks() async throws {
        let path = fixtures.appendingPathComponent("gpx/georust/garmin-activity.gpx").path
        let provider = ReplayProvider(path: path, format: .gpx(speed: 1.4), pace: .asFastAsPossible, clock: ManualClock())
        var count = 0
        for try await e in provider.events() { if case .location = e { count += 1 } }
        #expect(count == 988)
    }

    /// Seek: starting 5 s in skips the first five epochs; loop: the recording starts over, one second after its end.
    @Test func seeksAndLoops() async throws {
        var all: [(time: Double?, event: LocationEvent)] = []
        try await ReplayProvider(path: nmea, format: .nmea(lenient: false), clock: ManualClock()).forEachRecorded { all.append(($0, $1)) }
        let clock = ManualClock()
        let provider = ReplayProvider(path: nmea, format: .nmea(lenient: false), pace: .recorded(factor: 10), start: 5, loop: true, clock: clock)
        let collector = Collector()
        let task = collector.collect(provider)
        let firstTime = try #require(all.first?.time)
        let played = all.filter { ($0.time ?? firstTime) >= firstTime + 5 }
        #expect(played.count == all.count - 5)
        // At 10×, each recorded second is 0.1 s of the clock.
        for _ in 0..<(played.count + 3) {
            try await settleOnRealProcess { clock.sleepers == 1 }
            clock.advance(by: .milliseconds(100))
        }
        try await settleOnRealProcess { collector.locations.count >= played.count + 3 }
        task.cancel()
        _ = try? await task.value
        let locations = collector.locations
        #expect(locations.count >= played.count + 3)
        guard locations.count > played.count, case .location(let firstPlayed) = played[0].event else { return }
        #expect(locations[0] == firstPlayed)
        #expect(locations[played.count] == firstPlayed)
    }

    /// Each fix is due at its time since the first, on the clock: one that comes late (a pipe that stalled, then
    /// burst) goes at once and does not push back the ones after it.
    @Test func lateFixesDoNotDelayTheRest() {
        let clock = ManualClock()
        var pacer = Pacer(pace: .recorded(factor: 2), start: 0, clock: clock)
        #expect(pacer.deadline(for: 10) == nil)  // the first: at once
        clock.advance(by: .seconds(5))  // nothing came for 5 s of the clock
        #expect(pacer.deadline(for: 12)?.offset == .seconds(1))  // overdue: at once
        #expect(pacer.deadline(for: 20)?.offset == .seconds(5))  // due now
        #expect(pacer.deadline(for: 22)?.offset == .seconds(6))  // in a second
        var fast = Pacer(pace: .asFastAsPossible, start: 0, clock: clock)
        #expect(fast.deadline(for: 10) == nil && fast.deadline(for: 1000) == nil)
    }

    /// A recording's times of day make one time line: across midnight, and a time going back costs no wait.
    @Test func timesOfDayMakeOneTimeLine() {
        var line = NMEATimeline()
        let times = [86_398, 86_399, 0, 1.5, 0.5, 1.5].map { line.time(ofDay: $0) }
        #expect(times == [0, 1, 2, 3.5, 3.5, 4.5])
        #expect(line.time(ofDay: nil) == nil)
    }

    /// A missing file, or a directory, of NMEA or GPX: the stream fails, saying why, instead of ending as if empty.
    @Test(arguments: ["/no/such.file", NSTemporaryDirectory()], [true, false])
    func anUnreadableFileFailsTheStreamWithAReason(path: String, nmea: Bool) async {
        let provider = ReplayProvider(path: path, format: nmea ? .nmea(lenient: false) : .gpx(speed: 1.4), clock: ManualClock())
        var statuses: [ProviderStatus] = []
        do {
            for try await e in provider.events() { if case .status(let s) = e { statuses.append(s) } }
            Issue.record("no error")
        } catch {
            #expect(statuses.contains { if case .failed = $0 { true } else { false } })
            #expect(error.localizedDescription.hasPrefix(path + ": cannot"))
        }
    }

    struct Compass: LocationProvider {
        func events() -> AsyncThrowingStream<LocationEvent, any Error> {
            AsyncThrowingStream { c in
                c.yield(.status(.streaming))
                for h in [10.0, 20, 30] { c.yield(.heading(Heading(trueHeading: h))) }
                c.finish()
            }
        }
    }

    @Test func multiplexMergesPositionsAndHeadings() async throws {
        let gps = ReplayProvider(path: nmea, format: .nmea(lenient: false), pace: .asFastAsPossible, clock: ManualClock())
        var locations = 0, headings = 0, statuses: [ProviderStatus] = []
        for try await e in MultiplexProvider(position: gps, heading: Compass()).events() {
            switch e {
            case .location: locations += 1
            case .heading: headings += 1
            case .status(let s): statuses.append(s)
            }
        }
        #expect(locations == 16 && headings == 3)
        #expect(statuses == [.connecting, .streaming, .finished])
    }
}
