import Foundation
import IndoorBase
import IndoorGeometry
import Testing

@Suite struct GeoJSONTests {
    func json(_ text: String) throws -> JSONValue { try JSONParser().parse(Data(text.utf8)).value }

    @Test func readsAFeatureAndKeepsForeignMembers() throws {
        let f = try Feature(json: json("""
            {"type": "Feature", "id": "u1", "feature_type": "unit",
             "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,0]]]},
             "properties": {"category": "room"}}
            """))
        #expect(f.id == .string("u1"))
        #expect(f.foreignMembers["feature_type"] == .string("unit"))
        #expect(f.properties["category"] == .string("room"))
        guard case .polygon(let p)? = f.geometry else { Issue.record("not a polygon"); return }
        #expect(p.exterior.coordinates.count == 4)
    }

    @Test func roundTripsThroughCodable() throws {
        let original = FeatureCollection(features: [
            Feature(id: .number(7), geometry: .lineString(try LineString([Coordinate(x: 1, y: 2), Coordinate(x: 3, y: 4)])),
                    properties: ["name": .string("door")], foreignMembers: ["feature_type": .string("opening")]),
            Feature(geometry: nil),
        ], foreignMembers: ["name": .string("opening")])
        let data = try JSONEncoder().encode(original)
        #expect(try JSONDecoder().decode(FeatureCollection.self, from: data) == original)
    }

    @Test(arguments: [
        (#"{"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0,0],[1,0],[1,1],[0,1]]]}}"#, "not closed"),
        (#"{"type": "Feature", "geometry": {"type": "Point", "coordinates": [1]}}"#, "two numbers"),
        (#"{"type": "Feature", "geometry": {"type": "Circle", "coordinates": [1, 2]}}"#, "unknown geometry type"),
        (#"{"type": "Featur", "geometry": null}"#, "must be \"Feature\""),
        (#"{"type": "Feature", "geometry": {"type": "LineString", "coordinates": "oops"}}"#, "expected an array"),
        (#"{"type": "Feature", "geometry": null, "properties": [1]}"#, "expected an object"),
    ])
    func rejectsWhatRFC7946Forbids(text: String, reason: String) throws {
        let value = try json(text)
        do {
            _ = try Feature(json: value)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.localizedDescription.contains(reason), "\(error.localizedDescription)")
        }
    }

    @Test func rejectsNonFiniteCoordinates() {
        #expect(throws: GeometryError.nonFiniteCoordinate(index: 1)) {
            try LineString([Coordinate(x: 0, y: 0), Coordinate(x: .nan, y: 1)])
        }
    }

    /// A LineString of a million positions is read in linear time; a number past Double's range is a syntax error
    /// with its line and column (never an infinity that slips into geometry).
    @Test func giantArraysAndNumbersOutOfRange() throws {
        let positions = (0..<1_000_000).map { "[\($0 % 180).5,\($0 % 90).25]" }.joined(separator: ",")
        let start = ContinuousClock.now
        let line = try Geometry(json: try json("{\"type\":\"LineString\",\"coordinates\":[\(positions)]}"))
        #expect(line.allCoordinates.count == 1_000_000)
        #expect(ContinuousClock.now - start < .seconds(60))
        for text in [#"{"type":"Point","coordinates":[1e400,2]}"#, #"{"type":"Point","coordinates":[-1e309,2]}"#] {
            #expect { try json(text) } throws: { ($0 as? JSONSyntaxError).map { $0.line == 1 && $0.reason == "number out of range" } ?? false }
        }
    }
}
