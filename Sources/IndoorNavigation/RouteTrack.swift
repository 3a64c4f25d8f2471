import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting
import IndoorVenue

/// An itinerary laid out for following: one polyline through every leg in a `TangentPlane`, each vertex with
/// its distance along the route, its level and its step. Level changes are vertices where the level differs from
/// the one before (stairs, elevators and escalators are ridden in place).
public struct RouteTrack: Sendable {
    /// A step of the itinerary, as the engine shows it.
    public struct Step: Hashable, Sendable {
        /// The structured maneuver of the itinerary step.
        public let maneuver: Maneuver
        /// The place the maneuver is oriented by (`ItineraryStep.landmark`).
        public let landmark: SpokenName?
        /// Metres along the route where the step's maneuver is.
        public let start: Double
        /// Seconds from this maneuver to the next.
        public let duration: Double
        /// The ordinal of the step's level.
        public let levelOrdinal: Double
        /// The id of the step's level.
        public let levelID: String
        /// The index of the itinerary leg the step belongs to.
        public let leg: Int
        /// The turn the step says follows right after its maneuver ("then turn left"), and where it is, metres
        /// along the route.
        public let then: Maneuver.Turn?
        /// Metres along the route where the turn ``then`` names is; `nil` without one.
        public let thenStart: Double?
        /// The arrival the step says after its maneuver ("You reach Relay on your left"): what is ahead once that
        /// maneuver is behind the walker. `nil` on every other step, and on the step whose maneuver is the arrival.
        public let arrival: Maneuver.Arrival?
        /// Whether the step rides or climbs a connector (stairs, elevator, escalator, ramp) to another level.
        public var isLevelChange: Bool { if case .connector = maneuver { true } else { false } }
    }

    struct Vertex {
        var point: Coordinate
        var s: Double
        var level: Double
        var step: Int32
        /// The bearing of the segment starting here, or of the next one that has a length: worked out once when
        /// the track is laid out, not per fix (atan2 was a tenth of the engine's time).
        var segmentBearing = 0.0
        /// The unit vector from this vertex to the next (zero for the last, and where they coincide): how much a
        /// course goes along the segment is a dot product, not a cosine per segment per fix.
        var direction = Coordinate(x: 0, y: 0)
    }

    /// What the track holds, laid out once and never changed: a track is passed and kept by reference (the
    /// engine reads it on every fix; copying a struct of arrays and an itinerary there was a tenth of its time).
    private final class Storage: Sendable {
        let itinerary: Itinerary
        let plane: TangentPlane
        let steps: [Step]
        let vertices: [Vertex]
        let length: Double
        /// Per step: what is left after it (see ``RouteTrack/Remaining``).
        let remaining: [Remaining]
        /// The level changes that have a step after them, in travel order (their starts never decrease).
        let rides: [(start: Double, end: Double, duration: Double)]

        init(itinerary: Itinerary, plane: TangentPlane, steps: [Step], vertices: [Vertex], length: Double) {
            self.itinerary = itinerary
            self.plane = plane
            self.steps = steps
            self.vertices = vertices
            self.length = length
            remaining = Remaining.table(steps, length: length)
            rides = steps.indices.dropLast().filter { steps[$0].isLevelChange }.map { (steps[$0].start, steps[$0 + 1].start, steps[$0].duration) }
        }
    }

    /// What is left of the route after a step, worked out once per step so that progress is O(1) per fix.
    struct Remaining {
        /// Seconds of the steps after this one, and of those of them on the same leg.
        var duration = 0.0
        var legDuration = 0.0
        /// Metres along the route where this step's leg ends.
        var legEnd = 0.0
        /// The ordinal of the level the next level change after this step arrives on; nil when none follows.
        var levelChangeAhead: Double?

        static func table(_ steps: [Step], length: Double) -> [Remaining] {
            var table = [Remaining](repeating: Remaining(), count: steps.count)
            var legEnd = length
            var levelChangeAhead: Double?
            for k in steps.indices.reversed() {
                if k + 1 < steps.count {
                    let next = steps[k + 1]
                    table[k].duration = table[k + 1].duration + next.duration
                    table[k].legDuration = next.leg == steps[k].leg ? table[k + 1].legDuration + next.duration : 0
                    if next.leg != steps[k].leg { legEnd = next.start }
                    // A level change arrives on the level of the leg after its own.
                    if next.isLevelChange {
                        levelChangeAhead = steps[(k + 2)...].first { $0.leg > next.leg }?.levelOrdinal ?? next.levelOrdinal
                    }
                }
                table[k].legEnd = legEnd
                table[k].levelChangeAhead = levelChangeAhead
            }
            return table
        }
    }

