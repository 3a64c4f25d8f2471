import IndoorBase
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// Kind: a venue built by hand (`Venue` is a public value anyone may assemble) whose spaces name a level its list
/// of levels lacks. A route on it is refused, naming the level, rather than given with a made-up ordinal: the graph
/// walks the spaces of listed levels only, and the itinerary's writer, which once wrote an unknown level as the
/// ground floor (0), refuses one too.
@Suite struct UnknownLevelTests {
    @Test func aWalkOnALevelTheVenueDoesNotListIsNoItinerary() throws {
        let ascii = try AsciiVenue(levels: [2: """
            AAAAAAAAAAAA
            AAAAAAAAAAAA
            """])
        var venue = ascii.venue()
        venue.levels.removeAll()
        let router = Router(graph: NavigationGraph(venue: venue))
        let level = AsciiVenue.levelID(2)
        let ends = [Coordinate(x: 1, y: 0.5), Coordinate(x: 10, y: 1.5)].map { Waypoint(end: RouteEnd(point: $0, levelID: level, label: "there")) }
        #expect(throws: RoutingError.unknownLevel(level)) { try router.itinerary(through: ends) }
        // The same venue with its level listed routes, on that level's ordinal.
        let listed = Router(graph: NavigationGraph(venue: ascii.venue()))
        #expect(try listed.itinerary(through: ends).legs.map(\.levelOrdinal) == [2])
    }
}
