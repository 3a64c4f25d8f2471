import Foundation
import IndoorBase
import IndoorLocation
import Testing

/// The two formats phone sensor logs are published in, read line by line, bounded, every bad line counted by reason
/// and none a trap.
@Suite struct SensorLogDecoderTests {
    static let getSensorData = """
        % LogFile data format:
        % Accelerometer data: 'ACCE;AppTimestamp(s);SensorTimestamp(s);Acc_X(m/s^2);Acc_Y(m/s^2);Acc_Z(m/s^2);Accuracy(integer)'
        ACCE;0.015;4396.123;-0.2154;5.0132;8.4071;3
        GYRO;0.016;4396.124;0.0012;-0.0310;0.1021;3
        MAGN;0.017;4396.125;-12.50;20.75;-38.10;3
        PRES;0.020;4396.130;1013.25;0
        WIFI;0.021;4396.131;eduroam;00:11:22:33:44:55;2412;-71
        GNSS;0.500;4396.600;40.3135;-3.4836;655.0;90.0;12.0;1.2;14;9
        POSI;0.600;1;40.3136000;-3.4837000;2;0
        ACCE;0.035;4396.143;x;5.0;8.4;3
        ACCE;0.055;4396.163;1.0;2.0
        AHRS;0.056;4396.164;1.0;2.0;3.0;0.1;0.2;0.3;3\r
        ACCE;0.075;4396.183;-0.2;5.0;8.4;3

        """

    static let ilc = """
        #\tstartTime:1574656191203
        #\tSiteID:5dd3d7732a57a34356595932\tFloorName:F4
        1574656191211\tTYPE_WAYPOINT\t218.33203\t30.960676
        1574656191325\tTYPE_ACCELEROMETER\t-1.1022339\t0.7068634\t11.4904785\t2
        1574656191325\tTYPE_MAGNETIC_FIELD\t-30.482483\t-14.527893\t-31.874084\t3
        1574656191325\tTYPE_GYROSCOPE\t1.079483\t-0.32774353\t-0.091674805\t3
        1574656191325\tTYPE_ROTATION_VECTOR\t0.05497831\t-0.0044771126\t-0.8233462\t3
        1574656191345\tTYPE_ACCELEROMETER\tnan\t0.59\t9.11\t2
        1574656191365\tTYPE_PRESSURE\t1009.5
        1574656191366\tTYPE_ACCELEROMETER\t-0.98\t0.59\t9.11
        """

    /// Kind: an IPIN GetSensorData log: the kinds read, `%` comments, the kinds not read counted as unsupported, a
    /// field that is no number or a line cut short counted as malformed with its line; CRLF endings.
    @Test func aGetSensorDataLogIsReadKindByKind() throws {
        var decoder = SensorLogDecoder()
        let samples = decoder.feed(Array(Self.getSensorData.utf8)) + decoder.finish()
        #expect(decoder.format == .getSensorData)
        #expect(samples.count == 7)
        #expect(samples[0] == SensorSample(time: 0.015, reading: .acceleration(Vector3(-0.2154, 5.0132, 8.4071))))
        #expect(samples[1].reading == .rotationRate(Vector3(0.0012, -0.0310, 0.1021)))
        #expect(samples[2].reading == .magneticField(Vector3(-12.50, 20.75, -38.10)))
        #expect(samples[3].reading == .pressure(1013.25))
        #expect(samples[4] == SensorSample(time: 0.5, reading: .gnss(GeoCoordinate(longitude: -3.4836, latitude: 40.3135), accuracy: 12)))
        #expect(samples[5].reading == .truth(GroundTruth(position: .geographic(GeoCoordinate(longitude: -3.4837, latitude: 40.3136)), floor: 2)))
        #expect(samples[6].time == 0.075)
        #expect(decoder.skipped == [.unsupported: 2, .malformed: 2])
        #expect(decoder.firstSkipped[.malformed] == 10 && decoder.firstSkipped[.unsupported] == 7)
    }

