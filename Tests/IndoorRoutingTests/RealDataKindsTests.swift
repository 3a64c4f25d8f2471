import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// The kinds of floor plan real data comes in, each drawn small (one character a metre, as in
/// ``AsciiRoutingTests``) and then changed the way exports change it: the route must exist, cross no wall (judged
/// by ``RouteAudit``, independently of the graph), and `--strict` (no inference) must show what inference added.
@Suite struct RealDataKindsTests {
    /// Routes between two points of the drawing (metres) on the venue as routed (inferred unless `strict`).
    func route(_ venue: Venue, _ from: (Double, Double), _ to: (Double, Double), level: String = "L0", toLevel: String? = nil,
               strict: Bool = false) throws -> (Route, [String]) {
        let routed = strict ? venue : venue.inferringPassages()
        let audit = RouteAudit(venue: routed)
        let router = Router(graph: audit.graph)
        let r = try router.route(from: RouteEnd(point: Coordinate(x: from.0, y: from.1), levelID: level, label: "a"),
                                 to: RouteEnd(point: Coordinate(x: to.0, y: to.1), levelID: toLevel ?? level, label: "b"))
        return (r, audit.crossings(of: r))
    }

    func rectangle(_ frame: LocalFrame, _ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) throws -> GeoGeometry {
        try frame.unproject(.polygon(Polygon(rings: [[
            Coordinate(x: x0, y: y0), Coordinate(x: x1, y: y0), Coordinate(x: x1, y: y1), Coordinate(x: x0, y: y1), Coordinate(x: x0, y: y0),
        ]])))
    }

