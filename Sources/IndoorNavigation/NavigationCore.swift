import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting
import IndoorVenue

/// The navigation engine's state machine, synchronous and allocation-light: fixes in, events out. The
/// ``NavigationEngine`` actor runs it on a provider's stream; simulations and benchmarks call it directly.
///
/// Guided (with a route): each fix is placed on the route near the last one (``RouteTrack``), progress and steps
/// follow, off-route is declared after ``NavigationConfiguration/offRouteFixes`` fixes in a row beyond the
/// threshold spanning ``NavigationConfiguration/offRoutePersistence`` seconds, and a new route is computed from the fix with backoff. Free (no route): level, space and nearest POI.
/// Time is the fixes' own (their timestamps, else a count of seconds), so a replay gives the same events as the
/// live run it recorded.
public struct NavigationCore {
    /// The venue, graph and routers the core reads.
    public let context: NavigationContext
    /// The thresholds in force.
    public let configuration: NavigationConfiguration
    /// The route being followed, laid out in the context's plane; `nil` in free mode.
    public private(set) var track: RouteTrack?
    /// The latest progress on the route; `nil` in free mode or before the first fix.
    public private(set) var progress: NavigationProgress?
    /// The latest free-mode position; `nil` while guided or before the first fix.
    public private(set) var freePosition: FreePosition?
    /// The latest compass reading given to ``update(heading:)``.
    public private(set) var heading: Heading?
    /// Whether the user reached the destination (within ``NavigationConfiguration/arrivalRadius``, on its level).
    public private(set) var hasArrived = false
    /// The number of new routes computed since the start.
    public private(set) var reroutes = 0
    /// The level the engine places the user on.
    public private(set) var levelOrdinal: Double?

    private let destination: Waypoint?
    private let options: RoutingOptions

    private var s: Double?
    private var stepIndex = 0
    private var approached = -1
    private var offCount = 0
    /// The latest fixes (plane metres, with their time), up to `offRouteFixes`: a reroute starts from their mean.
    private var recentFixes: [(time: Double, point: Coordinate)] = []
    /// When the fixes in a row off the route began (nil while on it).
    private var offSince: Double?
    private var isOffRoute = false
    private var lastReroute: Double?
    private var reroutedAt: Double?
    private var rerouteStreak = 0
    private var lastFix: Double?
    /// When the last fix arrived on the caller's clock (live sources).
    private var lastArrival: Double?
    /// Whether the last fix had a timestamp (nil before the first fix).
    private var lastFixWasTimed: Bool?
    private var signalIsLost = false
    private var sourceLevel: Double?
    private var pendingLevel: (level: Double, count: Int)?
    /// The next level change of the route (its start and end, metres along, and planned seconds), and when the
    /// user reached it (on the fixes' time; nil before).
    private var ride: (start: Double, end: Double, duration: Double, reachedAt: Double?)?
    private var started = false

    /// - Parameters:
    ///   - context: the venue, graph and routers to navigate on.
    ///   - itinerary: the route to follow; nil for free mode.
    ///   - destination: where reroutes go (the itinerary's last stop); nil for no rerouting.
    ///   - options: the profile, closures and access reroutes use.
    ///   - configuration: the thresholds.
    public init(context: NavigationContext, itinerary: Itinerary? = nil, destination: Waypoint? = nil,
                options: RoutingOptions = RoutingOptions(),
                configuration: NavigationConfiguration = NavigationConfiguration()) {
        self.context = context
        self.configuration = configuration
        self.destination = destination
        self.options = options
        track = itinerary.map { RouteTrack(itinerary: $0, plane: context.plane) }
    }

    /// Seconds on the fixes' time line.
    static func time(of location: Location, fallback: Double) -> Double {
        location.timestamp?.timeIntervalSince1970 ?? fallback
    }

