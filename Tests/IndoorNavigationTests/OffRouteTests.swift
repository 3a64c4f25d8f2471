import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorSampleVenue
import IndoorTestSupport
import IndoorVenue
import Testing

/// Venues as `indoornav-bench simulate --generated KIND --venue-seed S` builds them (three levels; a station is
/// a footway network in OSM).
func generatedVenue(_ kind: VenueGenerator.Kind, seed: UInt64) throws -> Venue {
    let generated = try VenueGenerator(kind: kind, options: .init(seed: seed, levels: 3)).generate()
    guard kind == .station else { return try IMDFLoader.load(files: generated.imdf, source: "generated \(kind)").inferringPassages() }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("offroute-tests-\(kind.rawValue)-\(seed)-\(UUID().uuidString).osm")
    try generated.osm.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    return try VenueLoader.load(path: file.path).inferringPassages()
}

/// Off route, judged on plain position noise: a 3 m receiver's 95 % radius is passed by one fix in a few hundred
/// across the route and one in a few dozen where the route ends or turns back.
@Suite struct OffRouteTests {
    /// Walks the generated grid route of ``LevelBeliefTests/Walk`` at 1.3 m/s, one fix a second; `offset(k, from)`
    /// puts fix `k` that many metres to one side of the route, `from` being the first fix from which 12 m to that
    /// side is far from every part of it. Returns the fixes (by index) that raised off-route.
    static func alarms(offset: (_ fix: Int, _ from: Int) -> Double) throws -> [Int] {
        let walk = try LevelBeliefTests.Walk()
        func point(_ k: Int, _ d: Double) -> Coordinate {
            let p = walk.track.position(at: Double(k) * 1.3)
            let left = (p.bearing - 90) * .pi / 180
            return Coordinate(x: p.point.x + d * sin(left), y: p.point.y + d * cos(left))
        }
        // The first fix from which 12 m to one side stays more than 10 m from every part of the route for 6 fixes
        // (the side: +1 left, -1 right).
        func clear(_ k: Int, _ side: Double) -> Bool {
            (k..<k + 6).allSatisfy { j in
                stride(from: 0, through: walk.track.length, by: 0.5).allSatisfy { walk.track.position(at: $0).point.distance(to: point(j, 12 * side)) > 10 }
            }
        }
        let candidates = (5..<Int(walk.track.length / 1.3) - 6).flatMap { k in [(k, 1.0), (k, -1.0)] }
        let (from, side) = try #require(candidates.first { clear($0.0, $0.1) })
        var core = NavigationCore(context: walk.context, itinerary: walk.itinerary, destination: walk.destination)
        var events: [NavigationEvent] = []
        var alarms: [Int] = []
        for k in 0..<Int(walk.track.length / 1.3) where !core.hasArrived {
            let p = walk.track.position(at: Double(k) * 1.3)
            let point = point(k, side * offset(k, from))
            let fix = Location(coordinate: walk.context.plane.unproject(point), mode: .threeD, horizontalAccuracy: 8.5, course: p.bearing,
                               speed: 1.3, levelOrdinal: walk.track.destinationLevel,
                               timestamp: SessionSimulator.epoch.addingTimeInterval(Double(k)), source: "test")
            events.removeAll()
            core.update(fix, into: &events)
            if events.contains(where: { if case .offRoute = $0 { true } else { false } }) { alarms.append(k) }
        }
        return alarms
    }

    /// Plain noise: two fixes in a row 9.5 m off a corridor (just past the 8.5 m radius) while the walker is on
    /// it. Before, two fixes were a detour.
    @Test func twoNoisyFixesInARowAreNotADetour() throws {
        let alarms = try Self.alarms { k, from in k == from || k == from + 1 ? 9.5 : 0 }
        #expect(alarms.isEmpty)
    }

    /// A real detour is beyond the radius at every fix: caught on the third, two seconds after the first.
    @Test func aDetourIsCaughtOnceItHasLastedTwoSeconds() throws {
        var start = 0
        let alarms = try Self.alarms { k, from in
            start = from
            return k >= from && k < from + 6 ? 12 : 0
        }
        #expect(alarms.first == start + 2)
    }

    /// The walker waits at the foot of the stairs that end the route for their planned time; around a route's end
    /// an error in any direction takes the fixes away from it, and two of them 9–10 m out raised an alarm — the
    /// reroute started on the floor below and the session never arrived. No alarm while a ride is held.
    @Test func noAlarmWhileWaitingAtTheStairsTheRouteEndsWith() throws {
        let simulator = try RideInPlaceTests.simulator(venue: try SampleVenue.load(), from: "Women's restroom", to: "Stairs")
        let result = simulator.run(session: 78)
        #expect(result.arrived)
        #expect(result.falseAlarms == 0 && result.reroutes == 0)
    }

    /// The fixes were lost while the walker reached the escalator that ends the route, and they stood on it: the
    /// place, not moved while standing still, stayed 8 m short of it and its clock started only when they walked
    /// on — after the session gave up. Standing still where the fix is placed at the ride, they have reached it.
    @Test func aRideReachedWhileTheFixesWereLostIsTimedFromThere() throws {
        let simulator = try RideInPlaceTests.simulator(venue: try generatedVenue(.grid, seed: 1), from: "Classroom R0-3-2-1", to: "Escalator up")
        #expect(simulator.run(session: 48).arrived)
    }