    private let storage: Storage
    /// The itinerary laid out, as given.
    public var itinerary: Itinerary { storage.itinerary }
    /// The plane the route's vertices are in (metres east and north of its origin).
    public var plane: TangentPlane { storage.plane }
    /// Every step of every leg, in travel order.
    public var steps: [Step] { storage.steps }
    var vertices: [Vertex] { storage.vertices }
    /// Metres from the first vertex to the last.
    public var length: Double { storage.length }
    /// What is left of the route after step `k`.
    func remaining(after k: Int) -> Remaining { storage.remaining[k] }

    /// Lays `itinerary` out in `plane`: its step polylines (WGS84) projected and joined into one polyline.
    /// - Complexity: O(n) in the itinerary's vertices.
    public init(itinerary: Itinerary, plane: TangentPlane) {
        var steps: [Step] = []
        var vertices: [Vertex] = []
        var s = 0.0
        for (legIndex, leg) in itinerary.legs.enumerated() {
            for step in leg.steps {
                let index = Int32(steps.count)
                let points = (step.polyline.isEmpty ? [step.location] : step.polyline).map(plane.project)
                var start = s
                for (k, p) in points.enumerated() {
                    if let last = vertices.last {
                        let d = last.point.distance(to: p)
                        if d < 1e-6, last.level == leg.levelOrdinal {
                            if k == 0 { start = s }
                            continue
                        }
                        s += d
                    }
                    if k == 0 { start = s }
                    vertices.append(Vertex(point: p, s: s, level: leg.levelOrdinal, step: index))
                }
                steps.append(Step(maneuver: step.maneuver, landmark: step.landmark, start: start, duration: step.duration,
                                  levelOrdinal: leg.levelOrdinal, levelID: leg.levelID, leg: legIndex,
                                  then: step.then, thenStart: step.thenAfter.map { start + $0 },
                                  arrival: step.maneuver.arrival == nil ? step.arrival : nil))
            }
        }
        for i in vertices.indices.dropLast() {
            let (a, b) = (vertices[i].point, vertices[i + 1].point)
            let length = a.distance(to: b)
            if length > 0 { vertices[i].direction = Coordinate(x: (b.x - a.x) / length, y: (b.y - a.y) / length) }
        }
        for i in vertices.indices { vertices[i].segmentBearing = Self.bearing(ofSegment: i, in: vertices) }
        storage = Storage(itinerary: itinerary, plane: plane, steps: steps, vertices: vertices, length: s)
    }

    /// The ordinal of the last leg's level; `nil` for an empty itinerary.
    public var destinationLevel: Double? { itinerary.legs.last?.levelOrdinal }