    /// Takes a fix. Events are appended to `events` (reuse the array: no allocation per fix).
    ///
    /// Signal loss and its end are measured on one clock: the fixes' own timestamps (a replay), or — when
    /// `arrival` is given — the caller's clock, the one ``tick(sinceLastFix:into:)`` measures on (a live source,
    /// whose receiver clock is not the machine's: it may lack a date, repeat a log, or be 1024 weeks off).
    /// - Parameters:
    ///   - location: the fix, WGS84, with its level when the source knows it.
    ///   - arrival: when the fix arrived, in seconds on the caller's clock; nil to measure on the fixes' timestamps.
    ///   - events: where the events the fix causes are appended.
    public mutating func update(_ location: Location, arrivedAt arrival: Double? = nil, into events: inout [NavigationEvent]) {
        let time = Self.time(of: location, fallback: (lastFix ?? 0) + 1)
        let now = arrival ?? time
        // A stream whose first fixes had no time (a receiver before its first date) has no gap to measure where
        // the timestamps begin: the count of fixes and the receiver's clock are not one clock.
        let sameClock = arrival != nil || lastFixWasTimed == nil || lastFixWasTimed == (location.timestamp != nil)
        lastFixWasTimed = location.timestamp != nil
        if sameClock, let last = arrival == nil ? lastFix : lastArrival {
            if now - last > configuration.signalTimeout {
                if !signalIsLost { events.append(.signalLost(after: configuration.signalTimeout)) }
                events.append(.signalRegained(after: now - last))
            } else if signalIsLost {
                events.append(.signalRegained(after: now - last))
            }
        }
        if let arrival { lastArrival = arrival }
        signalIsLost = false
        let dt = sameClock ? lastFix.map { max(time - $0, 0) } ?? 1 : 1
        lastFix = time
        if recentFixes.count >= max(configuration.offRouteFixes, 1) { recentFixes.removeFirst() }
        recentFixes.append((time, context.plane.project(location.coordinate)))
        believe(sourceLevel: location.levelOrdinal, at: location)
        guard !hasArrived else { return }
        if track == nil, destination != nil {
            // Guidance to a destination from wherever the first fix is (tried again at most every 5 s).
            if let last = lastReroute, time - last < 5 { return }
            lastReroute = time
            switch plan(from: location) {
            case .success(let itinerary): track = RouteTrack(itinerary: itinerary, plane: context.plane)
            case .failure(let failure):
                events.append(.rerouteFailed(failure))
                return
            }
        }
        guard let track else { return locateFreely(location, into: &events) }
        guide(location, on: track, dt: dt, time: time, into: &events)
    }

    /// Time passes without a fix (a live source): `elapsed` seconds, on the caller's clock, since the last fix
    /// arrived. Signal lost once it exceeds ``NavigationConfiguration/signalTimeout`` (the fixes' own timestamps are
    /// not compared with the caller's clock: a receiver's clock, or its lack of a date, is not the machine's).
    public mutating func tick(sinceLastFix elapsed: Double, into events: inout [NavigationEvent]) {
        guard lastFix != nil, !signalIsLost, elapsed > configuration.signalTimeout else { return }
        signalIsLost = true
        events.append(.signalLost(after: elapsed))
    }

    /// Keeps `heading` as the latest compass reading; it emits no event.
    public mutating func update(heading: Heading) {
        self.heading = heading
    }