    /// Kind: an Indoor Location Competition 2.0 log: `#` header, Unix milliseconds as seconds, waypoints in plan
    /// metres, the accuracy column optional, `nan` malformed, the rotation vector not read.
    @Test func anILCLogIsReadKindByKind() throws {
        var decoder = SensorLogDecoder()
        let samples = decoder.feed(Array(Self.ilc.utf8)) + decoder.finish()
        #expect(decoder.format == .ilc)
        #expect(samples.map(\.reading) == [
            .truth(GroundTruth(position: .plan(x: 218.33203, y: 30.960676))),
            .acceleration(Vector3(-1.1022339, 0.7068634, 11.4904785)),
            .magneticField(Vector3(-30.482483, -14.527893, -31.874084)),
            .rotationRate(Vector3(1.079483, -0.32774353, -0.091674805)),
            .pressure(1009.5),
            .acceleration(Vector3(-0.98, 0.59, 9.11)),
        ])
        #expect(abs(samples[0].time - 1574656191.211) < 1e-6)
        #expect(decoder.skipped == [.unsupported: 1, .malformed: 1])
        #expect(SensorLogFormat.ilc.unitsPerSecond == 1000)
    }

    /// Bytes fed one at a time give what the whole log gives: a line is never cut where a chunk ends.
    @Test func chunksOfAnySizeGiveTheSameSamples() {
        for text in [Self.getSensorData, Self.ilc] {
            var whole = SensorLogDecoder()
            let expected = whole.feed(Array(text.utf8)) + whole.finish()
            var bytewise = SensorLogDecoder()
            var got: [SensorSample] = []
            for b in text.utf8 { got += bytewise.feed([b]) }
            got += bytewise.finish()
            #expect(got == expected)
            #expect(bytewise.skipped == whole.skipped)
        }
    }

    /// A line past the bound, bytes that are not text and lines in neither shape are counted, never kept whole.
    @Test func hostileLinesAreCountedNotKept() {
        var decoder = SensorLogDecoder(format: .getSensorData)
        var bytes = Array("ACCE;0.1;0.1;".utf8) + Array(repeating: UInt8(ascii: "9"), count: 5000) + [0x0A]
        bytes += [0xFF, 0xFE, 0x00, 0x41, 0x0A]
        bytes += Array("hello world\nACCE;0.2;0.2;1;2;3;0\n".utf8)
        let samples = decoder.feed(bytes)
        #expect(samples.count == 1)
        #expect(decoder.skipped == [.tooLong: 1, .binaryGarbage: 1, .noise: 1])
    }

    /// A file in neither format is an error naming the line; an empty one says it has no readings; a missing one
    /// names the file.
    @Test func aFileInNoKnownFormatIsAnErrorNamingItsLine() throws {
        let dir = FileManager.default.temporaryDirectory
        let noise = dir.appendingPathComponent("indoornav-sensors-\(UUID().uuidString).txt")
        try Data("time,x,y,z\n1,2,3,4\n".utf8).write(to: noise)
        defer { try? FileManager.default.removeItem(at: noise) }
        #expect(throws: SensorLogError.unknownFormat(path: noise.path, line: 1)) { try SensorLog.read(path: noise.path) }
        let empty = dir.appendingPathComponent("indoornav-sensors-\(UUID().uuidString).txt")
        try Data("% nothing but comments\n".utf8).write(to: empty)
        defer { try? FileManager.default.removeItem(at: empty) }
        #expect(throws: SensorLogError.empty(path: empty.path)) { try SensorLog.read(path: empty.path) }
        #expect(throws: SensorLogError.self) { try SensorLog.read(path: "/nonexistent/walk.txt") }
        let log = dir.appendingPathComponent("indoornav-sensors-\(UUID().uuidString).txt")
        try Data(Self.ilc.utf8).write(to: log)
        defer { try? FileManager.default.removeItem(at: log) }
        let read = try SensorLog.read(path: log.path)
        #expect(read.format == .ilc && read.samples.count == 6 && read.lines == 10)
    }
}
