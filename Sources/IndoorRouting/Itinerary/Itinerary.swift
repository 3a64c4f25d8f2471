import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue

/// Seconds spent on a leg, by what they are spent on.
public struct CostBreakdown: Hashable, Sendable {
    /// Seconds walking at the walking speed (traversals included).
    public var walking = 0.0
    /// Seconds of door penalties.
    public var doors = 0.0
    /// Seconds on stairs.
    public var stairs = 0.0
    /// Seconds waiting for and riding elevators.
    public var elevator = 0.0
    /// Seconds riding escalators.
    public var escalator = 0.0
    /// Seconds on ramps and moving walkways between levels.
    public var ramp = 0.0

    /// The sum of the components, seconds.
    public var total: Double { walking + doors + stairs + elevator + escalator + ramp }

    /// The seconds of two stretches together.
    public static func + (a: CostBreakdown, b: CostBreakdown) -> CostBreakdown {
        CostBreakdown(walking: a.walking + b.walking, doors: a.doors + b.doors, stairs: a.stairs + b.stairs,
                      elevator: a.elevator + b.elevator, escalator: a.escalator + b.escalator, ramp: a.ramp + b.ramp)
    }
}

/// One instruction and the stretch of the route it covers: a structured maneuver (``maneuver``, ``landmark``,
/// ``then``) and its text in the itinerary's language.
public struct ItineraryStep: Hashable, Sendable {
    /// The structured maneuver (kind, turn, what is entered or ridden), from which ``instruction`` is written.
    public let maneuver: Maneuver
    /// The maneuver in words, in the itinerary's language ("Turn left after Relay").
    public let instruction: String
    /// Metres from this maneuver to the next.
    public let distance: Double
    /// Seconds from this maneuver to the next.
    public let duration: Double
    /// The id of the level the maneuver is on.
    public let levelID: String
    /// The ordinal of that level (0 ground, negative below); 0 when the venue does not know the level.
    public let levelOrdinal: Double
    /// Where the maneuver is.
    public let location: GeoCoordinate
    /// The stretch this step covers, from the maneuver on.
    public let polyline: [GeoCoordinate]
    /// The named place the maneuver is oriented by: passed just before a turn or door ("after Relay"), or in view
    /// ahead at the start of a walk ("Head towards Relay"). Never the space walked through or entered, never the
    /// landmark of the step before.
    public let landmark: String?
    /// A second turn right after the maneuver, too close to be a step of its own ("Turn right, then immediately
    /// left"; "Leave Classroom 104, then turn right").
    public var then: Maneuver.Turn?
    /// Metres from the maneuver to the turn ``then`` names.
    public var thenAfter: Double?
    /// Whether the step passes through an entrance the data does not draw but routing inferred
    /// (`Opening.isInferred`): a room with no opening in the data.
    public var throughInferredOpening = false
    /// The destination, on the step that reaches it: said after the step's maneuver ("Turn right. You reach
    /// Relay on your left"), as a good guide says the last turn and the arrival together; or the step's maneuver
    /// itself (``Maneuver/arrive(name:side:approach:)``) when nothing is walked to it on its level (off a ride,
    /// or already there).
    public var arrival: Maneuver.Arrival?

    /// The step's text in another language, rendered from its structured maneuver (names stay in the languages
    /// the itinerary was written for).
    public func instruction(in language: InstructionLanguage) -> String {
        maneuver.instruction(landmark: landmark, then: then, arrival: arrival, in: language)
    }
}

/// The part of an itinerary on one level (legs split where the level changes).
public struct ItineraryLeg: Hashable, Sendable {
    /// The id of the level the leg is on (its first step's).
    public let levelID: String
    /// The ordinal of that level; 0 when the venue does not know the level.
    public let levelOrdinal: Double
    /// The steps in travel order; never empty.
    public let steps: [ItineraryStep]
    /// Metres: the sum of the steps' distances.
    public let distance: Double
    /// Seconds: the sum of the steps' durations.
    public let duration: Double
    /// The leg's seconds by what they are spent on.
    public let costs: CostBreakdown
}

/// A route in words: legs of steps with maneuvers, distances, durations and polylines.
public struct Itinerary: Hashable, Sendable {
    /// The legs in travel order; a new leg starts where the level changes.
    public let legs: [ItineraryLeg]
    /// Metres in all: the sum of the legs' distances.
    public var distance: Double { legs.reduce(0) { $0 + $1.distance } }
    /// Seconds in all: the sum of the legs' durations.
    public var duration: Double { legs.reduce(0) { $0 + $1.duration } }
    /// How far the ends were moved onto walkable space, metres.
    public let startSnap: Double
    /// How far the destination was moved onto walkable space, metres.
    public let endSnap: Double
    /// What the stops are called, from the start to the destination (for labelling them on a map).
    public var stopNames: [String] = []
    /// The language the instructions are written in.
    public var language: InstructionLanguage = .en
}

/// One stop of a multi-stop route: where, and what it is called in the instructions.
public struct Waypoint: Sendable {
    /// Where the stop is (metres in the venue's frame), its level, and its name in the instructions.
    public let end: RouteEnd
    /// Where the place itself is (metres), for "on your left/right" (a POI's point; defaults to `end.point`).
    public let target: Coordinate
    /// The open area the place is, metres in the venue's frame, when it is one (a platform, concourse, corridor or
    /// square: `Venue.openArea(of:)`): a route to it as the destination ends where the walk enters it, not at
    /// `end`, its middle. `nil` for a point or a room behind doors.
    public let area: Geometry?

    /// A stop at `end`; `target` (metres in the venue's frame) is where the place itself stands, `end.point` if `nil`;
    /// `area` (metres) the open area it is, if it is one.
    public init(end: RouteEnd, target: Coordinate? = nil, area: Geometry? = nil) {
        self.end = end
        self.target = target ?? end.point
        self.area = area
    }

    /// The open area `place` is (`Venue.openArea(of:)`) in metres in `venue`'s frame, for ``area``; `nil` when
    /// it is none or the frame cannot project it.
    public static func area(of place: Place, in venue: Venue) -> Geometry? {
        venue.openArea(of: place).flatMap { try? venue.frame.project($0) }
    }
}