    /// A level the source reports is believed once it has said so `levelHysteresisFixes` times in a row, the last
    /// of them where that level can be entered (see ``NavigationConfiguration/levelChangeReach``), or
    /// `levelPersistenceFixes` times in a row anywhere; going back to the level the route has where the user is
    /// needs no stairs either.
    /// - Complexity: O(level changes reaching the new level + the route's vertices), only when the source reports
    ///   another level than the one believed.
    private mutating func believe(sourceLevel level: Double?, at location: Location) {
        guard let level else { return }
        if level == sourceLevel {
            pendingLevel = nil
            return
        }
        let count = (pendingLevel?.level == level ? pendingLevel?.count ?? 0 : 0) + 1
        var needed = configuration.levelHysteresisFixes
        // (Guided only: free mode has no route to judge a level by.)
        if let track, level != levelOrdinal {
            let reach = configuration.levelChangeReach + (location.horizontalAccuracy ?? 0) / 2
            let p = context.plane.project(location.coordinate)
            if context.isNearLevelChange(p, to: level, within: reach) == false, !track.isNearLevelChange(p, to: level, within: reach) {
                needed = max(needed, configuration.levelPersistenceFixes)
            }
        }
        if sourceLevel == nil || count >= needed {
            sourceLevel = level
            pendingLevel = nil
        } else {
            pendingLevel = (level, count)
        }
    }

    private mutating func locateFreely(_ location: Location, into events: inout [NavigationEvent]) {
        let position = context.freePosition(location.coordinate, levelOrdinal: sourceLevel ?? levelOrdinal)
        if position.levelOrdinal != levelOrdinal, let to = position.levelOrdinal {
            events.append(.levelChanged(from: levelOrdinal, to: to))
            levelOrdinal = to
        }
        let changed = freePosition.map { ($0.levelID, $0.spaceID, $0.nearestPOI) != (position.levelID, position.spaceID, position.nearestPOI) } ?? true
        freePosition = position
        if changed { events.append(.located(position)) }
    }

