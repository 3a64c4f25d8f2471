import Foundation
import IndoorBase

/// One step of a dead-reckoned walk.
public struct DeadReckonedStep: Hashable, Sendable {
    /// When the step's acceleration peaked, seconds on the log's clock.
    public let time: Double
    /// Its length, metres.
    public let length: Double
    /// The heading walked, radians clockwise from true north.
    public let heading: Double
    /// Where the step ends, metres east (x) and north (y) of the start.
    public let position: Coordinate
    /// Whether the magnetometer held the heading then (a trusted reading pulled it in the last
    /// ``HeadingFilter/magneticTimeConstant``), or only the gyroscope did since.
    public var anchored = false
}

/// Pedestrian dead reckoning: a phone's sensor samples in, steps out: each one detected on the accelerometer
/// (``StepDetector``), walked along the heading of the moment (``HeadingFilter``) from where the last one ended.
/// Nothing absolute but the magnetometer: the error grows with the distance walked, which map matching bounds.
public struct PedestrianDeadReckoning: Sendable {
    /// The step detector (its Weinberg constant sets the step length).
    public var steps: StepDetector
    /// The heading filter (its declination turns magnetic headings to true ones).
    public var heading: HeadingFilter
    /// Where the walk is, metres east and north of the start.
    public private(set) var position: Coordinate

    /// A walk from `start` (metres), its headings corrected by `declination` degrees, with the field expected to be
    /// `expectedField` µT dipping `expectedInclination` degrees (all from ``WorldMagneticModel`` at the walk's place
    /// and date).
    public init(start: Coordinate = Coordinate(x: 0, y: 0), declination: Double = 0, expectedField: Double? = nil,
                expectedInclination: Double? = nil) {
        steps = StepDetector()
        heading = HeadingFilter(declination: declination, expectedField: expectedField, expectedInclination: expectedInclination)
        position = start
    }

    /// Puts the walk at `point` (an absolute fix), metres in the start's frame.
    public mutating func move(to point: Coordinate) {
        position = point
    }

    /// Takes one sample; returns the step it ends, if any (a step before the first heading is not walked).
    /// - Complexity: O(1).
    public mutating func add(_ sample: SensorSample) -> DeadReckonedStep? {
        switch sample.reading {
        case .acceleration(let a):
            heading.add(time: sample.time, acceleration: a)
            guard let step = steps.add(time: sample.time, acceleration: a), let h = heading.heading else { return nil }
            position = Coordinate(x: position.x + step.length * sin(h), y: position.y + step.length * cos(h))
            var done = DeadReckonedStep(time: step.time, length: step.length, heading: h, position: position)
            done.anchored = heading.anchoredAt.map { step.time - $0 <= heading.magneticTimeConstant } ?? false
            return done
        case .rotationRate(let w):
            heading.add(time: sample.time, rotationRate: w)
        case .magneticField(let m):
            heading.add(time: sample.time, magneticField: m)
        case .pressure, .gnss, .truth:
            break
        }
        return nil
    }
}

extension PedestrianDeadReckoning {
    /// A walk from `start` at `place` in `year` (decimal, e.g. 2026.5): its declination and the field strength it
    /// expects from the World Magnetic Model (none when the embedded model cannot be read).
    public init(start: Coordinate = Coordinate(x: 0, y: 0), at place: GeoCoordinate, year: Double) {
        let field = WorldMagneticModel.wmm2025?.field(latitude: place.latitude, longitude: place.longitude, year: year)
        let strength = field.map { ($0.north * $0.north + $0.east * $0.east + $0.down * $0.down).squareRoot() / 1000 }
        self.init(start: start, declination: field?.declination ?? 0, expectedField: strength, expectedInclination: field?.inclination)
    }

    /// The decimal year of a Unix time in seconds.
    public static func year(unixTime: Double) -> Double { 1970 + unixTime / (365.2425 * 86400) }
}
