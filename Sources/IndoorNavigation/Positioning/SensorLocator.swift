import Foundation
import IndoorBase
import IndoorGeometry
import IndoorLocation
import IndoorRouting

/// How a walk is located from its sensors.
public struct SensorLocatorOptions: Hashable, Sendable {
    /// The heading at the start, radians clockwise from north; `nil` takes the magnetometer's.
    public var heading: Double?
    /// Particles of the map matching.
    public var particles = 1000
    /// The map matching's seed: the same log and seed give the same track.
    public var seed: UInt64 = 1
    /// The height between the venue's floors, metres (the barometer's floor step).
    public var floorHeight = 4.0
    /// Satellite fixes are taken when they say they are within this many metres (indoors, most are not heard, and
    /// the rest are reflections that say so).
    public var satelliteAccuracy = 10.0

    /// The defaults: 1,000 particles, seed 1, floors 4 m apart, fixes within 10 m taken.
    public init() {}
}

/// One located step of a walk.
public struct LocatedStep: Hashable, Sendable {
    /// When the step's acceleration peaked, seconds on the log's clock.
    public let time: Double
    /// Where the walker is, metres in ``SensorLocator/frame``.
    public let point: Coordinate
    /// The floor's ordinal.
    public let ordinal: Double
    /// The level's id, with a venue.
    public let levelID: String?
    /// The space the walker is in, when known.
    public let spaceID: String?
    /// How far off the position may be, metres (1σ).
    public let accuracy: Double
    /// The heading walked, radians clockwise from true north.
    public let heading: Double
    /// The step's length, metres (dead reckoning's).
    public let length: Double
}

/// A walk located from a phone's sensor samples: pedestrian dead reckoning (steps, heading), floor changes from the
/// barometer (`Altimeter`), and, on a venue, map matching (``MapMatcher``): steps kept out of walls, floors
/// changed through connectors of the kind the ride felt like (steps while climbing: stairs; standing, at 0.45 m/s
/// or faster: a lift; slower: an escalator), satellite fixes that say they are good taken as absolute fixes.
/// Without a venue, it is dead reckoning alone from the start (its floor counted from the barometer).
public struct SensorLocator: Sendable {
    /// The frame of the located points: the venue's, or one at the start without a venue.
    public let frame: LocalFrame
    /// The options it was made with.
    public let options: SensorLocatorOptions
    /// The dead reckoning (its step detector and heading filter can be tuned before the first sample).
    public var deadReckoning: PedestrianDeadReckoning
    /// The barometer's floor changes.
    public var altimeter: Altimeter
    private var matcher: MapMatcher?
    private var ordinal: Double
    private var walked = 0.0
    /// Whether the floor changed during the ride going on (the walker is still on the connector).
    private var arriving = false
    /// How near the new floor's height a ride has come when the walker steps off it, metres.
    static let landing = 0.5
    /// Steps taken since the ride going on began (none while not riding).
    private var rideSteps = 0
    /// The steps a ride must see to be walked (stairs, a ramp), not stood (a lift, an escalator): a stride or two
    /// may be taken on a lift's first jolt or the escalator's first metres.
    static let walkedRide = 3
    /// The mean rate of climb, m/s, at and above which a ride stood is a lift's: escalators climb 0.25–0.4 m/s
    /// (0.5–0.75 m/s along a 30° incline), lifts 0.5 m/s and faster.
    static let liftRate = 0.45

    /// A walk from `start` (metres in `graph`'s venue frame) on `levelID`, in `year` (decimal; the magnetic field
    /// and declination of that date at the venue).
    /// - Throws: `PositioningError.noWalkableSpace` when the start's floor has none.
    public init(graph: NavigationGraph, levelID: String, start: Coordinate, year: Double,
                options: SensorLocatorOptions = SensorLocatorOptions()) throws {
        let venue = graph.venue
        guard let matcher = MapMatcher(graph: graph, levelID: levelID, start: start, count: options.particles, seed: options.seed) else {
            throw PositioningError.noWalkableSpace(levelID: levelID)
        }
        frame = venue.frame
        let place = try venue.frame.unproject(start)
        deadReckoning = PedestrianDeadReckoning(start: start, at: place, year: year)
        self.matcher = matcher
        ordinal = matcher.ordinal
        self.options = options
        altimeter = Altimeter(floorHeight: options.floorHeight)
        if let heading = options.heading { deadReckoning.heading.start(heading: heading) }
    }

