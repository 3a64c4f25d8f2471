import Foundation
import IndoorGeometry
import IndoorVenue

/// Seconds spent on a leg, by what they are spent on.
public struct CostBreakdown: Hashable, Sendable {
    public var walking = 0.0
    public var doors = 0.0
    public var stairs = 0.0
    public var elevator = 0.0
    public var escalator = 0.0
    public var ramp = 0.0

    public var total: Double { walking + doors + stairs + elevator + escalator + ramp }
}

/// One instruction and the stretch of the route it covers.
public struct ItineraryStep: Hashable, Sendable {
    public let maneuver: Maneuver
    public let instruction: String
    /// Metres from this maneuver to the next.
    public let distance: Double
    /// Seconds from this maneuver to the next.
    public let duration: Double
    public let levelID: String
    public let levelOrdinal: Double
    /// WGS84: where the maneuver is.
    public let location: Coordinate
    /// WGS84: the stretch this step covers, from the maneuver on.
    public let polyline: [Coordinate]
    /// A named place within a few metres of the maneuver.
    public let landmark: String?
    /// Whether the step passes through an entrance the data does not draw but routing inferred
    /// (``Opening/isInferred``): a room with no opening in the data.
    public var throughInferredOpening = false
}

/// The part of an itinerary on one level (legs split where the level changes).
public struct ItineraryLeg: Hashable, Sendable {
    public let levelID: String
    public let levelOrdinal: Double
    public let steps: [ItineraryStep]
    public let distance: Double
    public let duration: Double
    public let costs: CostBreakdown
}

/// A route in words: legs of steps with maneuvers, distances, durations and polylines.
public struct Itinerary: Hashable, Sendable {
    public let legs: [ItineraryLeg]
    public var distance: Double { legs.reduce(0) { $0 + $1.distance } }
    public var duration: Double { legs.reduce(0) { $0 + $1.duration } }
    /// How far the ends were moved onto walkable space, metres.
    public let startSnap: Double
    public let endSnap: Double
}

/// One stop of a multi-stop route: where, and what it is called in the instructions.
public struct Waypoint: Sendable {
    public let end: RouteEnd
    /// Where the place itself is (metres), for "on your left/right" (a POI's point; defaults to `end.point`).
    public let target: Coordinate

    public init(end: RouteEnd, target: Coordinate? = nil) {
        self.end = end
        self.target = target ?? end.point
    }
}

extension Router {
    /// Routes through `stops` in order (at least two) and writes the itinerary.
    /// - Throws: ``RoutingError`` for the first stretch that has no route.
    /// - Parameters:
    ///   - language: the language of the instructions.
    ///   - names: languages for the names in them, best first (default: the instruction language).
    public func itinerary(through stops: [Waypoint], options: RoutingOptions = RoutingOptions(),
                          language: InstructionLanguage = .en, names: [String]? = nil) throws(RoutingError) -> Itinerary {
        var writer = ItineraryWriter(graph: graph, language: language, names: names ?? [language.rawValue])
        var startSnap = 0.0, endSnap = 0.0
        for (k, pair) in zip(stops, stops.dropFirst()).enumerated() {
            let route = try route(from: pair.0.end, to: pair.1.end, options: options)
            if k == 0 { startSnap = route.startSnap }
            endSnap = route.endSnap
            writer.add(route, to: pair.1, isLast: k == stops.count - 2)
        }
        return Itinerary(legs: writer.finish(), startSnap: startSnap, endSnap: endSnap)
    }
}

/// Turns routes into legs and steps (pure: a function of the path, the venue and the language).
struct ItineraryWriter {
    let graph: NavigationGraph
    let language: InstructionLanguage
    /// Languages for names (of levels, spaces, landmarks), best first.
    let names: [String]
    private var legStartSpace = -1
    private var legs: [ItineraryLeg] = []
    private var steps: [ItineraryStep] = []
    private var costs = CostBreakdown()
    /// The step being written: its maneuver, where, and what it has covered so far.
    private var pending: (maneuver: Maneuver, at: Coordinate, level: String, landmark: String?, points: [Coordinate],
                          distance: Double, duration: Double, angle: Double)?
    /// Whether the step being written has passed an inferred opening.
    private var pendingInferred = false

    init(graph: NavigationGraph, language: InstructionLanguage, names: [String]) {
        self.graph = graph
        self.language = language
        self.names = names
    }

    var venue: Venue { graph.venue }

