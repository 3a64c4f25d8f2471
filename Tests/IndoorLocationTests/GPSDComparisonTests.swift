import Foundation
import IndoorGeometry
import IndoorLocation
import Testing

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// gpsd's TPV reports with a position, from a `.log.chk` file: the last (most complete) report of each
/// position and time.
func gpsdPositions(_ chk: String) throws -> [[String: Any]] {
    var out: [[String: Any]] = []
    // Split on any line break: "\r\n" is one Character in Swift.
    for line in String(decoding: try Data(contentsOf: URL(fileURLWithPath: chk)), as: UTF8.self).split(whereSeparator: \.isNewline) where line.hasPrefix("{\"class\":\"TPV\"") {
        guard let json = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { continue }
        // Numbers as Doubles (JSONSerialization gives NSNumber on Linux).
        var tpv: [String: Any] = [:]
        for (k, v) in json { tpv[k] = (v as? NSNumber).map { $0.doubleValue } ?? v }
        guard tpv["lat"] is Double, tpv["lon"] is Double else { continue }
        if let last = out.last, last["lat"] as? Double == tpv["lat"] as? Double, last["lon"] as? Double == tpv["lon"] as? Double,
           (last["time"] as? String) == (tpv["time"] as? String) || last["time"] == nil {
            out[out.count - 1] = tpv
        } else {
            out.append(tpv)
        }
    }
    return out
}

func timeOfDay(_ iso: String) -> Double? {
    // "2022-03-09T15:01:19.000Z" → seconds since midnight.
    let parts = iso.split(separator: "T")
    guard parts.count == 2 else { return nil }
    let hms = parts[1].dropLast().split(separator: ":")
    guard hms.count == 3, let h = Double(hms[0]), let m = Double(hms[1]), let s = Double(hms[2]) else { return nil }
    return h * 3600 + m * 60 + s
}

@Suite struct GPSDComparisonTests {
    static let logs: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("gpsd").path)) ?? [])
        .filter { $0.hasSuffix(".log") }.sorted()

    @Test func everyLogIsThere() {
        #expect(Self.logs.count == 28)
    }

    @Test(arguments: logs)
    func decodesLikeGPSD(log: String) throws {
        let dir = fixtures.appendingPathComponent("gpsd")
        let bytes = try Data(contentsOf: dir.appendingPathComponent(log))
        var decoder = NMEADecoder()
        var fixes: [NMEAFix] = []
        for case .fix(let f) in decoder.feed(bytes) + decoder.finish() { fixes.append(f) }
        let reference = try gpsdPositions(dir.appendingPathComponent(log + ".chk").path)
        var unmatched: [String] = []
        for tpv in reference {
            guard let lat = tpv["lat"] as? Double, let lon = tpv["lon"] as? Double else { continue }
            let t = (tpv["time"] as? String).flatMap(timeOfDay)
            let match = fixes.last { f in
                guard let a = f.latitude, let b = f.longitude, f.mode >= .twoD else { return false }
                guard abs(a - lat) <= 1e-7, abs(b - lon) <= 1e-7 else { return false }
                if let t, let ours = f.timeOfDay { return abs(ours.truncatingRemainder(dividingBy: 86_400) - t) < 0.001 }
                return true
            }
            guard let match else {
                unmatched.append("\(t.map { String($0) } ?? "no time") \(lat),\(lon) mode \(tpv["mode"] ?? "?") status \(tpv["status"] ?? "-")")
                continue
            }
            if let alt = tpv["altMSL"] as? Double, match.mode == .threeD, let ours = match.altitudeMSL {
                #expect(abs(alt - ours) < 0.001, "\(log): altitude \(ours) vs gpsd \(alt)")
            }
            if let speed = tpv["speed"] as? Double, let ours = match.speed {
                #expect(abs(speed - ours) < 0.001, "\(log): speed \(ours) vs gpsd \(speed)")
            }
            if let track = tpv["track"] as? Double, let ours = match.track {
                #expect(abs(track - ours) < 0.01, "\(log): track \(ours) vs gpsd \(track)")
            }
        }
        print("\(log): gpsd positions \(reference.count), ours \(fixes.filter { $0.mode >= .twoD }.count), unmatched \(unmatched.count)"
              + (unmatched.isEmpty ? "" : ": " + unmatched.prefix(3).joined(separator: "; ")))
        // Judged gpsd wrong: with GGA quality 8 (the receiver's simulation mode) and RMC status V (not valid), gpsd
        // reports a position (TPV status 8); a navigation engine must not take a void, simulated position as a
        // fix, so we report no fix for that epoch. Every other position gpsd reports, we report alike.
        let disagreements = unmatched.filter { !$0.hasSuffix("status 8.0") }
        #expect(disagreements.isEmpty, "\(log): \(disagreements.count) gpsd positions not decoded alike")
    }
}

