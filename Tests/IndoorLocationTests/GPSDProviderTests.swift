import Foundation
import IndoorLocation
import IndoorTestSupport
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Debian's gpsd, fed a shared log by gpsfake on loopback, read through ``GPSDProvider``.
@Suite(.enabled(if: TestTier.integration), .serialized, .timeLimit(.minutes(8))) struct GPSDProviderTests {
    static let available = GPSFake.available

    static func gpsfake(port: UInt16, log: String) throws -> Process { try GPSFake.start(port: port, log: log) }

    static func stop(_ gpsfake: Process) { GPSFake.stop(gpsfake) }

    /// gpsd restarts: the provider says disconnected, waits its backoff on the injected clock, reconnects and
    /// streams again — no restart of the provider.
    @Test(.enabled(if: available, "gpsd and gpsd-clients are installed by tools/setup"))
    func survivesGpsdRestarting() async throws {
        let log = fixtures.appendingPathComponent("gpsd/sirfstarv-nmea.log").path
        let port = try #require(GPSFake.freeLoopbackPort())
        var gpsfake = try Self.gpsfake(port: port, log: log)
        let clock = ManualClock()
        let provider = GPSDProvider(host: "127.0.0.1", port: port, clock: clock)
        let collector = Collector()
        let task = collector.collect(provider)
        // gpsd takes a moment to listen: connection attempts back off on the manual clock. (A bound, not a pace:
        // gpsd listens within a second or two. It counts only the time the wait was run: in the parallel run on
        // two cores the runner's threads can all be busy with other tests for two minutes, and a wall-clock
        // deadline then ran out before the provider's task had run once.)
        func pump(until condition: () -> Bool) async {
            await waitOnRealProcess(for: .seconds(120)) {
                if condition() { return true }
                if clock.sleepers > 0 { clock.advance(by: .seconds(1)) }
                return false
            }
        }
        await pump { collector.locations.count >= 5 }
        #expect(collector.locations.count >= 5, "statuses \(collector.statuses), gpsfake running \(gpsfake.isRunning) status \(gpsfake.isRunning ? 0 : gpsfake.terminationStatus)")
        Self.stop(gpsfake)
        await pump { collector.statuses.last?.name == "disconnected" || collector.statuses.last == .connecting }
        let before = collector.locations.count
        gpsfake = try Self.gpsfake(port: port, log: log)
        defer { Self.stop(gpsfake) }
        await pump { collector.locations.count >= before + 5 }
        #expect(collector.locations.count >= before + 5)
        #expect(collector.statuses.filter { $0.name == "disconnected" }.count >= 1)
        // Each disconnection says why, naming gpsd's address.
        #expect(collector.statuses.compactMap(\.reason).allSatisfy { $0.hasPrefix("gpsd at 127.0.0.1:\(port): ") }, "\(collector.statuses)")
        #expect(collector.statuses.last == .streaming)
        task.cancel()
        _ = try? await task.value
    }

    @Test(.enabled(if: available, "gpsd and gpsd-clients are installed by tools/setup"))
    func yieldsTheFixesOfTheLog() async throws {
        let log = fixtures.appendingPathComponent("gpsd/sirfstarv-nmea.log").path
        var decoder = NMEADecoder()
        var expected: [Double: NMEAFix] = [:]
        for case .fix(let f) in decoder.feed(try Data(contentsOf: URL(fileURLWithPath: log))) + decoder.finish()
        where f.location() != nil {
            if let t = f.timeOfDay { expected[t] = f }
        }
        #expect(expected.count > 50)

        let port = try #require(GPSFake.freeLoopbackPort())
        // gpsfake starts its own gpsd on `port` and feeds the log through a pseudo-terminal, over and over
        // (-n: gpsd opens the device at once; -c: 10 ms between sentences).
        // Foundation starts it as a process group of its own, so gpsfake and its gpsd are stopped together
        // (gpsfake ignores SIGTERM).
        let gpsfake = try Self.gpsfake(port: port, log: log)
        defer { Self.stop(gpsfake) }

        let provider = GPSDProvider(host: "127.0.0.1", port: port, clock: ContinuousClock())
        let collector = Collector()
        let task = collector.collect(provider)
        func seen() -> Set<Double> {
            Set(collector.locations.compactMap { $0.timestamp.map { $0.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) } })
        }
        // Until every time of the log has come through gpsd at least once (the log repeats).
        let start = ContinuousClock.now
        await waitOnRealProcess(for: .seconds(60)) { expected.keys.allSatisfy(seen().contains) }
        task.cancel()
        _ = try? await task.value
        print("gpsd: every epoch of the log came through in \(ContinuousClock.now - start)")

        let locations = collector.locations
        #expect(Set(expected.keys).isSubset(of: seen()), "gpsd gave \(seen().count) of \(expected.count) epochs")
        var compared = 0
        for l in locations {
            guard let t = l.timestamp?.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400) else { continue }
            // gpsd reports a partial TPV at the start of each pass (before RMC/GGA of the epoch are both in); the
            // complete ones are compared.
            guard let f = expected[t], l.altitudeMSL != nil || f.altitudeMSL == nil else { continue }
            compared += 1
            #expect(abs(l.coordinate.latitude - (f.latitude ?? .nan)) < 1e-7, "lat at \(t)")
            #expect(abs(l.coordinate.longitude - (f.longitude ?? .nan)) < 1e-7, "lon at \(t)")
            if let a = f.altitudeMSL { #expect(abs((l.altitudeMSL ?? .nan) - a) < 1e-3, "altMSL at \(t)") }
            if let s = f.speed, let gs = l.speed { #expect(abs(gs - s) < 1e-3, "speed at \(t)") }
            if let c = f.track, let gc = l.course { #expect(abs(gc - c) < 1e-3, "track at \(t)") }
        }
        #expect(compared >= expected.count)
        #expect(collector.events.withLock { $0.first } == .status(.connecting))
    }
}
