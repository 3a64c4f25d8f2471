import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorTestSupport
import Testing

/// Where a reroute starts. Kind: a corridor with a yard behind its wall whose door is far off (a station's passage
/// and the grounds beside it): the last fix may fall just across the wall, while the user is in the corridor.
@Suite struct RerouteStartTests {
    /// A corridor A (x 0–40, y 20–22) with a yard B behind its north wall (y 22–24) whose only door is at its east
    /// end (x 38); from A's west end a corridor C goes 20 m south to the destination.
    static let drawing = ([
        String(repeating: "B", count: 40),
        String(repeating: "B", count: 38) + "bB",
        String(repeating: "A", count: 40),
        String(repeating: "A", count: 40),
    ] + Array(repeating: "AA" + String(repeating: ".", count: 38), count: 20)).joined(separator: "\n")

    /// The first reroute's metres on the drawing above, the fixes averaged over `window` seconds.
    static func reroute(window: Double) throws -> Double {
        let venue = try AsciiVenue(levels: [0: drawing]).venue()
        let context = NavigationContext(venue: venue)
        let level = AsciiVenue.levelID(0)
        let from = Waypoint(end: RouteEnd(point: Coordinate(x: 20, y: 21), levelID: level, label: "corridor"))
        let to = Waypoint(end: RouteEnd(point: Coordinate(x: 1, y: 1), levelID: level, label: "south end"))
        let itinerary = try Router(graph: context.graph).itinerary(through: [from, to])
        var configuration = NavigationConfiguration()
        configuration.rerouteStartWindow = window
        var core = NavigationCore(context: context, itinerary: itinerary, destination: to, configuration: configuration)
        var events: [NavigationEvent] = []
        let points = [(20.0, 21.0), (20, 21), (20, 21), (30, 20.5), (30, 20.5), (30, 22.7)]
        for (k, p) in points.enumerated() {
            let fix = Location(coordinate: try venue.frame.unproject(Coordinate(x: p.0, y: p.1)), mode: .threeD, horizontalAccuracy: 0.5,
                               levelOrdinal: 0, timestamp: SessionSimulator.epoch.addingTimeInterval(Double(k)), source: "test")
            core.update(fix, into: &events)
        }
        let distances = events.compactMap { if case .rerouted(let d, _) = $0 { d } else { nil } }
        return try #require(distances.first, "no reroute: \(events.map(\.name))")
    }

    /// The user is followed from the corridor's middle towards C, walks 10 m the wrong way, east, and is found off
    /// the route by two fixes 2.2 m apart: one in the corridor, the last across its wall in the yard (0.5 m
    /// accuracy, so the corridor is beyond its reach). The reroute starts from their mean, in the corridor, and
    /// goes straight back west; from the last fix alone it would leave the yard by its door, 8 m on east.
    @Test func aRerouteStartsFromTheMeanOfTheFixesThatFoundTheUserOff() throws {
        // Back west along A (30 m) and down C (20 m): about 50 m.
        let averaged = try Self.reroute(window: NavigationConfiguration().rerouteStartWindow)
        #expect(averaged > 45 && averaged < 55, "\(averaged) m")
        // From the last fix alone: out of the yard by its door first, 16 m more.
        let last = try Self.reroute(window: 0)
        #expect(last > averaged + 10, "\(last) m")
    }
}
