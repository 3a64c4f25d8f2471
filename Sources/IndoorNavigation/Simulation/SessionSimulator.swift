import Foundation
import Synchronization
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting

/// What one simulated session did, measured against the walker's truth.
public struct SessionResult: Sendable {
    /// The session's index, which with the simulator's seed fixes everything random in it.
    public var index: Int
    /// Whether the engine declared arrival.
    public var arrived = false
    /// Whether the engine declared arrival while the walker was on another level than the destination's.
    public var wrongLevelArrival = false
    /// New routes the engine computed.
    public var reroutes = 0
    /// Missed turns that took the walker truly off the route (farther than the off-route distance), or that the
    /// engine caught.
    public var detours = 0
    /// Per real detour the engine caught or that went unmistakably off the route (farther than the off-route
    /// distance plus twice the noise): fixes from the first fix unmistakably off to the engine's off-route event
    /// (0 when it came first); `Int.max` when it went unmistakably off and there was none. (A detour that never
    /// went so far, and was not caught, has none: no detector with a low false-alarm rate can tell it.)
    public var detectionDelays: [Int] = []
    /// The same, counted from the first fix farther than the off-route distance (detours that went that far).
    public var detectionDelaysFromThreshold: [Int] = []
    /// Off-route events while the walker was on the route (within half the off-route distance of it).
    public var falseAlarms = 0
    /// Why the engine declared each false alarm, in order.
    public var falseAlarmReasons: [OffRouteReason] = []
    /// Metres between the engine's place on the route and the truth, per fix on the route.
    public var matchedErrors: [Double] = []
    /// Fixes the engine was given.
    public var fixes = 0
    /// With `record`: the NMEA the receiver sent, and the engine's events as JSON lines.
    public var nmea = ""
    /// With `record`: the engine's events, in order, each with the route it is about.
    public var events: [NavigationUpdate] = []
    /// With `record`: per fix, what a display shows (for rendering the session frame by frame).
    public var frames: [SessionFrame] = []
    /// With `sensors`: what the walker's phone recorded (``SimulatedPhone``), a GetSensorData log with a `POSI`
    /// truth line a second.
    public var sensors = ""
}

/// One fix of a recorded session as a display shows it.
public struct SessionFrame: Sendable {
    /// The fix as decoded from the simulated receiver's NMEA.
    public let fix: Location
    /// The true heading of the engine's latest compass reading, degrees; `nil` before the first reading.
    public let heading: Double?
    /// The engine's progress after the fix (nil before it started; the last one stays once arrived).
    public let progress: NavigationProgress?
    /// The route the engine follows after the fix.
    public let itinerary: Itinerary?
    /// The level the engine places the user on, by ordinal.
    public let levelOrdinal: Double?
    /// The events of the session up to and including this fix's (the fix's own are the last ones since the
    /// previous frame's count).
    public let eventCount: Int
    /// Where the walker truly was.
    public let truth: Truth

    /// Where a simulated walker truly was at a fix.
    public struct Truth: Sendable {
        /// Where, metres in the context's plane.
        public let point: Coordinate
        /// The level's ordinal.
        public let level: Double
        /// Whether on a missed turn's detour.
        public let detouring: Bool
    }
}

/// Runs simulated navigation sessions through the real engine: a simulated walker follows the itinerary, its receiver
/// writes NMEA (with noise, dropouts and wrong levels near stairs), the NMEA is decoded as a live one would be,
/// and a ``NavigationCore`` follows it. Everything random comes from the seed: a session is the same on every
/// run and machine.
public struct SessionSimulator: Sendable {
    /// The venue, graph and routers every session navigates.
    public let context: NavigationContext
    /// The route the walker follows and the engine starts with.
    public let itinerary: Itinerary
    /// Where the route ends, for reroutes.
    public let destination: Waypoint
    /// How the walker walks and the receiver errs.
    public let walker: WalkerConfiguration
    /// The engine's thresholds.
    public let navigation: NavigationConfiguration
    /// The routing profile reroutes use (the itinerary's own).
    public let options: RoutingOptions
    /// The seed of every session: session `i` draws from `seed` and `i` only.
    public let seed: UInt64
    /// Per floor ordinal the route walks on: the walls of its free area (a missed turn stops at one).
    let walls: [Double: SegmentGrid]
    /// The walker's phone, whose sensor log `run(session:record:sensors:)` writes when asked.
    public var phone = PhoneConfiguration()
    /// When the sessions start (UTC): the NMEA's date and time.
    public static let epoch = Date(timeIntervalSince1970: 1_767_261_600)  // 2026-01-01T10:00:00Z

