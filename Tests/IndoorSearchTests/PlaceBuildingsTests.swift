import IndoorBase
import IndoorGeometry
import IndoorSearch
import IndoorVenue
import Testing

/// Every level of an OSM extract belongs to every building drawn in it (a station's platforms and the hotel next
/// door): a place is in the building whose footprint holds it, search finds it by that building's name and not by
/// its neighbours', and a building filter keeps what is inside.
@Suite struct PlaceBuildingsTests {
    static func block(_ west: Double) -> Geometry { .rectangle(BoundingBox(minX: west, minY: 49.870, maxX: west + 0.001, maxY: 49.871)) }

    static func venue(footprints: Bool = true) throws -> Venue {
        let buildings = [Building(id: "way/1", name: LocalizedText("IntercityHotel"), footprint: footprints ? block(8.630) : nil),
                         Building(id: "way/2", name: LocalizedText("Hauptbahnhof"), footprint: footprints ? block(8.632) : nil)]
        let level = Level(id: "0", ordinal: 0, name: LocalizedText("Level 0"), buildingIDs: buildings.map(\.id))
        func place(_ id: String, _ name: String, _ longitude: Double) -> POI {
            POI(id: id, kind: .amenity, category: "atm", name: LocalizedText(name), levelID: "0",
                coordinate: GeoCoordinate(longitude: longitude, latitude: 49.8705))
        }
        let pois = [place("reception", "Reception", 8.6305), place("kiosk", "Kiosk", 8.6325), place("bench", "Bench", 8.6315)]
        return Venue(id: "v", name: LocalizedText("V"), sourceFormat: "test", buildings: buildings, levels: [level],
                     spaces: [], openings: [], connectors: [], pois: pois, obstacles: [], issues: [],
                     frame: try LocalFrame(origin: GeoCoordinate(longitude: 8.63, latitude: 49.87)))
    }

    @Test func aPlaceIsInTheBuildingWhoseFootprintHoldsIt() throws {
        let venue = try Self.venue()
        let buildings = PlaceBuildings(venue)
        #expect(venue.pois.map { buildings.buildings(of: $0) } == [[0], [1], []])
        // Without footprints, the level's buildings are all there is to say.
        let drawnNone = try Self.venue(footprints: false)
        #expect(drawnNone.pois.map { PlaceBuildings(drawnNone).buildings(of: $0) } == [[0, 1], [0, 1], [0, 1]])
    }

    @Test func searchFindsAPlaceByItsOwnBuildingsNameOnly() throws {
        let index = SearchIndex(venue: try Self.venue())
        #expect(index.search(SearchQuery("Hauptbahnhof")).map(\.poi.id) == ["kiosk"])
        #expect(index.search(SearchQuery("IntercityHotel")).map(\.poi.id) == ["reception"])
        var inStation = SearchQuery("atm")
        inStation.buildingID = "way/2"
        #expect(index.search(inStation).map(\.poi.id) == ["kiosk"])
    }
}
