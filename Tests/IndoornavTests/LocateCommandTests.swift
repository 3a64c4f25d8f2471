import Foundation
import IndoorTestSupport
import Testing

/// `indoornav locate` on a real walk (Indoor Location Competition 2.0, MIT) written in the GetSensorData format, its
/// floor made a venue by tools/venues/ilc-venue.
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(3))) struct LocateCommandTests {
    static let fixtures = CLI.root.appendingPathComponent("Tests/IndoorLocationTests/Fixtures")
    static let log = fixtures.appendingPathComponent("sensors/walk.getsensordata.txt").path
    static let venue = fixtures.appendingPathComponent("ms-ilc2/site1/F4/venue.osm").path

    /// The walk's POSI lines: time, longitude, latitude.
    static func truth() throws -> [(time: Double, lon: Double, lat: Double)] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("POSI;") }.map {
            let f = $0.split(separator: ";").map(String.init)
            return (try #require(Double(f[1])), try #require(Double(f[4])), try #require(Double(f[3])))
        }
    }

    static func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let dx = (a.0 - b.0) * 111_320 * cos(a.1 * .pi / 180), dy = (a.1 - b.1) * 111_320
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Matched to the venue from the first waypoint: a JSON line a step on the log's clock, on level 3, in the
    /// floor's corridor, and within 5 m of the last waypoint at the end (dead reckoning alone ends 8.4 m away; the
    /// matched end is 1.3–4.6 m away over seeds 1–5).
    @Test func aWalkIsLocatedStepByStepOnTheVenue() async throws {
        let truth = try Self.truth()
        let first = try #require(truth.first), last = try #require(truth.last)
        let r = try await CLI.run(["locate", "--sensors", Self.log, "--venue", Self.venue, "--start", "\(first.lon),\(first.lat)@3", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let steps = try r.stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(steps.count > 25)
        for step in steps {
            for key in ["time", "lon", "lat", "level", "space", "accuracy"] { #expect(step[key] != nil, "\(step) lacks \(key)") }
        }
        let end = try #require(steps.last)
        let time = try #require(end["time"] as? Double), lon = try #require(end["lon"] as? Double), lat = try #require(end["lat"] as? Double)
        #expect(abs(time - last.time) < 1, "the last step is near the last waypoint's time (\(time) s)")
        #expect(end["level"] as? Double == 3 && end["space"] as? String == "way/1")
        #expect(Self.metres((lon, lat), (last.lon, last.lat)) < 5, "ends \(Self.metres((lon, lat), (last.lon, last.lat))) m from the last waypoint")
    }

    /// For people, a line a step: time, place, level, accuracy, and the space by its name (the floor's walkable area
    /// is named after the floor by the converter; a room without a name by its kind), not its id, which the JSON keeps.
    @Test func aStepSaysTheSpaceByItsName() async throws {
        let first = try #require(try Self.truth().first)
        let r = try await CLI.run(["locate", "--sensors", Self.log, "--venue", Self.venue, "--start", "\(first.lon),\(first.lat)@3"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count > 25)
        #expect(lines.allSatisfy { $0.contains("@3  ±") && !$0.contains("way/") }, "\(lines.prefix(3))")
        #expect(lines.last?.hasSuffix("  F4") == true, "\(lines.last ?? "")")
    }

    /// A tap (`--fix TIME,LON,LAT`) at the last waypoint's time, a few steps before the walk ends: dead reckoning
    /// alone ends 8.4 m from that waypoint; with the fix, the next step is within 3 m of it.
    @Test func aTapTakesTheWalkWhereItSays() async throws {
        let truth = try Self.truth()
        let first = try #require(truth.first), last = try #require(truth.last)
        let r = try await CLI.run(["locate", "--sensors", Self.log, "--start", "\(first.lon),\(first.lat)@3", "--json",
                                   "--fix", "\(last.time - 2),\(last.lon),\(last.lat)"])
        #expect(r.status == 0, "\(r.stderr)")
        let steps = try r.stdout.split(separator: "\n").map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let after = try #require(steps.first { ($0["time"] as? Double ?? 0) >= last.time - 2 })
        let lon = try #require(after["lon"] as? Double), lat = try #require(after["lat"] as? Double)
        #expect(Self.metres((lon, lat), (last.lon, last.lat)) < 3, "\(Self.metres((lon, lat), (last.lon, last.lat))) m from the tap")
    }

    /// Without a venue it is dead reckoning from the start; an ILC log's times are its Unix milliseconds.
    @Test func withoutAVenueItIsDeadReckoningOnTheLogsClock() async throws {
        let ilc = Self.fixtures.appendingPathComponent("ms-ilc2/site1/F4/5ddb653d9191710006b575a5.txt").path
        let r = try await CLI.run(["locate", "--sensors", ilc, "--start", "120.0764,30.2927@3", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let first = try #require(r.stdout.split(separator: "\n").first)
        let step = try #require(JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        #expect((step["time"] as? Double).map { $0 > 1_574_656_191_000 && $0 == $0.rounded() } == true, "\(step)")
        #expect(step["space"] is NSNull && step["level"] as? Double == 3)
    }

    /// A file in no known format names its line; a start that is no place is a usage error.
    @Test func badInputSaysWhatAndWhere() async throws {
        let noise = NSTemporaryDirectory() + "indoornav-locate-\(UUID().uuidString).csv"
        try Data("time,x,y,z\n1,2,3,4\n".utf8).write(to: URL(fileURLWithPath: noise))
        defer { try? FileManager.default.removeItem(atPath: noise) }
        let unknown = try await CLI.run(["locate", "--sensors", noise, "--start", "2.35,48.85"])
        #expect(unknown.status == 1 && unknown.stderr.contains("\(noise):1: not a sensor log"), "\(unknown.stderr)")
        let nowhere = try await CLI.run(["locate", "--sensors", Self.log, "--start", "the moon"])
        #expect(nowhere.status == 2 && nowhere.stderr.contains("LON,LAT[@ORDINAL]"), "\(nowhere.stderr)")
    }

    /// Kind: follow mode indoors. `follow --sensors` replays the walk, matched to the venue, through the navigation
    /// engine from its first waypoint to its last, and arrives; without --from it says where the walk must start.
    @Test func followWithTheSensorLogArrives() async throws {
        let truth = try Self.truth()
        let first = try #require(truth.first), last = try #require(truth.last)
        let r = try await CLI.run(["follow", "--sensors", Self.log, "--venue", Self.venue, "--from", "\(first.lon),\(first.lat)@3",
                                   "--to", "\(last.lon),\(last.lat)@3", "--speed", "max", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let events = r.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        let names = events.compactMap { $0["event"] as? String }
        #expect(names.first == "provider_status" && names.contains("started") && names.last == "arrived", "\(names.suffix(5))")
        #expect(names.count { $0 == "progress" } > 20)
        let missing = try await CLI.run(["follow", "--sensors", Self.log, "--venue", Self.venue, "--to", "\(last.lon),\(last.lat)@3"])
        #expect(missing.status == 2 && missing.stderr.contains("--sensors needs --from PLACE"), "\(missing.stderr)")
    }
}
