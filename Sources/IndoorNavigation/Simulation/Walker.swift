import Foundation
import IndoorBase
import IndoorGeometry
import IndoorRouting

/// How a simulated person walks and how their receiver behaves.
public struct WalkerConfiguration: Hashable, Sendable {
    /// Mean walking speed, m/s, and its spread between sessions (σ).
    public var speed = 1.3
    /// The spread of the mean speed between sessions, m/s (1σ).
    public var speedVariation = 0.15
    /// Per fix, the chance of stopping for 2–6 s.
    public var pauseRate = 0.01
    /// Per turn of the route, the chance of missing it: walking on straight for 15–30 m (along the corridor, and
    /// only up to a wall, which a missed turn does not cross; a turn with a wall nearer than 10 m ahead is not
    /// missed), then coming back.
    public var detourRate = 0.0
    /// Position noise, metres (1σ per axis); the fixes' GST says so.
    public var noise = 3.0
    /// Per fix, the chance the receiver goes silent for 3–8 s.
    public var dropoutRate = 0.005
    /// Near a level change, the chance a fix reports the other level.
    public var wrongLevelRate = 0.3
    /// Compass noise, degrees (the simulated heading sensor's σ).
    public var headingNoise = 5.0
    /// A lift's travel, seconds a floor (about 0.8 m/s between floors 4 m apart): a lift ride waits at its floor
    /// for the rest of its time, then moves.
    public var liftTravel = 5.0

    /// The defaults: 1.3 m/s ± 0.15, 3 m noise, rare pauses and dropouts, no detours, 30 % wrong levels near
    /// level changes, 5° compass noise.
    public init() {}
}

/// The truth of one moment of a walk, in the route's plane.
struct WalkerTruth {
    var point: Coordinate
    var level: Double
    /// The level, fractional on a ride between two (the height, in floors).
    var elevation: Double
    var bearing: Double
    var speed: Double
    /// Whether the walker takes steps (walking, or on stairs and ramps; not standing, nor in a lift or on an
    /// escalator).
    var stepping: Bool
    var detouring: Bool
    var nearLevelChange: Bool
    /// The other level, when near a level change.
    var otherLevel: Double?
}

/// Walks a route second by second: speed, pauses, rides on stairs and lifts, missed turns.
struct Walker {
    /// A level change ridden from `since` to `until` (seconds), from metres `start` to `end` along the route (the
    /// same for a lift: ridden in place; a flight drawn as a way is walked along it in that time), from the level
    /// `from` to `to`.
    struct Ride {
        var since, until, start, end, from, to: Double
        /// When the height starts to change: after the wait for a lift, else at `since`.
        var rising: Double
        /// Whether the walker takes steps on it (stairs, a ramp).
        var climbs: Bool
    }

    enum Mode {
        case following
        case paused(until: Double)
        /// On a level change.
        case riding(Ride)
        /// On a missed turn's way on, metres `at` along it, then back along it.
        case out(Detour, at: Double)
        case back(Detour, at: Double)
        /// Walking to a new route's nearest point (after a reroute), then following it.
        case joining(target: Coordinate)
    }

    var track: RouteTrack
    let configuration: WalkerConfiguration
    var random: SeededGenerator
    var s = 0.0
    var time = 0.0
    var mode = Mode.following
    var position: Coordinate
    var level: Double
    var elevation: Double
    var bearing: Double
    let speed: Double
    /// The level changes (step indices) and the turns with a detour planned (step index → metres out).
    var connectors: [Int]
    /// Missed turns to come: the way on past each, by where the turn is (metres along the route).
    var detours: [Double: Detour]
    var ridden: Set<Int> = []
    var finished = false
    /// Whether a person walks straight from one point of the plane to another on the floor of an ordinal.
    let walkable: (Coordinate, Coordinate, Double) -> Bool

    /// - Parameter walkable: whether a person walks straight from one point of the plane to another on the floor
    ///   of an ordinal: without crossing a wall, and ending in a walkable space.
    init(track: RouteTrack, configuration: WalkerConfiguration, seed: UInt64, walkable: @escaping (Coordinate, Coordinate, Double) -> Bool) {
        self.track = track
        self.walkable = walkable
        self.configuration = configuration
        random = SeededGenerator(seed: seed)
        let start = track.position(at: 0)
        position = start.point
        level = start.level
        elevation = start.level
        bearing = start.bearing
        speed = max(0.5, configuration.speed + configuration.speedVariation * random.gaussian())
        connectors = track.steps.indices.filter { track.steps[$0].isLevelChange }
        var detours: [Double: Detour] = [:]
        // Every turn of the route: a step's own, and the one it says follows right after ("then turn left").
        var turns: [(at: Double, turn: Maneuver.Turn, level: Double)] = []
        for (k, step) in track.steps.enumerated() {
            switch step.maneuver {
            case .turn(let t) where k > 0, .door(let t) where k > 0: turns.append((step.start, t, step.levelOrdinal))
            default: break
            }
            if let then = step.then, let at = step.thenStart { turns.append((at, then, step.levelOrdinal)) }
        }
        for (at, turn, levelOrdinal) in turns {
            guard turn != .straight, random.uniform() < configuration.detourRate else { continue }
            let incoming = track.position(at: max(at - 0.5, 0)).bearing
            let detour = Detour(from: track.position(at: at).point, bearing: incoming, wanted: 15 + 15 * random.uniform()) {
                walkable($0, $1, levelOrdinal)
            }
            if detour.length >= Detour.shortest { detours[at] = detour }
        }
        self.detours = detours
    }

