import Foundation
import IndoorBase

/// A phone's compass, simulated: the true heading a walker faces comes out as a magnetic heading with the errors
/// a real magnetometer has — white noise, a constant bias, a random-walk drift, dropouts — and more of them inside
/// magnetic disturbance zones (steel, escalator motors); the true heading it reports is the magnetic one corrected
/// by the World Magnetic Model's declination, as phones do. Every random draw comes from a seeded generator, and
/// time is given by the caller, so a session replays exactly.
public struct SimulatedHeadingSensor: Sendable {
    /// Where the field is disturbed, and how much worse the compass gets there.
    public struct DisturbanceZone: Sendable {
        /// Where the field is disturbed, prepared for point-in-polygon tests on WGS84 positions.
        public let area: PreparedPolygon
        /// Extra noise (σ, degrees) and bias (degrees) inside.
        public let extraNoise: Double
        /// Extra constant error inside, degrees (added to ``Configuration/bias``).
        public let extraBias: Double

        /// - Parameter area: a WGS84 polygon.
        /// - Parameter extraNoise: extra white noise inside, σ in degrees.
        /// - Parameter extraBias: extra constant error inside, degrees.
        public init(area: Geometry, extraNoise: Double, extraBias: Double = 0) {
            self.area = PreparedPolygon(area)
            self.extraNoise = extraNoise
            self.extraBias = extraBias
        }
    }

    /// The compass's error model and reading rate; the defaults are a decent phone outdoors.
    public struct Configuration: Sendable {
        /// White noise, σ in degrees.
        public var noise = 3.0
        /// A constant error, degrees.
        public var bias = 0.0
        /// Random-walk drift, degrees per √second.
        public var drift = 0.2
        /// The chance a reading is missing.
        public var dropout = 0.0
        /// Readings per second.
        public var rate = 10.0
        /// Areas where the compass is worse; none by default.
        public var zones: [DisturbanceZone] = []
        /// For the declination; without a model, magnetic north is taken as true north.
        public var model: WorldMagneticModel? = WorldMagneticModel.wmm2025

        /// The defaults: 3° noise, no bias, 0.2°/√s drift, no dropouts, 10 readings a second, WMM 2025.
        public init() {}
    }

    /// The error model, as given.
    public let configuration: Configuration
    private var rng: SeededGenerator
    private var drift = 0.0
    private var lastTime: Double?
    private var nextReading = 0.0

    /// A sensor whose random draws all come from `seed`: the same seed and times give the same readings.
    public init(configuration: Configuration = Configuration(), seed: UInt64) {
        self.configuration = configuration
        rng = SeededGenerator(seed: seed)
    }

    private mutating func gaussian() -> Double { rng.gaussian() }
    private mutating func uniform() -> Double { rng.uniform() }

    /// The reading at `time` (seconds on the caller's clock), or nil when none is due (the output rate) or it
    /// dropped out.
    /// - Parameters:
    ///   - time: seconds on the caller's clock, increasing.
    ///   - trueHeading: where the walker faces, degrees from true north.
    ///   - coordinate: WGS84, for the declination and the disturbance zones.
    ///   - date: the calendar date (for the declination's secular change).
    public mutating func reading(at time: Double, trueHeading: Double, coordinate: GeoCoordinate, date: Date) -> Heading? {
        if let last = lastTime, time > last {
            // The drift walks with the time that passed.
            drift += configuration.drift * (time - last).squareRoot() * gaussian()
        }
        lastTime = time
        guard time + 1e-9 >= nextReading else { return nil }
        nextReading = time + 1 / max(configuration.rate, 1e-6)
        if configuration.dropout > 0, uniform() < configuration.dropout { return nil }
        var sigma = configuration.noise, bias = configuration.bias
        for zone in configuration.zones where zone.area.contains(coordinate.position) {
            sigma = (sigma * sigma + zone.extraNoise * zone.extraNoise).squareRoot()
            bias += zone.extraBias
        }
        let year = 1970 + date.timeIntervalSince1970 / (365.2425 * 86_400)
        let declination = configuration.model?.field(latitude: coordinate.latitude, longitude: coordinate.longitude, year: year).declination ?? 0
        let error = bias + drift + sigma * gaussian()
        let magnetic = Self.normalise(trueHeading - declination + error)
        return Heading(trueHeading: Self.normalise(magnetic + declination), magneticHeading: magnetic,
                       accuracy: (sigma * sigma + drift * drift).squareRoot(), timestamp: date)
    }

    static func normalise(_ degrees: Double) -> Double {
        let d = degrees.truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 360 : d
    }
}
