import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorText
import IndoorVenue

/// Judges itineraries as a visitor would hear them (issue 13's acceptance): over ``RouteAudit``'s seeded pairs of
/// named places, how many spoken turns come too soon to act on, how many steps a walk takes, whether a landmark is
/// named twice in a row, and whether each arrival says on which side the place is.
///
/// Used by `indoornav-bench guidance` (`tools/guidance/metrics`) and by the itinerary property tests.
public struct GuidanceAudit: Sendable {
    /// A spoken turn step shorter than this is one a walker cannot act on before the next.
    public static let shortestTurn = 3.0

    /// Figures over a set of itineraries; they add up across venues with `+`.
    public struct Figures: Hashable, Sendable {
        /// Pairs asked for, and how many routed.
        public var pairs = 0
        public var routed = 0
        /// Steps in all (an arrival said with the step walked to it is not one more) and metres walked.
        public var steps = 0
        public var metres = 0.0
        /// Spoken turn steps (turn, continue, enter, leave) shorter than ``GuidanceAudit/shortestTurn``; door,
        /// connector, depart and arrival steps are not counted.
        public var shortTurns = 0
        /// Steps naming the same landmark as the step before.
        public var repeatedLandmarks = 0
        /// Arrivals, and those that give no side (left/right) and are not straight ahead through a door, where the
        /// way ends or in the middle clear of both sides, nor off the ride that is the place.
        public var arrivals = 0
        public var sidelessArrivals = 0

        /// No itinerary measured yet.
        public init() {}

        /// Steps per 100 m walked, over all the itineraries.
        public var stepsPer100m: Double { metres > 0 ? Double(steps) / metres * 100 : 0 }

        /// Whether every acceptance figure holds: no short turn, at most 6 steps per 100 m, no repeated landmark,
        /// a side for every arrival not ahead through a door, at the end of the way or in the middle.
        public var passes: Bool { shortTurns == 0 && stepsPer100m <= 6 && repeatedLandmarks == 0 && sidelessArrivals == 0 }

        /// The figures of two sets of itineraries together.
        public static func + (a: Figures, b: Figures) -> Figures {
            var s = a
            s.pairs += b.pairs
            s.routed += b.routed
            s.steps += b.steps
            s.metres += b.metres
            s.shortTurns += b.shortTurns
            s.repeatedLandmarks += b.repeatedLandmarks
            s.arrivals += b.arrivals
            s.sidelessArrivals += b.sidelessArrivals
            return s
        }
    }

    /// One itinerary's findings, a line each, for `--verbose`: a rule it breaks, or why the pair does not route.
    public struct Finding: Hashable, Sendable {
        /// The names of the pair's places.
        public let from: String
        public let to: String
        /// The rule broken, with the step and its text; or "does not route" and the router's reason.
        public let problem: String
    }

    /// The pairs' source: the venue, its graph and its named places.
    public let audit: RouteAudit

    /// Prepares the venue (as routed: with its inferences).
    public init(venue: Venue) {
        audit = RouteAudit(venue: venue)
    }

    /// Words `count` seeded pairs (``RouteAudit/pairs(_:seed:)``) in `language` and measures them.
    /// - Returns: the figures, and what each itinerary that fails a rule does wrong (and each pair that does not
    ///   route, and why).
    /// - Parameter show: called with each pair's names and itinerary (for printing them).
    public func run(pairs count: Int, seed: UInt64, language: InstructionLanguage = .en,
                    show: (String, String, Itinerary) -> Void = { _, _, _ in }) -> (Figures, [Finding]) {
        let router = Router(graph: audit.graph)
        var figures = Figures()
        var findings: [Finding] = []
        let frame = audit.venue.frame
        let ids = PlaceIDs(audit.venue)
        // A place that is an open area (a platform, a concourse) is reached as the walk enters it, as `route` does.
        func waypoint(_ place: RouteAudit.Place, at point: Coordinate) -> Waypoint {
            let resolved = (try? audit.venue.place(identifiedBy: place.id, ids: ids)) ?? nil
            return Waypoint(end: RouteEnd(point: point, levelID: place.levelID, label: place.name),
                            area: resolved.flatMap { Waypoint.area(of: $0, in: audit.venue) })
        }
        for (a, b) in audit.pairs(count, seed: seed) {
            let itinerary: Itinerary
            do {
                let pa = try frame.project(a.coordinate), pb = try frame.project(b.coordinate)
                itinerary = try router.itinerary(through: [waypoint(a, at: pa), waypoint(b, at: pb)])
            } catch {
                figures.pairs += 1
                findings.append(Finding(from: a.name, to: b.name, problem: "does not route: \(error)"))
                continue
            }
            show(a.name, b.name, itinerary)
            let (f, problems) = Self.measure(itinerary, in: language)
            figures = figures + f
            findings += problems.map { Finding(from: a.name, to: b.name, problem: $0) }
        }
        return (figures, findings)
    }

    /// Measures one itinerary.
    /// - Returns: its figures (one routed pair) and a line for each rule it breaks, its steps said in `language`.
    public static func measure(_ itinerary: Itinerary, in language: InstructionLanguage = .en) -> (Figures, [String]) {
        var f = Figures()
        f.pairs = 1
        f.routed = 1
        var problems: [String] = []
        let steps = itinerary.legs.flatMap(\.steps)
        f.steps = steps.count
        f.metres = itinerary.distance
        var previousLandmark: SpokenName?
        for (k, step) in steps.enumerated() {
            let said = step.instruction(in: language)
            switch step.maneuver {
            case .turn, .continue, .enter, .leave:
                if step.distance < shortestTurn, k + 1 < steps.count {
                    f.shortTurns += 1
                    problems.append("step \(k + 1) \"\(said)\" is \(String(format: "%.1f", step.distance)) m before the next")
                }
            default:
                break
            }
            if let arrival = step.arrival {
                f.arrivals += 1
                if !Self.hasSide(arrival) {
                    f.sidelessArrivals += 1
                    problems.append("arrival \"\(said)\" gives no side")
                }
            }
            if let l = step.landmark, let p = previousLandmark, l.saysTheSame(as: p) {
                f.repeatedLandmarks += 1
                problems.append("step \(k + 1) \"\(said)\" names \(l.text(in: language)) again")
            }
            previousLandmark = step.landmark
        }
        return (f, problems)
    }

    /// Whether an arrival says where the place is: left or right; or straight ahead through its door or where the
    /// way ends at it (its entrance is in front of the walker), or in the middle of the space, clear of both sides
    /// (so neither side is nearer); or off the ride that is the place itself; or as the walk enters the open area
    /// that is the place; or already there (the walk starts at it).
    static func hasSide(_ arrival: Maneuver.Arrival) -> Bool {
        arrival.side != .ahead || arrival.approach != .beside
    }
}