    /// The engine found a new route: the walker walks to the nearest point on it they can walk to straight (a route
    /// that starts across a wall from them is joined where it comes into view; the nearest point when none does)
    /// and follows it from there, as a person does when told "new route" (a detour in progress ends: they turn to
    /// follow it). Turns of the new route are not missed.
    mutating func adopt(_ route: RouteTrack) {
        let nearest = route.match(position, level: level, course: nil, previous: nil, window: 0...route.length,
                                  levelPenalty: 100, coursePenalty: 0)
        track = route
        s = nearest?.s ?? 0
        connectors = route.steps.indices.filter { route.steps[$0].isLevelChange }
        ridden = Set(connectors.filter { route.steps[$0].start < s - 1e-9 })
        detours = [:]
        switch mode {
        case .riding: break
        default:
            var along = s
            while along < route.length {
                let there = route.position(at: along)
                if there.level == level, walkable(position, there.point, level) { break }
                along += 0.5
            }
            if along < route.length { s = along }
            ridden = Set(connectors.filter { route.steps[$0].start < s - 1e-9 })
            let target = route.position(at: s).point
            mode = target.distance(to: position) > 0.5 ? .joining(target: target) : .following
        }
        finished = s >= route.length - 1e-9
    }

    var isDetouring: Bool {
        switch mode {
        case .out, .back: true
        default: false
        }
    }

    /// Moves on by `dt` seconds.
    mutating func advance(_ dt: Double) {
        time += dt
        switch mode {
        case .paused(let until):
            if time >= until { mode = .following }
            return
        case .riding(let ride):
            let done = ride.until > ride.since ? min((time - ride.since) / (ride.until - ride.since), 1) : 1
            let risen = ride.until > ride.rising ? max(0, min((time - ride.rising) / (ride.until - ride.rising), 1)) : 1
            elevation = ride.from + (ride.to - ride.from) * risen
            if ride.end > ride.start {
                s = ride.start + (ride.end - ride.start) * done
                let here = track.position(at: s)
                position = here.point
                bearing = here.bearing
            }
            if risen >= 0.5 { level = ride.to }
            if time >= ride.until {
                mode = .following
                s = min(ride.end + 0.01, track.length)
                level = track.position(at: s).level
                elevation = level
            }
            return
        case .out(let detour, let at):
            let next = min(at + speed * dt, detour.length)
            position = detour.point(at: next)
            bearing = detour.bearing(at: next)
            mode = next >= detour.length ? .back(detour, at: next) : .out(detour, at: next)
            return
        case .back(let detour, let at):
            let next = max(at - speed * dt, 0)
            position = detour.point(at: next)
            bearing = (detour.bearing(at: next) + 180).truncatingRemainder(dividingBy: 360)
            if next <= 0.01 { mode = .following }
            else { mode = .back(detour, at: next) }
            return
        case .joining(let target):
            let d = position.distance(to: target)
            let step = min(speed * dt, d)
            if d > 0 {
                bearing = IndoorNavigation.bearing(from: position, to: target)
                position = Coordinate(x: position.x + (target.x - position.x) * step / d, y: position.y + (target.y - position.y) * step / d)
            }
            if d - step <= 0.01 { mode = .following }
            return
        case .following:
            break
        }
        if random.uniform() < configuration.pauseRate {
            mode = .paused(until: time + 2 + 4 * random.uniform())
            return
        }
        let v = speed * (1 + 0.1 * random.gaussian())
        var next = min(s + max(v, 0.2) * dt, track.length)
        // A level change on the way: ride it (the level switches halfway through).
        if let c = connectors.first(where: { !ridden.contains($0) && track.steps[$0].start > s - 1e-9 && track.steps[$0].start <= next }) {
            let step = track.steps[c]
            ridden.insert(c)
            next = step.start
            let to = track.steps[min(c + 1, track.steps.count - 1)].levelOrdinal
            let duration = max(step.duration, 2)
            let end = c + 1 < track.steps.count ? track.steps[c + 1].start : step.start
            var climbs = false, rising = time
            if case .connector(let kind, _, _, _, _) = step.maneuver {
                climbs = kind == .stairs || kind == .ramp
                if kind == .elevator { rising = time + max(0, duration - configuration.liftTravel * abs(to - level)) }
            }
            mode = .riding(Ride(since: time, until: time + duration, start: step.start, end: end, from: level, to: to,
                                rising: rising, climbs: climbs))
        }
        // A missed turn: on past it.
        if case .following = mode, let at = detours.keys.sorted().first(where: { $0 > s && $0 <= next }),
           let detour = detours.removeValue(forKey: at) {
            next = at
            mode = .out(detour, at: 0)
        }
        s = next
        let here = track.position(at: s)
        position = here.point
        bearing = here.bearing
        // (A ride at the end of the route — to stairs or a lift as the destination — is not over before it is.)
        if case .following = mode {
            level = here.level
            elevation = level
            if s >= track.length - 1e-9 { finished = true }
        }
    }

