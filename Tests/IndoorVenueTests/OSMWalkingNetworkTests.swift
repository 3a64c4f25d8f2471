import Foundation
import IndoorBase
import IndoorGeometry
import IndoorTestSupport
import IndoorVenue
import Testing

/// Stations and malls mapped as a walking network (footways, steps, elevators on levels) and with `indoor=yes`.
@Suite struct OSMWalkingNetworkTests {
    func load(_ sketch: OSMSketch, selection: VenueSelection? = nil) throws -> Venue {
        let dir = try TemporaryDirectory()
        return try VenueLoader.load(path: try dir.write("sketch.osm", Data(sketch.xml().utf8)), selection: selection)
    }

    func area(_ space: Space, in venue: Venue) throws -> Double { try venue.frame.project(space.geometry).area() }

    func walkways(_ venue: Venue, level: String) -> [Space] {
        venue.spaces.filter { $0.levelID == level && $0.kind == .walkway }
    }

    /// The walkway that holds a connector's stop on a level.
    func stopSpace(_ c: Connector, level: String, in venue: Venue) -> Space? {
        c.stops.first { $0.levelID == level }?.spaceID.flatMap { id in venue.spaces.first { $0.id == id } }
    }

    @Test func aFootwayNetworkWithoutPolygonsBecomesWalkableSpace() throws {
        var osm = OSMSketch()
        let a = osm.node(0, 0), b = osm.node(40, 0), c = osm.node(40, 30)
        osm.way([a, b], ["highway": "footway", "level": "0"])
        osm.way([b, c], ["highway": "corridor", "level": "0"])
        let venue = try load(osm)
        let spaces = walkways(venue, level: "0")
        // Two ways sharing a node are one piece, 2 m wide: about 70 m × 2 m.
        #expect(spaces.count == 1)
        let space = try #require(spaces.first)
        #expect(space.category == "footway")
        #expect(space.isWalkable)
        #expect(abs(try area(space, in: venue) - 140) < 8)
    }

