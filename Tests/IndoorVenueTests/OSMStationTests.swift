import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue
import Testing

/// The shipped railway stations (venues/osm-stations/), mapped as walking networks.
@Suite struct OSMStationTests {
    static let darmstadt = Repository.path("venues/osm-stations/da_hbf.osm")
    static let darmstadtExtract = Repository.path("venues/osm-stations/da_hbf_2.osm.pbf")
    static let hackney = Repository.path("venues/osm-stations/london-corridor.osm.pbf")

    /// Every connector stop names a walkway of its level.
    func stopsLieInWalkways(_ venue: Venue) -> Bool {
        let spaces = Dictionary(venue.spaces.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        return venue.connectors.allSatisfy { c in
            c.stops.allSatisfy { stop in stop.spaceID.flatMap { spaces[$0] }.map { $0.levelID == stop.levelID && $0.isWalkable } ?? false }
        }
    }

    @Test func darmstadtHbfIsTheStationWithItsPlatformsStairsAndElevators() throws {
        let venue = try VenueLoader.load(path: Self.darmstadt)
        #expect(venue.name.resolved() == "Darmstadt Hauptbahnhof")
        #expect(venue.levels.map(\.ordinal).contains(-1))
        #expect(venue.spaces.filter { $0.kind == .walkway }.count >= 10)
        // Six elevators from the platforms (level −1) to the concourse, and dozens of flights of steps.
        #expect(venue.connectors.filter { $0.kind == .elevator && $0.levelIDs.contains("-1") && $0.levelIDs.contains("0") }.count == 6)
        #expect(venue.connectors.filter { $0.kind == .stairs }.count >= 20)
        #expect(stopsLieInWalkways(venue))
        // The station's pharmacy (an indoor room) and the federal police (a building) are places.
        #expect(venue.pois.contains { $0.category == "pharmacy" && $0.name.resolved() == "Apotheke im Hauptbahnhof" })
        #expect(venue.pois.contains { $0.category == "police" && $0.name.resolved() == "Bundespolizei" })
        #expect(venue.pois.contains { $0.category == "platform" && $0.levelID == "-1" })
        #expect(venue.issues.allSatisfy { $0.code != "dangling-reference" || $0.severity != .error })
    }

    /// Platforms drawn as areas (`railway=platform` closed ways) are open areas to go to: a walk is on the
    /// platform as soon as it steps onto it. A platform drawn as a line is a point.
    @Test func platformsDrawnAsAreasAreOpenAreas() throws {
        let venue = try VenueLoader.load(path: Self.darmstadt)
        let platforms = venue.pois.filter { $0.category == "platform" }
        #expect(platforms.count >= 5)
        for p in platforms {
            let area = try #require(p.footprint, "\(p.id) is a closed way")
            #expect(PreparedPolygon(area.degrees).contains(p.coordinate.position), "\(p.id)")
            #expect(venue.openArea(of: .poi(p)) == area)
        }
        // A room's POI (the pharmacy) is reached at the place, through its door.
        let pharmacy = try #require(venue.pois.first { $0.category == "pharmacy" })
        #expect(venue.openArea(of: .poi(pharmacy)) == nil)
    }

    @Test func darmstadtHbfIsPickedOutOfTheCityExtractByName() throws {
        let whole = try VenueLoader.load(path: Self.darmstadtExtract)
        let venue = try VenueLoader.load(path: Self.darmstadtExtract, selection: .named("Darmstadt Hauptbahnhof"))
        #expect(venue.name.resolved() == "Darmstadt Hauptbahnhof")
        #expect(venue.buildings.count < whole.buildings.count / 2)
        #expect(venue.connectors.filter { $0.kind == .elevator }.count >= 6)
        #expect(venue.pois.contains { $0.category == "pharmacy" })
        #expect(stopsLieInWalkways(venue))
        // What the extract keeps of the station lies within a few hundred metres of it.
        let extent = try #require(venue.extent)
        let frame = try LocalFrame(centeredOn: extent)
        let sw = try frame.project(GeoCoordinate(position: Coordinate(x: extent.minX, y: extent.minY))), ne = try frame.project(GeoCoordinate(position: Coordinate(x: extent.maxX, y: extent.maxY)))
        #expect(ne.x - sw.x < 700 && ne.y - sw.y < 900)
    }

    @Test func hackneyCentralLoadsFromPBFWithItsElevators() throws {
        let venue = try VenueLoader.load(path: Self.hackney)
        #expect(venue.sourceFormat == "OSM")
        #expect(venue.name.resolved() == "Hackney Central")
        #expect(venue.connectors.contains { $0.kind == .elevator })
        #expect(stopsLieInWalkways(venue))
    }
}
