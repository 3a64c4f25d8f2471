import IndoorBase
import IndoorGeometry
@testable import IndoorNavigation
import IndoorRouting
import IndoorTestSupport
import Testing

/// The simulated walker's missed turns. Kind: a corridor that bends where another walkable space lies behind its
/// wall with no door (a shop's back, a yard beside a station's passage): a walker who misses the turn walks on only
/// as far as a person can, to the wall, not through it into the space behind.
@Suite struct MissedTurnTests {
    /// A corridor A 2 m wide, 20 m east, then 20 m north (the turn at x 18–20, y 0–2); east of the turn, behind
    /// A's wall, a room B (x 20–50, y 0–10) with no door (a walkway beside A would be open to it). With `goesOn`,
    /// A goes on east past the turn, under B (y 2–10): a T junction.
    static func turns(goesOn: Bool) throws -> (walker: Walker, simulator: SessionSimulator) {
        let dots = String(repeating: ".", count: 18)
        let arm = dots + "AA" + String(repeating: ".", count: 30)
        let beside = dots + "AA" + String(repeating: "B", count: 30)
        let bottom = String(repeating: "A", count: 20) + String(repeating: goesOn ? "A" : "B", count: 30)
        let drawing = (Array(repeating: arm, count: 12) + Array(repeating: beside, count: 8) + [bottom, bottom]).joined(separator: "\n")
        let venue = try AsciiVenue(levels: [0: drawing]).venue()
        let context = NavigationContext(venue: venue)
        let from = Waypoint(end: RouteEnd(point: Coordinate(x: 1, y: 1), levelID: AsciiVenue.levelID(0), label: "west end"))
        let to = Waypoint(end: RouteEnd(point: Coordinate(x: 19, y: 21), levelID: AsciiVenue.levelID(0), label: "north end"))
        let itinerary = try Router(graph: context.graph).itinerary(through: [from, to])
        var configuration = WalkerConfiguration()
        configuration.detourRate = 1
        let simulator = SessionSimulator(context: context, itinerary: itinerary, destination: to, walker: configuration, seed: 1)
        let track = RouteTrack(itinerary: itinerary, plane: context.plane)
        let walker = Walker(track: track, configuration: configuration, seed: 1) { simulator.walkable($0, $1, level: $2) }
        return (walker, simulator)
    }

    @Test func aMissedTurnStopsAtTheWallNotInTheSpaceBehindIt() throws {
        let (walker, simulator) = try Self.turns(goesOn: false)
        // Straight on from the turn is 2 m to A's east wall: too short to be a missed turn at all.
        #expect(walker.detours.isEmpty, "\(walker.detours.values.map { $0.points.last ?? Coordinate(x: 0, y: 0) })")
        let report = SimulationReport((0..<20).map { simulator.run(session: $0) })
        #expect(report.arrived == 20 && report.detours == 0, "\(report.text)")
    }

    @Test func aMissedTurnAtAJunctionGoesOnAlongTheCorridor() throws {
        let (walker, _) = try Self.turns(goesOn: true)
        let detour = try #require(walker.detours.values.first)
        #expect(detour.length >= 15)
        // On east along A, glancing off its walls, never into B above it.
        let far = try #require(detour.points.last)
        #expect(far.x > 18 + 14)
        #expect(detour.points.allSatisfy { $0.y > 0 && ($0.x < 20 || $0.y < 2) }, "\(detour.points)")
    }
}