    func index(_ venue: Venue, _ id: String) throws -> Int { try #require(venue.spaces.firstIndex { $0.id == id }) }

    /// Kind: corridors meeting at a T-junction, the end of one on the middle of the other's long side, with the
    /// sub-centimetre gaps and overlaps of CAD exports. They join along the stretch they share.
    @Test(arguments: [0.0, 0.008, -0.006])
    func corridorsMeetingAtATJunctionAreJoined(gap: Double) throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAAAA
            AAAAAAAAAAAA
            ....BBB.....
            ....BBB.....
            ....BBB.....
            """], walkways: ["A", "B"])
        var venue = ascii.venue()
        let b = try index(venue, "B0")
        venue.spaces[b].geometry = try rectangle(venue.frame, 4, 0, 7, 3 - gap)
        let (r, crossings) = try route(venue, (5.5, 0.5), (11, 4))
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(r.distance < 9, "the T-junction is crossed, not walked around: \(r.distance) m")
    }

    /// Kind: two walkway units sharing a long boundary with an opening drawn on part of it. The rest is wall:
    /// the route goes through the opening, not straight across.
    @Test func walkwaysWithAnOpeningOnTheirSharedBoundaryJoinOnlyThere() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAA
            AAAAAAAAAA
            BBBBBBBBbB
            BBBBBBBBBB
            """], walkways: ["A", "B"])
        let (r, crossings) = try route(ascii.venue(), (1, 1), (1, 3))
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(r.distance > 14, "through the opening at x = 8…9, not 2 m across the wall: \(r.distance) m")
        #expect(r.points.contains { $0.opening != nil })
    }

    /// Kind: an open-plan walkway split into pieces with no opening drawn between them (a concourse exported as
    /// tiles). A piece whose free area has no corner is still crossed, from the boundary it shares with one
    /// neighbour straight to the boundary it shares with the other.
    @Test func aWalkwaySplitIntoPiecesIsCrossedStraight() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAABBBBCCCC
            AAAABBBBCCCC
            AAAABBBBCCCC
            """], walkways: ["A", "B", "C"])
        let (r, crossings) = try route(ascii.venue(), (0.5, 1.5), (11.5, 1.5))
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(abs(r.distance - 11) < 0.05, "straight along the concourse: \(r.distance) m")
        #expect(r.points.allSatisfy { $0.opening == nil }, "no opening is drawn, so none is passed")
    }

    /// Kind: walkways that share a boundary with nothing drawn on it are open plan: straight across.
    @Test func walkwaysWithNothingDrawnOnTheirSharedBoundaryAreOpenPlan() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAA
            AAAAAAAAAA
            BBBBBBBBBB
            BBBBBBBBBB
            """], walkways: ["A", "B"])
        let (r, crossings) = try route(ascii.venue(), (1, 0.5), (1, 3.5))
        #expect(crossings.isEmpty)
        #expect(r.distance < 3 * 1.02, "straight across, give or take the crossing points: \(r.distance) m")
    }

    /// Kind: a room drawn inside a corridor polygon (overlapping units). It is a room with walls: left through its
    /// door. Without inference (`--strict`) the overlap lets the route walk through the wall.
    @Test func aRoomDrawnInsideACorridorKeepsItsWalls() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAA
            AAABBBBAAA
            AAABBBBAAA
            AAABbBBAAA
            AAAAAAAAAA
            """])
        var venue = ascii.venue()
        let a = try index(venue, "A0")
        venue.spaces[a].geometry = try rectangle(venue.frame, 0, 0, 10, 5)
        let (r, crossings) = try route(venue, (5, 2.5), (5, 4.6))
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(r.distance > 6, "out through the door on the south side and round: \(r.distance) m")
        let (straight, _) = try route(venue, (5, 2.5), (5, 4.6), strict: true)
        #expect(straight.distance < 2.5, "as drawn, the overlap is walkable: \(straight.distance) m")
        #expect(venue.inferringPassages().issues.contains { $0.code == "carved-overlap" && $0.featureID == "B0" })
    }

    /// Kind: rooms without any opening (exports with zero openings, OSM shops beside a corridor with no door
    /// node). Each gets one entrance, on the longest stretch it shares with a walkway (not with the room beside it).
    @Test func roomsWithoutOpeningsGetAnEntranceFacingTheWalkway() throws {
        let ascii = try AsciiVenue(levels: [0: """
            BBBBBBCCCC
            BBBBBBCCCC
            AAAAAAAAAA
            """])
        let venue = ascii.venue()
        #expect(throws: RoutingError.self) { try route(venue, (1, 0.5), (2, 2.5), strict: true) }
        let (r, crossings) = try route(venue, (1, 0.5), (2, 2.5))
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(r.distance < 4)
        let inferred = venue.inferringPassages().openings.filter(\.isInferred)
        #expect(inferred.count == 2)
        for opening in inferred {
            let cs = try venue.frame.project(opening.geometry).allCoordinates
            #expect(cs.allSatisfy { abs($0.y - 1) < 0.01 }, "on the boundary with the walkway (y = 1): \(cs)")
        }
        let (toC, _) = try route(venue, (1, 0.5), (8, 2.5))
        #expect(toC.distance < 11)
        // The itinerary says which steps pass an entrance the data does not draw.
        let router = Router(graph: NavigationGraph(venue: venue.inferringPassages()))
        let itinerary = try router.itinerary(through: [
            Waypoint(end: RouteEnd(point: Coordinate(x: 1, y: 0.5), levelID: "L0", label: "B")),
            Waypoint(end: RouteEnd(point: Coordinate(x: 8, y: 2.5), levelID: "L0", label: "C")),
        ])
        let marked = itinerary.legs.flatMap(\.steps).map(\.throughInferredOpening)
        #expect(marked.contains(true), "\(marked)")
        // A walk along the walkway passes none.
        let along = try router.itinerary(through: [
            Waypoint(end: RouteEnd(point: Coordinate(x: 1, y: 0.5), levelID: "L0", label: "west")),
            Waypoint(end: RouteEnd(point: Coordinate(x: 9, y: 0.5), levelID: "L0", label: "east")),
        ])
        #expect(along.legs.flatMap(\.steps).allSatisfy { !$0.throughInferredOpening })
    }

    /// Kind: a kiosk with no opening inside a concourse whose outline runs along the kiosk's back wall (OSM shops
    /// drawn in a station's walkway area, the area cut at the building's wall). The back wall is as long as the
    /// front, but leads outside: the entrance is inferred on the front, facing the concourse.
    @Test func aKioskWhoseBackWallIsTheConcoursesEdgeOpensOnItsFront() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAA
            AAAAAAAAAA
            AAAAAAAAAA
            AAABBBBAAA
            AAABBBBAAA
            """])
        var venue = ascii.venue()
        let ring = { (points: [(Double, Double)]) in points.map { Coordinate(x: $0.0, y: $0.1) } }
        venue.spaces[try index(venue, "A0")].geometry = try venue.frame.unproject(.polygon(Polygon(rings: [
            ring([(0, 0), (10, 0), (10, 5), (0, 5), (0, 0)]),
            ring([(3, 0), (3, 2), (7, 2), (7, 0), (3, 0)]),
        ])))
        venue.spaces[try index(venue, "B0")].geometry = try rectangle(venue.frame, 3, 0, 7, 2)
        let (r, crossings) = try route(venue, (5, 1), (5, 4))
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(r.distance < 3.5, "out through the front: \(r.distance) m")
        let inferred = venue.inferringPassages().openings.filter(\.isInferred)
        try #require(inferred.count == 1)
        let cs = try venue.frame.project(inferred[0].geometry).allCoordinates
        #expect(cs.allSatisfy { abs($0.y - 2) < 0.01 }, "on the front wall (y = 2), not the back: \(cs)")
    }

    /// Kind: a CAD export that draws only the rooms, the corridor being the level's outline minus the units;
    /// the walls between rooms are thin leftovers, not corridors.
    @Test(arguments: [0.0, 0.1])
    func aCorridorLeftAsTheOutlineMinusTheRoomsIsWalkable(wall: Double) throws {
        let ascii = try AsciiVenue(levels: [0: """
            BBBBBCCCCC
            BBbBBCCcCC
            AAAAAAAAAA
            AAAAAAAAAA
            DDdDDEEeEE
            DDDDDEEEEE
            """])
        var venue = ascii.venue()
        let a = try index(venue, "A0")
        venue.spaces.remove(at: a)
        // Walls: each room drawn `wall` metres inside its cells, as CAD exports draw room interiors.
        for (letter, box) in [("B", (0.0, 4.0, 5.0, 6.0)), ("C", (5.0, 4.0, 10.0, 6.0)), ("D", (0.0, 0.0, 5.0, 2.0)), ("E", (5.0, 0.0, 10.0, 2.0))] {
            let s = try index(venue, "\(letter)0")
            venue.spaces[s].geometry = try rectangle(venue.frame, box.0 + wall, box.1 + (box.1 == 4 ? wall : 0),
                                                     box.2 - wall, box.3 - (box.1 == 0 ? wall : 0))
        }
        venue.levels[0].geometry = try rectangle(venue.frame, 0, 0, 10, 6)
        #expect(throws: RoutingError.self) { try route(venue, (1, 5), (9, 1), strict: true) }
        let (r, crossings) = try route(venue, (1, 5), (9, 1))
        #expect(crossings.isEmpty, "\(crossings)")
        #expect(r.distance < 12)
        let inferred = venue.inferringPassages()
        #expect(inferred.spaces.filter(\.isInferred).count == 1, "one corridor; the walls between rooms are not corridors")
        #expect(inferred.inference.levels.first?.implicitCorridors == 1)
    }

    /// Kind: levels that share an ordinal (an indoor level and its outdoor twin, the same storey of two
    /// buildings) are one floor: walkways meeting across them join.
    @Test func levelsSharingAnOrdinalAreOneFloor() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAA.....
            AAAAA.....
            """, 1: """
            .....AAAAA
            .....AAAAA
            """])
        var venue = ascii.venue()
        let twin = try #require(venue.levels.firstIndex { $0.id == "L1" })
        venue.levels[twin].ordinal = 0
        let (r, crossings) = try route(venue, (1, 1), (9, 1), toLevel: "L1")
        #expect(crossings.isEmpty)
        #expect(r.distance < 8 * 1.02, "straight across: \(r.distance) m")
        #expect(venue.inferringPassages().inference.sharedFloors == [["L0", "L1"]])
    }

    /// Kind: rooms whose openings lead only to each other — a lounge whose one door opens into a phone booth, the
    /// booth with no other door, both along a walkway (exports that draw inner doors and forget the outer one).
    /// The cluster is entered as a room with no opening is: by an entrance inferred on the longest wall one of
    /// them shares with the walkway; `--strict` keeps it cut off.
    @Test func roomsWhoseDoorsLeadOnlyToEachOtherAreEnteredFromTheWalkway() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAAAA
            AAAAAAAAAAAA
            BBBBBbCC....
            BBBBBBCC....
            BBBBBBCC....
            """], names: ["B": "Lounge", "C": "Phone booth"])
        let venue = ascii.venue()
        #expect(throws: RoutingError.self) { try route(venue, (1, 4.5), (7, 1.5), strict: true) }
        for target in [(2.0, 1.5), (7.0, 1.5)] {
            let (r, crossings) = try route(venue, (10, 4.5), target)
            #expect(crossings.isEmpty, "\(crossings)")
            #expect(r.distance < 12, "\(r.distance) m")
        }
        let routed = venue.inferringPassages()
        let inferred = routed.openings.filter(\.isInferred)
        #expect(inferred.count == 1, "one entrance for the cluster, not one a room: \(inferred.map(\.id))")
        #expect(routed.issues.contains { $0.code == "inferred-opening" && $0.message.contains("open onto nothing else") })
    }

    /// Kind: a room with no opening between the public concourse and a staff-only area, its longest wall on the
    /// staff side (a station shop backing onto a service yard). Its inferred entrance opens onto the concourse:
    /// a route to it crosses no staff-only area.
    @Test func aRoomWithoutAnOpeningOpensOntoThePublicSideFirst() throws {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAAAA
            AAAAAAAAAAAA
            ........BBBS
            ........BBBS
            ........BBBS
            ........BBBS
            ......SSSSSS
            """], walkways: ["A", "S"], names: ["B": "Shop"], nonPublic: ["S"])
        let routed = ascii.venue().inferringPassages()
        let audit = RouteAudit(venue: routed)
        let router = Router(graph: audit.graph)
        let r = try router.route(from: RouteEnd(point: Coordinate(x: 1, y: 6.5), levelID: "L0", label: "a"),
                                 to: RouteEnd(point: Coordinate(x: 9.5, y: 3.5), levelID: "L0", label: "b"))
        #expect(audit.crossings(of: r).isEmpty)
        let staff = try index(routed, "S0")
        #expect(!r.points.contains { $0.space == staff }, "the route keeps out of the staff-only area")
    }

    /// Kind: a venue that maps two floors and nothing between them (an export of one station's levels). Every
    /// route between them fails with the one reason, naming the levels; `venue validate` says it once, as an
    /// error, instead of one unreachable warning per space of the other floor.
    @Test func levelsThatNothingJoinsAreSaidOnce() throws {
        let ascii = try AsciiVenue(levels: [
            0: """
            AAAAAAAA
            BbAAAAAA
            """,
            -1: """
            AAAAAAAA
            CcAAAAAA
            """,
        ], names: ["B": "Kiosk", "C": "Bakery"])
        let venue = ascii.venue().inferringPassages()
        let graph = NavigationGraph(venue: venue)
        #expect(graph.floorGroups() == [[-1], [0]])
        #expect(graph.unreachableSpaces().isEmpty, "each floor is judged on its own")
        let router = Router(graph: graph)
        #expect {
            try router.route(from: RouteEnd(point: Coordinate(x: 0.5, y: 0.5), levelID: "L0", label: "Kiosk"),
                             to: RouteEnd(point: Coordinate(x: 0.5, y: 0.5), levelID: "L-1", label: "Bakery"))
        } throws: { error in
            (error as? RoutingError)?.localizedDescription.hasSuffix("no stairs, lift, escalator or ramp is mapped between Level 0 and Level -1") == true
        }
        // Joined by stairs, they are one group.
        let joined = try AsciiVenue(levels: [0: "AAAAS\nAAAAS", 1: "AAAAS\nAAAAs"], connectors: ["S": .stairs]).venue().inferringPassages()
        #expect(NavigationGraph(venue: joined).floorGroups() == [[0, 1]])
    }

    /// Kind: a place whose level is mapped, but not where it stands (a car park's entrance tagged level 1 outside
    /// the mall whose level 1 is mapped). It is reached on the nearest floor whose walkable space reaches it.
    @Test func aPlaceBeyondItsFloorsMappedSpaceIsReachedOnTheFloorBelow() throws {
        let floor = { (open: String) in [open + "SS", open + "sS", open + "SS"].joined(separator: "\n") }
        let ascii = try AsciiVenue(levels: [
            0: floor(String(repeating: "A", count: 88)),
            1: floor(String(repeating: ".", count: 80) + String(repeating: "A", count: 8)),
        ], connectors: ["S": .stairs])
        let graph = NavigationGraph(venue: ascii.venue().inferringPassages())
        let router = Router(graph: graph)
        let r = try router.route(from: RouteEnd(point: Coordinate(x: 1, y: 1), levelID: "L1", label: "car park"),
                                 to: RouteEnd(point: Coordinate(x: 85, y: 1), levelID: "L1", label: "shop"))
        #expect(r.points.first?.levelID == "L0", "starts under the place, on the floor below")
        #expect(r.points.last?.levelID == "L1")
    }
}
