import Foundation
import IndoorBase
import IndoorGeometry
import IndoorTestSupport
import IndoorVenue
import Testing

/// OpenStreetMap exported as GeoJSON (osmtogeojson, overpass turbo): the format indoor web maps ship.
@Suite struct OSMGeoJSONTests {
    /// A small mall: footways on two levels joined by steps and a lift node, a shop room with a door node on its
    /// outline, a hall drawn as a multipolygon with a pillar hole, a named indoor street, a shop as `indoor=yes`.
    func mall() -> OSMSketch {
        var osm = OSMSketch()
        let a = osm.node(0, 0), b = osm.node(40, 0), c = osm.node(80, 0)
        osm.way([a, b, c], ["highway": "footway", "indoor": "yes", "level": "0", "name": "Avenue des Alpes"])
        let up = osm.node(40, 20)
        osm.way([b, up], ["highway": "steps", "level": "0;1", "incline": "up"])
        osm.way([up, osm.node(80, 20)], ["highway": "footway", "level": "1"])
        let lift = osm.node(0, 20, ["highway": "elevator", "level": "0;1"])
        osm.way([a, lift, up], ["highway": "footway", "level": "0;1"])
        // A shop whose door node is a vertex of its outline.
        let d = osm.node(60, 2, ["door": "yes", "level": "0"])
        osm.way([osm.node(55, 2), d, osm.node(65, 2), osm.node(65, 10), osm.node(55, 10), osm.node(55, 2)],
                ["indoor": "room", "level": "0", "shop": "books", "name": "Page Blanche"])
        // A hall with a pillar hole, as a multipolygon relation.
        let outer = osm.rectangle(-30, -20, -5, 5, [:]), inner = osm.rectangle(-20, -10, -18, -8, [:])
        osm.relation([("way", outer, "outer"), ("way", inner, "inner")], ["type": "multipolygon", "indoor": "area", "level": "0", "name": "Hall"])
        osm.rectangle(20, 2, 30, 8, ["indoor": "yes", "level": "0", "amenity": "cafe", "name": "Café Müller"])
        return osm
    }

    func load(_ text: String, name: String = "export.geojson") throws -> Venue {
        let dir = try TemporaryDirectory()
        return try VenueLoader.load(path: try dir.write(name, Data(text.utf8)))
    }

    func describe(_ venue: Venue) throws -> [String] {
        let spaces = try venue.spaces.map { s in "space \(s.id) \(s.category) \(s.levelID) \(Int(try venue.frame.project(s.geometry).area().rounded()))" }
        let connectors = venue.connectors.map { c in "connector \(c.kind) \(c.levelIDs)" }
        let pois = venue.pois.map { p in "poi \(p.id) \(p.name.resolved() ?? "") \(p.levelID) \(p.spaceID ?? "-")" }
        let openings = venue.openings.map { o in "opening \(o.id) \(o.levelID)" }
        return (spaces + connectors.sorted() + pois + openings).sorted()
    }

    /// The kind: any OSM data, exported. What loads from the GeoJSON is what loads from the XML — the same spaces,
    /// connectors, places and doors — although the export has lost the node ids the ways shared.
    @Test func anOSMExportInGeoJSONLoadsAsItsXML() throws {
        let osm = mall()
        let dir = try TemporaryDirectory()
        let fromXML = try VenueLoader.load(path: try dir.write("mall.osm", Data(osm.xml().utf8)))
        let fromGeoJSON = try VenueLoader.load(path: try dir.write("mall.geojson", Data(osm.geoJSON().utf8)))
        #expect(try describe(fromGeoJSON) == describe(fromXML))
        #expect(fromGeoJSON.connectors.count == 3, "the steps, the lift and the ramp join level 0 to level 1 at the nodes they share")
        #expect(fromGeoJSON.openings.contains { $0.id.hasPrefix("node/") }, "the shop's door node is on its outline")
        let hall = try #require(fromGeoJSON.spaces.first { $0.name.resolved() == "Hall" })
        #expect(hall.geometry.degrees.polygons.first?.rings.count == 2, "the multipolygon keeps its hole")
        #expect(fromGeoJSON.issues.filter { $0.severity == .error }.isEmpty)
    }