extension Router {
    /// Routes through `stops` in order (at least two) and writes the itinerary.
    /// - Throws: ``RoutingError`` for the first stretch that has no route.
    /// - Parameters:
    ///   - stops: the places to pass, start first and destination last; ends are in metres in the venue's frame.
    ///   - options: the profile, closures and access every stretch is routed with.
    ///   - language: the language of the instructions.
    ///   - names: languages for the names in them, best first (default: the instruction language).
    public func itinerary(through stops: [Waypoint], options: RoutingOptions = RoutingOptions(),
                          language: InstructionLanguage = .en, names: [String]? = nil) throws(RoutingError) -> Itinerary {
        var writer = ItineraryWriter(graph: graph, language: language, names: names ?? [language.rawValue])
        var startSnap = 0.0, endSnap = 0.0
        for (k, pair) in zip(stops, stops.dropFirst()).enumerated() {
            var route = try route(from: pair.0.end, to: pair.1.end, options: options)
            if k == 0 { startSnap = route.startSnap }
            endSnap = route.endSnap
            let isLast = k == stops.count - 2
            // The destination that is an open area is reached at its edge. (A stop on the way is not: the next
            // stretch starts from its middle.) A walk that starts at the destination, or in the open area it is,
            // is already there.
            var arrival: ItineraryWriter.Arrival = .walking
            let area = isLast ? pair.1.area.map(PreparedPolygon.init) : nil
            if isLast, startsThere(route, at: pair.1, area: area) {
                route = Route(points: Array(route.points.prefix(1)), cost: 0, distance: 0, startSnap: route.startSnap, endSnap: 0)
                arrival = .here
            } else if let area, let entered = ending(route, whereItEnters: area, on: pair.1.end.levelID) {
                route = entered
                arrival = .entering
            }
            writer.add(route, from: pair.0, to: pair.1, isLast: isLast, arrival: arrival)
        }
        return Itinerary(legs: try writer.finish(), startSnap: startSnap, endSnap: endSnap, stopNames: stops.map(\.end.label),
                         language: language)
    }
}

/// Turns routes into legs and steps (pure: a function of the path, the venue and the language), as a good guide
/// would say them:
/// - maneuvers closer than ``shortest`` metres to the next are merged with it: a door and the turn right after
///   it are one step, two turns the same way are their net turn, two sharp turns opposite ways are "turn right,
///   then immediately left", and a jog that ends the way it began is not spoken at all (the geometry keeps it);
/// - walking straight from one space into another is not a step;
/// - a walk that starts in a room leaves it through its door as the first step ("Leave Classroom 104, then turn
///   right"); one that starts in the open heads towards a named place in view when there is one;
/// - landmarks are chosen for salience: shops, amenities and other named places before rooms, never the space
///   being walked through or entered, never the one the step before named;
/// - the arrival is said with the last step walked to it ("Turn right. You reach Relay on your left"), a step of
///   its own only when nothing is walked to it on its level (off a ride, or already there);
/// - the arrival says on which side the place is, from the approach: through the door on the left, right or
///   ahead when a door opens into it; the side a short passage to it leaves the way on; ahead where the way ends
///   at it; as you step off when it is the connector just ridden; otherwise the side of the hall or corridor it
///   stands on, or ahead in the middle when it stands clear of both; and "already there", with nothing to walk,
///   when the walk starts at it or in the open area it is.
struct ItineraryWriter {
    /// Turns and doors closer than this to the next maneuver (metres) are merged with it: a walker cannot act on them.
    static let shortest = 3.0
    /// A door this close to the destination (metres) is where the destination is: "through the door on your left".
    static let arrivalDoor = 12.0
    /// A place reached head-on with at least this many metres of floor on both sides, across the approach, stands
    /// in the middle of its space (a seating area in a food court, a ticket machine on an island platform).
    static let freeStanding = 1.5
    /// Slight bends within this many metres of each other that add up to a real turn are that turn.
    static let bendWindow = 8.0
    /// A connector straight ahead within this many metres of the start of a walk is in view: "Take the stairs" is
    /// all there is to say (the walk to it is part of the ride's step).
    static let connectorAhead = 12.0
    /// A door this close to a ride (metres) is the way onto it (a stairwell or lift lobby door): the ride is said.
    static let rideDoor = 6.0

    let graph: NavigationGraph
    /// The graph's venue, held (not a copy of it per feature read).
    let venue: Venue
    let language: InstructionLanguage
    /// Languages for names (of levels, spaces, landmarks), best first.
    let names: [String]
    private var legs: [ItineraryLeg] = []
    private var steps: [ItineraryStep] = []
    /// The first position that could not be given in WGS84 (the itinerary is then not given at all).
    private var unprojectable: GeometryError?
    private var costs = CostBreakdown()
    /// The walk being written, from its start (or the end of a ride) to the next ride or the stop.
    private var walk: [Draft] = []
    /// The name of the stop the route being written starts from: not a landmark on the way from it.
    private var origin: String?
    /// Whether the walk being written starts where a ride ended (off an elevator is not "Leave Elevator").
    private var afterRide = false

    /// A step being written: its maneuver, where, and what it covers.
    struct Draft {
        var maneuver: Maneuver
        var at: Coordinate
        var level: String
        var points: [Coordinate]
        var distance = 0.0
        var duration = 0.0
        /// The turn at the maneuver, degrees (positive: left).
        var angle = 0.0
        /// The heading arriving at the maneuver and leaving it (degrees, counter-clockwise from east).
        var heading = 0.0
        var outHeading = 0.0
        /// The space walked through before the maneuver and after it (indexes into `venue.spaces`).
        var from: Int?
        var into: Int?
        var inferred = false
        var then: Maneuver.Turn?
        var landmark: String?
        /// For a departure through its room's door: metres from the start to the door.
        var doorAlong: Double?
        /// For a departure followed closely by a turn (``then``): that turn, where it is and what is near it.
        var thenAt: Turning?
        /// Metres from the maneuver to the turn ``then`` names.
        var thenAfter = 0.0
        /// The destination the step reaches (see ``ItineraryStep/arrival``).
        var arrival: Maneuver.Arrival?
    }

