import Foundation
import IndoorLocation
import Testing

@Suite struct GPXReaderTests {
    static let files: [String] = ["gpxpy", "georust"].flatMap { dir in
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent("gpx/\(dir)").path)) ?? [])
            .filter { $0.hasSuffix(".gpx") }.sorted().map { "gpx/\(dir)/\($0)" }
    }

    /// Counts read from the text independently of the parser: opening tags, with or without a prefix.
    static func count(_ tag: String, in text: String) -> Int {
        let pattern = try? NSRegularExpression(pattern: "<([A-Za-z0-9_]+:)?\(tag)[\\s>/]")
        return pattern?.numberOfMatches(in: text, range: NSRange(text.startIndex..., in: text)) ?? -1
    }

    /// The lat of the first and last `trkpt` (or `rtept`) in the text.
    static func lats(_ tag: String, in text: String) -> [Double] {
        let pattern = try? NSRegularExpression(pattern: "<(?:[A-Za-z0-9_]+:)?\(tag)[^>]*?lat=\"([-0-9.eE+]+)\"")
        let ns = text as NSString
        return (pattern?.matches(in: text, range: NSRange(location: 0, length: ns.length)) ?? []).compactMap { Double(ns.substring(with: $0.range(at: 1))) }
    }

    @Test func everySharedFileIsThere() {
        #expect(Self.files.count >= 40)
    }

    @Test(arguments: files)
    func countsAndEndsMatchTheFile(file: String) throws {
        let path = fixtures.appendingPathComponent(file).path
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        let summary = try GPXReader.read(path: path)
        #expect(summary.waypoints == Self.count("wpt", in: text), "\(file) waypoints")
        #expect(summary.routePoints == Self.count("rtept", in: text), "\(file) route points")
        #expect(summary.trackPoints == Self.count("trkpt", in: text), "\(file) track points")
        #expect(summary.tracks == Self.count("trk", in: text), "\(file) tracks")
        #expect(summary.segments == Self.count("trkseg", in: text), "\(file) segments")
        let ends = summary.trackPoints > 0 ? Self.lats("trkpt", in: text) : Self.lats("rtept", in: text)
        if let first = ends.first, let last = ends.last {
            #expect(summary.first?.coordinate.latitude == first, "\(file) first")
            #expect(summary.last?.coordinate.latitude == last, "\(file) last")
        }
    }

    @Test func theNegativeCaseFailsWithAClearMessage() {
        let path = fixtures.appendingPathComponent("gpx/georust/badcharacter.xml").path
        do {
            try GPXReader.read(path: path)
            Issue.record("read a file that is not GPX")
        } catch {
            #expect(error.localizedDescription.contains("badcharacter.xml"))
        }
    }

    @Test func readsEveryFieldOfAPoint() throws {
        var points: [GPXPoint] = []
        try GPXReader.read(path: fixtures.appendingPathComponent("gpx/gpxpy/gpx1.0_with_all_fields.gpx").path) { p, kind in
            if kind == "trkpt" { points.append(p) }
        }
        let p = try #require(points.first)
        #expect(p.elevation != nil && p.time != nil)
        var garmin: [GPXPoint] = []
        try GPXReader.read(path: fixtures.appendingPathComponent("gpx/gpxpy/gpx_with_garmin_extension.gpx").path) { p, _ in garmin.append(p) }
        #expect(!garmin.isEmpty)
    }

    @Test(arguments: [
        ("2013-01-01T12:00:04Z", 1_357_041_604.0), ("2013-01-01T12:00:04.250Z", 1_357_041_604.25),
        ("2013-01-01T14:00:04+02:00", 1_357_041_604.0), ("2013-01-01T12:00:04", 1_357_041_604.0),
        ("2012-12-31T23:30:04-12:30", 1_357_041_604.0),
    ])
    func readsTimesWithFractionsAndOffsets(text: String, expected: Double) {
        #expect(GPXReader.date(text)?.timeIntervalSince1970 == expected)
    }

    @Test(arguments: ["", "2013-13-01T00:00:00Z", "yesterday", "2013-01-01T12:00:04+2"])
    func rejectsWhatIsNotATime(text: String) {
        #expect(GPXReader.date(text) == nil)
    }

    @Test func hostileXMLIsRefusedWithoutReadingLocalFiles() throws {
        let dir = NSTemporaryDirectory() + "indoornav-gpx-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let xxe = "<?xml version='1.0'?><!DOCTYPE gpx [<!ENTITY x SYSTEM 'file:///etc/passwd'>]><gpx version='1.1'><wpt lat='1' lon='2'><name>&x;</name></wpt></gpx>"
        try Data(xxe.utf8).write(to: URL(fileURLWithPath: "\(dir)/xxe.gpx"))
        var names: [String] = []
        _ = try? GPXReader.read(path: "\(dir)/xxe.gpx") { p, _ in if let n = p.name { names.append(n) } }
        #expect(!names.contains { $0.contains("root:") })
        try Data("<gpx><trk><trkseg><trkpt lat='91' lon='0'/></trkseg></trk></gpx>".utf8).write(to: URL(fileURLWithPath: "\(dir)/bad.gpx"))
        #expect(throws: GPXError.self) { try GPXReader.read(path: "\(dir)/bad.gpx") }
        try Data("<gpx><trk><trkseg><trkpt lat='1' lon='0'>".utf8).write(to: URL(fileURLWithPath: "\(dir)/cut.gpx"))
        #expect(throws: GPXError.self) { try GPXReader.read(path: "\(dir)/cut.gpx") }
    }
}
