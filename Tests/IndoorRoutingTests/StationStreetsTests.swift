import Foundation
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// Stations mapped as walking networks whose parts meet outdoors: streets join what the footways leave apart, a way
/// without a level meets the level of the ways it shares a node with, and a place on a floor nobody mapped is
/// reached on the nearest floor that is. Each kind sketched small (``OSMSketch``, metres), routed, and judged by
/// ``RouteAudit``.
@Suite struct StationStreetsTests {
    func load(_ sketch: OSMSketch) throws -> Venue {
        let path = NSTemporaryDirectory() + "indoornav-streets-\(UUID().uuidString).osm"
        try Data(sketch.xml().utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try OSMLoader.load(path: path).inferringPassages()
    }

    func route(_ venue: Venue, from a: String, to b: String) throws -> (Route, [String]) {
        let audit = RouteAudit(venue: venue)
        let places = audit.places
        let pa = try #require(places.first { $0.name == a }), pb = try #require(places.first { $0.name == b })
        let route = try Router(graph: audit.graph).route(
            from: RouteEnd(point: try venue.frame.project(pa.coordinate), levelID: pa.levelID, label: a),
            to: RouteEnd(point: try venue.frame.project(pb.coordinate), levelID: pb.levelID, label: b))
        return (route, audit.crossings(of: route))
    }

    /// Kind: a bus stop across the street from a station's footways (mapped on level 0), nothing but the street
    /// between them. The street is walked; one in a tunnel under the station is not (it would meet the floor where
    /// it only passes under it).
    @Test func aStreetJoinsABusStopToTheStationAndATunnelDoesNot() throws {
        var osm = OSMSketch()
        let a = osm.node(0, 0), b = osm.node(40, 0)
        osm.way([a, b], ["highway": "footway", "level": "0"])
        osm.rectangle(-4, -2, 0, 2, ["railway": "platform", "level": "0", "name": "Platform 1"])
        let s1 = osm.node(40, 0), s2 = osm.node(40, 60)
        osm.way([b, s1, s2], ["highway": "residential", "name": "Bahnhofstraße"])
        osm.rectangle(42, 56, 46, 64, ["highway": "platform", "public_transport": "platform", "name": "Bus stop 21"])
        let (route, crossings) = try route(try load(osm), from: "Platform 1", to: "Bus stop 21")
        #expect(crossings.isEmpty)
        #expect(route.distance > 95 && route.distance < 115, "\(route.distance) m")

        var tunnel = OSMSketch()
        tunnel.way([tunnel.node(0, 0), tunnel.node(40, 0)], ["highway": "footway", "level": "0"])
        tunnel.way([tunnel.node(20, -30), tunnel.node(20, 30)], ["highway": "residential", "tunnel": "yes"])
        tunnel.way([tunnel.node(60, -30), tunnel.node(60, 30)], ["highway": "motorway"])
        let venue = try load(tunnel)
        #expect(venue.spaces.filter { $0.kind == .walkway }.count == 1, "only the footway is walkway")
    }

    /// Kind: a sidewalk without a level that becomes a covered footway tagged `level=-1` at a shared node (a street
    /// reaching a station's lower concourse): they meet there, reported, so the concourse's bus stop routes.
    @Test func aWayWithoutALevelMeetsTheLevelOfTheWayItJoins() throws {
        var osm = OSMSketch()
        let a = osm.node(0, 0), j = osm.node(30, 0), c = osm.node(60, 0)
        osm.way([a, j], ["highway": "footway", "footway": "sidewalk"])
        osm.way([j, c], ["highway": "footway", "covered": "yes", "level": "-1"])
        osm.rectangle(-4, -2, 0, 2, ["railway": "platform", "level": "0", "name": "Platform 2"])
        osm.rectangle(60, -2, 64, 2, ["highway": "platform", "level": "-1", "name": "Bus stop 22"])
        let venue = try load(osm)
        let note = try #require(venue.issues.first { $0.code == "level-joined" })
        #expect(note.severity == .info)
        #expect(venue.connectors.contains { $0.kind == .ramp && Set($0.stops.map(\.levelID)) == ["0", "-1"] })
        let (route, crossings) = try route(venue, from: "Platform 2", to: "Bus stop 22")
        #expect(crossings.isEmpty)
        #expect(route.distance > 58 && route.distance < 70, "\(route.distance) m")
    }

    /// Kind: an office POI on level 5 of a building whose walkable space is mapped on level 0 only: the route ends
    /// below it, on level 0; a POI far from any walkable space still gets the off-graph error.
    @Test func aPlaceOnAFloorWithNoWalkableSpaceIsReachedOnTheNearestFloor() throws {
        var osm = OSMSketch()
        osm.way([osm.node(0, 0), osm.node(40, 0)], ["highway": "footway", "level": "0"])
        osm.rectangle(-4, -2, 0, 2, ["railway": "platform", "level": "0", "name": "Platform 3"])
        osm.node(40, 3, ["office": "company", "level": "5", "name": "Ticket agency"])
        osm.node(40, 400, ["office": "company", "level": "5", "name": "Far agency"])
        let venue = try load(osm)
        let (route, crossings) = try route(venue, from: "Platform 3", to: "Ticket agency")
        #expect(crossings.isEmpty)
        #expect(route.points.last?.levelID == "0")
        #expect(route.endSnap < 4)
        #expect(throws: RoutingError.self) { try self.route(venue, from: "Platform 3", to: "Far agency") }
    }

    /// Kind: a multi-storey car park (`amenity=parking`, `parking=multi-storey`) drawn with a level beside a footway,
    /// its entrance on one of the stretches they share (Grand'Place Sud). It is a structure with walls, left through
    /// its entrance, not across the other stretch as open ground; a surface car park still is open ground.
    @Test func aMultiStoreyCarParkIsLeftThroughItsEntrance() throws {
        func sketch(_ parking: String) -> OSMSketch {
            var osm = OSMSketch()
            osm.way([osm.node(0, 0), osm.node(60, 0)], ["highway": "footway", "level": "0"])
            osm.node(5, 0, ["amenity": "atm", "level": "0", "name": "ATM"])
            // It meets the footway along two stretches (a notch between them), its entrance on the second.
            let corner = osm.node(10, 1), entrance = osm.node(35, 1, ["entrance": "yes", "level": "0"])
            osm.way([corner, osm.node(20, 1), osm.node(20, 2), osm.node(30, 2), osm.node(30, 1), entrance, osm.node(40, 1),
                     osm.node(40, 30), osm.node(10, 30), corner],
                    ["amenity": "parking", "parking": parking, "level": "0", "name": "Car park"])
            return osm
        }
        let venue = try load(sketch("multi-storey"))
        #expect(venue.spaces.first { $0.name.resolved() == "Car park" }?.kind == .room)
        let (structure, crossings) = try route(venue, from: "Car park", to: "ATM")
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(structure.distance > 40, "out through the entrance at x = 35: \(structure.distance) m")
        #expect(try load(sketch("surface")).spaces.first { $0.name.resolved() == "Car park" }?.kind == .outdoor)
    }

    /// Kind: a place off the walking network whose nearest point of it is under a shop drawn over the concourse's
    /// corner: a mall's roof car park and its vehicle entrance beside a concourse whose corner a kiosk fills
    /// (Grand'Place, level 1). Joined where the concourse is open and as wide as the join, each routes to the ATM
    /// across it, through no wall.
    @Test func aPlaceWhoseNearestWalkwayIsUnderAShopJoinsWhereTheWalkwayIsOpen() throws {
        var osm = OSMSketch()
        osm.rectangle(20, 0, 40, 30, ["indoor": "corridor", "level": "1", "name": "Concourse"])
        osm.way([osm.node(25, 5), osm.node(35, 5)], ["highway": "footway", "level": "1"])
        osm.rectangle(20, 20, 28, 30, ["indoor": "room", "shop": "kiosk", "level": "1", "name": "Kiosk"])
        osm.node(30, 5, ["amenity": "atm", "level": "1", "name": "ATM"])
        osm.rectangle(0, 25, 15, 40, ["amenity": "parking", "level": "1", "name": "Roof parking"])
        osm.node(19, 32, ["amenity": "parking_entrance", "level": "1", "name": "Car entrance"])
        let venue = try load(osm)
        for place in ["Roof parking", "Car entrance"] {
            let (route, crossings) = try route(venue, from: place, to: "ATM")
            #expect(crossings.isEmpty, "\(place): \(crossings)")
            #expect(route.distance < 40, "\(place): \(route.distance) m")
        }
    }
}