    /// Where a turn folded into the step before it is: for its landmark.
    struct Turning {
        var at: Coordinate
        var level: String
        var heading: Double
        var from: Int?
        var into: Int?

        init(_ d: Draft) {
            at = d.at
            level = d.level
            heading = d.heading
            from = d.from
            into = d.into
        }
    }

    init(graph: NavigationGraph, language: InstructionLanguage, names: [String]) {
        self.graph = graph
        venue = graph.venue
        self.language = language
        self.names = names
    }

    func levelName(_ id: String) -> String {
        venue.level(id: id).map { $0.displayName(for: names, wordLanguage: language.rawValue) } ?? id
    }

    func spaceName(_ s: Int) -> String? {
        guard s >= 0 else { return nil }
        let space = venue.spaces[s]
        guard space.kind != .walkway else { return nil }
        return space.name.resolved(for: names)
    }

    /// What a room is called on its door: its name, else its number ("Leave 2016").
    func roomName(_ s: Int) -> String? {
        spaceName(s) ?? (s >= 0 && venue.spaces[s].kind != .walkway ? venue.spaces[s].ref.flatMap { $0.isEmpty ? nil : $0 } : nil)
    }

    static func heading(_ a: Coordinate, _ b: Coordinate) -> Double {
        atan2(b.y - a.y, b.x - a.x) * 180 / .pi
    }

    static func turnAngle(_ from: Double, _ to: Double) -> Double {
        var d = to - from
        while d > 180 { d -= 360 }
        while d < -180 { d += 360 }
        return d
    }

    /// Compass bearing (clockwise from north) of a heading counter-clockwise from east.
    static func bearing(_ heading: Double) -> Double { (90 - heading + 360).truncatingRemainder(dividingBy: 360) }

    /// How a stretch comes to its stop.
    enum Arrival {
        /// On foot or off a ride, to the stop's point.
        case walking
        /// Where the walk enters the open area that is the stop (the route ends there).
        case entering
        /// Already there: the stretch starts at the stop or in its open area (a route of its start alone).
        case here
    }

    /// Words one stretch of the route, which comes to `stop` as `arrival` says.
    mutating func add(_ route: Route, from start: Waypoint, to stop: Waypoint, isLast: Bool, arrival: Arrival) {
        origin = start.end.label
        let p = route.points
        guard p.count >= 2 else {
            if let only = p.first {
                walk = arrival == .here ? []
                    : [Draft(maneuver: .depart(heading: 0, leaving: nil), at: only.point, level: only.levelID, points: [only.point])]
                arrive(route: p, stop: stop, isLast: isLast, arrival: arrival)
            }
            return
        }
        var heading: Double?
        var i = 1
        while i < p.count {
            defer { i += 1 }
            let a = p[i - 1], b = p[i]
            let edge = b.edge.map { graph.edges[$0] }
            // A same-level traversal is walked like any stretch; rides change level.
            if let edge, edge.kind != .walk, !(edge.kind == .traversal && edge.levelChange == 0) {
                // Consecutive rides on one connector (stairs climbed three levels) are one step.
                var last = i, change = edge.levelChange, cost = edge.cost
                while last + 1 < p.count, let e = p[last + 1].edge {
                    let next = graph.edges[e]
                    guard next.kind == edge.kind, next.connector == edge.connector else { break }
                    last += 1
                    change += next.levelChange
                    cost += next.cost
                }
                // A few steps to the connector and nothing else: the ride is what is said (its stretch keeps them). So
                // is a connector straight ahead within a few metres (the walk to it does not turn: it is in view).
                var approach: Draft?
                if case .depart(_, nil) = walk.first?.maneuver, walk.dropFirst().allSatisfy(isStraightOn),
                   walk.reduce(0, { $0 + $1.distance }) < (walk.count == 1 && walk[0].distance < Self.shortest ? Self.shortest : Self.connectorAhead) {
                    while walk.count > 1 { absorb(1, into: 0) }
                    approach = walk.removeFirst()
                }
                flushWalk()
                ride(edge, from: a, to: p[last], levelChange: change, cost: cost, after: approach)
                i = last
                heading = nil
                continue
            }
            let h = Self.heading(a.point, b.point)
            let length = a.point.distance(to: b.point)
            var duration = length / graph.costs.walkingSpeed
            costs.walking += duration
            if let previous = heading {
                let angle = Self.turnAngle(previous, h)
                let turn = Maneuver.Turn(degrees: angle)
                var maneuver: Maneuver?
                if let o = a.opening, venue.openings[o].isDoor {
                    maneuver = .door(turn)
                    duration += graph.costs.doorPenalty
                    costs.doors += graph.costs.doorPenalty
                } else if turn != .straight {
                    maneuver = .turn(turn)
                } else if b.space != a.space, let s = b.space, let name = spaceName(s) {
                    maneuver = .enter(name: name)
                } else if b.space != a.space, let s = a.space, let name = spaceName(s) {
                    maneuver = .leave(name: name)
                }
                if let maneuver {
                    walk.append(Draft(maneuver: maneuver, at: a.point, level: a.levelID, points: [a.point], angle: angle,
                                      heading: previous, outHeading: h, from: a.space, into: b.space))
                }
            } else {
                // The start of the route, or of a leg after a ride.
                walk = [Draft(maneuver: .depart(heading: Self.bearing(h), leaving: nil), at: a.point, level: a.levelID,
                              points: [a.point], heading: h, outHeading: h, into: b.space)]
            }
            if !walk.isEmpty {
                walk[walk.count - 1].points.append(b.point)
                walk[walk.count - 1].distance += length
                walk[walk.count - 1].duration += duration
                if [a, b].contains(where: { $0.opening.map { venue.openings[$0].isInferred } ?? false }) {
                    walk[walk.count - 1].inferred = true
                }
            }
            heading = h
        }
        arrive(route: p, stop: stop, isLast: isLast, arrival: arrival)
    }

    /// The levels a ride of `change` in ordinal climbs or descends, as said: the change rounded, at least 1 (a landing
    /// at -0.3 is no level of its own), at most 1,000 (an absurd ordinal never traps).
    static func levels(climbing change: Double) -> Int { max(1, Int(min(abs(change), 1000).rounded())) }

