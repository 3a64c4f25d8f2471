import Foundation

/// A floor change the barometer saw: the walker went up (or down) one floor.
public struct FloorChange: Hashable, Sendable {
    /// When the climb passed half a floor, seconds on the log's clock.
    public let time: Double
    /// +1 up a floor, −1 down one.
    public let floors: Int
    /// The ride's mean rate of climb from its start to this change, m/s (positive up): a lift moves a floor in a
    /// few seconds, stairs and escalators take ten or more.
    public var rate = 0.0
}

/// Floor changes from a phone's barometer, told apart from the weather. Pressure is turned into height (the
/// standard atmosphere: about 8.3 m an hPa near sea level) and smoothed. Its rate of change tells a ride (stairs,
/// a ramp, an escalator, a lift: a tenth of a metre a second and more) from the weather (a front moves the height
/// by a few metres an hour, a hundredth of that rate). A reference height follows the height while it does not
/// ride, so the weather and the floor's own unevenness never add up; during a ride it stays, and each time the
/// height passes ``trigger`` of a ``floorHeight`` above (below) it, a floor up (down) is reported and the
/// reference moves a floor. After the ride the reference follows the height again, so floors of other heights
/// than ``floorHeight`` do not add up into an error.
public struct Altimeter: Sendable {
    /// The height between two floors of the venue, metres.
    public var floorHeight: Double
    /// The fraction of a floor the height must pass to change floors: more than a half, so that the height just
    /// past it is well inside the next floor's half and noise cannot change back.
    public var trigger = 0.6
    /// The smoothing of the height, seconds (a phone barometer's noise is a few tens of centimetres a reading).
    public var smoothing = 0.6
    /// How long the reference takes to follow the height between rides, seconds.
    public var following = 30.0
    /// The rate of climb that is a ride and not the weather, m/s.
    public var ridingRate = 0.07
    /// How far off the reference floor's height the walker must be, riding, to be between floors, metres.
    public var band = 0.8

    private var last: Double?
    private var height: Double?
    private var fast: Double?
    private var slow: Double?
    private var reference: Double?
    /// When the ride going on began, and the height then.
    private var rideStart: (time: Double, height: Double)?

    /// An altimeter for a venue whose floors are `floorHeight` metres apart.
    public init(floorHeight: Double = 4) {
        self.floorHeight = floorHeight
    }

    /// The height above the reference floor's, metres: positive while climbing, about 0 on a floor.
    public var climb: Double {
        guard let height, let reference else { return 0 }
        return height - reference
    }

    /// The rate of climb, m/s (positive up), over the last few seconds.
    public var rate: Double {
        guard let fast, let slow else { return 0 }
        // Two exponential means of a steady climb lag it by their time constants: 1 s and 4 s.
        return (fast - slow) / 3
    }

    /// Whether the height moves faster than the weather could move it (on stairs, a ramp, in a lift).
    public var isRiding: Bool { abs(rate) > ridingRate }

    /// Whether the walker is riding between floors, more than ``band`` off the reference floor's height (steps
    /// taken then climb stairs more than they cross the floor).
    public var isBetweenFloors: Bool { isRiding && abs(climb) > band }

    /// The height of `hPa` in the standard atmosphere, metres.
    public static func height(pressure hPa: Double) -> Double {
        44_330.8 * (1 - pow(hPa / 1013.25, 0.190263))
    }

    /// Takes a pressure reading (hPa); returns the floor change it completes, if any.
    /// - Complexity: O(1).
    public mutating func add(time: Double, pressure hPa: Double) -> FloorChange? {
        guard hPa.isFinite, hPa > 100, hPa < 1200 else { return nil }
        let h = Self.height(pressure: hPa)
        let dt = last.map { max(0, min(time - $0, 2)) } ?? 0
        last = time
        func follow(_ value: Double?, _ x: Double, _ tau: Double) -> Double {
            guard let value else { return x }
            return value + (x - value) * dt / (dt + tau)
        }
        let s = follow(height, h, smoothing)
        height = s
        fast = follow(fast, s, 1)
        slow = follow(slow, s, 4)
        guard var ref = reference else {
            reference = s
            return nil
        }
        defer { reference = ref }
        if !isRiding {
            rideStart = nil
        } else if rideStart == nil {
            rideStart = (time, s)
        }
        let off = s - ref
        if abs(off) >= trigger * floorHeight {
            let floors = off > 0 ? 1 : -1
            ref += Double(floors) * floorHeight
            var change = FloorChange(time: time, floors: floors)
            if let start = rideStart, time > start.time { change.rate = (s - start.height) / (time - start.time) }
            return change
        }
        if !isRiding { ref += off * dt / (dt + following) }
        return nil
    }
}
