import IndoorBase
import IndoorGeometry
@testable import IndoorNavigation
import IndoorRouting
import IndoorTestSupport
import Testing

/// Map matching on an ASCII venue: a corridor 3 m wide, a shop north of it entered by one door.
@Suite struct MapMatcherTests {
    static let drawing = """
        BBBBBBBBBBBB
        BBBBBBBbBBBB
        AAAAAAAAAAAA
        AAAAAAAAAAAA
        AAAAAAAAAAAA
        """

    static func graph() throws -> NavigationGraph {
        NavigationGraph(venue: try AsciiVenue(levels: [0: drawing], names: ["A": "Corridor", "B": "Shop"]).venue())
    }

    /// Kind: steps that lead north, into the shop's wall, from 5 m west of its door. No particle crosses the wall:
    /// every one stays in the floor's free area, and the walk is found where the map lets it go north, through
    /// the door into the shop.
    @Test func noParticleWalksThroughAWall() throws {
        let graph = try Self.graph()
        let free = PreparedPolygon(try #require(graph.freeArea(onLevel: "L0")))
        var matcher = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 2, y: 1.5), spread: 0.3, count: 300, seed: 7))
        var last: MatchedPosition?
        for k in 0..<15 {
            last = matcher.step(time: Double(k) * 0.55, length: 0.7, heading: 0)
            #expect(matcher.points.allSatisfy(free.contains), "step \(k)")
        }
        let end = try #require(last)
        #expect(end.spaceID == "B0", "\(end.point) in \(end.spaceID ?? "nothing")")
    }

    /// Kind: a start by the building's outer wall (the corridor's south side), half its spread outside: every
    /// particle starts in the free area, and walking on south into the wall, none ever is outside, where no wall
    /// would stop it.
    @Test func aStartByTheOuterWallPutsNoParticleOutside() throws {
        let graph = try Self.graph()
        let free = PreparedPolygon(try #require(graph.freeArea(onLevel: "L0")))
        var matcher = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 6, y: 0.2), spread: 1, count: 300, seed: 4))
        #expect(matcher.points.allSatisfy(free.contains))
        for k in 0..<10 {
            _ = matcher.step(time: Double(k) * 0.55, length: 0.7, heading: .pi)
            #expect(matcher.points.allSatisfy(free.contains), "step \(k)")
        }
    }

    /// Kind: a crack in the map. Two rooms 2 m by 4, one area, joined only by a gap of 5 cm through the 5 cm wall
    /// between them (as two outlines that do not quite meet leave one): where particles may be, the two rooms are
    /// apart, no particle can slip through. Joined by a door 1 m wide, they stay one.
    @Test func aCrackInTheMapIsNoPassageButADoorIs() throws {
        func rooms(joinedFrom low: Double, to high: Double) throws -> Geometry {
            let ring = [(0, 0), (2, 0), (2, low), (2.05, low), (2.05, 0), (4.05, 0), (4.05, 4), (2.05, 4), (2.05, high),
                        (2, high), (2, 4), (0, 4), (0, 0)].map { Coordinate(x: $0.0, y: $0.1) }
            return Geometry.polygon(try Polygon(rings: [ring]))
        }
        #expect(MapMatcher.walkable(try rooms(joinedFrom: 1.95, to: 2)).polygons.count == 2)
        #expect(MapMatcher.walkable(try rooms(joinedFrom: 1.5, to: 2.5)).polygons.count == 1)
    }

    /// Kind: a walk along the corridor: the estimate follows the steps, and the same seed gives the same track.
    @Test func aWalkAlongTheCorridorIsFollowedAndRepeatable() throws {
        let graph = try Self.graph()
        func track() throws -> [MatchedPosition] {
            var matcher = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 1, y: 1.5), spread: 0.3, count: 300, seed: 3))
            return (0..<12).map { matcher.step(time: Double($0) * 0.55, length: 0.7, heading: .pi / 2) }
        }
        let a = try track(), b = try track()
        #expect(a == b)
        let end = try #require(a.last)
        #expect(abs(end.point.x - (1 + 12 * 0.7)) < 1.5 && abs(end.point.y - 1.5) < 1, "\(end.point)")
        #expect(end.accuracy > 0 && end.accuracy < 2)
    }

    /// Two floors joined by two staircases, one at each end of the corridor (`S` west, `T` east).
    static let floors: [Double: String] = [
        0: """
            SSAAAAAAAAAATT
            SsAAAAAAAAAAtT
            ..AAAAAAAAAA..
            """,
        1: """
            SSAAAAAAAAAATT
            SsAAAAAAAAAAtT
            ..AAAAAAAAAA..
            """,
    ]

    /// Kind: a floor change the barometer reports near one of two staircases: every particle goes up by that
    /// staircase (none by the other, none through the floor elsewhere), into the upper floor's free area; the
    /// estimate is on the upper floor.
    @Test func particlesChangeFloorOnlyThroughTheConnectorTheyAreAt() throws {
        let graph = NavigationGraph(venue: try AsciiVenue(levels: Self.floors, connectors: ["S": .stairs, "T": .stairs]).venue())
        let upper = PreparedPolygon(try #require(graph.freeArea(onLevel: "L1")))
        var matcher = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 11, y: 1.5), spread: 0.3, count: 300, seed: 5))
        let changed = matcher.changeFloor(by: 1)
        #expect(changed)
        #expect(matcher.ordinal == 1)
        #expect(matcher.points.allSatisfy(upper.contains))
        #expect(matcher.points.allSatisfy { $0.x > 9 }, "a particle went up the west stairs")
        #expect(matcher.estimate(time: 10).levelID == "L1")
        // No floor above: nothing changes.
        let again = matcher.changeFloor(by: 1)
        #expect(!again)
        #expect(matcher.ordinal == 1)
    }

    /// Kind: a floor change reported far from every connector (the particles went astray): all of them go by
    /// the connector nearest their mean, rather than the floor changing nowhere.
    @Test func aFloorChangeFarFromEveryConnectorTakesTheNearestOne() throws {
        let graph = NavigationGraph(venue: try AsciiVenue(levels: Self.floors, connectors: ["S": .stairs, "T": .stairs]).venue())
        var matcher = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 4.5, y: 1.5), spread: 0.2, count: 200, seed: 5))
        matcher.connectorReach = 1
        let changed = matcher.changeFloor(by: 1)
        #expect(changed)
        #expect(matcher.ordinal == 1)
        #expect(matcher.points.allSatisfy { $0.x < 5 }, "the west stairs are the nearer")
    }

    /// Kind: a cloud split at a junction, most of it down one corridor and a stray branch down the other. The
    /// estimate is the geometric median: it stays with the many (where the mean falls between the two, in the wall
    /// between the corridors); a cloud without a stray branch has it at its centre.
    @Test func theEstimateStaysWithMostParticlesNotBetweenTwoBranches() {
        func particles(_ points: [Coordinate]) -> [MapMatcher.Particle] { points.map { .init(point: $0, bias: 0, scale: 1) } }
        let main = (0..<8).map { Coordinate(x: Double($0 % 4) * 0.2, y: Double($0 / 4) * 0.2) }
        let stray = (0..<4).map { Coordinate(x: 10 + Double($0) * 0.2, y: 0) }
        let split = MapMatcher.geometricMedian(of: particles(main + stray), from: Coordinate(x: 3.63, y: 0.07))
        #expect(split.x < 0.6, "\(split): the mean is at x 3.63")
        let square = [Coordinate(x: 0, y: 0), Coordinate(x: 2, y: 0), Coordinate(x: 2, y: 2), Coordinate(x: 0, y: 2)]
        let centre = MapMatcher.geometricMedian(of: particles(square), from: Coordinate(x: 1.5, y: 0.5))
        #expect(centre.distance(to: Coordinate(x: 1, y: 1)) < 0.1, "\(centre)")
    }

    /// Kind: directed connectors. An escalator runs up at the west end of the corridor (`S`) and one runs down at
    /// the east end (`T`). A climb reported at the east end goes up by the west escalator, however far (the east
    /// one does not run that way); a descent there goes down by the east one.
    @Test func anEscalatorIsRiddenOnlyItsWay() throws {
        let graph = NavigationGraph(venue: try AsciiVenue(levels: Self.floors, connectors: ["S": .escalator, "T": .escalator],
                                                          downEscalators: ["T"]).venue())
        var up = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 11, y: 1.5), spread: 0.3, count: 200, seed: 5))
        let climbed = up.changeFloor(by: 1)
        #expect(climbed && up.ordinal == 1)
        #expect(up.points.allSatisfy { $0.x < 5 }, "a particle went up the down escalator")
        let back = up.changeFloor(by: -1)
        #expect(back && up.ordinal == 0)
        var down = try #require(MapMatcher(graph: graph, levelID: "L1", start: Coordinate(x: 11, y: 1.5), spread: 0.3, count: 200, seed: 5))
        let descended = down.changeFloor(by: -1)
        #expect(descended && down.ordinal == 0)
        #expect(down.points.allSatisfy { $0.x > 9 }, "a particle went down the up escalator")
    }

    /// Stairs (`S`), a lift (`E`) and an escalator (`U`) side by side, 3 m apart, their doors on the hall south of
    /// them, on two floors.
    static let sideBySide: [Double: String] = [
        0: """
            AASS.EE.UUAA
            AAsS.eE.uUAA
            AAAAAAAAAAAA
            """,
        1: """
            AASS.EE.UUAA
            AAsS.eE.uUAA
            AAAAAAAAAAAA
            """,
    ]

    /// Kind: connectors of every kind within reach of the particles. The kind of ride the phone felt picks its
    /// connector: from in front of the lift, a ride on stairs goes by the stairs, on an escalator by the escalator,
    /// in a lift by the lift; of no known kind, by the nearest (the lift).
    @Test func theRideFeltPicksItsKindOfConnector() throws {
        let graph = NavigationGraph(venue: try AsciiVenue(levels: Self.sideBySide, connectors: ["S": .stairs, "E": .elevator, "U": .escalator]).venue())
        let stops: [MapMatcher.Ride?: Double] = [.stairs: 3, .lift: 6, .escalator: 9, nil: 6]
        for (ride, x) in stops {
            var matcher = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 6, y: 0.5), spread: 0.3, count: 200, seed: 3))
            let changed = matcher.changeFloor(by: 1, ride: ride)
            #expect(changed)
            let end = matcher.estimate(time: 0).point
            let nearest = stops.values.min { abs($0 - end.x) < abs($1 - end.x) }
            #expect(nearest == x, "\(String(describing: ride)): at \(end)")
        }
    }

    /// Kind: a long straight walk in an open hall (220 m by 60, no wall within reach of the cloud) with a heading
    /// the magnetometer holds: the particles' heading bias fades towards none (to about 7°) instead of drifting on;
    /// carried by the gyroscope alone, the same walk's biases stay half as wide again at least.
    @Test func aHeadingTheMagnetometerHoldsKeepsTheBiasBounded() throws {
        let hall = String(repeating: String(repeating: "A", count: 55) + "\n", count: 15)
        let graph = NavigationGraph(venue: try AsciiVenue(levels: [0: hall], cell: 4).venue())
        func bias(anchored: Bool) throws -> Double {
            var matcher = try #require(MapMatcher(graph: graph, levelID: "L0", start: Coordinate(x: 4, y: 30), spread: 0.3, count: 500, seed: 11))
            for k in 0..<250 { _ = matcher.step(time: Double(k) * 0.55, length: 0.3, heading: .pi / 2, anchored: anchored) }
            let squares = matcher.particles.reduce(0) { $0 + $1.bias * $1.bias }
            return (squares / Double(matcher.particles.count)).squareRoot() * 180 / .pi
        }
        let held = try bias(anchored: true), drifting = try bias(anchored: false)
        #expect(held < 10 && drifting > 1.5 * held, "\(held)° held, \(drifting)° drifting")
    }
}