    mutating func ride(_ edge: NavigationGraph.Edge, from a: RoutePoint, to b: RoutePoint, levelChange: Double, cost: Double,
                       after approach: Draft? = nil) {
        let n = Self.levels(climbing: levelChange)
        var draft = Draft(maneuver: .connector(kind: edge.kind, levels: n, up: levelChange > 0, to: levelName(b.levelID),
                                               name: connectorName(edge)),
                          at: approach?.at ?? a.point, level: a.levelID, points: approach?.points ?? [a.point])
        draft.duration = cost + (approach?.duration ?? 0)
        draft.distance = approach?.distance ?? 0
        draft.inferred = approach?.inferred ?? false
        switch edge.kind {
        case .stairs: costs.stairs += cost
        case .elevator: costs.elevator += cost
        case .escalator: costs.escalator += cost
        default: costs.ramp += cost
        }
        // Off one ride and straight onto the next of the same kind and way, with nothing to do between (escalators
        // in a row): one ride, "down 2 levels"; the few metres between stay in its stretch.
        if let previous = legs.last, let last = previous.steps.last,
           case .connector(let kind, let levels, let up, _, let name) = last.maneuver, kind == edge.kind, up == (levelChange > 0),
           steps.reduce(0, { $0 + $1.distance }) < Self.shortest,
           steps.allSatisfy({ if case .depart = $0.maneuver { true } else { false } }) {
            legs.removeLast()
            let between = steps
            steps = Array(previous.steps.dropLast())
            let walked = between.reduce(0) { $0 + $1.distance }
            // The levels of the whole ride, not the rides' sum: flights up to a landing and on (-1 → -0.7 → -0.3 →
            // 0, landings mapped as levels of their own) climb one floor.
            let climbed = (venue.level(id: b.levelID)?.ordinal).map { Self.levels(climbing: $0 - last.levelOrdinal) } ?? levels + n
            let merged = Maneuver.connector(kind: kind, levels: climbed, up: up, to: levelName(b.levelID),
                                            name: name == draft.maneuver.connectorName ? name : nil)
            let polyline = last.polyline + between.flatMap(\.polyline)
            steps.append(ItineraryStep(maneuver: merged, instruction: Phrasebook(language: language).instruction(merged, landmark: nil, then: nil),
                                       distance: last.distance + walked, duration: last.duration + between.reduce(0) { $0 + $1.duration } + cost,
                                       levelID: last.levelID, levelOrdinal: last.levelOrdinal, location: last.location, polyline: polyline,
                                       landmark: nil, then: nil, thenAfter: nil, throughInferredOpening: last.throughInferredOpening))
            costs = previous.costs + costs
            closeLeg()
            afterRide = true
            return
        }
        emit(draft)
        closeLeg()
        afterRide = true
    }

    /// A connector's own name, when it says more than its kind ("Elevator B", not "Elevator" or "Лифт").
    func connectorName(_ edge: NavigationGraph.Edge) -> String? {
        guard let c = edge.connector, c < venue.connectors.count,
              let name = venue.connectors[c].name.resolved(for: names)?.trimmingCharacters(in: .whitespaces),
              !name.isEmpty else { return nil }
        // Words that only say the kind or the way ("Escalator (down)", "Лифт"): such a name says nothing more.
        let generic: Set<String> = ["elevator", "elevators", "lift", "lifts", "stairs", "stair", "staircase", "stairway", "steps",
                                    "escalator", "escalators", "ramp", "moving", "walkway", "travelator", "ascenseur", "escalier",
                                    "escaliers", "mécanique", "rampe", "aufzug", "fahrstuhl", "treppe", "treppenhaus",
                                    "rolltreppe", "лифт", "лестница", "эскалатор", "пандус", "траволатор",
                                    "up", "down", "haut", "bas", "montant", "descendant", "hoch", "runter", "auf", "ab", "aufwärts",
                                    "abwärts", "вверх", "вниз", "the", "le", "la", "l", "de", "du", "der", "die", "das"]
        let words = name.lowercased().split { !$0.isLetter }.map(String.init)
        return words.allSatisfy(generic.contains) ? nil : name
    }

    /// Ends the walk at the stop: the arrival (or waypoint) step, with its side and how the walk comes to it.
    mutating func arrive(route p: [RoutePoint], stop: Waypoint, isLast: Bool, arrival: Arrival) {
        guard let end = p.last else { return }
        var (side, approach) = arrival == .here ? (.ahead, .here) : approachSide(route: p, target: stop.target)
        if arrival == .entering, approach != .offRide { (side, approach) = (.ahead, .entering) }
        let maneuver: Maneuver = isLast ? .arrive(name: stop.end.label, side: side, approach: approach) : .waypoint(name: stop.end.label)
        if walk.isEmpty, arrival != .here {
            walk = [Draft(maneuver: .depart(heading: 0, leaving: nil), at: end.point, level: end.levelID, points: [end.point])]
        }
        walk.append(Draft(maneuver: maneuver, at: end.point, level: end.levelID, points: [end.point], into: end.space))
        flushWalk()
        if isLast { closeLeg() }
    }

    /// Where the stop is, seen by the walker arriving, and how the walk comes to it:
    /// - off a ride: the place is the connector just ridden (the walk ends where it lands, or a few steps on in
    ///   its own stairwell or lift lobby);
    /// - through its door: a room (not a hall or corridor) entered through a door or doorway a few metres before
    ///   the end, on the side the walk turns into it (or ahead);
    /// - else on the side of the target when the route ends off it; else the side the place's space opens off the
    ///   way there (the walk turns into it); else the side of the space the place stands against (the nearer wall,
    ///   across the approach);
    /// - else ahead: where the way ends when the walkable space goes no further ahead; else in the middle when the
    ///   place stands clear of both sides (``freeStanding``).
    func approachSide(route p: [RoutePoint], target: Coordinate) -> (Maneuver.Side, Maneuver.Approach) {
        guard let end = p.last else { return (.ahead, .beside) }
        if isOffRide(p) { return (.ahead, .offRide) }
        guard let heading = Self.approach(p, upTo: p.count - 1) else { return (.ahead, .beside) }
        let (side, approach) = sideOnFoot(route: p, target: target, heading: heading)
        guard side == .ahead, approach == .beside || approach == .middle else { return (side, approach) }
        // Nothing walkable ahead in the place's own space: the way ends at it.
        let r = heading * .pi / 180
        let beyond = Coordinate(x: end.point.x + 1.5 * cos(r), y: end.point.y + 1.5 * sin(r))
        guard end.point.distance(to: target) <= Self.shortest, let walkable = spaceHolds(beyond, at: end) else { return (.ahead, .beside) }
        return (.ahead, walkable ? approach : .endOfWay)
    }

