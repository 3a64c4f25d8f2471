import Foundation
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorSampleVenue
import IndoorSearch

/// The navigation engine on one core: fixes per second through `NavigationCore.update` (matching, progress,
/// off-route, the reroutes the sessions need), on the fixes of 200 seeded simulated sessions (the sample venue's
/// two-level route, noise 3 m, missed turns at 0.2); and whole simulated sessions per second.
func runNavigation() throws {
    let venue = try SampleVenue.load()
    let context = NavigationContext(venue: venue)
    let index = SearchIndex(venue: venue)
    func waypoint(_ name: String) throws -> Waypoint {
        let place = try index.place(name, near: nil)
        return Waypoint(end: RouteEnd(point: try venue.frame.project(place.coordinate), levelID: place.levelID, label: name))
    }
    let from = try waypoint("Café Müller"), to = try waypoint("Page Blanche Bookshop")
    let itinerary = try Router(graph: context.graph).itinerary(through: [from, to])
    var walker = WalkerConfiguration()
    walker.detourRate = 0.2
    let simulator = SessionSimulator(context: context, itinerary: itinerary, destination: to, walker: walker, seed: 1)
    let sessions = 200
    var start = now()
    let recorded = (0..<sessions).map { simulator.run(session: $0, record: true) }
    let sessionsPerSecond = Double(sessions) / (now() - start)
    let fixes: [[Location]] = recorded.map { r in
        var decoder = NMEADecoder()
        return (decoder.feed(Array(r.nmea.utf8)) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f.location() } else { nil } }
    }
    let total = fixes.reduce(0) { $0 + $1.count }
    var events: [NavigationEvent] = []
    events.reserveCapacity(16)
    for _ in 0..<repeats {
        var count = 0
        var rounds = 0
        start = now()
        // At least a second of work per measurement.
        repeat {
            for session in fixes {
                var core = NavigationCore(context: context, itinerary: itinerary, destination: to)
                for fix in session {
                    events.removeAll(keepingCapacity: true)
                    core.update(fix, into: &events)
                }
                count += session.count
            }
            rounds += 1
        } while now() - start < 1
        let seconds = now() - start
        emit(#"{"suite":"navigation","fixes":\#(count),"fixes_per_s":\#(Int(Double(count) / seconds)),"sessions_per_s":\#(Int(sessionsPerSecond)),"distinct_fixes":\#(total)}"#)
    }
}
