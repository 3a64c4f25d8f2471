import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting

/// The figures of many simulated sessions: what the issue's acceptance asks of the engine.
public struct SimulationReport: Hashable, Sendable {
    /// The number of sessions summed up.
    public var sessions = 0
    /// Sessions in which the engine declared arrival.
    public var arrived = 0
    /// Sessions that arrived on the wrong level.
    public var wrongLevelArrivals = 0
    /// Sessions with at least one off-route event while the walker was on the route.
    public var falseOffRouteSessions = 0
    /// New routes computed in all sessions.
    public var reroutes = 0
    /// The most new routes in one session.
    public var maxReroutesPerSession = 0
    /// Real detours (missed turns) in all sessions.
    public var detours = 0
    /// The most reroutes per real detour in any session with a detour (≤ 1: no storm).
    public var maxReroutesPerDetour = 0.0
    /// Reroutes in sessions without a real detour (each follows a false alarm).
    public var reroutesWithoutDetour = 0
    /// Real detours that went unmistakably off the route (the off-route distance plus twice the noise) and that the
    /// engine never declared off-route.
    public var undetectedDetours = 0
    /// The median number of fixes from unmistakably off the route to the off-route event; `nil` with no detection.
    public var detectionDelayMedian: Double?
    /// The most fixes any detection took.
    public var detectionDelayMax: Int?
    /// Counted from the first fix past the off-route distance itself (stricter).
    public var thresholdDelayMedian: Double?
    /// The most fixes any detection took, counted from the off-route distance itself.
    public var thresholdDelayMax: Int?
    /// The median distance between the engine's matched position and the truth, metres; `nil` without fixes.
    public var matchedErrorMedian: Double?
    /// The 95th percentile of that distance, metres.
    public var matchedErrorP95: Double?
    /// Fixes in all sessions.
    public var fixes = 0

    /// Sums `results` up; quantiles are nearest-rank.
    public init(_ results: [SessionResult]) {
        sessions = results.count
        var delays: [Int] = []
        var strict: [Int] = []
        var errors: [Double] = []
        for r in results {
            arrived += r.arrived ? 1 : 0
            wrongLevelArrivals += r.wrongLevelArrival ? 1 : 0
            falseOffRouteSessions += r.falseAlarms > 0 ? 1 : 0
            reroutes += r.reroutes
            maxReroutesPerSession = max(maxReroutesPerSession, r.reroutes)
            detours += r.detours
            if r.detours > 0 {
                maxReroutesPerDetour = max(maxReroutesPerDetour, Double(r.reroutes) / Double(r.detours))
            } else {
                reroutesWithoutDetour += r.reroutes
            }
            undetectedDetours += r.detectionDelays.filter { $0 == Int.max }.count
            delays += r.detectionDelays.filter { $0 != Int.max }
            strict += r.detectionDelaysFromThreshold.filter { $0 != Int.max }
            errors += r.matchedErrors
            fixes += r.fixes
        }
        delays.sort()
        errors.sort()
        detectionDelayMedian = Self.quantile(delays.map(Double.init), 0.5)
        detectionDelayMax = delays.last
        strict.sort()
        thresholdDelayMedian = Self.quantile(strict.map(Double.init), 0.5)
        thresholdDelayMax = strict.last
        matchedErrorMedian = Self.quantile(errors, 0.5)
        matchedErrorP95 = Self.quantile(errors, 0.95)
    }

    /// The q-quantile of sorted values (nearest rank), nil for none.
    static func quantile(_ sorted: [Double], _ q: Double) -> Double? {
        guard !sorted.isEmpty else { return nil }
        return sorted[min(Int((q * Double(sorted.count)).rounded(.up)) - 1 + (q == 0 ? 1 : 0), sorted.count - 1)]
    }

    static func round(_ x: Double?, _ digits: Double = 100) -> JSONValue { x.map { .number(($0 * digits).rounded() / digits) } ?? .null }

    /// The report as `indoornav simulate --json` prints it: snake-case keys, delays in fixes, `matched_error_m` in
    /// metres rounded to centimetres, `null` for figures with no data.
    public var json: JSONValue {
        .object([
            "sessions": .number(Double(sessions)),
            "arrived": .number(Double(arrived)),
            "wrong_level_arrivals": .number(Double(wrongLevelArrivals)),
            "false_off_route_sessions": .number(Double(falseOffRouteSessions)),
            "reroutes": .number(Double(reroutes)),
            "max_reroutes_per_session": .number(Double(maxReroutesPerSession)),
            "detours": .number(Double(detours)),
            "max_reroutes_per_detour": Self.round(maxReroutesPerDetour),
            "reroutes_without_detour": .number(Double(reroutesWithoutDetour)),
            "undetected_detours": .number(Double(undetectedDetours)),
            "detection_delay_fixes": .object(["median": Self.round(detectionDelayMedian), "max": detectionDelayMax.map { .number(Double($0)) } ?? .null]),
            "detection_delay_from_threshold_fixes": .object(["median": Self.round(thresholdDelayMedian),
                                                             "max": thresholdDelayMax.map { .number(Double($0)) } ?? .null]),
            "matched_error_m": .object(["median": Self.round(matchedErrorMedian), "p95": Self.round(matchedErrorP95)]),
            "fixes": .number(Double(fixes)),
        ])
    }