    /// Whether the space the route point `end` is in holds `q`; `nil` when `end` is in no space of the graph.
    func spaceHolds(_ q: Coordinate, at end: RoutePoint) -> Bool? {
        guard let space = end.space, let level = graph.levelSpaces[end.levelID], let k = level.spaces.firstIndex(of: space) else { return nil }
        return level.index.allContaining(q).contains(k)
    }

    /// Whether the walk ends on the connector it has just ridden: a ride lands within a few steps of the end with
    /// no space walked into, or in the connector space the walk ends in (its stairwell or lift lobby); or the ride
    /// ran through that connector space, landing just outside it (OSM maps an escalator as a `room=escalator` and
    /// the conveying steps inside it, their top end on the corridor), a few steps from the end.
    func isOffRide(_ p: [RoutePoint]) -> Bool {
        guard let end = p.last else { return false }
        let connectorSpace = end.space.map { venue.spaces[$0].kind.isConnector } ?? false
        guard end.space == nil || connectorSpace else { return false }
        var k = p.count - 1, walked = 0.0, outside = false
        while k > 0 {
            if let e = p[k].edge, graph.edges[e].kind != .walk, !(graph.edges[e].kind == .traversal && graph.edges[e].levelChange == 0) {
                if outside {
                    // Ridden through the place: the middle of the ride (in plan) lies in it.
                    let middle = Coordinate(x: (p[k - 1].point.x + p[k].point.x) / 2, y: (p[k - 1].point.y + p[k].point.y) / 2)
                    return walked <= Self.arrivalDoor && spaceHolds(middle, at: end) == true
                }
                return end.space == nil ? walked < Self.shortest : walked <= Self.arrivalDoor
            }
            guard p[k - 1].levelID == end.levelID else { return false }
            if let space = p[k].space, space != end.space {
                guard connectorSpace else { return false }
                outside = true
            }
            walked += p[k - 1].point.distance(to: p[k].point)
            k -= 1
        }
        return false
    }

    /// The way the walker comes to point `last` of the route: the heading from the point a few metres back along
    /// it (``shortest``, on the level the route ends on) to `last`, so that a last sidestep to a place against a
    /// wall is not taken for the direction of the walk; `nil` when less than half a metre leads there.
    static func approach(_ p: [RoutePoint], upTo last: Int) -> Double? {
        guard let level = p.last?.levelID, last < p.count else { return nil }
        var k = last, walked = 0.0
        while k > 0, walked < shortest, p[k - 1].levelID == level, p[k].levelID == level {
            walked += p[k - 1].point.distance(to: p[k].point)
            k -= 1
        }
        let from = p[k].point, to = p[last].point
        guard from.distance(to: to) >= 0.5 else { return nil }
        return heading(from, to)
    }

    /// The side a turn of `angle` degrees (positive: left) leads to; ahead within 25°.
    static func side(_ angle: Double) -> Maneuver.Side { angle > 25 ? .left : angle < -25 ? .right : .ahead }

    /// The side of a place reached on foot, and whether through its door (``approachSide(route:target:)``'s rules
    /// after the ride's); `heading` is the last approach.
    func sideOnFoot(route p: [RoutePoint], target: Coordinate, heading: Double) -> (Maneuver.Side, Maneuver.Approach) {
        guard let end = p.last else { return (.ahead, .beside) }
        // Where the walk entered the place's space, and how it turned into it.
        var entry = p.count - 1
        while entry > 0, p[entry].space == end.space, p[entry].levelID == end.levelID { entry -= 1 }
        let inside = entry < p.count - 1 ? (entry + 1..<p.count).reduce(0) { $0 + p[$1 - 1].point.distance(to: p[$1].point) } : 0
        // A room or stairwell entered through its door or doorway just before the place: the entrance is where it is.
        if entry > 0, entry < p.count - 1, inside <= Self.arrivalDoor, let room = end.space, p[entry].levelID == end.levelID,
           !venue.spaces[room].kind.isOpenPlan, p[entry].opening != nil || p[entry + 1].opening != nil, let before = Self.approach(p, upTo: entry) {
            let into = p[entry + 1..<p.count].first { $0.point.distance(to: p[entry].point) >= 0.5 } ?? end
            return (Self.side(Self.turnAngle(before, Self.heading(p[entry].point, into.point))), .door)
        }
        let offset = Coordinate(x: target.x - end.point.x, y: target.y - end.point.y)
        if (offset.x * offset.x + offset.y * offset.y).squareRoot() > 0.5 {
            return (Self.side(Self.turnAngle(heading, atan2(offset.y, offset.x) * 180 / .pi)), .beside)
        }
        if entry > 0, entry < p.count - 1, p[entry].point.distance(to: end.point) >= 1, let before = Self.approach(p, upTo: entry) {
            let turned = Self.side(Self.turnAngle(before, Self.heading(p[entry].point, end.point)))
            if turned != .ahead { return (turned, .beside) }
        }
        // At the place itself: the side of the space it stands on, across the approach.
        guard let space = end.space, let level = graph.levelSpaces[end.levelID],
              let k = level.spaces.firstIndex(of: space) else { return (.ahead, .beside) }
        func room(towards angle: Double) -> Double {
            let r = (heading + angle) * .pi / 180
            var d = 0.0
            while d < 25 {
                let q = Coordinate(x: end.point.x + (d + 0.25) * cos(r), y: end.point.y + (d + 0.25) * sin(r))
                guard level.index.allContaining(q).contains(k) else { break }
                d += 0.25
            }
            return d
        }
        let left = room(towards: 90), right = room(towards: -90)
        // Clearly nearer one wall than the other (in the middle of a corridor it is ahead).
        if left < 0.8 * right, right - left >= 0.5 { return (.left, .beside) }
        if right < 0.8 * left, left - right >= 0.5 { return (.right, .beside) }
        // As far from the one as from the other, with room to pass it on both: it stands in the middle.
        return (.ahead, min(left, right) >= Self.freeStanding ? .middle : .beside)
    }