    /// A simulator of walks along `itinerary` to `destination`; nothing runs until ``run(session:record:sensors:)``.
    public init(context: NavigationContext, itinerary: Itinerary, destination: Waypoint, walker: WalkerConfiguration,
                navigation: NavigationConfiguration = NavigationConfiguration(), options: RoutingOptions = RoutingOptions(), seed: UInt64) {
        self.options = options
        self.context = context
        self.itinerary = itinerary
        self.destination = destination
        self.walker = walker
        self.navigation = navigation
        self.seed = seed
        // (Only missed turns walk off the route: without them there is no wall to meet.)
        let ordinals = walker.detourRate > 0 ? Set(RouteTrack(itinerary: itinerary, plane: context.plane).steps.map(\.levelOrdinal)) : []
        walls = Dictionary(uniqueKeysWithValues: ordinals.compactMap { ordinal in
            MapMatcher.freeArea(ordinal, of: context.graph).map { (ordinal, MapMatcher.walls(of: $0)) }
        })
    }

    /// The seed of session `index`: SplitMix64 of the run's seed and the index, so sessions are independent.
    static func seed(_ seed: UInt64, session index: Int) -> UInt64 {
        var g = SeededGenerator(seed: seed ^ (UInt64(index) &* 0x9E37_79B9_7F4A_7C15))
        return g.next()
    }

    /// Whether a person walks straight from `a` to `b` (points of the plane) on the floor at `level`: without
    /// crossing a wall of its free area (the graph's frame is the plane's, to 0.1 mm), into a walkable space.
    func walkable(_ a: Coordinate, _ b: Coordinate, level: Double) -> Bool {
        if walls[level]?.isCrossed(by: a, b) == true { return false }
        let c = context.plane.unproject(b)
        guard let l = context.level(ordinal: level, at: c), let id = context.spatialIndex.spaceID(at: c, levelID: l.id) else { return false }
        return context.walkableSpaceIDs.contains(id)
    }

    /// Whether a point of the plane is outdoors: on an outdoor level, or in outdoor ground or the grounds of a
    /// campus.
    func isOutdoors(_ p: Coordinate, level: Double) -> Bool {
        let c = context.plane.unproject(p)
        guard let l = context.level(ordinal: level, at: c) else { return false }
        if l.isOutdoor { return true }
        guard let id = context.spatialIndex.spaceID(at: c, levelID: l.id) else { return false }
        return context.outdoorSpaceIDs.contains(id)
    }

