import Foundation
import IndoorLocation
import Testing

/// Each rule of ``NMEADecoder``'s documentation, shown on lines of the shared gpsd regression logs.
@Suite struct NMEADecoderRuleTests {
    static func fixes(_ lines: [String]) -> [NMEAFix] {
        var decoder = NMEADecoder()
        let bytes = Array(lines.map { $0 + "\r\n" }.joined().utf8)
        return (decoder.feed(bytes) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f } else { nil } }
    }

    static func log(_ name: String) throws -> [NMEAFix] {
        decodeWhole(try Data(contentsOf: fixtures.appendingPathComponent("gpsd/\(name)")))
    }

    /// Time as sent: `135651.997` is .997 (it was printed .996 from a rounded-down double), `.20` is .200.
    @Test func timeAsSent() {
        let ch4711 = Self.fixes([
            "$GNGGA,135651.997,5543.0328,N,03724.7198,E,1,06,01.8,165.6,M,14.6,M,,*73",
            "$GNRMC,135651.997,A,5543.0328,N,03724.7198,E,00.00,129.5,051209,,,A*79",
        ])
        #expect(ch4711.last?.isoTime == "2009-12-05T13:56:51.997Z")
        #expect(ch4711.last?.timeOfDayNanoseconds == 50_211_997_000_000)
        let rst39 = Self.fixes([
            "$GPRMC,204132.00,A,4205.733476,N,08802.041110,W,9.415,21.404,190214,,,D*7C",
            "$GPGGA,204132.10,4205.733715,N,08802.040978,W,2,08,1.0,221.921,M,,,3,0138*15",
            "$GPGGA,204132.20,4205.733946,N,08802.040837,W,2,08,1.0,221.912,M,,,3,0138*14",
        ])
        #expect(rst39.map(\.isoTime) == ["2014-02-19T20:41:32.000Z", "2014-02-19T20:41:32.200Z"])
    }

    /// No date, no time: the u-blox NEO-M8N's first GLL comes before any RMC; gpsd reports its position without a
    /// time, and so do we (the time of day is kept for pacing a replay).
    @Test func noDateNoTime() throws {
        let fix = try #require(Self.fixes(["$GNGLL,4404.14066,N,12118.85481,W,171925.00,A,A*66"]).first)
        #expect(fix.mode == .twoD && fix.latitude != nil)
        #expect(fix.time == nil && fix.isoTime == nil)
        #expect(fix.timeOfDay == 62_365)
    }

    /// A receiver reset (the Foretrex's `$GPRMC,,V,…` without a time) forgets the date: the GGAs after it have no
    /// time (and the first is not reported: its cycle is the one on which the cycle ender is learnt again).
    @Test func aResetForgetsTheDate() {
        let fixes = Self.fixes([
            "$GPRMC,200004,A,5504.4343,N,01025.5386,E,0.0,0.0,260810,1.0,E,D*1E",
            "$GPRMC,,V,,,,,,,260810,1.0,E,N*34",
            "$GPGGA,200006,5504.4343,N,01025.5386,E,2,03,2.5,-9.1,M,43.9,M,,*60",
            "$GPGGA,200008,5504.4344,N,01025.5385,E,2,03,2.5,-9.1,M,43.9,M,,*6A",
        ])
        #expect(fixes.first?.isoTime == "2010-08-26T20:00:04.000Z")
        #expect(fixes.last?.latitude == 55 + 4.4344 / 60 && fixes.last?.isoTime == nil)
    }

    /// Reporting cycles at 10 Hz: the cycle of 20:41:32.1 is the one on which the GGA is learnt as the cycle ender,
    /// and gpsd never reports it; from .2 on every cycle is.
    @Test func theCycleOfLearningIsNotReported() {
        let fixes = Self.fixes([
            "$GPRMC,204132.00,A,4205.733476,N,08802.041110,W,9.415,21.404,190214,,,D*7C",
            "$GPGGA,204132.10,4205.733715,N,08802.040978,W,2,08,1.0,221.921,M,,,3,0138*15",
            "$GPGGA,204132.20,4205.733946,N,08802.040837,W,2,08,1.0,221.912,M,,,3,0138*14",
            "$GPGGA,204132.30,4205.734170,N,08802.040688,W,2,08,1.0,221.903,M,,,3,0138*15",
        ])
        #expect(fixes.compactMap { $0.isoTime?.suffix(7) } == ["32.000Z", "32.200Z", "32.300Z"])
    }

    /// A stream cut before its cycle ender (the Foretrex's GLL) loses its last cycle, as gpsd does: the log's
    /// RMC and GGA of 20:00:16 are never reported.
    @Test func aCycleWithoutItsEnderIsNotReported() throws {
        let times = try Self.log("foretrex-201.log").compactMap(\.isoTime)
        #expect(times.last == "2010-08-26T20:00:14.000Z")
        #expect(!times.contains("2010-08-26T20:00:16.000Z"))
    }

    /// One object per cycle, with what arrives after its report: the HDT after the GGA that ends the cycle.
    @Test func lateSentencesJoinTheirCycle() throws {
        let fix = try #require(try Self.log("rst39.log").first { $0.isoTime == "2014-02-19T20:41:33.000Z" })
        #expect(fix.heading == 25.5)
    }

    /// Which sentence wins: a VTG with an empty track gives nothing (RMC's speed and missing track stay).
    @Test func anEmptyVTGGivesNothing() throws {
        let fix = try #require(Self.fixes([
            "$GNRMC,171926.00,A,4404.14063,N,12118.85478,W,0.117,,180315,,,A*76",
            "$GNVTG,,T,,M,0.117,N,0.216,K,A*3F",
        ]).last)
        #expect(abs((fix.speed ?? 0) - 0.117 * 1852 / 3600) < 1e-9)
        #expect(fix.track == nil)
    }

    /// Mode: a GGA with 3 satellites is 2D even with an altitude; the GLL of the same cycle makes it 3D because the
    /// fix has an altitude (Garmin Foretrex 201, gpsd reports mode 3); a later `GSA,A,2` does not downgrade it
    /// (CH-4711, gpsd reports mode 3).
    @Test func modeFollowsTheSentenceOrder() {
        let gga = "$GPGGA,200004,5504.4343,N,01025.5386,E,2,03,2.5,-9.1,M,43.9,M,,*62"
        #expect(Self.fixes([gga]).last?.mode == .twoD)
        #expect(Self.fixes([gga, "$GPGLL,5504.4343,N,01025.5386,E,200004,A,D*4E"]).last?.mode == .threeD)
        let ch4711 = Self.fixes([
            "$GNGGA,135651.997,5543.0328,N,03724.7198,E,1,06,01.8,165.6,M,14.6,M,,*73",
            "$GNRMC,135651.997,A,5543.0328,N,03724.7198,E,00.00,129.5,051209,,,A*79",
            "$GNGSA,A,2,19,27,,,,,,,,,,,02.1,01.8,00.9*13",
            "$GNGSA,A,2,67,84,83,75,,,,,,,,,02.1,01.8,00.9*1A",
        ])
        #expect(ch4711.last?.mode == .threeD)
        #expect(ch4711.last?.altitudeMSL == 165.6)
    }

    /// Speed from positions: the 10 Hz GGA-only cycles of the RST-39 have no speed sentence; gpsd reports 4.698 m/s
    /// at 20:41:32.2, the distance on the ellipsoid from 32.1's position over 0.1 s.
    @Test func speedFromThePreviousFix() throws {
        let fixes = Self.fixes([
            "$GPRMC,204132.00,A,4205.733476,N,08802.041110,W,9.415,21.404,190214,,,D*7C",
            "$GPGGA,204132.10,4205.733715,N,08802.040978,W,2,08,1.0,221.921,M,,,3,0138*15",
            "$GPGGA,204132.20,4205.733946,N,08802.040837,W,2,08,1.0,221.912,M,,,3,0138*14",
        ])
        let speed = try #require(fixes.last?.speed)
        #expect(abs(speed - 4.698) < 1e-3)
    }

    /// A cycle whose sentences are a few milliseconds apart (the Magellan eXplorist 210's GLL at .303, its GGA at
    /// .30) is reported at both times; its `$PMGNST` then makes the .300 report a no-fix, as gpsd reads it.
    @Test func millisecondsApartAreTwoReports() throws {
        let fixes = try Self.log("eXplorist210.log")
        let at303 = try #require(fixes.first { $0.isoTime?.hasSuffix("20:06:20.303Z") == true })
        #expect(at303.mode == .threeD && at303.latitude != nil)
        let at300 = try #require(fixes.last { $0.isoTime?.hasSuffix("20:06:20.300Z") == true })
        #expect(at300.mode == .noFix && at300.latitude == nil)
    }
}
