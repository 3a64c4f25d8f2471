import Foundation
import IndoorTestSupport
import Testing

/// `venue places` and `venue export`: every place a visitor can name, by the id that names it back, and the whole
/// venue as GeoJSON a GIS reads (GDAL's `ogrinfo`, when installed).
@Suite(.enabled(if: TestTier.integration), .timeLimit(.minutes(8))) struct VenueExportTests {
    @Test func everyListedPlaceIsNamedBackByItsID() async throws {
        let r = try await CLI.run(["venue", "places", "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        let places = try #require(try r.json()["places"] as? [[String: Any]])
        #expect(places.count == 57, "55 POIs, the named entrance and the building, Central Station")
        #expect(places.contains { $0["kind"] as? String == "building" && $0["name"] as? String == "Central Station" })
        for p in places {
            for key in ["id", "kind", "category", "level_id", "level", "level_name"] { #expect(p[key] != nil, "\(p) lacks \(key)") }
        }
        // A POI, an entrance, and a connector's stop as the export lists it (`CONNECTOR@LEVEL`; the hub's stops all
        // have a POI, which `places` lists instead): each id routes.
        let ids = places.compactMap { $0["id"] as? String }
        let export = try await CLI.run(["venue", "export", "--format", "geojson"])
        let stop = try #require((try export.json()["features"] as? [[String: Any]])?.compactMap { $0["id"] as? String }.first { $0.contains("@") })
        let entrance = try #require(places.first { $0["kind"] as? String == "entrance" }?["id"] as? String, "an entrance")
        for id in [ids[0], stop, entrance] {
            let route = try await CLI.run(["route", "--from", id, "--to", "Relay"])
            #expect(route.status == 0, "\(id): \(route.stderr)")
        }
        let text = try await CLI.run(["venue", "places"])
        #expect(text.status == 0)
        #expect(text.stdout.contains("Page Blanche Bookshop"))
        #expect(text.stdout.split(separator: "\n").count == places.count + 1)
    }

    @Test func theExportHasEveryFeatureWithItsIDAndLevel() async throws {
        let r = try await CLI.run(["venue", "export", "--format", "geojson"])
        #expect(r.status == 0, "\(r.stderr)")
        let json = try r.json()
        #expect(json["type"] as? String == "FeatureCollection")
        let features = try #require(json["features"] as? [[String: Any]])
        let kinds = Dictionary(grouping: features) { ($0["properties"] as? [String: Any])?["feature"] as? String ?? "" }.mapValues(\.count)
        // The sample hub: 3 levels, 48 spaces, 53 openings drawn and 1 where the mezzanine's corridor opens onto
        // the food court (two walkways, no wall), 3 obstacles, 55 POIs, 15 connector stops.
        #expect(kinds == ["level": 3, "space": 48, "opening": 54, "obstacle": 3, "poi": 55, "connector": 15], "\(kinds)")
        let open = features.filter { ($0["properties"] as? [String: Any])?["category"] as? String == "open_plan" }
        #expect(open.count == 1)
        #expect((open.first?["properties"] as? [String: Any])?["door"] as? Bool == false)
        for f in features {
            let p = try #require(f["properties"] as? [String: Any])
            #expect(f["id"] as? String != nil && p["level_id"] as? String != nil && p["level"] as? Double != nil, "\(p)")
        }
        // Points are written to 7 decimals (about a centimetre), as routes are.
        for f in features {
            guard let g = f["geometry"] as? [String: Any], g["type"] as? String == "Point", let c = g["coordinates"] as? [Double] else { continue }
            for x in c { #expect(abs(x * 1e7 - (x * 1e7).rounded()) < 1e-3, "\(c)") }
        }
        let missing = try await CLI.run(["venue", "export"])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("--format geojson"))
    }

    /// GDAL reads both GeoJSON documents IndoorNav writes, with the fields a GIS user filters on.
    @Test(.enabled(if: CommandDefinitionTests.installed("ogrinfo") != nil, "needs GDAL's ogrinfo (Debian gdal-bin)"))
    func ogrinfoReadsTheExportAndARoute() async throws {
        let dir = NSTemporaryDirectory() + "indoornav-ogr-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let export = try await CLI.run(["venue", "export", "--format", "geojson"])
        let route = try await CLI.run(["route", "--from", "Relay", "--to", "Page Blanche Bookshop", "--format", "geojson"])
        for (name, document, count) in [("venue", export.stdout, 178), ("route", route.stdout, nil as Int?)] {
            let file = "\(dir)/\(name).geojson"
            try document.write(toFile: file, atomically: true, encoding: .utf8)
            let info = try Self.ogrinfo(["-ro", "-so", "-al", file])
            #expect(info.status == 0, "\(name): \(info.output)")
            for field in ["id: String", "level: ", "level_id: String"] { #expect(info.output.contains(field), "\(name) lacks \(field)") }
            if let count { #expect(info.output.contains("Feature Count: \(count)"), "\(info.output)") }
            #expect(info.output.contains("ID[\"EPSG\",4326]"), "WGS84")
        }
    }

    static func ogrinfo(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let out = NSTemporaryDirectory() + "indoornav-ogrinfo-\(UUID().uuidString)"
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        defer { try? FileManager.default.removeItem(atPath: out) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try #require(CommandDefinitionTests.installed("ogrinfo")))
        process.arguments = arguments
        process.standardOutput = FileHandle(forWritingAtPath: out)
        process.standardError = FileHandle(forWritingAtPath: out)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "")
    }
}