    /// Runs sessions `0..<count` on every core; the results are in the order of their index. Once `shouldStop` says
    /// so (an interrupted command), no new session starts, and the result holds the sessions finished.
    /// - Parameter count: the number of sessions.
    /// - Parameter record: keep each session's NMEA, events and frames.
    /// - Parameter sensors: write each session's phone sensor log.
    /// - Parameter shouldStop: asked before each session starts, from the worker threads.
    /// - Parameter progress: told the number of sessions finished, from the worker threads.
    public func run(sessions count: Int, record: Bool = false, sensors: Bool = false, shouldStop: @Sendable () -> Bool = { false },
                    progress: @Sendable (_ finished: Int) -> Void = { _ in }) -> [SessionResult] {
        let results = Mutex<[SessionResult?]>(Array(repeating: nil, count: count))
        let done = Atomic<Int>(0)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, count))
        DispatchQueue.concurrentPerform(iterations: workers) { w in
            var i = w
            while i < count, !shouldStop() {
                let result = run(session: i, record: record, sensors: sensors)
                results.withLock { $0[i] = result }
                progress(done.add(1, ordering: .relaxed).newValue)
                i += workers
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }

    /// Runs session `index`: the same walk, fixes and events on every run and machine.
    /// - Parameter index: the session, which with the seed fixes everything random in it.
    /// - Parameter record: keep the NMEA written, the events and every frame (for recordings and drawings).
    /// - Parameter sensors: write what the walker's phone sensed (``SessionResult/sensors``).
    public func run(session index: Int, record: Bool = false, sensors: Bool = false) -> SessionResult {
        let sessionSeed = Self.seed(seed, session: index)
        let track = RouteTrack(itinerary: itinerary, plane: context.plane)
        var walker = Walker(track: track, configuration: self.walker, seed: sessionSeed) { a, b, level in walkable(a, b, level: level) }
        var random = SeededGenerator(seed: sessionSeed ^ 0x5851_F42D_4C95_7F2D)
        var sensorConfiguration = SimulatedHeadingSensor.Configuration()
        sensorConfiguration.noise = self.walker.headingNoise
        sensorConfiguration.rate = 1
        var sensor = SimulatedHeadingSensor(configuration: sensorConfiguration, seed: sessionSeed ^ 0x2545_F491_4F6C_DD1D)
        var core = NavigationCore(context: context, itinerary: itinerary, destination: destination, options: options, configuration: navigation)
        var decoder = NMEADecoder()
        var result = SessionResult(index: index)
        var truths: [Int: WalkerTruth] = [:]
        var events: [NavigationEvent] = []
        var silentUntil = -1.0
        // The detour in progress: whether the walker went truly off the route (farther than the off-route
        // distance), the first fix at which it was unmistakably off (farther than that plus twice the noise: no
        // detector with a low false-alarm rate can tell before), and the fix of the engine's off-route event.
        var detourIsReal = false
        var thresholdCrossing: Int?
        var detourCrossing: Int?
        var detectionFix: Int?
        var wasDetouring = false
        func closeDetour() {
            // A missed turn the engine caught is a real detour too, however near the route it stayed.
            if detourIsReal || detectionFix != nil {
                result.detours += 1
                // Detected before the crossing (or a detour never unmistakably off) counts as no delay; unmistakably
                // off and never detected as Int.max.
                if let fix = detectionFix {
                    result.detectionDelays.append(max(fix - (detourCrossing ?? fix), 0))
                } else if detourCrossing != nil {
                    result.detectionDelays.append(Int.max)
                }
                // The stricter count: from the first fix past the off-route distance itself.
                if let crossing = thresholdCrossing {
                    result.detectionDelaysFromThreshold.append(detectionFix.map { max($0 - crossing, 0) } ?? Int.max)
                }
            }
            detourIsReal = false
            thresholdCrossing = nil
            detourCrossing = nil
            detectionFix = nil
        }
        let threshold = navigation.offRouteThreshold(accuracy: 2 * (2 * self.walker.noise * self.walker.noise).squareRoot())
        let limit = Int(itinerary.duration * 3) + 180
        var second = 0
        var afterEnd = 0

        func consume(_ decoded: [NMEAEvent]) {
            for case .fix(let fix) in decoded {
                guard let location = fix.location(source: "simulator") else { continue }
                if let h = fix.heading { core.update(heading: Heading(trueHeading: h, timestamp: fix.time)) }
                let t = Int((location.timestamp?.timeIntervalSince(Self.epoch) ?? 0).rounded())
                guard let truth = truths.removeValue(forKey: t) else { continue }
                result.fixes += 1
                if wasDetouring, !truth.detouring { closeDetour() }
                wasDetouring = truth.detouring
                // How far the truth is from the route the engine follows when the fix arrives (before a reroute).
                let trueOff = core.track.map { $0.distance(from: truth.point, within: 0...$0.length) } ?? 0
                events.removeAll(keepingCapacity: true)
                core.update(location, into: &events)
                if truth.detouring, trueOff > threshold {
                    detourIsReal = true
                    if thresholdCrossing == nil { thresholdCrossing = result.fixes }
                }
                if truth.detouring, trueOff > threshold + 2 * self.walker.noise, detourCrossing == nil { detourCrossing = result.fixes }
                for event in events {
                    switch event {
                    case .offRoute(let reason):
                        if truth.detouring {
                            if detectionFix == nil { detectionFix = result.fixes }
                        } else if trueOff <= threshold / 2 {
                            result.falseAlarms += 1
                            result.falseAlarmReasons.append(reason)
                        }  // (else: following again but not yet back on the route — neither)
                    case .rerouted:
                        if let route = core.track { walker.adopt(route) }
                    case .arrived:
                        result.arrived = true
                        // (The engine only arrives on the destination's level: the truth is what can be wrong.)
                        result.wrongLevelArrival = truth.level != track.destinationLevel
                    default: break
                    }
                }
                if !truth.detouring, let progress = core.progress {
                    result.matchedErrors.append(context.plane.project(progress.matched).distance(to: truth.point))
                }
                if record {
                    result.events.append(contentsOf: events.map { NavigationUpdate(event: $0, track: core.track) })
                    result.frames.append(SessionFrame(fix: location, heading: core.heading?.trueHeading, progress: core.progress,
                                                      itinerary: core.track?.itinerary, levelOrdinal: core.levelOrdinal,
                                                      eventCount: result.events.count, truth: SessionFrame.Truth(point: truth.point, level: truth.level, detouring: truth.detouring)))
                }
            }
        }

        var phoneTruths: [PhoneTruth] = []
        while second < limit, !result.arrived {
            if second > 0 { walker.advance(1) }
            let truth = walker.truth
            if sensors {
                phoneTruths.append(PhoneTruth(time: Double(second), point: truth.point, level: truth.level, elevation: truth.elevation,
                                              bearing: truth.bearing, stepping: truth.stepping, outdoors: isOutdoors(truth.point, level: truth.level)))
            }
            if walker.finished { afterEnd += 1 }
            if afterEnd > 30 { break }
            defer { second += 1 }
            let time = Double(second)
            if time < silentUntil { continue }
            if random.uniform() < self.walker.dropoutRate {
                silentUntil = time + 3 + Double(Int(6 * random.uniform()))
                continue
            }
            let noisy = Coordinate(x: truth.point.x + self.walker.noise * random.gaussian(), y: truth.point.y + self.walker.noise * random.gaussian())
            let coordinate = context.plane.unproject(noisy)
            var level = truth.level
            if let other = truth.otherLevel, random.uniform() < self.walker.wrongLevelRate { level = other }
            let date = Self.epoch.addingTimeInterval(time)
            let course = truth.speed > 0 ? (truth.bearing + 8 * random.gaussian() + 360).truncatingRemainder(dividingBy: 360) : nil
            let heading = sensor.reading(at: time, trueHeading: truth.bearing, coordinate: coordinate, date: date)?.trueHeading
            let text = NMEAWriter.epoch(time: date, coordinate: coordinate, speed: truth.speed, course: course, sigma: self.walker.noise,
                                        heading: heading, level: level)
            if record { result.nmea += text }
            truths[second] = truth
            consume(decoder.feed(Array(text.utf8)))
        }
        consume(decoder.finish())
        if sensors {
            let phone = SimulatedPhone(configuration: phone, plane: context.plane, date: Self.epoch, seed: sessionSeed ^ 0x1405_7B7E_F767_814F)
            result.sensors = phone.log(of: phoneTruths)
        }
        closeDetour()
        result.reroutes = core.reroutes
        return result
    }
}
