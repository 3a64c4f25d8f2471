import Foundation
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorTestSupport
import IndoorVenue
import Testing

/// Floors are entered at level changes: what the engine believes of a receiver's level, on generated multi-level
/// buildings (kind `grid`: three levels joined by stairs, an elevator and an escalator each way), the kind of venue
/// where a level flip during a missed turn used to reroute the walker onto another floor.
@Suite struct LevelBeliefTests {
    /// A route on one level of a generated grid building, and the point along it farthest from every stairs,
    /// elevator and escalator of the venue.
    struct Walk {
        let context: NavigationContext
        let itinerary: Itinerary
        let destination: Waypoint
        let track: RouteTrack
        /// Metres along the route, and metres from there to the nearest level change of the venue.
        let farthest: (s: Double, clearance: Double)
        let otherLevel: Double
        /// The level of the route's end.
        let level: Double

        init() throws {
            let generated = try VenueGenerator(kind: .grid, options: .init(seed: 1, levels: 3)).generate()
            let venue = try IMDFLoader.load(files: generated.imdf, source: "generated grid").inferringPassages()
            context = NavigationContext(venue: venue)
            let audit = RouteAudit(venue: venue)
            let router = Router(graph: context.graph)
            var found: (Itinerary, Waypoint)?
            for (a, b) in audit.pairs(200, seed: 3) where a.levelID == b.levelID && found == nil {
                let from = Waypoint(end: RouteEnd(point: try venue.frame.project(a.coordinate), levelID: a.levelID, label: a.name))
                let to = Waypoint(end: RouteEnd(point: try venue.frame.project(b.coordinate), levelID: b.levelID, label: b.name))
                guard let it = try? router.itinerary(through: [from, to]), it.legs.count == 1, it.distance > 60 else { continue }
                found = (it, to)
            }
            let (itinerary, destination) = try #require(found)
            self.itinerary = itinerary
            self.destination = destination
            track = RouteTrack(itinerary: itinerary, plane: context.plane)
            let connectors = venue.connectors.flatMap(\.stops).compactMap(\.location).map(context.plane.project)
            try #require(!connectors.isEmpty)
            var best = (s: 0.0, clearance: 0.0)
            for s in stride(from: 0.0, through: track.length, by: 1) {
                let p = track.position(at: s).point
                let clearance = connectors.map { $0.distance(to: p) }.min() ?? 0
                if clearance > best.clearance { best = (s, clearance) }
            }
            farthest = best
            let level = try #require(track.destinationLevel)
            self.level = level
            otherLevel = try #require(venue.levels.map(\.ordinal).first { $0 != level })
        }

        /// Walks the route at 1.3 m/s, fixes on it; `level(s)` says which level each fix reports.
        func events(level: (Double) -> Double) -> [NavigationEvent] {
            var core = NavigationCore(context: context, itinerary: itinerary, destination: destination)
            var events: [NavigationEvent] = []
            var second = 0.0
            var s = 0.0
            while s <= track.length, !core.hasArrived {
                let p = track.position(at: s)
                let fix = Location(coordinate: context.plane.unproject(p.point), mode: .threeD, horizontalAccuracy: 8.5, course: p.bearing,
                                   speed: 1.3, levelOrdinal: level(s), timestamp: SessionSimulator.epoch.addingTimeInterval(second), source: "test")
                core.update(fix, into: &events)
                second += 1
                s += 1.3
            }
            return events
        }
    }

    /// Four fixes in a row on another floor, 20 m and more from any stairs: a receiver's flip, not a floor the
    /// walker could have reached. Before, two such fixes made the engine declare the walker off route on another
    /// level and reroute them from there.
    @Test func aLevelFlipFarFromAnyStairsIsNotBelieved() throws {
        let walk = try Walk()
        try #require(walk.farthest.clearance >= 20, "the route passes \(walk.farthest.clearance) m from the nearest stairs at best")
        let flip = walk.farthest.s
        let events = walk.events { s in s >= flip - 2.6 && s < flip + 2.6 ? walk.otherLevel : walk.level }
        #expect(!events.contains { if case .offRoute = $0 { true } else { false } }, "\(events.filter { if case .progress = $0 { false } else { true } })")
        #expect(!events.contains { if case .rerouted = $0 { true } else { false } })
        #expect(events.contains { if case .arrived = $0 { true } else { false } })
    }

