import Foundation
import IndoorGeometry
import IndoorLocation
import Synchronization
import Testing

/// Collects a stream's events as they arrive, for tests that advance a ManualClock by hand.
final class Collector: Sendable {
    let events = Mutex<[LocationEvent]>([])
    var count: Int { events.withLock { $0.count } }
    var locations: [Location] { events.withLock { $0.compactMap { if case .location(let l) = $0 { l } else { nil } } } }
}

/// Yields to other tasks until `condition` holds (bounded: a test fails rather than hangs).
func settle(_ condition: () -> Bool) async {
    for _ in 0..<100_000 where !condition() { await Task.yield() }
}

@Suite struct ProviderTests {
    let nmea = fixtures.appendingPathComponent("gpsd/quectel-L70.log").path

    @Test func replaysAtTheRecordedPaceOnTheGivenClock() async throws {
        let clock = ManualClock()
        let provider = ReplayProvider(path: nmea, format: .nmea(lenient: false), clock: clock)
        let collector = Collector()
        let task = Task {
            for try await event in provider.events() { collector.events.withLock { $0.append(event) } }
        }
        // The first fix comes at once; the next waits for a second of the clock's time.
        await settle { clock.sleepers == 1 && collector.locations.count >= 1 }
        #expect(collector.locations.count == 1)
        clock.advance(by: .seconds(1))
        await settle { collector.locations.count == 2 && clock.sleepers == 1 }
        #expect(collector.locations.count == 2)
        // Time passing by less than the interval releases nothing.
        clock.advance(by: .milliseconds(400))
        await settle { false }
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

    @Test func replaysGPXTracks() async throws {
        let path = fixtures.appendingPathComponent("gpx/georust/garmin-activity.gpx").path
        let provider = ReplayProvider(path: path, format: .gpx(speed: 1.4), pace: .asFastAsPossible, clock: ManualClock())
        var count = 0
        for try await e in provider.events() { if case .location = e { count += 1 } }
        #expect(count == 988)
    }

    @Test func aMissingFileFailsTheStreamWithAReason() async {
        let provider = ReplayProvider(path: "/no/such.nmea", format: .nmea(lenient: false), clock: ManualClock())
        var statuses: [ProviderStatus] = []
        do {
            for try await e in provider.events() { if case .status(let s) = e { statuses.append(s) } }
            Issue.record("no error")
        } catch {
            #expect(statuses.contains { if case .failed = $0 { true } else { false } })
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
