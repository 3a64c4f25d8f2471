import Foundation
import IndoorBase

/// A position fix from any source (a GNSS receiver, a GPX track, a simulator). Unknown values are `nil`,
/// never 0.
public struct Location: Hashable, Sendable {
    /// How much of a position a fix has, ordered `noFix` < `twoD` < `threeD` (gpsd's TPV `mode`).
    public enum Mode: Int, Hashable, Sendable, Comparable {
        /// No position (NMEA: void status, too few satellites); raw value 1, as gpsd's `mode`.
        case noFix = 1
        /// A horizontal position without altitude; raw value 2.
        case twoD = 2
        /// A position with altitude; raw value 3.
        case threeD = 3
        public static func < (a: Mode, b: Mode) -> Bool { a.rawValue < b.rawValue }
    }

    /// WGS84.
    public var coordinate: GeoCoordinate
    /// Whether the fix has a position, and an altitude; `twoD` unless the source says.
    public var mode: Mode
    /// Metres above mean sea level (the geoid).
    public var altitudeMSL: Double?
    /// Metres above the WGS84 ellipsoid.
    public var altitudeEllipsoidal: Double?
    /// Horizontal error, metres, at ``accuracyConfidence``.
    public var horizontalAccuracy: Double?
    /// Vertical error, metres, at ``accuracyConfidence``; `nil` when unknown.
    public var verticalAccuracy: Double?
    /// The probability the true position lies within the stated accuracies (0.68 for 1σ, 0.95…).
    public var accuracyConfidence: Double?
    /// Degrees clockwise from true north, of the movement.
    public var course: Double?
    /// The error of ``course``, degrees; `nil` when unknown.
    public var courseAccuracy: Double?
    /// Metres per second over ground.
    public var speed: Double?
    /// The error of ``speed``, metres per second; `nil` when unknown.
    public var speedAccuracy: Double?
    /// The level, when the source knows it (an indoor positioning system, a simulator).
    public var levelOrdinal: Double?
    /// UTC, from the source (nil when the source gave no date).
    public var timestamp: Date?
    /// What produced it ("nmea", "gpx", "simulator"…).
    public var source: String
    /// Whether the fix was made up (a simulator, a receiver in simulation mode) rather than measured.
    public var isSimulated: Bool

    /// A fix at `coordinate` (WGS84 degrees) from `source`; every measure unknown unless given.
    public init(coordinate: GeoCoordinate, mode: Mode = .twoD, altitudeMSL: Double? = nil, altitudeEllipsoidal: Double? = nil,
                horizontalAccuracy: Double? = nil, verticalAccuracy: Double? = nil, accuracyConfidence: Double? = nil,
                course: Double? = nil, courseAccuracy: Double? = nil, speed: Double? = nil, speedAccuracy: Double? = nil,
                levelOrdinal: Double? = nil, timestamp: Date? = nil, source: String, isSimulated: Bool = false) {
        self.coordinate = coordinate
        self.mode = mode
        self.altitudeMSL = altitudeMSL
        self.altitudeEllipsoidal = altitudeEllipsoidal
        self.horizontalAccuracy = horizontalAccuracy
        self.verticalAccuracy = verticalAccuracy
        self.accuracyConfidence = accuracyConfidence
        self.course = course
        self.courseAccuracy = courseAccuracy
        self.speed = speed
        self.speedAccuracy = speedAccuracy
        self.levelOrdinal = levelOrdinal
        self.timestamp = timestamp
        self.source = source
        self.isSimulated = isSimulated
    }
}

/// Which way a device points.
public struct Heading: Hashable, Sendable {
    /// Degrees clockwise from true north.
    public var trueHeading: Double?
    /// Degrees clockwise from magnetic north.
    public var magneticHeading: Double?
    /// Degrees; nil when the sensor is not calibrated.
    public var accuracy: Double?
    /// When the reading was taken (UTC), or `nil` when the source gave no time.
    public var timestamp: Date?

    /// A reading: headings in degrees clockwise from true or magnetic north, `accuracy` in degrees.
    public init(trueHeading: Double? = nil, magneticHeading: Double? = nil, accuracy: Double? = nil, timestamp: Date? = nil) {
        self.trueHeading = trueHeading
        self.magneticHeading = magneticHeading
        self.accuracy = accuracy
        self.timestamp = timestamp
    }
}