@Suite struct NMEAStreamTests {
    static let samples = ["sirfstarv-nmea.log", "neo-m8n.log", "nmea-fuzzy-cases.log", "quectel-L70.log"]

    static func decode(_ bytes: [UInt8], chunk: Int) -> [NMEAFix] {
        var decoder = NMEADecoder()
        var fixes: [NMEAFix] = []
        var i = 0
        while i < bytes.count {
            for case .fix(let f) in decoder.feed(bytes[i..<min(i + chunk, bytes.count)]) { fixes.append(f) }
            i += chunk
        }
        for case .fix(let f) in decoder.finish() { fixes.append(f) }
        return fixes
    }

    /// Fed in chunks of every size from one byte, the decoder gives the same fixes as fed whole.
    @Test(arguments: samples)
    func chunkingDoesNotMatter(log: String) throws {
        let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("gpsd/\(log)")))
        let whole = Self.decode(bytes, chunk: bytes.count)
        #expect(!whole.isEmpty)
        for chunk in 1...97 { #expect(Self.decode(bytes, chunk: chunk) == whole, "chunks of \(chunk)") }
    }

    /// A flipped bit or inserted garbage never traps, and never yields a position that the clean stream does not
    /// have (a corrupted line fails its checksum and is skipped).
    @Test(arguments: samples)
    func corruptionIsSkippedNotBelieved(log: String) throws {
        let bytes = [UInt8](try Data(contentsOf: fixtures.appendingPathComponent("gpsd/\(log)")))
        let clean = Set(Self.decode(bytes, chunk: 4096).compactMap { f in f.latitude.flatMap { lat in f.longitude.map { "\(lat),\($0)" } } })
        var rng = SeededGenerator(seed: 99)
        for round in 0..<200 {
            var mangled = bytes
            if round % 2 == 0 {
                let i = Int(rng.next() % UInt64(mangled.count))
                mangled[i] ^= UInt8(1 << (rng.next() % 7))
            } else {
                let i = Int(rng.next() % UInt64(mangled.count))
                mangled.insert(contentsOf: (0..<Int(rng.next() % 20)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: i)
            }
            for f in Self.decode(mangled, chunk: 512) where f.mode >= .twoD {
                guard let lat = f.latitude, let lon = f.longitude else { continue }
                #expect(clean.contains("\(lat),\(lon)"), "round \(round): a position the clean stream does not have")
            }
        }
    }

    @Test func linesEndingsAndResynchronisation() {
        let gga = "$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"
        for ending in ["\n", "\r\n", "\r\r\n"] {
            var d = NMEADecoder()
            let events = d.feed(Array(("garbage\u{1B}[31m" + gga + ending + "$GPGGA,123520,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*4D" + ending).utf8)) + d.finish()
            let fixes = events.compactMap { if case .fix(let f) = $0 { f } else { nil } }
            #expect(fixes.count == 2, "\(ending.debugDescription)")
            #expect(abs((fixes.first?.latitude ?? 0) - 48.1173) < 1e-9)
            #expect(fixes.first?.mode == .threeD)
            #expect(fixes.first?.altitudeEllipsoidal == 545.4 + 46.9)
        }
    }

    @Test func checksumsAreRequiredUnlessLenient() {
        let line = Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,\n".utf8)
        var strict = NMEADecoder()
        _ = strict.feed(line)
        _ = strict.finish()
        #expect(strict.skipped[.missingChecksum] == 1)
        var lenient = NMEADecoder(lenient: true)
        let events = lenient.feed(line) + lenient.finish()
        #expect(events.contains { if case .fix(let f) = $0 { f.latitude != nil } else { false } })
        var bad = NMEADecoder(lenient: true)
        _ = bad.feed(Array("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*48\n".utf8))
        #expect(bad.skipped[.badChecksum] == 1)
    }

    @Test func midnightAndWeekRollover() {
        // 23:59:59 on 31 Dec 2018, then 00:00:00: the date rolls; a 1999 date is 1024 weeks late.
        var d = NMEADecoder(lenient: true)
        let text = "$GPRMC,235959,A,4807.038,N,01131.000,E,0.0,0.0,311218,,\n$GPGGA,000000,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,\n"
            + "$GPRMC,000001,A,4807.038,N,01131.000,E,0.0,0.0,160899,,\n$GPGGA,000002,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,\n"
        let fixes = (d.feed(Array(text.utf8)) + d.finish()).compactMap { e -> NMEAFix? in if case .fix(let f) = e { f } else { nil } }
        #expect(fixes.count == 4)
        #expect(fixes[0].time == Date(timeIntervalSince1970: 1_546_300_799))  // 2018-12-31T23:59:59Z
        #expect(fixes[1].time == Date(timeIntervalSince1970: 1_546_300_800))  // 2019-01-01T00:00:00Z
        // 1999-08-16 + 1024 weeks = 2019-04-01.
        #expect(fixes[2].time == Date(timeIntervalSince1970: 1_554_076_801))
    }
}