    /// The kind: exporters' properties beside the tags (`@id`, `user`, styling) and osmtogeojson's nested form
    /// (`properties.tags`); numbers and booleans where OSM has strings.
    @Test func exportPropertiesAreNotTagsAndNestedTagsAreRead() throws {
        let text = """
        {"type":"FeatureCollection","features":[
        {"type":"Feature","id":"way/1","properties":{"type":"way","id":1,"tags":{"indoor":"corridor","level":0},"meta":{"user":"x"}},
         "geometry":{"type":"Polygon","coordinates":[[[8.0,50.0],[8.0004,50.0],[8.0004,50.0001],[8.0,50.0001],[8.0,50.0]]]}},
        {"type":"Feature","id":"way/2","properties":{"@id":"way/2","indoor":"room","level":"0","name":"Office","fill":"#fff","user":"y"},
         "geometry":{"type":"Polygon","coordinates":[[[8.0,50.0001],[8.0001,50.0001],[8.0001,50.0002],[8.0,50.0002],[8.0,50.0001]]]}}
        ]}
        """
        let venue = try load(text)
        #expect(venue.spaces.map(\.id).sorted() == ["way/1", "way/2"])
        #expect(venue.spaces.first { $0.id == "way/1" }?.kind == .walkway)
        #expect(venue.levels.map(\.ordinal) == [0])
    }

    /// The kind: a feature no OSM element exports as (a GeometryCollection, no geometry) is a warning naming it;
    /// the rest loads.
    @Test func aFeatureThatIsNoElementIsAWarningNamingIt() throws {
        var text = mall().geoJSON()
        text = text.replacingOccurrences(of: "\n]}\n", with: """
        ,
        {"type":"Feature","id":"way/999","properties":{"indoor":"room","level":"0"},"geometry":{"type":"GeometryCollection","geometries":[]}}
        ]}
        """)
        let venue = try load(text)
        let warning = try #require(venue.issues.first { $0.code == "unsupported-geometry" })
        #expect(warning.featureID == "way/999")
        #expect(venue.spaces.contains { $0.name.resolved() == "Page Blanche" })
    }

    /// An IMDF feature file given alone is an IMDF error that names the folder to give instead; other GeoJSON
    /// that is no OSM export says what a GeoJSON venue file must be.
    @Test func anIMDFFileGivenAloneNamesTheFolderItWants() throws {
        let dir = try TemporaryDirectory()
        let unit = """
        {"type":"FeatureCollection","features":[{"type":"Feature","id":"11111111-1111-1111-1111-111111111111","feature_type":"unit",
         "properties":{"category":"room","level_id":"x"},"geometry":null}]}
        """
        let path = try dir.write("unit.geojson", Data(unit.utf8))
        #expect {
            try VenueLoader.load(path: path)
        } throws: { error in
            guard case VenueError.notAVenue(_, let reason) = error else { return false }
            return reason.contains("IMDF") && reason.contains(dir.path)
        }
        let plain = try dir.write("points.geojson", Data(#"{"type":"FeatureCollection","features":[{"type":"Feature","id":7,"properties":{},"geometry":{"type":"Point","coordinates":[1,2]}}]}"#.utf8))
        #expect {
            try VenueLoader.load(path: plain)
        } throws: { error in
            guard case VenueError.notAVenue(_, let reason) = error else { return false }
            return reason.contains("OpenStreetMap export")
        }
        let broken = try dir.write("broken.geojson", Data(#"{"type":"FeatureCollection","features":[}"#.utf8))
        #expect {
            try VenueLoader.load(path: broken)
        } throws: { error in
            guard case VenueError.notAVenue(_, let reason) = error else { return false }
            return reason.contains("line 1")
        }
    }

    /// The kind: one self-intersecting walkway polygon among a level's walkways (a jittered export). It is made
    /// valid, and the level's walking network is kept: it used to be skipped whole, with every place on it.
    @Test func oneInvalidWalkwayDoesNotDropItsLevelsNetwork() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(60, 0)], ["highway": "footway", "level": "0"])
        // A bow tie: its edges cross at (15, 5).
        let p = osm.node(10, 0), q = osm.node(20, 10), r = osm.node(20, 0), s = osm.node(10, 10)
        osm.way([p, q, r, s, p], ["indoor": "area", "level": "0"])
        osm.rectangle(40, 1, 50, 9, ["indoor": "room", "level": "0", "shop": "books", "name": "Books"])
        let dir = try TemporaryDirectory()
        let venue = try VenueLoader.load(path: try dir.write("bowtie.osm", Data(osm.xml().utf8)))
        #expect(venue.issues.filter { $0.code == "invalid-geometry" && $0.message.contains("could not be unioned") }.isEmpty)
        #expect(venue.spaces.contains { $0.kind == .walkway })
    }
}