    // MARK: - Saying the walk

    /// Simplifies the walk, names its landmarks and writes its steps.
    mutating func flushWalk() {
        guard !walk.isEmpty else { return }
        simplify()
        nameLandmarks()
        sayArrivalWithLastStep()
        for d in walk { emit(d) }
        walk = []
        afterRide = false
    }

    /// Moves draft `j`'s stretch into draft `i` (`j == i + 1`) and drops `j` as a spoken step.
    mutating func absorb(_ j: Int, into i: Int) {
        let d = walk.remove(at: j)
        walk[i].points += d.points.dropFirst()
        walk[i].distance += d.distance
        walk[i].duration += d.duration
        walk[i].inferred = walk[i].inferred || d.inferred
        walk[i].outHeading = d.outHeading
    }

    func isTurn(_ d: Draft) -> Bool { if case .turn = d.maneuver { true } else { false } }
    /// Walking straight on from one space into the next (no turn, no door): nothing a walker decides.
    func isStraightOn(_ d: Draft) -> Bool {
        switch d.maneuver {
        case .continue, .enter, .leave: true
        default: false
        }
    }
    func isDoor(_ d: Draft) -> Bool { if case .door = d.maneuver { true } else { false } }
    func isEnd(_ d: Draft) -> Bool {
        switch d.maneuver {
        case .arrive, .waypoint: true
        default: false
        }
    }

    /// The merging rules of the type's documentation, applied until none applies.
    mutating func simplify() {
        leaveStartRoom()
        // Off a ride and straight through a door: the door is the first thing to do.
        if afterRide, walk.count > 2, case .depart(_, nil) = walk[0].maneuver, isDoor(walk[1]), walk[0].distance < Self.shortest {
            let off = walk.removeFirst()
            walk[0].points = off.points + walk[0].points.dropFirst()
            walk[0].distance += off.distance
            walk[0].duration += off.duration
            walk[0].inferred = walk[0].inferred || off.inferred
        }
        var changed = true
        while changed {
            changed = false
            var i = 0
            while i < walk.count {
                defer { i += 1 }
                let d = walk[i]
                let next = i + 1 < walk.count ? walk[i + 1] : nil
                switch d.maneuver {
                case .depart(_, let leaving):
                    // Too short to walk before turning: head the way the turn goes.
                    guard leaving == nil, let next, isTurn(next) || next.maneuver == .continue else { continue }
                    if leaving == nil, d.distance >= Self.shortest, d.distance < Self.bendWindow, d.then == nil, isTurn(next), next.then == nil,
                       next.distance >= Self.shortest {
                        // A first turn a few steps on: "Head north, then turn left after the elevator".
                        walk[i].then = Maneuver.Turn(degrees: next.angle)
                        walk[i].thenAt = Turning(next)
                        walk[i].thenAfter = d.distance
                        absorb(i + 1, into: i)
                    } else {
                        guard d.distance < Self.shortest else { continue }
                        absorb(i + 1, into: i)
                        walk[i].maneuver = .depart(heading: Self.bearing(walk[i].outHeading), leaving: nil)
                    }
                    changed = true
                case .continue, .enter, .leave:
                    // Straight on from one space into the next: nothing to do, nothing to say.
                    guard i > 0 else { continue }
                    absorb(i, into: i - 1)
                    i -= 1
                    changed = true
                case .turn(let turn):
                    guard i > 0, d.distance < Self.shortest || next == nil else { continue }
                    guard let next, !isEnd(next) else {
                        // Just before the stop or a ride: the stop or the connector is what is said.
                        absorb(i, into: i - 1)
                        i -= 1
                        changed = true
                        continue
                    }
                    if case .door = next.maneuver {
                        let total = d.angle + next.angle
                        absorb(i + 1, into: i)
                        walk[i].maneuver = .door(Maneuver.Turn(degrees: total))
                        walk[i].angle = total
                        walk[i].into = next.into
                    } else if isTurn(next) {
                        let second = Maneuver.Turn(degrees: next.angle)
                        if d.then == nil, d.distance >= 1, abs(d.angle) >= 45, abs(next.angle) >= 45, (d.angle > 0) != (next.angle > 0) {
                            walk[i].then = second
                            walk[i].thenAfter = d.distance
                            absorb(i + 1, into: i)
                            walk[i].maneuver = .turn(turn)
                        } else {
                            let total = d.angle + next.angle
                            absorb(i + 1, into: i)
                            walk[i].angle = total
                            walk[i].then = nil
                            let net = Maneuver.Turn(degrees: total)
                            walk[i].maneuver = net == .straight ? .continue : .turn(net)
                        }
                    } else {
                        continue
                    }
                    changed = true
                case .door(let turn):
                    // A door a few steps before a ride (a stairwell or lift lobby door): the ride is what is said.
                    if next == nil, i > 0, d.then == nil, d.distance < Self.rideDoor {
                        absorb(i, into: i - 1)
                        i -= 1
                        changed = true
                        continue
                    }
                    // Straight on through a door on the way: nothing to decide (a door at the destination is its side).
                    if turn == .straight, d.then == nil, i > 0, let next, !isEnd(next), !(isTurn(next) && d.distance < Self.shortest) {
                        absorb(i, into: i - 1)
                        i -= 1
                        changed = true
                        continue
                    }
                    // Through the door and straight into a turn: "Turn left through the door, then turn right".
                    guard let next, isTurn(next), d.distance < Self.shortest, d.then == nil else { continue }
                    let second = Maneuver.Turn(degrees: next.angle)
                    absorb(i + 1, into: i)
                    if second != .straight {
                        walk[i].then = second
                        walk[i].thenAfter = d.distance
                    }
                    changed = true
                default:
                    continue
                }
            }
        }
        // A bend: a slight turn is the corridor or the path bending, not a choice, unless the bends that follow
        // within a few metres add up to a real turn (then they are one, said where it starts).
        var k = 1
        while k < walk.count {
            guard case .turn(let t) = walk[k].maneuver, t == .slightLeft || t == .slightRight, walk[k].then == nil else {
                k += 1
                continue
            }
            var total = walk[k].angle, along = walk[k].distance, last = k
            while last + 1 < walk.count, isTurn(walk[last + 1]), walk[last + 1].then == nil, along < Self.bendWindow,
                  (walk[last + 1].angle > 0) == (total > 0) {
                last += 1
                total += walk[last].angle
                along += walk[last].distance
                if abs(total) >= 45 { break }
            }
            if abs(total) >= 45 {
                for _ in k..<last { absorb(k + 1, into: k) }
                walk[k].angle = total
                walk[k].maneuver = .turn(Maneuver.Turn(degrees: total))
                k += 1
            } else {
                absorb(k, into: k - 1)
            }
        }
        // Nothing to walk between a ride and the stop, or a few steps straight on: the stop is all there is to say.
        if walk.count == 2, case .depart(_, nil) = walk[0].maneuver, isEnd(walk[1]), walk[0].then == nil,
           walk[0].distance < 1 || (afterRide && walk[0].distance < Self.bendWindow) {
            var end = walk.removeLast()
            end.at = walk[0].at
            end.points = walk[0].points
            end.distance = walk[0].distance
            end.duration = walk[0].duration
            walk[0] = end
        }
        // The destination through a door just before it: the door is where the place is.
        let n = walk.count
        if n >= 3, case .arrive(let name, _, _) = walk[n - 1].maneuver, isDoor(walk[n - 2]), walk[n - 2].distance <= Self.arrivalDoor,
           let room = walk[n - 2].into, room == walk[n - 1].into, !venue.spaces[room].kind.isOpenPlan {
            let angle = walk[n - 2].angle
            let side: Maneuver.Side = abs(angle) < 45 ? .ahead : angle > 0 ? .left : .right
            absorb(n - 2, into: n - 3)
            walk[n - 2].maneuver = .arrive(name: name, side: side, approach: .door)
        }
        // A last turn a few metres before a place ahead of it or on the side it turns to: the place is on that side
        // of the way (through its door there when it has one), and the turn is not a step of its own. So is a turn
        // said as the second half of the step before ("…, then turn right"): a shop at the end of a short passage
        // off the corridor is on the side the passage leaves it.
        let m = walk.count
        guard m >= 2, case .arrive(let name, let side, let approach) = walk[m - 1].maneuver, approach != .offRide else { return }
        func aside(_ t: Maneuver.Turn) -> Bool { t != .slightLeft && t != .slightRight && (t.isLeft || t.isRight) }
        func beside(_ t: Maneuver.Turn) -> Maneuver { .arrive(name: name, side: t.isLeft ? .left : .right, approach: approach == .door ? .door : .beside) }
        if m >= 3, case .turn(let t) = walk[m - 2].maneuver, aside(t), walk[m - 2].then == nil, walk[m - 2].distance <= Self.bendWindow,
           side == .ahead || (side == .left) == t.isLeft {
            absorb(m - 2, into: m - 3)
            walk[m - 2].maneuver = beside(t)
        } else if side == .ahead, approach != .door, let t = walk[m - 2].then, aside(t),
                  walk[m - 2].distance - walk[m - 2].thenAfter <= Self.bendWindow {
            walk[m - 2].then = nil
            walk[m - 2].thenAt = nil
            walk[m - 1].maneuver = beside(t)
        }
    }

