import Foundation
import IndoorGeometry
import IndoorNavigation
import IndoorRouting
import IndoorText
import IndoorTestSupport
import IndoorVenue
import Synchronization

/// `simulate --venue PATH [--venue-name NAME] | --generated KIND [--venue-seed S] [--levels N]` `[--sessions 1000]
/// [--pairs 10] [--seed 1] [--noise 3] [--detour-rate 0.2]`: issue 13's engine figures on one venue. The sessions
/// are spread evenly over seeded pairs of named places (``RouteAudit``'s, the pairs that route), each run by
/// ``SessionSimulator`` — what `indoornav simulate` runs — with its defaults but the noise. One JSON line: the
/// ``SimulationReport`` of all the venue's sessions, and per pair the sessions with a false alarm.
func runSimulate() throws {
    let (name, venue) = try benchVenue()
    let sessions = option("--sessions").flatMap(Int.init) ?? 1000
    let seed = option("--seed").flatMap(UInt64.init) ?? 1
    var walker = WalkerConfiguration()
    walker.noise = option("--noise").flatMap(Double.init) ?? 3
    walker.detourRate = option("--detour-rate").flatMap(Double.init) ?? 0.2
    let context = NavigationContext(venue: venue)
    let audit = RouteAudit(venue: venue)
    // Pairs that route, in the audit's seeded order (more are drawn than needed: some do not route).
    var pairs: [(String, SessionSimulator)] = []
    let wanted = option("--pairs").flatMap(Int.init) ?? 10
    for (a, b) in audit.pairs(wanted * 4, seed: seed) where pairs.count < wanted {
        guard let pa = try? venue.frame.project(a.coordinate), let pb = try? venue.frame.project(b.coordinate) else { continue }
        let from = Waypoint(end: RouteEnd(point: pa, levelID: a.levelID, label: a.name))
        let to = Waypoint(end: RouteEnd(point: pb, levelID: b.levelID, label: b.name))
        guard let itinerary = try? Router(graph: context.graph).itinerary(through: [from, to]), itinerary.distance > 20 else { continue }
        pairs.append(("\(a.name) → \(b.name)", SessionSimulator(context: context, itinerary: itinerary, destination: to, walker: walker, seed: seed)))
    }
    guard !pairs.isEmpty else { fail("\(name): no pair of named places routes") }
    let simulators = pairs
    // Session i runs pair i mod pairs, as its (i / pairs)-th session: every pair gets its share, in a fixed order.
    let results = Mutex<[SessionResult?]>(Array(repeating: nil, count: sessions))
    let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, sessions))
    DispatchQueue.concurrentPerform(iterations: workers) { w in
        var i = w
        while i < sessions {
            let result = simulators[i % simulators.count].1.run(session: i / simulators.count)
            results.withLock { $0[i] = result }
            i += workers
        }
    }
    let all = results.withLock { $0.compactMap { $0 } }
    if arguments.contains("--verbose") {
        for (k, (pair, _)) in simulators.enumerated() {
            let mine = all.enumerated().filter { $0.offset % simulators.count == k }.map(\.element)
            let report = SimulationReport(mine)
            FileHandle.standardError.write(Data("\(name): \(pair): \(report.falseOffRouteSessions)/\(report.sessions) false, \(report.arrived) arrived, \(report.wrongLevelArrivals) on the wrong level\n".utf8))
        }
    }
    // `--explain N`: the events of up to N sessions that failed (no arrival, the wrong level, a false alarm, a detour
    // unmistakably off the route never declared), fix by fix.
    if let count = option("--explain").flatMap(Int.init) {
        var shown = 0
        for (i, r) in all.enumerated()
        where shown < count && (!r.arrived || r.wrongLevelArrival || r.falseAlarms > 0 || r.detectionDelays.contains(Int.max)) {
            shown += 1
            let (pair, simulator) = simulators[i % simulators.count]
            let recorded = simulator.run(session: i / simulators.count, record: true)
            var lines = ["\(name): \(pair) session \(i / simulators.count): arrived \(r.arrived), wrong level \(r.wrongLevelArrival), "
                         + "false \(r.falseAlarmReasons), undetected \(r.detectionDelays.filter { $0 == Int.max }.count)"]
            let track = RouteTrack(itinerary: simulator.itinerary, plane: simulator.context.plane)
            for step in track.steps {
                lines.append(String(format: "  step at %.1f L%.0f %.1f s ", step.start, step.levelOrdinal, step.duration) + step.instruction(in: .en))
            }
            var seen = 0
            for (fix, frame) in recorded.frames.enumerated() {
                let mine = recorded.events[seen..<frame.eventCount].map(\.event).filter {
                    switch $0 {
                    case .progress, .approachingManeuver, .stepChanged, .started: false
                    default: true
                    }
                }
                seen = frame.eventCount
                let p = simulator.context.plane.project(frame.fix.coordinate)
                let progress = frame.progress
                let f = { (x: Double?) in x.map { String(format: "%.1f", $0) } ?? "-" }
                lines.append("  \(fix) fix L\(f(frame.fix.levelOrdinal)) (\(f(p.x)), \(f(p.y))) truth L\(f(frame.truth.level)) (\(f(frame.truth.point.x)), \(f(frame.truth.point.y)))\(frame.truth.detouring ? " detour" : "") | engine L\(f(frame.levelOrdinal)) left \(f(progress?.distanceRemaining)) off \(f(progress?.matchedDistance)) \(mine.map { "\($0)" }.joined(separator: "; "))")
            }
            FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        }
    }
    var report = SimulationReport(all).json
    if case .object(var o) = report {
        o["venue"] = .string(name)
        o["pairs"] = .number(Double(simulators.count))
        report = .object(o)
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    emit(String(decoding: try encoder.encode(report), as: UTF8.self))
}
