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
    /// Per turn of the route, the chance of missing it: walking on straight for 15–30 m (as far as the space
    /// allows), then coming back.
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
        case out(origin: Coordinate, bearing: Double, remaining: Double, walked: Double)
        case back(target: Coordinate)
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
    /// Missed turns to come: how far straight on (metres), by where the turn is (metres along the route).
    var detours: [Double: Double]
    var ridden: Set<Int> = []
    var finished = false

    init(track: RouteTrack, configuration: WalkerConfiguration, seed: UInt64, walkable: (Coordinate, Double) -> Bool) {
        self.track = track
        self.configuration = configuration
        random = SeededGenerator(seed: seed)
        let start = track.position(at: 0)
        position = start.point
        level = start.level
        elevation = start.level
        bearing = start.bearing
        speed = max(0.5, configuration.speed + configuration.speedVariation * random.gaussian())
        connectors = track.steps.indices.filter { track.steps[$0].isLevelChange }
        var detours: [Double: Double] = [:]
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
            // Straight on from the turn, as far as walkable space goes (0.5 m steps), 15–30 m.
            let incoming = track.position(at: max(at - 0.5, 0))
            let origin = track.position(at: at).point
            let wanted = 15 + 15 * random.uniform()
            var free = 0.0
            while free < wanted {
                let next = free + 0.5
                let p = Coordinate(x: origin.x + next * sin(incoming.bearing * .pi / 180), y: origin.y + next * cos(incoming.bearing * .pi / 180))
                guard walkable(p, levelOrdinal) else { break }
                free = next
            }
            if free >= 15 { detours[at] = free }
        }
        self.detours = detours
    }

    /// The engine found a new route: the walker walks to the nearest point on it and follows it from there, as a
    /// person does when told "new route" (a detour in progress ends: they turn to follow it). Turns of the new
    /// route are not missed.
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
        case .out(let origin, let b, let remaining, let walked):
            let step = min(speed * dt, remaining)
            position = Coordinate(x: position.x + step * sin(b * .pi / 180), y: position.y + step * cos(b * .pi / 180))
            bearing = b
            mode = remaining - step <= 0 ? .back(target: origin) : .out(origin: origin, bearing: b, remaining: remaining - step, walked: walked + step)
            return
        case .back(let target), .joining(let target):
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
        // A missed turn: on past it, straight.
        if case .following = mode, let at = detours.keys.sorted().first(where: { $0 > s && $0 <= next }),
           let out = detours.removeValue(forKey: at) {
            next = at
            let incoming = track.position(at: max(next - 0.5, 0)).bearing
            let origin = track.position(at: next).point
            mode = .out(origin: origin, bearing: incoming, remaining: out, walked: 0)
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
