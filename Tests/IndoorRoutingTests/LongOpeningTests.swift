import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// An opening far longer than the spaces it joins (a coordinate typo) used to get a node every 0.5 m along its
/// whole length: its nodes are now bounded by the spaces' size, and `venue validate` reports it.
@Suite struct LongOpeningTests {
    /// ```
    /// AAAAAAAAAAAA      a corridor over a room, joined by the door `b` — stretched to `length` metres along the wall
    /// AAAAAAAAAAAA
    /// BBBBBbBBBBBB
    /// BBBBBBBBBBBB
    /// BBBBBBBBBBBB
    /// ```
    static func venue(doorLength length: Double?) throws -> Venue {
        let ascii = try AsciiVenue(levels: [0: """
            AAAAAAAAAAAA
            AAAAAAAAAAAA
            BBBBBbBBBBBB
            BBBBBBBBBBBB
            BBBBBBBBBBBB
            """])
        var venue = ascii.venue()
        if let length {
            let ends = try ascii.frame.unproject([Coordinate(x: 5.5 - length / 2, y: 3), Coordinate(x: 5.5 + length / 2, y: 3)])
            venue.openings[0].geometry = GeoGeometry(degrees: .lineString(try LineString(ends.map(\.position))))
        }
        return venue
    }

    @Test func aLongOpeningGetsNodesForTheSpacesItJoinsOnly() throws {
        let venues = [200: try Self.venue(doorLength: 200), 400: try Self.venue(doorLength: 400)]
        let growth = Growth.measure(size: 200, runs: 3) { n in
            _ = venues[n].map { NavigationGraph(venue: $0) }
        }
        print("an opening of 200 m: \(growth)")
        #expect(growth.ratio < 2.2, "\(growth.small) s for an opening of 200 m, \(growth.large) s for 400 m")
        let nodes = try [nil, 200, 400, 1_000].map { length in NavigationGraph(venue: try Self.venue(doorLength: length)).nodes.count }
        // The corridor and the room are 12 m wide: a portal of at most 14 m (29 nodes, 0.5 m apart) whatever the
        // typo, and the corners and cut waypoints of two small spaces.
        #expect(nodes[1] == nodes[2] && nodes[2] == nodes[3], "\(nodes)")
        #expect(nodes[3] < 64, "\(nodes)")
        let router = Router(graph: NavigationGraph(venue: try Self.venue(doorLength: 1_000)))
        let route = try router.route(from: RouteEnd(point: Coordinate(x: 2, y: 1), levelID: AsciiVenue.levelID(0), label: "room"),
                                     to: RouteEnd(point: Coordinate(x: 2, y: 4.5), levelID: AsciiVenue.levelID(0), label: "corridor"))
        #expect(route.distance < 4)
    }

    @Test func validateReportsAnOpeningLongerThanItsSpaces() throws {
        #expect(!VenueValidator().validate(try Self.venue(doorLength: nil)).contains { $0.code == "opening-too-long" })
        let issues = VenueValidator().validate(try Self.venue(doorLength: 1_000)).filter { $0.code == "opening-too-long" }
        #expect(issues.map(\.featureID) == ["door-B0-5-2"])
        #expect(issues.first?.severity == .error)
    }
}