    /// The sessions among `0..<count` in which a missed turn walks past a later part of the route: the walker,
    /// going straight on from the turn, comes within 3 m (on the same floor) of a point of the route at least 15 m
    /// further along than the turn. Found from the walker's truth, not the engine's events, so that they are the
    /// same sessions whatever the engine does (and whichever sessions a change of wording replays).
    static func missedTurnsPassingTheRouteAhead(_ simulator: SessionSimulator, sessions count: Int) -> [SessionResult] {
        let track = RouteTrack(itinerary: simulator.itinerary, plane: simulator.context.plane)
        let samples = stride(from: 0, through: track.length, by: 0.5).map { (s: $0, at: track.position(at: $0)) }
        return simulator.run(sessions: count, record: true).filter { result in
            var turn: Double?
            for frame in result.frames {
                guard frame.truth.detouring else {
                    turn = nil
                    continue
                }
                // Where the missed turn is: the route's point nearest the walker's first metres past it.
                let here = samples.filter { $0.at.level == frame.truth.level }
                let s = turn ?? here.min { $0.at.point.distance(to: frame.truth.point) < $1.at.point.distance(to: frame.truth.point) }?.s
                turn = s
                guard let s else { continue }
                if here.contains(where: { $0.s >= s + 15 && $0.at.point.distance(to: frame.truth.point) <= 3 }) { return true }
            }
            return false
        }
    }

    /// Kind: a missed turn just before a ride in place (an escalator drawn as a point, 12 m on from the turn). The
    /// place reached the ride's foot and its clock started: for the ride's 30 s every alarm was held back, as for
    /// someone riding it, while the walker went on 15–30 m past the turn. Eight detours in these 100 sessions had no
    /// alarm. A ride explains fixes about its connector, not fixes beyond the off-route distance.
    @Test func aMissedTurnJustBeforeAnEscalatorIsOffTheRouteDuringTheRidesTime() throws {
        let simulator = try RideInPlaceTests.simulator(venue: try generatedVenue(.hall, seed: 1), from: "Stairs A", to: "Room R0-3-1-19")
        let report = SimulationReport((0..<100).map { simulator.run(session: $0) })
        #expect(report.detours >= 10, "\(report.text)")
        #expect(report.undetectedDetours == 0, "\(report.text)")
        #expect(report.falseOffRouteSessions == 0 && report.arrived == 100, "\(report.text)")
    }

    /// A missed turn walks on straight past (or across) a later part of a U-shaped route: the place followed the
    /// fixes there, and when the walker came back to the turn they were 'off route' behind it. Judged on every
    /// session of the first 200 in which that happens (found from the walker's truth, see
    /// ``missedTurnsPassingTheRouteAhead(_:sessions:)``), each of which must arrive with no false alarm. It was
    /// written on a doorless venue's pair, where it failed on the bugs it is about (when any fix near the route
    /// moved the place along it, 6 of those sessions alarmed; when only fixes beyond the off-route radius were kept
    /// from moving it, 7 did). Since missed turns stop at walls, that pair's never pass the route ahead; in a
    /// hall, where a missed turn walks on across the open floor, this one's do.
    @Test func aMissedTurnPassingALaterPartOfTheRouteDoesNotCarryThePlaceThere() throws {
        let simulator = try RideInPlaceTests.simulator(venue: try generatedVenue(.hall, seed: 2), from: "Office 1-102", to: "Lab 2-215")
        let passing = Self.missedTurnsPassingTheRouteAhead(simulator, sessions: 200)
        #expect(passing.count >= 10)
        for result in passing {
            #expect(result.falseAlarms == 0, "session \(result.index): \(result.falseAlarmReasons)")
            #expect(result.arrived, "session \(result.index)")
        }
    }

    /// The simulated receiver says another floor near stairs and lifts — where the walker is: on a missed turn
    /// 15–30 m away from the lift they passed, it no longer does (it did, and the engine rightly believed it).
    @Test func aReceiverAwayFromEveryLevelChangeSaysTheWalkersFloor() throws {
        let simulator = try RideInPlaceTests.simulator(venue: try generatedVenue(.doorless, seed: 2), from: "Elevator A", to: "Classroom 1-122")
        let track = RouteTrack(itinerary: simulator.itinerary, plane: simulator.context.plane)
        let connectors = track.steps.filter(\.isLevelChange).map { track.position(at: $0.start).point }
        var far = 0
        for session in 0..<20 {
            for frame in simulator.run(session: session, record: true).frames where frame.truth.detouring {
                guard connectors.allSatisfy({ $0.distance(to: frame.truth.point) > 6 }) else { continue }
                far += 1
                #expect(frame.fix.levelOrdinal == frame.truth.level, "session \(session)")
            }
        }
        #expect(far > 20)
    }

    /// Stations drawn as footway networks climb flights of steps drawn as ways, folded back under the floor they
    /// reach: two fixes saying the floor above at the foot of a flight carried the place over it onto the floor
    /// above a few metres away, and it arrived there while the walker was still climbing (and the walker stood
    /// at the foot for the flight's time, then climbed it on the floor below). The walker now climbs the flight
    /// in its time, and the place goes along it but not past its top before then.
    @Test func aFlightWalkedAlongItsLengthIsNotPassedBeforeItsTime() throws {
        let simulator = try RideInPlaceTests.simulator(venue: try generatedVenue(.station, seed: 1), from: "Odeon Express", to: "Ticket office")
        let report = SimulationReport([8, 23, 89, 94].map { simulator.run(session: $0) } + (0..<40).map { simulator.run(session: $0) })
        #expect(report.wrongLevelArrivals == 0, "\(report.text)")
        #expect(report.arrived == report.sessions, "\(report.text)")
    }
}