    /// The arrival is said with the step walked to it: one step, not a step of no metres after it. (Its landmark
    /// was chosen with the arrival as a step of its own, so is never the destination's.)
    mutating func sayArrivalWithLastStep() {
        guard let arrival = walk.last?.maneuver.arrival else { return }
        if walk.count >= 2 { absorb(walk.count - 1, into: walk.count - 2) }
        walk[walk.count - 1].arrival = arrival
    }

    /// A walk that starts in a named room leaves it through its door as one step, however it winds inside (the
    /// door is in view): "Leave Classroom 104".
    mutating func leaveStartRoom() {
        guard case .depart(_, nil) = walk.first?.maneuver, let room = walk.first?.into,
              !venue.spaces[room].kind.isOpenPlan, !(afterRide && venue.spaces[room].kind.isConnector),
              let name = roomName(room) else { return }
        var j = 1, along = walk[0].distance
        while j < walk.count, !isDoor(walk[j]), !isEnd(walk[j]), walk[j].from == room, walk[j].into == room {
            along += walk[j].distance
            j += 1
        }
        guard j < walk.count, isDoor(walk[j]), walk[j].from == room, walk[j].into != room, along <= 25 else { return }
        let bearing = Self.bearing(walk[j].outHeading)
        // The turn out of the door, with one a few steps outside it: "Leave Classroom 104, then turn right".
        var angle = walk[j].angle
        for _ in 1..<j { absorb(1, into: 0) }
        walk[0].doorAlong = walk[0].distance
        absorb(1, into: 0)
        if walk.count > 2, isTurn(walk[1]), walk[1].then == nil, walk[0].distance - (walk[0].doorAlong ?? 0) < Self.shortest {
            angle += walk[1].angle
            absorb(1, into: 0)
        }
        walk[0].maneuver = .depart(heading: bearing, leaving: name)
        let turn = Maneuver.Turn(degrees: angle)
        if turn != .straight {
            walk[0].then = turn
            walk[0].thenAfter = walk[0].doorAlong ?? 0
        }
    }

    // MARK: - Landmarks

    /// How salient a POI is as a landmark: shops, amenities, kiosks and entrances first, then rooms.
    static func salience(_ kind: POI.Kind) -> Int? {
        switch kind {
        case .occupant, .amenity, .kiosk, .entrance: 0
        case .room: 1
        case .section, .building: nil
        }
    }

    /// The POIs of a level's floor, in metres.
    func pois(on level: String) -> [NavigationGraph.FloorPOI] {
        graph.floorPOIs[level] ?? []
    }