    /// The report as `indoornav simulate` prints it, in English: one aligned line per figure (see ``text(in:)``).
    public var text: String { text(in: .en) }
}

extension NavigationEvent {
    /// The event as JSON (stable keys, for `follow --json` and recordings).
    public var json: JSONValue {
        func n(_ x: Double) -> JSONValue { .number((x * 100).rounded() / 100) }
        var o: [String: JSONValue] = ["event": .string(name)]
        switch self {
        case .started(let p), .progress(let p):
            o["distance_remaining"] = n(p.distanceRemaining)
            o["duration_remaining"] = n(p.durationRemaining)
            o["fraction"] = .number((p.fractionTraveled * 1000).rounded() / 1000)
            o["step"] = .number(Double(p.stepIndex))
            o["leg"] = .number(Double(p.legIndex))
            o["instruction"] = .string(p.instruction)
            o["distance_to_maneuver"] = n(p.distanceToManeuver)
            o["level"] = .number(p.levelOrdinal)
            if let l = p.levelChangeAhead { o["level_change_ahead"] = .number(l) }
            o["lon"] = .number((p.matched.longitude * 1e7).rounded() / 1e7)
            o["lat"] = .number((p.matched.latitude * 1e7).rounded() / 1e7)
            o["off_route_distance"] = n(p.matchedDistance)
            if let a = p.accuracy, a.isFinite { o["accuracy"] = n(a) }
            if let c = p.course, c.isFinite { o["course"] = .number((c * 10).rounded() / 10) }
        case .located(let f):
            o["lon"] = .number((f.coordinate.longitude * 1e7).rounded() / 1e7)
            o["lat"] = .number((f.coordinate.latitude * 1e7).rounded() / 1e7)
            o["level"] = f.levelOrdinal.map { .number($0) } ?? .null
            o["space"] = f.spaceID.map { .string($0) } ?? .null
            o["nearest_poi"] = f.nearestPOI.map { .string($0) } ?? .null
            if let name = f.levelName { o["level_name"] = .string(name) }
            if let name = f.spaceName { o["space_name"] = .string(name) }
            if let name = f.nearestPOIName { o["nearest_poi_name"] = .string(name) }
        case .stepChanged(let index, let instruction):
            o["step"] = .number(Double(index))
            o["instruction"] = .string(instruction)
        case .approachingManeuver(let step, let distance, let instruction):
            o["step"] = .number(Double(step))
            o["distance"] = n(distance)
            o["instruction"] = .string(instruction)
        case .levelChanged(let from, let to):
            o["from"] = from.map { .number($0) } ?? .null
            o["to"] = .number(to)
        case .offRoute(let reason):
            switch reason {
            case .distance(let metres, let threshold, let fixes):
                o["reason"] = .string("distance")
                o["distance"] = n(metres)
                o["threshold"] = n(threshold)
                o["fixes"] = .number(Double(fixes))
            case .heading(let metres, let degrees):
                o["reason"] = .string("heading")
                o["distance"] = n(metres)
                o["degrees"] = n(degrees)
            case .level(let believed, let route):
                o["reason"] = .string("level")
                o["level"] = .number(believed)
                o["route_level"] = .number(route)
            }
        case .rerouted(let distance, let duration):
            o["distance"] = n(distance)
            o["duration"] = n(duration)
        case .rerouteFailed(let failure):
            o["reason"] = .string(failure.description)
        case .arrived(let level):
            o["level"] = .number(level)
        case .signalLost(let after), .signalRegained(let after):
            o["after"] = n(after)
        case .providerStatus(let status):
            o["status"] = .string(status.name)
            if let reason = status.reason { o["reason"] = .string(reason) }
        }
        return .object(o)
    }

    /// One line of JSON with sorted keys: what `follow --json` prints and a recording holds.
    public var jsonLine: String {
        (try? JSONWriter.encode(json, pretty: false)).map { String(decoding: $0, as: UTF8.self) } ?? #"{"event":"\#(name)"}"#
    }
}
