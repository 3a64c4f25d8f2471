import IndoorBase
import IndoorGeometry
import IndoorSearch
import IndoorVenue
import Testing

/// Every level of an OSM extract belongs to every building drawn in it (a station's platforms and the hotel next
/// door): a place is in the building whose footprint holds it, search finds it by that building's name and not by
/// its neighbours', and a building filter keeps what is inside.
@Suite struct PlaceBuildingsTests {
    static func block(_ west: Double) -> GeoGeometry { GeoGeometry(degrees: .rectangle(BoundingBox(minX: west, minY: 49.870, maxX: west + 0.001, maxY: 49.871))) }

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
        #expect(index.search(SearchQuery("Hauptbahnhof")).map(\.poi.id) == ["way/2", "kiosk"])
        #expect(index.search(SearchQuery("IntercityHotel")).map(\.poi.id) == ["way/1", "reception"])
        var inStation = SearchQuery("atm")
        inStation.buildingID = "way/2"
        #expect(index.search(inStation).map(\.poi.id) == ["kiosk"])
    }

    /// Kind: a named building the venue draws floors of. It is a place of its own (kind `building`), on its ground
    /// floor at its principal entrance (an opening on its outline), its area the footprint; without an entrance, inside
    /// the footprint; a building a POI already stands for (OSM's `amenity=*` buildings) is not listed twice.
    @Test func aNamedBuildingIsAPlaceAtItsPrincipalEntrance() throws {
        var venue = try Self.venue()
        let door = GeoGeometry(degrees: .lineString(try LineString([GeoCoordinate(longitude: 8.6323, latitude: 49.870).position,
                                                       GeoCoordinate(longitude: 8.6325, latitude: 49.870).position])))
        venue.openings = [Opening(id: "door", category: "pedestrian.principal", levelID: "0", geometry: door)]
        let index = SearchIndex(venue: venue)
        let station = try #require(index.places.first { $0.id == "way/2" })
        #expect(station.kind == .building && station.category == "building" && station.levelID == "0")
        #expect(abs(station.coordinate.longitude - 8.6324) < 1e-7 && abs(station.coordinate.latitude - 49.870) < 1e-7)
        #expect(station.footprint == Self.block(8.632))
        let hotel = try #require(index.places.first { $0.id == "way/1" })
        #expect(PreparedPolygon(Self.block(8.630).degrees).contains(hotel.coordinate.position), "inside the hotel without an entrance")
        #expect(index.search(SearchQuery("gebäude")).map(\.poi.kind) == [.building, .building])
        // A POI of the building's own id stands for it.
        venue.pois.append(POI(id: "way/1", kind: .amenity, category: "hotel", name: LocalizedText("IntercityHotel"), levelID: "0",
                              coordinate: GeoCoordinate(longitude: 8.6305, latitude: 49.8705)))
        #expect(SearchIndex(venue: venue).places.filter { $0.id == "way/1" }.count == 1)
    }
}
