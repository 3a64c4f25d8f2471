import Foundation
import IndoorTestSupport
import Testing

@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct RouteCommandTests {
    @Test func theREADMERouteChangesLevel() async throws {
        let r = try await CLI.run(["route", "--from", "Café Müller", "--to", "Page Blanche Bookshop"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("Café Müller → Page Blanche Bookshop"))
        #expect(r.stdout.contains("Concourse [0]") && r.stdout.contains("Mezzanine [1]"))
        #expect(r.stdout.contains("up 1 level to Mezzanine"))
        #expect(r.stdout.contains("You reach Page Blanche Bookshop"))
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

    /// On a campus of several buildings, places of the same name on floors of the same name are told apart by
    /// their building: in search lines and JSON, and in the route's note on which one it took (issue 18: two
    /// identical lines "Кабинет 104 — classroom, Этаж 1").
    @Test func placesOfACampusSayWhichBuildingTheyAreIn() async throws {
        let campus = CLI.root.appendingPathComponent("venues/imdf-spbstu-polytech").path
        let search = try await CLI.run(["search", "кабинет 104", "--venue", campus, "--lang", "ru"])
        #expect(search.status == 0, "\(search.stderr)")
        let lines = search.stdout.split(separator: "\n").prefix(2).map(String.init)
        #expect(lines.count == 2 && lines[0].contains("Учебный корпус №3, Этаж 1 [1]") && lines[1].contains("Главный учебный корпус, Этаж 1 [0]"),
                "\(lines)")
        let json = try await CLI.run(["search", "Classroom 104", "--venue", campus, "--json"])
        let results = try #require(try json.json()["results"] as? [[String: Any]])
        #expect(Set(results.prefix(2).compactMap { $0["building"] as? String }) == ["Academic building №3", "Main academic building"])
        let route = try await CLI.run(["route", "--from", "Classroom 104", "--to", "Classroom 406", "--venue", campus])
        #expect(route.stderr.contains("took Classroom 104 in Academic building №3, on Level 1 [1]"), "\(route.stderr)")
        #expect(route.stderr.contains("  Classroom 104 in Main academic building, on Level 1 [0]: "), "\(route.stderr)")
        // A venue of one building names none.
        let hub = try await CLI.run(["search", "Relay", "--json"])
        #expect((try #require(try hub.json()["results"] as? [[String: Any]])).allSatisfy { $0["building"] == nil })
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
        // The last step says the arrival: where the place is, and how the walk comes to it.
        let arrival = try #require(steps.last?["arrival"] as? [String: Any])
        #expect(arrival["name"] as? String == "Marché Express")
        #expect(["left", "right", "ahead"].contains(arrival["side"] as? String ?? ""))
        #expect(arrival["approach"] is String)
        #expect(steps.dropLast().allSatisfy { $0["arrival"] == nil })
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

@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct RenderCommandTests {
    /// An image for a folder that does not exist is refused before anything is drawn, saying so (issue 18: "error
    /// while writing to output stream"); `route --render` likewise, before printing the itinerary.
    @Test func anImageInAFolderThatDoesNotExistIsRefusedUpFront() async throws {
        let render = try await CLI.run(["render", "-o", "/nonexistent-dir/x.png"])
        #expect(render.status == 1)
        #expect(render.stderr.contains("/nonexistent-dir/x.png: cannot write the image (there is no folder /nonexistent-dir)"), "\(render.stderr)")
        let route = try await CLI.run(["route", "--from", "Relay", "--to", "Café Müller", "--render", "/nonexistent-dir/x.png"])
        #expect(route.status == 1 && route.stdout.isEmpty, "\(route.stdout)")
        #expect(route.stderr.contains("there is no folder /nonexistent-dir"))
    }

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

extension RenderCommandTests {
    /// Issue 18: `render -o x.svg` writes the names of the route's ends as `<text>` (not glyph outlines), and a PDF
    /// of `--size 1200x900` is a 900 × 675 pt page.
    @Test func writesSVGLabelsAsTextAndPDFPagesInCSSPixels() async throws {
        let dir = NSTemporaryDirectory() + "indoornav-cli-render-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let route = ["render", "--from", "Café Müller", "--to", "Page Blanche Bookshop", "--size", "1200x900"]
        let svg = try await CLI.run(route + ["-o", "\(dir)/route.svg"])
        #expect(svg.status == 0, "\(svg.stderr)")
        let document = String(decoding: try Data(contentsOf: URL(fileURLWithPath: "\(dir)/route.svg")), as: UTF8.self)
        for name in ["Café Müller", "Page Blanche Bookshop", "Concourse", "Mezzanine"] {
            #expect(document.contains(">\(name)</text>"), "no <text> \(name)")
        }
        #expect(!document.contains("<use"), "glyph outlines in the SVG")
        #expect(document.contains(#"width="1200px" height="900px""#))
        let pdf = try await CLI.run(route + ["-o", "\(dir)/route.pdf"])
        #expect(pdf.status == 0, "\(pdf.stderr)")
        let bytes = String(decoding: try Data(contentsOf: URL(fileURLWithPath: "\(dir)/route.pdf")), as: UTF8.self)
        #expect(bytes.contains("/MediaBox [ 0 0 900 675 ]"))
    }
}

enum PNGHeader {
    static func matches(_ path: String) -> Bool {
        (FileManager.default.contents(atPath: path)?.prefix(4)).map { Array($0) == [0x89, 0x50, 0x4E, 0x47] } ?? false
    }
}

@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct NMEACommandTests {
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
        #expect(missing.stderr.contains("/no/such.log: cannot open: No such file or directory"))
        #expect(try await CLI.run(["nmea", "encode"]).status == 2)
    }

    /// A true heading (HDT, THS) is gpsd's ATT report after the epoch's TPV, not a TPV field: on the receivers that
    /// send one, the headings follow gpsd's own (gpsd repeats an unchanged heading for each sentence that carries
    /// it, so runs of the same value are compared once).
    @Test(arguments: ["rst39.log", "saab-r4.log"])
    func trueHeadingsAreATTReportsAsGpsdGivesThem(log: String) async throws {
        let path = "Tests/IndoorLocationTests/Fixtures/gpsd/" + log
        let r = try await CLI.run(["nmea", "decode", path])
        #expect(r.status == 0)
        func headings(_ text: String) throws -> [Double] {
            var out: [Double] = []
            for line in text.split(whereSeparator: \.isNewline) {
                let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                if o["class"] as? String == "TPV" { #expect(o["heading"] == nil, "\(line)") }
                guard o["class"] as? String == "ATT", let h = (o["heading"] as? NSNumber)?.doubleValue else { continue }
                if out.last != h { out.append(h) }
            }
            return out
        }
        // gpsd's check files end lines in CRLF, one Character in Swift: split on any newline.
        let gpsd = try String(contentsOfFile: path + ".chk", encoding: .utf8).split(whereSeparator: \.isNewline).filter { $0.hasPrefix(#"{"class":"ATT""#) }
        let ours = try headings(r.stdout), theirs = try headings(gpsd.joined(separator: "\n"))
        #expect(!ours.isEmpty)
        #expect(ours == theirs)
    }

    /// A date before 2000 is taken as a GPS week rollover, as gpsd does, and said: the date changes by 19.6 years.
    @Test func aDateBefore2000IsMovedOnAsARolloverAndSaid() async throws {
        func sentence(_ body: String) -> String {
            let hex = String(body.utf8.reduce(UInt8(0)) { $0 ^ $1 }, radix: 16, uppercase: true)
            return "$" + body + "*" + (hex.count < 2 ? "0" + hex : hex) + "\r\n"
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("rollover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let old = dir.appendingPathComponent("old.nmea"), new = dir.appendingPathComponent("new.nmea")
        try (sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")
             + sentence("GPRMC,123520,A,4807.038,N,01131.000,E,022.4,084.4,230394,003.1,W")).write(to: old, atomically: true, encoding: .utf8)
        try sentence("GPRMC,123519,A,4807.038,N,01131.000,E,022.4,084.4,230324,003.1,W").write(to: new, atomically: true, encoding: .utf8)
        let moved = try await CLI.run(["nmea", "decode", old.path])
        #expect(moved.stdout.contains(#""time":"2013-11-06T12:35:19.000Z""#))
        #expect(moved.stderr.contains("line 1: the date 1994-03-23 is before 2000: taken as a GPS week rollover"))
        #expect(moved.stderr.contains("to 2013-11-06 (and 1 later date)"))
        let kept = try await CLI.run(["nmea", "decode", new.path])
        #expect(kept.stdout.contains(#""time":"2024-03-23T12:35:19.000Z""#))
        #expect(!kept.stderr.contains("rollover"))
    }
}

@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct GPXCommandTests {
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
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct EnglishCountTests {
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