    private mutating func guide(_ location: Location, on track: RouteTrack, dt: Double, time: Double, into events: inout [NavigationEvent]) {
        let p = context.plane.project(location.coordinate)
        let moving = (location.speed ?? 0) >= configuration.minimumSpeedForCourse
        let course = moving ? location.course : nil
        let window: ClosedRange<Double>
        if let s {
            window = max(s - configuration.windowBehind, 0)...(s + configuration.windowAhead + 3 * dt)
        } else {
            window = 0...track.length
        }
        // On the route means near any part of it the user could be on: wider than the matching window.
        let wide = max(window.lowerBound - configuration.windowBehind, 0)...(window.upperBound + configuration.windowAhead)
        guard let (match, nearest) = track.match(p, level: sourceLevel, course: course, previous: s, window: window, reach: wide,
                                                 levelPenalty: configuration.levelPenalty, coursePenalty: configuration.coursePenalty)
        else { return }
        let threshold = configuration.offRouteThreshold(accuracy: location.horizontalAccuracy)
        let matched = track.position(at: match.s)
        var reason: OffRouteReason?
        if nearest > threshold {
            reason = .distance(metres: nearest, threshold: threshold, fixes: offCount + 1)
        } else if let course, nearest > threshold * 0.75 {
            let against = angleBetween(course, matched.bearing)
            if against > configuration.offRouteCourseDegrees { reason = .heading(metres: nearest, degrees: against) }
        }
        // The source says another level than the route's here, away from any level change: the user took the
        // wrong stairs, or none (a level is believed only after it was said `levelHysteresisFixes` times in a row).
        let routeLevel = matched.level
        if reason == nil, let believed = sourceLevel, believed != routeLevel, track.distanceToLevelChange(from: match.s) > 10 {
            reason = .level(believed: believed, route: routeLevel)
        }
        // At a lift or stairs ridden in place, until the ride could be over, the user is where the route is: the
        // fixes stand around the connector (the route's end there: an error in any direction takes them away from
        // it), and the source's level is either floor. No alarm for the course or the level there — a reroute from
        // the floor they are leaving would send them back the way they came. But a ride explains fixes about its
        // connector, not fixes beyond the off-route distance of the whole route: someone who missed the turn just
        // before the escalator, and walks on, is off the route whether or not the ride's time is up.
        if isRiding(at: time), !(reason?.isDistance ?? false) { reason = nil }
        offCount = reason == nil ? 0 : offCount + 1
        offSince = reason == nil ? nil : offSince ?? time
        // A fresh route starts where the user was when they left the old one; someone who missed a turn walks on
        // a little before turning back. The new route is given a grace until they have come 10 m along it or
        // `rerouteGrace` seconds have passed — else every detour would get two routes.
        if let since = reroutedAt, time - since < configuration.rerouteGrace, (s ?? 0) < 10 {
            offCount = 0
            offSince = nil
        }
        if let reason, offCount >= configuration.offRouteFixes, time - (offSince ?? time) >= configuration.offRoutePersistence {
            if !isOffRoute {
                isOffRoute = true
                events.append(.offRoute(reason))
            }
            if reroute(from: location, time: time, into: &events) { return }
        } else if reason == nil {
            isOffRoute = false
            if let last = lastReroute, time - last > 60 { rerouteStreak = 0 }
        }
        // The place along the route: never backwards (progress does not flicker, floors do not flap), held while
        // the user stands still, and half-way between where walking at the fix's speed would put them and where
        // the fix is (an alpha filter: along-route noise halves). Off the route it is not moved on.
        if let previous = s {
            // A fix beyond the threshold is not on the route: it says nothing of how far along it the user is (one
            // who missed a turn and walks on may pass near a later part of the route; the place must not follow
            // them there, or they are off the route when they come back to the turn). Nor does a fix whose course
            // crosses the route where it is matched, or runs against it: one who missed a turn and walks on may
            // cross a later part of the route, and walk back across it to the turn.
            if !isOffRoute, nearest <= threshold, (location.speed ?? configuration.minimumSpeedForCourse) >= 0.3 {
                if course.map({ angleBetween($0, matched.bearing) <= configuration.offRouteCourseDegrees }) ?? true {
                    let predicted = previous + (location.speed ?? 0) * dt
                    s = min(max(previous, (predicted + match.s) / 2), track.length)
                }
            } else if !isOffRoute, let believed = sourceLevel, believed != track.position(at: previous).level,
                      let change = track.levelChange(after: previous, to: believed), change - previous <= configuration.levelChangeReach {
                // A lift (or an escalator stood on) is ridden standing still: once the source says the floor the
                // route reaches at a level change just ahead, the user has ridden it — and is at its end, no farther.
                s = change
            }
        } else {
            s = match.s
        }
        holdBeforeRide(on: track, time: time, matched: match.s, still: (location.speed ?? configuration.minimumSpeedForCourse) < 0.3)
        let along = s ?? match.s
        let here = track.position(at: along)
        let level = here.level
        if level != levelOrdinal {
            events.append(.levelChanged(from: levelOrdinal, to: level))
            levelOrdinal = level
        }
        let step = track.stepIndex(at: along + 0.5)
        var progress = progress(on: track, at: along, here: here, step: step, nearest: nearest)
        progress.accuracy = location.horizontalAccuracy
        progress.course = location.course
        self.progress = progress
        if !started {
            started = true
            stepIndex = step
            events.append(.started(progress))
        } else if step != stepIndex {
            stepIndex = step
            events.append(.stepChanged(index: step))
        }
        if step + 1 < track.steps.count, progress.distanceToManeuver <= configuration.approachDistance, approached < step + 1 {
            approached = step + 1
            events.append(.approachingManeuver(step: step + 1, distance: progress.distanceToManeuver))
        }
        events.append(.progress(progress))
        // Arrived: near the end, on the destination's level by the route and by the source when it knows.
        if track.length - along <= configuration.arrivalRadius, level == track.destinationLevel,
           (sourceLevel ?? level) == track.destinationLevel, !isOffRoute {
            hasArrived = true
            events.append(.arrived(levelOrdinal: level))
        }
    }

