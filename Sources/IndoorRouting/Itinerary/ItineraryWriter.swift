import Foundation
import IndoorBase
import IndoorGeometry
import IndoorVenue

extension Router {
    /// Routes through `stops` in order (at least two) and writes the itinerary.
    /// - Throws: ``RoutingError`` for the first stretch that has no route.
    /// - Parameters:
    ///   - stops: the places to pass, start first and destination last; ends are in metres in the venue's frame.
    ///   - options: the profile, closures and access every stretch is routed with.
    public func itinerary(through stops: [Waypoint], options: RoutingOptions = RoutingOptions()) throws(RoutingError) -> Itinerary {
        var writer = ItineraryWriter(graph: graph)
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
        return Itinerary(legs: try writer.finish(), startSnap: startSnap, endSnap: endSnap, stopNames: stops.map(\.name))
    }
}

/// Turns routes into legs and steps (pure: a function of the path and the venue), as a good guide
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
    var legs: [ItineraryLeg] = []
    var steps: [ItineraryStep] = []
    /// The first position that could not be given in WGS84 (the itinerary is then not given at all).
    var unprojectable: GeometryError?
    /// The first level the walk is on that the venue does not list (a `Venue` built by hand with a space on a
    /// level it lacks): the itinerary is then not given, rather than given with a made-up ordinal.
    var unknownLevel: String?
    var costs = CostBreakdown()
    /// The walk being written, from its start (or the end of a ride) to the next ride or the stop.
    var walk: [Draft] = []
    /// The name of the stop the route being written starts from: not a landmark on the way from it.
    var origin: SpokenName?
    /// Whether the walk being written starts where a ride ended (off an elevator is not "Leave Elevator").
    var afterRide = false

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
        var landmark: SpokenName?
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

    init(graph: NavigationGraph) {
        self.graph = graph
        venue = graph.venue
    }

    func levelName(_ id: String) -> SpokenName {
        venue.level(id: id)?.spokenName ?? SpokenName(literal: id)
    }

    /// A named space's name (not a walkway's: a corridor is walked, not entered).
    func spaceName(_ s: Int) -> SpokenName? {
        guard s >= 0 else { return nil }
        let space = venue.spaces[s]
        guard space.kind != .walkway, !space.name.isEmpty else { return nil }
        return SpokenName(id: space.id, names: space.name)
    }

    /// What a room is called on its door: its name, else its number ("Leave 2016").
    func roomName(_ s: Int) -> SpokenName? {
        guard s >= 0, venue.spaces[s].kind != .walkway else { return nil }
        let space = venue.spaces[s]
        return spaceName(s) ?? space.ref.flatMap { $0.isEmpty ? nil : SpokenName(id: space.id, names: LocalizedText(), standIn: .number($0)) }
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
        origin = start.name
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
            if let edge, case .connector(let kind) = edge.kind, !(kind == .traversal && edge.levelChange == 0) {
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
                ride(edge, of: kind, from: a, to: p[last], levelChange: change, cost: cost, after: approach)
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

    mutating func ride(_ edge: NavigationGraph.Edge, of kind: Connector.Kind, from a: RoutePoint, to b: RoutePoint, levelChange: Double,
                       cost: Double, after approach: Draft? = nil) {
        let n = Self.levels(climbing: levelChange)
        var draft = Draft(maneuver: .connector(kind: kind, levels: n, up: levelChange > 0, to: levelName(b.levelID),
                                               name: connectorName(edge)),
                          at: approach?.at ?? a.point, level: a.levelID, points: approach?.points ?? [a.point])
        draft.duration = cost + (approach?.duration ?? 0)
        draft.distance = approach?.distance ?? 0
        draft.inferred = approach?.inferred ?? false
        switch kind {
        case .stairs: costs.stairs += cost
        case .elevator: costs.elevator += cost
        case .escalator: costs.escalator += cost
        case .ramp, .movingWalkway, .traversal: costs.ramp += cost
        }
        // Off one ride and straight onto the next of the same kind and way, with nothing to do between (escalators
        // in a row): one ride, "down 2 levels"; the few metres between stay in its stretch.
        if let previous = legs.last, let last = previous.steps.last,
           case .connector(let lastKind, let levels, let up, _, let name) = last.maneuver, lastKind == kind, up == (levelChange > 0),
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
            steps.append(ItineraryStep(maneuver: merged, distance: last.distance + walked, duration: last.duration + between.reduce(0) { $0 + $1.duration } + cost,
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
    func connectorName(_ edge: NavigationGraph.Edge) -> SpokenName? {
        guard let c = edge.connector, c < venue.connectors.count else { return nil }
        let connector = venue.connectors[c]
        let names = connector.name.values.compactMapValues { name -> String? in
            let name = name.trimmingCharacters(in: .whitespaces)
            return name.isEmpty || Self.saysOnlyTheKind(name) ? nil : name
        }
        return names.isEmpty ? nil : SpokenName(id: connector.id, names: LocalizedText(names))
    }

    /// Whether a connector's name only says its kind or its way ("Escalator (down)", "Лифт"): such a name says
    /// nothing more than the instruction does.
    static func saysOnlyTheKind(_ name: String) -> Bool {
        let generic: Set<String> = ["elevator", "elevators", "lift", "lifts", "stairs", "stair", "staircase", "stairway", "steps",
                                    "escalator", "escalators", "ramp", "moving", "walkway", "travelator", "ascenseur", "escalier",
                                    "escaliers", "mécanique", "rampe", "aufzug", "fahrstuhl", "treppe", "treppenhaus",
                                    "rolltreppe", "лифт", "лестница", "эскалатор", "пандус", "траволатор",
                                    "up", "down", "haut", "bas", "montant", "descendant", "hoch", "runter", "auf", "ab", "aufwärts",
                                    "abwärts", "вверх", "вниз", "the", "le", "la", "l", "de", "du", "der", "die", "das"]
        return name.lowercased().split { !$0.isLetter }.allSatisfy { generic.contains(String($0)) }
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
        guard let ordinal = venue.level(id: s.level)?.ordinal else {
            unknownLevel = unknownLevel ?? s.level
            return
        }
        steps.append(ItineraryStep(maneuver: s.maneuver, distance: s.distance, duration: s.duration,
                                   levelID: s.level, levelOrdinal: ordinal, location: location, polyline: polyline,
                                   landmark: s.landmark, then: s.then, thenAfter: s.then == nil ? nil : s.thenAfter,
                                   throughInferredOpening: s.inferred, arrival: s.arrival))
    }

    mutating func closeLeg() {
        guard let first = steps.first else { return }
        legs.append(ItineraryLeg(levelID: first.levelID, levelOrdinal: first.levelOrdinal, steps: steps,
                                 distance: steps.reduce(0) { $0 + $1.distance }, duration: steps.reduce(0) { $0 + $1.duration },
                                 costs: costs))
        steps = []
        costs = CostBreakdown()
    }

    /// - Throws: ``RoutingError/unprojectable(_:)`` when a position of the walk could not be given in WGS84;
    ///   ``RoutingError/unknownLevel(_:)`` when the walk is on a level the venue does not list.
    mutating func finish() throws(RoutingError) -> [ItineraryLeg] {
        flushWalk()
        closeLeg()
        if let unprojectable { throw .unprojectable(unprojectable.localizedDescription) }
        if let unknownLevel { throw .unknownLevel(unknownLevel) }
        return legs
    }
}
