import Foundation
import IndoorBase

/// A reading on a phone's three axes, in the phone's frame as Android gives it: x to the right of the screen, y up
/// the screen, z out of it.
public struct Vector3: Hashable, Sendable {
    /// The component along the phone's x axis (to the right of the screen).
    public var x: Double
    /// The component along the phone's y axis (up the screen).
    public var y: Double
    /// The component along the phone's z axis (out of the screen).
    public var z: Double

    /// A vector of three components.
    public init(_ x: Double, _ y: Double, _ z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// Its length.
    public var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// The dot product with `other`.
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    /// The cross product `self × other`.
    public func cross(_ other: Vector3) -> Vector3 {
        Vector3(y * other.z - z * other.y, z * other.x - x * other.z, x * other.y - y * other.x)
    }

    /// The vector scaled to length 1; `nil` for the zero vector.
    public var normalized: Vector3? {
        let l = length
        guard l > 0, l.isFinite else { return nil }
        return Vector3(x / l, y / l, z / l)
    }

    /// The sum, component by component.
    public static func + (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x + b.x, a.y + b.y, a.z + b.z) }
    /// The difference, component by component.
    public static func - (a: Vector3, b: Vector3) -> Vector3 { Vector3(a.x - b.x, a.y - b.y, a.z - b.z) }
    /// The vector scaled by `k`.
    public static func * (a: Vector3, k: Double) -> Vector3 { Vector3(a.x * k, a.y * k, a.z * k) }
}

/// Where a walker really was, as a log records it for judging a positioning method: an IPIN `POSI` line (a
/// position and a floor) or an Indoor Location Competition `TYPE_WAYPOINT` (metres on the floor plan).
public struct GroundTruth: Hashable, Sendable {
    /// A position as the log gives it.
    public enum Position: Hashable, Sendable {
        /// WGS84 degrees.
        case geographic(GeoCoordinate)
        /// Metres on the floor plan: x east, y north, from the plan's south-west corner.
        case plan(x: Double, y: Double)
    }

    /// Where.
    public var position: Position
    /// The floor's number as the log counts them (IPIN: 0, 1, 2…), when given.
    public var floor: Int?

    /// A ground-truth point.
    public init(position: Position, floor: Int? = nil) {
        self.position = position
        self.floor = floor
    }
}

/// One reading of a phone's sensors, or a ground-truth point, as a sensor log records it.
public enum SensorReading: Hashable, Sendable {
    /// Acceleration with gravity, m/s² (`ACCE`, `TYPE_ACCELEROMETER`): a phone at rest reads +9.8 on the axis
    /// pointing up.
    case acceleration(Vector3)
    /// Rate of rotation about each axis, rad/s, counter-clockwise positive (`GYRO`, `TYPE_GYROSCOPE`).
    case rotationRate(Vector3)
    /// The magnetic field, µT (`MAGN`, `TYPE_MAGNETIC_FIELD`).
    case magneticField(Vector3)
    /// Air pressure, hPa (`PRES`, `TYPE_PRESSURE`).
    case pressure(Double)
    /// A satellite fix (`GNSS`): WGS84 degrees and its horizontal accuracy in metres, when given.
    case gnss(GeoCoordinate, accuracy: Double?)
    /// Where the walker really was (`POSI`, `TYPE_WAYPOINT`).
    case truth(GroundTruth)
}

/// A timed reading of a sensor log.
public struct SensorSample: Hashable, Sendable {
    /// When, in seconds on the log's own clock (GetSensorData: the app's timestamp; ILC: Unix time).
    public var time: Double
    /// What was read.
    public var reading: SensorReading

    /// A sample at `time` seconds.
    public init(time: Double, reading: SensorReading) {
        self.time = time
        self.reading = reading
    }
}

/// The text formats phone sensor logs are published in.
public enum SensorLogFormat: String, Hashable, Sendable, CaseIterable {
    /// The GetSensorData app's format, as the IPIN competitions publish their logs: `TYPE;AppTimestamp(s);…` lines
    /// separated by semicolons, `%` comments.
    case getSensorData = "getsensordata"
    /// The Indoor Location Competition 2.0 format: `unix_ms<TAB>TYPE_…<TAB>values`, `#` header lines.
    case ilc

    /// How many of the log's own time units make a second: a time is printed back on the log's clock (seconds for
    /// GetSensorData, milliseconds for ILC).
    public var unitsPerSecond: Double {
        switch self {
        case .getSensorData: 1
        case .ilc: 1000
        }
    }
}

/// The frame of a floor plan's metres (``GroundTruth/Position/plan(x:y:)``): x east and y north of the plan's
/// south-west corner, 111,320 m a degree of latitude and 111,320 · cos(middle latitude) a degree of longitude: how
/// the Indoor Location Competition's waypoints lie on its floors' GeoJSON (the corner and latitudes are those of
/// the floor outline's bounding box; see `tools/venues/ilc-venue`).
public struct PlanFrame: Hashable, Sendable {
    /// The plan's south-west corner.
    public let southWest: GeoCoordinate
    /// The latitude whose parallel sets the metres of a degree of longitude, degrees.
    public let middleLatitude: Double

    /// The frame of a plan whose corner is `southWest`, its metres of longitude taken at `middleLatitude`.
    public init(southWest: GeoCoordinate, middleLatitude: Double) {
        self.southWest = southWest
        self.middleLatitude = middleLatitude
    }

    /// Where plan metres `(x, y)` are on WGS84.
    public func geographic(x: Double, y: Double) -> GeoCoordinate {
        GeoCoordinate(longitude: southWest.longitude + x / (111_320 * cos(middleLatitude * .pi / 180)),
                      latitude: southWest.latitude + y / 111_320)
    }
}
