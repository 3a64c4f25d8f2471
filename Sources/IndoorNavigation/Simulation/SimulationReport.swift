import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting

/// The figures of many simulated sessions: what the acceptance asks of the engine.
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
}