    var truth: WalkerTruth {
        var near: Int?
        if case .riding(let ride) = mode { near = connectors.first { ridden.contains($0) && abs(track.steps[$0].start - ride.start) < 1e-6 } }
        // Near a level change along the route — and, on a missed turn, still near it: they walk away from the stairs
        // they passed (the route's place stays at the turn), and the receiver's floor errs no more.
        if near == nil {
            // (A flight drawn as a way is a level change all along: near its foot, on it, and near its top.)
            near = connectors.first { c in
                let start = track.steps[c].start, end = c + 1 < track.steps.count ? track.steps[c + 1].start : start
                return s > start - 6 && s < end + 6
                    && (!isDetouring || track.position(at: start).point.distance(to: position) < 6)
            }
        }
        let other = near.map { c -> Double in
            let from = track.steps[c].levelOrdinal
            let to = track.steps[min(c + 1, track.steps.count - 1)].levelOrdinal
            return level == from ? to : from
        }
        let pace: Double = switch mode {
        case .paused: 0
        case .riding(let ride): ride.until > ride.since ? (ride.end - ride.start) / (ride.until - ride.since) : 0
        default: speed
        }
        let stepping: Bool = switch mode {
        case .paused: false
        case .riding(let ride): ride.climbs
        default: !finished
        }
        return WalkerTruth(point: position, level: level, elevation: elevation, bearing: bearing, speed: pace, stepping: stepping,
                           detouring: isDetouring,
                           nearLevelChange: near != nil, otherLevel: other)
    }
}

/// A missed turn's way on: from the turn, on the way the walker was heading, as far as wanted; turning at most 30°
/// off it to glance along a wall met on the way (a person walks on along the corridor they are in), and stopping
/// where every such way meets a wall (a person does not walk through one). Points 0.5 m apart.
struct Detour {
    static let spacing = 0.5
    /// The least a missed turn walks on (to a wall nearer than it, the turn is not missed): farther than a fix's
    /// off-route distance, so that it is a detour to find.
    static let shortest = 10.0
    /// The points walked, the turn first.
    let points: [Coordinate]

    /// - Parameter walkable: whether a person walks straight from one point to the next.
    init(from origin: Coordinate, bearing: Double, wanted: Double, walkable: (Coordinate, Coordinate) -> Bool) {
        var points = [origin]
        var turned = 0.0
        while Double(points.count) * Self.spacing <= wanted {
            let last = points[points.count - 1]
            // The way it heads first, then the others nearest to it (the lesser turn off the first way on a tie).
            let turns = [0.0, -10, 10, -20, 20, -30, 30].sorted { (abs($0 - turned), abs($0)) < (abs($1 - turned), abs($1)) }
            let ahead = { (turn: Double) in
                let b = (bearing + turn) * .pi / 180
                return Coordinate(x: last.x + Self.spacing * sin(b), y: last.y + Self.spacing * cos(b))
            }
            guard let turn = turns.first(where: { walkable(last, ahead($0)) }) else { break }
            turned = turn
            points.append(ahead(turn))
        }
        self.points = points
    }

    /// Metres from the turn to the far end.
    var length: Double { Double(points.count - 1) * Self.spacing }

    /// The point `distance` metres along (clamped to the way).
    func point(at distance: Double) -> Coordinate {
        let u = max(0, min(distance / Self.spacing, Double(points.count - 1)))
        let i = min(Int(u), points.count - 2)
        guard i >= 0 else { return points[0] }
        let f = u - Double(i)
        return Coordinate(x: points[i].x + (points[i + 1].x - points[i].x) * f, y: points[i].y + (points[i + 1].y - points[i].y) * f)
    }

    /// The bearing, degrees, of the way outwards at `distance` metres.
    func bearing(at distance: Double) -> Double {
        guard points.count > 1 else { return 0 }
        let i = max(0, min(Int(distance / Self.spacing), points.count - 2))
        return IndoorNavigation.bearing(from: points[i], to: points[i + 1])
    }
}
