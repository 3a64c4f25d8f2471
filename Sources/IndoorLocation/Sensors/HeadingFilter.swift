import Foundation

/// The direction a walker carrying a phone faces, from its gyroscope and magnetometer, whatever the phone's tilt.
///
/// Gravity, in the phone's frame, is the accelerometer smoothed; the phone's turn about it is the gyroscope's rate
/// projected on it, integrated. The magnetometer, tilt-compensated against that gravity (east = field × up,
/// north = up × east), gives an absolute heading that pulls the integrated one towards it with a time constant of
/// ``magneticTimeConstant`` (a complementary filter): the gyroscope follows turns, the magnetometer undoes its drift.
/// A disturbed field (steel, motors, a lift's machinery) is ignored: one whose strength is more than
/// ``disturbanceTolerance`` off the expected one, or whose dip below the horizontal is more than
/// ``dipTolerance`` off the expected inclination, or whose heading does not keep step with the gyroscope's (the
/// field turning while the phone does not: a walker passing a disturbance; a field at rest relative to the turns
/// for ``steadiness`` seconds is trusted again).
///
/// The direction faced is that of the phone's top edge tilted towards its back, `(0, 1, −1)` in the phone's frame:
/// the top edge for a phone held flat, the back for one held upright, both for one in between.
public struct HeadingFilter: Sendable {
    /// How long the magnetometer takes to pull the heading most of the way to its own, seconds.
    public var magneticTimeConstant = 8.0
    /// The magnetic declination at the walk, degrees east of true north (WMM): added to magnetic headings.
    public var declination: Double
    /// The expected field strength at the walk, µT (WMM); `nil` accepts 20–70 µT.
    public var expectedField: Double?
    /// How far a field's strength may be from the expected one and still be trusted, as a fraction of it.
    public var disturbanceTolerance = 0.2
    /// The expected inclination (dip) of the field at the walk, degrees below the horizontal (WMM); `nil` does
    /// not check it.
    public var expectedInclination: Double?
    /// How far the field's dip may be from the expected inclination, degrees.
    public var dipTolerance = 10.0
    /// How long the magnetic heading must keep step with the gyroscope's before it is trusted, seconds.
    public var steadiness = 1.0
    /// How far the magnetic heading may stray from the gyroscope's turns and still keep step, degrees.
    public var stepTolerance = 2.0

    private var gravity: Vector3?
    private var lastAcceleration: Double?
    private var lastRotation: Double?
    private var lastMagnetic: Double?
    /// The magnetic heading less the integrated one, smoothed fast and slow: apart while the field turns on its own.
    private var offsetFast: Double?
    private var offsetSlow: Double?
    private var steadySince: Double?
    /// The heading, radians clockwise from true north; `nil` until the first trusted magnetic reading.
    public private(set) var heading: Double?
    /// Magnetic readings ignored as disturbed so far.
    public private(set) var disturbed = 0
    /// When a trusted magnetic reading last pulled the heading, seconds on the log's clock; `nil` before the first.
    public private(set) var anchoredAt: Double?

    static let forward = Vector3(0, 1, -1)

    /// A filter at `declination` degrees, expecting a field of `expectedField` µT dipping `expectedInclination`
    /// degrees.
    public init(declination: Double = 0, expectedField: Double? = nil, expectedInclination: Double? = nil) {
        self.declination = declination
        self.expectedField = expectedField
        self.expectedInclination = expectedInclination
    }

    /// Starts the heading at `radians` (clockwise from true north) before any magnetic reading: a heading the user
    /// gives. The magnetometer still pulls it, slowly.
    public mutating func start(heading radians: Double) {
        heading = Self.wrap(radians)
    }

    /// Takes an accelerometer reading (m/s²): gravity, smoothed over about half a second.
    public mutating func add(time: Double, acceleration a: Vector3) {
        let dt = lastAcceleration.map { max(0, min(time - $0, 0.5)) } ?? 0
        lastAcceleration = time
        guard let g = gravity else { gravity = a; return }
        let alpha = dt / (dt + 0.5)
        gravity = g + (a - g) * alpha
    }

    /// Takes a gyroscope reading (rad/s): the turn about gravity since the last one.
    public mutating func add(time: Double, rotationRate w: Vector3) {
        let dt = lastRotation.map { max(0, min(time - $0, 0.5)) } ?? 0
        lastRotation = time
        guard let up = gravity?.normalized, let h = heading else { return }
        // Counter-clockwise about up turns the heading (clockwise from north) back.
        heading = Self.wrap(h - w.dot(up) * dt)
    }

    /// Takes a magnetometer reading (µT): pulls the heading towards the magnetic one, unless disturbed.
    public mutating func add(time: Double, magneticField m: Vector3) {
        let dt = lastMagnetic.map { max(0, min(time - $0, 1)) } ?? 0
        lastMagnetic = time
        guard let up = gravity?.normalized, let measured = Self.magneticHeading(m, up: up) else { return }
        let strength = m.length
        var trusted = expectedField.map { abs(strength - $0) <= disturbanceTolerance * $0 } ?? (20...70).contains(strength)
        if let expected = expectedInclination, strength > 0 {
            let dip = asin(max(-1, min(1, -m.dot(up) / strength))) * 180 / .pi
            trusted = trusted && abs(dip - expected) <= dipTolerance
        }
        let truth = Self.wrap(measured + declination * .pi / 180)
        guard let h = heading else {
            if trusted {
                heading = truth
                anchoredAt = time
            }
            return
        }
        // Does the field keep step with the turns? The offset between the two headings, fast and slow.
        let offset = Self.wrap(truth - h)
        let fast = offsetFast.map { Self.wrap($0 + Self.wrap(offset - $0) * dt / (dt + 0.3)) } ?? offset
        let slow = offsetSlow.map { Self.wrap($0 + Self.wrap(offset - $0) * dt / (dt + 2)) } ?? offset
        offsetFast = fast
        offsetSlow = slow
        if abs(Self.wrap(fast - slow)) * 180 / .pi > stepTolerance || !trusted {
            steadySince = nil
        } else if steadySince == nil {
            steadySince = time
        }
        guard trusted, let since = steadySince, time - since >= steadiness else { disturbed += 1; return }
        let k = min(1, dt / magneticTimeConstant)
        heading = Self.wrap(h + k * offset)
        anchoredAt = time
    }

    /// The magnetic heading of the direction faced, radians clockwise from magnetic north; `nil` when the field is
    /// parallel to gravity or the direction faced is vertical.
    static func magneticHeading(_ m: Vector3, up: Vector3) -> Double? {
        guard let east = m.cross(up).normalized, let north = up.cross(east).normalized else { return nil }
        let e = forward.dot(east), n = forward.dot(north)
        guard e * e + n * n > 1e-6 else { return nil }
        return atan2(e, n)
    }

    /// An angle in (−π, π].
    static func wrap(_ a: Double) -> Double {
        var x = a.truncatingRemainder(dividingBy: 2 * .pi)
        if x > .pi { x -= 2 * .pi } else if x <= -.pi { x += 2 * .pi }
        return x
    }
}
