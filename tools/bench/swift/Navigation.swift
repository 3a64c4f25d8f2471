import Foundation
import IndoorGeometry
import IndoorLocation
import IndoorNavigation
import IndoorRouting
import IndoorSampleVenue
import IndoorSearch

/// The navigation engine on one core: fixes per second through `NavigationCore.update` on the fixes of 200 seeded
/// simulated sessions (the sample venue's two-level route, noise 3 m): without missed turns (matching and progress
/// per fix, the issue's figure) and with missed turns at 0.2 (plus the reroutes they need); and whole simulated
/// sessions per second.
func runNavigation() throws {
    let venue = try SampleVenue.load()
    let context = NavigationContext(venue: venue)
    let index = SearchIndex(venue: venue)
    let from = try Waypoint(resolving: "Café Müller", in: index), to = try Waypoint(resolving: "Page Blanche Bookshop", in: index)
    let itinerary = try Router(graph: context.graph).itinerary(through: [from, to])
    let sessions = 200
    var sessionsPerSecond = 0.0
    func fixes(detourRate: Double) -> [[Location]] {
        var walker = WalkerConfiguration()
        walker.detourRate = detourRate
        let simulator = SessionSimulator(context: context, itinerary: itinerary, destination: to, walker: walker, seed: 1)
        let start = now()
        let recorded = (0..<sessions).map { simulator.run(session: $0, record: true) }
        sessionsPerSecond = Double(sessions) / (now() - start)
        return recorded.map { r in
            var decoder = NMEADecoder()
            return (decoder.feed(Array(r.nmea.utf8)) + decoder.finish()).compactMap { if case .fix(let f) = $0 { f.location() } else { nil } }
        }
    }
    /// Fixes per second through fresh engines, one per session, for at least a second.
    func measure(_ fixes: [[Location]]) -> Double {
        var events: [NavigationEvent] = []
        events.reserveCapacity(16)
        var count = 0
        let start = now()
        repeat {
            for session in fixes {
                var core = NavigationCore(context: context, itinerary: itinerary, destination: to)
                for fix in session {
                    events.removeAll(keepingCapacity: true)
                    core.update(fix, into: &events)
                }
                count += session.count
            }
        } while now() - start < 1
        return Double(count) / (now() - start)
    }
    let straight = fixes(detourRate: 0)
    let detours = fixes(detourRate: 0.2)
    for _ in 0..<repeats {
        emit(#"{"suite":"navigation","fixes_per_s":\#(Int(measure(straight))),"fixes_per_s_with_reroutes":\#(Int(measure(detours))),"sessions_per_s":\#(Int(sessionsPerSecond)),"distinct_fixes":\#(straight.reduce(0) { $0 + $1.count })}"#)
    }
}
