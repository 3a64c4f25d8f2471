import Foundation
import IndoorTestSupport
import Testing

@Suite(.timeLimit(.minutes(3))) struct RouteCommandTests {
    @Test func theREADMERouteChangesLevel() async throws {
        let r = try await CLI.run(["route", "--from", "Café Müller", "--to", "Page Blanche Bookshop"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Café Müller → Page Blanche Bookshop"))
        #expect(r.stdout.contains("Concourse [0]") && r.stdout.contains("Mezzanine [1]"))
        #expect(r.stdout.contains("up 1 level to Mezzanine"))
        #expect(r.stdout.contains("Arrive at Page Blanche Bookshop"))
    }

    /// Three women's restrooms share a name: the route says which it took and names the others by id, which
    /// then route to them.
    @Test func aNameSharedByPlacesSaysWhichWasTakenAndHowToNameTheOthers() async throws {
        let r = try await CLI.run(["route", "--from", "Relay", "--to", "Women's restroom"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("\"Women's restroom\" matches 3 places equally well; took Women's restroom on Concourse [0]"), "\(r.stderr)")
        let others = r.stderr.split(separator: "\n").filter { $0.hasPrefix("  Women's restroom on ") }
        #expect(others.count == 2)
        for line in others {
            let id = try #require(line.split(separator: " ").last.map(String.init))
            let again = try await CLI.run(["route", "--from", "Relay", "--to", id])
            #expect(again.status == 0 && !again.stderr.contains("note:"), "\(again.stderr)")
        }
        // One place of that name: no note.
        let one = try await CLI.run(["route", "--from", "Relay", "--to", "Marché Express"])
        #expect(!one.stderr.contains("note:"))
    }

    /// An elevator named only by its description in OSM is a place to route to.
    @Test func routesToAStationElevatorByItsLabel() async throws {
        let r = try await CLI.run(["route", "--venue", CLI.root.appendingPathComponent("venues/osm-stations/da_hbf.osm").path,
                                   "--from", "Haupteingang", "--to", "Aufzug Gleis 5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("Darmstadt Hbf, Haupteingang → Aufzug Gleis 5+6"), "\(r.stdout.prefix(200))")
    }

    @Test func jsonHasDistanceDurationLegsAndSteps() async throws {
        let r = try await CLI.run(["route", "--from", "Relay", "--to", "Marché Express", "--format", "json"])
        #expect(r.status == 0)
        let json = try r.json()
        #expect(json["distance"] is Double && json["duration"] is Double)
        let legs = try #require(json["legs"] as? [[String: Any]])
        #expect(legs.count == 2)
        let steps = legs.flatMap { ($0["steps"] as? [[String: Any]]) ?? [] }
        #expect(steps.allSatisfy { $0["maneuver"] is String && $0["instruction"] is String && $0["distance"] is NSNumber
            && $0["duration"] is NSNumber && $0["level"] is NSNumber })
        #expect(steps.first?["maneuver"] as? String == "depart")
        #expect(steps.last?["maneuver"] as? String == "arrive")
        #expect(legs.compactMap { ($0["level"] as? NSNumber)?.doubleValue } == [0, -1])
    }

    @Test func geoJSONIsAFeatureCollectionOfLegLinesAndStepPoints() async throws {
        let r = try await CLI.run(["route", "--from", "Relay", "--to", "Page Blanche Bookshop", "--format", "geojson"])
        #expect(r.status == 0)
        let json = try r.json()
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        let lines = features.filter { ($0["geometry"] as? [String: Any])?["type"] as? String == "LineString" }
        #expect(lines.count == 2)
        for line in lines {
            let props = try #require(line["properties"] as? [String: Any])
            #expect(props["level"] is NSNumber && props["distance"] is NSNumber && props["duration"] is NSNumber)
            let coordinates = try #require((line["geometry"] as? [String: Any])?["coordinates"] as? [[Double]])
            // RFC 7946: [longitude, latitude], near the hub (2.35 E, 48.85 N).
            #expect(coordinates.allSatisfy { abs($0[0] - 2.35) < 0.01 && abs($0[1] - 48.85) < 0.01 })
        }
        #expect(features.contains { ($0["properties"] as? [String: Any])?["instruction"] is String })
        // As GIS tools expect (issue 18): a unique id per feature, the level's id beside its ordinal, and positions
        // to 7 decimals (a centimetre; a validator flags the 15 that doubles print).
        let ids = features.compactMap { $0["id"] as? String }
        #expect(ids.count == features.count && Set(ids).count == ids.count && ids.first == "leg-0")
        #expect(features.allSatisfy { (($0["properties"] as? [String: Any])?["level_id"] as? String)?.isEmpty == false })
        let decimals = r.stdout.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { $0.split(separator: ".").dropFirst().first?.count }
        #expect(decimals.max() ?? 0 <= 7, "\(decimals.max() ?? 0) decimals")
    }

    @Test func accessibleFrenchViaAndNearestCategory() async throws {
        let fr = try await CLI.run(["route", "--from", "Relay", "--to", "Page Blanche Bookshop", "--profile", "accessible", "--lang", "fr"])
        #expect(fr.status == 0)
        #expect(fr.stdout.contains("Prenez l'ascenseur"))
        #expect(!fr.stdout.contains("escalier"))
        let via = try await CLI.run(["route", "--from", "Relay", "--via", "Café Müller", "--to", "Fleurs de Lys", "--format", "json"])
        #expect(via.status == 0)
        let steps = (try via.json()["legs"] as? [[String: Any]])?.flatMap { ($0["steps"] as? [[String: Any]]) ?? [] } ?? []
        #expect(steps.contains { $0["maneuver"] as? String == "waypoint" })
        let nearest = try await CLI.run(["route", "--from", "Relay", "--to", "category:restroom"])
        #expect(nearest.status == 0)
        #expect(nearest.stdout.contains("restroom"))
    }

    /// Every word of the text itinerary is in the language asked for — the summary, the level legs, the steps —
    /// with distances and durations rounded as people say them and their units in the plural the count takes.
    @Test(arguments: [
        ("en", "Café Müller → Page Blanche Bookshop: 65 m, about 1 minute", "Concourse [0] — 30 m, 40 seconds", [String]()),
        ("fr", "Café Müller → Librairie Page Blanche: 65\u{A0}m, environ 1 minute", "Hall [0] — 30\u{A0}m, 40 secondes",
         ["about", "seconds", " min,", "Leave", "Take"]),
        ("de", "Café Müller → Page Blanche Bookshop: 65\u{A0}m, etwa 1 Minute", "Concourse [0] — 30\u{A0}m, 40 Sekunden",
         ["about", "seconds", "minute", " min", "Leave", "Take"]),
        ("ru", "Café Müller → Page Blanche Bookshop: 65\u{A0}м, примерно 1 минута", "Concourse [0] — 30\u{A0}м, 40 секунд",
         ["about", "seconds", "minute", " min", " m,", "Leave", "Take"]),
    ])
    func theTextItineraryIsInOneLanguage(lang: String, summary: String, leg: String, english: [String]) async throws {
        let r = try await CLI.run(["route", "--from", "Café Müller", "--to", "Page Blanche", "--lang", lang])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == summary)
        #expect(lines.contains(leg), "\(r.stdout)")
        for word in english { #expect(!r.stdout.contains(word), "\(word) in \(r.stdout)") }
    }

    @Test func failuresAreClear() async throws {
        let unknown = try await CLI.run(["route", "--from", "Relay", "--to", "xyzzy"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("no place matches \"xyzzy\""))
        let profile = try await CLI.run(["route", "--from", "Relay", "--to", "Café Müller", "--profile", "flying"])
        #expect(profile.status == 2)
        let missing = try await CLI.run(["route", "--from", "Relay"])
        #expect(missing.status == 2)
        let level = try await CLI.run(["route", "--from", "2.35,48.85@7", "--to", "Relay"])
        #expect(level.status == 1)
        #expect(level.stderr.contains("names no level"))
    }

    /// Coordinates typed LAT,LON (the order of most map apps) are the commonest slip with `LON,LAT@LEVEL`: when the
    /// point is far off the venue and inside it swapped, the error says so and gives the swapped text.
    @Test func swappedCoordinatesAreNamedAsSuch() async throws {
        let swapped = try await CLI.run(["route", "--from", "48.84988771,2.34988396@0", "--to", "Relay"])
        #expect(swapped.status == 1)
        #expect(swapped.stderr.contains("did you mean 2.34988396,48.84988771@0?"), "\(swapped.stderr)")
        let right = try await CLI.run(["route", "--from", "2.34988396,48.84988771@0", "--to", "Café Müller"])
        #expect(right.status == 0, "\(right.stderr)")
        // Far from the venue either way: not a swap, the routing error stands.
        let far = try await CLI.run(["route", "--from", "10.5,50.5@0", "--to", "Relay"])
        #expect(far.status == 1)
        #expect(!far.stderr.contains("swapped"))
    }
}

@Suite(.timeLimit(.minutes(3))) struct RenderCommandTests {
    @Test func rendersALevelARouteAndRefusesToOverwrite() async throws {
        let dir = NSTemporaryDirectory() + "indoornav-cli-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let level = try await CLI.run(["render", "--level", "-1", "--size", "400x300", "-o", "\(dir)/level.svg"])
        #expect(level.status == 0, "\(level.stderr)")
        #expect(FileManager.default.fileExists(atPath: "\(dir)/level.svg"))
        let route = try await CLI.run(["route", "--from", "Relay", "--to", "Page Blanche Bookshop", "--render", "\(dir)/route.png"])
        #expect(route.status == 0, "\(route.stderr)")
        #expect(PNGHeader.matches("\(dir)/route.png"))
        let again = try await CLI.run(["render", "--from", "Relay", "--to", "Café Müller", "-o", "\(dir)/route.png"])
        #expect(again.status == 1)
        #expect(again.stderr.contains("--force"))
        let forced = try await CLI.run(["render", "--from", "Relay", "--to", "Café Müller", "-o", "\(dir)/route.png", "--force", "--style", "dark"])
        #expect(forced.status == 0)
        let bad = try await CLI.run(["render", "-o", "\(dir)/x.gif"])
        #expect(bad.status == 2)
        let size = try await CLI.run(["render", "--size", "0x10", "-o", "\(dir)/x.png"])
        #expect(size.status == 2)
    }
}

enum PNGHeader {
    static func matches(_ path: String) -> Bool {
        (FileManager.default.contents(atPath: path)?.prefix(4)).map { Array($0) == [0x89, 0x50, 0x4E, 0x47] } ?? false
    }
}

@Suite(.timeLimit(.minutes(3))) struct NMEACommandTests {
    @Test func decodesALogIntoTPVLinesWithASummary() async throws {
        let r = try await CLI.run(["nmea", "decode", "Tests/IndoorLocationTests/Fixtures/gpsd/quectel-L70.log"])
        #expect(r.status == 0)
        let lines = r.stdout.split(separator: "\n")
        #expect(lines.count == 16)
        let first = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(first["class"] as? String == "TPV")
        #expect(first["time"] as? String == "2022-03-09T15:01:19.000Z")
        #expect((first["lat"] as? NSNumber)?.doubleValue == 51.068098333)
        #expect((first["mode"] as? NSNumber)?.intValue == 3)
        #expect(r.stderr.contains("epochs; skipped:"))
        let missing = try await CLI.run(["nmea", "decode", "/no/such.log"])
        #expect(missing.status == 1)
        #expect(try await CLI.run(["nmea", "encode"]).status == 2)
    }
}

@Suite(.timeLimit(.minutes(3))) struct GPXCommandTests {
    @Test func summarisesAGPXFileAndRefusesOneThatIsNot() async throws {
        let r = try await CLI.run(["gpx", "info", "Tests/IndoorLocationTests/Fixtures/gpx/georust/garmin-activity.gpx", "--json"])
        #expect(r.status == 0)
        let json = try r.json()
        for key in ["waypoints", "routes", "route_points", "tracks", "segments", "track_points", "start", "end"] {
            #expect(json[key] != nil, "\(key)")
        }
        #expect((json["track_points"] as? NSNumber)?.intValue == 988)
        let start = try #require(json["start"] as? [String: Any])
        #expect(start["time"] as? String == "2017-07-29T14:46:35.000Z")
        // In text, one track is "1 track", and positions are longitude first, as places are written.
        let text = try await CLI.run(["gpx", "info", "Tests/IndoorLocationTests/Fixtures/gpx/georust/garmin-activity.gpx"])
        #expect(text.stdout.contains("1 track in 1 segment (988 points)"), "\(text.stdout)")
        let lon = try #require(start["lon"] as? Double), lat = try #require(start["lat"] as? Double)
        #expect(text.stdout.contains(String(format: "start: %.6f,%.6f", lon, lat)), "\(text.stdout)")
        let bad = try await CLI.run(["gpx", "info", "Tests/IndoorLocationTests/Fixtures/gpx/georust/badcharacter.xml"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("not GPX"))
    }

    /// `-` reads standard input, as `curl … | indoornav gpx info -`.
    @Test func readsStandardInput() async throws {
        let (p, output) = try CLI.spawn(["-c", #"exec "$0" gpx info - --json < "$1""#, CLI.executable.path,
                                         "Tests/IndoorLocationTests/Fixtures/gpx/georust/garmin-activity.gpx"],
                                        executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(await waitForExit(p))
        #expect(p.terminationStatus == 0, "\(output.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: output.stdoutData) as? [String: Any])
        #expect((json["track_points"] as? NSNumber)?.intValue == 988)
    }
}

/// Counts of one in English output take the singular ("1 error", "1 track in 1 segment", "1 epoch"), from the
/// plural rule the itineraries use.
@Suite(.timeLimit(.minutes(3))) struct EnglishCountTests {
    @Test func oneOfEachIsSingular() async throws {
        let dir = NSTemporaryDirectory() + "indoornav-one-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }

        let gpx = dir + "/one.gpx"
        try Data(#"<gpx version="1.1"><wpt lat="1" lon="1"/><trk><trkseg><trkpt lat="48.85" lon="2.35"/></trkseg></trk></gpx>"#.utf8)
            .write(to: URL(fileURLWithPath: gpx))
        let info = try await CLI.run(["gpx", "info", gpx])
        #expect(info.stdout.contains("1 waypoint, 0 routes (0 points), 1 track in 1 segment (1 point)"), "\(info.stdout)")

        let nmea = dir + "/one.nmea"
        try Data("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47\r\n".utf8).write(to: URL(fileURLWithPath: nmea))
        let decode = try await CLI.run(["nmea", "decode", nmea])
        #expect(decode.stderr.hasPrefix("1 sentence, 1 epoch; skipped: none"), "\(decode.stderr)")

        // The sample venue with one broken file: exactly one error.
        let venue = dir + "/venue"
        try FileManager.default.copyItem(atPath: CLI.root.appendingPathComponent("venues/transit-hub").path, toPath: venue)
        try Data().write(to: URL(fileURLWithPath: venue + "/fixture.geojson"))
        let validate = try await CLI.run(["venue", "validate", "--venue", venue])
        #expect(validate.stdout.hasSuffix("\(venue): 1 error, 0 warnings, 0 notes\n"), "\(validate.stdout)")

        let simulate = try await CLI.run(["simulate", "--from", "Relay", "--to", "Café Müller", "--sessions", "1", "--seed", "9", "--detour-rate", "1"])
        #expect(simulate.stdout.contains("1 for 1 real detour ("), "\(simulate.stdout)")
    }
}