    /// The same floor said for as long as `levelPersistenceFixes` is believed wherever it is said: a walker who is
    /// on another floor (by stairs the venue does not draw) is still told so.
    @Test func anotherFloorSaidLongEnoughIsBelievedAnywhere() throws {
        let walk = try Walk()
        let start = walk.farthest.s
        let events = walk.events { s in s >= start - 5 ? walk.otherLevel : walk.level }
        #expect(events.contains { if case .offRoute(.level) = $0 { true } else { false } })
    }
}

/// Stations mapped as footway networks (generated kind `station`): their steps and escalators are ways with a
/// length, walked from one level to the other; the receiver says the new level somewhere along them.
@Suite struct WalkedLevelChangeTests {
    @Test func aLevelSaidHalfwayUpAFlightOfStepsIsNoWrongFloor() throws {
        let generated = try VenueGenerator(kind: .station, options: .init(seed: 2, levels: 3)).generate()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("walked-level-change-\(getpid()).osm")
        try generated.osm.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let venue = try VenueLoader.load(path: file.path).inferringPassages()
        let context = NavigationContext(venue: venue)
        let router = Router(graph: context.graph)
        // A route with a level change walked over more than 10 m.
        var found: (Itinerary, Waypoint, RouteTrack, Int)?
        var longest = 0.0
        for (a, b) in RouteAudit(venue: venue).pairs(200, seed: 1) where found == nil {
            let from = Waypoint(end: RouteEnd(point: try venue.frame.project(a.coordinate), levelID: a.levelID, label: a.name))
            let to = Waypoint(end: RouteEnd(point: try venue.frame.project(b.coordinate), levelID: b.levelID, label: b.name))
            guard let it = try? router.itinerary(through: [from, to]) else { continue }
            let track = RouteTrack(itinerary: it, plane: context.plane)
            for k in track.steps.indices.dropLast() where track.steps[k].isLevelChange {
                longest = max(longest, track.steps[k + 1].start - track.steps[k].start)
            }
            if let k = track.steps.indices.first(where: { track.steps[$0].isLevelChange && $0 + 1 < track.steps.count
                && track.steps[$0 + 1].start - track.steps[$0].start > 10 }) {
                found = (it, to, track, k)
            }
        }
        let (itinerary, destination, track, k) = try #require(found, "the longest level change walked: \(longest) m")
        let (rideStart, rideEnd) = (track.steps[k].start, track.steps[k + 1].start)
        #expect(track.distanceToLevelChange(from: (rideStart + rideEnd) / 2) == 0)
        var core = NavigationCore(context: context, itinerary: itinerary, destination: destination)
        var events: [NavigationEvent] = []
        var (s, second) = (0.0, 0.0)
        while s <= track.length, !core.hasArrived {
            let p = track.position(at: s)
            // Halfway along the flight the receiver says the level it leads to.
            let level = s >= (rideStart + rideEnd) / 2 && s < rideEnd ? track.steps[k + 1].levelOrdinal : p.level
            let fix = Location(coordinate: context.plane.unproject(p.point), mode: .threeD, horizontalAccuracy: 8.5, course: p.bearing,
                               speed: 1.3, levelOrdinal: level, timestamp: SessionSimulator.epoch.addingTimeInterval(second), source: "test")
            core.update(fix, into: &events)
            (s, second) = (s + 1.3, second + 1)
        }
        #expect(!events.contains { if case .offRoute = $0 { true } else { false } }, "\(events.filter { if case .progress = $0 { false } else { true } })")
        #expect(core.hasArrived)
    }
}
