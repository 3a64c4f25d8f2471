import Foundation
import IndoorLocation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A free TCP port on loopback (bound, read, released).
func freeLoopbackPort() -> UInt16? {
    let s = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard s >= 0 else { return nil }
    defer { close(s) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            bind(s, $0, length) == 0 && getsockname(s, $0, &length) == 0
        }
    }
    return bound ? UInt16(bigEndian: address.sin_port) : nil
}

/// Debian's gpsd, fed a shared log by gpsfake on loopback, read through ``GPSDProvider``.
@Suite(.serialized, .timeLimit(.minutes(3))) struct GPSDProviderTests {
    static let available = FileManager.default.isExecutableFile(atPath: "/usr/bin/gpsfake")
        && FileManager.default.isExecutableFile(atPath: "/usr/sbin/gpsd")

    /// gpsfake with its own gpsd on `port`, feeding `log` over and over.
    static func gpsfake(port: UInt16, log: String) throws -> Process {
        let gpsfake = Process()
        gpsfake.executableURL = URL(fileURLWithPath: "/usr/bin/gpsfake")
        gpsfake.arguments = ["-q", "-n", "-c", "0.01", "-P", String(port), log]
        gpsfake.standardInput = FileHandle.nullDevice
        gpsfake.standardError = FileHandle.nullDevice
        gpsfake.standardOutput = FileHandle.nullDevice
        try gpsfake.run()
        return gpsfake
    }

    /// Stops gpsfake and its gpsd (one process group).
    static func stop(_ gpsfake: Process) {
        kill(-gpsfake.processIdentifier, SIGKILL)
        gpsfake.waitUntilExit()
    }

    /// gpsd restarts: the provider says disconnected, waits its backoff on the injected clock, reconnects and
    /// streams again — no restart of the provider.
    @Test(.enabled(if: available, "gpsd and gpsd-clients are installed by tools/setup"))
    func survivesGpsdRestarting() async throws {
        let log = fixtures.appendingPathComponent("gpsd/sirfstarv-nmea.log").path
        let port = try #require(freeLoopbackPort())
        var gpsfake = try Self.gpsfake(port: port, log: log)
        let clock = ManualClock()
        let provider = GPSDProvider(host: "127.0.0.1", port: port, clock: clock)
        let collector = Collector()
        let task = collector.collect(provider)
        // gpsd takes a moment to listen: connection attempts back off on the manual clock.
        func pump(until condition: () -> Bool) async {
            // (A bound, not a pace: gpsd listens within a second or two.)
            let deadline = ContinuousClock.now + .seconds(120)
            while !condition(), ContinuousClock.now < deadline, !Task.isCancelled {
                if clock.sleepers > 0 { clock.advance(by: .seconds(1)) }
                // gpsd and gpsfake are real processes: a busy loop here would take the CPU they need.
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
        await pump { collector.locations.count >= 5 }
        #expect(collector.locations.count >= 5, "statuses \(collector.statuses), gpsfake running \(gpsfake.isRunning) status \(gpsfake.isRunning ? 0 : gpsfake.terminationStatus)")
        Self.stop(gpsfake)
        await pump { collector.statuses.last == .disconnected || collector.statuses.last == .connecting }
        let before = collector.locations.count
        gpsfake = try Self.gpsfake(port: port, log: log)
        defer { Self.stop(gpsfake) }
        await pump { collector.locations.count >= before + 5 }
        #expect(collector.locations.count >= before + 5)
        #expect(collector.statuses.filter { $0 == .disconnected }.count >= 1)
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

        let port = try #require(freeLoopbackPort())
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
        let deadline = start + .seconds(60)
        while ContinuousClock.now < deadline, !Task.isCancelled {
            let now = seen()
            if expected.keys.allSatisfy(now.contains) { break }
            try? await Task.sleep(for: .milliseconds(5))
        }
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