    func levelName(_ id: String) -> String {
        venue.level(id: id).map { $0.name.resolved(for: names) ?? "level \($0.ordinalText)" } ?? id
    }

    func spaceName(_ s: Int) -> String? {
        guard s >= 0 else { return nil }
        let space = venue.spaces[s]
        guard space.kind != .walkway else { return nil }
        return space.name.resolved(for: names)
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

    mutating func add(_ route: Route, to stop: Waypoint, isLast: Bool) {
        let p = route.points
        guard p.count >= 2 else {
            if let only = p.first { begin(.depart(heading: 0), at: only.point, level: only.levelID) }
            finishStep()
            if let only = p.first { arrive(at: only, stop: stop, heading: 0, isLast: isLast) }
            return
        }
        var heading: Double?
        var i = 1
        // The space a leg's walk begins in (the start room, the connector just left): not a landmark.
        legStartSpace = p.count > 1 ? p[1].space : -1
        while i < p.count {
            defer { i += 1 }
            let a = p[i - 1], b = p[i]
            let edge = b.edge >= 0 ? graph.edges[b.edge] : nil
            // A same-level traversal is walked like any stretch; rides change level.
            if let edge, edge.kind != .walk, !(edge.kind == .traversal && edge.levelChange == 0) {
                // Consecutive rides on one connector (stairs climbed three levels) are one step.
                var last = i, change = edge.levelChange, cost = edge.cost
                while last + 1 < p.count, p[last + 1].edge >= 0 {
                    let next = graph.edges[p[last + 1].edge]
                    guard next.kind == edge.kind, next.connector == edge.connector else { break }
                    last += 1
                    change += next.levelChange
                    cost += next.cost
                }
                ride(edge, from: a, to: p[last], levelChange: change, cost: cost)
                legStartSpace = last + 1 < p.count ? p[last + 1].space : -1
                i = last
                heading = nil
                continue
            }
            let h = Self.heading(a.point, b.point)
            let length = a.point.distance(to: b.point)
            var duration = length / graph.costs.walkingSpeed
            costs.walking += duration
            if let previous = heading {
                let turn = Maneuver.Turn(degrees: Self.turnAngle(previous, h))
                var maneuver: Maneuver?
                if a.opening >= 0, venue.openings[a.opening].isDoor {
                    maneuver = .door(turn)
                    duration += graph.costs.doorPenalty
                    costs.doors += graph.costs.doorPenalty
                } else if turn != .straight {
                    maneuver = .turn(turn)
                } else if b.space != a.space, b.space >= 0, let name = spaceName(b.space) {
                    maneuver = .enter(name: name)
                } else if b.space != a.space, a.space >= 0, let name = spaceName(a.space) {
                    maneuver = .leave(name: name)
                }
                let angle = Self.turnAngle(previous, h)
                if let maneuver, !mergeIntoShortStep(maneuver, angle: angle, bearing: (90 - h + 360).truncatingRemainder(dividingBy: 360)) {
                    finishStep()
                    begin(maneuver, at: a.point, level: a.levelID,
                          landmark: landmark(near: a.point, level: a.levelID, heading: previous, excluding: stop,
                                             entering: b.space != a.space ? b.space : -1))
                    pending?.angle = angle
                }
            } else {
                // The start of the route, or of a leg after a ride.
                finishStep()
                begin(.depart(heading: (90 - h + 360).truncatingRemainder(dividingBy: 360)), at: a.point, level: a.levelID)
            }
            extend(to: b.point, distance: length, duration: duration)
            for q in [a, b] where q.opening >= 0 && venue.openings[q.opening].isInferred { pendingInferred = true }
            heading = h
        }
        finishStep()
        if let last = p.last { arrive(at: last, stop: stop, heading: heading ?? 0, isLast: isLast) }
    }

    /// Folds a maneuver into the step being written when that step is under a metre long (a door right before a
    /// corner is one instruction, not two): door beats entering a space beats turning, and turns add up.
    /// - Returns: whether it was folded in.
    mutating func mergeIntoShortStep(_ maneuver: Maneuver, angle: Double, bearing: Double) -> Bool {
        guard let p = pending, p.distance < 1 else { return false }
        let total = p.angle + angle
        switch (p.maneuver, maneuver) {
        case (.depart, _):
            pending?.maneuver = .depart(heading: bearing)
        case (.door, _), (_, .door):
            pending?.maneuver = .door(Maneuver.Turn(degrees: total))
        case (.enter, _):
            break
        case (_, .enter(let name)):
            pending?.maneuver = .enter(name: name)
        case (.turn, .turn), (.continue, .turn), (.turn, .continue):
            let turn = Maneuver.Turn(degrees: total)
            pending?.maneuver = turn == .straight ? .continue : .turn(turn)
        default:
            return false
        }
        pending?.angle = total
        return true
    }

    mutating func ride(_ edge: NavigationGraph.Edge, from a: RoutePoint, to b: RoutePoint, levelChange: Double, cost: Double) {
        finishStep()
        let n = max(1, Int(min(abs(levelChange), 1000).rounded()))
        begin(.connector(kind: edge.kind, levels: n, up: levelChange > 0, to: levelName(b.levelID)), at: a.point, level: a.levelID)
        pending?.duration = cost
        switch edge.kind {
        case .stairs: costs.stairs += cost
        case .elevator: costs.elevator += cost
        case .escalator: costs.escalator += cost
        default: costs.ramp += cost
        }
        finishStep()
        closeLeg()
    }

    mutating func arrive(at point: RoutePoint, stop: Waypoint, heading: Double, isLast: Bool) {
        let offset = Coordinate(x: stop.target.x - point.point.x, y: stop.target.y - point.point.y)
        var side = Maneuver.Side.ahead
        if (offset.x * offset.x + offset.y * offset.y).squareRoot() > 0.5 {
            let angle = Self.turnAngle(heading, atan2(offset.y, offset.x) * 180 / .pi)
            side = angle > 30 ? .left : angle < -30 ? .right : .ahead
        }
        begin(isLast ? .arrive(name: stop.end.label, side: side) : .waypoint(name: stop.end.label), at: point.point, level: point.levelID)
        finishStep()
        if isLast { closeLeg() }
    }

    /// The nearest named POI within 5 m of a maneuver on its level (not the destination), passed or at it.
    func landmark(near p: Coordinate, level: String, heading: Double, excluding stop: Waypoint, entering: Int) -> String? {
        var best: (Double, String)?
        // Not the space being entered, nor the one the leg began in (the start room, the elevator just left).
        let excluded = Set([entering, legStartSpace].filter { $0 >= 0 }.map { venue.spaces[$0].id })
        for poi in venue.pois where poi.levelID == level && poi.kind != .section && !(poi.spaceID.map(excluded.contains) ?? false) {
            guard let name = poi.name.resolved(for: names), name != stop.end.label,
                  let q = try? venue.frame.project(poi.coordinate) else { continue }
            let d = q.distance(to: p)
            // Ahead of the walker it is not yet a landmark to turn "after".
            let along = (q.x - p.x) * cos(heading * .pi / 180) + (q.y - p.y) * sin(heading * .pi / 180)
            if d <= 5, along <= 0.5, d < (best?.0 ?? .infinity) { best = (d, name) }
        }
        return best?.1
    }

    mutating func begin(_ maneuver: Maneuver, at point: Coordinate, level: String, landmark: String? = nil) {
        pending = (maneuver, point, level, landmark, [point], 0, 0, 0)
        pendingInferred = false
    }

    mutating func extend(to point: Coordinate, distance: Double, duration: Double) {
        pending?.points.append(point)
        pending?.distance += distance
        pending?.duration += duration
    }

    mutating func finishStep() {
        guard let s = pending else { return }
        pending = nil
        let frame = venue.frame
        let location = (try? frame.unproject(s.at)) ?? s.at
        let polyline = (try? frame.unproject(s.points)) ?? s.points
        let ordinal = venue.level(id: s.level)?.ordinal ?? 0
        let instruction = Phrasebook.instruction(s.maneuver, landmark: s.landmark, language)
        steps.append(ItineraryStep(maneuver: s.maneuver, instruction: instruction, distance: s.distance, duration: s.duration,
                                   levelID: s.level, levelOrdinal: ordinal, location: location, polyline: polyline,
                                   landmark: s.landmark, throughInferredOpening: pendingInferred))
    }

    mutating func closeLeg() {
        guard !steps.isEmpty, let level = steps.first?.levelID else { return }
        legs.append(ItineraryLeg(levelID: level, levelOrdinal: venue.level(id: level)?.ordinal ?? 0, steps: steps,
                                 distance: steps.reduce(0) { $0 + $1.distance }, duration: steps.reduce(0) { $0 + $1.duration },
                                 costs: costs))
        steps = []
        costs = CostBreakdown()
    }

    mutating func finish() -> [ItineraryLeg] {
        finishStep()
        closeLeg()
        return legs
    }
}