    /// A lift, or stairs or an escalator drawn as a point, is ridden in place: no fix tells its foot from its top,
    /// and near it the receiver may say either floor. The user is past it no sooner than its planned time after
    /// they reached it (the clock starts `levelChangeReach` metres before it, that distance at walking pace early);
    /// until then the place along the route stays just before it, on the floor they came from — a floor said
    /// twice at the foot of the stairs does not carry them up, nor arrive at a destination just above. A flight
    /// walked along its length (a station's stairs drawn as a way) is no different where it folds back under the
    /// floor it reaches: the place goes along it, but not past its top before its time.
    ///
    /// The place is not moved on while the user stands still, and a lift or an escalator is ridden standing still:
    /// someone who reached one while the fixes were lost (or the place lagged) stands at it with the place behind.
    /// Standing still where the fix is placed within `levelChangeReach` of the ride, they have reached it: the place
    /// goes to its foot and its clock starts — else the ride's time would be counted from when they walk on, and
    /// a route that ends with the ride would not be over before the user gave up.
    private mutating func holdBeforeRide(on track: RouteTrack, time: Double, matched: Double, still: Bool) {
        guard var here = s else { return }
        if ride == nil { ride = track.ride(after: here).map { ($0.start, $0.end, $0.duration, nil) } }
        guard var next = ride else { return }
        let reach = configuration.levelChangeReach
        if here < next.start - reach, still, abs(matched - next.start) <= reach {
            here = max(here, next.start - 1e-6)
            s = here
        }
        guard here >= next.start - reach else { return }
        let reached = next.reachedAt ?? time
        next.reachedAt = reached
        ride = next
        if isRiding(at: time) {
            if next.end - next.start < 1 {
                if here >= next.start { s = max(next.start - 1e-6, 0) }
            } else if here >= next.end {
                // A flight walked along its length: on it, not past its top (where the route folds back over
                // itself — a station's stairs — the floor above is a few metres from its foot).
                s = max(next.end - 1e-6, 0)
            }
        } else if here > next.end {
            // Past it: the next one.
            ride = track.ride(after: here).map { ($0.start, $0.end, $0.duration, nil) }
        }
    }

    /// Whether the user reached the next level change and it could not be over yet: its planned time (the clock
    /// starts `levelChangeReach` metres before it, that distance at walking pace early) — or, for a flight walked
    /// along its length, its length at a climbing pace of 1 m/s if that is less (a brisk climber is not held at
    /// its top).
    private func isRiding(at time: Double) -> Bool {
        guard let ride, let reached = ride.reachedAt else { return false }
        let length = ride.end - ride.start
        return time - reached < (length < 1 ? ride.duration : min(ride.duration, length)) + configuration.levelChangeReach / 1.4
    }

    /// Progress at `along` metres (where the route is there: `here`).
    /// - Complexity: O(1): what is left after each step is worked out when the track is laid out.
    private func progress(on track: RouteTrack, at along: Double, here: RouteTrack.Position, step: Int, nearest: Double) -> NavigationProgress {
        let steps = track.steps
        let next = step + 1 < steps.count ? step + 1 : step
        let stepEnd = step + 1 < steps.count ? steps[step + 1].start : track.length
        let stepLength = stepEnd - steps[step].start
        let fractionOfStepLeft = stepLength > 0 ? min(max((stepEnd - along) / stepLength, 0), 1) : 0
        let thisStep = steps[step].duration * fractionOfStepLeft
        let after = track.remaining(after: step)
        return NavigationProgress(
            distanceRemaining: max(track.length - along, 0), durationRemaining: thisStep + after.duration, legIndex: steps[step].leg,
            legDistanceRemaining: max(after.legEnd - along, 0), legDurationRemaining: thisStep + after.legDuration,
            fractionTraveled: track.length > 0 ? min(along / track.length, 1) : 1, stepIndex: step,
            maneuverStep: next, nextStep: next + 1 < steps.count ? next + 1 : nil,
            distanceToManeuver: max(stepEnd - along, 0), levelChangeAhead: after.levelChangeAhead, levelOrdinal: here.level,
            matched: context.plane.unproject(here.point), matchedDistance: nearest)
    }