    /// Dead reckoning alone from `start` on the floor `ordinal`, in `year`.
    public init(start: GeoCoordinate, ordinal: Double, year: Double, options: SensorLocatorOptions = SensorLocatorOptions()) throws {
        frame = try LocalFrame(origin: start)
        deadReckoning = PedestrianDeadReckoning(at: start, year: year)
        self.ordinal = ordinal
        self.options = options
        altimeter = Altimeter(floorHeight: options.floorHeight)
        if let heading = options.heading { deadReckoning.heading.start(heading: heading) }
    }

    /// Takes one sample; returns the step it ends, located, if any.
    /// - Complexity: O(1) without a venue; a step is O(particles) on one.
    public mutating func add(_ sample: SensorSample) -> LocatedStep? {
        switch sample.reading {
        case .pressure(let hPa):
            let change = altimeter.add(time: sample.time, pressure: hPa)
            if !altimeter.isRiding && !arriving { rideSteps = 0 }
            guard let change else { return nil }
            if var m = matcher {
                // What the ride felt like tells which kind of connector it was.
                let ride: MapMatcher.Ride = rideSteps >= Self.walkedRide ? .stairs
                    : abs(change.rate) >= Self.liftRate ? .lift : .escalator
                if m.changeFloor(by: change.floors, ride: ride) {
                    ordinal = m.ordinal
                    arriving = true
                }
                matcher = m
            } else {
                ordinal += Double(change.floors)
            }
            return nil
        case .gnss(let place, let accuracy):
            guard let accuracy, accuracy <= options.satelliteAccuracy, let point = try? frame.project(place) else { return nil }
            fix(point, accuracy: accuracy)
            return nil
        default:
            guard let step = deadReckoning.add(sample) else { return nil }
            walked += step.length
            if altimeter.isRiding || arriving { rideSteps += 1 }
            guard var m = matcher else {
                // Dead reckoning's error grows with the distance walked since the start or the last fix: about a
                // tenth of it.
                return LocatedStep(time: step.time, point: step.position, ordinal: ordinal, levelID: nil, spaceID: nil,
                                   accuracy: 1 + 0.1 * walked, heading: step.heading, length: step.length)
            }
            // Riding between floors, a step climbs more than it crosses the floor: the connector takes the walker
            // there.
            // And from the floor change until the ride ends or nears the new floor's height, the walker is still on
            // the connector, coming to where it leaves it on this floor (the stop the particles were taken to), not
            // walking away from there.
            if arriving && (!altimeter.isRiding || abs(altimeter.climb) < Self.landing) { arriving = false }
            let matched = altimeter.isBetweenFloors || arriving
                ? m.estimate(time: step.time) : m.step(time: step.time, length: step.length, heading: step.heading, anchored: step.anchored)
            matcher = m
            return LocatedStep(time: step.time, point: matched.point, ordinal: matched.ordinal, levelID: matched.levelID,
                               spaceID: matched.spaceID, accuracy: matched.accuracy, heading: step.heading, length: step.length)
        }
    }

    /// A fix the walker gave (a tap on the map): about `point` (metres in ``frame``), `accuracy` metres.
    public mutating func fix(_ point: Coordinate, accuracy: Double) {
        if var m = matcher {
            m.fix(point, accuracy: accuracy)
            matcher = m
        } else {
            deadReckoning.move(to: point)
        }
        walked = 0
    }

    /// The particles, when the walk is matched to a venue (metres in ``frame``).
    public var particles: [Coordinate] { matcher?.points ?? [] }
}

extension SensorLocator {
    /// The decimal year of a log's first sample: ILC logs keep Unix time; a GetSensorData log's clock starts with
    /// the app, so its date is `today`.
    public static func year(of log: SensorLog, today: Date) -> Double {
        log.format == .ilc ? PedestrianDeadReckoning.year(unixTime: log.samples.first?.time ?? 0)
            : PedestrianDeadReckoning.year(unixTime: today.timeIntervalSince1970)
    }
}
