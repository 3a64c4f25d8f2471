import Foundation
import IndoorBase
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorTestSupport
import Testing

/// The located walk as a whole: dead reckoning, the barometer's floors and map matching together.
@Suite struct SensorLocatorTests {
    /// Kind: stairs climbed step by step, their floor change reported part-way up (at 0.6 of the floor's height).
    /// The steps of the rest of the climb, until its last half metre, are the walker coming to the stairs' exit on
    /// the new floor, where the particles were taken: they stay there, rather than being carried along the corridor
    /// the phone points down.
    @Test func theRestOfAClimbStaysAtTheStairsExit() throws {
        let floor = """
            SSAAAAAAAAAAAAAAAAAAAAAA
            SsAAAAAAAAAAAAAAAAAAAAAA
            ..AAAAAAAAAAAAAAAAAAAAAA
            """
        let graph = NavigationGraph(venue: try AsciiVenue(levels: [0: floor, 1: floor], connectors: ["S": .stairs]).venue())
        let start = Coordinate(x: 2.5, y: 1.5)
        // Standing by the stairs, 20 s climbing them (the phone pointing east, down the corridor), standing.
        let truths = (0...30).map { t in
            let climbing = t >= 5 && t <= 25
            let elevation = min(1, max(0, Double(t - 5) / 20))
            return PhoneTruth(time: Double(t), point: start, level: elevation < 1 ? 0 : 1, elevation: elevation, bearing: 90,
                              stepping: climbing)
        }
        let date = Date(timeIntervalSince1970: 1_780_000_000)
        var configuration = PhoneConfiguration()
        configuration.weatherDrift = 0
        let phone = SimulatedPhone(configuration: configuration, plane: graph.venue.frame.plane, date: date, seed: 3)
        var decoder = SensorLogDecoder()
        let samples = decoder.feed(Array(phone.log(of: truths).utf8)) + decoder.finish()
        var locator = try SensorLocator(graph: graph, levelID: "L0", start: start,
                                        year: PedestrianDeadReckoning.year(unixTime: date.timeIntervalSince1970))
        let steps = samples.compactMap { locator.add($0) }
        // Climbing 0.2 m/s to t = 25 s: within the last 0.5 m of the floor's height (the landing) from t = 22.5 s,
        // which the barometer's smoothed height says about half a second later.
        let upstairs = steps.filter { $0.ordinal == 1 && $0.time < 23 }
        let exit = try #require(upstairs.first, "the floor changed during the climb")
        #expect(upstairs.count >= 3, "steps after the floor change, still climbing: \(upstairs.count)")
        for step in upstairs {
            #expect(step.point.distance(to: exit.point) < 0.5, "at \(step.time) s, \(step.point.distance(to: exit.point)) m from the exit")
        }
    }
}
