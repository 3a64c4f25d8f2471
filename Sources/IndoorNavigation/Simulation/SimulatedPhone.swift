import Foundation
import IndoorBase
import IndoorLocation

/// How a simulated phone senses a walk: its sensors' rates and noise, the walker's gait, the magnetic disturbances
/// of the building and the weather.
public struct PhoneConfiguration: Hashable, Sendable {
    /// Accelerometer, gyroscope and magnetometer rate, Hz.
    public var rate = 50.0
    /// Barometer rate, Hz.
    public var pressureRate = 10.0
    /// Noise, 1σ per reading: accelerometer m/s², gyroscope rad/s, magnetometer µT, barometer hPa.
    public var accelerationNoise = 0.2, rotationNoise = 0.01, fieldNoise = 0.5, pressureNoise = 0.03
    /// The gyroscope's bias, 1σ per axis, rad/s (constant over a walk).
    public var rotationBias = 0.003
    /// The walker's step length, metres, and its spread between walkers (1σ, fraction).
    public var stepLength = 0.7, stepLengthVariation = 0.08
    /// Steps a second on stairs.
    public var stairCadence = 1.6
    /// Magnetic disturbances (steel, machines): one every so many metres of walk, each a field of 5–30 µT
    /// fading over 2–6 m.
    public var disturbanceSpacing = 25.0
    /// The weather's drift of pressure, 1σ, hPa an hour (a front moves it by a few).
    public var weatherDrift = 1.5
    /// The height between floors, metres.
    public var floorHeight = 4.0
    /// Outdoors, a satellite fix a second whose error is about the accuracy it reports, drawn in this range (m).
    public var satelliteAccuracy = 3.0...8.0

    /// The defaults: 50 Hz motion sensors, a 10 Hz barometer, a disturbance every 25 m, 1.5 hPa an hour of
    /// weather, floors 4 m apart.
    public init() {}
}

/// One second of a simulated walk, as the phone's log records its truth.
public struct PhoneTruth: Hashable, Sendable {
    /// Seconds from the walk's start.
    public var time: Double
    /// Metres east and north in the venue's plane.
    public var point: Coordinate
    /// The level's ordinal, and the height in floors (fractional on a ride between two).
    public var level: Double, elevation: Double
    /// The heading walked, degrees clockwise from north.
    public var bearing: Double
    /// Whether the walker takes steps then.
    public var stepping: Bool
    /// Whether the walker is outdoors (where satellites are heard).
    public var outdoors: Bool

    /// A second of truth.
    public init(time: Double, point: Coordinate, level: Double, elevation: Double, bearing: Double, stepping: Bool, outdoors: Bool = false) {
        self.time = time
        self.point = point
        self.level = level
        self.elevation = elevation
        self.bearing = bearing
        self.stepping = stepping
        self.outdoors = outdoors
    }
}

/// What a phone held flat in the hand, its top pointing where the walker goes (tilted by a few degrees), records
/// of a walk, as a GetSensorData log (`ACCE`, `GYRO`, `MAGN`, `PRES`, `GNSS` outdoors, and a `POSI` truth line a
/// second): steps as
/// the vertical bounce of the gait (Weinberg's relation between the bounce and the step's length), turns on the
/// gyroscope (with a bias), the Earth's field of the World Magnetic Model with disturbance zones along the way, and
/// pressure with the height and the weather's drift. Seeded: the same walk and seed give the same bytes.
public struct SimulatedPhone: Sendable {
    /// The sensors and the gait.
    public let configuration: PhoneConfiguration
    /// The plane the truth's points are on, for the `POSI` lines.
    public let plane: TangentPlane
    /// The Earth's field there, µT, east, north and up.
    private let field: (east: Double, north: Double, up: Double)
    private let seed: UInt64

    /// A phone walked in `plane` on `date` (the World Magnetic Model's field there then), drawn from `seed`.
    public init(configuration: PhoneConfiguration = PhoneConfiguration(), plane: TangentPlane, date: Date, seed: UInt64) {
        self.configuration = configuration
        self.plane = plane
        let year = PedestrianDeadReckoning.year(unixTime: date.timeIntervalSince1970)
        let f = WorldMagneticModel.wmm2025?.field(latitude: plane.origin.latitude, longitude: plane.origin.longitude, year: year)
        field = f.map { ($0.east / 1000, $0.north / 1000, -$0.down / 1000) } ?? (0, 20, -40)
        self.seed = seed
    }