    /// The step in force at `s` metres along the route (the last whose maneuver is at or before it).
    public func stepIndex(at s: Double) -> Int {
        let steps = storage.steps
        var lo = 0, hi = steps.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if steps[mid].start <= s + 1e-9 { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Metres along the route from `s` to the nearest level change (stairs, elevator, escalator), ahead or behind;
    /// 0 on one: a ride walked along its length (a flight of steps drawn as a way) is a level change all along.
    public func distanceToLevelChange(from s: Double) -> Double {
        var best = Double.infinity
        for (k, step) in steps.enumerated() where step.isLevelChange {
            let end = k + 1 < steps.count ? steps[k + 1].start : length
            best = min(best, s < step.start ? step.start - s : max(s - end, 0))
        }
        return best
    }

    /// Whether `p` is within `reach` of a place where the route changes to or from the floor at `ordinal` (where
    /// its stairs, elevators and escalators are ridden).
    /// - Complexity: O(vertices).
    func isNearLevelChange(_ p: Coordinate, to ordinal: Double, within reach: Double) -> Bool {
        for i in vertices.indices.dropFirst() where vertices[i].level != vertices[i - 1].level {
            let (a, b) = (vertices[i - 1], vertices[i])
            if a.level == ordinal || b.level == ordinal, min(a.point.distance(to: p), b.point.distance(to: p)) <= reach { return true }
        }
        return false
    }

    /// Metres along the route of the first level change after `s` (at or ahead of it) that arrives on the level at
    /// `ordinal`; nil when the route has none.
    /// - Complexity: O(steps).
    func levelChange(after s: Double, to ordinal: Double) -> Double? {
        for (k, step) in steps.enumerated() where step.isLevelChange && k + 1 < steps.count {
            let end = steps[k + 1].start
            if end >= s - 1e-9, steps[k + 1].levelOrdinal == ordinal { return end }
        }
        return nil
    }

    /// The first level change at or after `s` metres along the route, where it starts and ends and its planned
    /// seconds: ridden in place (a lift, or stairs or an escalator drawn as a point: it ends less than a metre
    /// after it starts) or walked along its length (a flight of steps drawn as a way).
    /// - Complexity: O(log level changes).
    func ride(after s: Double) -> (start: Double, end: Double, duration: Double)? {
        let rides = storage.rides
        var lo = 0, hi = rides.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if rides[mid].start >= s - 1e-6 { hi = mid } else { lo = mid + 1 }
        }
        return lo < rides.count ? rides[lo] : nil
    }

    /// Where a point along the route is.
    public struct Position: Hashable, Sendable {
        /// In the plane, metres.
        public let point: Coordinate
        /// The level's ordinal.
        public let level: Double
        /// Degrees clockwise from north: the direction of the route there.
        public let bearing: Double
    }

    /// The point, level and direction at `s` metres along the route.
    ///
    /// At a level change (two vertices at the same place and distance) the level is the one after it; at the end
    /// of the route, the destination's, even when the route ends with a ride (to a staircase or a lift as the
    /// destination: its last leg has no length).
    public func position(at s: Double) -> Position {
        let vertices = storage.vertices
        let i = segment(containing: s)
        let a = vertices[i], b = vertices[min(i + 1, vertices.count - 1)]
        let length = b.s - a.s
        let t = length > 0 ? min(max((s - a.s) / length, 0), 1) : 1
        let p = Coordinate(x: a.point.x + (b.point.x - a.point.x) * t, y: a.point.y + (b.point.y - a.point.y) * t)
        return Position(point: p, level: t < 1 ? a.level : b.level, bearing: a.segmentBearing)
    }

    /// The index of the segment (vertex i → i+1) on which `s` lies.
    func segment(containing s: Double) -> Int {
        let vertices = storage.vertices
        var lo = 0, hi = max(vertices.count - 2, 0)
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if vertices[mid].s <= s { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The direction of the segment at `i`, or of the next one that has a length (once, when the track is laid
    /// out: see `Vertex.segmentBearing`).
    private static func bearing(ofSegment i: Int, in vertices: [Vertex]) -> Double {
        var k = i
        while k + 1 < vertices.count {
            if vertices[k].point.distance(to: vertices[k + 1].point) > 1e-3 { return IndoorNavigation.bearing(from: vertices[k].point, to: vertices[k + 1].point) }
            k += 1
        }
        k = min(i, vertices.count - 1)
        while k > 0 {
            if vertices[k - 1].point.distance(to: vertices[k].point) > 1e-3 { return IndoorNavigation.bearing(from: vertices[k - 1].point, to: vertices[k].point) }
            k -= 1
        }
        return 0
    }

    /// The shortest distance from `p` to the route within `window` metres along it.
    func distance(from p: Coordinate, within window: ClosedRange<Double>) -> Double {
        // The least squared distance, one square root at the end: the square root is monotonic and correctly
        // rounded, so this is the least of the distances, to the bit.
        let vertices = storage.vertices
        var best = Double.infinity
        var i = segment(containing: window.lowerBound)
        while i + 1 < vertices.count, vertices[i].s <= window.upperBound {
            best = min(best, Self.projectSquared(p, vertices[i].point, vertices[i + 1].point).squaredDistance)
            i += 1
        }
        if vertices.count == 1 { return p.distance(to: vertices[0].point) }
        return best.squareRoot()
    }

    /// `p` projected on the segment a–b: the parameter along it and the distance to it.
    @inline(__always)
    static func project(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> (t: Double, distance: Double) {
        let (t, d2) = projectSquared(p, a, b)
        return (t, d2.squareRoot())
    }

    /// ``project(_:_:_:)`` with the distance squared.
    @inline(__always)
    static func projectSquared(_ p: Coordinate, _ a: Coordinate, _ b: Coordinate) -> (t: Double, squaredDistance: Double) {
        let dx = b.x - a.x, dy = b.y - a.y
        let l2 = dx * dx + dy * dy
        var t = l2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / l2 : 0
        t = min(max(t, 0), 1)
        let qx = a.x + dx * t - p.x, qy = a.y + dy * t - p.y
        return (t, qx * qx + qy * qy)
    }

    /// A fix placed on the route.
    struct Match {
        var s: Double
        var point: Coordinate
        var level: Double
        /// Metres from the fix to its place on the route.
        var distance: Double
    }

    /// Places a fix on the route near where the last one was: every segment within `window` metres along the
    /// route is scored by its distance to the fix, plus penalties for a level the source contradicts, for a
    /// direction of travel against the course, for going backwards, and (for the first fix) for being far along.
    /// Never leaves the route, so never goes through a wall.
    func match(_ p: Coordinate, level: Double?, course: Double?, previous: Double?, window: ClosedRange<Double>,
               levelPenalty: Double, coursePenalty: Double) -> Match? {
        match(p, level: level, course: course, previous: previous, window: window, reach: window,
              levelPenalty: levelPenalty, coursePenalty: coursePenalty)?.match
    }

    /// ``match(_:level:course:previous:window:levelPenalty:coursePenalty:)``, and in the same pass the shortest
    /// distance from `p` to the route within `reach` metres along it (a window around `window`: how far the fix is
    /// from any part of the route the user could be on).
    func match(_ p: Coordinate, level: Double?, course: Double?, previous: Double?, window: ClosedRange<Double>,
               reach: ClosedRange<Double>, levelPenalty: Double, coursePenalty: Double) -> (match: Match, nearest: Double)? {
        let vertices = storage.vertices
        guard let only = vertices.first else { return nil }
        guard vertices.count > 1 else {
            let d = p.distance(to: only.point)
            return (Match(s: only.s, point: only.point, level: only.level, distance: d), d)
        }
        var best: Match?
        var bestCost = Double.infinity
        var nearest = Double.infinity
        let last = vertices.count - 1
        let first = segment(containing: window.lowerBound)
        // Every penalty below adds a non-negative amount, and adding one never rounds a sum down: a segment whose
        // cost is already no better than the best cannot win, and its course term is not worked out.
        let penaltiesAdd = levelPenalty >= 0 && coursePenalty >= 0
        // The course as a unit vector (east, north): its cosine with a segment is their dot product.
        let heading = course.map { Coordinate(x: sin($0 * .pi / 180), y: cos($0 * .pi / 180)) }
        // The segments within `reach` (`window`'s are among them, the one holding its start first of all); the
        // least squared distance, one square root at the end (monotonic and correctly rounded: the least of the
        // distances, to the bit).
        var i = min(segment(containing: min(reach.lowerBound, window.lowerBound)), first)
        while i < last, i <= first || vertices[i].s <= max(reach.upperBound, window.upperBound) {
            defer { i += 1 }
            let a = vertices[i], b = vertices[i + 1]
            let (t, d2) = Self.projectSquared(p, a.point, b.point)
            nearest = min(nearest, d2)
            guard i == first || (i > first && a.s <= window.upperBound) else { continue }
            let d = d2.squareRoot()
            let s = a.s + (b.s - a.s) * t
            var cost = d
            let segmentLevel = t < 1 ? a.level : b.level
            // A level change (a zero-length segment between levels) matches either level.
            if let level, level != segmentLevel, a.level == b.level { cost += levelPenalty }
            if penaltiesAdd, !(cost < bestCost) { continue }
            if let heading, b.s > a.s { cost += coursePenalty * (1 - (heading.x * a.direction.x + heading.y * a.direction.y)) / 2 }
            if let previous, s < previous - 1 { cost += (previous - 1 - s) * 0.5 }
            // The first fix of a route: someone starting out is at its start, not 30 m along it.
            if previous == nil { cost += s * 0.2 }
            if cost < bestCost {
                bestCost = cost
                best = Match(s: s, point: Coordinate(x: a.point.x + (b.point.x - a.point.x) * t, y: a.point.y + (b.point.y - a.point.y) * t),
                             level: segmentLevel, distance: d)
            }
        }
        return best.map { ($0, nearest.squareRoot()) }
    }
}