    mutating func nameLandmarks() {
        guard let first = walk.first else { return }
        let destination: String? = walk.last.flatMap {
            switch $0.maneuver {
            case .arrive(let name, _, _), .waypoint(let name): name
            default: nil
            }
        }
        let startSpace = first.into
        // The space the walk ends in is where it goes, not a landmark on the way (a destination given as a
        // coordinate has no name to exclude it by).
        let endSpace = walk.count > 1 ? walk.last?.into : nil
        var previous: String?
        for i in walk.indices {
            let d = walk[i]
            switch d.maneuver {
            case .depart(_, nil):
                if let t = d.thenAt {
                    let excluded = Set([t.from, t.into, startSpace, endSpace].compactMap { $0 })
                    walk[i].landmark = landmark(near: t.at, level: t.level, heading: t.heading, entering: t.into, excluding: excluded,
                                                names: [destination, origin].compactMap { $0 })
                } else {
                    walk[i].landmark = inView(from: d, space: startSpace, excluding: [destination, origin].compactMap { $0 })
                }
            case .turn, .door:
                // Not the space walked through, nor the one entered, nor the ones the walk begins and ends in.
                let excluded = Set([d.from, d.into, startSpace, endSpace].compactMap { $0 })
                walk[i].landmark = landmark(near: d.at, level: d.level, heading: d.heading, entering: d.into, excluding: excluded,
                                            names: [destination, previous, origin].compactMap { $0 })
            default:
                break
            }
            previous = walk[i].landmark
        }
    }

    /// The most salient named POI within a few metres of a maneuver, passed or at it.
    mutating func landmark(near p: Coordinate, level: String, heading: Double, entering: Int?, excluding spaces: Set<Int>,
                           names excluded: [String]) -> String? {
        var best: (tier: Int, distance: Double, name: String)?
        let r = heading * .pi / 180
        for entry in pois(on: level) {
            let q = entry.point, d = q.distance(to: p)
            guard d <= 6 else { continue }
            guard let tier = Self.salience(entry.kind), d <= (tier == 0 ? 6 : 5) else { continue }
            // Never the space entered; never the one walked through or started in (a place within it is fine).
            if let s = entry.space,
               s == entering || (spaces.contains(s) && (entry.kind == .room || !venue.spaces[s].kind.isOpenPlan)) { continue }
            // Ahead of the walker it is not yet a landmark to turn "after".
            let along = (q.x - p.x) * cos(r) + (q.y - p.y) * sin(r)
            guard along <= 0.5, let name = venue.pois[entry.poi].name.resolved(for: names), !excluded.contains(name) else { continue }
            if best.map({ (tier, d) < ($0.tier, $0.distance) }) ?? true { best = (tier, d, name) }
        }
        return best?.name
    }

    /// A named place in view ahead at the start of a walk (within 40 m and 25° of its heading, nothing but the
    /// start's space and the place's own between; not the stops themselves): what "Head towards" names.
    mutating func inView(from d: Draft, space: Int?, excluding excluded: [String]) -> String? {
        guard let space, let level = graph.levelSpaces[d.level] else { return nil }
        var best: (score: Double, name: String)?
        let start = d.at
        for entry in pois(on: d.level) {
            let q = entry.point, dist = q.distance(to: start)
            guard dist >= Self.shortest, dist <= 40 else { continue }
            guard let tier = Self.salience(entry.kind) else { continue }
            // Never the space stood in (a place within it is fine).
            if entry.space == space, entry.kind == .room || !venue.spaces[space].kind.isOpenPlan { continue }
            let off = abs(Self.turnAngle(d.outHeading, Self.heading(start, q)))
            guard off <= 25, let name = venue.pois[entry.poi].name.resolved(for: names), !excluded.contains(name) else { continue }
            let score = Double(tier) * 100 + off
            guard score < best?.score ?? .infinity else { continue }
            // In view: every half metre of the sight line lies in the start's space or the place's own.
            let allowed = Set([space, entry.space ?? -1].filter { $0 >= 0 })
            let steps = Int(dist / 0.5)
            let visible = (1..<max(steps, 1)).allSatisfy { s in
                let t = Double(s) / Double(steps)
                let x = Coordinate(x: start.x + (q.x - start.x) * t, y: start.y + (q.y - start.y) * t)
                return level.index.allContaining(x).contains { allowed.contains(level.spaces[$0]) }
            }
            if visible { best = (score, name) }
        }
        return best?.name
    }

    // MARK: - Steps and legs

    mutating func emit(_ s: Draft) {
        let location: GeoCoordinate, polyline: [GeoCoordinate]
        do throws(GeometryError) {
            location = try venue.frame.unproject(s.at)
            polyline = try venue.frame.unproject(s.points)
        } catch {
            // Never metres labelled as WGS84: the itinerary fails as a whole (see finish()).
            unprojectable = unprojectable ?? error
            return
        }
        let ordinal = venue.level(id: s.level)?.ordinal ?? 0
        let instruction = Phrasebook(language: language).instruction(s.maneuver, landmark: s.landmark, then: s.then, arrival: s.arrival)
        steps.append(ItineraryStep(maneuver: s.maneuver, instruction: instruction, distance: s.distance, duration: s.duration,
                                   levelID: s.level, levelOrdinal: ordinal, location: location, polyline: polyline,
                                   landmark: s.landmark, then: s.then, thenAfter: s.then == nil ? nil : s.thenAfter,
                                   throughInferredOpening: s.inferred, arrival: s.arrival))
    }

    mutating func closeLeg() {
        guard !steps.isEmpty, let level = steps.first?.levelID else { return }
        legs.append(ItineraryLeg(levelID: level, levelOrdinal: venue.level(id: level)?.ordinal ?? 0, steps: steps,
                                 distance: steps.reduce(0) { $0 + $1.distance }, duration: steps.reduce(0) { $0 + $1.duration },
                                 costs: costs))
        steps = []
        costs = CostBreakdown()
    }

    /// - Throws: ``RoutingError/unprojectable(_:)`` when a position of the walk could not be given in WGS84.
    mutating func finish() throws(RoutingError) -> [ItineraryLeg] {
        flushWalk()
        closeLeg()
        if let unprojectable { throw .unprojectable(unprojectable.localizedDescription) }
        return legs
    }
}