    /// The log of a walk given a truth a second, in time order.
    /// - Complexity: O(seconds · rate).
    public func log(of truths: [PhoneTruth]) -> String {
        guard let first = truths.first, let last = truths.last else { return "" }
        let c = configuration
        var random = SeededGenerator(seed: seed)
        let stepLength = c.stepLength * max(0.6, 1 + c.stepLengthVariation * random.gaussian())
        // Weinberg: length = K · bounce^¼, K = 0.47 for this walker give or take.
        let k = 0.47 * max(0.8, 1 + 0.05 * random.gaussian())
        let bounce = pow(stepLength / k, 4)
        let pitch = (5 + 20 * random.uniform()) * .pi / 180
        let bias = Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * c.rotationBias
        let drift = c.weatherDrift * random.gaussian() / 3600
        let seaLevel = 1013.25 + 10 * (random.uniform() - 0.5)
        let ground = 30 + 100 * random.uniform()
        // Disturbances along the walk.
        var zones: [(at: Coordinate, level: Double, radius: Double, field: Vector3)] = []
        var walked = 0.0
        for (a, b) in zip(truths, truths.dropFirst()) {
            walked += a.point.distance(to: b.point)
            if walked >= c.disturbanceSpacing {
                walked = 0
                let strength = 5 + 25 * random.uniform()
                let direction = Vector3(random.gaussian(), random.gaussian(), random.gaussian()).normalized ?? Vector3(1, 0, 0)
                let offset = Coordinate(x: b.point.x + 3 * random.gaussian(), y: b.point.y + 3 * random.gaussian())
                zones.append((offset, b.level, 2 + 4 * random.uniform(), direction * strength))
            }
        }

        var header = "% GetSensorData log of a simulated walk (IndoorNav): phone flat in hand, \(String(format: "%.2f", stepLength)) m steps\n"
        header += "% ACCE;AppTimestamp(s);SensorTimestamp(s);Acc_X(m/s^2);Acc_Y(m/s^2);Acc_Z(m/s^2);Accuracy(integer)\n"
        header += "% GYRO;AppTimestamp(s);SensorTimestamp(s);Gyr_X(rad/s);Gyr_Y(rad/s);Gyr_Z(rad/s);Accuracy(integer)\n"
        header += "% MAGN;AppTimestamp(s);SensorTimestamp(s);Mag_X(uT);Mag_Y(uT);Mag_Z(uT);Accuracy(integer)\n"
        header += "% PRES;AppTimestamp(s);SensorTimestamp(s);Pres(mbar);Accuracy(integer)\n"
        header += "% GNSS;AppTimestamp(s);SensorTimeStamp(s);Latit(deg);Long(deg);Altitude(m);Bearing(deg);Accuracy(m);Speed(m/s);SatInView;SatInUse\n"
        header += "% POSI;Timestamp(s);Counter;Latitude(degrees);Longitude(degrees);floor ID (the level's ordinal);Building ID\n"
        var out = Array(header.utf8)
        out.reserveCapacity(Int((last.time - first.time) * c.rate * 130))
        /// A line: its type, the time twice (the app's and the sensor's), the values, then an accuracy of 3.
        func line(_ type: String, _ t: Double, _ values: [Double], decimals: Int) {
            out.append(contentsOf: type.utf8)
            for time in [t, t] {
                out.append(UInt8(ascii: ";"))
                DecimalNumber.write(time, decimals: 3, to: &out)
            }
            for v in values {
                out.append(UInt8(ascii: ";"))
                DecimalNumber.write(v, decimals: decimals, to: &out)
            }
            out.append(contentsOf: ";3\n".utf8)
        }
        let dt = 1 / c.rate
        var yaw = first.bearing * .pi / 180
        var phase = 0.0
        var previous = first.point
        var nextPressure = first.time
        var counter = 0
        var k0 = 0
        for i in 0...Int(((last.time - first.time) * c.rate).rounded(.down)) {
            let t = first.time + Double(i) * dt
            // The truth at t: between the seconds about it.
            while k0 + 1 < truths.count, truths[k0 + 1].time <= t { k0 += 1 }
            let a = truths[k0], b = truths[min(k0 + 1, truths.count - 1)]
            let f = b.time > a.time ? (t - a.time) / (b.time - a.time) : 0
            let point = Coordinate(x: a.point.x + (b.point.x - a.point.x) * f, y: a.point.y + (b.point.y - a.point.y) * f)
            let elevation = a.elevation + (b.elevation - a.elevation) * f
            if abs(t - a.time) < dt / 2 {
                counter += 1
                let g = plane.unproject(a.point)
                out.append(contentsOf: String(format: "POSI;%.3f;%d;%.8f;%.8f;%d;0\n", a.time, counter, g.latitude, g.longitude, Int(a.level.rounded())).utf8)
                if a.outdoors {
                    let sigma = c.satelliteAccuracy.lowerBound + (c.satelliteAccuracy.upperBound - c.satelliteAccuracy.lowerBound) * random.uniform()
                    let fix = plane.unproject(Coordinate(x: a.point.x + sigma * random.gaussian(), y: a.point.y + sigma * random.gaussian()))
                    out.append(contentsOf: String(format: "GNSS;%.3f;%.3f;%.8f;%.8f;%.1f;%.1f;%.1f;%.2f;12;8\n", a.time, a.time, fix.latitude, fix.longitude,
                                                  ground + a.elevation * c.floorHeight, a.bearing, sigma, 1.3).utf8)
                }
            }
            // The phone turns with the walk: toward the bearing between the seconds about t, 170°/s at most.
            let target = (a.bearing + Self.wrap(b.bearing - a.bearing) * f) * .pi / 180
            let rate = max(-3, min(3, Self.wrap(target * 180 / .pi - yaw * 180 / .pi) * .pi / 180 / dt))
            yaw += rate * dt
            // The gait: the phase runs with the distance walked, or the stairs' cadence.
            let moved = point.distance(to: previous)
            previous = point
            if a.stepping {
                phase += moved > 0.002 ? moved / stepLength : (abs(b.elevation - a.elevation) > 0 ? c.stairCadence * dt : 0)
            }
            let vertical = a.stepping && moved + abs(b.elevation - a.elevation) > 0 ? bounce / 2 * cos(2 * .pi * phase) : 0
            let forward = a.stepping && moved > 0 ? 0.8 * sin(2 * .pi * phase) : 0
            // The phone's axes in east-north-up: x right, y its top (pitched up), z out of the screen.
            let sy = sin(yaw), cy = cos(yaw), sp = sin(pitch), cp = cos(pitch)
            let xAxis = Vector3(cy, -sy, 0)
            let yAxis = Vector3(sy * cp, cy * cp, sp)
            let zAxis = Vector3(-sy * sp, -cy * sp, cp)
            func device(_ v: Vector3) -> Vector3 { Vector3(v.dot(xAxis), v.dot(yAxis), v.dot(zAxis)) }
            func noisy(_ v: Vector3, _ sigma: Double) -> Vector3 {
                v + Vector3(random.gaussian(), random.gaussian(), random.gaussian()) * sigma
            }
            let specific = Vector3(sy * forward, cy * forward, 9.80665 + vertical)
            let acce = noisy(device(specific), c.accelerationNoise)
            let gyro = noisy(device(Vector3(0, 0, -rate)) + bias, c.rotationNoise)
            var earth = Vector3(field.east, field.north, field.up)
            for z in zones where abs(z.level - a.level) < 0.5 {
                let d2 = z.at.distanceSquared(to: point)
                earth = earth + z.field * exp(-d2 / (2 * z.radius * z.radius))
            }
            let magn = noisy(device(earth), c.fieldNoise)
            line("ACCE", t, [acce.x, acce.y, acce.z], decimals: 4)
            line("GYRO", t, [gyro.x, gyro.y, gyro.z], decimals: 5)
            line("MAGN", t, [magn.x, magn.y, magn.z], decimals: 3)
            if t >= nextPressure - 1e-9 {
                nextPressure += 1 / c.pressureRate
                let height = ground + elevation * c.floorHeight
                let p0 = seaLevel + drift * (t - first.time)
                let p = p0 * pow(1 - height / 44_330.8, 1 / 0.190263) + c.pressureNoise * random.gaussian()
                line("PRES", t, [p], decimals: 4)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// An angle in degrees, brought into −180…180.
    static func wrap(_ degrees: Double) -> Double {
        let d = (degrees + 180).truncatingRemainder(dividingBy: 360)
        return d < 0 ? d + 180 : d - 180
    }
}