    /// A new route from the fix to the destination, unless one was computed too recently (backoff).
    /// - Returns: whether the route was replaced.
    private mutating func reroute(from location: Location, time: Double, into events: inout [NavigationEvent]) -> Bool {
        guard destination != nil else { return false }
        // The first reroute of a streak comes at once; the next waits backoff[0] after it, then backoff[1]…
        let backoff = rerouteStreak == 0 || configuration.rerouteBackoff.isEmpty
            ? 0 : configuration.rerouteBackoff[min(rerouteStreak - 1, configuration.rerouteBackoff.count - 1)]
        if let last = lastReroute, time - last < backoff { return false }
        lastReroute = time
        rerouteStreak += 1
        switch plan(from: location) {
        case .success(let itinerary):
            track = RouteTrack(itinerary: itinerary, plane: context.plane)
            s = nil
            stepIndex = 0
            approached = -1
            offCount = 0
            offSince = nil
            isOffRoute = false
            reroutes += 1
            reroutedAt = time
            ride = nil
            events.append(.rerouted(distance: itinerary.distance, duration: itinerary.duration))
            if let track { guide(location, on: track, dt: 1, time: time, into: &events) }
            return true
        case .failure(let failure):
            events.append(.rerouteFailed(failure))
            return false
        }
    }

    /// An itinerary from a fix (on its level: the source's, else the engine's, else the venue's at the point) to
    /// the destination.
    private mutating func plan(from location: Location) -> Result<Itinerary, RerouteFailure> {
        guard let destination else { return .failure(.noDestination) }
        let ordinal = sourceLevel ?? levelOrdinal ?? context.freePosition(location.coordinate, levelOrdinal: nil).levelOrdinal ?? 0
        guard let level = context.level(ordinal: ordinal, at: location.coordinate) else {
            return .failure(.unknownLevel(ordinal))
        }
        // From the mean of the latest fixes (those that found the user off the route), not the last alone: one fix
        // is off by its accuracy, and beyond it now and then, across a wall from where the user is.
        var mean = context.plane.project(location.coordinate)
        let latest = recentFixes.filter { (lastFix ?? 0) - $0.time <= configuration.rerouteStartWindow }
        if !latest.isEmpty {
            let n = Double(latest.count)
            mean = Coordinate(x: latest.reduce(0.0) { $0 + $1.point.x } / n, y: latest.reduce(0.0) { $0 + $1.point.y } / n)
        }
        guard let point = try? context.venue.frame.project(context.plane.unproject(mean)) else { return .failure(.outsideFrame) }
        do {
            // The fix may be across a wall from the user (within its accuracy): the route may start there.
            let start = Waypoint(end: RouteEnd(point: point, levelID: level.id, label: "your position",
                                               uncertainty: location.horizontalAccuracy ?? 0), name: .yourPosition)
            let options = options
            return .success(try context.routers.withRouter { router throws(RoutingError) in
                try router.itinerary(through: [start, destination], options: options)
            })
        } catch {
            return .failure(.routing(error))
        }
    }
}

/// Why no route could be planned from the user's position to the destination.
public enum RerouteFailure: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// The engine is in free mode.
    case noDestination
    /// The fix is on a level (ordinal) the venue does not have.
    case unknownLevel(Double)
    /// The fix is too far from the venue for its metric frame.
    case outsideFrame
    /// The router found no route.
    case routing(RoutingError)

    public var description: String {
        switch self {
        case .noDestination: "no destination"
        case .unknownLevel(let ordinal): "no level \(Level.text(ordinal: ordinal)) in this venue"
        case .outsideFrame: "the fix is outside the venue's frame"
        case .routing(let error): error.localizedDescription
        }
    }
}

private extension OffRouteReason {
    /// Whether the fixes are too far from the route (not merely heading against it, or on another level).
    var isDistance: Bool { if case .distance = self { true } else { false } }
}