    @Test func aFootwayIsAsWideAsItsWidthTagElseAsItsKind() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(50, 0)], ["highway": "footway", "level": "0", "width": "5 m"])
        osm.way([osm.node(0, 100), osm.node(50, 100)], ["highway": "pedestrian", "level": "0"])
        let venue = try load(osm)
        let areas = try walkways(venue, level: "0").map { try area($0, in: venue) }.sorted()
        #expect(areas.count == 2)
        // A pedestrian street is 4 m wide (50 × 4 plus round ends); the tagged footway 5 m.
        #expect(abs(areas[0] - (200 + .pi * 4)) < 3)
        #expect(abs(areas[1] - (250 + .pi * 6.25)) < 3)
    }

    @Test func aClosedPlatformOrPedestrianAreaIsTakenAsDrawn() throws {
        var osm = OSMSketch()
        osm.rectangle(0, 0, 100, 8, ["railway": "platform", "level": "-1", "ref": "3"])
        osm.rectangle(0, 20, 30, 50, ["highway": "pedestrian", "area": "yes", "level": "0"])
        let venue = try load(osm)
        // (Within 1 %: the sketch's metres are a sphere's, the venue's frame an ellipsoid's.)
        #expect(abs(try area(try #require(walkways(venue, level: "-1").first), in: venue) - 800) < 8)
        #expect(abs(try area(try #require(walkways(venue, level: "0").first), in: venue) - 900) < 9)
        // The platform is a place to go to, by its number.
        #expect(venue.pois.contains { $0.category == "platform" && $0.ref == "3" && $0.levelID == "-1" })
    }

    @Test func footwaysWithoutALevelInAnIndoorStationAreOnTheGroundFloorAndSaidSo() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(30, 0)], ["highway": "footway"])
        osm.way([osm.node(0, 50), osm.node(30, 50)], ["highway": "footway", "level": "1"])
        let venue = try load(osm)
        #expect(walkways(venue, level: "0").count == 1)
        let note = try #require(venue.issues("level-assumed").first)
        #expect(note.severity == .info)
        #expect(note.message.contains("level 0"))
    }

    @Test func aFileWithNoLevelAnywhereIsStillNotAnIndoorVenue() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(30, 0)], ["highway": "footway"])
        #expect(throws: VenueError.self) { try load(osm) }
    }

    /// Platform level −1 and concourse level 0 joined by steps tagged only `level=-1;0`.
    func stepsSketch(stepsTags: [String: String], reversed: Bool = false) -> OSMSketch {
        var osm = OSMSketch()
        let p0 = osm.node(0, 0), p1 = osm.node(50, 0)
        let c0 = osm.node(50, 10), c1 = osm.node(100, 10)
        osm.way([p0, p1], ["railway": "platform", "level": "-1"])
        osm.way([c0, c1], ["highway": "footway", "level": "0"])
        osm.way(reversed ? [c0, p1] : [p1, c0], stepsTags)
        return osm
    }

    @Test func stepsJoinTheLevelsOfTheWaysTheirEndsShare() throws {
        for reversed in [false, true] {
            let venue = try load(stepsSketch(stepsTags: ["highway": "steps", "level": "-1;0"], reversed: reversed))
            let steps = try #require(venue.connectors.first { $0.kind == .stairs })
            #expect(Set(steps.levelIDs) == ["-1", "0"])
            // Each stop lies in the walkway of its level, at the end of the steps on that level.
            #expect(stopSpace(steps, level: "-1", in: venue)?.levelID == "-1")
            #expect(stopSpace(steps, level: "0", in: venue)?.levelID == "0")
            let bottom = try #require(steps.stops.first { $0.levelID == "-1" }?.location)
            let p = try venue.frame.project(bottom)
            let expected = try venue.frame.project(OSMSketch().position(50, 0))
            #expect(p.distance(to: expected) < 0.01)
        }
    }

    @Test func stepsWhoseEndsShareNothingTakeTheirListInTheWaysDirection() throws {
        var osm = OSMSketch()
        let a = osm.node(0, 0), b = osm.node(0, 10)
        osm.way([a, b], ["highway": "steps", "level": "1;2", "incline": "down"])
        let venue = try load(osm)
        let steps = try #require(venue.connectors.first)
        // Going down from the first node: it is on level 2.
        let first = try #require(steps.stops.first { $0.location == OSMSketch().position(0, 0) })
        #expect(first.levelID == "2")
        // With no walkway there, each end gets a landing of its own.
        #expect(steps.stops.allSatisfy { $0.spaceID != nil })
    }

    @Test(arguments: [("forward", ["-1", "0"]), ("backward", ["0", "-1"])])
    func anEscalatorRunsWithItsConveyingDirection(conveying: String, order: [String]) throws {
        let venue = try load(stepsSketch(stepsTags: ["highway": "steps", "conveying": conveying, "level": "-1;0"]))
        let escalator = try #require(venue.connectors.first { $0.kind == .escalator })
        #expect(escalator.isDirected)
        #expect(escalator.levelIDs == order)
    }

    @Test func aReversibleEscalatorRunsBothWays() throws {
        let venue = try load(stepsSketch(stepsTags: ["highway": "steps", "conveying": "reversible", "level": "-1;0"]))
        #expect(venue.connectors.first { $0.kind == .escalator }?.isDirected == false)
    }

    @Test func aFootwayOnTwoLevelsIsARamp() throws {
        let venue = try load(stepsSketch(stepsTags: ["highway": "footway", "level": "-1;0", "incline": "up"]))
        #expect(venue.connectors.contains { $0.kind == .ramp && Set($0.levelIDs) == ["-1", "0"] })
    }

    @Test func anElevatorNodeStopsOnEveryLevelItListsInsideWalkableSpace() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(30, 0)], ["highway": "footway", "level": "-2"])
        let lift = osm.node(30, 0, ["highway": "elevator", "level": "-2;-1;0"])
        osm.way([lift, osm.node(30, 30)], ["highway": "footway", "level": "0"])
        let venue = try load(osm)
        let elevator = try #require(venue.connectors.first { $0.kind == .elevator })
        #expect(elevator.levelIDs == ["-2", "-1", "0"])
        for level in ["-2", "-1", "0"] {
            let space = try #require(stopSpace(elevator, level: level, in: venue))
            #expect(space.levelID == level)
            #expect(space.kind == .walkway)
        }
        // Level −1 has no footway: the car is a small space of its own (a disc of 1 m radius).
        let car = try #require(walkways(venue, level: "-1").first)
        #expect(abs(try area(car, in: venue) - .pi) < 0.3)
    }

    @Test func anElevatorNodeOnWaysOfTwoLevelsJoinsThemWithoutALevelTag() throws {
        var osm = OSMSketch()
        let lift = osm.node(0, 0, ["highway": "elevator"])
        osm.way([osm.node(-20, 0), lift], ["highway": "footway", "level": "0"])
        osm.way([lift, osm.node(20, 0)], ["highway": "footway", "level": "1"])
        let venue = try load(osm)
        #expect(venue.connectors.contains { $0.kind == .elevator && $0.levelIDs == ["0", "1"] })
    }

    @Test func aDoorNodeOnAFootwaySpansTheWay() throws {
        var osm = OSMSketch()
        let door = osm.node(10, 0, ["door": "hinged", "entrance": "main", "name": "North entrance"])
        osm.way([osm.node(0, 0), door, osm.node(20, 0)], ["highway": "footway", "level": "0", "width": "3"])
        let venue = try load(osm)
        let opening = try #require(venue.openings.first)
        #expect(opening.levelID == "0")
        #expect(opening.width == 3)
        // Across an east–west way: the opening runs north–south.
        let line = try venue.frame.project(opening.geometry).allCoordinates
        #expect(abs(line[0].x - line[1].x) < 0.01)
        #expect(abs(abs(line[0].y - line[1].y) - 3) < 0.01)
        #expect(venue.pois.contains { $0.kind == .entrance && $0.name.resolved() == "North entrance" })
    }

    @Test func indoorYesShopsAndAmenitiesAreSpacesAndPOIs() throws {
        var osm = OSMSketch()
        osm.way([osm.node(-10, -5), osm.node(40, -5)], ["highway": "footway", "level": "0"])
        osm.rectangle(0, 0, 10, 10, ["indoor": "yes", "amenity": "pharmacy", "name": "Apotheke", "level": "0"])
        osm.rectangle(20, 0, 30, 10, ["shop": "books", "name": "Bücher", "level": "0"])
        osm.node(5, -20, ["amenity": "police", "indoor": "yes", "name": "Polizei", "level": "0"])
        osm.node(8, -8, ["amenity": "toilets", "indoor": "yes"])
        let loop = osm.rectangle(-10, 30, 10, 40, ["highway": "footway", "indoor": "yes", "level": "0"])
        let venue = try load(osm)
        // A footway loop tagged indoor=yes is walkway around the loop, not a room.
        #expect(!venue.spaces.contains { $0.id == "way/\(loop)" })
        let pharmacy = try #require(venue.pois.first { $0.name.resolved() == "Apotheke" })
        #expect(pharmacy.category == "pharmacy")
        #expect(venue.spaces.contains { $0.id == pharmacy.spaceID && $0.kind == .room })
        #expect(venue.pois.first { $0.name.resolved() == "Bücher" }?.category == "shop.books")
        #expect(venue.pois.first { $0.name.resolved() == "Polizei" }?.category == "police")
        // An indoor POI with no level is on the ground floor.
        #expect(venue.pois.first { $0.category == "toilets" }?.levelID == "0")
    }

    @Test func aPlaceOffTheNetworkIsJoinedToItWithinABoundedDistance() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(100, 0)], ["highway": "footway", "level": "0"])
        osm.rectangle(10, 10, 20, 20, ["indoor": "room", "name": "Kiosk", "level": "0"])
        osm.rectangle(10, 60, 20, 70, ["indoor": "room", "name": "Far", "level": "0"])
        let venue = try load(osm)
        let joined = venue.issues("joined-to-network")
        #expect(joined.count == 1)
        #expect(joined.first?.message.contains("9.0 m") == true)
        // The walkway reaches the kiosk now: they touch.
        let walkway = try #require(walkways(venue, level: "0").first)
        let kiosk = try #require(venue.spaces.first { $0.name.resolved() == "Kiosk" })
        #expect(try walkway.geometry.degrees.intersects(kiosk.geometry.degrees))
        // The far room is reported, not joined.
        let far = try #require(venue.issues("off-network").first)
        #expect(far.severity == .warning)
        #expect(far.message.contains("more than 25 m"))
    }

    @Test func aBuildingMappedWithRoomsAndDoorsAloneIsLeftAsDrawn() throws {
        var osm = OSMSketch()
        osm.rectangle(0, 0, 40, 4, ["indoor": "corridor", "level": "0"])
        osm.rectangle(0, 10, 10, 20, ["indoor": "room", "name": "Office", "level": "0"])
        osm.node(5, 2, ["highway": "elevator", "level": "0;1"])
        osm.rectangle(0, 0, 40, 4, ["indoor": "corridor", "level": "1"])
        let venue = try load(osm)
        #expect(!venue.spaces.contains { $0.id.hasPrefix("walkway/") })
        #expect(venue.issues("joined-to-network").isEmpty)
        // The elevator's stops are in the corridors as drawn.
        #expect(venue.connectors.first?.stops.compactMap(\.spaceID).count == 2)
    }

    @Test func aBuildingThatIsAPlaceIsReachedWhereItMeetsTheNetwork() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(100, 0)], ["highway": "footway", "level": "0"])
        osm.rectangle(40, 10, 80, 50, ["building": "civic", "amenity": "police", "name": "Polizei"])
        let venue = try load(osm)
        let police = try #require(venue.pois.first { $0.name.resolved() == "Polizei" })
        #expect(police.category == "police")
        // On the building's south wall, the side facing the footway, not at its centre 30 m away.
        let p = try venue.frame.project(police.coordinate)
        let south = try venue.frame.project(osm.position(60, 10))
        #expect(abs(p.y - south.y) < 0.1)
        #expect(venue.issues("joined-to-network").contains { $0.featureID == police.id })
    }

    @Test func aPieceNoPathReachesIsJoinedButPlatformsAreNeverJoinedAcrossTheTracks() throws {
        var osm = OSMSketch()
        // The concourse (level 0) and two platforms 8 m apart (level −1), each with its steps up.
        let c = (0...4).map { osm.node(Double($0) * 25, 20) }
        osm.way(c, ["highway": "footway", "level": "0"])
        for (k, y) in [(1, 0.0), (3, -8.0)] {
            let a = osm.node(0, y), b = osm.node(100, y), foot = osm.node(Double(k) * 25, y)
            osm.way([a, foot, b], ["railway": "platform", "level": "-1"])
            osm.way([foot, c[k]], ["highway": "steps", "level": "-1;0"])
        }
        // A bus platform 10 m north of the concourse, its crossing unmapped.
        osm.rectangle(40, 31, 60, 34, ["public_transport": "platform", "area": "yes", "level": "0", "name": "Bus 1"])
        let venue = try load(osm)
        #expect(walkways(venue, level: "-1").count == 2)
        #expect(walkways(venue, level: "0").count == 1)
        let join = try #require(venue.issues("joined-to-network").first { $0.featureID?.hasPrefix("walkway at ") == true })
        #expect(join.featureID?.hasSuffix("@0") == true)
        #expect(join.message.contains("10.0 m away"))
    }

    @Test func aConcourseDrawnAsAnIndoorCorridorBecomesOneWalkwayWithItsFootways() throws {
        var osm = OSMSketch()
        let hall = osm.rectangle(0, 0, 40, 20, ["indoor": "corridor", "name": "Concourse", "level": "0"])
        osm.way([osm.node(40, 10), osm.node(80, 10)], ["highway": "footway", "level": "0"])
        let venue = try load(osm)
        let spaces = walkways(venue, level: "0")
        #expect(spaces.count == 1)
        #expect(spaces.first?.id == "way/\(hall)")
        #expect(spaces.first?.name.resolved() == "Concourse")
        #expect(try area(try #require(spaces.first), in: venue) > 870)
    }

    @Test func theVenueIsNamedAfterTheStationNotTheFirstNamedHotel() throws {
        var osm = OSMSketch()
        osm.rectangle(-50, -50, -30, -30, ["building": "hotel", "name": "Hotel Astoria"])
        osm.rectangle(0, 0, 60, 20, ["building": "train_station", "name": "Centraal"])
        osm.node(30, 10, ["railway": "station", "public_transport": "station", "name": "Centraal Station"])
        osm.way([osm.node(0, 10), osm.node(60, 10)], ["highway": "footway", "level": "0"])
        let venue = try load(osm)
        #expect(venue.name.resolved() == "Centraal Station")
    }

    @Test func withoutAStationTheVenueIsTheLargestNamedBuilding() throws {
        var osm = OSMSketch()
        osm.rectangle(-50, -50, -30, -30, ["building": "hotel", "name": "Hotel Astoria"])
        osm.rectangle(0, 0, 100, 60, ["building": "retail", "name": "Mall of the North"])
        osm.way([osm.node(0, 10), osm.node(60, 10)], ["highway": "footway", "level": "0"])
        #expect(try load(osm).name.resolved() == "Mall of the North")
    }

    /// Two stations 2 km apart in one extract.
    func extract() -> OSMSketch {
        var osm = OSMSketch()
        for (x, name) in [(0.0, "Nordbahnhof"), (2000.0, "Südbahnhof")] {
            let station = osm.rectangle(x, 0, x + 60, 20, ["building": "train_station", "name": name])
            let a = osm.node(x + 5, 10), b = osm.node(x + 55, 10)
            let walk = osm.way([a, b], ["highway": "footway", "level": "0"])
            osm.node(x + 30, 12, ["shop": "kiosk", "name": "Kiosk \(name)", "level": "0"])
            osm.relation([(type: "way", ref: station, role: ""), (type: "way", ref: walk, role: "")],
                         ["type": "public_transport", "public_transport": "stop_area", "name": name])
        }
        return osm
    }

    @Test func aVenuePickedByNameOutOfAnExtractKeepsOnlyWhatLiesInItsArea() throws {
        let venue = try load(extract(), selection: .named("sudbahnhof"))
        #expect(venue.name.resolved() == "Südbahnhof")
        let kiosks = venue.pois.filter { $0.category == "shop.kiosk" }.compactMap { $0.name.resolved() }
        #expect(kiosks == ["Kiosk Südbahnhof"])
        #expect(venue.buildings.count == 1)
    }

    @Test func aVenuePickedByABoxKeepsWhatLiesInTheBox() throws {
        let sketch = extract()
        let sw = sketch.position(-10, -10), ne = sketch.position(70, 30)
        let venue = try load(sketch, selection: .boundingBox(BoundingBox(minX: sw.longitude, minY: sw.latitude, maxX: ne.longitude, maxY: ne.latitude)))
        #expect(venue.pois.filter { $0.category == "shop.kiosk" }.compactMap { $0.name.resolved() } == ["Kiosk Nordbahnhof"])
    }

    @Test func anUnknownVenueNameSaysSo() throws {
        #expect {
            try load(extract(), selection: .named("Hauptbahnhof"))
        } throws: { error in
            "\(error.localizedDescription)".contains("no station, stop area, building or mall is named \"Hauptbahnhof\"")
        }
    }
}
